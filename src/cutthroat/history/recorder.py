"""Recording a session's game when it ends (`Session.recorder`), into the player's history."""

from __future__ import annotations

import logging
import os
import sqlite3
from typing import Callable

from cutthroat.history.schema import HistoryError

log = logging.getLogger("cutthroat.history")


class Recorder:
    """A `Session.recorder`: keeps the finished game in the history at `path` (the player's by
    default), if "Keep history" is on (`keep`; None: the player's setting, read when it's asked).
    `begun` notes a daily deal's attempt at its first move. It never fails the game: a history that
    can't be written is said to `errors` (one line) and logged."""

    def __init__(self, path: str | os.PathLike | None = None, *, keep: bool | Callable[[], bool] | None = None,
                 errors: Callable[[str], None] | None = None) -> None:
        self.path = path
        self.keep = keep
        self.errors = errors

    def _keeping(self) -> bool:
        from cutthroat.history.store import keeping_from_settings

        keep = self.keep
        return keep() if callable(keep) else keeping_from_settings() if keep is None else bool(keep)

    def __call__(self, session) -> int | None:
        return self._with_history(lambda history: history.record(session.finished_game()))

    def begun(self, session) -> None:
        """A daily deal's first move: its attempt is noted (only the day's first one counts)."""
        if session.daily:
            self._with_history(lambda history: history.daily_begun(session.game, session.daily, session.game_id))

    def _with_history(self, do):
        from cutthroat.history.store import History

        if not self._keeping():
            return None
        try:
            with History.open(self.path, keep=True) as history:
                return do(history)
        except (HistoryError, sqlite3.Error, OSError) as exc:
            message = str(exc) if isinstance(exc, HistoryError) else f"history not written: {exc}"
            log.warning("%s", message)
            if self.errors is not None:
                self.errors(message)
            return None


def recorder(path: str | os.PathLike | None = None, *, keep: bool | Callable[[], bool] | None = None,
             errors: Callable[[str], None] | None = None) -> Recorder:
    """A `Session.recorder` for the history at `path` (see `Recorder`)."""
    return Recorder(path, keep=keep, errors=errors)
