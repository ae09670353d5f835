"""Today's deal on a server, through the table service (real Unix sockets, no ssh): dealt from the
server's secret seed and never told to a client (not in an update, a reply, the leaderboard, nor
the player's own history); only a player's first attempt counts; today's leaderboards rank each
player's counted result (ties: the earlier finish); nobody else lists, joins or watches a daily
table; the day's key is revealed only once the day is over."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from cutthroat.history.daily import server_day_key, server_secret
from cutthroat.history.model import FinishedGame, Seat
from cutthroat.history.store import History
from cutthroat.serve import service as service_module
from cutthroat.serve.client import RemotePort, ServiceError
from helpers_service import Running, wait

KTK = "kill-the-kings"


def start_daily(client, game: str = KTK) -> tuple[RemotePort, list, dict]:
    joined = client.request("daily_start", game=game)
    port = RemotePort(client, joined)
    heard: list = []
    heard.append(port.listen(heard.append))
    return port, heard, joined


def play_out(running: Running, port: RemotePort, heard: list, moves: int | None = None) -> None:
    """Play the seat's first legal move until the game is over (or `moves` of them)."""
    session = running.service.tables[port.code].host.session
    made = 0
    while not session.is_over and (moves is None or made < moves):
        wait(lambda: session.is_over or (heard[-1].version == session.version and heard[-1].legal))
        if session.is_over:
            break
        if port.submit(heard[-1].legal[0]) is None:
            made += 1
    if moves is None:
        wait(lambda: heard[-1].result is not None)


def board(client, game: str = KTK) -> dict:
    return next(b for b in client.request("daily")["games"] if b["game"] == game)


def test_todays_deal_is_dealt_from_the_secret_seed_counted_once_and_on_the_leaderboard(tmp_path):
    running = Running(tmp_path)
    try:
        ana = running.client("p-ana", "Ana")
        assert board(ana)["status"] == "not yet played" and board(ana)["board"] == []
        port, heard, joined = start_daily(ana)
        table = running.service.tables[port.code]
        seed = running.service.daily_seed(KTK)
        assert table.daily == running.service.today() and table.seed == seed
        assert "seed" not in port.table.to_json() and [s.name for s in port.table.seats] == ["Ana"]
        assert board(ana)["status"] == "playing"
        assert ana.request("daily_start", game=KTK)["code"] == port.code  # (one attempt at a time: the same)
        play_out(running, port, heard)
        points = heard[-1].result.scores[0]
        wait(lambda: board(ana)["status"].startswith("played"))
        first = board(ana)
        assert first["status"] == f"played: {points} point{'s' * (points != 1)}"
        assert [(r["rank"], r["name"], r["you"]) for r in first["board"]] == [(1, "Ana", True)]

        # A second attempt is played, and kept, but not counted: the board is as it was.
        port2, heard2, joined2 = start_daily(ana)
        assert port2.code != port.code and running.service.tables[port2.code].seed == seed
        play_out(running, port2, heard2)
        wait(lambda: len(running.service.store.finished.games(KTK)) == 2)
        assert board(ana) == first
        kept = running.service.store.finished.games(KTK)
        assert sorted((g.table, g.counted) for g in kept) == sorted([(port.code, True), (port2.code, False)])

        # Bob's first attempt counts too: the first attempt is each player's, not the server's.
        bob = running.client("p-bob", "Bob")
        bob_port, bob_heard, _ = start_daily(bob)
        play_out(running, bob_port, bob_heard)
        wait(lambda: board(bob)["status"].startswith("played: "))
        assert sorted(r["name"] for r in board(bob)["board"]) == ["Ana", "Bob"]

        # The seed is nowhere a client can read it: updates, replies, the leaderboard, the
        # player's own history (and its export).
        said = [json.dumps(u.to_json()) for u in heard + heard2] + [json.dumps(joined), json.dumps(joined2)]
        said += [json.dumps(ana.request(op)) for op in ("daily", "tables", "results")]
        own = History.open(tmp_path / "players" / "p-ana" / "saves" / "history.sqlite3")
        said += [json.dumps(own.export_rows() if hasattr(own, "export_rows") else
                            [g.to_json() for g in own.games(documents=True)])]
        assert [g.counted for g in own.games()] in ([True, False], [False, True])
        own.close()
        assert all(str(seed) not in text for text in said)
        assert all(u.seed is None for u in heard + heard2)
    finally:
        running.stop()


