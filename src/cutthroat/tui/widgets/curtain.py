"""The privacy curtain for hot-seat play: the whole table is replaced until the next player,
alone at the screen, presses Enter.

Any table with two or more human seats pushes it between two different humans' turns (never
before a bot's turn, never with a single human). It shows no private information: only whose
turn it is and, optionally, a public note ("Bob played B2 on you") and what everyone saw happen
since that player last looked ("Meanwhile", scrolling by keys when long).

Dismisses with "ok" (Enter) or "menu" (Esc: the table opens its menu and puts the curtain back).
"""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter


class CurtainScreen(SafeDismiss, Screen[str]):
    DEFAULT_CSS = """
    CurtainScreen {
        background: $background;
    }
    #curtain {
        height: 1fr;
    }
    #curtain-box {
        width: 64;
        height: auto;
        padding: 1 2;
        border: heavy $primary;
        background: $surface;
    }
    App.-ascii #curtain-box {
        border: ascii $primary;
    }
    #curtain-name {
        text-style: bold;
        color: $primary;
        text-align: center;
        margin-bottom: 1;
    }
    #curtain-text {
        text-align: center;
    }
    #curtain-note {
        margin-top: 1;
        text-align: center;
        color: $warning;
    }
    #curtain-meanwhile-title {
        margin-top: 1;
        color: $text-muted;
    }
    #curtain-meanwhile {
        height: auto;
        max-height: 9;  /* at 80×24 the box keeps its name and note in view; more scrolls */
    }
    """
    SCOPED_CSS = False  # (its ASCII rule starts at the App)

    BINDINGS = with_ids("curtain", [
        Binding("enter", "dismiss('ok')", "I'm here", key_display="⏎"),
        Binding("question_mark", "rules", "rules", key_display="?"),
        Binding("escape", "dismiss('menu')", "menu"),
    ])

    def __init__(self, player: str, *, title: str = "", note: str = "", meanwhile: Sequence[str] = (),
                 game_id: str | None = None) -> None:
        super().__init__()
        self.player = player
        self.title_text = title
        self.note = note
        self.meanwhile = list(meanwhile)
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        arrow = ">" if self.app.has_class("-ascii") else "▸"
        title = " CUTTHROAT" + (f" {arrow} {self.title_text}" if self.title_text else "")
        yield Static(escape(title), classes="title-bar")
        name = escape(self.player)
        with Middle(id="curtain"):
            with Center():
                with Vertical(id="curtain-box"):
                    yield Static(f"Pass to {name}", id="curtain-name")
                    yield Static(f"Press Enter when only {name} can see the screen.", id="curtain-text")
                    if self.note:
                        yield Static(escape(self.note), id="curtain-note")
                    if self.meanwhile:
                        yield Static("Meanwhile:", id="curtain-meanwhile-title")
                        with VerticalScroll(id="curtain-meanwhile"):
                            for line in self.meanwhile:
                                yield Static(escape(line), classes="curtain-event")
        yield KeysFooter()

    def on_mount(self) -> None:
        for events in self.query("#curtain-meanwhile"):
            events.focus()  # ↑↓ scroll it (Enter still passes the curtain)
            events.call_after_refresh(self.show_latest, events)

    def show_latest(self, events: VerticalScroll) -> None:
        """The latest in view, the rest above; a list longer than its box says how to see it all."""
        events.scroll_end(animate=False)
        if events.max_scroll_y > 0:
            keys = "Up/Down" if self.app.has_class("-ascii") else "↑↓"
            self.query_one("#curtain-meanwhile-title", Static).update(f"Meanwhile ({keys}: earlier and later):")

    def action_rules(self) -> None:
        if self.game_id:
            from cutthroat.tui.screens.rules import RulesScreen

            self.app.push_screen(RulesScreen(self.game_id))
