"""Kill Your Friends screens: setup, the table and game over."""

from cutthroat.tui.tables.kill_your_friends.setup import SetupScreen
from cutthroat.tui.tables.kill_your_friends.table import TableScreen

__all__ = ["SetupScreen", "TableScreen"]
