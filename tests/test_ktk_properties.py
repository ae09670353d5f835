"""Kill The Kings: property tests over random play (hypothesis)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cutthroat import saves
from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.kill_the_kings.cards import KINGS
from cutthroat.games.kill_the_kings.rules import (
    DRAW,
    END_ROUND,
    NEXT_ROUND,
    RULES,
    Place,
    PlayReserve,
    Reserve,
)
from cutthroat.saves import SaveData, Seat
from helpers_ktk import assert_all_cards, snapshot

#: Every action Kill The Kings can express, with every index in range.
UNIVERSE = ([DRAW, END_ROUND, NEXT_ROUND]
            + [Place(c) for c in range(4)]
            + [Reserve(s) for s in range(4)]
            + [PlayReserve(s, c) for s in range(4) for c in range(4)])
#: At most 24 cards fit in columns (20) and reserve (4), so a round has at most 25 draws (D),
#: placements + reserve moves P + R <= D, placements + reserve plays P + PR <= 20, and one
#: NextRound: D + P + R + PR + 1 <= 71 steps per round.
MAX_STEPS = 3 * 71

FAST = settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOAK = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2 ** 63)
modes = st.sampled_from(["killer", "psycho"])
choices = st.lists(st.integers(min_value=0, max_value=1000), min_size=0, max_size=MAX_STEPS)


def check_invariants(state) -> None:
    assert_all_cards(state)
    assert len(state.columns) == 4 and len(state.reserve) == 4
    for c, column in enumerate(state.columns):
        assert len(column) <= 5
        above = KINGS[c]
        for card in column:  # every column alternates colours and descends strictly
            assert card.red != above.red and card.rank < above.rank
            above = card
    assert 1 <= state.round <= 3
    assert all(p in (0, 1, 3, 6, 10) for p in state.round_points)
    if state.phase == "play":
        assert len(state.round_points) == state.round - 1
        assert state.kings_killed < 4
    else:
        assert len(state.round_points) == state.round
    assert (RULES.result(state) is None) == (state.phase != "game_over")
    view = RULES.view(state, 0)
    assert view.deck_count == len(state.deck)
    assert sorted(view.unseen, key=lambda c: c.index) == sorted(state.deck, key=lambda c: c.index)


def sensible(state, legal):
    """A decent move (place where the column stays finishable, smallest gap first), so random
    walks also reach kills and four-king rounds; None when nothing sensible is found."""
    best, best_key = None, None
    for action in legal:
        if isinstance(action, (Place, PlayReserve)):
            card = state.drawn if isinstance(action, Place) else state.reserve[action.spot]
            column = state.columns[action.column]
            above = column[-1] if column else KINGS[action.column]
            n = len(column) + 1
            if card.rank >= 6 - n:
                key = (above.rank - card.rank, isinstance(action, Place))
                if best_key is None or key < best_key:
                    best, best_key = action, key
    if best is not None:
        return best
    for action in legal:
        if action in (DRAW, NEXT_ROUND) or isinstance(action, Reserve):
            return action
    return None


def play(seed: int, mode: str, picks: list[int], *, until_over: bool = False, visit=None,
         smart: bool = False):
    """Play by picking legal[i % len(legal)] (with `smart`, picks divisible by 4 are random and
    the others sensible); with `until_over`, continue past the picks until the game ends."""
    state = RULES.new_game({"mode": mode}, seed)
    log = []
    step = 0
    while RULES.to_act(state):
        legal = RULES.legal_actions(state, 0)
        assert legal, "a seat to act must have a legal action"
        if step < len(picks):
            pick = picks[step]
        elif until_over:
            pick = step * 7 + 1
        else:
            break
        action = None
        if smart and pick % 4:
            action = sensible(state, legal)
        if action is None:
            action = legal[pick % len(legal)]
        if visit:
            visit(state, legal)
        RULES.apply(state, action, 0)
        log.append(action)
        step += 1
        assert step <= MAX_STEPS, "the game did not end"
    return state, log


# --- properties ------------------------------------------------------------------------------


def _cards_conserved(seed, mode, picks, smart=False):
    play(seed, mode, picks, until_over=True, smart=smart,
         visit=lambda s, legal: check_invariants(s))


@FAST
@given(seeds, modes, choices, st.booleans())
def test_cards_conserved_and_invariants_hold(seed, mode, picks, smart):
    _cards_conserved(seed, mode, picks, smart)


def _events_tell_the_move(before, action, events, after) -> None:
    """The first event names the very card and place of the move (they are made once for each
    card and place and shared: a wrong one would be a neighbour's)."""
    first = events[0]
    if action == DRAW:
        assert (first.kind, first.card, first.deck_left) == ("card_drawn", before.deck[-1], len(after.deck))
    elif isinstance(action, Place):
        assert (first.kind, first.card, first.column, first.from_spot) == (
            "card_placed", before.drawn, action.column, -1)
        assert after.columns[action.column][-1] is before.drawn
    elif isinstance(action, PlayReserve):
        assert (first.kind, first.card, first.column, first.from_spot) == (
            "card_placed", before.reserve[action.spot], action.column, action.spot)
    elif isinstance(action, Reserve):
        assert (first.kind, first.card, first.spot) == ("card_reserved", before.drawn, action.spot)
        assert after.reserve[action.spot] is before.drawn


def _legal_iff_accepted(seed, mode, picks, smart=False):
    def visit(state, legal):
        legal_set = set(legal)
        assert len(legal_set) == len(legal), "duplicate legal actions"
        for action in UNIVERSE:
            trial = state.copy()
            before = snapshot(trial)
            if action in legal_set:
                events = RULES.apply(trial, action, 0)  # must not raise
                assert events and all(e.describe() for e in events)
                check_invariants(trial)
                _events_tell_the_move(state, action, events, trial)
                unchecked = state.copy()  # (the checked effect is the unchecked one)
                assert RULES.apply_unchecked(unchecked, action, 0) == events and unchecked == trial
            else:
                with pytest.raises(IllegalAction) as info:
                    RULES.apply(trial, action, 0)
                assert info.value.reason and "\n" not in info.value.reason
                assert snapshot(trial) == before and trial == state
    play(seed, mode, picks, until_over=False, visit=visit, smart=smart)


@FAST
@given(seeds, modes, choices, st.booleans())
def test_legal_actions_apply_and_all_others_are_refused(seed, mode, picks, smart):
    _legal_iff_accepted(seed, mode, picks, smart)


def _save_round_trip(seed, mode, picks, smart=False):
    state, log = play(seed, mode, picks, smart=smart)
    data = SaveData("kill-the-kings", {"mode": mode}, [Seat("human", "You")], seed,
                    [(0, a) for a in log], state)
    text = json.dumps(saves.to_json(data))
    back = saves.parse(text.encode("utf-8"))
    assert back.state == state
    assert snapshot(back.state) == snapshot(state)
    assert [a for _, a in back.log] == log
    assert back.config == {"mode": mode} and back.seed == seed


@FAST
@given(seeds, modes, choices, st.booleans())
def test_save_load_identical_state(seed, mode, picks, smart):
    _save_round_trip(seed, mode, picks, smart)


def _deterministic(seed, mode, picks, smart=False):
    a, log = play(seed, mode, picks, smart=smart)
    b = RULES.new_game({"mode": mode}, seed)
    for action in log:
        RULES.apply(b, action, 0)
    assert a == b and snapshot(a) == snapshot(b)
    c, log_c = play(seed, mode, picks, smart=smart)
    assert log_c == log and c == a


@FAST
@given(seeds, modes, choices, st.booleans())
def test_same_seed_same_actions_same_state(seed, mode, picks, smart):
    _deterministic(seed, mode, picks, smart)


def _ends_with_result(seed, mode, picks, smart=False):
    state, log = play(seed, mode, picks, until_over=True, smart=smart)
    assert state.phase == "game_over"
    assert len(log) <= MAX_STEPS
    result = RULES.result(state)
    assert result is not None
    assert len(state.round_points) == 3
    assert result.scores == [sum(state.round_points)]
    assert 0 <= result.scores[0] <= 30
    target = 7 if mode == "killer" else 11
    assert result.winners == ([0] if result.scores[0] >= target else [])
    assert RULES.legal_actions(state, 0) == []


@FAST
@given(seeds, modes, choices, st.booleans())
def test_every_game_ends_with_a_result(seed, mode, picks, smart):
    _ends_with_result(seed, mode, picks, smart)


def test_copy_is_independent():
    state = RULES.new_game({}, 1)
    RULES.apply(state, DRAW)
    twin = state.copy()
    RULES.apply(state, RULES.legal_actions(state)[0])
    assert twin != state
    assert twin.drawn is not None
    assert twin.rng == state.rng and twin.rng is not state.rng


def test_many_seeds_play_to_the_end_quickly():
    """A cheap deterministic sweep: 200 full games with a fixed pick pattern."""
    totals, reasons = [], set()
    for seed in range(200):
        state, _ = play(seed, "killer", [1] * MAX_STEPS, until_over=True, smart=True,
                        visit=lambda s, legal: reasons.add(s.end_reason))
        reasons.add(state.end_reason)
        totals.append(RULES.result(state).scores[0])
    assert all(0 <= t <= 30 for t in totals)
    assert "bust" in reasons
    assert sum(totals) / len(totals) > 1  # the sensible policy does kill kings (mean ~2.2)
    assert max(totals) >= 7


# --- soak ------------------------------------------------------------------------------------


@pytest.mark.soak
@SOAK
@given(seeds, modes, choices, st.booleans())
def test_soak_all_properties(seed, mode, picks, smart):
    _cards_conserved(seed, mode, picks, smart)
    _legal_iff_accepted(seed, mode, picks)
    _save_round_trip(seed, mode, picks)
    _deterministic(seed, mode, picks)
    _ends_with_result(seed, mode, picks)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10**6), min_size=200, max_size=200))
def test_the_deck_never_runs_out_in_play_so_stuck_cannot_happen(seed, choices):
    """25 places (20 under the kings, 4 reserve, 1 drawn) for 48 cards: every reachable position
    keeps at least 23 cards in the deck, so "stuck" and ending a round by choice never occur."""
    state = RULES.new_game({"mode": "killer"}, seed)
    for pick in choices:
        if not RULES.to_act(state):
            break
        assert len(state.deck) >= 48 - 25
        legal = RULES.legal_actions(state, 0)
        assert END_ROUND not in legal
        RULES.apply(state, legal[pick % len(legal)], 0)
