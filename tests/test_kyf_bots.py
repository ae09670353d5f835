"""Kill Your Friends bots: the heuristic's priorities, the search bot's contract, and strength
(the 2,000-game strength runs are behind the `soak` marker)."""

from __future__ import annotations

import json

import pytest

from cutthroat.bots import make_bot
from cutthroat.bots.search import SearchBot
from cutthroat.cli import main
from cutthroat.games.kill_your_friends.bots import HardBot, HeuristicBot, heuristic_rollout, root_candidates
from cutthroat.games.kill_your_friends.rules import (
    DRAW,
    REAPER_KILL,
    REVEAL,
    RULES,
    Attack,
    Dump,
    PlayChaos,
    PlayReaper,
    Save,
)
from helpers_kyf import C, position


def choose(bot, state):
    p = state.turn
    return bot.choose(RULES.view(state, p), RULES.legal_actions(state, p))


def test_make_bot_levels():
    assert isinstance(make_bot(RULES, "heuristic"), HeuristicBot)
    assert isinstance(make_bot(RULES, "hard"), SearchBot)


def test_heuristic_reveals_a_qualifying_hand():
    state = position(n=3, hands={0: "R1 R2 R3"})
    assert choose(HeuristicBot(), state) == REVEAL


def test_heuristic_plays_its_last_card_to_win():
    state = position(n=3, hands={0: "B1"})
    assert choose(HeuristicBot(), state) == Attack(C("B1"), 1)


def test_heuristic_saves_early():
    state = position(n=3, hands={0: "R1 G1 B1 MD"}, attack={0: "R1"})
    assert choose(HeuristicBot(), state) == Save(C("R1"))


def test_heuristic_sends_the_reaper_to_a_player_on_their_last_life():
    state = position(n=3, hands={0: "REAPER B1 G1"}, lives={2: [False, True]})
    assert choose(HeuristicBot(), state) == PlayReaper(REAPER_KILL, 2)


def test_heuristic_never_head_swaps_its_last_card():
    state = position(n=3, hands={0: "HS"}, deck="B1")
    assert choose(HeuristicBot(), state) == DRAW


def test_heuristic_head_swaps_down_to_a_small_hand():
    state = position(n=3, hands={0: "HS R1 R2 B2 B3 G3 G3", 1: "B1", 2: "G1 G2 G1 G2 R3"})
    assert choose(HeuristicBot(), state) == PlayChaos(C("HS"), 1)


def test_heuristic_dumps_a_dead_colour_instead_of_drawing():
    state = position(n=3, hands={0: "G2 R1"}, out=[2], attack={1: "B3"})
    assert choose(HeuristicBot(), state) == Dump(C("G2"), 2)


@pytest.mark.parametrize("direction, victim", [(1, 3), (-1, 1)])
def test_a_tie_between_victims_goes_to_the_next_in_turn_not_the_lowest_seat(direction, victim):
    # Seat 2 can hit seats 0, 1 or 3, all alike: the heuristic, its playouts and the search's
    # first candidate hit the first of them to play after it (the rules list them by seat
    # number, and the first of equals picked on seat 0).
    state = position(n=4, hands={0: "G1 B2", 1: "G1 R2", 2: "R1 B1 Y1 G2", 3: "G1 B2"}, turn=2, direction=direction)
    legal = RULES.legal_actions(state, 2)
    assert {a.victim for a in legal if isinstance(a, Attack)} == {0, 1, 3}
    assert choose(HeuristicBot(), state).victim == victim
    ranked = root_candidates(RULES.view(state, 2), legal)
    assert [a.victim for a in ranked[:3]] == ([3, 0, 1] if direction == 1 else [1, 0, 3])


def test_heuristic_finishes_an_attack_with_a_3_on_a_weak_player():
    state = position(n=3, hands={0: "B3 G1 R1"}, attack={1: "B1 B2"}, lives={1: [False, True]})
    assert choose(HeuristicBot(), state) == Attack(C("B3"), 1)


def test_search_bot_returns_a_legal_action_and_is_deterministic():
    state = RULES.new_game({}, 4, 4)
    p = state.turn
    view, legal = RULES.view(state, p), RULES.legal_actions(state, p)
    first = HardBot(RULES, seed=3, iterations=40).choose(view, legal)
    assert first in legal
    assert HardBot(RULES, seed=3, iterations=40).choose(view, legal) == first


def test_search_bot_does_not_change_the_state():
    state = RULES.new_game({}, 5, 3)
    before = state.copy()
    HardBot(RULES, seed=1, iterations=30).choose(RULES.view(state, state.turn), RULES.legal_actions(state, state.turn))
    assert state == before


def test_search_bot_takes_a_win_on_the_spot():
    # Seat 0 can knock out the last opponent with the Reaper: every playout of it is a win.
    state = position(n=2, hands={0: "REAPER B1 B2 B3 R1"}, lives={1: [False, True]})
    bot = HardBot(RULES, seed=0, iterations=60)
    assert choose(bot, state) == PlayReaper(REAPER_KILL, 1)
    stats = {a: mean for a, _, mean in bot.last_stats}
    assert stats[PlayReaper(REAPER_KILL, 1)] > max(v for a, v in stats.items() if a != PlayReaper(REAPER_KILL, 1))


def test_search_bot_plays_on_determinizations_of_its_own_view_only():
    state = RULES.new_game({}, 9, 4)
    p = state.turn
    seen = []

    class Spy:
        def __getattr__(self, name):
            return getattr(RULES, name)

        def determinize(self, view, rng):
            seen.append(view)
            return RULES.determinize(view, rng)

    bot = SearchBot(Spy(), seed=0, iterations=10, rollout=heuristic_rollout)
    bot.choose(RULES.view(state, p), RULES.legal_actions(state, p))
    assert seen and all(v.seat == p and v.hand == tuple(state.hands[p]) for v in seen)


def test_every_bot_level_finishes_games_through_simulate(capsys):
    assert main(["simulate", "kill-your-friends", "--games", "3", "--players", "3",
                 "--bots", "hard,heuristic,random", "--think", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 0 and sum(report["wins"].values()) >= 3


# --- strength (long: `make soak`) -----------------------------------------------------------
def _simulate(capsys, *args) -> dict:
    assert main(["simulate", "kill-your-friends", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.soak
def test_heuristic_beats_its_fair_share_against_random(capsys):
    r = _simulate(capsys, "--games", "2000", "--bots", "heuristic,random,random,random")
    assert r["wins"]["heuristic"] / 2000 > 0.40  # fair share 0.25; measured 0.53


@pytest.mark.soak
def test_hard_beats_its_fair_share_against_heuristic(capsys):
    r = _simulate(capsys, "--games", "2000", "--bots", "hard,heuristic,heuristic,heuristic", "--think", "100")
    assert r["wins"]["hard"] / 2000 > 0.28  # fair share 0.25; measured 0.313