def test_a_finished_daily_deal_has_its_line_to_share_for_its_player_only(tmp_path):
    """The server's daily deal has the same line to share as at home (its kings by round read from
    the server's own copy of the deal), asked once it is over, by its seat: nobody without one."""
    from cutthroat.history.daily import share_line

    running = Running(tmp_path)
    try:
        ana = running.client("p-ana", "Ana")
        port, heard, _ = start_daily(ana)
        assert port.share(False) is None  # (not over yet)
        play_out(running, port, heard)
        session = running.service.tables[port.code].host.session
        wait(lambda: session.is_over)
        line = port.share(False)
        points = heard[-1].result.scores[0]
        assert line == share_line(session.finished_game())
        assert line.startswith(f"Cutthroat · Kill The Kings · {running.service.today()} · {points} point")
        assert " R1 " in line and "?" not in line  # (each round's kings, from the deal the server kept)
        assert port.share(True) == share_line(session.finished_game(), ascii=True)
        assert port.share(True).isascii()
        bob = running.client("p-bob", "Bob")
        with pytest.raises(ServiceError, match="take a seat first"):
            bob.request("share", ascii=False)
    finally:
        running.stop()


def test_an_attempt_counts_from_its_first_move(tmp_path):
    running = Running(tmp_path)
    try:
        ana = running.client("p-ana", "Ana")
        port, heard, _ = start_daily(ana)
        assert running.service.store.daily_attempts("p-ana", KTK, running.service.today()) == []
        play_out(running, port, heard, moves=1)
        wait(lambda: running.service.store.daily_attempts("p-ana", KTK, running.service.today()) == [port.code])
        assert board(ana)["status"] == "playing"
    finally:
        running.stop()


def finished(game: str, player: str, name: str, at: datetime, *, score: int = 0, won: bool = False,
             place: int = 1, moves: int = 50, counted: bool = True, seats: int = 1) -> FinishedGame:
    others = tuple(Seat(f"Bot{i}", "bot", "hard") for i in range(1, seats))
    placements = [place] + [2 if place == 1 else 1] * (seats - 1)
    result = {"winners": [0] if won else ([1] if seats > 1 else []), "placements": placements,
              "scores": [score] + [0] * (seats - 1), "summary": "", "details": {}}
    return FinishedGame(game, {}, (Seat(name, "human", None, player),) + others, (0,), result, at,
                        game_id=f"{player}-{game}-{at.timestamp()}-{counted}", moves=moves,
                        daily=at.date().isoformat(), counted=counted)


def test_the_leaderboard_ranks_best_results_ties_by_time_and_shows_hostile_names_as_data(tmp_path):
    running = Running(tmp_path)
    try:
        store = running.service.store
        now = datetime.now(timezone.utc).replace(hour=12, minute=0, second=0, microsecond=0)
        hostile = "[b]x[/b]"
        for player, name in (("p-ana", "Ana"), ("p-bob", "Bob"), ("p-cy", hostile), ("p-dee", "Dee")):
            store.set_name(player, name)
        store.finished.record(finished(KTK, "p-ana", "Ana", now + timedelta(minutes=5), score=8), daily_rule=False)
        store.finished.record(finished(KTK, "p-bob", "Bob", now, score=8), daily_rule=False)
        store.finished.record(finished(KTK, "p-cy", hostile, now, score=5), daily_rule=False)
        store.finished.record(finished(KTK, "p-dee", "Dee", now, score=30, counted=False), daily_rule=False)
        kyf = "kill-your-friends"
        store.finished.record(finished(kyf, "p-ana", "Ana", now, place=2, seats=4), daily_rule=False)
        store.finished.record(finished(kyf, "p-bob", "Bob", now, won=True, moves=60, seats=4), daily_rule=False)
        store.finished.record(finished(kyf, "p-cy", hostile, now + timedelta(minutes=1), won=True, moves=40, seats=4),
                              daily_rule=False)
        ana = running.client("p-ana", "Ana")
        ktk = board(ana)
        assert [(r["rank"], r["name"], r["result"], r["you"]) for r in ktk["board"]] == [
            (1, "Bob", "8 points", False), (2, "Ana", "8 points", True), (3, hostile, "5 points", False)]
        assert ktk["status"] == "played: 8 points"
        assert [(r["name"], r["result"]) for r in board(ana, kyf)["board"]] == [
            (hostile, "won in 40 moves"), ("Bob", "won in 60 moves"), ("Ana", "2nd of 4")]
        # The board is read only: nothing a client sends changes it.
        with pytest.raises(ServiceError):
            ana.request("daily_result", game=KTK, score=30)
        assert board(ana) == ktk
    finally:
        running.stop()


