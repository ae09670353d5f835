"""Kill The Kings on screen: the table, round end and game over."""

from cutthroat.tui.tables.kill_the_kings.table import TableScreen

__all__ = ["TableScreen"]
