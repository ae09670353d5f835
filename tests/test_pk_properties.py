"""Psycho Killer: property tests over random legal play (hypothesis), every player count 2–6 and
every variant (edition 1 and 2, Upside Down, Hold Your Nerve, Quickie, combined).

Each example plays one whole game from a seed with a seeded random policy (a random seat among
those asked, then a random legal action) and checks, at every step: the cards add up
(`validate()`: 78 cards, what each seat knows of the decks is their top), and at sampled steps:
every legal action of every seat asked applies, actions of every other frame are refused with a
one-line reason and the state unchanged, no view shows what its seat may not see (`scramble` and
`determinize` keep every seat's view, and a determinized state gives the seats asked the same
choices), the state codec round trip; at the end: the game ended with the right winners, and the
same seed and actions replay the same game.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.psycho_killer.cards import ALL_CARDS, BARRICADE, BEHIND_YOU, build_deck
from cutthroat.games.psycho_killer.rules import (
    ACCEPT,
    DONE,
    KEEP,
    PLAY_NOW,
    RULES,
    STOP,
    At,
    Defend,
    Draw,
    Evade,
    Pass,
    Pick,
    Play,
    PlayOn,
    TakeHit,
    Target,
    ToDeck,
    Trip,
)
from cutthroat.games.psycho_killer.state import MAX_ACTIONS, OVER, PkState, PkView, score_key

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOAK = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

CONFIGS = [
    {},
    {"edition": "1"},
    {"upside-down": "on"},
    {"hold-your-nerve": "on"},
    {"quickie": "on"},
    {"edition": "1", "upside-down": "on", "hold-your-nerve": "on"},
    {"upside-down": "on", "hold-your-nerve": "on", "quickie": "on"},
]
SETUPS = [(c, n) for c in CONFIGS for n in range(2, 7)]
setups = st.sampled_from(SETUPS)
seeds = st.integers(min_value=0, max_value=2 ** 63)
walks = st.integers(min_value=0, max_value=2 ** 32)
DECK = Counter(build_deck())
#: Random play ends in about 220 actions (the fifth Psycho Killer); the engine stops at MAX_ACTIONS.
LIMIT = MAX_ACTIONS


def play_game(config, n, seed, walk, visit=None, stop_at=None):
    """A whole game (or `stop_at` actions) under a seeded random policy."""
    state = RULES.new_game(config, seed, n)
    rng = random.Random(walk)
    log = []
    while RULES.result(state) is None and (stop_at is None or len(log) < stop_at):
        assert len(log) <= LIMIT, "the game didn't end"
        seats = RULES.to_act(state)
        assert seats, "nobody to move in a game that isn't over"
        seat = rng.choice(seats)
        legal = RULES.legal_actions(state, seat)
        assert legal, f"seat {seat} is asked but has nothing to do: {state.stack[-1:]}"
        action = rng.choice(legal)
        if visit is not None:
            visit(state, action, log)
        events = RULES.apply(state, action, seat)
        state.validate()
        log.append((seat, action, events))
    return state, log


def play_from(state, walk, steps=300):
    rng = random.Random(walk)
    log = []
    while RULES.result(state) is None and len(log) < steps:
        seat = rng.choice(RULES.to_act(state))
        action = rng.choice(RULES.legal_actions(state, seat))
        log.append((seat, action, RULES.apply(state, action, seat)))
    return state, log


# --- the per-step checks ----------------------------------------------------------------------


def check_conserved(state):
    state.validate()
    assert Counter(state.all_cards()) == DECK and len(state.all_cards()) == 78
    for d in (0, 1):
        assert state.gone[d] or state.decks[d], "a live deck is never empty"


def every_action(state, rng) -> list:
    """One of every kind of action, with seats, cards, decks and depths in range and out."""
    n = state.n
    seats = list(range(n))
    some = rng.sample(ALL_CARDS, 6)
    acts = [Draw(0), Draw(1), Draw(2), STOP, ACCEPT, KEEP, PLAY_NOW, DONE, ToDeck(0), ToDeck(1), At(0), At(99)]
    acts += [Pass(q) for q in seats] + [Trip(q) for q in seats] + [TakeHit(q) for q in seats]
    acts += [Defend(q, c) for q in seats for c in (BARRICADE, BEHIND_YOU)]
    acts += [Target(q) for q in seats] + [Target(n)]
    acts += [Play(c) for c in some] + [Pick(c) for c in some] + [Evade(c) for c in some]
    acts += [PlayOn(c, rng.randrange(n)) for c in some[:2]]
    for q in seats:  # what the hands hold
        acts += [Play(c) for c in state.hands[q][:3]] + [Pick(c) for c in state.hands[q][:2]]
    return acts


def check_legal_apply_and_illegal_refused(state, rng):
    before = state.to_json()
    twin = state.copy()
    asked = RULES.to_act(state)
    for seat in asked:
        legal = RULES.legal_actions(state, seat)
        assert len(set(legal)) == len(legal), f"duplicate legal actions {legal}"
        for action in rng.sample(legal, min(6, len(legal))):
            other = state.copy()
            RULES.apply(other, action, seat)
            check_conserved(other)
    candidates = every_action(state, rng)
    for seat in range(state.n):
        legal = set(RULES.legal_actions(state, seat))
        if seat not in asked:
            assert not legal
        for action in candidates:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                RULES.apply(state, action, seat)
            reason = info.value.reason
            assert reason and reason.strip() and "\n" not in reason, (action, reason)
            if seat not in asked:
                assert "not yours" in reason or "over" in reason, (seat, action, reason)
            assert not RULES.is_legal(state, action, seat)
    assert state.to_json() == before and state == twin


def check_views(state, rng):
    asked = RULES.to_act(state)
    for seat in [*range(state.n), None]:
        view = RULES.view(state, seat)
        assert isinstance(view, PkView) and view.seat == seat
        assert list(view.hand) == (state.hands[seat] if seat is not None else [])
        assert view.hand_counts == tuple(len(h) for h in state.hands)
        assert view.decks == tuple(len(d) for d in state.decks)
        for d in (0, 1):
            pile = state.decks[d]
            assert view.faces[d] == tuple((p, s.card) for p, s in enumerate(reversed(pile)) if s.up)
            if seat is not None:
                assert list(view.known[d]) == [s.card for s in reversed(pile)][:len(view.known[d])]
        # The view depends only on what the seat may see.
        scrambled = RULES.scramble(state, seat, rng)
        check_conserved(scrambled)
        assert RULES.view(scrambled, seat) == view
        det = RULES.determinize(view, random.Random(rng.random()))
        check_conserved(det)
        assert RULES.view(det, seat) == view
        if seat is not None:
            assert det.hands[seat] == state.hands[seat]
            # What the seat is asked, and may answer, it can tell from what it sees.
            assert RULES.to_act(det) == asked
            if seat in asked:
                assert RULES.legal_actions(det, seat) == RULES.legal_actions(state, seat)


def check_events_for_seats(events, n):
    names = [f"P{q}" for q in range(n)]
    for event in events:
        for seat in [*range(n), None]:
            seen = event.for_seat(seat)
            assert seen is not None and seen.kind == event.kind
            assert seen.describe(names)
            kind = event.kind
            if kind == "drew" and seat != event.seat:  # a Psycho Killer is always seen; a predicament kept, never
                assert event.seen or event.card.kind != "pk"
                assert seen.card is (event.card if event.seen else None)
            elif kind in ("looked", "shuffled_in") and seat != event.seat:
                assert seen.cards is None
            elif kind == "gave" and seat not in (event.seat, event.to):
                assert seen.cards is None and seen.count == event.count
            elif kind == "returned" and seat != event.seat:
                assert seen.card is (event.card if event.seen or event.face_up else None)
            elif kind == "evaded" and seat != event.seat:
                assert seen.drawn is (event.drawn if event.seen else None)
            elif kind == "kept" and seat != event.seat:
                assert seen.card is None
            else:
                assert seen == event


def check_codec(state):
    data = state.to_json()
    back = PkState.from_json(json.loads(json.dumps(data)))
    assert back == state and back.to_json() == data
    assert RULES.decode_state(RULES.encode_state(state)) == state


def check_end(state, log):
    assert state.phase == OVER and RULES.result(state) is not None
    assert RULES.to_act(state) == [] and all(RULES.legal_actions(state, q) == [] for q in range(state.n))
    keys = [score_key(state, q) for q in range(state.n)]
    assert state.winners == [q for q in range(state.n) if keys[q] == min(keys)]
    result = RULES.result(state)
    assert result.winners == state.winners and sorted(result.details["ranking"]) == list(range(state.n))
    assert state.how in ("pk-limit", "no-cards", "move-limit")
    if state.how == "pk-limit":
        assert state.pks == state.pk_limit
        assert sum(c.code == "PK" for p in state.injuries for c in p) == state.pks
        # The last Psycho Killer's attack happened: nobody was left waiting to answer it.
        assert not any(f.kind == "attack" and f.mask for f in state.stack)
    assert state.pks <= state.pk_limit
    assert not any(c.code == "PK" for h in state.hands for c in h)  # never held


def check_deterministic(state, log, config, n, seed):
    again = RULES.new_game(config, seed, n)
    for seat, action, events in log:
        assert RULES.apply(again, action, seat) == events
    assert again == state and again.to_json() == state.to_json()


def _full_walk(config, n, seed, walk, heavy_every):
    rng = random.Random(walk ^ 0x5EED)

    def visit(state, action, log):
        check_conserved(state)
        assert not any(c.code == "PK" for h in state.hands for c in h)
        assert not any(c.kind == "weapon" for c in state.discard)  # weapons never go to the discard pile
        if len(log) % heavy_every == 0:
            check_legal_apply_and_illegal_refused(state, rng)
            check_views(state, rng)
            check_codec(state)
        if log:
            check_events_for_seats(log[-1][2], n)

    state, log = play_game(config, n, seed, walk, visit)
    check_conserved(state)
    check_events_for_seats(log[-1][2], n)
    check_codec(state)
    check_views(state, rng)
    check_end(state, log)
    check_deterministic(state, log, config, n, seed)
    return state, log


# --- the properties ---------------------------------------------------------------------------


@FAST
@given(setups, seeds, walks)
def test_random_play_keeps_every_property(setup, seed, walk):
    config, n = setup
    _full_walk(config, n, seed, walk, heavy_every=11)


@pytest.mark.parametrize("config", CONFIGS, ids=["-".join(f"{k}={v}" for k, v in c.items()) or "standard"
                                                 for c in CONFIGS])
def test_every_variant_once_with_the_checks_often(config):
    n = 2 + len(config) * 2 % 5
    _full_walk(config, n, seed=n * 1000 + len(config), walk=7, heavy_every=4)


@QUICK
@given(setups, seeds, walks)
def test_every_game_ends_conserves_cards_and_replays_the_same(setup, seed, walk):
    config, n = setup
    state, log = play_game(config, n, seed, walk)
    check_end(state, log)
    check_codec(state)
    check_deterministic(state, log, config, n, seed)


@QUICK
@given(setups, seeds, walks, st.integers(min_value=0, max_value=300))
def test_save_mid_game_then_load_gives_the_same_state_and_the_same_future(setup, seed, walk, stop):
    config, n = setup
    state, _ = play_game(config, n, seed, walk, stop_at=stop)
    check_codec(state)
    resumed = PkState.from_json(json.loads(json.dumps(state.to_json())))
    assert resumed == state
    a, log_a = play_from(state.copy(), walk + 1)
    b, log_b = play_from(resumed, walk + 1)
    assert a == b and a.to_json() == b.to_json()
    assert [e for _, _, e in log_a] == [e for _, _, e in log_b]


@FAST
@given(setups, seeds, walks, st.integers(min_value=0, max_value=250))
def test_determinize_gives_a_valid_state_with_the_same_view_for_every_seat(setup, seed, walk, stop):
    config, n = setup
    state, _ = play_game(config, n, seed, walk, stop_at=stop)
    check_views(state, random.Random(walk))


@pytest.mark.soak
@SOAK
@given(setups, seeds, walks)
def test_soak_random_play_keeps_every_property(setup, seed, walk):
    config, n = setup
    _full_walk(config, n, seed, walk, heavy_every=4)


def test_same_seed_same_game_different_seed_different_game():
    a, log_a = play_game({}, 4, 123, 9)
    b, log_b = play_game({}, 4, 123, 9)
    c, _ = play_game({}, 4, 124, 9)
    assert a == b and [x[2] for x in log_a] == [x[2] for x in log_b]
    assert a != c


def test_copy_is_independent():
    state = RULES.new_game({}, 1, 3)
    twin = state.copy()
    RULES.apply(state, Draw(0), state.turn)
    assert twin != state and twin.rng is not state.rng
    assert twin.decks[0] is not state.decks[0] and twin.hands[state.turn] is not state.hands[state.turn]
    assert all(a is not b for a, b in zip(twin.known, state.known))


def test_random_play_reaches_every_card_and_answer():
    """The random policy does reach the engine's paths (so the properties cover them)."""
    played, evaded, defended, events, frames = Counter(), Counter(), Counter(), Counter(), Counter()
    for seed in range(24):
        config = CONFIGS[seed % len(CONFIGS)]
        _, log = play_game(config, 2 + seed % 5, seed, seed, visit=lambda s, a, lg: frames.update(
            f.kind for f in s.stack))
        for _, _, es in log:
            events.update(e.kind for e in es)
            played.update(e.card.code for e in es if e.kind == "played")
            evaded.update(e.card.code for e in es if e.kind == "evaded")
            defended.update(e.card.code for e in es if e.kind == "defended")
    actions = {c.code for c in ALL_CARDS if c.kind in ("action", "predicament")}
    assert actions - {"BARRICADE", "BEHIND", "TRIP"} <= set(played), actions - set(played)
    assert {"DTAP", "SLAM", "BOOBY"} <= set(evaded) and {"BARRICADE", "BEHIND"} <= set(defended)
    assert {"tripped", "cancelled", "kept", "stopped", "deck_gone", "took_back", "took_discard", "reversed",
            "silenced", "looked", "shuffled_in", "gave", "returned", "attacked", "injured"} <= set(events)
    assert {"window", "attack", "drawn", "hold", "again", "draws", "target", "deck", "at", "pick",
            "turn_end"} <= set(frames)


def _mid_game_states(count=12, moves=120, n=4):
    for seed in range(count):
        state = RULES.new_game({}, seed, n)
        rng = random.Random(seed)
        for _ in range(moves):
            if RULES.result(state) is not None:
                break
            seat = rng.choice(RULES.to_act(state))
            RULES.apply(state, rng.choice(RULES.legal_actions(state, seat)), seat)
        if RULES.result(state) is None:
            yield state


def test_determinize_never_deals_a_psycho_killer_into_a_hand():
    from cutthroat.games.psycho_killer.state import may_hold
    for state in _mid_game_states():
        for seat in range(state.n):
            for k in range(3):
                det = RULES.determinize(RULES.view(state, seat), random.Random(k))
                assert not any(c.code == "PK" for h in det.hands for c in h)
                assert not any(c.kind == "predicament" for q, h in enumerate(det.hands) if not may_hold(det, q)
                               for c in h)
                waiting = sum(c.code == "PK" for f in det.stack for c in (f.card, *f.picks) if c is not None
                              and f.kind in ("drawn", "deck", "at"))
                assert sum(s.card.code == "PK" for d in det.decks for s in d) == 5 - det.pks - waiting
