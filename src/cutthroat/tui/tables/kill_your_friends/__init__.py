"""Kill Your Friends on screen: the table (a presenter on the shared table screen)."""

from cutthroat.tui.tables.kill_your_friends.look import choice_style
from cutthroat.tui.tables.kill_your_friends.table import TableScreen

__all__ = ["TableScreen", "choice_style"]
