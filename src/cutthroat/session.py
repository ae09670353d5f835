"""One table's game: rules + state + action log + seats, headless.

The session is the game's record: it applies an action, appends it to the log, keeps the undo
stack and the game-over figures, and autosaves. It is driven by exactly one caller, the table
host (`cutthroat.host`), which owns bots, pacing, deadlines and what each seat is told.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path
from typing import Any, Callable

from cutthroat import in_progress, saves
from cutthroat.engine.protocol import Action, Event, IllegalAction, Result, Rules
from cutthroat.engine.registry import get_rules
from cutthroat.saves import SaveData, SaveError, Seat, new_stats, tally


class Session:
    def __init__(self, game: str, config: dict[str, str], seed: int, seats: list[Seat], *,
                 state: Any = None, log: list[tuple[int, Action]] | None = None,
                 stats: list[dict[str, Any]] | None = None,
                 autosave_path: str | os.PathLike | None = None, think_ms: int | None = None,
                 undo_allowed: bool = True, figures: bool = True, base: Any = None,
                 kept: bool = False, game_id: str = "", played_s: float = 0.0, daily: str | None = None,
                 recorder: Callable[["Session"], int | None] | None = None) -> None:
        self.game = game
        self._game_id = game_id  # (made when first asked for: `simulate` never asks)
        self.daily = daily  # the daily deal's date, if this is one
        self._played_before = played_s
        self._opened = time.monotonic()
        #: Called once when a move ends the game, before its autosave is removed: keeps it in the
        #: player's history (`history.recorder`). Its answer (the history's row id) is `recorded`.
        self.recorder = recorder
        self.recorded: int | None = None
        self.rules = get_rules(game)
        self.config = dict(config)
        self.seed = seed
        self.seats = seats
        self._bot_at = tuple(s.is_bot for s in seats)  # (read on every move)
        self.state = state if state is not None else self.rules.new_game(self.config, seed, len(seats))
        self.log: list[tuple[int, Action]] = list(log or [])
        #: Where a play may wait for its choices: for each move of the log, the seats that were to
        #: act before it (None for a move this session did not make): `settled_to_act` reads it
        #: instead of replaying the log.
        self._open_plays = type(self.rules).open_play is not Rules.open_play
        self._acting: list[tuple[int, ...] | None] = [None] * len(self.log)
        self.base = base  # where the log starts, if not the seeded deal (a save from older rules)
        if state is None and self.rules.seat_bots(self.state, frozenset(i for i, s in enumerate(seats) if s.is_bot)):
            self.base = self.rules.copy(self.state)  # the deal, told which seats bots play
        if base is None and state is not None and not self.log:
            # A position laid out by hand (tests, puzzles) is where its log starts.
            dealt = self.rules.new_game(self.config, seed, len(seats))
            if self.rules.encode_state(dealt) != self.rules.encode_state(state):
                self.base = self.rules.copy(state)
        self.stats = stats if stats is not None else new_stats(self.rules, len(seats))
        self.autosave_path = Path(autosave_path) if autosave_path else None
        #: Is the game in progress kept (its autosave written)? A new deal is from its first human
        #: decision (`in_progress.decides`); a resumed save, and a watched game asked to be kept
        #: (`kept`), from the start.
        self.kept = kept
        self.undo_allowed = undo_allowed
        self.figures = figures and bool(self.rules.stat_columns)  # `simulate` needs no game-over figures
        self.think_ms = think_ms
        #: Changes so far (moves, counting those of the log it resumed from, and undos): a bot's
        #: answer or a hint for an older version is stale.
        self.version = len(self.log)
        self._undo: list[tuple[Any, list[dict[str, Any]]]] = []  # before each undoable action
        self._settled: tuple[int, Any] | None = None  # (moves kept, the state they lead to): `settled`
        self.autosave_error: str | None = None

    @property
    def game_id(self) -> str:
        """The game's own id, kept in its saves: the history records a game once, however often
        it is resumed or finished again (`cutthroat.history`). A new game's is a random one."""
        if not self._game_id:
            self._game_id = uuid.uuid4().hex
        return self._game_id

    @game_id.setter
    def game_id(self, value: str) -> None:
        self._game_id = value

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def from_save(cls, data: SaveData, **kwargs) -> "Session":
        """A saved game goes on: kept as a game in progress from the start (it has been played)."""
        kwargs.setdefault("kept", True)
        kwargs.setdefault("game_id", data.game_id)
        kwargs.setdefault("played_s", data.played_s)
        kwargs.setdefault("daily", data.daily)
        return cls(data.game, data.config, data.seed, data.seats, state=data.state, log=data.log,
                   stats=data.stats, base=data.base, **kwargs)

    @classmethod
    def load(cls, path: str | os.PathLike, **kwargs) -> "Session":
        return cls.from_save(saves.read(path), **kwargs)

    # -- reading ---------------------------------------------------------------------------
    @property
    def to_act(self) -> list[int]:
        return self.rules.to_act(self.state)

    @property
    def current_seat(self) -> int | None:
        seats = self.to_act
        return seats[0] if seats else None

    @property
    def is_over(self) -> bool:
        return not self.to_act

    def result(self) -> Result | None:
        return self.rules.result(self.state)

    def view(self, seat: int | None) -> Any:
        return self.rules.view(self.state, seat)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.rules.legal_actions(self.state, seat)

    def seat_is_bot(self, seat: int) -> bool:
        return self.seats[seat].is_bot

    # -- changing --------------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply `action` for `seat` (default: the seat to act). IllegalAction leaves all unchanged."""
        rules, state = self.rules, self.state
        to_act = rules.to_act(state)
        if seat is None:
            if not to_act:
                raise IllegalAction("The game is over")
            seat = to_act[0]
        if seat not in to_act and action.kind not in rules.anytime_kinds:
            raise IllegalAction(f"It is not {self.seats[seat].name}'s move")
        undoable = self.undo_allowed and rules.undoable(state, action)
        before = (rules.copy(state), [dict(s) for s in self.stats]) if undoable else None
        # (A bot's move never decides: asked only for a human's, of a game not kept yet.)
        decided = not self.kept and not self._bot_at[seat] and \
            in_progress.decides(rules, state, seat, action, self.seats)
        events = rules.apply(state, action, seat)
        # Asked again afterwards: a move that ended the round (or game) is no longer undoable.
        if undoable and rules.undoable(state, action):
            self._undo.append(before)
        elif self._undo:
            self._undo.clear()
        self.log.append((seat, action))
        if self._open_plays:
            self._acting.append(tuple(to_act))
        if self.figures:
            tally(rules, self.stats, events)
        self.version += 1  # (`_changed`, inline: the move's path is the hot one)
        if decided:
            self.kept = True
            if self.daily and self.recorder is not None and hasattr(self.recorder, "begun"):
                self.recorder.begun(self)  # (a daily deal's attempt counts from its first move)
        if self.recorder is not None and not rules.to_act(state):
            self._record()  # (before the autosave goes: a crash in between finds it recorded)
        if self.kept:
            self.autosave()
        return events

    @property
    def played_s(self) -> float:
        """Seconds this game has been played, in every session of it."""
        return self._played_before + time.monotonic() - self._opened

    def finished_game(self, players: list[str | None] | None = None):
        """The game over as the history keeps it (`cutthroat.history.FinishedGame`); `players`:
        a server's player id for each seat (None for a bot)."""
        from cutthroat.history.model import finished_game

        return finished_game(self.save_data(), self.result(), game_id=self.game_id, duration_s=self.played_s,
                             daily=self.daily, players=players)

    def _record(self) -> None:
        recorder, self.recorder = self.recorder, None  # (once)
        self.recorded = recorder(self)

    @property
    def can_undo(self) -> bool:
        return self.undo_allowed and bool(self._undo)

    def undo(self) -> bool:
        """Take back the last undoable action (placements since the last draw, in KTK)."""
        if not self.can_undo:
            return False
        self.state, self.stats = self._undo.pop()
        self.log.pop()
        del self._acting[len(self.log):]
        self._settled = None  # (the log no longer leads there)
        self._changed()
        return True

    def history(self, seat: int | None) -> list[Event]:
        """Every event of the game so far as `seat` may see it (None: the public's), from the
        log replayed (from `base` if the log starts there): a resumed table's log, whole — but
        for a play still waiting for its choices, told to nobody until it is final."""
        told = (e.for_seat(seat) for e in self._replay_events(self._fresh(), self.log[:self._kept()]))
        return [e for e in told if e is not None]

    def _fresh(self) -> Any:
        """The state the log starts from."""
        return self.rules.copy(self.base) if self.base is not None else \
            self.rules.new_game(self.config, self.seed, len(self.seats))

    def _replay_events(self, state: Any, moves: list[tuple[int, Action]]) -> list[Event]:
        """The events of `moves` played on `state` (which they change)."""
        return [event for player, action in moves for event in self.rules.apply(state, action, player)]

    # -- a play waiting for its choices ----------------------------------------------------
    def open_play(self) -> tuple[int, int] | None:
        """(seat, moves): the play still waiting for its choices (`Rules.open_play`) and how many
        of the log's last moves it is; None if there is none."""
        for seat in range(len(self.seats)):
            count = self.rules.open_play(self.state, seat)
            if 0 < count <= len(self.log) and all(s == seat for s, _ in self.log[-count:]):
                return seat, count
        return None

    def _kept(self) -> int:
        """How many moves of the log are final (all but an open play's)."""
        open_play = self.open_play()
        return len(self.log) - (open_play[1] if open_play else 0)

    def settled(self) -> Any:
        """The state as the other seats know it: without the play still waiting for its choices
        (nothing of it has happened for them yet). Replayed once per open play."""
        kept = self._kept()
        if kept == len(self.log):
            return self.state
        if self._settled is None or self._settled[0] != kept:
            self._settled = (kept, saves.replay(self.rules, self.config, self.seed, len(self.seats),
                                                self.log[:kept], None, self.base))
        return self._settled[1]

    def settled_to_act(self) -> list[int]:
        """`rules.to_act(self.settled())`: the seats to act before the play still waiting for its
        choices — as recorded when its first move was made, else from the log replayed."""
        kept = self._kept()
        if kept == len(self.log):
            return self.rules.to_act(self.state)
        acting = self._acting[kept] if self._open_plays and kept < len(self._acting) else None
        return list(acting) if acting is not None else self.rules.to_act(self.settled())

    def open_events(self) -> list[Event]:
        """The open play's events, untold so far (a host resuming a game mid-play holds them)."""
        kept = self._kept()
        return self._replay_events(self.rules.copy(self.settled()), self.log[kept:]) \
            if kept < len(self.log) else []

    def take_back(self, seat: int) -> list[tuple[int, Action]]:
        """Take back `seat`'s play still waiting for its choices (`Rules.open_play`): the log
        without its moves is replayed from the start, so the position is exactly the one before
        it. Returns the moves taken back (none if there is no such play)."""
        open_play = self.open_play()
        if open_play is None or open_play[0] != seat:
            return []
        count = open_play[1]
        taken = self.log[-count:]
        log = self.log[:-count]
        stats = new_stats(self.rules, len(self.seats))  # counted again, as a load counts them
        self.state = saves.replay(self.rules, self.config, self.seed, len(self.seats), log,
                                  stats if self.figures else None, self.base)
        self.log = log
        del self._acting[len(log):]
        if self.figures:
            self.stats = stats
        self._undo.clear()
        self._changed()
        return taken

    def _changed(self) -> None:
        self.version += 1
        if self.kept:
            self.autosave()

    # -- saving ----------------------------------------------------------------------------
    def save_data(self, name: str = "") -> SaveData:
        return SaveData(self.game, self.config, self.seats, self.seed, list(self.log), self.state, name,
                        stats=[dict(s) for s in self.stats], base=self.base, game_id=self.game_id,
                        played_s=self.played_s, daily=self.daily)

    def save(self, path: str | os.PathLike, name: str = "") -> Path:
        return saves.write(path, self.save_data(name))

    def autosave(self) -> None:
        """Keep the autosave in step; a finished game leaves no autosave to resume. Before the
        game is kept it is only checked (a folder that can't hold it is said at once)."""
        if self.autosave_path is None:
            return
        if self.is_over:
            self.discard_autosave()
            return
        try:
            if self.kept:
                self.save(self.autosave_path, "autosave")
            else:
                saves.check_writable(self.autosave_path)
            self.autosave_error = None
        except SaveError as exc:
            self.autosave_error = str(exc)  # the game goes on; the table says so once

    def discard_autosave(self) -> None:
        if self.autosave_path is not None:
            try:
                self.autosave_path.unlink()
            except OSError:
                return
            in_progress.forgotten(self.autosave_path)

