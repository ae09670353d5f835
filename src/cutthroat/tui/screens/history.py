"""The game so far: every line the table's log told, whole and wide, scrollable by keys
(↑↓ PgUp PgDn Home End). The table's log panel is narrow and shows the last lines; this is
where a player reads back (L at a table, or Log in its menu)."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import RichLog, Static

from cutthroat.engine.words import counted
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.widgets.footer import KeysFooter


class HistoryScreen(Screen):
    BINDINGS = with_ids("history", [
        Binding("escape,L,q", "app.pop_screen", "back"),
        Binding("up,k", "scroll(-1)", "scroll", key_display="↑↓ PgUp PgDn"),
        Binding("down,j", "scroll(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown,space", "page(1)", show=False),
        Binding("home,g", "end(0)", "first", key_display="Home"),
        Binding("end,G", "end(1)", "last", key_display="End"),
    ])

    def __init__(self, title: str, entries: Sequence[Text | str]) -> None:
        super().__init__()
        self.title_text = title
        self.entries = list(entries)

    def compose(self) -> ComposeResult:
        yield Static(f" CUTTHROAT ▸ {self.title_text} ▸ The game so far ({counted(len(self.entries), 'line')})",
                     classes="title-bar")
        yield RichLog(id="history-log", wrap=True, markup=False, highlight=False, auto_scroll=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for entry in self.entries or ["Nothing has happened yet."]:
            log.write(entry)
        log.focus()
        self.call_after_refresh(lambda: log.scroll_end(animate=False))  # the latest first in view

    def action_scroll(self, lines: int) -> None:
        self.query_one(RichLog).scroll_relative(y=lines, animate=False)

    def action_page(self, pages: int) -> None:
        log = self.query_one(RichLog)
        log.scroll_relative(y=pages * max(1, log.size.height - 1), animate=False)

    def action_end(self, last: int) -> None:
        log = self.query_one(RichLog)
        (log.scroll_end if last else log.scroll_home)(animate=False)
