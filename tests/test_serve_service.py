"""The server's table service, headless: real Unix sockets and app-side ports (`RemotePort`), no
ssh. Each seat hears only its own seat's updates and can act only for itself; a table waits for
every human seat, then plays; every move is in the store, so a service started again on the same
data (after a crash: nothing is closed) resumes the table exactly; a player who comes back gets
their own seat; bad requests are refused in one line."""

from __future__ import annotations

import json
import socket
import time

import pytest

from cutthroat.serve.client import RemotePort, ServiceClient, ServiceError
from helpers_service import Running, seated, two_at_a_table, wait

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random", "name": "Cy"}]


def test_a_table_waits_for_its_humans_then_each_seat_hears_only_itself(tmp_path):
    running = Running(tmp_path)
    try:
        ana, bob = running.client("p-ana", "Ana"), running.client("p-bob", "Bob")
        code = ana.request("create", game="exploding-kittens", config={}, seats=SEATS)["code"]
        assert ana.request("join", code=code)["waiting"] is True  # (her own seat: Bob's is free)
        listed = bob.request("tables")["tables"]
        assert [(t["code"], t["status"], [s["taken"] for s in t["seats"]]) for t in listed] == \
            [(code, "waiting", [True, False, True])]
        bob_port, bob_heard = seated(bob, code.lower())
        ana_port, ana_heard = seated(ana, code)
        assert (ana_port.seat, bob_port.seat) == (0, 1)
        assert [s.name for s in ana_port.table.seats] == ["Ana", "Bob", "Cy"]
        table = running.service.tables[code]
        session = table.host.session
        for port, heard in ((ana_port, ana_heard), (bob_port, bob_heard)):
            hello = port.listen(lambda u: None)
            assert hello.seat == port.seat and hello.view.hand == tuple(session.state.hands[port.seat])
        # Play until both have heard a few changes: each moves from its own latest update.
        moved = 0
        end = time.monotonic() + 20
        while moved < 12 and not session.is_over and time.monotonic() < end:
            for port, heard in ((ana_port, ana_heard), (bob_port, bob_heard)):
                latest = heard[-1] if heard else port.listen(lambda u: None)
                if latest.legal and latest.version == session.version:
                    if port.submit(latest.legal[0]) is None:
                        moved += 1
            time.sleep(0.02)
        assert moved >= 1
        wait(lambda: ana_heard and bob_heard and ana_heard[-1].version == bob_heard[-1].version == session.version)
        for port, heard in ((ana_port, ana_heard), (bob_port, bob_heard)):
            assert {u.seat for u in heard} == {port.seat}
            assert all(u.view.seat == port.seat for u in heard)
            assert heard[-1].view.hand == tuple(session.state.hands[port.seat])
        # A seat acts for itself only: Bob can't move for Ana.
        if session.current_seat == 0:
            assert bob_port.submit(session.legal_actions(0)[0]) is not None
    finally:
        running.stop()


def test_a_crashed_service_resumes_every_table_and_players_get_their_seats_back(tmp_path):
    running = Running(tmp_path)
    ana, bob = running.client("p-ana", "Ana"), running.client("p-bob", "Bob")
    code = ana.request("create", game="kill-your-friends", config={}, seats=SEATS)["code"]
    bob_port, _ = seated(bob, code)
    ana_port, _ = seated(ana, code)
    session = running.service.tables[code].host.session
    for _ in range(6):
        wait(lambda: session.current_seat in (0, 1) or session.is_over)
        seat = session.current_seat
        (ana_port, bob_port)[seat].submit(session.legal_actions(seat)[0])
    wait(lambda: session.current_seat in (0, 1))
    log, encoded = list(session.log), session.rules.encode_state(session.state)
    running.crash()

    again = Running(tmp_path)
    try:
        table = again.service.tables[code]
        assert table.status == "playing" and table.host.session.log == log
        assert table.host.session.rules.encode_state(table.host.session.state) == encoded
        bob2 = again.client("p-bob", "Bob")
        assert bob2.name == "Bob"  # the name is remembered
        port = RemotePort(bob2, bob2.request("join", code=code))
        assert port.seat == 1  # his own seat again, exactly where the game was
        assert port.listen(lambda u: None).version == len(log)
    finally:
        again.stop()


