"""The modules whose screens and widgets bind keys, by name, for the checks that need every
binding id at once: a settings file's keymap (`CutthroatApp.apply_keymap`) and docs/keymap.md's list.

Each screen registers its own ids where it is defined (`BINDINGS = with_ids(...)`); nothing but
those checks reads this index, and it imports the screens only when asked (`every_binding_id`), so
no screen depends on it. A module that calls `with_ids` must be named here (a test checks)."""

from __future__ import annotations

import importlib

from textual.binding import Binding

from cutthroat.tui.binding_ids import keymap_ids

SCREEN_MODULES = (
    "cutthroat.tui.app",
    *(f"cutthroat.tui.screens.{name}" for name in (
        "confirm", "continue_list", "history", "load", "lobby", "menu", "past_game", "past_games",
        "records", "replay", "review", "rules", "save", "settings", "title")),
    "cutthroat.tui.tables.game_over",
    "cutthroat.tui.tables.setup",
    "cutthroat.tui.tables.exploding_kittens.prompts",
    "cutthroat.tui.tables.exploding_kittens.table",
    "cutthroat.tui.tables.kill_the_kings.round_end",
    "cutthroat.tui.tables.kill_the_kings.table",
    "cutthroat.tui.tables.kill_your_friends.table",
    "cutthroat.tui.tables.psycho_killer.table",
    "cutthroat.tui.tables.stab_your_friends.known",
    "cutthroat.tui.tables.stab_your_friends.table",
    "cutthroat.tui.widgets.choice",
    "cutthroat.tui.widgets.curtain",
    "cutthroat.tui.widgets.news",
)


def every_binding_id() -> dict[str, Binding]:
    """Every binding id of every screen, id -> its binding (importing every screen first)."""
    for name in SCREEN_MODULES:
        importlib.import_module(name)
    return keymap_ids()
