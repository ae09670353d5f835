"""The player's history: `History.open(path)` on the SQLite file (`schema`), one transaction per
write. The default file is `history.sqlite3` in the player's data folder (`paths.history_path`)."""

from __future__ import annotations

import gc
import hashlib
import json
import os
import sqlite3
import threading
from datetime import date, datetime, time, timedelta, timezone
from collections import OrderedDict
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterable

from cutthroat.history.model import FinishedGame, Seat
from cutthroat.history.schema import HistoryError, open_db

_COLUMNS = ("id, game_id, game, options, seats, humans, result, tie_break, moves, duration_s, "
            "finished_at, daily, counted, table_code")


def _stamp(when: datetime) -> str:
    """A time as the file keeps it: ISO 8601 in UTC, always the same width (so it sorts)."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.astimezone(timezone.utc).isoformat(timespec="microseconds")


def _bound(value: datetime | date | None, end: bool) -> str | None:
    """A `since`/`until` bound: a datetime as it is; a date means that whole day (UTC)."""
    if value is None:
        return None
    if not isinstance(value, datetime):
        value = datetime.combine(value + timedelta(days=1) if end else value, time(), timezone.utc)
    return _stamp(value)


def keeping_from_settings() -> bool:
    """The player's "Keep history" setting, read now (so a change made meanwhile counts)."""
    from cutthroat.settings import load_settings

    return load_settings()[0].keep_history


