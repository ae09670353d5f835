"""The Textual app: screens on a stack, settings and themes, the too-small guard."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.events import Resize

from cutthroat import in_progress, paths
from cutthroat.saves import SaveData, SaveError, Seat
from cutthroat.settings import load_settings, save_settings
from cutthroat.themes import DEFAULT_PALETTE, DEFAULT_THEME, load_themes, palette_css_variables
from cutthroat.tui.ascii_filter import AsciiFilter, ascii_text
from cutthroat.tui.errors import SORRY, error_log_path, log_error
from cutthroat.tui.screens.too_small import TooSmallScreen
from cutthroat.tui.text import escape
from cutthroat.tui.binding_ids import with_ids

if TYPE_CHECKING:
    from cutthroat.session import Session  # (loaded with the first table, not at start-up)

MIN_WIDTH, MIN_HEIGHT = 80, 24
#: Footer keys as an ASCII screen says them.
KEY_WORDS = {"⏎": "Enter", "←→": "<->", "↑↓": "up/down", "esc": "Esc"}


class ThemeCommands(Provider):
    """Command palette: pick a Cutthroat theme (remembered like the Settings choice). Textual's
    own "Theme" command opens this too, so only themes the settings can keep are offered."""

    async def discover(self) -> Hits:
        app: CutthroatApp = self.app  # type: ignore[assignment]
        for name in app.cutthroat_themes:
            yield DiscoveryHit(f"Theme: {name}", lambda n=name: app.set_theme(n), help="Switch the colour theme")

    async def search(self, query: str) -> Hits:
        app: CutthroatApp = self.app  # type: ignore[assignment]
        matcher = self.matcher(query)
        for name in app.cutthroat_themes:
            label = f"Theme: {name}"
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), lambda n=name: app.set_theme(n), help="Switch the colour theme")


class CutthroatApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "Cutthroat"
    COMMANDS = App.COMMANDS | {ThemeCommands}
    BINDINGS = with_ids("app", [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)])

    def __init__(self, save_dir: str | None = None, start: dict[str, Any] | None = None,
                 loaded: SaveData | None = None, loaded_path: str | os.PathLike | None = None,
                 replay=None) -> None:
        super().__init__()
        self.replay = replay  # `cutthroat replay FILE`: a `cutthroat.replay.Replay` to open on
        self.save_dir = paths.save_dir(save_dir)
        self.history_path = paths.history_path(save_dir)  # (finished games: `cutthroat.history`)
        self.start = start
        self.loaded = loaded
        self.loaded_path = Path(loaded_path) if loaded_path else None
        self.settings, settings_error = load_settings()
        self.cutthroat_themes, theme_errors = load_themes()
        self.startup_messages = [m for m in [settings_error, *theme_errors, self.apply_keymap()] if m]
        for loaded_theme in self.cutthroat_themes.values():
            self.register_theme(loaded_theme.theme)
        self._first_theme(self.settings.theme if self.settings.theme in self.cutthroat_themes else DEFAULT_THEME)
        self.ascii_filter = AsciiFilter(enabled=False)
        self._filters.append(self.ascii_filter)
        self.host = None  # the table host of the game on screen (None at a server's table)
        # Under `cutthroat serve`: the table service's socket and this session's token, read once
        # here from the pipe the server handed over (nothing this process starts inherits it).
        self.service_path: str | None = os.environ.get("CUTTHROAT_SERVICE") or None
        self._service_token: str | None = None
        if self.service_path is not None:
            from cutthroat.serve.client import token_from_environment

            self._service_token = token_from_environment()
        self._service = None  # the connection to it, made on first use (see `service`)
        self.error_log = error_log_path()  # where a served app's unexpected errors go
        self._recovery_pending = False
        self._recovered_since_key = False  # an error was got over, and no key pressed since
        self.claim = None  # its lock on its game in progress (in_progress.Claim)
        self._pending_claim = None

    def _first_theme(self, name: str) -> None:
        """The theme to start in, before the app runs: what setting `theme` does (its classes, the
        colour filter, our watcher), less the re-parse of every style sheet it asks for — the first
        parse, still to come, already reads the theme's variables (start-up time)."""
        self.set_reactive(App.theme, name)
        dark = self.current_theme.dark
        classes = {c: False for c in self.classes if c.startswith("-theme-")}
        self.update_classes({**classes, f"-theme-{name}": True, "-dark-mode": dark, "-light-mode": not dark},
                            update=False)
        self._refresh_truecolor_filter(self.ansi_theme)
        self.stylesheet.set_variables(self.get_css_variables())  # (made in App.__init__, for the default theme)
        self.watch_theme(name)

    # -- theme variables the .tcss files use ($card-red …) ---------------------------------------
    def get_theme_variable_defaults(self) -> dict[str, str]:
        return palette_css_variables(DEFAULT_PALETTE)

    def get_system_commands(self, screen):
        """Textual's palette commands, less the screenshot for a server's player: it would write
        a file outside their folder and show its server path."""
        from cutthroat.saves import confined

        for command in super().get_system_commands(screen):
            if not (command.title == "Screenshot" and confined()):
                yield command

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        from cutthroat.saves import confined

        if confined():
            self.notify("On a server, your own terminal takes screenshots", timeout=4)
            return
        super().action_screenshot(filename, path)

    def on_mount(self) -> None:
        for message in self.startup_messages:
            self.notify(escape(message), severity="warning", timeout=8)
        self.apply_card_style()
        from cutthroat.tui.screens.title import TitleScreen

        self.push_screen(TitleScreen())
        if self.start:
            self.start_game(**self.start)
        elif self.loaded:
            self.resume(self.loaded, self.loaded_path)
        elif self.replay is not None:
            from cutthroat.tui.screens.replay import replay_screen

            self.push_screen(replay_screen(self.replay))
        self.check_size(self.size.width, self.size.height)
        if not self.is_headless and _terminal_alive():
            self.set_interval(1.0, self.check_terminal)

    def on_unmount(self) -> None:
        """Quitting: the table stops and lets go of its game (the autosave is already written)."""
        if self.host is not None:
            self.host.close()
        if self.claim is not None:
            self.claim.release()

    def check_terminal(self) -> None:
        """Quit once the terminal is gone. A dropped ssh connection or a closed window normally
        ends us with SIGHUP, but not always (under `make play` the signal stops at make), and
        without a terminal the input loop would spin. Every action is autosaved already."""
        if not _terminal_alive():
            self.exit()

    # -- settings ------------------------------------------------------------------------------
    def set_theme(self, name: str) -> None:
        if name in self.cutthroat_themes:
            self.theme = name
            self.settings.theme = name
            self.persist_settings()

    def apply_keymap(self) -> str | None:
        """The settings file's `keymap` (binding id -> keys); ids no screen has, and entries that
        would take a key another action holds, are named once and left out."""
        if not self.settings.keymap:
            return None  # (listing the ids imports every screen: only for a keymap to check)
        from cutthroat.tui.binding_ids import keymap_clashes, with_shared_keys_kept
        from cutthroat.tui.screens_index import every_binding_id

        known = every_binding_id()
        unknown = sorted(k for k in self.settings.keymap if k not in known)
        clashes = keymap_clashes({k: v for k, v in self.settings.keymap.items() if k in known})
        self.set_keymap(with_shared_keys_kept(
            {k: v for k, v in self.settings.keymap.items() if k in known and k not in clashes}))
        said = [f"no key has the id {', '.join(unknown)} (docs/keymap.md lists them)"] if unknown else []
        said += [f"{reason} (not applied)" for reason in clashes.values()]
        return "keymap: " + "; ".join(said) if said else None

    def action_change_theme(self) -> None:
        """The palette's "Theme" command: Cutthroat's themes only (each one is remembered)."""
        self.push_screen(CommandPalette(providers=[ThemeCommands], placeholder="Search for themes…"))

    def persist_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notify(escape(f"Settings not saved: {exc.strerror or exc}"), severity="error")

    def apply_card_style(self) -> None:
        """ASCII (the setting, or a locale that isn't UTF-8): the cards' ASCII faces, and a filter
        that keeps every other character on screen ASCII too."""
        ascii_style = self.settings.resolved_card_style() == "ascii"
        self.set_class(ascii_style, "-ascii")
        self.ascii_filter.enabled = ascii_style
        self.refresh(layout=True)

    def get_key_display(self, binding: Binding) -> str:
        """The footer's keys: "Enter" and "<>" rather than ⏎ and ←→ where the screen is ASCII."""
        shown = super().get_key_display(binding)
        return KEY_WORDS.get(shown, ascii_text(shown)) if self.ascii_filter.enabled else shown

    def watch_theme(self, name: str) -> None:
        if self.settings.theme != name and name in getattr(self, "cutthroat_themes", {}):
            self.settings.theme = name
            self.persist_settings()

    # -- games ---------------------------------------------------------------------------------
    def new_session(self, game: str, config: dict[str, str], seed: int, seats: list[Seat],
                    think_ms: int | None = None, autosave: Path | None = None, kept: bool = False,
                    daily: str | None = None) -> Session:
        """A new local game; one with a human seat is recorded in the history when it ends.
        `daily`: the date, if it is that day's daily deal (`history.daily`)."""
        from cutthroat.session import Session

        return Session(game, config, seed, seats, autosave_path=autosave, think_ms=think_ms,
                       undo_allowed=self.settings.undo, kept=kept, daily=daily,
                       recorder=self.history_recorder(seats))

    def history_recorder(self, seats: list[Seat]):
        """What keeps a finished local game in the player's history (if a human sits at it and
        "Keep history" is on when it ends); a history that can't be written is said once."""
        if all(seat.is_bot for seat in seats):
            return None
        from cutthroat.history.recorder import recorder

        def said(message: str) -> None:
            def show() -> None:
                self.notify(escape(message), title="History", severity="warning", timeout=10)
            try:
                self.call_from_thread(show)
            except RuntimeError:  # (on the app's own thread)
                show()

        return recorder(self.history_path, keep=lambda: self.settings.keep_history, errors=said)

    def start_game(self, game: str, config: dict[str, str], seed: int, seats: list[Seat],
                   think_ms: int | None = None, keep: bool = False, daily: str | None = None) -> None:
        """A new table. If a human sits at it, it has its own autosave, written from the first
        human decision on (a deal nobody has played is not a game to come back to). A game of
        bots only is watched and not kept, unless `keep` asks: then it is kept from its deal.
        `daily`: the day whose daily deal this is (its seed is never shown)."""
        humans = any(not seat.is_bot for seat in seats)
        path = in_progress.new_path(self.save_dir, game) if keep or humans else None
        session = self.new_session(game, config, seed, seats, think_ms, path, kept=keep and not humans, daily=daily)
        if path is not None and not self._take_claim(path):
            return
        session.autosave()
        self.open_table(session)

    def resume(self, data: SaveData, path: Path | None = None) -> None:
        """Open a save. A game in progress goes on in its own file (unless another window has it
        open); any other save (yours or an example, left as it is) starts a new game in
        progress from its position, kept from now on like a new game."""
        legacy = path is not None and path.name == in_progress.LEGACY_AUTOSAVE and \
            in_progress.is_in_progress(self.save_dir, path)
        if path is not None and in_progress.is_in_progress(self.save_dir, path) and not legacy:
            autosave: Path | None = path
        elif any(not seat.is_bot for seat in data.seats):
            autosave = in_progress.new_path(self.save_dir, data.game)
        else:
            autosave = None
        if autosave is not None and not self._take_claim(autosave):
            return
        from cutthroat.session import Session

        session = Session.from_save(data, autosave_path=autosave, undo_allowed=self.settings.undo,
                                    recorder=self.history_recorder(data.seats))
        session.autosave()
        if legacy and session.autosave_error is None:  # format 1's single autosave has moved
            path.unlink(missing_ok=True)
        self.open_table(session)
        if data.note:
            self.notify(escape(data.note), timeout=10)

    def _take_claim(self, path: Path) -> bool:
        """Hold the game's lock while its table is open; refuse if another window holds it."""
        try:
            claim = in_progress.claim(path)
        except OSError:  # an unwritable save dir: the game is played, and its autosave says why
            self._pending_claim = None
            return True
        if claim is None:
            self.notify("That game is open in another window: play it there, or close it first",
                        title="Can't resume", severity="error")
            return False
        self._pending_claim = claim
        return True

    def load_file(self, path: Path) -> bool:
        """Load a save file; a bad one is reported in one line and left as it is."""
        from cutthroat import saves

        try:
            data = saves.read(path)
        except SaveError as exc:
            self.notify(escape(str(exc)), title="Can't load", severity="error", timeout=8)
            return False
        self.resume(data, path)
        return True

    def open_table(self, session: Session) -> None:
        """Seat the table: a host runs it, the screen looks through a lens over its ports."""
        from cutthroat.host import SystemClock, TableHost, ThreadWorkers
        from cutthroat.lens import Lens
        from cutthroat.tui.tables import table_screen

        left = self.leave_table()
        claim, self._pending_claim = self._pending_claim, None
        self.claim = claim
        self.host = TableHost(session, clock=SystemClock(), workers=ThreadWorkers())
        self.apply_table_settings()
        self.push_screen(table_screen(Lens.for_host(self.host)))
        self.check_size(self.size.width, self.size.height)
        if left:
            self.notify(f"Your {left} game is kept: Continue resumes it", timeout=6)

    @property
    def served(self) -> bool:
        """Running under `cutthroat serve` (its lobby is on the title screen)."""
        return bool(self.service_path)

    @property
    def service(self):
        """The connection to the server's table service (made on first use, and again if it
        closed). Raises ServiceError (or OSError) if there is none to be had."""
        if self._service is None or self._service.closed:
            from cutthroat.serve.client import ServiceClient, ServiceError

            if not self.service_path or not self._service_token:
                raise ServiceError("this Cutthroat isn't running on a server")
            self._service = ServiceClient(self.service_path, self._service_token)
        return self._service

    def open_remote_table(self, joined: dict, resumes: bool = False) -> None:
        """A seat at a server table (or watching it): the screen looks through that seat's port.
        `resumes`: the player takes their seat again (the log marks where they came back)."""
        from cutthroat.lens import Lens
        from cutthroat.serve.client import RemotePort
        from cutthroat.tui.tables import table_screen

        screen = table_screen(Lens.for_port(RemotePort(self.service, joined)))
        screen.resumes = resumes
        self.push_screen(screen)
        self.check_size(self.size.width, self.size.height)

    def leave_table(self) -> str | None:
        """Close the table on screen (one at a time): its host stops, its lock is let go, and
        its autosave stays. Returns the game's name if it is a game in progress left behind."""
        from cutthroat.tui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        host, self.host = self.host, None
        claim, self.claim = self.claim, None
        if host is None:
            return None
        host.close()
        session = host.session
        if claim is not None:
            claim.release()
        kept = session.autosave_path is not None and not session.is_over and session.autosave_path.exists()
        return session.rules.name if kept else None

    def play_again(self, seed: int) -> None:
        """A new game like the one on the table, dealt from `seed`."""
        if self.host is None:  # a server's table: the next game is made in the lobby
            self.back_to_lobby()
            return
        session = self.host.session  # (over: nothing changes it any more)
        self.start_game(session.game, session.config, seed, session.seats, session.think_ms,
                        keep=session.autosave_path is not None)

    def save_table(self, path, name: str = "") -> Path:
        """Save the game on the table (raises SaveError with a one-line reason)."""
        if self.host is None:
            raise SaveError("A server's table is kept by the server: it resumes there, nothing to save")
        return self.host.save(path, name)

    def back_to_lobby(self) -> None:
        """From a server's table back to the lobby (the table plays on without this screen)."""
        from cutthroat.tui.screens.lobby import LobbyScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()

    def apply_table_settings(self) -> None:
        """Settings the table lives by (they may change mid-game): bot pace, window time, undo."""
        host = self.host
        if host is None:
            return
        humans = host.humans_in_game()  # hot-seat ends when one human is left in the game
        hot_seat = len(humans) > 1
        host.configure(bot_delay=self.settings.bot_delay_seconds(), undo=self.settings.undo,
                       window_seconds=self.settings.nope_window_seconds() if hot_seat else None,
                       quick_pass=tuple(humans) if len(humans) == 1 else ())

    # -- unexpected errors, under `cutthroat serve` -----------------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        """Textual's hook for an error nothing caught. At home: its crash screen and traceback.
        Served, the player sees no traceback (stderr is their terminal): it goes to the server's
        error log, and the player gets one line (`SORRY`) and a fresh lobby. A second error with no
        key pressed since the last one was got over (the lobby itself failing, say) ends the app
        cleanly with that line instead; so does one the app can't go on from."""
        if not self.served:
            super()._handle_exception(error)
            return
        log_error(self.error_log, error, getattr(self._service, "player", None) or "?")
        # What the player reads if this error ends the app (taken back once it is got over).
        self._return_code = 1
        self._exit_renderables[:] = [Text(SORRY)]
        if self._recovery_pending:
            return  # (one error often brings more before the screens change)
        if self._recovered_since_key or not self.is_running:
            self._close_messages_no_wait()
            return
        self._recovery_pending = True
        self.call_later(self._recover)

    def _recover(self) -> None:
        """Every screen over the title goes (a local table is left first: its autosave keeps it;
        a widget whose handler raised has stopped for good, so the lobby is a fresh one), then the
        lobby again, and one line. If that fails too, the app ends with the line."""
        from cutthroat.tui.screens.title import TitleScreen

        try:
            self._recovery_pending = False
            self._recovered_since_key = True
            self.leave_table()  # (to the title)
            title = self.screen
            if not isinstance(title, TitleScreen) or not title._running:
                raise RuntimeError("the title screen is gone")
            title.open_lobby()
            self.notify(SORRY, severity="error", timeout=10)
            self._return_code = None
            self._exit_renderables.clear()
        except Exception as exc:  # noqa: BLE001 - the way back failed too: end cleanly
            log_error(self.error_log, exc)
            self._close_messages_no_wait()

    async def run_action(self, action, default_namespace=None, namespaces=None) -> bool:
        """A key's action: served, an error in it is handled here, so the app's own message loop
        (which stops for good on an error) goes on and can take the player back to the lobby."""
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:
            if not self.served:
                raise
            self._handle_exception(error)
            return True

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            self._recovered_since_key = False  # the player is there: the next error may be got over
        await super().on_event(event)

    # -- the too-small guard -------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if too_small and not showing and len(self.screen_stack) > 1:  # not before on_mount
            self.push_screen(TooSmallScreen())
        elif showing:
            if too_small:
                self.screen.update_size(width, height)
            else:
                self.pop_screen()


def _terminal_alive() -> bool:
    """Is our controlling terminal still there? After a hangup its calls fail with EIO."""
    try:
        os.tcgetpgrp(sys.__stdin__.fileno())
    except (OSError, AttributeError, ValueError):
        return False
    return True
