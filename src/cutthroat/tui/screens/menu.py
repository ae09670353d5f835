"""The in-game menu (Esc at a table)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss

CHOICES = (
    ("resume", "Resume"),
    ("history", "Log: the game so far (L)"),
    ("save", "Save game…"),
    ("load", "Load game…"),
    ("settings", "Settings"),
    ("rules", "Rules"),
    ("title", "Quit to title (the game stays in Continue)"),
    ("quit", "Quit Cutthroat"),
)


SERVED_LEAVE = "Back to the lobby (the table plays on; your seat waits for you)"


class MenuScreen(SafeDismiss, ModalScreen[str | None]):
    BINDINGS = with_ids("menu", [
        Binding("escape", "dismiss(None)", "Resume"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ])

    def __init__(self, served_table: bool = False) -> None:
        """`served_table`: a server's table, which plays on when you leave it (to the lobby)."""
        super().__init__()
        self.served_table = served_table

    def compose(self) -> ComposeResult:
        choices = [(key, SERVED_LEAVE if key == "title" and self.served_table else label)
                   for key, label in CHOICES if not (self.served_table and key in ("save", "load"))]
        with Vertical(id="menu-dialog", classes="dialog"):
            yield Static("Menu", classes="dialog-title")
            yield OptionList(*(Option(label, id=key) for key, label in choices), id="menu-list")
        yield Footer()

    def action_cursor(self, step: int) -> None:
        menu = self.query_one("#menu-list", OptionList)
        (menu.action_cursor_down if step > 0 else menu.action_cursor_up)()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
