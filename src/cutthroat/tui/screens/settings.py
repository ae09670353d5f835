"""Settings: theme, card style, bot speed, undo, the hot-seat answer window (Exploding Kittens' Nope,
Psycho Killer's Trip Over), keeping a history of finished games, the game review's budget.
Remembered between runs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, Select, Static

from cutthroat.engine.registry import IMPLEMENTED, get_rules
from cutthroat.settings import REVIEW_BUDGETS as REVIEW_PLAYOUTS
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.widgets.footer import KeysFooter

CARD_STYLES = [("Auto (by locale)", "auto"), ("Unicode ♠♥", "unicode"), ("ASCII", "ascii")]
BOT_SPEEDS = [("Instant", "instant"), ("Fast", "fast"), ("Normal", "normal"), ("Slow", "slow")]
ON_OFF = [("On", "on"), ("Off", "off")]
NOPE_WINDOWS = [("2 s", "2"), ("3 s", "3"), ("5 s", "5"), ("8 s", "8")]
REVIEW_BUDGETS = [("Quick", "quick"), ("Normal", "normal"), ("Thorough", "thorough")]


def undo_note() -> str:
    """Which games undo applies to (the others' moves are seen by the table at once)."""
    games = [g.name for g in IMPLEMENTED if get_rules(g.game_id).has_undo]
    return f"{' and '.join(games)} only: placements since the last draw"


def review_note() -> str:
    """What each review budget means (playouts per estimate): the figures on a line of their own
    (a note wrapped by width left "· 256" alone on the second line)."""
    return "playouts per estimate:\n" + " · ".join(str(n) for n in REVIEW_PLAYOUTS.values())


class SettingsScreen(Screen):
    DEFAULT_CSS = """
    #settings-form {
        padding: 0 2;
        height: auto;
    }
    .setting-row {
        height: 3;
    }
    .setting-row Label {
        width: 14;
        height: 3;
        content-align: left middle;
        color: $primary;
    }
    .setting-note {
        width: 1fr;  /* the rest of the row: a long note wraps inside it, never past the edge */
        height: 3;
        padding-left: 2;
        content-align: left middle;
        color: $text-muted;
    }
    #settings-form Select {
        width: 30;
    }
    #settings-help {
        dock: bottom;
        height: 1;
        padding: 0 2;
        color: $text-muted;
        margin-bottom: 1;
    }
    """

    BINDINGS = with_ids("settings", [Binding("escape", "app.pop_screen", "Back"),
                                     Binding("D", "delete_history", "Delete history")])

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        themes = [(name, name) for name in sorted(self.app.cutthroat_themes)]
        yield Static(" CUTTHROAT ▸ Settings", classes="title-bar")
        with Vertical(id="settings-form"):
            with Horizontal(classes="setting-row"):
                yield Label("Theme")
                yield Select(themes, value=self.app.theme, allow_blank=False, id="theme")
            with Horizontal(classes="setting-row"):
                yield Label("Card style")
                yield Select(CARD_STYLES, value=settings.card_style, allow_blank=False, id="card_style")
            with Horizontal(classes="setting-row"):
                yield Label("Bot speed")
                yield Select(BOT_SPEEDS, value=settings.bot_speed, allow_blank=False, id="bot_speed")
            with Horizontal(classes="setting-row"):
                yield Label("Undo")
                yield Select(ON_OFF, value="on" if settings.undo else "off", allow_blank=False, id="undo")
                yield Static(undo_note(), classes="setting-note")
            with Horizontal(classes="setting-row"):
                yield Label("Answer window")
                yield Select(NOPE_WINDOWS, value=settings.nope_window, allow_blank=False, id="nope_window")
                yield Static("hot-seat: Nope or Trip Over", classes="setting-note")
            with Horizontal(classes="setting-row"):
                yield Label("Keep history")
                yield Select(ON_OFF, value="on" if settings.keep_history else "off", allow_blank=False,
                             id="keep_history")
                yield Static("finished games, for your records", classes="setting-note")
            with Horizontal(classes="setting-row"):
                yield Label("Review budget")
                yield Select(REVIEW_BUDGETS, value=settings.review_budget, allow_blank=False, id="review_budget")
                yield Static(review_note(), classes="setting-note")
        yield Static("Tab moves between settings · changes apply at once and are remembered", id="settings-help")
        yield KeysFooter()

    def action_delete_history(self) -> None:
        """Forget every finished game, after a yes (one game: from the Records' list of games)."""
        from cutthroat.history.schema import HistoryError
        from cutthroat.history.store import History
        from cutthroat.tui.screens.confirm import ConfirmScreen
        from cutthroat.tui.text import escape

        path = self.app.history_path
        try:
            with History.open(path, keep=True) if path.exists() else _Empty() as history:
                count = history.count()
        except HistoryError as exc:
            self.app.notify(escape(str(exc)), title="History", severity="error")
            return
        if not count:
            self.app.notify("Your history is empty: nothing to delete", title="History")
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                with History.open(path, keep=True) as history:
                    gone = history.delete_all()
            except HistoryError as exc:
                self.app.notify(escape(str(exc)), title="History", severity="error")
                return
            self.app.notify(f"History deleted: {gone} game{'s' if gone != 1 else ''} forgotten", title="History")

        games = f"{count} finished game{'s' if count != 1 else ''}"
        self.app.push_screen(ConfirmScreen("Delete your whole history?",
                                           f"{games}: your records start again from nothing."), answered)

    def on_select_changed(self, event: Select.Changed) -> None:
        app = self.app
        if event.value is Select.BLANK:
            return
        if event.select.id == "theme":
            app.set_theme(str(event.value))
            return
        if event.select.id in ("undo", "keep_history"):
            setattr(app.settings, event.select.id, event.value == "on")
        else:
            setattr(app.settings, event.select.id, str(event.value))
        if event.select.id == "card_style":
            app.apply_card_style()
        app.persist_settings()


class _Empty:
    """No history file yet: nothing in it (and nothing made by asking)."""

    def __enter__(self) -> "_Empty":
        return self

    def __exit__(self, *exc) -> None:
        return None

    def count(self) -> int:
        return 0
