"""Kill Your Friends split by job: the state written once (validate holds after every action,
format-1 saves load and re-encode unchanged), views round-trip through JSON, the game-over
figures counted by `tally` from public events, and the shared sentences of `text`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cutthroat.games.kill_your_friends import text
from cutthroat.games.kill_your_friends.rules import (
    RULES,
    Attack,
    KyfState,
    KyfView,
    PlayChaos,
    PlayReaper,
    LOSE_LIFE,
    REAPER_SAVE,
    Save,
)
from helpers_kyf import C, play, position

ROOT = Path(__file__).resolve().parents[1]
SETUPS = (
    [({}, n) for n in range(2, 7)]
    + [({"sudden-death": "on"}, n) for n in (5, 8)]
    + [({"kill-joy": "remove"}, 3), ({"kill-joy": "once"}, 4)]
    + [({"co-op": "on"}, 4), ({"co-op": "on", "sudden-death": "on"}, 8)]
    + [({"head-hunter": "3"}, 3)]
)
NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def random_game(config, n, seed):
    """(state before, seat, action, events) for each move of a seeded random game."""
    state = RULES.new_game(config, seed, n)
    rng = random.Random(seed)
    while RULES.result(state) is None:
        before = state.copy()
        seat = state.turn
        action = rng.choice(RULES.legal_actions(state, seat))
        yield before, seat, action, RULES.apply(state, action, seat)
    yield state, None, None, []


@pytest.mark.parametrize("config,n", SETUPS)
def test_validate_holds_after_every_action(config, n):
    for state, *_ in random_game(config, n, seed=n * 31 + len(config)):
        state.validate()  # conservation, lengths, seat numbers
        assert KyfState.from_json(json.loads(json.dumps(state.to_json()))) == state


@pytest.mark.parametrize("config,n", SETUPS[::2])
def test_views_of_every_seat_round_trip_through_json_mid_game(config, n):
    for step, (state, *_) in enumerate(random_game(config, n, seed=7 + n)):
        if step % 5:
            continue
        for seat in list(range(n)) + [None]:
            view = RULES.view(state, seat)
            data = json.loads(json.dumps(view.to_json()))
            back = KyfView.from_json(data)
            assert back == view and type(back.hand) is tuple
            assert RULES.view_type.from_json(data) == view


def test_a_view_with_face_up_cards_and_the_reaper_out_round_trips():
    state = position(3, hands={0: "R1 B1", 1: "B2 G1"}, attack={1: "B1"}, known_bottom="R2 R3",
                     reaper_on=2, reaper_by=0)
    view = RULES.view(state, 0)
    assert view.deck_known and view.reaper_on == 2
    data = view.to_json()
    assert data["deck_known"][:2] == [[0, "R2"], [1, "R3"]] and data["seat"] == 0
    assert KyfView.from_json(json.loads(json.dumps(data))) == view


def test_a_format_1_save_loads_and_encodes_exactly_as_written():
    doc = json.loads((ROOT / "tests" / "data" / "kyf-revision-1.json").read_text(encoding="utf-8"))
    state = RULES.decode_state(doc["state"])
    assert isinstance(state, KyfState)
    again = state.to_json()
    assert again == doc["state"] and list(again) == list(doc["state"])  # same keys, same order
    assert json.dumps(RULES.encode_state(state)) == json.dumps(doc["state"])


def test_a_broken_state_names_the_field_in_one_line():
    data = position(3).to_json()
    data["points"] = [0, 0]
    with pytest.raises(ValueError, match="^points must be a list of 3$"):
        KyfState.from_json(data)


# --- tally: the game-over figures ---------------------------------------------------------------
def game_stats_by_replay(config, n, seed, log):
    """The figures as the old game-over screen counted them, by replaying the log (the reference
    `tally` must agree with)."""
    stats = [{key: 0 for key in ("attacks", "saves", "took", "picked")} for _ in range(n)]
    state = RULES.new_game(config, seed, n)
    for seat, action in log:
        for event in RULES.apply(state, action, seat):
            kind = event.kind
            if kind == "attacked":
                stats[event.seat]["attacks"] += 1
            elif kind == "saved":
                stats[event.seat]["saves"] += 1
            elif kind == "life_lost" and 0 <= event.killer < n and event.killer != event.seat:
                stats[event.killer]["took"] += 1
            elif kind == "picked_up":
                stats[event.seat]["picked"] += event.count
    return stats


@pytest.mark.parametrize("config,n,seed", [({}, 4, 1), ({}, 3, 2), ({"co-op": "on"}, 4, 3),
                                            ({"head-hunter": "2"}, 3, 4), ({"sudden-death": "on"}, 6, 5),
                                            ({}, 2, 6)])
def test_tally_counts_what_the_game_over_screen_counted(config, n, seed):
    stats = [{key: 0 for key, _ in RULES.stat_columns} for _ in range(n)]
    log = []
    for _, seat, action, events in random_game(config, n, seed):
        if action is not None:
            log.append((seat, action))
        for event in events:
            public = event.for_seat(None)
            if public is not None:
                RULES.tally(stats, public)
    assert stats == game_stats_by_replay(config, n, seed, log)
    assert all(sum(s[key] for s in stats) > 0 for key in ("attacks", "took", "picked"))


def test_tally_of_scripted_turns():
    """Ana attacks Bob; Bob, under Cy's and Ana's cards with no save, loses a life and picks up
    two (Ana's 3 took it); then, another time, Bob saves with his own 3."""
    events = play(position(3, hands={0: "B1 B1 B2", 1: "R1", 2: "R2"}), Attack(C("B1"), 1))
    events += play(position(3, hands={1: "B1 B2 R1 MD"}, attack={1: "B1 B2 B3"}, attackers={1: [2, 2, 0]},
                            turn=1, deck="G1 G2 G3"), LOSE_LIFE)
    events += play(position(3, hands={1: "B3 R1"}, attack={1: "B1 B2 B3"}, turn=1), Save(C("B3")))
    stats = [{key: 0 for key, _ in RULES.stat_columns} for _ in range(3)]
    for event in events:
        public = event.for_seat(None)
        if public is not None:
            RULES.tally(stats, public)
    assert stats == [{"attacks": 1, "saves": 0, "took": 1, "picked": 0},
                     {"attacks": 0, "saves": 1, "took": 0, "picked": 2},
                     {"attacks": 0, "saves": 0, "took": 0, "picked": 0}]


def test_stat_columns_name_the_figures():
    assert [key for key, _ in RULES.stat_columns] == ["attacks", "saves", "took", "picked"]
    assert all(heading for _, heading in RULES.stat_columns)


# --- text: one set of sentences for the rules and the table -------------------------------------
def test_describe_action_reads_the_seats_view():
    state = position(3, hands={0: "B3 REAPER R2 HS"}, attack={0: "R1", 1: "B1 B2"}, turn=0)
    view = RULES.view(state, 0)
    names = NAMES[:3]
    assert RULES.describe_action(view, Attack(C("B3"), 1), names) == "B3 on Bob's B2 — deadly!"
    assert RULES.describe_action(view, PlayReaper(REAPER_SAVE, 0), names) == "save yourself: clear the 1 card on you"
    assert RULES.describe_action(view, Save(C("R2")), names) == "save yourself with R2 (clears 1 card)"
    assert RULES.describe_action(view, PlayChaos(C("HS"), 2), names) == "swap hands with Cy (2 cards)"
    assert RULES.describe_action(view, RULES.legal_actions(state, 0)[0], names) == "Pick up a card"
    # Without names a seat is "Player n", as in the rules' refusals.
    assert text.describe_action(view, Attack(C("B3"), 1)) == "B3 on Player 2's B2 — deadly!"


def test_the_table_and_the_rules_give_one_sentence_for_one_situation():
    # A 3 on you: the hand note and the refusal of any other move say the same.
    state = position(3, hands={0: "B1 G1"}, attack={0: "R1 R2 R3"}, turn=0)
    view = RULES.view(state, 0)
    assert text.why_unplayable(view, C("B1"), NAMES) == text.why_illegal(state, Attack(C("B1"), 1)) \
        == text.why_illegal(view, Attack(C("B1"), 1)) == "A 3 is on you: only your own 3 or the Reaper saves you"
    # An attack that can't go on a seat: the same words whether the card or the move is refused.
    state = position(3, hands={0: "B2 G1"}, attack={1: "B1 B2 B3"}, turn=0)
    view = RULES.view(state, 0)
    reason = text.why_not_on(view, C("B2"), 1, NAMES)
    assert reason == "Bob has a 3 on top: nothing goes on top of a 3"
    assert text.why_illegal(state, Attack(C("B2"), 1)) == "Player 2 has a 3 on top: nothing goes on top of a 3"


def test_owes_in_the_order_the_rules_take_them():
    state = position(3, owe={1: 2}, reaper_on=1, reaper_by=0, attack={2: "G1 G2 G3"})
    view = RULES.view(state, None)
    assert text.owes(view, 1) == "picks up 2 (Death From Above)"
    assert text.owes(view, 1, you=True) == "you pick up 2 (Death From Above)"
    assert text.owes(view, 2) == "has a 3 on them" and text.owes(view, 0) == ""