class History:
    """The finished games of one player. Shared by threads (one lock, one connection)."""

    def __init__(self, db: sqlite3.Connection, path: Path, keep: bool | Callable[[], bool] | None,
                 cached: int = 1) -> None:
        self._db = db
        self.path = path
        self._keep = keep
        self._lock = threading.Lock()
        #: The last `cached` `games()` asked (least recently asked first), each with the file's
        #: version it was read at: good while the file is unchanged (by this connection or any other).
        self._cached: OrderedDict[tuple, tuple[tuple, list[FinishedGame]]] = OrderedDict()
        self._cache_size = max(1, cached)

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, *, keep: bool | Callable[[], bool] | None = None,
             shown: str | None = None, cached: int = 1) -> "History":
        """The history at `path` (default: the player's, `paths.history_path()`), made if missing.
        `keep`: whether `record` keeps games (a bool, or asked each time); None reads the player's
        "Keep history" setting at each record. `cached`: how many different `games()` queries are
        kept read while the file is unchanged (a server's lobby asks several in turn). HistoryError
        (one line) if the file can't be used: it is then left exactly as it is."""
        if path is None:
            from cutthroat.paths import history_path

            path = history_path()
        path = Path(path)
        return cls(open_db(path, shown=shown), path, keep, cached)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> "History":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def keeping(self) -> bool:
        keep = self._keep
        if keep is None:
            return keeping_from_settings()
        return keep() if callable(keep) else bool(keep)

    # -- writing ------------------------------------------------------------------------------------
    def record(self, game: FinishedGame, daily_rule: bool = True) -> int | None:
        """Keep a finished game; its row id. A game already kept (the same `game_id`: a resumed
        game finished again) is not kept twice: the first one's id. A daily deal already played
        is kept but not counted (`daily_rule` False: the game's own `counted` stands, as a
        server decides it per player). None when "Keep history" is off."""
        if not self.keeping:
            return None
        return self._insert(game, daily_rule=daily_rule)[0]

    def _insert(self, game: FinishedGame, daily_rule: bool) -> tuple[int, bool]:
        """(row id, whether it is new): the game kept, or the one already kept under its id."""
        return self._write(lambda: self._add(game, daily_rule))

    def _write(self, do):
        """`do()` in one transaction (all of it or none of it is in the file)."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    done = do()
                    db.execute("COMMIT")
                    return done
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise HistoryError(f"{self.path.name}: can't write ({' '.join(str(exc).split())})") from None

    def _add(self, game: FinishedGame, daily_rule: bool) -> tuple[int, bool]:
        """Inside a transaction: `_insert`."""
        db = self._db
        game_id = game.game_id or content_id(game)
        row = db.execute("SELECT id FROM games WHERE game_id = ?", (game_id,)).fetchone()
        if row is not None:
            return row[0], False
        counted = game.counted
        if daily_rule and game.daily and counted:
            counted = self._first_daily(game.game, game.daily, game_id)
        from cutthroat.history.records import fact_json, names_json

        cursor = db.execute(
            f"INSERT INTO games ({_COLUMNS.removeprefix('id, ')}, mode, fact, names)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (game_id, game.game, json.dumps(game.options), json.dumps([s.to_json() for s in game.seats]),
             json.dumps(list(game.humans)), json.dumps(game.result), game.tie_break, game.moves,
             game.duration_s, _stamp(game.finished_at), game.daily, int(counted), game.table, game.mode,
             fact_json(replace(game, counted=bool(counted))), names_json(game)))
        db.execute("INSERT INTO documents (game, document) VALUES (?, ?)",
                   (cursor.lastrowid, json.dumps(game.document, ensure_ascii=False)))
        return cursor.lastrowid, True

    def _first_daily(self, game: str, daily: str, game_id: str) -> bool:
        """Is this game the day's first attempt at the daily deal: none counted yet, and none
        begun before it (a deal begun, seen and dropped was the attempt)?"""
        db = self._db
        if db.execute("SELECT 1 FROM games WHERE daily = ? AND game = ? AND counted", (daily, game)).fetchone():
            return False
        first = db.execute("SELECT game_id FROM daily_attempts WHERE game = ? AND daily = ? "
                           "ORDER BY started_at, rowid LIMIT 1", (game, daily)).fetchone()
        return first is None or first[0] == game_id

    def daily_begun(self, game: str, daily: str, game_id: str, when: datetime | None = None) -> bool:
        """A daily deal's attempt has begun (its first move): noted, so that only the day's first
        attempt counts even if it is never finished. Whether it is that first attempt. Nothing is
        noted with "Keep history" off."""
        if not self.keeping:
            return False

        def note() -> bool:
            self._db.execute("INSERT OR IGNORE INTO daily_attempts (game, daily, game_id, started_at) "
                             "VALUES (?, ?, ?, ?)", (game, daily, game_id, _stamp(when or datetime.now(timezone.utc))))
            return self._first_daily(game, daily, game_id)
        return self._write(note)

    def daily_attempts(self, game: str, daily: str) -> list[str]:
        """The game ids of the day's attempts at a game's daily deal, first begun first."""
        with self._lock:
            return [row[0] for row in self._db.execute(
                "SELECT game_id FROM daily_attempts WHERE game = ? AND daily = ? ORDER BY started_at, rowid",
                (game, daily))]

    def delete(self, id: int) -> bool:
        """Forget one game; whether there was one."""

        def forget() -> bool:
            self._db.execute("DELETE FROM documents WHERE game = ?", (id,))
            self._db.execute("DELETE FROM reviews WHERE game = ?", (id,))
            return self._db.execute("DELETE FROM games WHERE id = ?", (id,)).rowcount > 0
        return self._write(forget)

    def delete_all(self) -> int:
        """Forget every game (and every daily deal begun); how many games there were."""

        def forget() -> int:
            self._db.execute("DELETE FROM documents")
            self._db.execute("DELETE FROM reviews")
            self._db.execute("DELETE FROM daily_attempts")
            return self._db.execute("DELETE FROM games").rowcount
        return self._write(forget)

    def keep_review(self, id: int, seat: int, budget: int, version: int, review: dict[str, Any]) -> bool:
        """Keep a complete game review with its game (row `id`), in one transaction: all of it or
        nothing. False (nothing kept) when there is no such game."""

        def keep() -> bool:
            if self._db.execute("SELECT 1 FROM games WHERE id = ?", (id,)).fetchone() is None:
                return False
            self._db.execute("INSERT OR REPLACE INTO reviews (game, seat, budget, version, review) VALUES (?,?,?,?,?)",
                             (id, seat, budget, version, json.dumps(review, ensure_ascii=False)))
            return True
        return self._write(keep)

    def review(self, id: int, seat: int, budget: int, version: int) -> dict[str, Any] | None:
        """The review kept for this game, seat, budget and review version, if any."""
        with self._lock:
            row = self._db.execute("SELECT review FROM reviews WHERE game = ? AND seat = ? AND budget = ? AND version = ?",
                                   (id, seat, budget, version)).fetchone()
        try:
            return json.loads(row[0]) if row is not None else None
        except ValueError:
            return None

    # -- reading ------------------------------------------------------------------------------------
    def games(self, game: str | None = None, since: datetime | date | None = None,
              until: datetime | date | None = None, *, documents: bool = False, mode: str | None = None,
              limit: int | None = None) -> list[FinishedGame]:
        """The games kept, newest first: of one game (registry id) if given, finished at `since` or
        later and before `until` (a date: from the start of that day, to the end of that day,
        UTC), of one mode (`FinishedGame.mode`) if given, the newest `limit` if given. Without
        their documents unless asked (`get` reads one)."""
        where, args = self._where(game, since, until, mode)
        # Read in the file's order and sorted here: faster than following the time index row by row
        # (but for the newest few).
        sql = f"SELECT {_COLUMNS} FROM games{where}" + (
            f" ORDER BY finished_at DESC, id DESC LIMIT {int(limit)}" if limit is not None else "")
        asked = (sql, tuple(args), documents)
        with self._lock:
            version = (self._db.execute("PRAGMA data_version").fetchone()[0], self._db.total_changes)
            kept = self._cached.get(asked)
            if kept is not None and kept[0] == version:
                self._cached.move_to_end(asked)
                return list(kept[1])  # (the file hasn't changed: a Records screen opened again)
            rows = self._db.execute(sql, args).fetchall()
            docs = dict(self._db.execute("SELECT game, document FROM documents").fetchall()) if documents else {}
        games = self._decoded(rows, docs)
        with self._lock:
            for old in [k for k, (v, _) in self._cached.items() if v != version]:
                del self._cached[old]  # (read before the file changed: never good again)
            self._cached[asked] = (version, games)
            self._cached.move_to_end(asked)
            while len(self._cached) > self._cache_size:
                self._cached.popitem(last=False)
        return list(games)

    def at_table(self, code: str) -> list[FinishedGame]:
        """The games kept from server table `code`, newest first (a code is used again once its
        table is gone), without their documents: those rows only, not the whole history."""
        with self._lock:
            rows = self._db.execute(f"SELECT {_COLUMNS} FROM games WHERE table_code = ?", (code,)).fetchall()
        return self._decoded(rows, {})

    @staticmethod
    def _decoded(rows: list[tuple], docs: dict[int, str]) -> list[FinishedGame]:
        rows.sort(key=lambda row: (row[10], row[0]), reverse=True)
        collecting = gc.isenabled()
        gc.disable()  # (thousands of new objects, none of them garbage: no collections while they come)
        try:
            results = json.loads("[" + ",".join(row[6] for row in rows) + "]")  # (one parse, not one a game)
            decoded: dict[str, Any] = {}  # (seats, options and humans repeat from game to game: read once)
            return [_game(row, docs.get(row[0]), decoded, result) for row, result in zip(rows, results)]
        finally:
            if collecting:
                gc.enable()

    def facts(self, game: str) -> "list[Fact]":
        """The counted entries of `game` as its home side played them, oldest first: the light
        rows Records sums (`records.summed`), read from one index without decoding any game."""
        from cutthroat.history.records import facts_from_rows

        with self._lock:  # (the rows come as one list while collections wait: see `_decoded`)
            collecting = gc.isenabled()
            gc.disable()
            try:
                rows = self._db.execute(
                    "SELECT finished_at, id, mode, fact FROM games INDEXED BY games_facts"
                    " WHERE game = ? AND counted = 1 AND fact IS NOT NULL ORDER BY finished_at, id",
                    (game,)).fetchall()
            finally:
                if collecting:
                    gc.enable()
        return facts_from_rows(rows)

    def modes(self, game: str) -> set[str]:
        """The modes (recipes) `game` was played in here."""
        with self._lock:
            return {row[0] for row in self._db.execute("SELECT DISTINCT mode FROM games WHERE game = ?", (game,))}

    def player_names(self, game: str) -> list[str]:
        """`records.players` of `game`'s games, from each distinct set of names (few) and its count."""
        from cutthroat.history.records import players_of

        with self._lock:
            tables = self._db.execute(
                "SELECT names, count(*) FROM games INDEXED BY games_names WHERE game = ? GROUP BY names"
                " ORDER BY max(finished_at || printf('%012d', id)) DESC", (game,)).fetchall()  # (newest first)
        return players_of((json.loads(names), n) for names, n in tables)

    def get(self, id: int) -> FinishedGame | None:
        """One game, with its document; None if there is no such game."""
        with self._lock:
            row = self._db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (id,)).fetchone()
            doc = self._db.execute("SELECT document FROM documents WHERE game = ?", (id,)).fetchone()
        return None if row is None else _game(row, doc[0] if doc else None)

    def find(self, game_id: str) -> FinishedGame | None:
        """The game kept under its own id (`FinishedGame.game_id`), if any."""
        with self._lock:
            row = self._db.execute("SELECT id FROM games WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else self.get(row[0])

    def count(self, game: str | None = None, since: datetime | date | None = None,
              until: datetime | date | None = None, *, mode: str | None = None) -> int:
        """How many games `games` would give with these filters."""
        where, args = self._where(game, since, until, mode)
        with self._lock:
            return self._db.execute(f"SELECT count(*) FROM games{where}", args).fetchone()[0]

    @staticmethod
    def _where(game: str | None, since, until, mode: str | None) -> tuple[str, list]:
        where, args = [], []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if since is not None:
            where.append("finished_at >= ?")
            args.append(_bound(since, end=False))
        if until is not None:
            where.append("finished_at < ?")
            args.append(_bound(until, end=True))
        if mode is not None:
            where.append("mode = ?")
            args.append(mode)
        return (" WHERE " + " AND ".join(where) if where else ""), args

    # -- moving to another machine ----------------------------------------------------------------
    def export_rows(self) -> list[dict[str, Any]]:
        """Every game, oldest first, as plain JSON rows (documents included): what `history --json`
        prints and `import_rows` reads back."""
        return [g.to_json() for g in reversed(self.games(documents=True))]

    def import_rows(self, rows: Iterable[dict[str, Any]]) -> tuple[int, int, list[str]]:
        """Read an export back, in one transaction: (games added, games already here, one line per
        row that isn't a game). Each game keeps whether it was counted; a game already here is
        left as it is."""
        games: list[FinishedGame] = []
        problems: list[str] = []
        for n, row in enumerate(rows, 1):
            try:
                games.append(FinishedGame.from_json(row))
            except ValueError as exc:
                problems.append(f"row {n}: {exc}")
        new = self._write(lambda: [self._add(game, daily_rule=False)[1] for game in games])
        return sum(new), len(new) - sum(new), problems


def content_id(game: FinishedGame) -> str:
    """An id for a game that came without one (an old export): from what it is, so importing it
    twice keeps it once."""
    key = json.dumps([game.game, game.options, [s.to_json() for s in game.seats], game.result,
                      _stamp(game.finished_at), game.document.get("seed")], sort_keys=True)
    return "content-" + hashlib.sha256(key.encode()).hexdigest()[:32]


def _game(row: tuple, document: str | None, decoded: dict[str, Any] | None = None,
          parsed: dict[str, Any] | None = None) -> FinishedGame:
    (id, game_id, game, options, seats, humans, result, tie_break, moves, duration_s,
     finished_at, daily, counted, table) = row
    decoded = {} if decoded is None else decoded
    if seats not in decoded:
        decoded[seats] = tuple(Seat.from_json(s) for s in json.loads(seats))
    if humans not in decoded:
        decoded[humans] = tuple(json.loads(humans))
    if options not in decoded:
        decoded[options] = json.loads(options)
    return FinishedGame(
        game=game, options=dict(decoded[options]), seats=decoded[seats],
        humans=decoded[humans], result=json.loads(result) if parsed is None else parsed,
        finished_at=datetime.fromisoformat(finished_at), game_id=game_id, tie_break=tie_break, moves=moves,
        duration_s=duration_s, daily=daily, counted=bool(counted),
        document=json.loads(document) if document else {}, id=id, table=table)