def test_bad_requests_are_refused_in_one_line_and_change_nothing(tmp_path):
    running = Running(tmp_path)
    try:
        with pytest.raises(ServiceError, match="unknown session"):
            ServiceClient(str(running.service.socket_path), "not-a-token")
        ana = running.client("p-ana", "Ana")
        refusals = [
            ("create", "game", "chess", "unknown game 'chess'"),
            ("join", "code", "ZZZZ", "No open table has the code 'ZZZZ'"),
            ("submit", "action", {"kind": "draw"}, "take a seat first"),
        ]
        for op, key, value, words in refusals:
            with pytest.raises(ServiceError) as info:
                ana.request(op, **{key: value})
            assert words in str(info.value) and "\n" not in str(info.value)
        with pytest.raises(ServiceError, match="[Aa] name of 1–10 characters"):
            ana.request("name", name="Bartholomew the Great")
        with pytest.raises(ServiceError, match="setup|players|seat"):
            ana.request("create", game="exploding-kittens", config={}, seats=[{"kind": "human"}])
        # Garbage on the socket: a line of nonsense, then a huge line; the service lives on.
        raw = socket.socket(socket.AF_UNIX)
        raw.connect(str(running.service.socket_path))
        raw.sendall(b"\x00\xff not json\n" + b"[" * 100 + b"\n")
        raw.close()
        assert ana.request("tables")["tables"] == []
        assert running.service.tables == {}
    finally:
        running.stop()


def test_the_store_records_finished_games(tmp_path):
    running = Running(tmp_path)
    try:
        ana = running.client("p-ana", "Ana")
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random", "name": "Cy"}]
        code = ana.request("create", game="kill-your-friends", config={}, seats=seats)["code"]
        port, heard = seated(ana, code)
        session = running.service.tables[code].host.session
        for _ in range(3000):
            if session.is_over:
                break
            if session.current_seat == 0:
                port.submit(session.legal_actions(0)[0])
            else:
                time.sleep(0.01)
        wait(lambda: running.service.tables[code].finished)
        results = running.service.store.results()
        assert [(r["code"], r["game"]) for r in results] == [(code, "kill-your-friends")]
        assert json.dumps(results[0]["result"])  # who won, in words
        assert ana.request("tables")["tables"] == []  # a finished table leaves the lobby
        told = ana.request("results")["results"]  # the lobby's "Your last games"
        assert [(r["code"], r["title"]) for r in told] == [(code, "Kill Your Friends")]
        assert told[0]["won"] == (0 in session.result().winners)
        table = running.service.tables[code]
        assert not table.away, "no stand-in comes after the end"
        table.host.stand_in(0, "heuristic")  # (as a late timer would: nothing changes at a finished table)
        assert len(running.service.store.results()) == 1
        assert code not in [c for c, *_ in running.service.store.live_tables()]
    finally:
        running.stop()
    again = Running(tmp_path)  # a finished game is not resumed
    try:
        assert code not in again.service.tables and len(again.service.store.results()) == 1
    finally:
        again.stop()


def test_a_seat_left_empty_gets_a_stand_in_bot_until_its_player_is_back(tmp_path):
    """The table's away time (here 1 s) after Bob's screen goes, a bot plays his seat
    (the log says so); when he joins again he plays it himself."""
    running = Running(tmp_path)
    try:
        bob, (ana_port, ana_heard), (bob_port, _), code = two_at_a_table(running, away_seconds=1)
        host = running.service.tables[code].host
        session = host.session
        bob_port.unlisten(bob_port._listeners[0])  # Bob's connection drops (his screen stops listening)
        wait(lambda: any(e.kind == "stand_in" and e.level for u in ana_heard for e in u.events), timeout=15)
        told = [e.describe(host.info.names) for u in ana_heard for e in u.events if e.kind == "stand_in"]
        assert told == ["Bob is away: a heuristic bot plays for them until they are back"]
        start = len(session.log)
        for _ in range(200):  # Ana plays; Bob's turns are the stand-in's
            if session.is_over or any(seat == 1 for seat, _ in session.log[start:]):
                break
            if session.current_seat == 0:
                ana_port.submit(session.legal_actions(0)[0])
            time.sleep(0.02)
        assert any(seat == 1 for seat, _ in session.log[start:]) or session.is_over
        if session.is_over:
            return
        back = RemotePort(bob, bob.request("join", code=code))
        assert back.seat == 1
        wait(lambda: any(e.kind == "stand_in" and not e.level for u in ana_heard for e in u.events))
        for _ in range(100):  # Ana plays on until it is Bob's turn
            if session.is_over or session.current_seat == 1:
                break
            if session.current_seat == 0:
                ana_port.submit(session.legal_actions(0)[0])
            time.sleep(0.02)
        if not session.is_over:
            moves = len(session.log)
            time.sleep(0.5)
            assert len(session.log) == moves  # nobody moves for Bob now: it's his turn
            assert back.submit(session.legal_actions(1)[0]) is None
    finally:
        running.stop()


