"""Recording a session's game when it ends (`Session.recorder`), into the player's history."""

from __future__ import annotations

import logging
import os
import sqlite3
from typing import Callable

from cutthroat.history.schema import HistoryError

log = logging.getLogger("cutthroat.history")


def recorder(path: str | os.PathLike | None = None, *, keep: bool | Callable[[], bool] | None = None,
             errors: Callable[[str], None] | None = None) -> Callable:
    """A `Session.recorder` that keeps the finished game in the history at `path` (the player's by
    default), if "Keep history" is on (`keep`; None: the player's setting, read when the game
    ends). It never fails the game: a history that can't be written is said to `errors` (one
    line) and logged."""

    def record(session) -> int | None:
        from cutthroat.history.store import History, keeping_from_settings

        keeping = keep() if callable(keep) else keeping_from_settings() if keep is None else keep
        if not keeping:
            return None
        try:
            with History.open(path, keep=True) as history:
                return history.record(session.finished_game())
        except (HistoryError, sqlite3.Error, OSError) as exc:
            message = str(exc) if isinstance(exc, HistoryError) else f"history not written: {exc}"
            log.warning("%s", message)
            if errors is not None:
                errors(message)
            return None

    return record
