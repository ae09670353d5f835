"""The players' folders (`players/<id>/`, one a player of either door): swept and capped. A new
browser is a new player for free (a cookie; only `--web-sessions-per-minute` paces it), and each
player's first session makes a folder, so without this a hostile client could fill the disk over
days. Apart from the doors because it is about the data folder, not about connections.

- Swept at the server's start and then every `sweep_interval` (at most an hour, at least a
  second), whichever doors are open: a folder is
  removed only when nothing in it could matter to anyone: its player never got a name, has no
  save, no history, no seat or table, no link code waiting and no session open (either door),
  and nothing in the folder has changed for `--unnamed-player-hours`. A named player, or one with
  a game or a history, is never removed, however old.
- Capped: at `--max-players` folders a new ssh key or a browser without a cookie is refused a
  new player (one line), and so is a websocket whose player has no folder yet; an existing
  player never is.
- A folder over `FOLDER_WARN_BYTES` is named in the log at each sweep (its player's own data: an
  operator's call, never removed).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

log = logging.getLogger("cutthroat.serve")

PLAYER_ID = re.compile(r"[0-9a-f]{32}")  # a player's folder name (ssh key or browser cookie alike)
KEEPS = ("saves", "history.sqlite3")  # what a folder holds that makes it a player's (a game, a history)
ENTRIES_LOOKED_AT = 200  # a folder with more entries than this is not a fresh player's: kept
FOLDER_WARN_BYTES = 64 * 1024 * 1024
COUNT_SECONDS = 10.0  # the folders' count is read again at most this often (new ones are counted as made)


class PlayerFolders:
    """`players/` under the server's data folder, and what may be removed from it."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.root: Path = state.data / "players"
        self.hours: float = state.limits.unnamed_player_hours
        self.cap: int = state.limits.max_players
        self.sweep_interval = max(1.0, min(3600.0, self.hours * 3600 / 2))  # (a tiny H: not a busy loop)
        self.sweeps = 0
        self.removed = 0
        self._count = 0
        self._counted_at = float("-inf")
        self._task: asyncio.Task | None = None

    # -- the cap ----------------------------------------------------------------------------------
    def count(self) -> int:
        now = time.monotonic()
        if now - self._counted_at >= COUNT_SECONDS:
            try:
                with os.scandir(self.root) as entries:
                    self._count = sum(1 for entry in entries if PLAYER_ID.fullmatch(entry.name))
            except FileNotFoundError:
                self._count = 0
            self._counted_at = now
        return self._count

    def full(self) -> bool:
        """No new player may be made (`--max-players` folders already)."""
        return self.count() >= self.cap

    def made(self) -> None:
        """A new player's folder was made (counted before the next read)."""
        self._count += 1

    # -- the sweep --------------------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.ensure_future(self._every())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _every(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception as exc:  # noqa: BLE001 - a sweep that fails is tried again next time
                log.error("the player folders' sweep failed: %r", exc)
            await asyncio.sleep(self.sweep_interval)

    def in_use(self) -> set[str]:
        """Players who must keep their folder whatever it holds: a session open (either door), a
        seat or a table of their making, a link code waiting."""
        used = set(self.state.sessions)
        service = self.state.service
        if service is not None:
            for table in service.tables.values():
                used.update(s.get("player") for s in table.seats if s.get("player"))
                if table.maker:
                    used.add(table.maker)
            used.update(who for who, _, _ in service.link_codes.values())
        return used

    def named(self, player: str) -> bool:
        service = self.state.service
        return service is not None and service.store.name(player) is not None

    async def sweep(self) -> int:
        """Remove what may be removed (see the module); how many folders were. The folders are
        read off the loop; each is checked again on it just before it goes."""
        loop = asyncio.get_running_loop()
        used = self.in_use()
        candidates = await loop.run_in_executor(None, self._candidates, time.time() - self.hours * 3600, used)
        removed = 0
        limit = time.time() - self.hours * 3600
        for player in candidates:
            if player in self.in_use() or self.named(player):
                continue
            folder = self.root / player
            if _last_change(folder) is None or _last_change(folder) > limit:
                continue  # (used since it was read)
            try:
                shutil.rmtree(folder)
            except OSError as exc:
                log.warning("player folder %s not removed: %s", player[:12], exc)
                continue
            removed += 1
        self.sweeps += 1
        self.removed += removed
        self._counted_at = float("-inf")
        if removed:
            log.info("removed %d player folders: never named, no game or history, unused for %g hours "
                     "(--unnamed-player-hours)", removed, self.hours)
        return removed

    def _candidates(self, limit: float, used: set[str]) -> list[str]:
        """(Off the loop.) Folders that look removable: unused since `limit`, holding no game."""
        found = []
        try:
            entries = list(os.scandir(self.root))
        except FileNotFoundError:
            return found
        for entry in entries:
            if not PLAYER_ID.fullmatch(entry.name) or entry.name in used:
                continue
            try:
                if entry.is_symlink() or not entry.is_dir():
                    continue
            except OSError:
                continue
            folder = Path(entry.path)
            if any((folder / keep).exists() for keep in KEEPS):
                size = _size(folder)
                if size is not None and size > FOLDER_WARN_BYTES:
                    log.warning("player folder %s holds %d MB", entry.name[:12], size >> 20)
                continue
            changed = _last_change(folder)
            if changed is not None and changed <= limit:
                found.append(entry.name)
        return found


def _last_change(folder: Path) -> float | None:
    """The newest change to the folder or anything in it (its modification times); None when
    it holds too much to be a fresh player's (ENTRIES_LOOKED_AT) or can't be read."""
    try:
        newest = folder.lstat().st_mtime
        seen = 0
        for top, dirs, files in os.walk(folder):
            for name in dirs + files:
                seen += 1
                if seen > ENTRIES_LOOKED_AT:
                    return None
                newest = max(newest, os.lstat(os.path.join(top, name)).st_mtime)
        return newest
    except OSError:
        return None


def _size(folder: Path) -> int | None:
    total = 0
    try:
        for top, _, files in os.walk(folder):
            for name in files:
                total += os.lstat(os.path.join(top, name)).st_size
    except OSError:
        return None
    return total
