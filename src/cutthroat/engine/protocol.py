"""The rules protocol every game implements, and the base types it speaks in.

Shape (after OpenSpiel's game/state split): a stateless `Rules` object per game, and a mutable
state object per table. Every decision is an explicit `Action`; `apply` mutates the state and
returns `Event`s, or raises `IllegalAction` and leaves the state exactly as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence

PlayerId = int


class IllegalAction(Exception):
    """An action the rules refuse. `reason` is a sentence fit to show a player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions. Subclasses set `kind`, the name used in saves."""

    kind: ClassVar[str] = "action"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for logs, narration and animation.

    `visible_to` is None for a public event, or the seats that may see it; `public()` gives the
    redacted twin everyone else sees ("Ana drew a card" for "You drew Defuse"), or None.
    """

    kind: ClassVar[str] = "event"

    def visible_to(self) -> tuple[PlayerId, ...] | None:
        return None

    def public(self) -> "Event | None":
        return self

    @property
    def private(self) -> bool:
        """Was this told only to some seats? (A redacted public twin is not private: it is what
        everyone else was told.)"""
        return self.visible_to() is not None and self.public() != self

    def for_seat(self, seat: PlayerId | None) -> "Event | None":
        seats = self.visible_to()
        if seats is None or (seat is not None and seat in seats):
            return self
        return self.public()

    def describe(self, names: Sequence[str] = ()) -> str:
        return self.kind.replace("_", " ")


@dataclass(frozen=True, slots=True)
class Undone(Event):
    """A move taken back (the table's, not a game's: every game's log can tell it)."""

    seat: PlayerId
    move: str  # the move in words, as `describe_action` says it ("put 7♦ under column 3")
    kind: ClassVar[str] = "undone"

    def describe(self, names: Sequence[str] = ()) -> str:
        return f"Taken back: {self.move}"


@dataclass(frozen=True, slots=True)
class StandIn(Event):
    """A human seat's player is away (a dropped connection): a bot plays it until they are back
    (the table's, not a game's)."""

    seat: PlayerId
    level: str  # the stand-in bot's level; "" when the player is back
    kind: ClassVar[str] = "stand_in"

    def describe(self, names: Sequence[str] = ()) -> str:
        name = names[self.seat] if 0 <= self.seat < len(names) else f"Seat {self.seat + 1}"
        if self.level:
            return f"{name} is away: a {self.level} bot plays for them until they are back"
        return f"{name} is back"


@dataclass(frozen=True, slots=True)
class TimeUp(Event):
    """A human's turn timer ran out: a bot made that one move for them (the table's event)."""

    seat: PlayerId
    move: str  # the move in words, as its seat sees it ("" in the public twin: it may be a secret)
    kind: ClassVar[str] = "time_up"

    def visible_to(self) -> tuple[PlayerId, ...] | None:
        return (self.seat,) if self.move else None

    def public(self) -> "Event | None":
        return TimeUp(self.seat, "")

    def describe(self, names: Sequence[str] = ()) -> str:
        name = names[self.seat] if 0 <= self.seat < len(names) else f"Seat {self.seat + 1}"
        return f"Time's up for {name}: a bot " + (f"played {self.move}" if self.move else "moved for them")


#: Events any table may tell, whatever the game (decoders take these with the game's own).
TABLE_EVENT_TYPES: tuple[type[Event], ...] = (Undone, StandIn, TimeUp)


