"""Continue: every game in progress, newest first; resume one, or delete one after a yes."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cutthroat import in_progress
from cutthroat.in_progress import GameInProgress
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter


def when(timestamp: float, now: datetime | None = None) -> str:
    """Last played, the way people say it: "today 14:31", "yesterday 09:02", "2026-11-28"."""
    moment = datetime.fromtimestamp(timestamp)
    now = now or datetime.now()
    days = (now.date() - moment.date()).days
    if days == 0:
        return f"today {moment:%H:%M}"
    if days == 1:
        return f"yesterday {moment:%H:%M}"
    return f"{moment:%Y-%m-%d %H:%M}"


def headline(title: str, right: str, width: int) -> Text:
    """A list entry's first line: the title in bold, `right` (when) at the right edge."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(title[: width - len(right) - 1].ljust(width - len(right)), style="bold")
    text.append(right, style="dim")
    return text


def broken(text: Text, error: str | None) -> Text:
    text.append("\n  broken: ", style="bold")
    text.append(error or "")
    return text


def parts_lines(parts: list[str], width: int) -> list[str]:
    """`parts` joined by " · " into lines of at most `width`, breaking only between parts (a
    variant's value stays beside its heading)."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += f" · {part}"
        else:
            lines.append(part)
    return lines


def entry_text(game: GameInProgress, width: int = 70) -> Text:
    """What game (and its setup), when; then who plays and how far it has gone. A setup too long
    for the first line gets lines of its own, whole."""
    summary = game.summary
    right = when(game.modified)
    if summary is None:
        return broken(headline(game.path.name, right, width), game.error)
    if len(summary.title) < width - len(right):
        text = headline(summary.title, right, width)
    else:
        text = headline(summary.game, right, width)
        for line in parts_lines(summary.setup.split(" · "), width - 2):
            text.append(f"\n  {line}")
    text.append(f"\n  {summary.line}")
    if game.open_elsewhere:
        text.append("  (open in another window)", style="italic")
    return text


def list_css(name: str) -> str:
    """The styles of a screen that is one list (Continue, Load): `#{name}-list`, and the help
    line `#{name}-help` docked at the bottom."""
    return f"""
    #{name}-help {{
        dock: bottom;
        height: 1;
        padding: 0 2;
        color: $text-muted;
        margin-bottom: 1;
    }}
    #{name}-list {{
        height: 1fr;
        border: none;
        margin: 1 2;
    }}
    """


class ContinueScreen(Screen):
    DEFAULT_CSS = list_css("continue")

    BINDINGS = with_ids("continue", [
        Binding("escape", "app.pop_screen", "Back", id="continue.back"),
        Binding("enter", "resume", "Resume", id="continue.resume", show=True, priority=False),
        Binding("d,delete", "delete", "Delete", key_display="d", id="continue.delete"),
        Binding("j", "cursor(1)", show=False, id="continue.down"),
        Binding("k", "cursor(-1)", show=False, id="continue.up"),
    ])

    def compose(self) -> ComposeResult:
        yield Static(" CUTTHROAT ▸ Games in progress", classes="title-bar")
        yield OptionList(id="continue-list")
        yield Static("Enter resumes · d deletes (after a yes) · newest first", id="continue-help")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_list()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def refresh_list(self) -> None:
        menu = self.query_one("#continue-list", OptionList)
        keep = menu.highlighted or 0
        self.games = in_progress.games_in_progress(self.app.save_dir)
        menu.clear_options()
        if not self.games:
            menu.add_option(Option("No game in progress: pick a game on the title screen", disabled=True))
        for i, game in enumerate(self.games):
            if i:
                menu.add_option(None)
            menu.add_option(Option(entry_text(game), id=f"game{i}"))
        menu.focus()
        if self.games:
            menu.highlighted = min(keep, menu.option_count - 1)
            if menu.highlighted is not None and menu.get_option_at_index(menu.highlighted).disabled:
                menu.highlighted = 0

    def selected(self) -> GameInProgress | None:
        menu = self.query_one("#continue-list", OptionList)
        if menu.highlighted is None:
            return None
        option_id = menu.get_option_at_index(menu.highlighted).id or ""
        return self.games[int(option_id[4:])] if option_id.startswith("game") else None

    def action_cursor(self, step: int) -> None:
        menu = self.query_one("#continue-list", OptionList)
        (menu.action_cursor_down if step > 0 else menu.action_cursor_up)()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        game = self.selected()
        if game is not None:
            resume(self.app, game)

    def action_delete(self) -> None:
        from cutthroat.tui.screens.confirm import ConfirmScreen

        game = self.selected()
        if game is None:
            return
        name = game.summary.title if game.summary else game.path.name
        detail = f"{name}\n{game.summary.line if game.summary else 'broken: ' + (game.error or '')}"

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            problem = in_progress.delete(game.path)
            if problem:
                self.app.notify(escape(problem), title="Not deleted", severity="error")
            else:
                self.app.notify(escape(f"Deleted: {name}"))
            self.refresh_list()

        self.app.push_screen(ConfirmScreen("Delete this game in progress?", detail), answered)


def resume(app, game: GameInProgress) -> None:
    """Resume one game in progress, or say in one line why it can't be."""
    data = None if game.open_elsewhere else game.data  # (read now: the list showed its summary)
    if game.error:
        app.notify(game.error, title="Can't resume", severity="error", timeout=8)
    elif game.open_elsewhere:
        app.notify("That game is open in another window: play it there, or close it first",
                   title="Can't resume", severity="error")
    else:
        app.resume(data, game.path)
