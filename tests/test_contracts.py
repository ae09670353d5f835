"""The contract every registered game keeps, checked for each one automatically (a new game gets
these tests by being in the registry): cards conserved, legal actions apply, illegal ones are
refused with the state unchanged, save → load → the same state, the same seed and actions → the
same game, every game ends, and no view shows a card its seat can't see."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cutthroat import saves
from cutthroat.engine.protocol import IllegalAction
from cutthroat.engine.registry import IMPLEMENTED, get_rules
from cutthroat.saves import SaveData, Seat

GAMES = [g.game_id for g in IMPLEMENTED]
STEPS = 20_000
SEEDS = st.integers(min_value=0, max_value=2**32)
FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def player_counts(rules) -> list[int]:
    top = min(rules.max_players, 5)
    return sorted({rules.min_players, top, (rules.min_players + top) // 2})


def playout(rules, seed: int, players: int):
    """A random game: yields (state before, seat, action) for every move, then checks it ended."""
    rng = random.Random(seed)
    state = rules.new_game(rules.default_config(), seed, players)
    for _ in range(STEPS):
        to_act = rules.to_act(state)
        if not to_act:
            return
        seat = to_act[rng.randrange(len(to_act))]
        legal = rules.legal_actions(state, seat)
        assert legal, f"seat {seat} is to act with nothing to do"
        action = legal[rng.randrange(len(legal))]
        yield state, seat, action
        rules.apply(state, action, seat)
    raise AssertionError(f"no end after {STEPS} moves")


def seats_for(players: int) -> list[Seat]:
    return [Seat("bot", f"P{i + 1}", "random") for i in range(players)]


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_every_game_ends_with_every_card_accounted_for(game, seed):
    rules = get_rules(game)
    for players in player_counts(rules):
        moves = 0
        for state, _, _ in playout(rules, seed, players):
            state.validate()  # conservation and every cross-field check
            moves += 1
        assert moves > 0


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_illegal_actions_are_refused_with_a_reason_and_the_state_unchanged(game, seed):
    rules = get_rules(game)
    rng = random.Random(seed)
    players = player_counts(rules)[-1]
    seen: list = []  # actions that were legal somewhere in this game
    for state, seat, action in playout(rules, seed, players):
        seen.append(action)
        if rng.random() > 0.2:
            continue
        before = rules.encode_state(state)
        twin = state.copy()
        for other in rng.sample(seen, min(6, len(seen))):
            if rules.is_legal(state, other, seat):
                continue
            with pytest.raises(IllegalAction) as refused:
                rules.apply(state, other, seat)
            reason = refused.value.reason
            assert reason.strip() and "\n" not in reason
            assert state == twin and rules.encode_state(state) == before
        for legal in rules.legal_actions(state, seat):  # and every legal one applies
            rules.apply(state.copy(), legal, seat)


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_save_then_load_gives_the_same_state_and_the_same_seed_the_same_game(game, seed):
    rules = get_rules(game)
    players = player_counts(rules)[-1]
    log = []
    for state, seat, action in playout(rules, seed, players):
        log.append((seat, action))
    data = SaveData(game, rules.default_config(), seats_for(players), seed, log, state)
    text = json.dumps(saves.to_json(data))
    loaded = saves.parse(text.encode("utf-8"))
    assert rules.encode_state(loaded.state) == rules.encode_state(state) and loaded.log == log
    again = saves.replay(rules, rules.default_config(), seed, players, log)
    assert again == state


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_no_view_shows_a_card_its_seat_cannot_see(game, seed):
    """Each seat's view of the state is its view of the state with everything it can't see dealt
    again (`rules.scramble`); and every view round-trips through JSON."""
    rules = get_rules(game)
    rng = random.Random(seed)
    players = player_counts(rules)[-1]
    for state, _, _ in playout(rules, seed, players):
        if rng.random() > 0.25:
            continue
        for seat in [None, *range(players)] if players > 1 else [0]:
            view = rules.view(state, seat)
            scrambled = rules.scramble(state, seat, rng)
            scrambled.validate()
            assert rules.view(scrambled, seat) == view, f"seat {seat}'s view shows a hidden card"
            assert rules.view_type.from_json(json.loads(json.dumps(view.to_json()))) == view