@dataclass(slots=True)
class Result:
    """How a finished game came out. `scores` per seat; `winners` may be empty (solitaire loss)."""

    winners: list[PlayerId]
    scores: list[int]
    summary: str
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Variant:
    """One setup option, as `--variant name=value` on the command line and a row of the setup
    screen. Empty `choices` means free text that the game's `setup_problem` checks (`help` then
    starts with its shape, e.g. "LETTERS: …"). `title` and `labels` (one per choice) are what
    the setup screen shows; `shown_when` hides the row unless another variant has that value; a
    `per_seat` variant is a column of the seats' rows (its `choices` are each seat's options)."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str
    bare: str | None = None  # the value `--variant NAME` alone means, for non-flags (head-hunter → 5)
    title: str = ""
    labels: tuple[str, ...] = ()
    shown_when: tuple[str, str] | None = None
    per_seat: bool = False  # one choice per seat, its value the choices joined ("RBGY")
    example: str = ""  # what a free-text row starts with on the setup screen
    listed: bool = False  # named in the Continue and Load lists even at its default (a mode, a recipe)
    setup_help: str = ""  # the setup screen's line for the row, when `help` (the command line's) won't do

    @property
    def is_flag(self) -> bool:
        return self.choices == ("off", "on")

    @property
    def heading(self) -> str:
        return self.title or self.name.replace("-", " ").capitalize()

    def label(self, choice: str) -> str:
        if self.labels and choice in self.choices:
            return self.labels[self.choices.index(choice)]
        return choice


class Rules:
    """Base class for a game's rules. Methods take the state explicitly; the object is stateless.

    Besides the protocol proper (`new_game`, `to_act`, `legal_actions`, `apply`, `view`,
    `result`), a game gives the host its reaction windows (`reaction_default`, `auto_action`),
    its players' words (`describe_action`, and `IllegalAction` reasons from its `text` module),
    and its game-over figures (`stat_columns` counted by `tally` from public events).
    """

    game_id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    #: The kinds of move a stand-in makes for a human whose time ran out, first one legal wins
    #: (the smallest move that keeps the game going: a draw, not a five-card combo). None legal:
    #: the heuristic bot's move.
    quiet_kinds: ClassVar[tuple[str, ...]] = ("draw",)
    variants: ClassVar[tuple[Variant, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    event_types: ClassVar[tuple[type[Event], ...]] = ()
    state_type: ClassVar[type] = object
    view_type: ClassVar[type] = object
    #: Kinds of action a seat may take out of turn (`anytime_actions`); `apply` gives the reason
    #: when one is refused.
    anytime_kinds: ClassVar[frozenset[str]] = frozenset()
    #: Per-seat figures the game-over screen shows: (key, heading), counted by `tally`.
    stat_columns: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: Bumped when a rules fix changes how a logged game replays, so saves made before it go on
    #: from their snapshot instead of being refused (see `cutthroat.saves`).
    revision: ClassVar[int] = 1

    # -- setup -----------------------------------------------------------------------------
    def new_game(self, config: dict[str, Any], seed: int, players: int | None = None) -> Any:
        raise NotImplementedError

    def default_config(self) -> dict[str, str]:
        """Every variant at its default (free text left blank is simply not given)."""
        return {v.name: v.default for v in self.variants if v.default or (v.choices and not v.per_seat)}

    def setup_problem(self, config: dict[str, Any], players: int) -> str | None:
        """Why this combination of options and player count can't be played, or None."""
        if not self.min_players <= players <= self.max_players:
            span = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}–{self.max_players}")
            return f"{self.name} takes {span} player{'s' * (span != '1')}, not {players}"
        return None

    def setup_note(self, config: dict[str, Any], players: int) -> str:
        """A line or two about the chosen setup for the setup screen (e.g. a recipe's cards)."""
        return ""

    def seat_links(self, config: dict[str, Any], players: int) -> dict[int, int]:
        """Seats whose per-seat setup choices are another seat's (seat → the seat it copies)."""
        return {}

    def seat_bots(self, state: Any, bots: frozenset[PlayerId]) -> bool:
        """Tell a game just made which seats bots play, where its rules care (Stab Your Friends:
        bots never forget "royal highness", so nobody calls them out). True if the state changed:
        the session then keeps that position as where its log starts, so every replay knows it."""
        return False

    def determinize(self, view: Any, rng: Any) -> Any:
        """A full state consistent with everything `view`'s seat knows, hidden cards dealt at
        random from `rng` (the search bot plays on these). Games with hidden information override."""
        raise NotImplementedError

    def scramble(self, state: Any, seat: PlayerId | None, rng: Any) -> Any:
        """A copy of `state` that `seat` (None: a spectator) can't tell from it: every card the seat
        can't see dealt again at random. Written from the state's own structure, not from `view`,
        so the contract tests can check that a view shows nothing hidden: the seat's view of the
        scrambled state must be the same."""
        raise NotImplementedError

    def is_legal(self, state: Any, action: Action, player: PlayerId) -> bool:
        """Would `apply` accept `action` from `player` now? (The listed legal actions, unless a
        game accepts more than it lists.)"""
        return action in self.legal_actions(state, player)

    def apply_unchecked(self, state: Any, action: Any) -> list[Event]:
        """Apply an action known to be legal (search playouts); by default the checked `apply`."""
        return self.apply(state, action)

    # -- turn structure --------------------------------------------------------------------
    def to_act(self, state: Any) -> list[PlayerId]:
        raise NotImplementedError

    def legal_actions(self, state: Any, player: PlayerId) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: Any, action: Action, player: PlayerId | None = None) -> list[Event]:
        raise NotImplementedError

    def view(self, state: Any, player: PlayerId | None) -> Any:
        raise NotImplementedError

    def result(self, state: Any) -> Result | None:
        raise NotImplementedError

    # -- what the host asks ----------------------------------------------------------------
    def reaction_default(self, state: Any, seat: PlayerId) -> Action | None:
        """In a reaction window (several seats may answer, e.g. Exploding Kittens' Nope), what
        `seat` does when its time runs out; None when `seat` isn't reacting but deciding. The host
        owns the deadline, and bots answer reactions without a pause."""
        return None

    def auto_action(self, state: Any, seat: PlayerId) -> Action | None:
        """An answer the host gives for `seat` without asking, because asking would be pointless
        (Exploding Kittens: the player of a fresh card never Nopes it)."""
        return None

    def answered_at_once(self, state: Any, seat: PlayerId) -> bool:
        """Does a bot answer this decision without the bot pause? (Psycho Killer: the card just
        drawn, so a bot that could answer it with a Rewind card takes no longer than one that
        couldn't, whose card the host takes at once with `auto_action`.)"""
        return False

    def paced_action(self, state: Any, seat: PlayerId) -> Action | None:
        """The table's own next step, taken for `seat` without asking, after the bot pause and
        skippable (Stab Your Friends: a card activating with no choice to make). Nobody decides
        it, so a shared screen shows it to everyone."""
        return None

    def anytime_actions(self, state: Any, seat: PlayerId) -> list[Action]:
        """Moves `seat` may make out of turn, whoever is to act (a house rule's call-out; their
        kinds are `anytime_kinds`); they are never among `legal_actions`, so bots don't take them."""
        return []

    # -- helpers sessions, bots and saves need ---------------------------------------------
    def copy(self, state: Any) -> Any:
        return state.copy()

    def open_play(self, position: Any, seat: PlayerId) -> int:
        """How many of `seat`'s last moves make a play still waiting for its choices (a target,
        a card to name), on a state or a view: 0 if none. Such a play may be taken back whole
        (the table's take-back, whatever the undo setting): nothing of it has happened yet."""
        return 0

    #: Some moves can be taken back (`undoable`); the Settings screen names these games.
    has_undo: ClassVar[bool] = False

    def undoable(self, state: Any, action: Action) -> bool:
        """May the player take this action back afterwards? (Not if it revealed anything.)"""
        return False

    def describe_action(self, view: Any, action: Action, names: Sequence[str] = ()) -> str:
        """The action in words for a hint or a menu, as the seat that takes it sees it."""
        return action.kind

    def encode_state(self, state: Any) -> dict[str, Any]:
        return state.to_json()

    def decode_state(self, data: Any) -> Any:
        return self.state_type.from_json(data)

    def rules_text(self) -> str:
        return ""

    #: The heading (after "## ") of `rules_text`'s section on what a turn is: the rules screen
    #: shows it first, after the keys.
    turn_heading: ClassVar[str] = ""

    def out_seats(self, state: Any) -> tuple[PlayerId, ...]:
        """The seats out of the game (exploded, knocked out): public. A hot-seat screen left with
        one human in the game stops hiding that human's hand from nobody."""
        return ()

    def progress(self, state: Any) -> str:
        """How far a game has gone, in a few public words ("round 2 of 3 · 5 points"), for the
        Continue and Load lists."""
        return ""

    def tally(self, stats: list[dict[str, Any]], event: Event) -> None:
        """Count one public event into the per-seat game-over figures (`stat_columns`)."""

    def summary_figures(self, results: list[Result]) -> dict[str, Any]:
        """This game's own figures for `cutthroat simulate --json` (e.g. mean score)."""
        return {}


class KnowledgeRules(Rules):
    """Rules of a game with hidden information whose seats' views, determinizations and scrambles
    are written in one module of its own (`knowledge`: `view(state, player)`,
    `determinize(view, rng)`, `scramble(state, seat, rng)`): the one place the three are wired."""

    #: the game's knowledge module (set by the game's rules class)
    knowledge: Any

    def view(self, state: Any, player: PlayerId | None = None) -> Any:
        return self.knowledge.view(state, player)

    def determinize(self, view: Any, rng: Any) -> Any:
        """A full state consistent with everything `view`'s seat knows (the game's
        `knowledge.determinize`)."""
        return self.knowledge.determinize(view, rng)

    def scramble(self, state: Any, seat: PlayerId | None, rng: Any) -> Any:
        return self.knowledge.scramble(state, seat, rng)
