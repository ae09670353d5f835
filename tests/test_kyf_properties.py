"""Kill Your Friends: property tests over random legal play (hypothesis), every variant and
player count, plus the state codec's refusals of tampered states.

Each example plays one whole game from a seed with a seeded random policy and checks, at every
step: conservation, that every legal action applies and others are refused with the state
unchanged, hidden information (views, determinize, events), and the codec round trip; at the end:
that the game ended in time, save → load gives the identical state, and replay is deterministic.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cutthroat import saves
from cutthroat.engine.codec import decoder, encode
from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.kill_your_friends.cards import ALL_CARDS, REAPER
from cutthroat.games.kill_your_friends.rules import (
    DRAW,
    FACE_REAPER,
    LOSE_LIFE,
    MAX_ACTIONS,
    OVER,
    PASS,
    REAPER_KILL,
    REAPER_RESURRECT,
    REAPER_SAVE,
    REVEAL,
    RULES,
    TAKE_TWO,
    Attack,
    Dump,
    KyfView,
    PickedUp,
    PlayChaos,
    PlayReaper,
    Save,
    unseen_cards,
)
from cutthroat.saves import SaveData, Seat
from helpers_kyf import assert_conserved, full_deck, position

encode_state, decode_state = RULES.encode_state, RULES.decode_state  # the state's own codec (KyfState)

FAST = settings(max_examples=12, deadline=None, derandomize=False,
                suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOAK = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Every setup worth playing: each player count and each variant (and some combinations).
SETUPS: list[tuple[dict[str, str], int]] = (
    [({}, n) for n in range(2, 7)]
    + [({"sudden-death": "on"}, n) for n in range(2, 9)]
    + [({"kill-joy": "remove"}, n) for n in (2, 4)]
    + [({"kill-joy": "once"}, n) for n in (3, 5)]
    + [({"co-op": "on"}, n) for n in (4, 6)]
    + [({"co-op": "on", "sudden-death": "on"}, 8)]
    + [({"co-op": "on", "kill-joy": "once"}, 4)]
    + [({"head-hunter": "3"}, n) for n in (2, 3, 5)]
    + [({"head-hunter": "5", "sudden-death": "on"}, 4)]
    + [({"head-hunter": "2", "kill-joy": "remove"}, 3)]
)
setups = st.sampled_from(SETUPS)
seeds = st.integers(min_value=0, max_value=2 ** 63)
walks = st.integers(min_value=0, max_value=2 ** 32)
#: A finished game takes at most MAX_ACTIONS actions; the margin covers nothing (it must stop).
LIMIT = MAX_ACTIONS + 10


def universe(n: int) -> list:
    """Every action shape with indices in and just out of range."""
    seats = range(-1, n + 1)
    acts = [DRAW, PASS, REVEAL, TAKE_TWO, FACE_REAPER, LOSE_LIFE]
    for card in ALL_CARDS:
        acts.append(Save(card))
        acts.append(PlayChaos(card))
        for v in seats:
            acts += [Attack(card, v), Dump(card, v), PlayChaos(card, v)]
    for use in (REAPER_KILL, REAPER_SAVE, REAPER_RESURRECT, "nonsense"):
        acts += [PlayReaper(use, v) for v in seats]
    return acts


def play_game(config, n, seed, walk, visit=None, stop_at=None):
    """Play a whole game (or `stop_at` actions) with a seeded random policy that prefers
    plays over picking up a little, so attacks, 3s and Chaos cards happen often."""
    state = RULES.new_game(config, seed, n)
    rng = random.Random(walk)
    log = []
    while RULES.result(state) is None and (stop_at is None or len(log) < stop_at):
        assert len(log) <= LIMIT, "the game didn't end"
        legal = RULES.legal_actions(state, state.turn)
        assert legal, "a seat to move with nothing to do"
        plays = [a for a in legal if a.kind not in ("draw", "pass")]
        action = rng.choice(plays if plays and rng.random() < 0.6 else legal)
        if visit is not None:
            visit(state, legal, action, log)
        seat = state.turn
        events = RULES.apply(state, action, seat)
        log.append((seat, action, events))
    return state, log


# --- the per-step checks ----------------------------------------------------------------------


def check_conserved(state, start_counter):
    assert Counter(state.all_cards()) == start_counter
    assert_conserved(state)
    assert sum(x is REAPER for x in state.all_cards()) == 1


def check_legal_apply_and_illegal_refused(state, legal, rng, pool):
    before = state.copy()
    for action in legal:  # every legal action applies (on a copy) and keeps the cards
        twin = state.copy()
        RULES.apply(twin, action, state.turn)
        assert Counter(twin.all_cards()) == Counter(state.all_cards())
    assert state == before
    candidates = rng.sample(pool, min(6, len(pool)))
    # Actions legal for another seat (or in another state) are refused here unless legal now.
    for other in range(state.n):
        if other != state.turn and not state.out[other]:
            twin = state.copy()
            twin.turn = other
            theirs = RULES.legal_actions(twin, other)
            candidates += rng.sample(theirs, min(2, len(theirs)))
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as info:
            RULES.apply(state, action, state.turn)
        assert info.value.reason and "\n" not in info.value.reason
        assert state == before
    # A legal action from the wrong seat is refused too.
    for other in range(state.n):
        if other != state.turn:
            with pytest.raises(IllegalAction):
                RULES.apply(state, legal[0], other)
            assert RULES.legal_actions(state, other) == []
    assert state == before


def hidden_reshuffle(state, seat, rng):
    """The same position with every card `seat` can't see dealt differently (same counts)."""
    alt = state.copy()
    hidden = [c for q in range(state.n) if q != seat for c in state.hands[q]]
    slots = [i for i, k in enumerate(state.deck_known) if not k]
    hidden += [state.deck[i] for i in slots]
    rng.shuffle(hidden)
    for q in range(state.n):
        if q != seat:
            k = len(state.hands[q])
            alt.hands[q], hidden = hidden[:k], hidden[k:]
    for i in slots:
        alt.deck[i] = hidden.pop()
    assert not hidden
    return alt


