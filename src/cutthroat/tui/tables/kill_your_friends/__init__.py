"""Kill Your Friends on screen: the table (a presenter on the shared table screen)."""

from cutthroat.tui.tables.kill_your_friends.table import TableScreen, choice_style

__all__ = ["TableScreen", "choice_style"]
