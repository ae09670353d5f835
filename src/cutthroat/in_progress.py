"""Games in progress: one autosave per game, so no game, window or process writes over another's.

Every table with a human seat keeps its own file, `<save dir>/in-progress/<game>-<table id>.json`,
written by its session after every action and removed (that file only) when the game ends. A new
deal is written from its first human decision (`decides`): a game nobody has played yet (bots may
have moved) is not one to come back to, so trying things out doesn't fill the Continue list. While
a table is open its process holds a lock on the game (`claim`): a second window or ssh login of
the same account sees the game as "open elsewhere" and can't resume it, so it can't write over
it. A lock dies with its process, kill -9 included. The single `autosave.json` of save format 1
still shows up in the list and resumes (into its own new file; the old one is then removed).
"""

from __future__ import annotations

import fcntl
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from cutthroat import saves
from cutthroat.saves import SaveData, SaveError, SaveSummary

FOLDER = "in-progress"
LEGACY_AUTOSAVE = "autosave.json"  # save format 1 kept one game in progress, here
_LOCKS = ".locks"


def folder(save_dir: str | os.PathLike) -> Path:
    return Path(save_dir) / FOLDER


def new_path(save_dir: str | os.PathLike, game: str) -> Path:
    """A fresh file for a new table: the game's id and a random table id, never reused."""
    import secrets

    return folder(save_dir) / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}.json"


def is_in_progress(save_dir: str | os.PathLike, path: str | os.PathLike) -> bool:
    """Is `path` a game-in-progress file (as opposed to a named save or an example)?"""
    path = Path(path).resolve()
    return path.parent == folder(save_dir).resolve() or path == (Path(save_dir) / LEGACY_AUTOSAVE).resolve()


def decides(rules, state, seat: int, action, seats) -> bool:
    """Is `action`, about to be played in `state`, a human's own decision? Not a bot's move, nor
    one the table makes for a human without asking: an answer with no choice (`auto_action`), the
    table's own step (`paced_action`), or a reaction window's default (what it plays when its time
    runs out, while a human may not be looking)."""
    if seats[seat].is_bot:
        return False
    return action not in (rules.auto_action(state, seat), rules.paced_action(state, seat),
                          rules.reaction_default(state, seat))


@dataclass
class GameInProgress:
    """One entry of the Continue list: the file, what the list says of it (or why it can't be
    read). Its `data` is read when asked for (a listing shows the index's summary)."""

    path: Path
    modified: float
    summary: SaveSummary | None = None
    error: str | None = None
    open_elsewhere: bool = False
    _data: SaveData | None = field(default=None, repr=False)

    @property
    def data(self) -> SaveData | None:
        """The game itself, read and checked now (once); None, with `error` saying why, if it
        can't be."""
        if self._data is None and self.error is None:
            try:
                self._data = saves.read(self.path)
            except SaveError as exc:
                self.error = str(exc)
        return self._data

    @property
    def resumable(self) -> bool:
        return not self.open_elsewhere and self.data is not None


def games_in_progress(save_dir: str | os.PathLike) -> list[GameInProgress]:
    """Every game in progress in the save directory, newest first, as the folder's index says
    (a file it doesn't hold as it is now is read and checked: `save_index`)."""
    from cutthroat import save_index

    files = saves.listed(folder(save_dir))  # (confined: no link is followed out of the folder)
    _forget_stale_locks(folder(save_dir), {p.name for p in files})
    legacy = Path(save_dir) / LEGACY_AUTOSAVE
    if legacy.is_file() and not (saves.confined() and legacy.is_symlink()):
        files.append(legacy)  # (not in the folder: read each time, like any file the index lacks)
    games = [GameInProgress(entry.path, entry.modified, entry.summary, entry.error,
                            is_claimed(entry.path), entry.data)
             for entry in save_index.listings(folder(save_dir), files)]
    return sorted(games, key=lambda g: g.modified, reverse=True)


def delete(path: str | os.PathLike) -> str | None:
    """Remove a game in progress (and its lock); the reason in one line if it can't be."""
    path = Path(path)
    if is_claimed(path):
        return f"{path.name} is open in another window: close it there first"
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        return f"can't delete {path.name}: {exc.strerror or exc}"
    _lock_path(path).unlink(missing_ok=True)
    forgotten(path)
    return None


def forgotten(path: str | os.PathLike) -> None:
    """A game's file is gone: out of the folder's index too (`save_index.forget`)."""
    from cutthroat import save_index

    save_index.forget(path)


# -- claims -------------------------------------------------------------------------------------
class Claim:
    """This process's hold on one game in progress while its table is open."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    def release(self) -> None:
        """Let go; a game that has ended (its file gone) takes its lock file with it."""
        if self._fd is not None:
            if not self.path.exists():
                _lock_path(self.path).unlink(missing_ok=True)
            os.close(self._fd)  # closing the descriptor drops the lock
            self._fd = None

    def __del__(self) -> None:  # pragma: no cover - a safety net; tables release explicitly
        self.release()


def claim(path: str | os.PathLike) -> Claim | None:
    """Take the game's lock, or None if another window holds it. Raises OSError when the save
    directory can't hold a lock file (then nothing can be kept there anyway)."""
    path = Path(path)
    lock = _lock_path(path)
    if saves.confined() and (path.parent.is_symlink() or lock.parent.is_symlink()):
        raise OSError(f"a link where the {FOLDER} folder or its locks should be")  # never followed
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)  # a lock file is never a link
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except OSError:
        os.close(fd)
        raise
    for stale in path.parent.glob(f".{path.name}.*.tmp"):  # a write cut short by a crash: no one
        stale.unlink(missing_ok=True)                      # else writes this game's file
    return Claim(path, fd)


def is_claimed(path: str | os.PathLike) -> bool:
    """Does some window (this process's other tables included) hold the game open?"""
    lock = _lock_path(Path(path))
    try:
        fd = os.open(lock, os.O_RDWR | os.O_NOFOLLOW)
    except OSError:
        return False  # no lock file: nobody ever opened it
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # (a lock we just took goes with it)
    return False


def _forget_stale_locks(games: Path, names: set[str]) -> None:
    """Remove the locks nobody holds of games with no file: a table closed without a word (kill
    -9) before its game was kept leaves one. (A new table's game has a name of its own, and its
    lock is held until its file is written.)"""
    for lock in saves.listed(games / _LOCKS, "*.lock"):
        game = games / lock.name.removesuffix(".lock")
        if game.name not in names and not is_claimed(game):
            lock.unlink(missing_ok=True)


def _lock_path(path: Path) -> Path:
    return path.parent / _LOCKS / f"{path.name}.lock"
