"""Stab Your Friends bots: the heuristic's priorities, the search bot's contract, every level
through `simulate`, and strength and the 10,000-game simulate runs (behind the `soak` marker)."""

from __future__ import annotations

import json

import pytest

from cutthroat.bots import make_bot
from cutthroat.bots.search import SearchBot
from cutthroat.cli import main
from cutthroat.games.stab_your_friends.actions import KEEP, Move, Place, Target
from cutthroat.games.stab_your_friends.bots import HeuristicBot
from cutthroat.games.stab_your_friends.cards import BOW, DAGGER, GOBBLIN_HANDS, LOVE_POTION, SHIELD
from cutthroat.games.stab_your_friends.rules import RULES
from cutthroat.games.stab_your_friends.state import Front


def placing(hand, lives=(5, 5, 5, 5), seat: int = 0):
    """A 4-seat state in the play phase: `seat` to place from `hand`."""
    state = RULES.new_game({"first-royal": str(seat + 1)}, 1, len(lives))
    while state.phase != "play":
        RULES.apply(state, RULES.legal_actions(state, state.turn)[0], state.turn)
    others = [c for q in range(state.n) for c in state.hands[q]]
    state.deck += others
    for q in range(state.n):
        state.hands[q] = []
    for card in hand:
        state.deck.remove(card)
    state.hands[seat] = list(hand)
    state.lives = list(lives)
    state.validate()
    return state


def choose(bot, state):
    p = state.turn
    return bot.choose(RULES.view(state, p), RULES.legal_actions(state, p))


def test_make_bot_levels():
    assert isinstance(make_bot(RULES, "heuristic"), HeuristicBot)
    assert isinstance(make_bot(RULES, "hard"), SearchBot)


def test_heuristic_stabs_the_weakest_rival():
    state = placing([DAGGER], lives=(5, 4, 2, 5))
    assert choose(HeuristicBot(RULES), state) == Place(DAGGER, 2)


def test_the_search_bots_candidates_break_ties_clockwise_from_it_not_by_seat_number():
    # Seat 2 with a Dagger, its three rivals level: the search's first candidate (the move the
    # veto keeps) stabs the next rival, seat 3, not seat 0.
    from cutthroat.games.stab_your_friends.bots import _candidates

    state = placing([DAGGER], lives=(4, 4, 5, 4), seat=2)
    ranked = _candidates(RULES.view(state, 2), RULES.legal_actions(state, 2))
    assert [a.target for a in ranked[:3]] == [3, 0, 1]


def test_heuristic_keeps_good_cards_for_itself():
    for card in (LOVE_POTION, BOW, SHIELD):
        state = placing([card], lives=(3, 5, 5, 5))
        assert choose(HeuristicBot(RULES), state) == Place(card, 0), card.name


def choosing(active, fronts, lives=(5, 4, 1, 5)):
    """Seat 0's `active` card is activating; `fronts`: (seat, card, placer) in play."""
    state = placing([], lives=lives)
    state.phase, state.queue, state.turn = "activate", [], 0
    for seat, card, by in fronts:
        state.deck.remove(card)
        state.fronts[seat].append(Front(card, by, True))
    state.deck.remove(active)
    state.active = Front(active, 0, True)
    state.validate()
    return state


def test_heuristic_hits_the_weakest_rival():
    assert choose(HeuristicBot(RULES), choosing(BOW, [])) == Target(2)


def test_heuristic_moves_a_dagger_off_itself_onto_a_rival():
    state = choosing(GOBBLIN_HANDS, [(0, DAGGER, 3), (1, LOVE_POTION, 1)])
    legal = RULES.legal_actions(state, 0)
    assert KEEP in legal
    move = HeuristicBot(RULES).choose(RULES.view(state, 0), legal)
    assert isinstance(move, Move) and move.source == 0 and move.dest == 2, move


def test_the_search_bot_answers_legally_on_a_budget_of_playouts():
    state = placing([DAGGER, LOVE_POTION, BOW], lives=(5, 4, 2, 5))
    bot = make_bot(RULES, "hard", seed=3)
    bot.iterations = 60
    action = choose(bot, state)
    assert action in RULES.legal_actions(state, 0)


def test_every_bot_level_finishes_games_through_simulate(capsys):
    assert main(["simulate", "stab-your-friends", "--games", "3", "--players", "3",
                 "--bots", "hard,heuristic,random", "--think", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 0 and sum(report["wins"].values()) >= 3


@pytest.mark.parametrize("players", range(2, 9))
def test_simulate_every_player_count_with_and_without_the_house_rule(players, capsys):
    for variant in ([], ["--variant", "royal-call-out=anyone"]):
        assert main(["simulate", "stab-your-friends", "--games", "40", "--players", str(players),
                     "--bots", "random", "--json", *variant]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["errors"] == 0 and report["games"] == 40


# --- long: `make soak` ------------------------------------------------------------------------------
def _simulate(capsys, *args) -> dict:
    assert main(["simulate", "stab-your-friends", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.soak
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("house_rule", ["off", "anyone"])
def test_soak_ten_thousand_games_every_player_count(players, house_rule, capsys):
    r = _simulate(capsys, "--games", "10000", "--players", str(players), "--bots", "random",
                  "--variant", f"royal-call-out={house_rule}")
    assert r["errors"] == 0 and r["games"] == 10000


@pytest.mark.soak
def test_heuristic_beats_its_fair_share_against_random(capsys):
    r = _simulate(capsys, "--games", "2000", "--bots", "heuristic,random,random,random")
    assert r["wins"]["heuristic"] / 2000 > 0.40  # fair share 0.25


@pytest.mark.soak
def test_hard_beats_its_fair_share_against_heuristic(capsys):
    r = _simulate(capsys, "--games", "2000", "--bots", "hard,heuristic,heuristic,heuristic", "--think", "50")
    assert r["wins"]["hard"] / 2000 > 0.28  # fair share 0.25
