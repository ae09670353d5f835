"""Exploding Kittens split by job: the state written once (its checks hold all game long, views
cross the JSON boundary unchanged, the saved shape is format 1's), the game-over figures counted
from public events, the host's reaction hooks, and what a seat works out from its view."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.exploding_kittens import knowledge, text
from cutthroat.games.exploding_kittens.recipes import RECIPES
from cutthroat.games.exploding_kittens.rules import (
    DRAW,
    R_BURY,
    R_END,
    R_UP,
    REINSERT,
    RULES,
    WINDOW,
    EkState,
    EkView,
    Frame,
    Pass,
    Play,
    PlayNope,
)
from helpers_ek import C, act, all_pass, legal, position

SETUPS = [({"recipe": rid}, p) for rid, r in RECIPES.items() if rid != "custom"
          for p in (r.min_players, r.max_players)]


def random_game(config, n, seed, visit=None):
    """A whole game with a seeded random policy; `visit(state, log)` after every action."""
    state = RULES.new_game(config, seed, n)
    rng = random.Random(seed)
    log = []
    while RULES.result(state) is None:
        seats = RULES.to_act(state)
        seat = seats[rng.randrange(len(seats))]
        action = rng.choice(RULES.legal_actions(state, seat))
        events = RULES.apply(state, action, seat)
        log.append((seat, action, events))
        if visit is not None:
            visit(state, log)
    return state, log


# --- the state written once ---------------------------------------------------------------------
@pytest.mark.parametrize("config,n", SETUPS)
def test_validate_holds_after_every_action(config, n):
    """validate() is the decoder's cross-field check (conservation, lengths, seats …): every
    state the rules reach passes it."""
    random_game(config, n, seed=len(config["recipe"]) * 7 + n, visit=lambda s, log: s.validate())


def test_views_of_every_seat_round_trip_through_json_mid_game():
    checked = 0

    def visit(state, log):
        nonlocal checked
        if len(log) % 5:
            return
        for seat in list(range(state.n)) + [None]:
            view = RULES.view(state, seat)
            data = json.loads(json.dumps(view.to_json()))
            back = EkView.from_json(data)
            assert back == view and back.to_json() == data
            checked += 1

    for seed, (config, n) in enumerate(SETUPS[::3]):
        random_game(config, n, seed, visit)
    assert checked > 100


def test_the_saved_state_is_format_one():
    """Same keys as the hand-written codec wrote, frames as objects with all ten fields."""
    state = position(3, hands={0: "DEF SKIP", 1: "TACO"}, pile="EXP NOPE BEARD", rest="pile")
    state.stack.append(Frame(REINSERT, 0, "EXP", (C("EXP"),), data=R_END))
    state.pile.pop()
    state.up.pop()
    for known in state.seen:
        known.pop()
    data = state.to_json()
    assert list(data) == ["n", "recipe", "five", "counts", "hands", "marked", "pile", "up", "seen",
                          "discard", "limbo", "out", "eliminations", "turn", "direction", "owed",
                          "attacked", "itt", "barking", "stack", "phase", "winners", "actions", "rng"]
    assert data["stack"] == [{"kind": "reinsert", "seat": 0, "what": "EXP", "cards": ["EXP"], "target": -1,
                              "named": None, "nopes": 0, "last": -1, "mask": 0, "data": R_END}]
    assert all(isinstance(pair, list) and len(pair) == 2 for pair in data["counts"])
    assert isinstance(data["rng"], int)
    back = EkState.from_json(json.loads(json.dumps(data)))
    assert back == state and RULES.decode_state(data) == state


def test_decoding_checks_frames_against_the_player_count():
    state = position(3, hands={0: "DEF SKIP", 1: "TACO"}, pile="EXP NOPE BEARD", rest="pile")
    data = state.to_json()
    frame = {"kind": "window", "seat": 0, "what": "SKIP", "cards": ["SKIP"], "target": -1,
             "named": None, "nopes": 0, "last": -1, "mask": 0, "data": 0}
    for key, value, reason in [("seat", 3, "frame seat must be a whole number 0–2"),
                               ("target", 5, "frame target"), ("mask", 8, "frame mask"),
                               ("kind", "lunch", "kind"), ("nopes", -1, "nopes")]:
        bad = json.loads(json.dumps(data))
        bad["stack"] = [{**frame, key: value}]
        with pytest.raises(ValueError, match=reason):
            EkState.from_json(bad)


def test_a_reinsert_frame_must_hold_its_card():
    """A broken save with an empty reinsert frame is refused when loaded, not mid-game."""
    state = position(3, hands={0: "DEF SKIP", 1: "TACO"}, pile="NOPE BEARD", rest="pile")
    state.stack.append(Frame(REINSERT, 0, "EXP", (C("EXP"),), data=R_END))
    data = json.loads(json.dumps(state.to_json()))
    data["stack"][0]["cards"] = []
    with pytest.raises(ValueError, match="reinsert frame holds the one card"):
        EkState.from_json(data)


def test_counts_in_any_order_load_in_box_order_and_checking_changes_nothing():
    state = position(3, hands={0: "DEF SKIP", 1: "TACO"}, pile="EXP NOPE BEARD", rest="pile")
    data = json.loads(json.dumps(state.to_json()))
    data["counts"].reverse()
    back = EkState.from_json(data)
    assert back.counts == state.counts
    shuffled = back.copy()
    shuffled.counts = tuple(reversed(back.counts))
    shuffled.validate()
    assert shuffled.counts == tuple(reversed(back.counts))


def test_frame_flags_are_properties():
    f = Frame(REINSERT, 1, "BURY", (C("SKIP"),), data=R_BURY | R_END)
    assert f.buried and f.ends_turn and not f.face_up
    up = Frame(REINSERT, 1, "IMP", (C("IMP"),), data=R_UP | R_END)
    assert up.face_up and up.ends_turn and not up.buried
    # A Garbage Collection frame's data is seat bits, not flags.
    gc = Frame("gc", 0, "GARBAGE", (None,) * 3, mask=7, data=7)
    assert not (gc.face_up or gc.ends_turn or gc.buried)


# --- the game-over figures ----------------------------------------------------------------------
HOW_OUT = {"exploded": "exploded", "imploded": "imploded", "barked": "barked at"}


def game_stats(session):
    """The figures as the old game-over screen counted them, by replaying the log (the reference
    `tally` must agree with): per seat, cards played, Nopes, Defuses, steals, draws; how each
    eliminated seat went out."""
    n = len(session.seats)
    stats = [{key: 0 for key in ("played", "nopes", "defused", "steals", "drawn")} for _ in range(n)]
    how: dict[int, str] = {}
    state = RULES.new_game(session.config, session.seed, n)
    for seat, action in session.log:
        for event in RULES.apply(state, action, seat):
            kind = event.kind
            if kind == "played":
                stats[event.seat]["played"] += len(event.cards)
            elif kind == "noped":
                stats[event.seat]["nopes"] += 1
            elif kind == "defused":
                stats[event.seat]["defused"] += 1
            elif kind == "stolen" or (kind == "given" and event.had):
                stats[event.thief if kind == "stolen" else event.receiver]["steals"] += 1
            elif kind == "drew" and event.where != "bury":
                stats[event.seat]["drawn"] += 1
            elif kind == "eliminated":
                how[event.seat] = HOW_OUT.get(event.how, event.how)
    assert state == session.state
    return stats, how


def test_tally_counts_what_the_game_over_screen_counted():
    outs = 0
    for seed, (config, n) in enumerate(SETUPS):
        state, log = random_game(config, n, seed)
        stats = [{key: 0 for key, _ in RULES.stat_columns} for _ in range(n)]
        for _, _, events in log:
            for event in events:
                RULES.tally(stats, event.for_seat(None))
        session = SimpleNamespace(seats=[None] * n, rules=RULES, config=config, seed=seed,
                                  log=[(seat, action) for seat, action, _ in log], state=state)
        figures, how = game_stats(session)
        for q in range(n):
            assert {k: v for k, v in stats[q].items() if k != "out"} == figures[q]
            assert stats[q]["out"] == how.get(q, 0)
        outs += len(how)
    assert outs >= len(SETUPS)


def test_tally_of_a_scripted_turn():
    """Ana's Skip is Noped by Bob; Ana draws the kitten and defuses it, then Bob draws it with no Defuse."""
    s = position(3, hands={0: "SKIP DEF", 1: "NOPE", 2: "TACO"}, pile="EXP TACO EXP")
    events = act(s, Play(C("SKIP")))
    events += act(s, PlayNope(1), 1)
    events += all_pass(s)
    events += act(s, DRAW)
    events += act(s, legal(s)[0])  # the kitten back on top
    events += act(s, DRAW, 1)  # Bob draws it, no Defuse
    stats = [{key: 0 for key, _ in RULES.stat_columns} for _ in range(3)]
    for event in events:
        RULES.tally(stats, event.for_seat(None))
    assert stats[0] == {"played": 1, "nopes": 0, "defused": 1, "steals": 0, "drawn": 1, "out": 0}
    assert stats[1] == {"played": 0, "nopes": 1, "defused": 0, "steals": 0, "drawn": 1, "out": "exploded"}
    assert stats[2] == {"played": 0, "nopes": 0, "defused": 0, "steals": 0, "drawn": 0, "out": 0}


