"""A yes/no question before something that can't be taken back (deleting, replacing a file)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter


class ConfirmScreen(SafeDismiss, ModalScreen[bool]):
    """Answers True for y, False for n or Esc: nothing happens unless the player says yes.
    The question and its detail are plain text (a file's name is shown as it is)."""

    BINDINGS = with_ids("confirm", [
        Binding("y", "dismiss(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "dismiss(False)", "No", key_display="n", id="confirm.no"),
    ])

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog", classes="dialog"):
            yield Static(escape(self.question), classes="dialog-title", id="confirm-question")
            if self.detail:
                yield Static(escape(self.detail), id="confirm-detail")
            yield Static("y: yes · n or Esc: no", classes="dialog-help")
        yield KeysFooter()
