"""Title screen: the five games, then Continue, Load, Settings, Rules, Quit."""

from __future__ import annotations

from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cutthroat import in_progress
from cutthroat.engine.registry import GAMES, game_info
from cutthroat.engine.words import counted
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.text import escape, plain
from cutthroat.tui.widgets.footer import KeysFooter

LOGO = r"""
  ___ _   _ _____ _____ _   _ ____   ___    _  _____
 / __| | | |_   _|_   _| | | |  _ \ / _ \  / \|_   _|
| (__| |_| | | |   | | | |_| | |_) | (_) |/ _ \ | |
 \___|\___/  |_|   |_| |_| |_|_| \_\\___//_/ \_\|_|
""".strip("\n")

CONTINUE_WIDTH = 58  # what fits after "Continue — " in the title menu

MENU = (
    ("continue", "Continue"),
    ("load", "Load a game"),
    ("records", "Records"),
    ("settings", "Settings"),
    ("rules", "Rules"),
    ("quit", "Quit"),
)


class TitleScreen(Screen):
    DEFAULT_CSS = """
    #logo-row {
        height: 4;
        margin-top: 1;
    }
    #logo {
        width: auto;
        color: $accent;
        text-style: bold;
    }
    #tagline {
        width: 100%;
        height: 1;
        text-align: center;
        color: $text-muted;
        margin-bottom: 1;
    }
    #title-menu {
        width: 72;
        height: auto;
        max-height: 14;
        margin: 0 4;
        border: none;
        background: $background;
    }
    #blurb {
        width: 100%;
        height: 2;
        padding: 0 5;
        color: $text-muted;
    }
    """

    BINDINGS = with_ids("title", [
        Binding("q", "app.quit", "Quit"),
        Binding("question_mark", "rules", "Rules"),
        Binding("c", "pick('continue')", "Continue", show=False),
        Binding("l", "pick('load')", "Load", show=False),
        Binding("s", "pick('settings')", "Settings", show=False),
        Binding("d", "pick('daily')", "Today's deal", show=False),
        Binding("R", "pick('records')", "Records", show=False),
        Binding("j", "cursor_down", show=False),
        Binding("k", "cursor_up", show=False),
    ])

    def __init__(self) -> None:
        super().__init__()
        self.last_game = "kill-the-kings"
        self.games: list[in_progress.GameInProgress] = []
        self.server_table: dict | None = None  # (served) a table on the server you have a seat at
        self._just_mounted = False

    def compose(self) -> ComposeResult:
        with Center(id="logo-row"):
            yield Static(LOGO, id="logo")
        yield Static("five ruthless card games · play alone or hot-seat with bots", id="tagline")
        yield OptionList(id="title-menu")
        yield Static(id="blurb")
        yield KeysFooter()

    def on_screen_resume(self) -> None:
        if self._just_mounted:  # (the resume that comes with being pushed: built a moment ago)
            self._just_mounted = False
            return
        self.rebuild_menu()

    def on_screen_suspend(self) -> None:
        self._just_mounted = False  # (whatever happens next, the title is built again on its return)

    def on_mount(self) -> None:
        self.rebuild_menu()
        self._just_mounted = True

    def rebuild_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        if self.app.served:
            menu.add_option(Option(Text("Play with friends on this server: the lobby", style="bold"), id="lobby"))
            menu.add_option(None)
        for g in GAMES:
            line = Text()
            line.append(f"{g.name:<40}", style="bold" if g.playable else "dim")
            players = "1 player" if g.players == "1" else f"{g.players} players"
            line.append(f"{players:<13}", style="" if g.playable else "dim")
            line.append("" if g.playable else "coming soon", style="italic dim")
            menu.add_option(Option(line, id=f"game:{g.game_id}", disabled=not g.playable))
        menu.add_option(None)
        if not self.app.served:  # (a server's daily deal is the server's: its lobby offers it)
            menu.add_option(Option(self.daily_label(), id="daily"))
        self.games = in_progress.games_in_progress(self.app.save_dir)
        self.server_table = self.seat_on_server() if self.app.served and not self.games else None
        resume = self.continue_label()
        for key, label in MENU:
            text = label
            disabled = False
            if key == "continue":
                disabled = not self.games and self.server_table is None
                text = f"Continue — {resume}" if resume else "Continue (no game in progress)"
                if self.server_table is not None:
                    text = f"Continue: back to {where_you_sit(self.server_table)}"
            menu.add_option(Option(plain(text), id=key, disabled=disabled))
        menu.highlighted = highlighted if highlighted is not None else (
            menu.get_option_index("continue") if resume or self.server_table else 0)
        menu.focus()
        self.call_after_refresh(self.read_records_ahead)

    def read_records_ahead(self) -> None:
        """Records' figures of the last game, read in a thread while the title is on show: a long
        history takes tens of milliseconds to sum, and Records then opens on them at once."""
        from cutthroat.tui.daily import open_history, records_facts

        history = open_history(self.app)
        if history is not None and self.is_attached:
            self.run_worker(partial(records_facts, self.app, history, self.last_game), thread=True,
                            group="records-ahead", exit_on_error=False)

    def daily_label(self) -> Text:
        """"Today's deal: Kill The Kings, not yet played" (or "✓ played: 8 pts") for the game
        last highlighted."""
        from cutthroat.tui.daily import daily_words

        name = game_info(self.last_game).name
        done, words = daily_words(self.app, self.last_game)
        line = Text("Today's deal: ", style="bold")
        line.append(f"{name}, ")
        line.append(words, style="" if done else "italic")
        return line

    def seat_on_server(self) -> dict | None:
        """Under `cutthroat serve`: a table you have a seat at (one playing first), or None."""
        from cutthroat.serve.client import ServiceError

        try:
            tables = self.app.service.request("tables")["tables"]
        except (OSError, ServiceError):
            return None
        mine = [t for t in tables if t["status"] != "over" and any(s.get("you") for s in t["seats"])]
        return min(mine, key=lambda t: t["status"] != "playing", default=None)

    def continue_label(self) -> str | None:
        """The one game in progress in a few words, or how many there are."""
        if len(self.games) > 1:
            return f"{len(self.games)} games in progress"
        if not self.games:
            return None
        game = self.games[0]
        if game.summary is None:
            return f"{game.path.name} (broken)"
        moves = game.summary.moves
        moves_text = f" ({counted(moves, 'move')})"
        progress = f", {game.summary.progress}" if game.summary.progress else ""
        if len(game.summary.game + progress + moves_text) > CONTINUE_WIDTH:
            progress = ""  # the Continue screen's list has room for it
        return f"{game.summary.game}{progress}{moves_text}"

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        option_id = event.option.id or ""
        blurb = self.query_one("#blurb", Static)
        if option_id.startswith("game:"):
            info = game_info(option_id[5:])
            if info.playable and info.game_id != self.last_game:
                self.last_game = info.game_id
                self.call_after_refresh(self.read_records_ahead)
                if not self.app.served:
                    self.query_one("#title-menu", OptionList).replace_option_prompt("daily", self.daily_label())
            blurb.update(info.blurb + ("" if info.playable else "  (coming soon)"))
        elif option_id == "daily":
            from cutthroat.tui.daily import daily_blurb

            blurb.update(daily_blurb(self.last_game))
        elif option_id == "continue" and self.server_table is not None:
            table = self.server_table
            if table.get("daily"):
                blurb.update(plain(f"Your attempt at today's deal of {table['title']}: it goes on there."))
            else:
                blurb.update(plain(f"Your seat at table {table['code']} ({table['title']}): "
                                   + ("the game goes on there." if table["status"] == "playing"
                                      else "it waits for players.")))
        elif option_id == "continue" and len(self.games) == 1 and self.games[0].error:
            blurb.update(plain(f"Unreadable: {self.games[0].error}"))
        elif option_id == "continue" and len(self.games) == 1 and self.games[0].open_elsewhere:
            blurb.update("It is open in another window: play it there, or close it first.")
        else:
            blurb.update({
                "continue": "Resume the game you were playing." if len(self.games) <= 1 else
                            "Pick one of your games in progress.",
                "load": "Open a saved game or one of the example positions.",
                "records": "Your finished games: wins, streaks and best scores, game by game.",
                "settings": "Theme, card style, bot speed, undo.",
                "rules": "How to play.",
                "lobby": "Tables shared with the other players on this server: make one, or join by code.",
                "quit": "Leave Cutthroat (your game in progress is kept).",
            }.get(option_id, ""))

    def open_lobby(self, join: str | None = None) -> None:
        """The server's lobby (`join`: straight to your seat at that table)."""
        from cutthroat.serve.client import ServiceError
        from cutthroat.tui.screens.lobby import LobbyScreen

        try:
            self.app.service
        except (OSError, ServiceError) as exc:
            self.app.notify(escape(f"The server's tables can't be reached: {exc}"), severity="error")
            return
        self.app.push_screen(LobbyScreen(join=join))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "")

    def action_cursor_down(self) -> None:
        self.query_one("#title-menu", OptionList).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one("#title-menu", OptionList).action_cursor_up()

    def action_rules(self) -> None:
        self.action_pick("rules")

    def action_pick(self, option_id: str) -> None:
        app = self.app
        if option_id.startswith("game:"):
            from cutthroat.tui.tables import setup_screen

            app.push_screen(setup_screen(option_id[5:]))
        elif option_id == "lobby":
            self.open_lobby()
        elif option_id == "continue" and self.server_table is not None:
            self.open_lobby(join=self.server_table["code"])
        elif option_id == "continue":
            from cutthroat.tui.screens.continue_list import ContinueScreen, resume

            if len(self.games) == 1:
                resume(app, self.games[0])
            elif self.games:
                app.push_screen(ContinueScreen())
        elif option_id == "daily" and not app.served:
            from cutthroat.tui.daily import start_daily

            start_daily(app, self.last_game)
        elif option_id == "records":
            from cutthroat.tui.screens.records import RecordsScreen

            app.push_screen(RecordsScreen(self.last_game))
        elif option_id == "load":
            from cutthroat.tui.screens.load import LoadScreen

            app.push_screen(LoadScreen())
        elif option_id == "settings":
            from cutthroat.tui.screens.settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif option_id == "rules":
            from cutthroat.tui.screens.rules import RulesScreen

            app.push_screen(RulesScreen(self.last_game))
        elif option_id == "quit":
            app.exit()


def where_you_sit(table: dict) -> str:
    """A served player's table in a few words: "your table ABCD", or "today's deal of Kill The
    Kings" (a daily table has no code to tell: nobody else may join it)."""
    return f"today's deal of {table['title']}" if table.get("daily") else f"your table {table['code']}"
