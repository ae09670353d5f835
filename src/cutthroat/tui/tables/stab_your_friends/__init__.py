"""Stab Your Friends on screen: the table (a presenter on the shared table screen)."""

from cutthroat.tui.tables.stab_your_friends.table import TableScreen

__all__ = ["TableScreen"]
