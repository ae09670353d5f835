"""Each game's table and setup screens, looked up by game id."""

from __future__ import annotations

import importlib

from textual.screen import Screen

from cutthroat.session import Session

#: game id → module with `TableScreen` and `SetupScreen`.
TABLES = {
    "kill-the-kings": "cutthroat.tui.tables.kill_the_kings",
    "kill-your-friends": "cutthroat.tui.tables.kill_your_friends",
    "exploding-kittens": "cutthroat.tui.tables.exploding_kittens",
}


def _module(game_id: str):
    return importlib.import_module(TABLES[game_id])


def table_screen(session: Session) -> Screen:
    return _module(session.game).TableScreen(session)


def setup_screen(game_id: str) -> Screen:
    return _module(game_id).SetupScreen()
