"""What every game's table screen shares: the public view, the card style, the save, rules
and in-game menu keys, the game-over choices, the autosave warning; and, for the tables where
several people may share the keyboard, the private news of each human and skipping ahead
through the bots."""

from __future__ import annotations

import random

from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Static


class TableScreenBase(Screen):
    """A game table. Subclasses set `self.session` and say what a save is called by default."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: dict[str, str] = {}  # what each Static shows now (see `put`)
        self.shown_autosave_error: str | None = None

    @property
    def public(self):
        """The spectator's view: what may show while nobody in particular has the screen."""
        return self.session.view(None)

    @property
    def ascii_style(self) -> bool:
        return self.app.settings.resolved_card_style() == "ascii"

    def is_bot(self, seat: int) -> bool:
        return self.session.seat_is_bot(seat)

    def whose(self, seat: int) -> str:
        """"Your" for the one human at the table, "Ana's" otherwise (hot-seat, bots)."""
        humans = [q for q in range(len(self.session.seats)) if not self.is_bot(q)]
        if humans == [seat]:
            return "Your"
        return f"{self.session.seats[seat].name}'s"

    def save_name(self) -> str:
        return f"{self.session.game} move {len(self.session.log)}"

    def put(self, selector: str, content: str) -> None:
        """Update a Static only when its text changes (each update costs a layout pass)."""
        if self._shown.get(selector) != content:
            self._shown[selector] = content
            self.query_one(selector, Static).update(content)

    def report_autosave_error(self) -> None:
        """Tell once (not on every move) that the autosave can't be written; play goes on."""
        error = self.session.autosave_error
        if error and error != self.shown_autosave_error:
            self.app.notify(f"{error} — the game goes on; save with s elsewhere",
                            title="Autosave failed", severity="error", timeout=10)
        self.shown_autosave_error = error

    def after_game_over(self, choice: str | None) -> None:
        """The game-over dialog's answer: a new seed, the same seed, a look at the table, or
        back to the title."""
        session, app = self.session, self.app
        if choice == "again":
            app.start_game(session.game, session.config, random.randrange(1_000_000), session.seats)
        elif choice == "same":
            app.start_game(session.game, session.config, session.seed, session.seats)
        elif choice == "look":
            self.say("The final table. Enter: the results · Esc: menu")
        else:
            app.pop_screen()

    def action_save(self) -> None:
        from cutthroat.tui.screens.save import SaveScreen

        self.app.push_screen(SaveScreen(self.session, self.save_name()))

    def action_rules(self) -> None:
        from cutthroat.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.session.game))

    def action_menu(self) -> None:
        from cutthroat.tui.screens.menu import MenuScreen

        self.app.push_screen(MenuScreen(), self.after_menu)

    def after_menu(self, choice: str | None) -> None:
        app = self.app
        if choice == "save":
            self.action_save()
        elif choice == "load":
            from cutthroat.tui.screens.load import LoadScreen

            app.push_screen(LoadScreen())
        elif choice == "settings":
            from cutthroat.tui.screens.settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif choice == "rules":
            self.action_rules()
        elif choice == "title":
            app.pop_screen()
        elif choice == "quit":
            app.exit()


class SharedTableScreen(TableScreenBase):
    """A table several humans may share (hot-seat), with bots in the other seats.

    Subclasses provide `schedule_bot` and `refresh_table`.
    """

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.names = [seat.name for seat in session.seats]
        self.humans = [i for i, seat in enumerate(session.seats) if not seat.is_bot]
        self.hot_seat = len(self.humans) >= 2
        self.revealed: int | None = None  # the human who last passed the curtain (hot-seat)
        self.curtain_up = False
        self.cursor = 0  # in the hand on screen
        self.cursor_code: str | None = None  # the card under the cursor, kept across redraws
        self.message = ""  # feedback on the last key (a refusal, a hint)
        self.news = ""  # a hot-seat human's private news, shown for their turn
        self.private: dict[int, list[str]] = {h: [] for h in self.humans}
        self.bot_pending = False  # a bot move is scheduled or being thought
        self.bot_timer = None  # the pause before it (bot speed), stopped by skip-ahead
        self.skipping = False
        self.game_over_shown = False
        self.turn_started = -1  # the log length when the viewer's turn last began

    def keep_private_news(self, events) -> None:
        """Hot-seat: each human's private events wait for their turn (the log is public)."""
        if not self.hot_seat:
            return
        for h in self.humans:
            names = list(self.names)
            names[h] = "You"
            for event in events:
                seats = event.visible_to()
                if seats is not None and h in seats:
                    self.private[h].append(event.describe(names))

    def take_news(self, seat: int) -> str:
        """What happened to `seat` privately since their last turn, as a line (once)."""
        news = self.private.get(seat)
        if not news:
            return ""
        self.private[seat] = []
        return f"[$text-muted]Since your last turn:[/] {escape('; '.join(news))}"

    def action_skip_ahead(self) -> None:
        """Bots play at once until a human is to act (or the game ends)."""
        self.skipping = True
        if self.bot_timer is not None and self.bot_pending:
            self.bot_timer.stop()  # the bot waiting out its pause plays now
            self.bot_timer = None
            self.bot_pending = False
        self.refresh_table()
        self.schedule_bot()
