"""The in-game menu (Esc at a table)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option
from cutthroat.tui.binding_ids import with_ids

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


class MenuScreen(ModalScreen[str | None]):
    BINDINGS = with_ids("menu", [
        Binding("escape", "dismiss(None)", "Resume"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ])

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-dialog", classes="dialog"):
            yield Static("Menu", classes="dialog-title")
            yield OptionList(*(Option(label, id=key) for key, label in CHOICES), id="menu-list")
        yield Footer()

    def action_cursor(self, step: int) -> None:
        menu = self.query_one("#menu-list", OptionList)
        (menu.action_cursor_down if step > 0 else menu.action_cursor_up)()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
