"""The server's history keeps each query it is asked read while the file is unchanged, several at
once (a small LRU): the lobby's reads (a player's results) and today's leaderboards (one query a
game) no longer evict each other, each eviction reading the history again. Counted in reads of
the file (statements run), never in time."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from cutthroat.history.model import FinishedGame, Seat
from cutthroat.history.store import History
from cutthroat.serve.store import HISTORY_QUERIES_CACHED
from helpers_service import Running

KTK = "kill-the-kings"


def game(player: str, at: datetime, n: int, kind: str = KTK, daily: bool = True) -> FinishedGame:
    result = {"winners": [], "placements": [1], "scores": [n], "summary": "", "details": {}}
    return FinishedGame(kind, {}, (Seat(player, "human", None, player),), (0,), result, at,
                        game_id=f"{player}-{n}-{daily}", moves=40, daily=at.date().isoformat() if daily else None,
                        counted=daily)


def counting(history: History) -> list[str]:
    """Every read of the history's games from now on (the statements, as SQLite runs them)."""
    reads: list[str] = []
    history._db.set_trace_callback(lambda sql: reads.append(sql) if sql.startswith("SELECT id, game_id") else None)
    return reads


def test_alternating_queries_are_each_read_once_while_the_history_is_unchanged(tmp_path):
    now = datetime.now(timezone.utc).replace(hour=12, minute=0, second=0, microsecond=0)
    with History.open(tmp_path / "h.sqlite3", keep=True, cached=HISTORY_QUERIES_CACHED) as history:
        for i in range(6):
            history.record(game(f"p{i}", now + timedelta(minutes=i), i), daily_rule=False)
        reads = counting(history)
        games = ("kill-the-kings", "kill-your-friends", "exploding-kittens", "stab-your-friends", "psycho-killer")
        asked = [lambda: history.games(limit=500)] + [lambda g=g: history.games(g, since=now.date()) for g in games]
        first = [ask() for ask in asked]
        for _ in range(3):  # (the lobby's results, then every leaderboard, again and again)
            assert [ask() for ask in asked] == first
        assert len(reads) == len(asked)
        history.record(game("p9", now + timedelta(hours=1), 9), daily_rule=False)  # (the history changes)
        for _ in range(3):
            again = [ask() for ask in asked]
        assert len(reads) == 2 * len(asked) and len(again[0]) == 7 and len(again[1]) == 7
        # Bounded: past HISTORY_QUERIES_CACHED different queries, the least recently asked is read again.
        for limit in range(HISTORY_QUERIES_CACHED):
            history.games(limit=limit + 1)
        before = len(reads)
        asked[0]()
        assert len(reads) == before + 1 and len(history._cached) == HISTORY_QUERIES_CACHED


def test_a_lobbys_results_and_the_leaderboards_asked_in_turn_read_the_history_once_each(tmp_path, monkeypatch):
    """Over the service's socket, as the lobbies ask: two players ask for their results and
    today's leaderboards, in turn. Each query reads the server's history once (a player's results
    are one query for everyone: the newest games), not once each time the other was asked."""
    running = Running(tmp_path)
    try:
        store = running.service.store
        now = datetime.now(timezone.utc).replace(hour=0, minute=1, second=0, microsecond=0)
        for i, player in enumerate(("p-ana", "p-bob")):
            store.finished.record(game(player, now + timedelta(seconds=i), 5 + i), daily_rule=False)
        reads = counting(store.finished)
        ana, bob = running.client("p-ana", "Ana"), running.client("p-bob", "Bob")
        boards = sum(1 for _ in ana.request("daily")["games"])
        assert len(reads) == boards  # (each leaderboard read once)
        for _ in range(3):
            for client in (ana, bob):
                assert client.request("results")["results"]
                assert client.request("daily")["games"]
        assert len(reads) == boards + 1  # (and the results once)
        # Midnight: every leaderboard is a new day's, read once; the results are still good.
        tomorrow = (now + timedelta(days=1)).date().isoformat()
        monkeypatch.setattr(running.service, "today", lambda: tomorrow)
        for _ in range(3):
            for client in (ana, bob):
                assert client.request("results")["results"]
                assert client.request("daily")["date"] == tomorrow
        assert len(reads) == 2 * boards + 1  # (not the results again after the leaderboards)
        store.finished.record(game("p-ana", now + timedelta(seconds=9), 9, daily=False), daily_rule=False)
        for _ in range(2):
            for client in (ana, bob):
                client.request("results")
                client.request("daily")
        assert len(reads) == 2 * boards + 2  # (the history changed: the results read again, once)
    finally:
        running.stop()
