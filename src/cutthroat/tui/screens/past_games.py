"""Past games (Enter on Records): the games behind the figures, newest first — date, mode,
result; Enter on one shows its result; d deletes one from the history (after a yes), here or on
its result."""

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
from cutthroat.tui.stack import pop_if_top
from cutthroat.tui.text import clean_line
from cutthroat.tui.widgets.footer import KeysFooter


#: The most games the list shows (the newest): a long history narrows by Records' filters.
LISTED = 300


def when(finished_at) -> str:
    """The local date and time a game finished."""
    return f"{finished_at.astimezone():%Y-%m-%d %H:%M}"


def game_words(game_id: str, finished) -> str:
    """A game as the delete question names it, in two lines: "Kill The Kings · Killer · 8 points ·
    won", "finished 2026-12-03 14:31"."""
    from cutthroat.engine.registry import game_info
    from cutthroat.tui.daily import result_words
    from cutthroat.tui.screens.records import mode_name

    mode = f" · {mode_name(game_id, finished.mode)}" if finished.mode else ""
    daily = " · daily deal" if finished.daily else ""
    return f"{game_info(game_id).short}{mode} · {result_words(finished)}{daily}\nfinished {when(finished.finished_at)}"


def delete_game(app, game_id: str, finished, then) -> None:
    """Ask "Delete this game from your history?"; on a yes, forget it and call `then()` (the
    screens' figures and lists no longer count it)."""
    from cutthroat.history.schema import HistoryError
    from cutthroat.tui.daily import open_history
    from cutthroat.tui.screens.confirm import ConfirmScreen
    from cutthroat.tui.text import escape

    words = game_words(game_id, finished)

    def answered(yes: bool | None) -> None:
        if not yes:
            return
        history = open_history(app)
        try:
            if history is None or not history.delete(finished.id):
                app.notify("That game is no longer in your history", title="Not deleted", severity="warning")
        except HistoryError as exc:
            app.notify(escape(str(exc)), title="Not deleted", severity="error", timeout=8)
            return
        else:
            app.notify(escape(words.replace("\n", ", ")), title="Deleted from your history")
        then()

    app.push_screen(ConfirmScreen("Delete this game from your history?",
                                  f"{words}\nIt no longer counts in Records. This can't be undone."), answered)


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
        Binding("d,delete", "delete", "delete"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ])

    def __init__(self, game_id: str, games: Sequence, where: Content | str, total: int | None = None) -> None:
        """`games`: the newest first (the first `LISTED` are listed); `total`: how many there are
        in all, if more than these."""
        super().__init__()
        self.game_id = game_id
        self.games = list(games)
        self.total = len(self.games) if total is None else max(total, len(self.games))
        self.where = where

    def compose(self) -> ComposeResult:
        head = Content(" CUTTHROAT ▸ Records ▸ Past games · ") + Content(str(self.where))
        yield Static(head, id="past-head")
        yield OptionList(*self.options(), id="past-list")
        yield Static(self.count_text(), id="past-count")
        yield KeysFooter()

    def options(self) -> list[Option]:
        return [Option(row_text(self.game_id, g), id=str(i)) for i, g in enumerate(self.games[:LISTED])]

    def count_text(self) -> str:
        listed = min(len(self.games), LISTED)
        return (f"{counted(self.total, 'game')}, newest first" if listed == self.total else
                f"The newest {listed} of {self.total:,} games (Records' filters narrow them)")

    def on_mount(self) -> None:
        menu = self.query_one("#past-list", OptionList)
        menu.highlighted = 0 if self.games else None
        menu.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("delete", "open"):
            return bool(self.games)
        return True

    def action_delete(self) -> None:
        highlighted = self.query_one("#past-list", OptionList).highlighted
        if highlighted is not None and highlighted < len(self.games):
            finished = self.games[highlighted]
            delete_game(self.app, self.game_id, finished, lambda: self.forget(finished))

    def forget(self, finished) -> None:
        """A game deleted: off the list, the cursor on the row that took its place; back to
        Records when none is left."""
        if finished not in self.games:
            return
        index = self.games.index(finished)
        self.games.remove(finished)
        self.total -= 1
        if not self.games:
            pop_if_top(self.app, self)
            return
        menu = self.query_one("#past-list", OptionList)
        menu.set_options(self.options())
        menu.highlighted = min(index, len(self.games[:LISTED]) - 1)
        self.query_one("#past-count", Static).update(self.count_text())
        self.refresh_bindings()

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

        finished = self.games[index]

        def closed(deleted: bool | None) -> None:
            if deleted:
                self.forget(finished)

        self.app.push_screen(PastGameScreen(self.game_id, finished), closed)
