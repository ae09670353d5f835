"""The table host: runs one table, headless, for the app, tests, `simulate` and (later) a server.

It owns one `Session` and is the only code that changes it. Every change arrives as a command on
one queue and is applied by one writer at a time (whichever thread finds the queue free drains
it), so a human's move, a bot's answer, a hint's snapshot and a timer never race. After each
change it plans what comes next, in this order:

1. an answer no one needs to be asked for (`rules.auto_action`; a seat in `quick_pass` whose
   only choice is the reaction default) is applied at once;
2. a bot to act is asked, off the caller's thread (`workers`), after the bot pause (none for
   reactions, none while skipping ahead); a bot that raises or answers illegally is logged and
   plays a legal fallback, and the table goes on (unless `strict`, for `simulate`);
3. humans answering a reaction window get a deadline (`window_seconds`); when it passes, each
   plays `rules.reaction_default`. A seat claiming the window (hot-seat) stops the clock.

Then every port with a listener gets its seat's update. Holds (a menu open, a dialog) stop bots
and deadlines until released. The clock is injected: `ManualClock` + `InlineWorkers` run a whole
game with no waiting.

The host is one class in four modules, by job: the commands and the moves here, the planning
and the bots in `planning.py`, the timers in `timers.py`, telling the seats in `delivery.py`.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Any, Callable

from cutthroat.bots import make_bot
from cutthroat.engine.protocol import Action, Event, IllegalAction, Rules, StandIn, Undone
from cutthroat.host.clock import Clock, SystemClock
from cutthroat.host.ports import SeatPort
from cutthroat.host.updates import Hint, SeatInfo, TableInfo
from cutthroat.host.workers import InlineWorkers, ThreadWorkers, Workers
from cutthroat.host.delivery import Delivery
from cutthroat.host.planning import Planning
from cutthroat.host.timers import Timers
from cutthroat.session import Session

log = logging.getLogger("cutthroat.host")
KEEP = object()  # `configure`: leave this setting as it is
MOVED_ON = "The table moved on: look again and choose again"


class TableHost(Timers, Planning, Delivery):
    def __init__(self, session: Session, *, clock: Clock | None = None, workers: Workers | None = None,
                 bot_delay: float = 0.0, window_seconds: float | None = None,
                 quick_pass: tuple[int, ...] | frozenset[int] = (), strict: bool = False,
                 max_moves: int | None = None, bots: dict[int, Any] | None = None,
                 turn_seconds: float | None = None,
                 close_threads: bool = True) -> None:
        self.session = session
        self.rules = session.rules
        # (No seed among the table's facts: every hidden card follows from it, so the updates
        # tell it at game over, solo included; `told_seed`.)
        self.info = TableInfo(session.game, dict(session.config),
                              tuple(SeatInfo(s.name, s.kind, s.level) for s in session.seats))
        self.clock = clock or SystemClock()
        self.workers = workers or ThreadWorkers()
        self.close_threads = close_threads  # False: the clock and workers are shared (a server's)
        self.bot_delay = bot_delay
        self.window_seconds = window_seconds
        #: A human's time for a move that is not a reaction (None: no clock); when it runs out a
        #: heuristic bot makes that one move for them (a server's table: nobody stalls it).
        self.turn_seconds = turn_seconds
        self._turn_timer = None
        self.quick_pass = frozenset(quick_pass)
        self.strict = strict
        self.max_moves = max_moves  # `simulate`: a game this long is a runaway (strict: it raises)
        #: Does anything ever answer without asking? (Not in most games: the plan skips the check.)
        self._answers_alone = type(self.rules).auto_action is not Rules.auto_action or bool(self.quick_pass)
        self._reactions = type(self.rules).reaction_default is not Rules.reaction_default
        self._paces = type(self.rules).paced_action is not Rules.paced_action
        self._open_plays = type(self.rules).open_play is not Rules.open_play  # (a play may wait for its choices)
        self._inline = isinstance(self.workers, InlineWorkers)
        self._bot_seats = frozenset(i for i, s in enumerate(self.info.seats) if s.is_bot)
        self._bots: dict[int, Any] = dict(bots or {})  # made on first use unless given
        self._ports: dict[int | None, SeatPort] = {}
        #: seat → (the version since which it has been told the decision it faces now, that decision:
        #: its choices and, while it answers a reaction window, how many moves changed the table)
        self._seen: dict[int, tuple[int, Any]] = {}
        self._decisive = 0  # moves that were not a reaction's default (a pass leaves a window as it was)
        self._queue: deque[Callable[[], None]] = deque()
        self._lock = threading.Lock()
        self._writer: int | None = None  # the thread draining the queue now
        self._holds: set[str] = set()
        self._pauses: dict[str, str] = {}  # event kind → the hold it sets (`pause_on`)
        self._claim: int | None = None
        self._skipping = False
        self._asked: tuple[int, int] | None = None  # (seat, version) a bot is being asked about
        self._bot_timer = None
        self._deadline: tuple[int, float] | None = None  # (version, when) of the reaction deadline
        self._deadline_timer = None
        self._expired = False  # while a timed-out window's passes are played
        self._notices: list[tuple[str, str]] = []  # (title, text) for the next update
        #: The events of a play still waiting for its choices: told to everyone once it is final,
        #: to nobody if it is taken back (`session.open_play`).
        self._held: list[Event] = session.open_events() if self._open_plays else []
        self._autosave_error: str | None = None
        self._note_autosave()  # a save dir that can't be written is said at once, not at the first move
        self._opening_notices, self._notices = self._notices, []  # told to each new listener once
        self.started = False  # nothing moves on its own before `start`
        self.closed = False

    # -- for the app, tests and ports (thread-safe) ----------------------------------------------
    def port(self, seat: int | None) -> SeatPort:
        """The port of `seat` (None: a spectator's, the public view)."""
        if seat not in self._ports:
            self._ports[seat] = SeatPort(self, seat)
        return self._ports[seat]

    def start(self) -> None:
        """Begin: bots to act are asked (nothing moves before). With inline workers, a bots-only
        game plays to its end."""
        def begin() -> None:
            self.started = True
        self._post(begin)

    def submit(self, seat: int, action: Action, version: int | None = None) -> str | None:
        """Apply a human seat's action: None, or the one-line reason it was refused (nothing changed).
        `version`: the update the move answers (a remote player's); refused if the seat's decision
        has changed since (another player's Nope landed first: the window is a new one)."""
        return self._call(lambda: self._human_move(seat, action, version))

    def undo(self, seat: int) -> str | None:
        return self._call(lambda: self._undo(seat))

    def stand_in(self, seat: int, level: str | None = "heuristic") -> None:
        """A human seat whose player is away: a bot of `level` plays it from now on (None: the
        player is back and plays it again). The log says so."""
        self._post(lambda: self._set_stand_in(seat, level))

    def take_back(self, seat: int) -> str | None:
        """Take back `seat`'s play still waiting for its choices (Esc in its target prompt)."""
        return self._call(lambda: self._take_back(seat))

    def skip_ahead(self) -> None:
        """Bots play without pausing until a human is to act."""
        self._post(self._skip)

    def hold(self, key: str) -> None:
        """Stop bots and deadlines (a menu or dialog is open) until `release(key)`."""
        self._post(lambda: self._set_hold(key, True))

    def release(self, key: str) -> None:
        self._post(lambda: self._set_hold(key, False))

    def pause_on(self, kinds: set[str], key: str) -> None:
        """After a change telling one of these event kinds, hold as `key` (a watcher's screen
        shows the round's end before the bot deals the next): `release(key)` goes on."""
        self._post(lambda: self._pauses.update({kind: key for kind in kinds}))

    def claim(self, seat: int, version: int) -> None:
        """`seat` answers the reaction window it saw at `version` (hot-seat, behind the curtain):
        the clock stops. A claim on a window that has moved on, or by a seat not answering it,
        is dropped."""
        self._post(lambda: self._set_claim(seat, version))

    def all_pass(self, version: int) -> None:
        """Hot-seat, "we all pass": every human answering the window seen at `version` plays the
        default now, as if its time ran out (dropped if the window moved on or was claimed)."""
        self._post(lambda: self._timeout(version))

    def unclaim(self, seat: int) -> None:
        self._post(lambda: self._set_claim(None, self.session.version) if self._claim == seat else None)

    def configure(self, *, bot_delay: float | None = None, window_seconds: float | None | object = KEEP,
                  undo: bool | None = None, quick_pass: tuple[int, ...] | None = None) -> None:
        """Change the bot pause, the window length (None: no clock), undo (Settings) or the seats
        whose windows pass at once when they have nothing to answer, from now on."""
        def change() -> None:
            if bot_delay is not None:
                self.bot_delay = bot_delay
            if window_seconds is not KEEP:
                self.window_seconds = window_seconds
            if undo is not None:
                self.session.undo_allowed = undo
            if quick_pass is not None:
                self.quick_pass = frozenset(quick_pass)
                self._answers_alone = type(self.rules).auto_action is not Rules.auto_action or bool(self.quick_pass)
        self._post(change)

    def humans_in_game(self) -> list[int]:
        """The human seats not out of the game (all of them in games nobody leaves)."""
        return self._read(lambda: [h for h in self.info.humans if h not in self.rules.out_seats(self.session.state)])

    def history(self, seat: int | None) -> list[Event]:
        """The game's events so far as `seat` may see them (a resumed table's log)."""
        return self._read(lambda: self.session.history(seat))

    def save(self, path, name: str = ""):
        """Save the game between two moves (raises SaveError with a one-line reason)."""
        return self._read(lambda: self.session.save(path, name))

    def hint(self, seat: int, think_ms: int | None = None) -> Hint | None:
        """The hard bot's move for `seat` now, and why where its bot can say (`explain`);
        blocking: call it off the UI thread. Asked twice about the same position it says the
        same thing."""
        snapshot = self._read(lambda: self._hint_snapshot(seat))
        if snapshot is None:
            return None
        view, legal, moves = snapshot
        bot = make_bot(self.rules, "hard", seed=self.session.seed * 1_000_003 + moves,
                       think_ms=self.session.think_ms if think_ms is None else think_ms)
        try:
            explain = getattr(bot, "explain", None)
            if explain is not None:
                return Hint(*explain(view, legal))
            return Hint(bot.choose(view, legal))
        except Exception:  # noqa: BLE001 - a failed search gives no hint, never a crash
            log.exception("hint for seat %s failed", seat)
            return None

    def close(self) -> None:
        """Nothing more moves: timers cancelled, late bot answers dropped, threads ended."""
        self.closed = True
        self._post(self._cancel_timers)
        for part in (self.workers, self.clock) if self.close_threads else ():
            close = getattr(part, "close", None)
            if close is not None:
                close()

    # -- the queue --------------------------------------------------------------------------------
    def _post(self, command: Callable[[], None]) -> None:
        self._queue.append(command)
        self._drain()

    def _drain(self) -> None:
        failure: BaseException | None = None
        while self._queue:
            if not self._lock.acquire(blocking=False):
                return  # the thread holding it drains our command too
            self._writer = threading.get_ident()
            try:
                while True:
                    while self._queue:
                        try:
                            self._queue.popleft()()
                        except Exception as exc:  # one bad command must not stop the table
                            if self.strict:
                                failure = failure or exc
                                self._queue.clear()
                            else:
                                log.exception("a table command failed")
                    if failure is None:
                        self._plan()
                    if not self._queue:
                        break
            finally:
                self._writer = None
                self._lock.release()
        if failure is not None:
            raise failure

    def _not_from_a_listener(self) -> None:
        if self._writer == threading.get_ident():
            raise RuntimeError("a port listener must not call its host back while being told of a change")

    def _call(self, command: Callable[[], Any]) -> Any:
        """Run `command` through the queue and wait for its answer (or its exception)."""
        self._not_from_a_listener()
        answer: list[Any] = []
        failed: list[BaseException] = []
        done = threading.Event()

        def run() -> None:
            try:
                answer.append(command())
            except Exception as exc:  # handed to the caller below
                failed.append(exc)
            finally:
                done.set()

        self._post(run)
        done.wait()
        if failed:
            raise failed[0]
        return answer[0]

    def _read(self, read: Callable[[], Any]) -> Any:
        """Read the table between two changes (a snapshot), then drain what queued meanwhile."""
        self._not_from_a_listener()
        with self._lock:
            value = read()
        self._drain()
        return value

    # -- commands (run by the writer) ---------------------------------------------------------------
    def _human_move(self, seat: int, action: Action, version: int | None = None) -> str | None:
        if self.closed:
            return "This table is closed"
        if version is not None and version < self._decision_since(seat):
            return MOVED_ON
        if not 0 <= seat < len(self.info.seats):
            return f"There is no seat {seat + 1}"
        if self.info.is_bot(seat):
            return f"{self.info.seats[seat].name} is played by a bot"
        if seat in self._bot_seats:
            return f"A bot plays for {self.info.seats[seat].name} while they are away"
        return self._move(seat, action)

    def _move(self, seat: int, action: Action) -> str | None:
        default = self.rules.reaction_default(self.session.state, seat) if self._reactions else None
        try:
            events = self.session.apply(action, seat)
        except IllegalAction as exc:
            return exc.reason
        if action != default:
            self._decisive += 1
        self._changed(events)
        return None

    def _undo(self, seat: int) -> str | None:
        if self.info.is_bot(seat):
            return "A bot's move can't be taken back"
        log = self.session.log
        taken = log[-1] if log else None
        if not self.session.undo():
            return "Nothing to undo since the last draw"
        # Said in the log (described on the position it was made from, which is back now), so a
        # move played again afterwards doesn't read as played twice.
        move = self.rules.describe_action(self.rules.view(self.session.state, taken[0]), taken[1])
        self._changed([], told_now=[Undone(taken[0], move)])
        return None

    def _set_stand_in(self, seat: int, level: str | None) -> None:
        if self.closed or not 0 <= seat < len(self.info.seats) or self.info.is_bot(seat) or self.session.is_over:
            return
        standing = seat in self._bot_seats
        if (level is not None) == standing:
            return  # already so
        if level is not None:
            self._bots[seat] = make_bot(self.rules, level, seed=self.session.seed * 31 + seat,
                                        think_ms=self.session.think_ms)
            self._bot_seats = self._bot_seats | {seat}
        else:
            self._bots.pop(seat, None)
            self._bot_seats = self._bot_seats - {seat}
            self._asked = None
        self._changed([], told_now=[StandIn(seat, level or "")])  # (never held with a play)

    def _take_back(self, seat: int) -> str | None:
        if self.info.is_bot(seat):
            return "A bot's move can't be taken back"
        hidden = self._hidden_play() is not None
        taken = self.session.take_back(seat)
        if not taken:
            return "Nothing to take back: the play is made"
        if hidden:
            self._held = []  # nobody was told of it: nothing to tell now
            self._changed([])
        else:  # everyone saw it begin: they see it taken back
            move = self.rules.describe_action(self.rules.view(self.session.state, seat), taken[0][1])
            self._changed([], told_now=[Undone(seat, move)])
        return None

    def _hidden_play(self) -> tuple[int, int] | None:
        """The play waiting for its choices that the others are not told of yet: (seat, moves).
        Only one made when its player alone was to act: where others were asked too (answers
        to one attack, asked at once), their prompts would change under them and tell it anyway,
        so such a play is told as it is made (and its taking back too)."""
        open_play = self.session.open_play()
        if open_play is None or list(self.session.settled_to_act()) != [open_play[0]]:
            return None
        return open_play

    def _note_autosave(self) -> None:
        """Say once when autosaving starts failing (and again if it fails again after working)."""
        error = self.session.autosave_error
        if error != self._autosave_error:
            if error:
                from cutthroat.saves import confined  # (a server's player app: no path to offer)

                advice = "" if confined() else "; save with s to a path elsewhere (e.g. ~/mine.json)"
                self._notices.append(("Autosave failed", f"{error} — the game goes on{advice}"))
            self._autosave_error = error

    def _changed(self, events: list[Event], told_now: list[Event] = ()) -> None:
        """The table moved on: `events` are the move's (held while its play waits for its
        choices), `told_now` the table's own news (a stand-in, an undo), told at once."""
        self._claim = None
        if self._pauses:
            self._holds.update(self._pauses[e.kind] for e in events if e.kind in self._pauses)
        self._note_autosave()
        self._plan()
        self._held += events  # a play waiting for its choices is told once it is final
        if self._hidden_play() is None:
            events, self._held = self._held, []
        else:
            events = []
        if self._ports:
            self._deliver([*events, *told_now])

    def _skip(self) -> None:
        self._skipping = True
        if self._bot_timer is not None:  # the bot waiting out its pause plays now
            self._bot_timer.cancel()
            self._bot_timer = None
            self._asked = None
        self._told()

    def _set_hold(self, key: str, on: bool) -> None:
        if on:
            self._holds.add(key)
            self._cancel_timers()
        elif key in self._holds:
            self._holds.discard(key)
            self._deadline = None  # a window left open behind a dialog gets its full time again
            self._told()

    def _set_claim(self, seat: int | None, version: int) -> None:
        state = self.session.state
        if version != self.session.version or (
                seat is not None and self.rules.reaction_default(state, seat) is None):
            return  # the window moved on, or the seat isn't answering one
        self._claim = seat
        self._cancel_deadline()
        self._told()

    def _told(self) -> None:
        """Plan, then tell every seat: nothing moved, but the clock or the pace changed."""
        self._plan()
        self._deliver([])
