"""The history's SQLite file: one schema, grown by numbered migrations.

`MIGRATIONS[n]` takes a file at schema version n (`PRAGMA user_version`) to n + 1; a new file runs
them all. Each migration, and each later write, is one transaction in WAL mode, so a crash or a
kill -9 in the middle of one leaves the file as it was before it: nothing already there is lost.
A file this version cannot read (not SQLite, damaged, someone else's tables, or made by a newer
Cutthroat) is never written to: `open_db` refuses it with a one-line reason (`HistoryError`).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Callable, Union


def _facts(db: sqlite3.Connection) -> None:
    """Each game's mode and home-side fact (what Records sums: `records.fact_json`), worked out
    from the games already kept."""
    from cutthroat.history.records import fact_json, names_json
    from cutthroat.history.store import _COLUMNS, _game

    for row in db.execute(f"SELECT {_COLUMNS} FROM games").fetchall():
        try:
            game = _game(row, None)
        except (ValueError, TypeError, KeyError, AttributeError):
            continue  # (a row no version could read: it stays out of the records, as before)
        db.execute("UPDATE games SET mode = ?, fact = ?, names = ? WHERE id = ?",
                   (game.mode, fact_json(game), names_json(game), game.id))


MIGRATIONS: list[tuple[Union[str, Callable[[sqlite3.Connection], None]], ...]] = [
    # 0 → 1: the finished games.
    ("CREATE TABLE games ("
     " id INTEGER PRIMARY KEY AUTOINCREMENT,"
     " game_id TEXT NOT NULL UNIQUE,"      # the game's own id: recorded once however often it ends
     " game TEXT NOT NULL,"                # the registry's id
     " options TEXT NOT NULL,"             # JSON: variants, mode, recipe
     " seats TEXT NOT NULL,"               # JSON: [{name, kind, level, player?}]
     " humans TEXT NOT NULL,"              # JSON: the seats this history's player played
     " result TEXT NOT NULL,"              # JSON: winners, placements, scores, summary, details
     " moves INTEGER NOT NULL,"
     " duration_s REAL NOT NULL,"
     " finished_at TEXT NOT NULL)",        # ISO 8601, UTC
     # The save document (seed + actions) of each, apart: a list of games never reads them.
     "CREATE TABLE documents (game INTEGER PRIMARY KEY, document TEXT NOT NULL)",
     "CREATE INDEX games_by_game ON games (game, finished_at)"),
    # 1 → 2: tie-breaks and the daily deal (only a first attempt is counted).
    ("ALTER TABLE games ADD COLUMN tie_break TEXT NOT NULL DEFAULT ''",
     "ALTER TABLE games ADD COLUMN daily TEXT",
     "ALTER TABLE games ADD COLUMN counted INTEGER NOT NULL DEFAULT 1",
     "CREATE INDEX games_by_daily ON games (daily, game)"),
    # 2 → 3: a server table's code, for a game played at one.
    ("ALTER TABLE games ADD COLUMN table_code TEXT NOT NULL DEFAULT ''",),
    # 3 → 4: the whole history newest first, read in order (no sort of every row).
    ("CREATE INDEX games_by_time ON games (finished_at, id)",),
    # 4 → 5: daily deals begun (from the first move), finished or not: only the first one counts.
    ("CREATE TABLE daily_attempts (game TEXT NOT NULL, daily TEXT NOT NULL, game_id TEXT NOT NULL,"
     " started_at TEXT NOT NULL, PRIMARY KEY (game, daily, game_id))",),
    # 5 → 6: what Records sums, beside each game (its mode, its home side's fact, its players'
    # names), read from indexes in order: Records opens without decoding every game.
    ("ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT ''",
     "ALTER TABLE games ADD COLUMN fact TEXT",
     "ALTER TABLE games ADD COLUMN names TEXT NOT NULL DEFAULT '[]'",  # the human seats' names
     _facts,
     "CREATE INDEX games_facts ON games (game, counted, finished_at, id, mode, fact)",
     "CREATE INDEX games_names ON games (game, names, finished_at, id)"),
    # 6 → 7: game reviews (`cutthroat.review`), kept with the game they review: one a seat, budget
    # and review version, written whole when a review is complete.
    ("CREATE TABLE reviews (game INTEGER NOT NULL, seat INTEGER NOT NULL, budget INTEGER NOT NULL,"
     " version INTEGER NOT NULL, review TEXT NOT NULL, PRIMARY KEY (game, seat, budget, version))",),
]
VERSION = len(MIGRATIONS)
MAGIC = b"SQLite format 3\x00"


class HistoryError(Exception):
    """The history file can't be used; the message is one line fit for a player."""


def open_db(path: str | os.PathLike, *, shown: str | None = None) -> sqlite3.Connection:
    """The history at `path`, made or brought up to date. Raises HistoryError, leaving the file
    untouched, if it can't be read as one."""
    path = Path(path)
    label = shown or path.name
    if path.is_symlink():
        raise HistoryError(f"{label}: a link, not followed: history is off")
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(MAGIC))
    except FileNotFoundError:
        head = None
    except OSError as exc:
        raise HistoryError(f"{label}: can't read it ({exc.strerror or exc.__class__.__name__}): left as it is") from None
    if head is not None and head and head != MAGIC:
        raise HistoryError(f"{label}: not a history file (not SQLite): left as it is")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(str(path), isolation_level=None, timeout=10.0, check_same_thread=False)
    except (OSError, sqlite3.Error) as exc:
        raise HistoryError(f"{label}: can't open it ({_reason(exc)})") from None
    try:
        _check(db, label)
        if head is None or not head:
            os.chmod(path, 0o600)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        migrate(db)
    except HistoryError:
        db.close()
        raise
    except sqlite3.Error as exc:
        db.close()
        raise HistoryError(f"{label}: can't use it ({_reason(exc)}): left as it is") from None
    return db


def _check(db: sqlite3.Connection, label: str) -> None:
    """Read-only: is this a history this version can take (or an empty file)?"""
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "games" in tables:
            db.execute("SELECT count(*) FROM games").fetchone()
    except sqlite3.DatabaseError as exc:
        raise HistoryError(f"{label}: damaged or not a history file ({_reason(exc)}): left as it is") from None
    if version > VERSION:
        raise HistoryError(f"{label}: made by a newer Cutthroat (history version {version}; this one reads "
                           f"{VERSION}): left as it is")
    ours = tables - {"sqlite_sequence"}
    if version == 0 and ours:
        raise HistoryError(f"{label}: holds other tables than a history's: left as it is")


def migrate(db: sqlite3.Connection, to: int = VERSION) -> int:
    """Run the migrations the file lacks, up to version `to`, each in one transaction with its
    new version number; returns the version reached."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    while version < to:
        db.execute("BEGIN IMMEDIATE")
        try:
            if db.execute("PRAGMA user_version").fetchone()[0] != version:  # another process did it
                db.execute("ROLLBACK")
                version = db.execute("PRAGMA user_version").fetchone()[0]
                continue
            for statement in MIGRATIONS[version]:
                statement(db) if callable(statement) else db.execute(statement)
            db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        version += 1
    return version


def _reason(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or exc.__class__.__name__
