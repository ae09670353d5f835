"""Stab Your Friends: property tests over random legal play (hypothesis), every player count and
both royal call-out modes, with random out-of-turn call-outs mixed in.

Each example plays one whole game from a seed with a seeded random policy and checks, at every
step: the cards add up (`validate()`), and at sampled steps: every legal action applies, illegal
ones are refused with a one-line reason and the state unchanged, no view leaks a face-down card
(`scramble` and `determinize` keep every seat's view), and the state codec round trip; at the
end: the game ended with a winner still in, and the same seed and actions replay the same game.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cutthroat import saves
from cutthroat.engine.codec import decoder, encode
from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.stab_your_friends.cards import ALL_CARDS, BOW, FIREBALL, GOBBLIN_HANDS, build_deck
from cutthroat.games.stab_your_friends.rules import (
    ACTIVATE,
    DRAW,
    KEEP,
    RULES,
    CallOut,
    Move,
    Place,
    Placed,
    Target,
)
from cutthroat.games.stab_your_friends.state import ACTIVATING, DRAWING, MAX_ROUNDS, OVER, PLAYING, SyfState, SyfView
from cutthroat.saves import SaveData, Seat

FAST = settings(max_examples=25, deadline=None, derandomize=False, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SETUPS: list[tuple[dict[str, str], int]] = (
    [({}, n) for n in range(2, 9)]
    + [({"royal-call-out": "crown"}, n) for n in (2, 4, 6)]
    + [({"royal-call-out": "anyone"}, n) for n in (3, 5, 8)]
    + [({"first-royal": "2", "royal-call-out": "anyone"}, 2), ({"first-royal": "4"}, 4)]
)
setups = st.sampled_from(SETUPS)
seeds = st.integers(min_value=0, max_value=2 ** 63)
walks = st.integers(min_value=0, max_value=2 ** 32)
#: No game may outlast the round limit; random play ends in about ten rounds.
LIMIT = MAX_ROUNDS * 80
DECK = Counter(build_deck())


def play_game(config, n, seed, walk, visit=None, stop_at=None, call_rate=0.03):
    """A whole game (or `stop_at` actions) under a seeded random policy; with the house rule on,
    now and then a random seat that may call someone out does so, out of turn."""
    state = RULES.new_game(config, seed, n)
    rng = random.Random(walk)
    log = []
    while RULES.result(state) is None and (stop_at is None or len(log) < stop_at):
        assert len(log) <= LIMIT, "the game didn't end"
        seat = state.turn
        legal = RULES.legal_actions(state, seat)
        assert legal, "a seat to move with nothing to do"
        assert RULES.to_act(state) == [seat]
        action = rng.choice(legal)
        if state.call_out != "off" and rng.random() < call_rate:
            callers = [q for q in range(n) if RULES.anytime_actions(state, q)]
            if callers:
                seat = rng.choice(callers)
                action = rng.choice(RULES.anytime_actions(state, seat))
        if visit is not None:
            visit(state, legal, action, log)
        events = RULES.apply(state, action, seat)
        state.validate()
        log.append((seat, action, events))
    return state, log


# --- the per-step checks ----------------------------------------------------------------------


def check_conserved(state):
    state.validate()
    assert Counter(state.all_cards()) == DECK
    assert len(state.all_cards()) == 60


def illegal_candidates(state, rng) -> list[tuple[int, object, str]]:
    """(seat, action, a fragment its reason must hold, or "") that must be refused here."""
    seat, n, phase, active = state.turn, state.n, state.phase, state.active
    out = []
    not_held = rng.choice([c for c in ALL_CARDS if c not in state.hands[seat]])
    living = state.in_game()
    gone = [q for q in range(n) if state.out[q]]
    out.append((seat, Place(not_held, rng.choice(living)),
                f"You don't hold a {not_held.name}" if phase == PLAYING else ""))
    if state.hands[seat] and gone:
        out.append((seat, Place(state.hands[seat][0], rng.choice(gone)), "is out of the game" * (phase == PLAYING)))
    out.append((seat, Place(ALL_CARDS[0], n), ""))
    choosing_target = active is not None and active.card in (BOW, FIREBALL)
    out.append((seat, Target(seat), "pick another player, not yourself" if choosing_target else ""))
    out.append((seat, Move(seat, 0, seat), ""))
    out.append((seat, Move(rng.randrange(n), 99, rng.randrange(n)), ""))
    for q in living:
        for i, f in enumerate(state.fronts[q]):
            if f.card is GOBBLIN_HANDS:
                gob = active is not None and active.card is GOBBLIN_HANDS
                out.append((seat, Move(q, i, (q + 1) % n), "can't move another Gobblin Hands" * gob))
    if phase != DRAWING:
        out.append((seat, DRAW, ""))
    if phase != ACTIVATING or active is not None:
        out.append((seat, ACTIVATE, ""))
    if active is None or active.card is not GOBBLIN_HANDS:
        out.append((seat, KEEP, ""))
    if choosing_target:
        out += [(seat, Target(q), "is out of the game") for q in gone]
    # The right move from the wrong seat.
    legal = RULES.legal_actions(state, seat)
    out += [(q, legal[0], f"It is Player {seat + 1}'s move, not yours") for q in range(n) if q != seat]
    # Call-outs nobody may make: the house rule off, not the royal, oneself, someone out, someone else's.
    for caller in range(n):
        allowed = RULES.anytime_actions(state, caller)
        for target in range(n):
            if CallOut(caller, target) not in allowed:
                out.append((caller, CallOut(caller, target), "it is off" if state.call_out == "off" else ""))
        other = CallOut((caller + 1) % n, (caller + 2) % n)
        out.append((caller, other, "" if state.call_out == "off" else f"Player {other.caller + 1}'s to make"))
    return [(q, a, why) for q, a, why in out
            if not (q == seat and a in legal) and a not in RULES.anytime_actions(state, q)]


def check_legal_apply_and_illegal_refused(state, legal, rng):
    before = state.to_json()
    twin = state.copy()
    for action in rng.sample(legal, min(8, len(legal))):
        other = state.copy()
        RULES.apply(other, action, state.turn)
        check_conserved(other)
    for seat in range(state.n):
        for action in RULES.anytime_actions(state, seat)[:2]:
            other = state.copy()
            RULES.apply(other, action, seat)
            check_conserved(other)
    for seat, action, why in illegal_candidates(state, rng):
        with pytest.raises(IllegalAction) as info:
            RULES.apply(state, action, seat)
        reason = info.value.reason
        assert reason and reason.strip() and "\n" not in reason, (action, reason)
        assert why in reason, (action, why, reason)
        assert not RULES.is_legal(state, action, seat)
    assert state.to_json() == before and state == twin


def check_views(state, rng):
    for seat in [*range(state.n), None]:
        view = RULES.view(state, seat)
        assert isinstance(view, SyfView) and view.seat == seat
        assert list(view.hand) == (state.hands[seat] if seat is not None else [])
        assert view.hand_counts == tuple(len(h) for h in state.hands)
        assert view.deck_count == len(state.deck) and view.deck_top == (state.deck[-1] if state.deck else None)
        # A seat never sees another seat's face-down card.
        for q, fronts in enumerate(view.fronts):
            for i, f in enumerate(fronts):
                real = state.fronts[q][i]
                if real.face_up or real.by == seat:
                    assert f == real
                else:
                    assert f.card is None and f == real._replace(card=None)
        # The view depends only on what the seat may see.
        scrambled = RULES.scramble(state, seat, rng)
        check_conserved(scrambled)
        assert RULES.view(scrambled, seat) == view
        det = RULES.determinize(view, random.Random(rng.random()))
        check_conserved(det)
        assert RULES.view(det, seat) == view
        if seat is not None:
            assert det.hands[seat] == state.hands[seat]


def check_events_for_seats(events, n):
    names = [f"P{q}" for q in range(n)]
    for event in events:
        for seat in [*range(n), None]:
            seen = event.for_seat(seat)
            assert seen is not None and seen.kind == event.kind
            if isinstance(event, Placed) and not event.face_up and seat != event.seat:
                assert seen == Placed(event.seat, event.target, None, False)
            else:
                assert seen == event
            assert seen.describe(names)


def check_codec(state):
    data = state.to_json()
    back = SyfState.from_json(json.loads(json.dumps(data)))
    assert back == state and back.to_json() == data
    assert RULES.decode_state(RULES.encode_state(state)) == state


def check_end(state, log):
    assert state.phase == OVER and RULES.result(state) is not None
    assert RULES.legal_actions(state, state.turn) == [] and RULES.to_act(state) == []
    assert all(RULES.anytime_actions(state, q) == [] for q in range(state.n))
    result = RULES.result(state)
    assert result.winners == state.winners and len(result.scores) == state.n
    assert all(not state.out[w] and state.lives[w] > 0 for w in state.winners)
    if state.how == "last-standing":
        assert len(state.winners) == 1 and state.in_game() == state.winners
        assert sorted(state.eliminations) == [q for q in range(state.n) if q != state.winners[0]]
    else:
        assert state.how == "round-limit" and state.round == MAX_ROUNDS
    assert sorted(result.details["ranking"]) == list(range(state.n))


def check_deterministic(state, log, config, n, seed):
    again = RULES.new_game(config, seed, n)
    for seat, action, events in log:
        assert RULES.apply(again, action, seat) == events
    assert again == state and again.to_json() == state.to_json()


def check_save_round_trip(state, log, config, n, seed, tmp: Path):
    """Through the save format, out-of-turn call-outs included."""
    data = SaveData("stab-your-friends", dict(config), [Seat("bot", f"Bot {i}", "random") for i in range(n)],
                    seed, [(seat, action) for seat, action, _ in log], state)
    back = saves.read(saves.write(tmp / "syf.json", data))
    assert back.state == state and back.state.to_json() == state.to_json()
    assert [a for _, a in back.log] == [a for _, a, _ in log]
    decode = decoder(RULES.action_types)
    for _, action, _ in log:
        assert decode(json.loads(json.dumps(encode(action)))) == action


def _full_walk(config, n, seed, walk, heavy_every):
    rng = random.Random(walk ^ 0x5EED)

    def visit(state, legal, action, log):
        check_conserved(state)
        if len(log) % heavy_every == 0:
            check_legal_apply_and_illegal_refused(state, legal, rng)
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
    _full_walk(config, n, seed, walk, heavy_every=9)


@pytest.mark.parametrize("config,n", SETUPS, ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in c.items()) or 'standard'}"
                                                   for c, n in SETUPS])
def test_every_setup_once_with_the_checks_often(config, n):
    _full_walk(config, n, seed=n * 1000 + len(config), walk=7, heavy_every=5)


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
    state, log = play_game(config, n, seed, walk, stop_at=stop, call_rate=0.0)
    check_codec(state)
    resumed = SyfState.from_json(json.loads(json.dumps(state.to_json())))
    assert resumed == state
    a, _ = play_game_from(state.copy(), walk + 1)
    b, _ = play_game_from(resumed, walk + 1)
    assert a == b and a.to_json() == b.to_json()


def play_game_from(state, walk, steps=400):
    rng = random.Random(walk)
    k = 0
    while RULES.result(state) is None and k < steps:
        RULES.apply(state, rng.choice(RULES.legal_actions(state, state.turn)), state.turn)
        k += 1
    return state, k


@pytest.mark.parametrize("n", [2, 5, 8])
def test_a_finished_game_saves_and_loads_through_the_save_format(n, tmp_path):
    config = {"first-royal": "1", "royal-call-out": "anyone"}
    state, log = play_game(config, n, 40 + n, n, call_rate=0.02)
    assert any(action.kind == "call_out" for _, action, _ in log) or n == 2
    check_save_round_trip(state, log, config, n, 40 + n, tmp_path)


def test_call_outs_happen_and_the_games_still_end():
    """The random policy does reach the house rule's paths (so the properties cover them)."""
    kinds = Counter()
    for seed in range(12):
        config, n = ({"royal-call-out": "anyone"}, 3 + seed % 4)
        state, log = play_game(config, n, seed, seed, call_rate=0.05)
        check_end(state, log)
        kinds.update(a.kind for _, a, _ in log)
        kinds.update(e.kind for _, _, es in log for e in es)
    assert kinds["call_out"] > 20 and kinds["called_out"] == kinds["call_out"] and kinds["eliminated"] > 0
    assert {"move", "keep", "target", "place", "draw", "activate"} <= set(kinds)


