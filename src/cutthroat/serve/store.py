"""What the server keeps in its data directory's SQLite file (`cutthroat.db`), from the standard
library: players (a key's player id and the name they gave) and tables (every live table's setup,
who sits where and its whole game as a save document, written after every move). Its finished
games are a history of their own (`history.sqlite3`, the player's history's schema:
`cutthroat.history`), each seat with its player's id; the bare result lines of older servers
(`results`) are still read. WAL journal, one commit a change, so a server killed with -9 loses at
most the move in flight."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from cutthroat.history.model import FinishedGame
from cutthroat.history.store import History

FINISHED = "history.sqlite3"  # the server's finished games, beside `cutthroat.db`
#: Different queries of the server's history kept read while it is unchanged: a lobby's results
#: and each daily leaderboard (five games) in turn, with room to spare; not one that evicts the other.
HISTORY_QUERIES_CACHED = 8

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, setup TEXT NOT NULL, status TEXT NOT NULL, game TEXT,
    created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    code TEXT NOT NULL, game TEXT NOT NULL, players TEXT NOT NULL, result TEXT NOT NULL,
    finished REAL NOT NULL);
CREATE TABLE IF NOT EXISTS daily_attempts (
    player TEXT NOT NULL, game TEXT NOT NULL, day TEXT NOT NULL, code TEXT NOT NULL, started REAL NOT NULL,
    PRIMARY KEY (player, game, day, code));
"""


class Store:
    """The server's SQLite file, shared by the service's threads (one lock, one connection)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()
        self.finished = History.open(path.parent / FINISHED, keep=True, cached=HISTORY_QUERIES_CACHED)

    def close(self) -> None:
        with self._lock:
            self._db.close()
        self.finished.close()

    # -- players ------------------------------------------------------------------------------
    def name(self, player: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT name FROM players WHERE id = ?", (player,)).fetchone()
        return row[0] if row else None

    def players(self) -> list[tuple[str, str]]:
        """Every (player id, name)."""
        with self._lock:
            return self._db.execute("SELECT id, name FROM players").fetchall()

    def set_name(self, player: str, name: str) -> None:
        with self._lock:
            self._db.execute("INSERT INTO players (id, name) VALUES (?, ?) "
                             "ON CONFLICT(id) DO UPDATE SET name = excluded.name", (player, name))

    # -- the daily deal: each player's attempts ----------------------------------------------------
    def daily_begun(self, player: str, game: str, day: str, code: str) -> None:
        """A player's attempt at a day's deal has begun (its first move, at table `code`)."""
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO daily_attempts (player, game, day, code, started) "
                             "VALUES (?, ?, ?, ?, ?)", (player, game, day, code, time.time()))

    def daily_attempts(self, player: str, game: str, day: str) -> list[str]:
        """The codes of a player's attempts at a day's deal of a game, first begun first: only
        the first one counts."""
        with self._lock:
            return [row[0] for row in self._db.execute(
                "SELECT code FROM daily_attempts WHERE player = ? AND game = ? AND day = ? ORDER BY started, rowid",
                (player, game, day))]

    # -- tables -------------------------------------------------------------------------------
    def put_table(self, code: str, setup: dict[str, Any], status: str, game: dict[str, Any] | None) -> None:
        """The table's setup and state; `game` is its save document (None while it waits for
        players)."""
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO tables (code, setup, status, game, created, updated) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(code) DO UPDATE SET setup = excluded.setup, status = excluded.status, "
                "game = excluded.game, updated = excluded.updated",
                (code, json.dumps(setup), status, None if game is None else json.dumps(game), now, now))

    def live_tables(self) -> list[tuple[str, dict[str, Any], str, dict[str, Any] | None]]:
        """Every table not finished nor closed: (code, setup, status, save document or None)."""
        with self._lock:
            rows = self._db.execute("SELECT code, setup, status, game FROM tables "
                                    "WHERE status NOT IN ('over', 'closed') ORDER BY created").fetchall()
        return [(code, json.loads(setup), status, json.loads(game) if game else None)
                for code, setup, status, game in rows]

    def record_finished(self, code: str, game: FinishedGame) -> int:
        """A table's game is over: kept in the server's history (once, however often its end is
        reached: a server restarted at a finished game), then the table is marked over. A daily
        deal comes counted or not already (the server counts each player's first attempt: the
        history's own rule would count the server's first game of the day, whoever played it)."""
        row = self.finished.record(game, daily_rule=False)
        with self._lock:
            self._db.execute("UPDATE tables SET status = 'over', updated = ? WHERE code = ?", (time.time(), code))
        return row

    def results(self, latest: int | None = None) -> list[dict[str, Any]]:
        """Finished games, oldest first (`latest`: only that many of the newest): code, game,
        players (each seat: kind, name, level, player), result (winners…), finished (epoch)."""
        with self._lock:
            rows = self._db.execute("SELECT code, game, players, result, finished FROM results "
                                    "ORDER BY finished DESC LIMIT ?", (-1 if latest is None else latest,)).fetchall()
        out = [{"code": c, "game": g, "players": json.loads(p), "result": json.loads(r), "finished": f}
               for c, g, p, r, f in rows]
        # (the newest `latest` only, read as such: a lobby asking for its results never has the whole
        # history decoded, however often it asks)
        games = self.finished.games(limit=latest) if latest is not None else self.finished.games()
        out += [{"code": g.table, "game": g.game, "players": [s.to_json() for s in g.seats], "result": g.result,
                 "finished": g.finished_at.timestamp()} for g in games]
        out.sort(key=lambda r: r["finished"])
        return out if latest is None else out[-latest:] if latest else []
