"""A recorded game, stepped through: the headless model of the replay viewer.

A `Replay` is made from a save document (a save file, or the `document` of a finished game in
the history or its `history --json` export): the seed (or base position) and the moves. Step 0 is
the deal; step n is the position after the log's n-th move. It replays the log once, keeping
each move's events and a copy of the state every `CHECKPOINT` moves, so any step is at most that
many moves from a copy: stepping back, forward or jumping costs the same.

What it shows is what a seat saw: `update(n, seat)` is the seat's view at step n exactly as the
table host gave it to that seat's port (a play still waiting for its choices — a card waiting for
its target — is shown to its own seat only; the others see the table as it was before it, and
nobody's log tells it until it is final). Who may be seen (`seen_as`):

- a game that is over: any seat, the spectator, and "all cards shown" (`revealed`);
- a game in progress (a save): its one human's seat and the spectator; with several humans at
  one keyboard (hot-seat), or none, the spectator alone — never a hand that screen couldn't show.

No Textual here: the replay screen (`tui/screens/replay.py`) draws what this gives, through a
`ReplayPort` (a seat's port onto the replay: the table as that seat saw it at the current step,
every move refused).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from cutthroat import saves
from cutthroat.engine.protocol import Event, Result, Rules
from cutthroat.engine.registry import get_rules, game_info
from cutthroat.engine.words import agree
from cutthroat.host.ports import NothingHeld
from cutthroat.host.updates import SeatInfo, SeatUpdate, TableInfo, told_seed

#: A copy of the state is kept every this many moves.
CHECKPOINT = 32
#: Why "all cards shown" is refused before a game is over.
NOT_OVER = "All cards are shown only once the game is over"


#: The face-down piles "all cards shown" tells, per game: (name, cards with the top last).
PILES = {
    "exploding-kittens": lambda state: [("Draw pile", state.pile)],
    "kill-your-friends": lambda state: [("Deck", state.deck)],
    "psycho-killer": lambda state: [(f"Deck {'AB'[d]}", deck) for d, deck in enumerate(state.decks)
                                    if deck or not state.gone[d]],
}
#: How many of a pile's top cards it tells.
PILE_SHOWN = 8


class ReplayError(ValueError):
    """A file or document that can't be replayed; the message is one line fit for a player."""


@dataclass(frozen=True)
class Step:
    """One move of the log: who made it, what it was, and every event it told (unredacted)."""

    seat: int
    action: Any
    events: tuple[Event, ...]
    to_act: tuple[int, ...]  # the seats to act before it


