"""Each game's table and setup screens, found through the game registry."""

from __future__ import annotations

import importlib

from textual.screen import Screen

from cutthroat.engine.registry import game_info
from cutthroat.session import Session


def _module(game_id: str):
    return importlib.import_module(game_info(game_id).table)


def table_screen(session: Session) -> Screen:
    return _module(session.game).TableScreen(session)


def setup_screen(game_id: str) -> Screen:
    return _module(game_id).SetupScreen()
