"""Exploding Kittens bots: the heuristic's priorities on constructed positions, the search bot's
contract, and strength (the long strength runs are behind the `soak` marker).

Positions come from helpers_ek.position: pile top first; every card not placed lies in the
discard pile, so the kittens a seat can't see are exactly the ones placed in the pile.
"""

from __future__ import annotations

import random

import pytest

from cutthroat.bots import RandomBot, make_bot
from cutthroat.bots.search import SearchBot
from cutthroat.games.exploding_kittens.bots import (
    BOTS,
    HardBot,
    HeuristicBot,
    heuristic_rollout,
)
from cutthroat.games.exploding_kittens.cards import DEFUSE, EXPLODING
from cutthroat.games.exploding_kittens.recipes import RECIPES, RECIPE_IDS
from cutthroat.games.exploding_kittens.rules import (
    DRAW,
    GC,
    REINSERT,
    REORDER,
    RULES,
    TAKE,
    WINDOW,
    ChooseTarget,
    NameCard,
    Pass,
    Play,
    PlayCombo,
    PlayNope,
    Reinsert,
)
from helpers_ek import C, act, all_pass, cards, position


def choose(bot, state, seat=None):
    if seat is None:
        seat = RULES.to_act(state)[0]
    return bot.choose(RULES.view(state, seat), RULES.legal_actions(state, seat))


def heuristic(state, seat=None):
    return choose(HeuristicBot(), state, seat)


def peeked(state, seat, depths):
    """`seat` has seen the pile at these depths (as after See the Future)."""
    size = len(state.pile)
    for d in depths:
        state.seen[seat][size - 1 - d] = state.pile[size - 1 - d]
    return state


SAFE = "BEARD BEARD BEARD BEARD RAINBOW RAINBOW RAINBOW RAINBOW ZOMBIE ZOMBIE ZOMBIE ZOMBIE " \
       "MARK MARK MARK MARK SEE5 SEE5 SEE5"  # 19 harmless cards


def test_bot_levels_and_registry():
    assert set(BOTS) == {"heuristic", "hard"}
    assert isinstance(make_bot(RULES, "heuristic"), HeuristicBot)
    hard = make_bot(RULES, "hard", think_ms=20)
    assert isinstance(hard, HardBot) and isinstance(hard, SearchBot)
    assert isinstance(make_bot(RULES, "random"), RandomBot)


# --- the heuristic's priorities ---------------------------------------------------------------
def test_heuristic_counts_kittens_left_against_the_pile():
    # One kitten among two cards: too likely, Skip. One among twenty: draw and keep the Skip.
    risky = position(3, hands={0: "SKIP", 1: "TACO", 2: "TACO"}, pile="TACO EXP")
    assert heuristic(risky) == Play(C("SKIP"))
    calm = position(3, hands={0: "SKIP", 1: "TACO", 2: "TACO"}, pile="EXP " + SAFE)
    assert heuristic(calm) == DRAW


def test_heuristic_risks_more_with_a_defuse_in_hand():
    # One kitten in four: a quarter chance of losing the game is too much, of a Defuse not.
    pile = "TACO EXP TACO TACO"
    assert heuristic(position(3, hands={0: "SKIP"}, pile=pile)) == Play(C("SKIP"))
    assert heuristic(position(3, hands={0: "SKIP DEF"}, pile=pile)) == DRAW


def test_heuristic_escapes_a_known_kitten_on_top():
    s = peeked(position(3, hands={0: "DEF SKIP SEE3"}, pile="EXP " + SAFE), 0, [0])
    assert heuristic(s) == Play(C("SKIP"))
    s = peeked(position(3, hands={0: "DEF BURY"}, pile="EXP " + SAFE), 0, [0])
    assert heuristic(s) == Play(C("BURY"))  # Bury draws it safely and puts it back
    # A face-up Imploding Kitten on top can't be defused: any way out.
    s = position(3, hands={0: "DEF REVERSE"}, pile="IMP " + SAFE, up=[0])
    assert heuristic(s) == Play(C("REVERSE"))


def test_heuristic_does_not_waste_an_escape_on_a_known_safe_top():
    s = peeked(position(3, hands={0: "SKIP ATTACK"}, pile="TACO EXP EXP"), 0, [0])
    assert heuristic(s) == DRAW


def test_heuristic_looks_ahead_before_risking_a_draw():
    s = position(3, hands={0: "SEE3 SKIP"}, pile="TACO EXP TACO TACO TACO")
    assert heuristic(s) == Play(C("SEE3"))


def test_heuristic_suspects_the_kitten_the_player_before_it_defused():
    # Seat 2 drew a kitten, defused and put it back; now seat 0 is to move.
    s = position(3, hands={0: "SKIP", 2: "DEF"}, pile="EXP " + SAFE + " EXP EXP", turn=2)
    act(s, DRAW)
    act(s, Reinsert(0))
    assert s.turn == 0 and s.discard[-1] is DEFUSE
    assert heuristic(s) == Play(C("SKIP"))