def check_hidden_information(state, rng):
    start = full_deck(state)
    for seat in list(range(state.n)) + [None]:
        view = RULES.view(state, seat)
        assert isinstance(view, KyfView) and view.seat == seat
        assert list(view.hand) == (state.hands[seat] if seat is not None else [])
        assert view.hand_counts == tuple(len(h) for h in state.hands)
        assert view.deck_count == len(state.deck)
        # The view depends only on what the seat may see: re-deal everything hidden from it
        # and the view is the same.
        alt = hidden_reshuffle(state, seat, rng)
        assert RULES.view(alt, seat) == view
        # No field of the view but `hand` holds another seat's cards as a list of cards.
        for name in KyfView.__dataclass_fields__:
            if name in ("hand", "attack", "graveyard", "middle", "deck_known"):
                continue
            value = getattr(view, name)
            assert not (isinstance(value, tuple) and value and isinstance(value[0], tuple)
                        and value[0] and type(value[0][0]).__name__ == "KyfCard"), name
        # determinize keeps everything in the view and conserves cards.
        det = RULES.determinize(view, random.Random(rng.random()))
        assert RULES.view(det, seat) == view
        assert Counter(det.all_cards()) == start
        if seat is not None:
            assert det.hands[seat] == state.hands[seat]
        for i, card in view.deck_known:
            assert det.deck[i] is card and det.deck_known[i]
        assert Counter(unseen_cards(view)) == Counter(
            [c for q in range(state.n) if q != seat for c in state.hands[q]]
            + [c for c, k in zip(state.deck, state.deck_known) if not k])


def check_events_for_seats(events, n):
    for event in events:
        for seat in list(range(n)) + [None]:
            seen = event.for_seat(seat)
            if isinstance(event, PickedUp):
                assert seen is not None and seen.count == event.count
                if seat == event.seat:
                    assert seen.cards == event.cards
                else:
                    assert seen.cards == (), (seat, event)
            assert seen is None or seen.describe(["A", "B", "C", "D", "E", "F", "G", "H"])


def check_codec(state):
    data = encode_state(state)
    text = json.dumps(data)
    back = decode_state(json.loads(text))
    assert back == state
    assert encode_state(back) == data
    assert RULES.decode_state(RULES.encode_state(state)) == state


def check_end(state, log, config, n, seed):
    assert state.phase == OVER and RULES.result(state) is not None
    assert len(log) <= MAX_ACTIONS
    assert RULES.legal_actions(state, state.turn) == [] and RULES.to_act(state) == []
    result = RULES.result(state)
    assert result.winners == state.winners and len(result.scores) == n
    assert state.how in ("last-standing", "empty-hand", "reveal", "stalemate", "kill-target")
    if state.head_hunter:
        assert state.how in ("kill-target", "stalemate") and not any(state.out)
        assert result.scores == state.points
    else:
        assert state.how != "kill-target"
        if not state.co_op:  # in Co-op a dead partner shares the team's win
            assert all(not state.out[w] for w in state.winners)
        if state.how == "empty-hand":
            assert any(not state.hands[w] for w in state.winners)
    if state.co_op:  # a team wins together
        assert set(state.winners) == {m for w in state.winners
                                      for m in range(n) if state.teams[m] == state.teams[w]}


