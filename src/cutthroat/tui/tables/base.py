"""What every game's table screen shares: it is a thin client of the table host.

The screen listens to the ports its lens holds (a human's, the spectator's, every hot-seat
human's); their updates arrive from the host's thread as `PortUpdate` messages, and the lens
turns them into the `sight` reactive the widgets are bound to. Moves go back through the port of
the seat on screen. While anything covers the table (a menu, the rules, a dialog, the too-small
notice) the table is held: bots and window clocks wait. Also here: the card style, the save,
rules and in-game menu keys, and the game-over choices.
"""

from __future__ import annotations

import random
import threading
from collections import deque
from dataclasses import replace

from textual import work
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen

from cutthroat.engine.protocol import Action
from cutthroat.engine.registry import get_rules
from cutthroat.host.updates import Hint, SeatUpdate
from cutthroat.lens import SOLO, Lens, Sight
from cutthroat.tui.compositor import TouchedCompositor
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.event_log import EventLog


#: A key as a sentence names it ("press Enter"), where the footer shows a mark or lower case.
KEY_NAMES = {"⏎": "Enter", "enter": "Enter", "esc": "Esc", "tab": "Tab", "space": "Space"}


def seat_numbers(seats, dash: str = "-") -> str:
    """Seats (0-based) as the numbers their keys are, in runs: "1-4", "2-3", "1,3"."""
    runs: list[list[int]] = []
    for n in sorted(q + 1 for q in seats):
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ",".join(f"{r[0]}{dash}{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


class PortUpdate(Message):
    """An update is waiting in the screen's inbox (a wake-up: updates go through the inbox, in the
    order the host sent them, whichever thread sent them)."""


class TableScreenBase(Screen):
    sight: reactive[Sight | None] = reactive(None, always_update=True, repaint=False)
    #: A larger terminal gets a roomier table (`-roomy`: centred, a wider log; `-tall`: more
    #: space between its parts); 80×24 is the floor the layout is drawn for.
    HORIZONTAL_BREAKPOINTS = [(0, "-snug"), (110, "-roomy")]
    VERTICAL_BREAKPOINTS = [(0, "-low"), (34, "-tall")]

    def __init__(self, lens: Lens) -> None:
        super().__init__()
        self._compositor = TouchedCompositor()  # (a key repaints the widgets it changed, not every one)
        self.lens = lens
        self.started = False  # mounted and listening (`on_mount` done)
        self.table = lens.table
        self.rules = get_rules(self.table.game)
        self.names = self.table.names
        self.humans = lens.humans  # (a server table's seat: just this one)
        #: Does this screen take up a game its player had open before (a saved game, a seat taken
        #: again after a dropped connection)? Then the log marks where the game so far ends. A
        #: first seat at a server table whose bots already moved is not a resumed game.
        self.resumes = True
        self.alone_settled = False
        # The host delivers on whichever thread made the change; a message posted from the UI
        # thread would overtake one posted from a worker thread, so updates queue here in order.
        self._inbox: deque[SeatUpdate] = deque()
        self._inbox_lock = threading.Lock()
        self.fit_seat_keys()

    @property
    def seed(self) -> int | None:
        """The deal's seed, where this table may tell it: once the game is over (before, it would
        give away every hidden card, a solo player's own deck too); a daily deal's never."""
        update = self.sight.update if self.sight is not None else None
        return update.seed if update is not None else None

    def seed_lines(self) -> list[str]:
        """"Seed N" for the log's opening lines, where the seed may be told now."""
        return [] if self.seed is None else [f"Seed {self.seed}"]

    def fit_seat_keys(self, seats: list[int] | None = None) -> None:
        """The footer's "1-8" says the seat numbers that answer now: this table's seats ("1-4"
        at four), or only the seats a shared window asks ("2-3", "1,3")."""
        shown = seat_numbers(range(len(self.names)) if seats is None else seats)
        bindings = self._bindings.key_to_bindings
        for key, listed in bindings.items():
            bindings[key] = [replace(b, key_display=shown) if b.action == "seat(0)" and b.show else b
                             for b in listed]

    # -- listening -------------------------------------------------------------------------------
    def on_mount(self) -> None:
        if self._pruning or self._closing:
            # Removed before it was shown (its widgets were never mounted): nothing to start, and
            # `on_unmount` lets its ports go. (A served table opened and closed at once, on a busy machine.)
            return
        self.log_seat = self.humans[0] if self.lens.mode == SOLO else None
        for port in self.lens.ports.values():
            hello = port.listen(self.post_update)
            self.show_notices(hello)
            sight = self.lens.receive(hello)
        self.sight = sight
        self.table_started()
        self.lens.own_port.start()  # listening now: the bots may begin
        self.started = True

    def table_started(self) -> None:
        """The first sight is in (a game's own start-up goes here: Textual runs every class's
        `on_mount`, the subclass's first, so a subclass's `on_mount` can't see the table yet)."""

    def on_unmount(self) -> None:
        self.lens.own_port.hold("closed")  # nobody looks at this table any more
        for port in self.lens.ports.values():
            port.unlisten(self.post_update)

    def post_update(self, update: SeatUpdate) -> None:
        """On the host's thread: queue the update (in the host's order) and wake the screen."""
        with self._inbox_lock:
            self._inbox.append(update)
        self.post_message(PortUpdate())

    def on_port_update(self, message: PortUpdate) -> None:
        """One wake-up per update, each taking the oldest waiting: the host's order, one at a time."""
        with self._inbox_lock:
            if not self._inbox:
                return
            update = self._inbox.popleft()
        self.take_update(update)

    def take_update(self, update: SeatUpdate) -> None:
        self.show_notices(update)
        if update.seat == self.log_seat and update.events:
            self.narrate(update)
        sight = self.lens.receive(update)
        if sight is not None:
            self.sight = sight
        if self.lens.alone is not None and not self.alone_settled:
            self.alone_settled = True  # one human left: no more timed shared windows
            self.app.apply_table_settings()

    def show_notices(self, update: SeatUpdate) -> None:
        """The table's own news (an autosave or a bot that failed), once: from the logging seat's
        updates only."""
        if update.seat == self.log_seat:
            for title, text in update.notices:
                self.app.notify(escape(text), title=title, severity="error", timeout=10)

    def narrate(self, update: SeatUpdate) -> None:
        log = self.query_one(EventLog)
        log.post_message(EventLog.Told(self.shown_events(update.events), update.seat, self.names, self.ascii_style))

    def shown_events(self, events):
        """The events the log tells (a game leaves out the ones its log would only repeat)."""
        return events

    # -- holding the table while something covers it ---------------------------------------------
    def on_screen_suspend(self) -> None:
        self.lens.own_port.hold("covered")

    def on_screen_resume(self) -> None:
        self.app.apply_table_settings()  # Settings may have changed them
        self.lens.own_port.release("covered")
        self.sight = self.lens.screen()

    # -- acting --------------------------------------------------------------------------------
    @property
    def acting_port(self):
        """The port of the seat whose screen this is now (solo: the human's)."""
        sight = self.sight
        return self.lens.port(sight.seat if sight is not None and sight.private else self.lens.own_port.seat)

    def submit(self, action: Action) -> str | None:
        """Send a move, as the answer to the update on screen (a server refuses it if the table
        has moved on since); the one-line reason if it was refused (nothing changed then)."""
        sight = self.sight
        answers = sight.update.version if sight is not None and self.lens.moves_answer_versions else None
        return self.acting_port.submit(action, answers)

    # -- hints -----------------------------------------------------------------------------------
    THINKING = "Thinking…"

    def action_hint(self) -> None:
        self.say(self.THINKING)
        self.compute_hint(self.acting_port, self.sight.update.version)

    @work(thread=True, exclusive=True, group="hint")
    def compute_hint(self, port, version: int) -> None:
        """The hard bot's move, asked off the UI thread (it may think for a while)."""
        self.app.call_from_thread(self.show_hint, port.hint(), version)

    def show_hint(self, hint: Hint | None, version: int) -> None:
        """Show the hint, unless the table has moved on since `version`."""

    # -- reading ---------------------------------------------------------------------------------
    @property
    def ascii_style(self) -> bool:
        return self.app.settings.resolved_card_style() == "ascii"

    def is_you(self, seat: int) -> bool:
        """Is `seat` the one this screen plays, alone (solo, or your seat at a server table, where
        the other humans are at their own screens)? Hot-seat and watching: nobody is "you"."""
        return self.humans == [seat]

    def whose(self, seat: int) -> str:
        """"Your" for the seat this screen plays alone, "Ana's" otherwise (hot-seat, bots)."""
        return "Your" if self.is_you(seat) else f"{self.names[seat]}'s"

    def save_name(self) -> str:
        update = self.sight.update if self.sight else None
        return f"{self.table.game} move {update.version if update else 0}"

    def key_text(self, action: str) -> str:
        """The keys in force for `action` here, as the footer shows them ("n", or "x" once a
        keymap moved it): every text that names a key asks this."""
        shown = []
        in_force = self._bindings.copy()
        in_force.apply_keymap(self.app._keymap)  # (as Textual's binding chain does, on its own copy)
        for bindings in in_force.key_to_bindings.values():
            for b in bindings:
                if b.action == action and (display := self.app.get_key_display(b)) not in shown:
                    shown.append(display)
        return "/".join(shown)

    def key_word(self, *actions: str) -> str:
        """`key_text` for a sentence ("press Enter"): the first of `actions` bound here, ⏎ as the
        word."""
        for action in actions:
            if keys := self.key_text(action):
                return "/".join(KEY_NAMES.get(key, key) for key in keys.split("/"))
        return ""

    # -- keys every table has ------------------------------------------------------------------------
    def dress_game_over(self, dialog):
        """The game-over dialog's Records key (on this game and mode), its review key (a game at
        this app's own table) and, for a daily deal, its line to share; `r` (the same seed) only
        where the seed is told."""
        from cutthroat.tui.daily import share_of
        from cutthroat.tui.screens.records import mode_of

        dialog.game_id = self.table.game
        dialog.mode = mode_of(self.table.game, self.table.config)
        dialog.same_seed = self.seed is not None
        host = self.app.host
        ascii = self.app.has_class("-ascii")
        if host is not None:
            dialog.share = share_of(host.session, ascii)
        else:  # a server's table: its daily deal's line comes from the server, and `n` goes to the lobby
            dialog.at_server = True
            port = self.lens.port(self.log_seat)
            dialog.share = port.share(ascii)
            code = getattr(port, "code", "")
            # Its review: the game as the server keeps it in this player's history (found there by
            # its table's code). Not a daily deal's (its moves stay the server's until the day is
            # over), nor where the player keeps no history.
            if code and self.seed is not None and self.app.settings.keep_history and self.log_seat is not None:
                from cutthroat.tui.screens.review import at_server_table

                dialog.finished = at_server_table(self.table.game, code, self.log_seat)
        if host is not None and host.session.is_over:
            dialog.finished = host.session.finished_game()
        return dialog

    def after_game_over(self, choice: str | None) -> None:
        """The game-over dialog's answer: a new seed, the same seed, a look at the table, or
        back to the title."""
        app = self.app
        if choice == "again":
            app.play_again(random.randrange(1_000_000))
        elif choice == "same":
            app.play_again(self.seed)
        elif choice == "look":
            self.say(f"The final table. {self.key_word('results', 'activate')}: the results · "
                     f"{self.key_word('menu')}: menu")
        else:
            app.leave_table()

    def say(self, text: str) -> None:
        """Feedback on the last key (a refusal, a hint), until the next change."""

    def action_save(self) -> None:
        from cutthroat.tui.screens.save import SaveScreen

        if self.app.host is None:  # a server's table (its `s` isn't offered): the server keeps it
            self.app.notify("A server table is kept by the server: nothing to save here")
            return
        self.app.push_screen(SaveScreen(self.app.save_table, self.save_name()))

    def action_rules(self) -> None:
        """The rules browser, at the entry of the card under the cursor if there is one."""
        from cutthroat.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.table.game, card=self.rules_card()))

    def rules_card(self) -> str | None:
        """The name of the card `?` looks up: the one under the cursor on a seat's own screen."""
        return None

    def action_history(self) -> None:
        """The whole game's log, read back by keys."""
        from cutthroat.tui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.rules.name, self.query_one(EventLog).entries))

    def history_events(self) -> list:
        """A resumed table's events so far, as its log's seat may see them (hot-seat: the
        public's); none for a fresh table."""
        if not self.sight or not self.sight.update.version:
            return []
        return self.lens.port(self.log_seat).history()

    def action_menu(self) -> None:
        from cutthroat.tui.screens.menu import MenuScreen

        self.app.push_screen(MenuScreen(served_table=self.app.host is None), self.after_menu)

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
        elif choice == "history":
            self.action_history()
        elif choice == "title" and app.host is None:  # a server's table: it plays on
            app.back_to_lobby()
        elif choice == "title":
            app.leave_table()
        elif choice == "quit":
            app.exit()