def test_heuristic_places_a_defused_kitten_for_the_next_player():
    s = position(3, hands={0: "DEF"}, pile="EXP TACO TACO TACO")
    act(s, DRAW)
    assert s.stack[-1].kind == REINSERT
    assert heuristic(s) == Reinsert(0)  # the next player draws it
    # Still owing a turn: the next player's draw is one card lower.
    s = position(3, hands={0: "DEF"}, pile="EXP TACO TACO TACO", owed=2, attacked=True)
    act(s, DRAW)
    assert heuristic(s) == Reinsert(1)


def test_heuristic_reorders_the_future_so_its_own_draw_is_safe():
    s = position(3, hands={0: "ALTER"}, pile="EXP TACO BEARD ZOMBIE")
    act(s, Play(C("ALTER")))
    all_pass(s)
    assert s.stack[-1].kind == REORDER
    act(s, heuristic(s))
    assert s.pile[-1] is not EXPLODING and s.pile[-2] is EXPLODING  # next player's draw


def test_heuristic_nopes_an_attack_on_it_and_lets_others_be():
    s = position(3, hands={1: "ATTACK", 2: "NOPE DEF", 0: "NOPE"}, pile="TACO EXP TACO EXP",
                 turn=1)
    act(s, Play(C("ATTACK")))
    assert s.stack[-1].kind == WINDOW
    assert heuristic(s, 2) == PlayNope(2)  # seat 2 is next: the attack is on it
    assert heuristic(s, 0) == Pass(0)  # not seat 0's business
    assert heuristic(s, 1) == Pass(1)


def test_heuristic_nopes_a_three_of_a_kind_naming_its_defuse():
    s = position(3, hands={1: "TACO TACO TACO", 0: "DEF NOPE SKIP"}, pile="TACO EXP", turn=1)
    act(s, PlayCombo(cards("TACO TACO TACO")))
    act(s, ChooseTarget(0))
    act(s, NameCard(DEFUSE))
    assert heuristic(s, 0) == PlayNope(0)


def test_heuristic_nopes_back_a_nope_on_its_own_escape():
    s = peeked(position(3, hands={0: "SKIP NOPE DEF", 1: "NOPE"}, pile="EXP " + SAFE), 0, [0])
    act(s, Play(C("SKIP")))
    act(s, PlayNope(1), 1)
    assert heuristic(s, 0) == PlayNope(0)


def test_heuristic_keeps_its_defuse_for_garbage_collection():
    s = position(3, hands={0: "GARBAGE DEF TACO", 1: "DEF ATTACK NOPE", 2: "DEF BEARD"},
                 pile="EXP SKIP")
    act(s, Play(C("GARBAGE")))
    all_pass(s)
    assert s.stack[-1].kind == GC
    picks = {q: heuristic(s, q).card.code for q in RULES.to_act(s)}
    assert picks == {0: "TACO", 1: "NOPE", 2: "BEARD"}


def test_heuristic_takes_a_defuse_back_with_five_different():
    s = position(3, hands={0: "TACO BEARD RAINBOW SKIP FERAL"}, pile="EXP TACO",
                 discard="DEF SKIP")
    act(s, PlayCombo(cards("TACO BEARD RAINBOW SKIP FERAL")))
    all_pass(s)
    assert s.stack[-1].kind == TAKE
    assert heuristic(s).card is DEFUSE


def test_heuristic_steals_with_a_cat_pair_and_names_a_marked_defuse():
    s = peeked(position(3, hands={0: "TACO FERAL", 1: "SKIP NOPE", 2: "MARK"},
                        pile="TACO EXP"), 0, [0])
    assert heuristic(s) == PlayCombo(cards("TACO FERAL"))
    s = position(3, hands={0: "BEARD BEARD BEARD", 1: "DEF SKIP SKIP", 2: "NOPE"},
                 marked={1: "DEF"}, pile="TACO EXP")
    assert heuristic(s) == PlayCombo(cards("BEARD BEARD BEARD"))
    act(s, PlayCombo(cards("BEARD BEARD BEARD")))
    assert heuristic(s) == ChooseTarget(1)
    act(s, ChooseTarget(1))
    assert heuristic(s) == NameCard(DEFUSE)


def test_heuristic_sends_a_targeted_attack_to_the_weakest_hand():
    s = peeked(position(4, hands={0: "TARGETED", 1: "SKIP NOPE DEF SKIP", 2: "TACO",
                                  3: "DEF ATTACK"}, pile="EXP " + SAFE), 0, [0])
    assert heuristic(s) == Play(C("TARGETED"))
    act(s, Play(C("TARGETED")))
    assert heuristic(s) == ChooseTarget(2)


@pytest.mark.parametrize("rid", [r for r in RECIPE_IDS if r != "custom"])
def test_heuristic_and_rollout_policy_finish_legal_games_in_every_recipe(rid):
    recipe = RECIPES[rid]
    for p in {recipe.min_players, recipe.max_players}:
        state = RULES.new_game({"recipe": rid}, 7, p)
        bots = [HeuristicBot() for _ in range(p)]
        while RULES.to_act(state):
            q = RULES.to_act(state)[0]
            RULES.apply(state, choose(bots[q], state, q), q)  # checked: legal or it raises
        assert RULES.result(state).winners
        state = RULES.new_game({"recipe": rid}, 8, p)
        rng = random.Random(0)
        while RULES.to_act(state):
            q = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, q)
            action = heuristic_rollout(RULES, state, q, legal, rng)
            assert action in legal
            RULES.apply_unchecked(state, action, q)
        assert RULES.result(state).winners


