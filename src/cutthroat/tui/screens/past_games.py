"""Past games (Enter on Records): the games behind the figures, newest first — date, mode,
result; Enter on one shows its result."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cutthroat.engine.words import counted
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.text import clean_line
from cutthroat.tui.widgets.footer import KeysFooter


#: The most games the list shows (the newest): a long history narrows by Records' filters.
LISTED = 300


def when(finished_at) -> str:
    """The local date and time a game finished."""
    return f"{finished_at.astimezone():%Y-%m-%d %H:%M}"


def row_text(game_id: str, finished) -> Text:
    """One row: "2026-12-03 14:31  Killer       8 points · won  · today's deal"."""
    from cutthroat.tui.daily import result_words
    from cutthroat.tui.screens.records import mode_name

    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"{when(finished.finished_at)}  ", style="dim")
    line.append(f"{mode_name(game_id, finished.mode) if finished.mode else '':<20}")
    line.append(clean_line(result_words(finished)))
    if finished.daily:
        line.append("  · daily deal" + ("" if finished.counted else ", again (not counted)"), style="italic")
    return line


class PastGamesScreen(Screen):
    DEFAULT_CSS = """
    PastGamesScreen #past-head { dock: top; height: 1; background: $panel; text-style: bold; }
    PastGamesScreen #past-list { height: 1fr; margin: 1 2 0 2; border: none; background: $background; }
    PastGamesScreen #past-count { height: 1; padding: 0 2; color: $text-muted; }
    """

    BINDINGS = with_ids("past-games", [
        Binding("escape,q", "app.pop_screen", "back", key_display="esc"),
        Binding("enter", "open", "its result", key_display="⏎", priority=True),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ])

    def __init__(self, game_id: str, games: Sequence, where: Content | str) -> None:
        super().__init__()
        self.game_id = game_id
        self.games = list(games)
        self.where = where

    def compose(self) -> ComposeResult:
        head = Content(" CUTTHROAT ▸ Records ▸ Past games · ") + Content(str(self.where))
        yield Static(head, id="past-head")
        listed = self.games[:LISTED]
        yield OptionList(*[Option(row_text(self.game_id, g), id=str(i)) for i, g in enumerate(listed)],
                         id="past-list")
        count = (f"{counted(len(self.games), 'game')}, newest first" if len(listed) == len(self.games) else
                 f"The newest {len(listed)} of {len(self.games):,} games (Records' filters narrow them)")
        yield Static(count, id="past-count")
        yield KeysFooter()

    def on_mount(self) -> None:
        menu = self.query_one("#past-list", OptionList)
        menu.highlighted = 0 if self.games else None
        menu.focus()

    def action_cursor(self, step: int) -> None:
        menu = self.query_one("#past-list", OptionList)
        (menu.action_cursor_down if step > 0 else menu.action_cursor_up)()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open(int(event.option.id or 0))

    def action_open(self) -> None:
        highlighted = self.query_one("#past-list", OptionList).highlighted
        if highlighted is not None:
            self.open(highlighted)

    def open(self, index: int) -> None:
        from cutthroat.tui.screens.past_game import PastGameScreen

        self.app.push_screen(PastGameScreen(self.game_id, self.games[index]))
