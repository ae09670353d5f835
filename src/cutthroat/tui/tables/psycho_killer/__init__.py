"""Psycho Killer on screen: the table (a presenter on the shared table screen) and its prompts."""

from cutthroat.tui.tables.psycho_killer.table import TableScreen

__all__ = ["TableScreen"]