def test_limits_count_failed_logins_per_address_and_clamp_windows():
    from cutthroat.serve.limits import InputBudget, Limits, PerMinute

    now = [0.0]
    failures = PerMinute(3, clock=lambda: now[0])
    for _ in range(3):
        assert not failures.over("10.0.0.1")
        failures.add("10.0.0.1")
    assert failures.over("10.0.0.1") and not failures.over("10.0.0.2")
    now[0] = 61.0
    assert not failures.over("10.0.0.1")  # a minute later it may try again
    assert Limits().window(100000, 100000) == (400, 200) and Limits().window(0, -5) == (80, 1)
    budget = InputBudget(1000, clock=lambda: now[0])
    assert budget.wait_for(600) == 0 and budget.wait_for(600) > 0  # a flood waits


def test_a_turn_timer_has_a_bot_make_the_move_of_a_player_who_lets_it_run_out(tmp_path):
    """The table's turn time (here 2 s): Ana is told the move made for her, Bob only that a bot
    moved for her (it may be a secret)."""
    running = Running(tmp_path)
    try:
        _, (ana_port, ana_heard), (bob_port, bob_heard), code = two_at_a_table(running, turn_seconds=2)
        session = running.service.tables[code].host.session
        mover = session.current_seat
        heard = (ana_heard, bob_heard)
        names = ["Ana", "Bob"]
        told = lambda seat: any(e.kind == "time_up" for u in heard[seat] for e in u.events)  # noqa: E731
        wait(lambda: told(mover) and told(1 - mover), timeout=20)  # (each hears it on its own socket)
        own = [e.describe(names) for u in heard[mover] for e in u.events if e.kind == "time_up"]
        other = [e.describe(names) for u in heard[1 - mover] for e in u.events if e.kind == "time_up"]
        assert own[0].startswith(f"Time's up for {names[mover]}: a bot played ")
        assert other[0] == f"Time's up for {names[mover]}: a bot moved for them"
        assert session.log and session.log[0][0] == mover
    finally:
        running.stop()


def test_the_maker_may_start_a_waiting_table_with_bots_in_the_free_seats_and_results_are_told(tmp_path):
    running = Running(tmp_path)
    try:
        ana, bob = running.client("p-ana", "Ana"), running.client("p-bob", "Bob")
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
        code = ana.request("create", game="kill-your-friends", config={}, seats=seats)["code"]
        bob.request("join", code=code)
        with pytest.raises(ServiceError, match="Only the table's maker can start it early"):
            bob.request("start_now", code=code)
        ana.request("start_now", code=code)
        table = running.service.tables[code]
        assert table.status == "playing"
        assert [(s.name, s.kind) for s in table.host.info.seats] == [("Ana", "human"), ("Bob", "human"),
                                                                    ("Bot 3", "bot")]
        with pytest.raises(ServiceError, match="already playing"):
            ana.request("start_now", code=code)
        assert ana.request("results")["results"] == []
    finally:
        running.stop()


def test_a_finished_table_is_in_the_servers_history_and_each_players_own_once(tmp_path):
    """Ana and Bob at a Kill Your Friends table: the game over is kept once in the
    server's history (each seat with its player) and in each player's own history as their game
    (Bob's "Keep history" is off: not in his); a server stopped before it kept the end keeps it
    when started again, still once."""
    from cutthroat.history.store import History
    from cutthroat.serve.store import FINISHED

    bob_config = tmp_path / "players" / "p-bob" / "config"
    bob_config.mkdir(parents=True)
    (bob_config / "settings.json").write_text('{"keep_history": false}', encoding="utf-8")
    running = Running(tmp_path)
    try:
        bob, ana_port, bob_port, code = two_at_a_table(running)
        session = running.service.tables[code].host.session
        ports = (ana_port[0], bob_port[0])
        for _ in range(5000):
            if session.is_over:
                break
            seat = session.current_seat
            if seat in (0, 1) and session.to_act == [seat]:
                ports[seat].submit(session.legal_actions(seat)[0])
            else:
                time.sleep(0.005)
        wait(lambda: running.service.tables[code].finished)
        game_id, document = session.game_id, session.save_data()
    finally:
        running.stop()
    with History.open(tmp_path / FINISHED, keep=True) as server:
        (kept,) = server.games()
        assert (kept.game_id, kept.table, kept.humans) == (game_id, code, (0, 1))
        assert [s.player for s in kept.seats] == ["p-ana", "p-bob"]
    with History.open(tmp_path / "players" / "p-ana" / "saves" / "history.sqlite3", keep=True) as ana:
        (mine,) = ana.games()
        assert (mine.game_id, mine.humans, mine.seats[0].name) == (game_id, (0,), "Ana")
    assert not (tmp_path / "players" / "p-bob" / "saves" / "history.sqlite3").exists()
    # Stopped between the last move and its record: the table's game (over) is still "playing".
    import sqlite3

    from cutthroat import saves
    db = sqlite3.connect(tmp_path / "cutthroat.db")
    db.execute("UPDATE tables SET status = 'playing', game = ? WHERE code = ?",
               (json.dumps(saves.to_json(document)), code))
    db.commit()
    db.close()
    again = Running(tmp_path)
    try:
        assert code not in again.service.tables
        assert len(again.service.store.results()) == 1
    finally:
        again.stop()
    with History.open(tmp_path / FINISHED, keep=True) as server:
        assert [g.game_id for g in server.games()] == [game_id]
    with History.open(tmp_path / "players" / "p-ana" / "saves" / "history.sqlite3", keep=True) as ana:
        assert len(ana.games()) == 1


