"""Exploding Kittens screens: setup, the table, prompts and game over."""

from cutthroat.tui.tables.exploding_kittens.setup import SetupScreen
from cutthroat.tui.tables.exploding_kittens.table import TableScreen

__all__ = ["SetupScreen", "TableScreen"]