def test_a_long_leaderboard_shows_the_top_and_your_own_row(tmp_path):
    running = Running(tmp_path)
    try:
        store = running.service.store
        now = datetime.now(timezone.utc).replace(hour=1, minute=0, second=0, microsecond=0)
        for i in range(8):
            store.set_name(f"p-{i}", f"P{i}")
            store.finished.record(finished(KTK, f"p-{i}", f"P{i}", now + timedelta(seconds=i), score=20 - i),
                                  daily_rule=False)
        rows = board(running.client("p-7", "P7"))["board"]
        assert [(r["rank"], r["name"]) for r in rows] == [(1, "P0"), (2, "P1"), (3, "P2"), (4, "P3"), (8, "P7")]
    finally:
        running.stop()


def test_nobody_else_lists_joins_or_watches_a_daily_table_and_tables_are_capped(tmp_path, monkeypatch):
    running = Running(tmp_path)
    try:
        ana, bob = running.client("p-ana", "Ana"), running.client("p-bob", "Bob")
        code = ana.request("daily_start", game="kill-your-friends")["code"]
        seats = running.service.tables[code].seats
        assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"]
        assert running.service.tables[code].seed == running.service.daily_seed("kill-your-friends")
        assert bob.request("tables")["tables"] == []
        assert [(t["code"], t["daily"]) for t in ana.request("tables")["tables"]] == [(code, True)]  # (her Continue)
        for op in ("join", "watch"):
            with pytest.raises(ServiceError, match="No open table has the code"):
                bob.request(op, code=code)
        with pytest.raises(ServiceError, match="unknown game"):
            ana.request("daily_start", game="chess")
        monkeypatch.setattr(service_module, "LIVE_PER_PLAYER", 2)
        ana.request("daily_start", game=KTK)
        with pytest.raises(ServiceError, match="2 tables not yet over"):
            ana.request("daily_start", game="psycho-killer")
    finally:
        running.stop()


def test_the_days_key_is_revealed_only_once_the_day_is_over_and_its_table_closed(tmp_path):
    running = Running(tmp_path)
    try:
        service = running.service
        today = service.today()
        secret = server_secret(tmp_path)
        yesterday = (datetime.fromisoformat(today) - timedelta(days=1)).date().isoformat()
        assert service.reveal_days(today) in (None, server_day_key(secret, yesterday).hex())  # (the sweep's own)
        service._revealed = None
        assert service.reveal_days(today) == server_day_key(secret, yesterday).hex()
        assert service.reveal_days(today) is None  # (once)
        tomorrow = (datetime.fromisoformat(today) + timedelta(days=1)).date().isoformat()
        service._revealed = None
        assert service.reveal_days(tomorrow) == server_day_key(secret, today).hex()  # (today's: only tomorrow)
        # A daily table left unfinished is closed once its day is over.
        ana = running.client("p-ana", "Ana")
        code = ana.request("daily_start", game=KTK)["code"]
        service.tables[code].daily = yesterday
        running.call(service._sweep)
        assert code not in service.tables
    finally:
        running.stop()


def test_the_leaderboard_is_read_from_the_history_once_until_a_daily_deal_is_kept(tmp_path, monkeypatch):
    running = Running(tmp_path)
    try:
        reads: list[str] = []
        ranked = running.service._ranked
        monkeypatch.setattr(running.service, "_ranked", lambda game, day: reads.append(game) or ranked(game, day))
        ana = running.client("p-ana", "Ana")
        board(ana)
        board(ana)
        assert reads.count(KTK) == 1  # (every lobby asks now and then: the history is read once)
        port, heard, _ = start_daily(ana)
        play_out(running, port, heard)
        wait(lambda: board(ana)["board"] != [])
        assert board(ana)["board"][0]["name"] == "Ana" and reads.count(KTK) == 2
    finally:
        running.stop()
