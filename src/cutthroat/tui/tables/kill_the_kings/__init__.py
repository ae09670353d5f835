"""Kill The Kings screens: setup, the table, round end and game over."""

from cutthroat.tui.tables.kill_the_kings.setup import SetupScreen
from cutthroat.tui.tables.kill_the_kings.table import TableScreen

__all__ = ["SetupScreen", "TableScreen"]
