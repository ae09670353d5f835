"""The shared search bot's budget: on a clock, a decision ends within its think time (a round
that can't finish isn't started, a round cut short counts for nothing); on a count, the clock
is never read. Time here is a fake clock that each playout moves on by a known amount."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cutthroat.bots import search
from cutthroat.bots.search import SearchBot


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class OneMoveGame:
    """A game of one move: "win" wins for seat 0 unless the deal says otherwise; every playout
    costs `cost_ms` on the fake clock."""

    def __init__(self, clock: FakeClock, cost_ms: float) -> None:
        self.clock, self.cost = clock, cost_ms / 1000
        self.deals = 0
        self.playouts = 0

    def determinize(self, view, rng: random.Random):
        self.deals += 1
        return {"luck": rng.random(), "done": False, "move": None}

    def copy(self, state):
        return dict(state)

    def apply_unchecked(self, state, action) -> None:
        self.clock.now += self.cost
        self.playouts += 1
        state["move"], state["done"] = action, True

    def to_act(self, state):
        return [] if state["done"] else [0]

    def legal_actions(self, state, seat):
        return ["win", "lose", "draw"]

    def result(self, state):
        won = state["move"] == "win" or (state["move"] == "draw" and state["luck"] < 0.5)
        return SimpleNamespace(winners=(0,) if won else (1,))


VIEW = SimpleNamespace(seat=0)
MOVES = ["lose", "draw", "win"]  # the "policy" prefers the worst move


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(search, "clock", fake)
    return fake


def test_a_round_that_would_end_past_the_deadline_is_not_started(clock):
    # 7 ms a playout, 3 moves: rounds end at 21 and 42 ms; a third would end at 63 ms.
    game = OneMoveGame(clock, 7)
    assert SearchBot(game, seed=1, think_ms=50).choose(VIEW, MOVES) == "win"
    assert game.playouts == 6 and clock.now <= 0.050


def test_a_round_the_clock_cuts_short_counts_for_nothing(clock):
    # 20 ms a playout: after the first, the pace says the round can't finish in 50 ms, so the
    # search stops there, nothing learned, and the policy's first choice stands.
    game = OneMoveGame(clock, 20)
    bot = SearchBot(game, seed=1, think_ms=50)
    assert bot.choose(VIEW, MOVES) == "lose"
    assert game.playouts == 1 and clock.now <= 0.050
    assert bot.last_stats == []


def test_a_veto_the_budget_cannot_reach_returns_the_policy_at_the_first_sign(clock):
    # 12 pairs of 3 moves at 5 ms a playout need 180 ms: after one playout the pace says so.
    game = OneMoveGame(clock, 5)
    assert SearchBot(game, seed=1, think_ms=50, veto=1.0, veto_pairs=12).choose(VIEW, MOVES) == "lose"
    assert game.playouts == 1


def test_a_veto_within_the_budget_lets_the_search_overrule_the_policy(clock):
    game = OneMoveGame(clock, 1)
    assert SearchBot(game, seed=1, think_ms=50, veto=1.0, veto_pairs=12).choose(VIEW, MOVES) == "win"
    assert 36 <= game.playouts <= 50 and game.playouts % 3 == 0 and clock.now <= 0.050


def test_the_time_spent_choosing_candidates_counts_against_the_budget(clock):
    # 30 ms to choose, then 7 ms a playout: a whole round no longer fits in the 20 ms left.
    game = OneMoveGame(clock, 7)

    def slow_candidates(view, legal):
        clock.now += 0.030
        return legal

    assert SearchBot(game, seed=1, think_ms=50, candidates=slow_candidates).choose(VIEW, MOVES) == "lose"
    assert game.playouts == 1 and clock.now <= 0.050  # (counted from after the 30 ms: 3 rounds)


def test_a_budget_of_playouts_never_reads_the_clock(monkeypatch):
    def no_clock():
        raise AssertionError("the clock was read")

    monkeypatch.setattr(search, "clock", no_clock)
    game = OneMoveGame(FakeClock(), 1000)  # a second a playout, on a clock nobody reads
    assert SearchBot(game, seed=1, iterations=9, think_ms=1).choose(VIEW, MOVES) == "win"
    assert game.playouts == 9 and game.deals == 3


def test_the_unpaired_search_spends_its_count_or_its_clock_on_ucb1(clock):
    game = OneMoveGame(clock, 1)
    assert SearchBot(game, seed=1, iterations=30, paired=False).choose(VIEW, MOVES) == "win"
    assert game.playouts == 30
    timed = OneMoveGame(clock, 7)
    assert SearchBot(timed, seed=1, think_ms=50, paired=False).choose(VIEW, MOVES) in MOVES
    assert timed.playouts == 8  # every move once, then one playout at a time until 50 ms
