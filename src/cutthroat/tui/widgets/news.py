"""A hot-seat player's private news, in full, until they say they've read it: what they drew as
their turn ended, before the screen is passed on."""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter


class NewsScreen(SafeDismiss, ModalScreen[None]):
    DEFAULT_CSS = """
    #news-lines {
        height: auto;
        max-height: 12;
    }
    """

    BINDINGS = with_ids("news", [Binding("enter,space,escape", "dismiss", "read it", key_display="⏎")])

    def __init__(self, title: str, lines: Sequence[str], after: str) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        self.after = after

    def compose(self) -> ComposeResult:
        with Vertical(id="news-dialog", classes="dialog"):
            yield Static(escape(self.title_text), classes="dialog-title")
            with VerticalScroll(id="news-lines"):
                for line in self.lines:
                    yield Static(escape(line), classes="news-line")
            yield Static(escape(self.after), classes="dialog-help")
        yield KeysFooter()
