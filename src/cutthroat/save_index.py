"""A cache of what the lists say about each save in a folder, so showing them doesn't replay every
game: the title's Continue line, the Continue list and the Load list read it instead of reading
(and replaying) each file.

The index is `<folder>/.index.cache` (not `*.json`: never listed as a save, never written over
one). Per file name it keeps the file's size, mtime_ns and inode, and the save's name and
`SaveSummary`. It is a cache and never trusted blindly:

- a listing stats every file of the folder and uses an entry only if size, mtime_ns and inode
  all match; any other file (new, changed behind the index's back — another process, an editor —
  or left out by a writer that lost a race) is read and summarized as before, and the index
  written again; entries whose file is gone are dropped. A missing, corrupt or foreign index (or
  one from another app version, whose summaries may read differently) is rebuilt the same way,
  so no game ever disappears because of it;
- a broken save is not cached (its reason is found by reading it each time: rare, and never stale);
- a save written (`saves.write`: autosaves and named saves) or removed (`forget`: a game that
  ended, a deleted save) updates the index of its folder at once, if that folder has one;
- writers take a lock (`.index.lock`, flock) around read-merge-write, and the index is written
  to a temp file (mode 0600) and renamed over it, so a reader sees the old index or the new one.

Confined (`saves.confined()`): a folder that is a link has no index, and the lock and index are
never opened through a link.
"""

from __future__ import annotations

import fcntl
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from cutthroat import __version__, saves
from cutthroat.paths import write_atomically
from cutthroat.saves import SaveData, SaveError, SaveSummary

INDEX = ".index.cache"
LOCK = ".index.lock"
FORMAT = "cutthroat-save-index"
VERSION = 1
_FIELDS = ("game", "setup", "players", "moves", "progress")


@dataclass
class Listed:
    """One save as a list shows it: when it was last written, its name and summary, or why it
    can't be read (`data` when this listing had to read it anyway)."""

    path: Path
    modified: float
    name: str = ""
    summary: SaveSummary | None = None
    error: str | None = None
    data: SaveData | None = None


def _key(st: os.stat_result) -> list[int]:
    return [st.st_size, st.st_mtime_ns, st.st_ino]


def _usable(directory: Path) -> bool:
    return not (saves.confined() and directory.is_symlink())


def _read_index(directory: Path) -> dict[str, Any] | None:
    """The index's entries, or None if there is none worth reading (missing, corrupt, foreign).
    Each entry is checked where it is used (`_valid`): a writer passes the others on as they are."""
    try:
        fd = os.open(directory / INDEX, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as fh:
            doc = json.loads(fh.read(saves.MAX_BYTES + 1))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION \
            or doc.get("app_version") != __version__ or not isinstance(doc.get("files"), dict):
        return None
    return doc["files"]


def _valid(entry: Any) -> bool:
    if not isinstance(entry, dict):
        return False
    key, summary = entry.get("key"), entry.get("summary")
    return isinstance(key, list) and len(key) == 3 and all(type(k) is int for k in key) \
        and isinstance(entry.get("name"), str) and isinstance(summary, list) and len(summary) == len(_FIELDS) \
        and all(isinstance(v, str) for i, v in enumerate(summary) if i != 3) and type(summary[3]) is int


def _write_index(directory: Path, entries: dict[str, dict[str, Any]]) -> None:
    doc = {"format": FORMAT, "version": VERSION, "app_version": __version__, "files": entries}
    try:
        write_atomically(directory / INDEX, json.dumps(doc, ensure_ascii=False, separators=(",", ":")),
                         durable=False)  # (a cache: a crash leaves the old index, or none — rebuilt)
    except OSError:
        pass  # a folder that can't hold it: every listing reads the files, as before


@contextmanager
def _locked(directory: Path) -> Iterator[None]:
    """Hold the folder's index lock (two processes writing at once don't lose each other's
    entries); if there can be no lock file, go on without (the listing re-checks anyway)."""
    try:
        fd = os.open(directory / LOCK, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _entry(key: list[int], name: str, summary: SaveSummary) -> dict[str, Any]:
    return {"key": key, "name": name, "summary": [getattr(summary, f) for f in _FIELDS]}


def listings(directory: str | os.PathLike, files: list[Path], keep: bool = True) -> list[Listed]:
    """`files` (of `directory`) as the lists show them, from the index where it holds for them,
    else read and summarized (and the index brought up to date). A file gone since it was listed
    is left out. Not `keep`: the folder has no index (the examples shipped with the app)."""
    directory = Path(directory)
    usable = keep and _usable(directory)
    index = (_read_index(directory) if usable else None) or {}
    found, fresh, out = set(), {}, []
    for path in files:
        try:
            st = path.stat()
        except OSError:
            continue  # gone since the listing
        key = _key(st)
        entry = index.get(path.name) if path.parent == directory else None
        listed = Listed(path, st.st_mtime)
        found.add(path.name)
        if _valid(entry) and entry["key"] == key:
            listed.name = entry["name"]
            listed.summary = SaveSummary(*entry["summary"])
        else:
            try:
                listed.data = saves.read(path)
                listed.name = listed.data.name
                listed.summary = saves.summarize(listed.data)
                if path.parent == directory:
                    fresh[path.name] = _entry(key, listed.name, listed.summary)
            except SaveError as exc:
                listed.error = str(exc)
        out.append(listed)
    stale = set(index) - found
    if usable and (fresh or stale) and directory.is_dir():
        _update(directory, fresh, stale)
    return out


def _update(directory: Path, fresh: dict[str, dict[str, Any]], gone: set[str]) -> None:
    """Merge into the index as it is now (another process may have written since it was read)."""
    with _locked(directory):
        entries = _read_index(directory) or {}
        entries.update(fresh)
        for name in gone:
            if name in entries and not (directory / name).exists():
                del entries[name]
        _write_index(directory, entries)


def record(path: str | os.PathLike, data: SaveData) -> None:
    """A save was just written at `path`: its entry, in its folder's index if the folder has one
    (a folder is indexed once a list has shown it)."""
    path = Path(path)
    directory = path.parent
    if not _usable(directory) or not (directory / INDEX).exists():
        return
    try:
        key = _key(path.stat())
        summary = saves.summarize(data)
    except (OSError, SaveError, ValueError, KeyError):
        return  # (the next listing reads the file)
    with _locked(directory):
        entries = _read_index(directory)
        if entries is None:
            return  # a broken index: the next listing rebuilds it
        entries[path.name] = _entry(key, data.name, summary)
        _write_index(directory, entries)


def forget(path: str | os.PathLike) -> None:
    """A save was removed (a game that ended, a deleted save): out of its folder's index."""
    path = Path(path)
    directory = path.parent
    if not _usable(directory) or not (directory / INDEX).exists():
        return
    with _locked(directory):
        entries = _read_index(directory)
        if entries is None or path.name not in entries or path.exists():
            return
        del entries[path.name]
        _write_index(directory, entries)
