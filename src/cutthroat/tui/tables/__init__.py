"""Each game's table and setup screens, found through the game registry."""

from __future__ import annotations

import importlib

from textual.screen import Screen

from cutthroat.engine.registry import game_info
from cutthroat.lens import Lens


def _module(game_id: str):
    return importlib.import_module(game_info(game_id).table)


def table_class(game_id: str) -> type[Screen]:
    """The game's table screen class (its BINDINGS are the table's keys)."""
    return _module(game_id).TableScreen


def table_screen(lens: Lens) -> Screen:
    """The game's table screen, looking through `lens`."""
    return _module(lens.table.game).TableScreen(lens)


def setup_screen(game_id: str, on_start=None) -> Screen:
    """A new game's setup, its rows made from the game's rules (`on_start`: see SetupScreen)."""
    from cutthroat.tui.tables.setup import SetupScreen

    return SetupScreen(game_id, on_start)