def check_save_round_trip(state, log, config, n, seed):
    data = SaveData("kill-your-friends", dict(config), [Seat("bot", f"Bot {i}", "random")
                                                        for i in range(n)],
                    seed, [(seat, action) for seat, action, _ in log], state)
    with tempfile.TemporaryDirectory() as tmp:
        path = saves.write(Path(tmp) / "kyf.json", data)
        back = saves.read(path)
    assert back.state == state
    assert encode_state(back.state) == encode_state(state)
    assert [a for _, a in back.log] == [a for _, a, _ in log]
    # Actions survive the codec one by one too.
    decode = decoder(RULES.action_types)
    for _, action, _ in log:
        assert decode(json.loads(json.dumps(encode(action)))) == action


def check_deterministic(state, log, config, n, seed):
    again = RULES.new_game(config, seed, n)
    for seat, action, events in log:
        assert RULES.apply(again, action, seat) == events
    assert again == state


# --- the properties ---------------------------------------------------------------------------


def _full_walk(config, n, seed, walk, heavy_every=1):
    """Every property on one game."""
    rng = random.Random(walk ^ 0x5EED)
    start = full_deck(RULES.new_game(config, seed, n))
    pool: list = universe(n)
    seen_actions: list = []

    def visit(state, legal, action, log):
        check_conserved(state, start)
        step = len(log)
        if step % heavy_every == 0:
            check_legal_apply_and_illegal_refused(state, legal, rng, pool + seen_actions[-40:])
            check_hidden_information(state, rng)
            check_codec(state)
        if log:
            check_events_for_seats(log[-1][2], n)
        seen_actions.extend(legal)

    state, log = play_game(config, n, seed, walk, visit)
    check_conserved(state, start)
    check_events_for_seats(log[-1][2], n)
    check_codec(state)
    check_end(state, log, config, n, seed)
    check_save_round_trip(state, log, config, n, seed)
    check_deterministic(state, log, config, n, seed)
    return state, log


@FAST
@given(setups, seeds, walks)
def test_random_play_keeps_every_property(setup, seed, walk):
    config, n = setup
    _full_walk(config, n, seed, walk, heavy_every=3)


@pytest.mark.parametrize("config,n", SETUPS, ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in c.items()) or 'standard'}"
                                                   for c, n in SETUPS])
def test_every_setup_once_with_every_check_at_every_step(config, n):
    _full_walk(config, n, seed=n * 1000 + len(config), walk=7, heavy_every=1)


@QUICK
@given(setups, seeds, walks)
def test_every_game_ends_conserves_cards_and_saves(setup, seed, walk):
    config, n = setup
    start = full_deck(RULES.new_game(config, seed, n))
    state, log = play_game(config, n, seed, walk,
                           visit=lambda s, legal, a, log: check_conserved(s, start))
    check_end(state, log, config, n, seed)
    check_codec(state)
    check_deterministic(state, log, config, n, seed)


@QUICK
@given(setups, seeds, walks, st.integers(min_value=0, max_value=120))
def test_save_mid_game_loads_identical_and_resumes_identically(setup, seed, walk, stop):
    config, n = setup
    state, log = play_game(config, n, seed, walk, stop_at=stop)
    check_save_round_trip(state, log, config, n, seed)
    if RULES.result(state) is None:
        resumed = RULES.decode_state(json.loads(json.dumps(RULES.encode_state(state))))
        rest_a, _ = _continue(state, walk)
        rest_b, _ = _continue(resumed, walk)
        assert rest_a == rest_b


def _continue(state, walk):
    state = state.copy()
    rng = random.Random(walk + 1)
    steps = 0
    while RULES.result(state) is None and steps < 200:
        RULES.apply(state, rng.choice(RULES.legal_actions(state, state.turn)), state.turn)
        steps += 1
    return state, steps


def test_copy_is_independent():
    state = RULES.new_game({}, 1, 3)
    twin = state.copy()
    RULES.apply(state, RULES.legal_actions(state, state.turn)[0], state.turn)
    assert twin != state
    assert twin.rng is not state.rng
    assert twin.hands is not state.hands and all(a is not b for a, b in zip(twin.hands, state.hands))


def test_many_seeds_reach_every_kind_of_ending():
    hows = Counter()
    for seed in range(120):
        config, n = SETUPS[seed % len(SETUPS)]
        state, _ = play_game(config, n, seed, seed)
        hows[state.how] += 1
    assert {"last-standing", "empty-hand", "reveal", "kill-target"} <= set(hows), hows


# --- soak ------------------------------------------------------------------------------------