class Replay:
    def __init__(self, data: saves.SaveData, *, humans: Sequence[int] | None = None, label: str = "") -> None:
        self.data = data
        self.game = data.game
        self.rules = rules = get_rules(data.game)
        self.label = label or game_info(data.game).short
        self.names = [s.name for s in data.seats]
        #: The seats a person played at this screen (a save's human seats; a history's own seats).
        self.humans = tuple(humans) if humans is not None else tuple(i for i, s in enumerate(data.seats)
                                                                    if not s.is_bot)
        state = self._start()
        self._checkpoints: list[Any] = [rules.copy(state)]
        self.steps: list[Step] = []
        # Where a turn begins (a round, in Kill The Kings): the deal, then each step whose
        # position has another seat's turn (another round) than the step before.
        key = "round" if self.game == "kill-the-kings" else "turn"
        self._turn_starts = [0]
        last = getattr(state, key, None)
        self._open_plays = type(rules).open_play is not Rules.open_play  # (a game where a play may wait)
        self._open: list[tuple[int, int] | None] = [None]
        for i, (seat, action) in enumerate(data.log):
            to_act = tuple(rules.to_act(state))
            events = rules.apply(state, action, seat)
            self.steps.append(Step(seat, action, tuple(events), to_act))
            self._open.append(self._find_open_play(i + 1, state))
            if (i + 1) % CHECKPOINT == 0:
                self._checkpoints.append(rules.copy(state))
            now = getattr(state, key, None)
            if now != last:
                self._turn_starts.append(i + 1)
                last = now
        self._last = state  # the final position (also the cache's start)
        self._cache: tuple[int, Any] = (len(self.steps), state)
        self.result: Result | None = rules.result(state)
        self.table = TableInfo(data.game, dict(data.config),
                               tuple(SeatInfo(s.name, s.kind, s.level) for s in data.seats))

    # -- making one -------------------------------------------------------------------------------
    @classmethod
    def from_document(cls, doc: dict[str, Any], *, humans: Sequence[int] | None = None,
                      label: str = "game") -> "Replay":
        """From a save document (`saves.to_json`, a finished game's `document`)."""
        try:
            data = saves.parse(json.dumps(doc).encode(), label)
        except saves.SaveError as exc:
            raise ReplayError(str(exc)) from None
        if data.note:  # saved before a rules fix: its moves don't replay any more
            raise ReplayError(f"{label}: saved before a rules fix, its moves can't be replayed")
        return cls(data, humans=humans)

    @classmethod
    def from_finished(cls, game) -> "Replay":
        """From a finished game of the history (`history.model.FinishedGame`)."""
        if not game.document:
            raise ReplayError("This game was kept without its moves: it can't be replayed")
        return cls.from_document(game.document, humans=game.humans, label="this game")

    @classmethod
    def from_file(cls, path: str | Path, game_id: int | None = None) -> "Replay":
        """A save file, or an export of the history (`cutthroat history --json`: one game, or
        the one with id `game_id`). ReplayError with a one-line reason otherwise."""
        path = Path(path)
        label = str(path)
        try:
            raw = path.read_bytes() if path.stat().st_size <= saves.MAX_BYTES * 8 else None
        except OSError as exc:
            raise ReplayError(f"{label}: can't read it ({exc.strerror or exc})") from None
        if raw is None:
            raise ReplayError(f"{label}: too large to replay")
        try:
            doc = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            doc = None
        if isinstance(doc, dict) and doc.get("format") == saves.FORMAT:
            try:
                data = saves.parse(raw, label)
            except saves.SaveError as exc:
                raise ReplayError(str(exc)) from None
            if data.note:
                raise ReplayError(f"{label}: saved before a rules fix, its moves can't be replayed")
            return cls(data)
        rows = doc if isinstance(doc, list) else [doc] if isinstance(doc, dict) and "document" in doc else None
        if not rows:
            raise ReplayError(f"{label}: not a save or an exported game (`cutthroat history --json`)")
        from cutthroat.history.model import FinishedGame

        if game_id is not None:
            rows = [r for r in rows if isinstance(r, dict) and r.get("id") == game_id]
            if not rows:
                raise ReplayError(f"{label}: no game with id {game_id}")
        elif len(rows) > 1:
            ids = [r.get("id") for r in rows if isinstance(r, dict)]
            raise ReplayError(f"{label} holds {len(rows)} games: choose one with --id "
                              f"(ids {min(ids, default=0)}–{max(ids, default=0)})")
        try:
            game = FinishedGame.from_json(rows[0])
        except ValueError as exc:
            raise ReplayError(f"{label}: {exc}") from None
        try:
            return cls.from_finished(game)
        except ReplayError as exc:
            raise ReplayError(f"{label}: {str(exc).removeprefix('this game: ')}") from None

    def _start(self) -> Any:
        data = self.data
        return saves.first_position(self.rules, data.config, data.seed, len(data.seats), data.base)

    # -- steps ------------------------------------------------------------------------------------
    @property
    def count(self) -> int:
        """The number of moves: steps run 0 (the deal) … count."""
        return len(self.steps)

    @property
    def over(self) -> bool:
        return self.result is not None

    def state(self, n: int) -> Any:
        """The position after `n` moves (a copy: changing it changes nothing here)."""
        return self.rules.copy(self._state(n))

    def _state(self, n: int) -> Any:
        """The position after `n` moves, shared with the cache (never changed by callers)."""
        if not 0 <= n <= self.count:
            raise IndexError(f"step {n} is not 0–{self.count}")
        at, cached = self._cache
        if at == n:
            return cached
        rules = self.rules
        if not at <= n <= at + n % CHECKPOINT:  # (nearer its checkpoint than the last step asked)
            at = n - n % CHECKPOINT
            cached = self._checkpoints[at // CHECKPOINT]
        state = rules.copy(cached)
        for step in self.steps[at:n]:
            rules.apply(state, step.action, step.seat)
        self._cache = (n, state)
        return state

    def state_hash(self, n: int) -> str:
        """A digest of the position after `n` moves (two replays agree iff their states do)."""
        text = json.dumps(self.rules.encode_state(self._state(n)), sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def turn_starts(self) -> list[int]:
        return list(self._turn_starts)

    def next_turn(self, n: int) -> int:
        """The step where the next turn (round) begins after step `n`, or the last step."""
        return next((s for s in self._turn_starts if s > n), self.count)

    def previous_turn(self, n: int) -> int:
        """The step where the turn (round) holding step `n` began, or the one before if `n` is
        its first step."""
        return next((s for s in reversed(self._turn_starts) if s < n), 0)

    # -- who may be seen ---------------------------------------------------------------------------
    def seen_as(self) -> list[int | None]:
        """The seats this replay may show (None: the spectator), in the order the seat key goes
        through them: over, every seat; in progress, its one human (and the spectator)."""
        if self.over:
            first = [h for h in self.humans if 0 <= h < len(self.names)]
            return [*first, *[q for q in range(len(self.names)) if q not in first], None]
        if len(self.humans) == 1:
            return [self.humans[0], None]
        return [None]

    def refusal(self, seat: int | None) -> str | None:
        """Why `seat`'s view may not be shown, or None."""
        if seat in self.seen_as():
            return None
        if len(self.humans) > 1:
            return "A hot-seat game in progress replays only as the public view"
        return f"The game isn't over: only {self.seen_name(self.seen_as()[0])} may be seen"

    def seen_name(self, seat: int | None) -> str:
        return "the public view" if seat is None else f"{self.names[seat]}'s view"

    def all_cards_refusal(self) -> str | None:
        """Why "all cards shown" is refused (None: the game is over, it may be)."""
        return None if self.over else NOT_OVER

    # -- what a seat saw ----------------------------------------------------------------------------
    def open_play(self, n: int) -> tuple[int, int] | None:
        """(seat, moves) of a play still waiting for its choices at step `n` that the others
        are not told of yet, as the host finds it (`TableHost._hidden_play`: one begun when its
        player alone was to act); None if none. (Found for every step as the log is replayed.)"""
        return self._open[n]

    def _find_open_play(self, n: int, state: Any) -> tuple[int, int] | None:
        if not self._open_plays:
            return None
        for seat in range(len(self.names)):
            count = self.rules.open_play(state, seat)
            if 0 < count <= n and all(s.seat == seat for s in self.steps[n - count:n]):
                return (seat, count) if self.steps[n - count].to_act == (seat,) else None
        return None

    def settled(self, n: int, seat: int | None) -> int:
        """The step whose position `seat` saw at step `n`: `n`, or for a seat other than an open
        play's, the step before that play began."""
        open_play = self.open_play(n)
        return n if open_play is None or open_play[0] == seat else n - open_play[1]

    def view(self, n: int, seat: int | None) -> Any:
        """The engine's view of `seat` (None: the spectator's) at step `n`, as its port had it.
        ValueError if this replay may not show that seat."""
        reason = self.refusal(seat)
        if reason is not None:
            raise ValueError(reason)
        return self.rules.view(self._state(self.settled(n, seat)), seat)

    def update(self, n: int, seat: int | None, *, told: bool = True) -> SeatUpdate:
        """A seat update for the table screen at step `n`: the view, who was to act, the move's
        events as the seat saw them (`told`), the result once over. No legal moves: a replay is
        read-only."""
        view = self.view(n, seat)
        events = self.told(n, seat) if told else ()
        rules, state = self.rules, self._state(self.settled(n, seat))  # (who is to act: as the seat saw it)
        to_act = tuple(rules.to_act(state))
        result = rules.result(state)
        return SeatUpdate(seat=seat, version=n, view=view, events=events, to_act=to_act,
                          reacting=tuple(s for s in to_act if rules.reaction_default(state, s) is not None),
                          result=result, out=tuple(rules.out_seats(state)),
                          seed=told_seed(self.data.seed, daily=bool(self.data.daily), over=self.over))

    def told(self, n: int, seat: int | None) -> tuple[Event, ...]:
        """The events `seat` was told as step `n` happened: that move's, or with an open play
        made final by it, the whole play's (held until then)."""
        if n == 0:
            return ()
        before = self._kept(n - 1)
        now = self._kept(n)
        return tuple(e for e in self.events_between(before, now, seat))

    def _kept(self, n: int) -> int:
        """How many of the first `n` moves were final at step `n` (told to everyone)."""
        open_play = self.open_play(n)
        return n - open_play[1] if open_play is not None else n

    def events_between(self, start: int, end: int, seat: int | None) -> list[Event]:
        return [shown for step in self.steps[start:end] for e in step.events
                if (shown := e.for_seat(seat)) is not None]

    def history(self, n: int, seat: int | None) -> list[Event]:
        """Every event up to step `n` as `seat` saw it (an open play's not yet)."""
        return self.events_between(0, self._kept(n), seat)

    def log_lines(self, n: int, seat: int | None = None) -> list[str]:
        """The log up to step `n` in words (None: the public log)."""
        return [agree(e.describe(self.names)) for e in self.history(n, seat)]

    # -- all cards shown ----------------------------------------------------------------------------
    def revealed(self, n: int) -> list[str]:
        """Every hidden card at step `n`, in words: each hand (Kill The Kings: the deck, next card
        first). ValueError with the one-line reason before the game is over."""
        if not self.over:
            raise ValueError(NOT_OVER)
        state = self._state(n)
        hands = getattr(state, "hands", None)
        if hands is None:  # Kill The Kings: the deck's order is all that is hidden
            deck = getattr(state, "deck", None) or []
            return ["Deck, next card first: " + (" ".join(_label(c) for c in reversed(deck)) or "empty")]
        lines = [f"{self.names[q]}: " + (", ".join(_label(c) for c in hand) or "no cards")
                 for q, hand in enumerate(hands)]
        for name, pile in PILES.get(self.game, lambda state: [])(state):
            shown = [_label(getattr(c, "card", c)) for c in reversed(pile)][:PILE_SHOWN]
            more = f" … (+{len(pile) - PILE_SHOWN})" if len(pile) > PILE_SHOWN else ""
            lines.append(f"{name}, top first: " + (", ".join(shown) + more if shown else "empty"))
        return lines

    # -- words ---------------------------------------------------------------------------------------
    def describe_step(self, n: int, seat: int | None = None) -> str:
        """Move `n` (1-based) in words, as `seat` (None: anyone) may read it: its public events."""
        if not 1 <= n <= self.count:
            return "The deal" if n == 0 else ""
        step = self.steps[n - 1]
        if self.settled(n, seat) != n:  # (part of a play not final yet: the seat is told it once it is)
            return f"{self.names[step.seat]} moved"
        lines = [agree(e.describe(self.names)) for e in self.events_between(n - 1, n, seat)
                 if e.kind != "turn_started"]
        if lines:
            return "; ".join(lines)
        # (a move that told nothing: a pass, a choice)
        if seat == step.seat or self.over:  # (its own move, or a game over: no secret left to keep)
            view = self.rules.view(self._state(n - 1), step.seat)
            words = self.rules.describe_action(view, step.action, self.names)
            return f"{self.names[step.seat]} chose: {words}"
        return f"{self.names[step.seat]} moved"

    def transcript(self, n: int | None = None) -> str:
        """The game as plain text: its setup, seats, public log (to step `n`) and result."""
        n = self.count if n is None else n
        info = game_info(self.game)
        setup = saves.setup_text(self.rules, self.data.config)
        lines = [f"Cutthroat · {info.name}" + (f" · {setup}" if setup else ""),
                 f"Moves: {self.count}" + (f" (shown to move {n})" if n != self.count else ""), "", "Seats:"]
        for q, seat in enumerate(self.data.seats):
            who = "human" if not seat.is_bot else f"{seat.level} bot"
            lines.append(f"  {q + 1}. {seat.name} ({who})")
        seed = told_seed(self.data.seed, daily=bool(self.data.daily), over=self.over)
        if seed is not None:
            lines.append(f"Seed: {seed}")
        lines += ["", "Log (public):"]
        lines += [f"  {line}" for line in self.log_lines(n, None)]
        lines += ["", "Result: " + (self.result.summary if self.result is not None else "not over yet")]
        return "\n".join(lines) + "\n"


def _label(card: Any) -> str:
    label = getattr(card, "label", None)
    return label if isinstance(label, str) else str(getattr(card, "name", card))


#: What a replay answers a move (a key, a click that would play).
READ_ONLY = "A replay can't be played: ←→ step through it"


class ReplayPort(NothingHeld):
    """A seat's port onto a replay, for the real table screen: it tells the table as it was at
    the replay's current step, as `seat` saw it, and refuses every move. (The table screen listens
    through a lens over ports; this one never changes on its own: the replay screen steps it.)"""

    listening = False

    def __init__(self, replay: Replay, seat: int | None, step: int = 0) -> None:
        self.replay = replay
        self.seat = seat
        self.table = replay.table
        self.step = step

    def listen(self, callback) -> SeatUpdate:
        return self.replay.update(self.step, self.seat, told=False)

    def unlisten(self, callback) -> None:
        pass

    def history(self) -> list[Event]:
        return self.replay.history(self.step, self.seat)

    def submit(self, action, version=None) -> str:
        return READ_ONLY

    def undo(self) -> str:
        return READ_ONLY

    def take_back(self) -> str:
        return READ_ONLY

    def hint(self):
        return None

    def skip_ahead(self) -> None:  # (nothing runs at a replay: nothing to skip)
        pass
