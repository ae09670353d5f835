"""The replay model (`cutthroat.replay`): it reproduces a recorded game step by step, shows each
seat exactly what that seat's port was given at that step, and never shows a game in progress
beyond what its own screen could."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cutthroat import saves
from cutthroat.engine.registry import get_rules
from cutthroat.host import InlineWorkers, ManualClock, TableHost
from cutthroat.replay import CHECKPOINT, NOT_OVER, Replay, ReplayError
from cutthroat.saves import Seat
from cutthroat.session import Session

PLAYERS = {"kill-the-kings": (1, 1), "exploding-kittens": (2, 5), "kill-your-friends": (2, 6),
           "stab-your-friends": (2, 8), "psycho-killer": (2, 6)}
NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"]


def played(game: str, players: int, seed: int, level: str = "random"):
    """A whole game of bots on a table host, every seat's port and the spectator's listening:
    returns (its session, {(version, seat): the view that port was given})."""
    seats = [Seat("bot", NAMES[q], level) for q in range(players)]
    session = Session(game, get_rules(game).default_config(), seed, seats, undo_allowed=False)
    host = TableHost(session, clock=ManualClock(), workers=InlineWorkers(), max_moves=5000)
    seen: dict[tuple[int, int | None], object] = {}

    def listener(seat):
        def receive(update):
            seen[(update.version, seat)] = update.view
        return receive

    for seat in [*range(players), None]:
        host.port(seat).listen(listener(seat))
    host.start()
    assert session.is_over
    return session, seen


def replay_of(session, humans=None) -> Replay:
    return Replay.from_document(saves.to_json(session.save_data()), humans=humans)


@pytest.mark.parametrize("game", sorted(PLAYERS))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), data=st.data())
def test_seat_views_in_the_replay_are_the_ports_views(game, seed, data):
    low, high = PLAYERS[game]
    players = data.draw(st.integers(low, high), label="players")
    session, seen = played(game, players, seed)
    replay = replay_of(session)
    assert replay.count == len(session.log) and replay.over
    for (version, seat), view in seen.items():
        assert replay.view(version, seat) == view, f"step {version}, seat {seat}"
        assert replay.update(version, seat).view == view


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_replay_reproduces_the_game_step_by_step(game):
    session, _ = played(game, PLAYERS[game][1] if game != "stab-your-friends" else 4, 7)
    rules = session.rules
    first, second = replay_of(session), replay_of(session)
    # Straight through: each step's position is the one the moves lead to, and a fresh replay agrees.
    state = rules.new_game(session.config, session.seed, len(session.seats)) if session.base is None \
        else rules.copy(session.base)
    hashes = []
    for n in range(first.count + 1):
        if n:
            seat, action = session.log[n - 1]
            rules.apply(state, action, seat)
        assert rules.encode_state(first.state(n)) == rules.encode_state(state), f"step {n}"
        hashes.append(first.state_hash(n))
    assert hashes == [second.state_hash(n) for n in range(second.count + 1)]
    # Forward, then back, then jumps about: the same positions.
    assert [first.state_hash(n) for n in reversed(range(first.count + 1))] == hashes[::-1]
    for n in (first.count, 0, first.count // 2, CHECKPOINT + 1, CHECKPOINT - 1, 1, first.count - 1):
        n = max(0, min(first.count, n))
        assert first.state_hash(n) == hashes[n]
    assert rules.encode_state(first.state(first.count)) == rules.encode_state(session.state)


def test_turn_boundaries_are_where_the_turn_passes_and_ktk_rounds():
    session, _ = played("kill-the-kings", 1, 3, "heuristic")
    replay = replay_of(session)
    rounds = [replay.state(n).round for n in replay.turn_starts]
    assert rounds == sorted(set(rounds)) and rounds[0] == 1 and len(rounds) == len(set(rounds))
    assert replay.next_turn(0) == replay.turn_starts[1]
    assert replay.previous_turn(replay.turn_starts[1]) == 0
    assert replay.next_turn(replay.count) == replay.count and replay.previous_turn(0) == 0
    session, _ = played("kill-your-friends", 3, 3)
    replay = replay_of(session)
    for a, b in zip(replay.turn_starts, replay.turn_starts[1:]):
        assert replay.state(a).turn != replay.state(a - 1).turn if a else True
        assert all(replay.state(n).turn == replay.state(a).turn for n in range(a, b))


def in_progress(humans: int, moves: int = 12) -> Session:
    seats = [Seat("human", NAMES[q]) for q in range(humans)] + [Seat("bot", NAMES[q], "random")
                                                               for q in range(humans, 4)]
    session = Session("kill-your-friends", {}, 11, seats)
    rules = session.rules
    while len(session.log) < moves:
        seat = rules.to_act(session.state)[0]
        session.apply(rules.legal_actions(session.state, seat)[0], seat)
    return session


def test_all_cards_shown_is_refused_for_a_game_in_progress():
    replay = replay_of(in_progress(1))
    assert not replay.over and replay.all_cards_refusal() == NOT_OVER
    with pytest.raises(ValueError, match="only once the game is over"):
        replay.revealed(replay.count)
    finished = replay_of(played("kill-your-friends", 3, 5)[0])
    assert finished.all_cards_refusal() is None
    lines = finished.revealed(0)
    state = finished.state(0)
    assert lines[:3] == [f"{name}: " + ", ".join(c.label for c in hand) for name, hand in zip(NAMES, state.hands)]
    top = [c.label for c in reversed(state.deck)][:8]
    assert lines[3] == f"Deck, top first: {', '.join(top)} … (+{len(state.deck) - 8})"


def test_a_solo_save_in_progress_shows_its_human_and_the_public_view_only():
    session = in_progress(1)
    replay = replay_of(session)
    assert replay.seen_as() == [0, None]
    assert replay.view(replay.count, 0) == session.view(0)
    with pytest.raises(ValueError, match="isn't over"):
        replay.view(3, 1)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_save_in_progress_never_tells_its_seed_and_a_finished_game_does(game):
    """`cutthroat replay` of a save in progress, solo Kill The Kings too (its deck's order follows
    from the seed): neither the table's facts, nor any step's update, nor the transcript tells
    the seed; the same game finished tells it (a daily deal's never)."""
    seed, others = 468657, PLAYERS[game][1] - 1 and 2  # (Kill The Kings: solo; else Ana and two bots)
    seats = [Seat("human", "Ana")] + [Seat("bot", NAMES[q], "random") for q in range(1, 1 + others)]
    session = Session(game, {}, seed, seats)
    rules = session.rules
    while len(session.log) < 6:
        seat = rules.to_act(session.state)[0]
        session.apply(rules.legal_actions(session.state, seat)[0], seat)
    replay = replay_of(session)
    assert not replay.over and "seed" not in replay.table.to_json()
    assert all(replay.update(n, seat).seed is None for n in range(replay.count + 1) for seat in replay.seen_as())
    assert str(seed) not in replay.transcript() and "Seed" not in replay.transcript()
    while not session.is_over:
        seat = rules.to_act(session.state)[0]
        session.apply(rules.legal_actions(session.state, seat)[0], seat)
    finished = replay_of(session)
    assert finished.update(0, None).seed == seed and f"Seed: {seed}" in finished.transcript()
    session.daily = "2026-12-03"
    daily = replay_of(session)
    assert daily.update(daily.count, None).seed is None and str(seed) not in daily.transcript()


def test_an_in_progress_hot_seat_save_shows_only_the_public_view():
    session = in_progress(2)
    replay = replay_of(session)
    assert replay.seen_as() == [None]
    for seat in (0, 1, 2):
        with pytest.raises(ValueError, match="public view"):
            replay.update(replay.count, seat)
    for n in range(replay.count + 1):
        update = replay.update(n, None)
        assert update.view.seat is None and not update.view.hand
        assert all(not e.private for e in replay.history(n, None))


def test_files_it_refuses_say_why_in_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(ReplayError, match="not a save or an exported game"):
        Replay.from_file(bad)
    missing = tmp_path / "missing.json"
    with pytest.raises(ReplayError, match="can't read it"):
        Replay.from_file(missing)


def test_an_exported_game_replays(tmp_path):
    from cutthroat.history.model import finished_game

    session, _ = played("kill-your-friends", 3, 9)
    game = finished_game(session.save_data(), session.result(), game_id="g1")
    rows = [dict(game.to_json(), id=4), dict(game.to_json(), id=5)]
    path = tmp_path / "games.json"
    path.write_text(json.dumps(rows, default=str))
    with pytest.raises(ReplayError, match="holds 2 games: choose one with --id"):
        Replay.from_file(path)
    replay = Replay.from_file(path, game_id=5)
    assert replay.count == len(session.log) and replay.over
    text = replay.transcript()
    assert "Ana" in text and "Result: " + session.result().summary in text


def test_a_move_that_told_nothing_is_named_only_where_it_is_no_secret():
    import random

    rng = random.Random(3)
    seats = [Seat("human", "Ana")] + [Seat("bot", NAMES[q], "random") for q in (1, 2, 3)]
    session = Session("psycho-killer", {}, 3, seats)
    while len(session.log) < 80:
        seat = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(seat)), seat)
    replay = replay_of(session)
    assert not replay.over
    quiet = [n for n in range(1, replay.count + 1)
             if all(e.kind == "turn_started" for e in replay.events_between(n - 1, n, None))
             and all(e.kind == "turn_started" for e in replay.events_between(n - 1, n, 0))]
    assert quiet
    for n in quiet:
        mover = replay.steps[n - 1].seat
        assert replay.describe_step(n, mover).startswith(f"{replay.names[mover]} chose: ")
        if mover != 0:
            assert replay.describe_step(n, 0) == f"{replay.names[mover]} moved"


@pytest.mark.parametrize("game,players", [("exploding-kittens", 4), ("psycho-killer", 4)])
def test_a_play_not_final_yet_is_not_named_to_those_its_table_hid_it_from(game, players):
    """While a play waits for its player's choices, the others' tables show the position before
    it: the move bar says only who moved, and who is to act is as they saw it."""
    pending = 0
    for seed in range(6):
        session, seen = played(game, players, seed)
        replay = replay_of(session)
        for n in range(1, replay.count + 1):
            if replay.settled(n, None) == n:
                continue
            pending += 1
            mover = replay.steps[n - 1].seat
            assert replay.describe_step(n, None) == f"{NAMES[mover]} moved"
            assert replay.describe_step(n, mover) != f"{NAMES[mover]} moved"  # (its own player knows)
            before = replay.settled(n, None)
            assert replay.update(n, None).to_act == replay.update(before, None).to_act
    assert pending, "no play waited for its choices in these games"