def test_the_servers_daily_deal_is_its_own_secret(tmp_path):
    from cutthroat.history import daily

    running = Running(tmp_path)
    try:
        seed = running.service.daily_seed("psycho-killer", "2026-12-03")
    finally:
        running.stop()
    assert seed != daily.daily_seed("psycho-killer", "2026-12-03")  # not the public deal
    assert oct((tmp_path / daily.SECRET_FILE).stat().st_mode & 0o777) == "0o600"
    again = Running(tmp_path)
    try:
        assert again.service.daily_seed("psycho-killer", "2026-12-03") == seed  # kept across restarts
    finally:
        again.stop()
    other = tmp_path / "other"
    other.mkdir()
    elsewhere = Running(other)
    try:
        assert elsewhere.service.daily_seed("psycho-killer", "2026-12-03") != seed  # another server's secret
    finally:
        elsewhere.stop()


def test_an_older_servers_result_lines_are_still_read(tmp_path):
    import sqlite3

    from cutthroat.serve.store import Store

    Store(tmp_path / "cutthroat.db").close()
    db = sqlite3.connect(tmp_path / "cutthroat.db")
    db.execute("INSERT INTO results VALUES ('ABCD', 'psycho-killer', ?, ?, 1.0)",
               (json.dumps([{"kind": "human", "name": "Ana", "player": "p-ana"}]), json.dumps({"winners": [0]})))
    db.commit()
    db.close()
    running = Running(tmp_path)
    try:
        assert running.service.results_of("p-ana") == [{"code": "ABCD", "title": "Psycho Killer", "won": True}]
    finally:
        running.stop()


def test_a_lobby_is_told_when_the_list_of_tables_may_read_differently_and_only_then(tmp_path):
    """No lobby polls: one that asked `watch_tables` hears "the list may read differently" after
    a table is made, joined, started early, closed, and after a name changes; never after a read
    (the list, results, today's boards). A request of the watcher's own after each is the barrier:
    what the server pushed before answering it has arrived."""
    running = Running(tmp_path / "server")
    try:
        ana, bob, cy = (running.client(p, n) for p, n in (("p-ana", "Ana"), ("p-bob", "Bob"), ("p-cy", "Cy")))
        told: list[int] = []
        bob.on_tables_changed = lambda: told.append(1)
        bob.request("watch_tables")

        def heard_after(op: str, **fields) -> int:
            before = len(told)
            reply = ana.request(op, **fields)
            bob.request("tables")  # (the barrier)
            heard_after.reply = reply
            return len(told) - before

        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
        assert heard_after("create", game="exploding-kittens", config={}, seats=seats) == 1
        code = heard_after.reply["code"]
        assert heard_after("tables") == 0 and heard_after("results") == 0 and heard_after("daily") == 0
        before = len(told)
        cy.request("join", code=code)
        bob.request("tables")
        assert len(told) == before + 1  # (someone else joined: told too)
        assert heard_after("start_now", code=code) == 1
        assert heard_after("create", game="exploding-kittens", config={}, seats=seats) == 1
        assert heard_after("close", code=heard_after.reply["code"]) == 1
        assert heard_after("name", name="Anna") == 1
        cy.close()  # (a watcher gone is told nothing: nothing breaks)
        assert heard_after("tables") == 0
    finally:
        running.stop()


def test_a_lobby_asking_for_its_results_never_has_the_whole_history_read(tmp_path, monkeypatch):
    """`results` is asked for by every lobby, as often as a client likes: the history is read
    for the newest games only (a limit in the query), never decoded whole on the loop."""
    from cutthroat.serve.store import Store

    store = Store(tmp_path / "cutthroat.db")
    try:
        asked = []
        monkeypatch.setattr(store.finished, "games", lambda *a, **kw: asked.append(kw.get("limit")) or [])
        store.results(latest=30)
        assert asked == [30]
    finally:
        store.close()