@pytest.mark.soak
@SOAK
@given(setups, seeds, walks)
def test_soak_all_properties(setup, seed, walk):
    config, n = setup
    _full_walk(config, n, seed, walk, heavy_every=1)


# --- the state codec refuses tampered states --------------------------------------------------


def _data(**kw):
    state = position(3, hands={0: "R1 B1", 1: "B2 G1"}, attack={1: "B1"}, **kw)
    return encode_state(state)


def _refused(data, *fragments):
    with pytest.raises(ValueError) as info:
        decode_state(data)
    message = str(info.value)
    assert message and "\n" not in message
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    return message


def test_codec_round_trip_of_a_constructed_position():
    data = _data(reaper_on=2, reaper_by=0)
    assert encode_state(decode_state(json.loads(json.dumps(data)))) == data


def test_codec_refuses_a_missing_card():
    data = _data()
    data["deck"].pop()
    data["deck_known"].pop()
    _refused(data, "don't add up")


def test_codec_refuses_a_duplicated_card():
    data = _data()
    data["hands"][0].append("R1")
    _refused(data, "don't add up")
    data = _data()
    data["hands"][2].append("REAPER")  # a second Reaper in a hand
    _refused(data, "don't add up")


def test_codec_refuses_a_swapped_card():
    data = _data()
    data["hands"][0][0] = "Y1"  # a colour not in the game
    _refused(data, "don't add up")


def test_codec_refuses_the_reaper_in_two_places():
    data = _data(reaper_on=2, reaper_by=0)
    data["deck"][0] = "REAPER"
    _refused(data, "Reaper is in two places")


def test_codec_refuses_unknown_cards():
    data = _data()
    data["deck"][0] = "Z9"
    _refused(data, "not a Kill Your Friends card")
    data = _data()
    data["hands"][0][0] = 5
    _refused(data, "not a Kill Your Friends card")
    data = _data()
    data["hands"][0][0] = ["R1"]
    _refused(data, "not a Kill Your Friends card")


@pytest.mark.parametrize("field,value,fragment", [
    ("n", "3", "n must be"),
    ("n", True, "n must be"),
    ("n", 9, "n must be"),
    ("turn", 3, "turn must be"),
    ("turn", 1.0, "turn must be"),
    ("hands", {"0": []}, "hands must be a list"),
    ("hands", [[], []], "hands must be a list of 3"),
    ("lives", [[True, True, True]] * 3, "one or two life cards"),
    ("lives", [[1, 1]] * 3, "true/false"),
    ("out", [False, False, "no"], "out must hold true/false"),
    ("out", [False, False], "out"),
    ("deck_known", [], "deck_known must match"),
    ("direction", 0, "direction"),
    ("kill_joy", "sometimes", "kill_joy"),
    ("co_op", "on", "co_op"),
    ("phase", "lunch", "phase"),
    ("rng", -1, "rng"),
    ("rng", "1", "rng"),
    ("attackers", [[], [], []], "attackers must match"),
    ("reaper_on", 5, "reaper_on"),
    ("head_hunter", 99, "head_hunter"),
    ("how", 3, "how"),
    ("colours", [0, 1, 9], "colours"),
    ("teams", [0, 1, 3], "teams"),
    ("winners", [7], "winners"),
])
def test_codec_refuses_wrong_types_and_ranges(field, value, fragment):
    data = _data()
    data[field] = value
    _refused(data, fragment)


def test_codec_refuses_missing_and_unexpected_fields_and_non_objects():
    data = _data()
    del data["deck"]
    _refused(data, "'deck' missing")
    data = _data()
    data["cheat"] = True
    _refused(data, "'cheat' unexpected")
    _refused([], "object")
    _refused(None, "object")


def test_a_tampered_save_is_refused_with_one_line():
    state = RULES.new_game({}, 3, 3)
    data = SaveData("kill-your-friends", {}, [Seat("human", "A"), Seat("bot", "B", "random"),
                                                 Seat("bot", "C", "random")], 3, [], state)
    doc = saves.to_json(data)
    doc["state"]["hands"][0].append("REAPER")
    with pytest.raises(saves.SaveError) as info:
        saves.parse(json.dumps(doc).encode("utf-8"))
    assert "\n" not in str(info.value) and "state" in str(info.value)
    # Same snapshot, wrong log: the replay doesn't land on it.
    doc = saves.to_json(data)
    seat = state.turn
    doc["log"] = [{"seat": seat, "action": encode(DRAW)}]
    with pytest.raises(saves.SaveError) as info:
        saves.parse(json.dumps(doc).encode("utf-8"))
    assert "doesn't match" in str(info.value)
