"""Exploding Kittens on screen: the table (a presenter on the shared table screen) and its prompts."""

from cutthroat.tui.tables.exploding_kittens.table import TableScreen

__all__ = ["TableScreen"]