# --- the search bot ---------------------------------------------------------------------------
def _decision(seed=4, n=4):
    state = RULES.new_game({}, seed, n)
    p = state.turn
    return state, RULES.view(state, p), RULES.legal_actions(state, p)


def test_search_bot_returns_a_legal_action_and_is_deterministic():
    state, view, legal = _decision()
    first = HardBot(RULES, seed=3, iterations=40).choose(view, legal)
    assert first in legal
    assert HardBot(RULES, seed=3, iterations=40).choose(view, legal) == first
    plain = SearchBot(RULES, seed=3, iterations=30, rollout=heuristic_rollout)
    again = SearchBot(RULES, seed=3, iterations=30, rollout=heuristic_rollout)
    assert plain.choose(view, legal) == again.choose(view, legal) and plain.choose(view, legal) in legal


def test_search_bot_does_not_change_the_state():
    # A window in which seat 2 may Nope an attack on it: searched, not skipped.
    s = position(3, hands={1: "ATTACK", 2: "NOPE DEF", 0: "NOPE"}, pile="TACO EXP TACO EXP " + SAFE,
                 turn=1)
    act(s, Play(C("ATTACK")))
    before = s.copy()
    bot = HardBot(RULES, seed=1, iterations=30)
    assert choose(bot, s, 2) in (Pass(2), PlayNope(2))
    assert bot.last_stats and s == before


def test_search_bot_takes_an_obvious_win():
    # Two players, seat 0 knows an Exploding Kitten is on top and seat 1 has nothing: Skip wins,
    # drawing loses. Every playout says so.
    s = peeked(position(2, hands={0: "SKIP MARK"}, pile="EXP TACO BEARD"), 0, [0])
    bot = SearchBot(RULES, seed=0, iterations=40, rollout=heuristic_rollout)
    assert choose(bot, s) == Play(C("SKIP"))
    stats = {a: mean for a, _, mean in bot.last_stats}
    assert stats[Play(C("SKIP"))] == 1.0 and stats[DRAW] == 0.0
    assert choose(HardBot(RULES, seed=0, iterations=40), s) == Play(C("SKIP"))


def test_search_bot_plays_on_determinizations_of_its_own_view_only():
    state, view, legal = _decision(seed=9)
    p = view.seat
    seen = []

    class Spy:
        def __getattr__(self, name):
            return getattr(RULES, name)

        def determinize(self, v, rng):
            seen.append(v)
            return RULES.determinize(v, rng)

    SearchBot(Spy(), seed=0, iterations=10, rollout=heuristic_rollout).choose(view, legal)
    assert seen and all(v.seat == p and v.hand == tuple(state.hands[p]) for v in seen)


def test_hard_bot_finishes_a_game_with_legal_moves():
    state = RULES.new_game({}, 11, 3)
    bots = [HardBot(RULES, seed=1, iterations=8), HeuristicBot(), RandomBot(RULES, 2)]
    while RULES.to_act(state):
        q = RULES.to_act(state)[0]
        RULES.apply(state, choose(bots[q], state, q), q)
    assert RULES.result(state).winners


# --- strength (long: `make soak`) ---------------------------------------------------------------
def _simulate(levels, games, **hard):
    """Like `cutthroat simulate`: seeds 0..games-1, the first seat rotating. Wins per level."""
    n = len(levels)
    wins = dict.fromkeys(levels, 0.0)
    for g in range(games):
        order = [levels[(i + g) % n] for i in range(n)]
        bots = []
        for i, level in enumerate(order):
            seed = g * 97 + i
            if level == "hard":
                bots.append(HardBot(RULES, seed=seed, **hard))
            elif level == "heuristic":
                bots.append(HeuristicBot(RULES, seed))
            else:
                bots.append(RandomBot(RULES, seed))
        state = RULES.new_game({}, g, n)
        while RULES.to_act(state):
            q = RULES.to_act(state)[0]
            RULES.apply(state, choose(bots[q], state, q), q)
        for w in state.winners:
            wins[order[w]] += 1 / len(state.winners)
    return wins


@pytest.mark.soak
def test_heuristic_beats_its_fair_share_against_random():
    wins = _simulate(["heuristic", "random", "random", "random"], 2000)
    assert wins["heuristic"] / 2000 > 0.5  # fair share 0.25; `cutthroat simulate` measured 0.765


@pytest.mark.soak
def test_hard_beats_its_fair_share_against_heuristic():
    wins = _simulate(["hard", "heuristic", "heuristic", "heuristic"], 800, think_ms=30)
    # Fair share 0.25; `cutthroat simulate --think 30` measured 0.300 over 2,000 games (±0.010).
    assert wins["hard"] / 800 > 0.265