def test_random_play_reaches_every_card_and_the_reshuffle():
    activated, events = Counter(), Counter()
    for seed in range(10):
        state, log = play_game({}, 2 + seed % 7, seed, seed)
        for _, _, es in log:
            events.update(e.kind for e in es)
            activated.update(e.card for e in es if e.kind == "activated")
    assert set(activated) == set(ALL_CARDS)
    assert {"reshuffled", "blocked", "healed", "skipped", "discarded", "moved", "eliminated", "game_won"} <= set(events)


def test_copy_is_independent():
    state = RULES.new_game({}, 1, 3)
    twin = state.copy()
    RULES.apply(state, DRAW, state.turn)
    assert twin != state and twin.rng is not state.rng
    assert twin.hands is not state.hands and all(a is not b for a, b in zip(twin.hands, state.hands))
    assert twin.fronts is not state.fronts and all(a is not b for a, b in zip(twin.fronts, state.fronts))


def test_same_seed_same_game_different_seed_different_game():
    a, log_a = play_game({}, 4, 123, 9)
    b, log_b = play_game({}, 4, 123, 9)
    c, _ = play_game({}, 4, 124, 9)
    assert a == b and [x[2] for x in log_a] == [x[2] for x in log_b]
    assert a != c


@pytest.mark.parametrize("phase", [DRAWING, PLAYING, ACTIVATING])
def test_views_hide_face_down_plays_in_each_phase(phase):
    """Deterministic sample: walk to the first state of `phase` with face-down plays (or any)."""
    for seed in range(30):
        state = RULES.new_game({}, seed, 4)
        rng = random.Random(seed)
        while state.phase != OVER:
            if state.phase == phase and (phase != PLAYING or any(not f.face_up for fs in state.fronts for f in fs)):
                check_views(state, rng)
                if phase == PLAYING:
                    hidden = [(q, i) for q, fs in enumerate(state.fronts) for i, f in enumerate(fs) if not f.face_up]
                    q, i = hidden[0]
                    placer = state.fronts[q][i].by
                    assert RULES.view(state, placer).fronts[q][i].card is state.fronts[q][i].card
                    for other in [s for s in range(4) if s != placer] + [None]:
                        assert RULES.view(state, other).fronts[q][i].card is None
                return
            RULES.apply(state, rng.choice(RULES.legal_actions(state, state.turn)), state.turn)
    pytest.fail(f"no {phase} state reached")