def test_stat_columns_name_every_figure():
    assert [key for key, _ in RULES.stat_columns] == ["played", "nopes", "defused", "steals", "drawn", "out"]


# --- reaction windows ---------------------------------------------------------------------------
def test_reaction_default_passes_in_an_open_window_only():
    s = position(3, hands={0: "SKIP", 1: "NOPE", 2: "TACO"}, pile="TACO BEARD")
    assert all(RULES.reaction_default(s, q) is None for q in range(3))  # a decision, not a reaction
    act(s, Play(C("SKIP")))
    assert s.stack[-1].kind == WINDOW
    assert [RULES.reaction_default(s, q) for q in range(3)] == [Pass(0), Pass(1), Pass(2)]
    act(s, Pass(2), 2)
    assert RULES.reaction_default(s, 2) is None  # already answered
    all_pass(s)
    assert RULES.reaction_default(s, s.turn) is None


def test_auto_action_passes_for_the_player_of_a_fresh_card():
    s = position(3, hands={0: "SKIP NOPE", 1: "NOPE", 2: "TACO"}, pile="TACO BEARD")
    assert RULES.auto_action(s, 0) is None
    act(s, Play(C("SKIP")))
    assert RULES.auto_action(s, 0) == Pass(0)
    assert RULES.auto_action(s, 1) is None and RULES.auto_action(s, 2) is None
    act(s, PlayNope(1), 1)  # once Noped, its player is asked like everyone else
    assert RULES.auto_action(s, 0) is None
    assert RULES.reaction_default(s, 0) == Pass(0)
    assert RULES.reaction_default(s, 1) is None  # the Noper isn't asked again


