"""Every finished game remembered: the player's history (SQLite, `store.History`), the records
computed from it (`records`) and the daily deal (`daily`). Headless: never imports Textual."""

from cutthroat.history.model import FinishedGame, Seat  # noqa: F401
