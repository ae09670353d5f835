"""Each game's table and setup screens, found through the game registry."""

from __future__ import annotations

import importlib

from textual.screen import Screen

from cutthroat.engine.registry import game_info
from cutthroat.session import Session


def _module(game_id: str):
    return importlib.import_module(game_info(game_id).table)


def table_screen(lens) -> Screen:
    from cutthroat.tui.tables.client import TableScreenBase

    screen = _module(lens.table.game).TableScreen
    if issubclass(screen, TableScreenBase):
        return screen(lens)
    return screen(lens.own_port._host.session)  # TRANSITIONAL: the old tables drive the session


def setup_screen(game_id: str) -> Screen:
    return _module(game_id).SetupScreen()