# --- words and knowledge from the view ----------------------------------------------------------
def test_refusals_of_a_play_are_the_view_s_words():
    s = position(3, hands={0: "DEF NOPE TACO STREAK BURY SKIP"}, pile="TACO BEARD", itt={0: 1})
    view = RULES.view(s, 0)
    for code in ("DEF", "NOPE", "TACO", "STREAK", "BURY"):
        with pytest.raises(IllegalAction) as info:
            RULES.apply(s, Play(C(code)), 0)
        assert info.value.reason == text.why_unplayable(view, C(code))
    assert text.why_unplayable(view, C("TACO"), "select them").endswith("alone: select them")
    assert text.describe_action(view, DRAW) == RULES.describe_action(view, DRAW)


def test_drawers_and_kittens_left_from_the_view():
    s = position(4, hands={0: "SKIP", 1: "TACO", 2: "TACO"}, pile="TACO BEARD", owed=2, turn=1, out=[3],
                 rest="pile")
    view = RULES.view(s, 0)
    assert knowledge.drawers(view, ends_turn=False) == [1, 1, 2, 0, 1, 2, 0, 1]
    assert knowledge.drawers(view, ends_turn=True, k=4) == [1, 2, 0, 1]
    # The whole box: 6 Exploding and 4 Imploding Kittens, all in the pile; the Streaking Kitten
    # is somewhere unseen, so that is only an upper bound …
    assert knowledge.kittens_left(view) == (10, True)
    # … until this seat holds it.
    s = position(3, hands={0: "SKIP STREAK"}, pile="TACO", discard="EXP", rest="pile")
    assert knowledge.kittens_left(RULES.view(s, 0)) == (9, False)
