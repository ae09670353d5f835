"""The in-game menu (Esc at a table)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.widgets.footer import KeysFooter

CHOICES = (
    ("resume", "Resume"),
    ("history", "Log: the game so far (L)"),
    ("save", "Save game…"),
    ("load", "Load game…"),
    ("settings", "Settings"),
    ("rules", "Rules"),
    ("title", "Quit to title"),  # (what becomes of the game: `leave_words`)
    ("quit", "Quit Cutthroat"),
)


SERVED_LEAVE = "Back to the lobby (the table plays on; your seat waits for you)"
#: What quitting to the title does to the game on the table, by what its session keeps.
LEAVE_WORDS = {
    "kept": "Quit to title (the game stays in Continue)",
    "not yet": "Quit to title (no move made yet: not kept)",
    "watched": "Quit to title (watched game: not kept)",
    "failing": "Quit to title (autosave failed: not kept)",
    "over": "Quit to title",
}


def leave_words(session) -> str:
    """The menu's "Quit to title", saying whether the game will be in Continue afterwards."""
    if session.autosave_path is None:
        return LEAVE_WORDS["watched"]
    if session.is_over:
        return LEAVE_WORDS["over"]
    if session.autosave_error:
        return LEAVE_WORDS["failing"]
    return LEAVE_WORDS["kept" if session.kept else "not yet"]


class MenuScreen(SafeDismiss, ModalScreen[str | None]):
    #: CSS, not DEFAULT_CSS: the width must win over app.tcss's `.dialog` (a DEFAULT_CSS rule never does).
    CSS = """
    #menu-dialog {
        width: 50;
    }
    #menu-list {
        height: auto;
        border: none;
    }
    """

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
        host = getattr(self.app, "host", None)
        leave = SERVED_LEAVE if self.served_table else leave_words(host.session) if host is not None else None
        choices = [(key, leave if key == "title" and leave else label)
                   for key, label in CHOICES if not (self.served_table and key in ("save", "load"))]
        with Vertical(id="menu-dialog", classes="dialog"):
            yield Static("Menu", classes="dialog-title")
            yield OptionList(*(Option(label, id=key) for key, label in choices), id="menu-list")
        yield KeysFooter()

    def action_cursor(self, step: int) -> None:
        menu = self.query_one("#menu-list", OptionList)
        (menu.action_cursor_down if step > 0 else menu.action_cursor_up)()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
