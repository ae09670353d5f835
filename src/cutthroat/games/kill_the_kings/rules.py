"""Kill The Kings rules: state, legal actions, apply, view, result.

One seat (0). A round: draw a card, place it under a king (opposite colour, strictly lower) or in
an empty reserve spot; between draws, reserve cards may be played under kings. Five cards under a
king kill it. Bust, stuck, or four kills end the round; three rounds make a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from cutthroat.engine.cards import ALL_CARDS, Card
from cutthroat.engine.protocol import Action, Event, IllegalAction, Result, Rules, Variant
from cutthroat.engine.rng import Rng
from cutthroat.games.kill_the_kings.cards import (
    CARDS_TO_KILL,
    COLUMNS,
    DECK_CARDS,
    KINGS,
    RESERVE_SPOTS,
    ROUNDS,
    SPOT_NAMES,
    TARGETS,
    round_points,
)

PLAY, ROUND_OVER, GAME_OVER = "play", "round_over", "game_over"


# --- actions ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Draw(Action):
    kind = "draw"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the drawn card under the king of `column` (0–3)."""

    column: int
    kind = "place"


@dataclass(frozen=True, slots=True)
class Reserve(Action):
    """Put the drawn card into the empty reserve `spot` (0–3)."""

    spot: int
    kind = "reserve"


@dataclass(frozen=True, slots=True)
class PlayReserve(Action):
    """Move the card in reserve `spot` under the king of `column` (only with no drawn card waiting)."""

    spot: int
    column: int
    kind = "play_reserve"


@dataclass(frozen=True, slots=True)
class EndRound(Action):
    """With the deck empty, stop here rather than play a reserve card (spec: stuck)."""

    kind = "end_round"


@dataclass(frozen=True, slots=True)
class NextRound(Action):
    kind = "next_round"


DRAW = Draw()
END_ROUND = EndRound()
NEXT_ROUND = NextRound()
PLACE = tuple(Place(c) for c in range(COLUMNS))
RESERVE = tuple(Reserve(s) for s in range(RESERVE_SPOTS))
_COLUMN_RANGE = range(COLUMNS)
_SPOT_RANGE = range(RESERVE_SPOTS)
PLAY_RESERVE = tuple(tuple(PlayReserve(s, c) for c in range(COLUMNS)) for s in range(RESERVE_SPOTS))


# --- events -------------------------------------------------------------------------------
def _col(c: int) -> str:
    return f"column {c + 1} ({KINGS[c].label})"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    kind = "round_started"

    def describe(self, names=()) -> str:
        return f"Round {self.round} begins"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    card: Card
    deck_left: int
    kind = "card_drawn"

    def describe(self, names=()) -> str:
        return f"Drew {self.card.label}"


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    card: Card
    column: int
    from_spot: int  # -1: the drawn card
    kind = "card_placed"

    def describe(self, names=()) -> str:
        src = "" if self.from_spot < 0 else f" from reserve {SPOT_NAMES[self.from_spot]}"
        return f"{self.card.label}{src} → {self.column + 1}"


@dataclass(frozen=True, slots=True)
class CardReserved(Event):
    card: Card
    spot: int
    kind = "card_reserved"

    def describe(self, names=()) -> str:
        return f"{self.card.label} → reserve {SPOT_NAMES[self.spot]}"


@dataclass(frozen=True, slots=True)
class KingKilled(Event):
    king: Card
    column: int
    points: int
    kind = "king_killed"

    def describe(self, names=()) -> str:
        return f"{self.king.label} killed! +{self.points}"


@dataclass(frozen=True, slots=True)
class Busted(Event):
    card: Card
    kind = "busted"

    def describe(self, names=()) -> str:
        return f"Bust: {self.card.label} fits nowhere and the reserve is full"


@dataclass(frozen=True, slots=True)
class Stuck(Event):
    chosen: bool
    kind = "stuck"

    def describe(self, names=()) -> str:
        return "Round ended by choice" if self.chosen else "Stuck: deck empty, no reserve card fits"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    round: int
    kings: int
    points: int
    total: int
    reason: str  # "all_killed" | "bust" | "stuck" | "ended"
    kind = "round_ended"

    def describe(self, names=()) -> str:
        return f"Round {self.round} over: {self.kings} king{'s' * (self.kings != 1)}, +{self.points} (total {self.total})"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    total: int
    mode: str
    target: int
    won: bool
    kind = "game_ended"

    def describe(self, names=()) -> str:
        verdict = "You win" if self.won else "You lose"
        return f"Game over: {self.total} points — {verdict} ({self.mode.title()} needs {self.target})"


# --- state --------------------------------------------------------------------------------
class KtkState:
    """Everything about one game. `deck[-1]` is the top card. Cards under king i: `columns[i]`."""

    __slots__ = ("mode", "round", "phase", "columns", "reserve", "deck", "drawn",
                 "round_points", "end_reason", "rng")

    def __init__(self) -> None:
        self.mode = "killer"
        self.round = 1
        self.phase = PLAY
        self.columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        self.reserve: list[Card | None] = [None] * RESERVE_SPOTS
        self.deck: list[Card] = []
        self.drawn: Card | None = None
        self.round_points: list[int] = []  # points of each finished round
        self.end_reason = ""
        self.rng = Rng(0)

    def copy(self) -> "KtkState":
        s = KtkState.__new__(KtkState)
        s.mode = self.mode
        s.round = self.round
        s.phase = self.phase
        s.columns = [c[:] for c in self.columns]
        s.reserve = self.reserve[:]
        s.deck = self.deck[:]
        s.drawn = self.drawn
        s.round_points = self.round_points[:]
        s.end_reason = self.end_reason
        s.rng = Rng(state=self.rng.state)
        return s

    @property
    def kings_killed(self) -> int:
        return sum(len(c) == CARDS_TO_KILL for c in self.columns)

    @property
    def total(self) -> int:
        return sum(self.round_points)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KtkState) and all(
            getattr(self, k) == getattr(other, k) for k in KtkState.__slots__)

    def __repr__(self) -> str:
        cols = " | ".join(" ".join(c.code for c in col) for col in self.columns)
        return f"KtkState(round {self.round} {self.phase}, cols [{cols}], deck {len(self.deck)})"


@dataclass(frozen=True, slots=True)
class KtkView:
    """What the player sees: everything but the deck's order (its contents are known)."""

    mode: str
    target: int
    round: int
    phase: str
    kings: tuple[Card, ...]
    columns: tuple[tuple[Card, ...], ...]
    reserve: tuple[Card | None, ...]
    drawn: Card | None
    deck_count: int
    remaining: frozenset[Card]  # the deck's cards, as a set: what may still come, not in which order
    round_points: tuple[int, ...]
    kings_killed: int
    end_reason: str

    @property
    def total(self) -> int:
        return sum(self.round_points)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards still in the deck, in a fixed (suit, rank) order."""
        remaining = self.remaining
        return tuple(c for c in DECK_CARDS if c in remaining)


def _fits_above(card: Card, above: Card) -> bool:
    return card.red != above.red and card.rank < above.rank


#: FIT_TABLE[card.index][above.index]: the placement rule, precomputed for the hot path. The extra
#: last entry (index KILLED) stands for a killed column, which takes nothing.
KILLED = len(ALL_CARDS)
FIT_TABLE: tuple[tuple[bool, ...], ...] = tuple(
    tuple(_fits_above(card, above) for above in ALL_CARDS) + (False,) for card in ALL_CARDS)
_KING_INDEX = tuple(k.index for k in KINGS)


def fits(card: Card, column: list[Card] | tuple[Card, ...], king: Card) -> bool:
    """May `card` go under this column? Opposite colour and strictly lower than its last card."""
    if len(column) >= CARDS_TO_KILL:
        return False
    return FIT_TABLE[card.index][(column[-1] if column else king).index]


def _tails(columns: list[list[Card]]) -> list[int]:
    """For each column, the index of the card a new card must go under (KILLED once killed)."""
    return [KILLED if len(col) >= CARDS_TO_KILL else col[-1].index if col else _KING_INDEX[c]
            for c, col in enumerate(columns)]


def why_not_fits(card: Card, column: list[Card], c: int) -> str | None:
    if len(column) >= CARDS_TO_KILL:
        return f"{KINGS[c].label} is already killed: its column takes no more cards"
    above = column[-1] if column else KINGS[c]
    if card.red == above.red:
        colour = "black" if card.red else "red"
        return f"{card.label} can't go under {above.label}: it needs a {colour} card"
    if card.rank >= above.rank:
        return f"{card.label} can't go under {above.label}: it must be lower"
    return None


class KillTheKingsRules(Rules):
    game_id = "kill-the-kings"
    name = "Kill The Kings"
    min_players = 1
    max_players = 1
    variants = (
        Variant("mode", ("killer", "psycho"), "killer",
                "Killer: win with 7+ points in 3 rounds. Psycho: win with 11+."),
    )
    action_types = (Draw, Place, Reserve, PlayReserve, EndRound, NextRound)
    event_types = (RoundStarted, CardDrawn, CardPlaced, CardReserved, KingKilled, Busted, Stuck,
                   RoundEnded, GameEnded)

    # -- setup -----------------------------------------------------------------------------
    def new_game(self, config: dict[str, Any] | None = None, seed: int = 0,
                 players: int | None = None) -> KtkState:
        if players not in (None, 1):
            raise ValueError("Kill The Kings is a solitaire: exactly 1 player")
        config = {**self.default_config(), **(config or {})}
        if config["mode"] not in TARGETS:
            raise ValueError(f"unknown mode {config['mode']!r} (killer or psycho)")
        state = KtkState()
        state.mode = config["mode"]
        state.rng = Rng(seed)
        self._deal(state)
        return state

    @staticmethod
    def _deal(state: KtkState) -> None:
        """Fresh setup (spec Decision): kings out, the other 48 reshuffled, reserve emptied."""
        state.columns = [[] for _ in range(COLUMNS)]
        state.reserve = [None] * RESERVE_SPOTS
        state.drawn = None
        state.deck = list(DECK_CARDS)
        state.rng.shuffle(state.deck)
        state.phase = PLAY
        state.end_reason = ""

    # -- turn structure --------------------------------------------------------------------
    def to_act(self, state: KtkState) -> list[int]:
        return [] if state.phase == GAME_OVER else [0]

    def legal_actions(self, state: KtkState, player: int = 0) -> list[Action]:
        phase = state.phase
        if phase != PLAY or player != 0:
            return [NEXT_ROUND] if phase == ROUND_OVER and player == 0 else []
        tails = _tails(state.columns)
        drawn = state.drawn
        reserve = state.reserve
        if drawn is not None:
            fit = FIT_TABLE[drawn.index]
            out: list[Action] = [PLACE[c] for c in _COLUMN_RANGE if fit[tails[c]]]
            out += [RESERVE[s] for s in _SPOT_RANGE if reserve[s] is None]
            return out
        out = []
        for s in _SPOT_RANGE:
            card = reserve[s]
            if card is not None:
                fit = FIT_TABLE[card.index]
                row = PLAY_RESERVE[s]
                out += [row[c] for c in _COLUMN_RANGE if fit[tails[c]]]
        out.append(DRAW if state.deck else END_ROUND)
        return out

    def check(self, state: KtkState, action: Action, player: int | None = 0) -> None:
        """Raise IllegalAction with the reason if `action` may not be applied now."""
        if player not in (None, 0):
            raise IllegalAction("Kill The Kings has a single seat")
        checker = _CHECKS.get(type(action))
        if checker is None:
            raise IllegalAction(f"Not a Kill The Kings action: {action!r}")
        if state.phase != PLAY and type(action) is not NextRound:
            raise IllegalAction("The game is over" if state.phase == GAME_OVER
                                else "The round is over: start the next round")
        checker(state, action)

    def apply(self, state: KtkState, action: Action, player: int | None = 0) -> list[Event]:
        self.check(state, action, player)
        events: list[Event] = []
        kind = action.kind
        if kind == "place":
            card = state.drawn
            state.drawn = None
            self._put(state, card, action.column, -1, events)
        elif kind == "draw":
            card = state.deck.pop()
            state.drawn = card
            events.append(CardDrawn(card, len(state.deck)))
            fit = FIT_TABLE[card.index]
            if None not in state.reserve and not any(fit[t] for t in _tails(state.columns)):
                events.append(Busted(card))
                self._end_round(state, "bust", events)
        elif kind == "reserve":
            card = state.drawn
            state.drawn = None
            state.reserve[action.spot] = card
            events.append(CardReserved(card, action.spot))
            self._after_move(state, events)
        elif kind == "play_reserve":
            card = state.reserve[action.spot]
            state.reserve[action.spot] = None
            self._put(state, card, action.column, action.spot, events)
        elif kind == "end_round":
            events.append(Stuck(chosen=True))
            self._end_round(state, "ended", events)
        else:  # next_round
            state.round += 1
            self._deal(state)
            events.append(RoundStarted(state.round))
        return events

    def _put(self, state: KtkState, card: Card, c: int, from_spot: int, events: list[Event]) -> None:
        column = state.columns[c]
        column.append(card)
        events.append(CardPlaced(card, c, from_spot))
        if len(column) == CARDS_TO_KILL:
            killed = state.kings_killed
            events.append(KingKilled(KINGS[c], c, killed))
            if killed == COLUMNS:
                self._end_round(state, "all_killed", events)
                return
        self._after_move(state, events)

    def _after_move(self, state: KtkState, events: list[Event]) -> None:
        """With the deck empty and no reserve card able to move, the round is stuck."""
        if state.deck or state.drawn is not None:
            return
        tails = _tails(state.columns)
        for card in state.reserve:
            if card is not None:
                fit = FIT_TABLE[card.index]
                if any(fit[t] for t in tails):
                    return
        events.append(Stuck(chosen=False))
        self._end_round(state, "stuck", events)

    def _end_round(self, state: KtkState, reason: str, events: list[Event]) -> None:
        kings = state.kings_killed
        points = round_points(kings)
        state.round_points.append(points)
        state.end_reason = reason
        events.append(RoundEnded(state.round, kings, points, state.total, reason))
        if state.round >= ROUNDS:
            state.phase = GAME_OVER
            target = TARGETS[state.mode]
            events.append(GameEnded(state.total, state.mode, target, state.total >= target))
        else:
            state.phase = ROUND_OVER

    # -- what players see ------------------------------------------------------------------
    def view(self, state: KtkState, player: int | None = 0) -> KtkView:
        return KtkView(
            mode=state.mode,
            target=TARGETS[state.mode],
            round=state.round,
            phase=state.phase,
            kings=KINGS,
            columns=tuple(tuple(c) for c in state.columns),
            reserve=tuple(state.reserve),
            drawn=state.drawn,
            deck_count=len(state.deck),
            remaining=frozenset(state.deck),
            round_points=tuple(state.round_points),
            kings_killed=state.kings_killed,
            end_reason=state.end_reason,
        )

    def result(self, state: KtkState) -> Result | None:
        if state.phase != GAME_OVER:
            return None
        total = state.total
        target = TARGETS[state.mode]
        won = total >= target
        return Result(
            winners=[0] if won else [],
            scores=[total],
            summary=f"{total} points: {'win' if won else 'loss'} in {state.mode.title()} mode (target {target})",
            details={"mode": state.mode, "target": target, "round_points": list(state.round_points),
                     "killer_win": total >= TARGETS["killer"], "psycho_win": total >= TARGETS["psycho"]},
        )

    # -- sessions, saves -------------------------------------------------------------------
    def undoable(self, state: KtkState, action: Action) -> bool:
        """Placements and reserve plays can be taken back; a draw (it shows the deck) cannot."""
        return action.kind in ("place", "reserve", "play_reserve") and state.phase == PLAY

    def describe_action(self, state: KtkState, action: Action) -> str:
        kind = action.kind
        if kind == "draw":
            return "draw a card"
        if kind == "place":
            card = state.drawn.label if state.drawn else "the drawn card"
            return f"put {card} under {_col(action.column)}"
        if kind == "reserve":
            card = state.drawn.label if state.drawn else "the drawn card"
            return f"put {card} in reserve {SPOT_NAMES[action.spot]}"
        if kind == "play_reserve":
            card = state.reserve[action.spot]
            label = card.label if card else "?"
            return f"play {label} from reserve {SPOT_NAMES[action.spot]} under {_col(action.column)}"
        if kind == "end_round":
            return "end the round"
        return "start the next round"

    def encode_state(self, state: KtkState) -> dict[str, Any]:
        return {
            "mode": state.mode,
            "round": state.round,
            "phase": state.phase,
            "columns": [[c.code for c in col] for col in state.columns],
            "reserve": [c.code if c else None for c in state.reserve],
            "deck": [c.code for c in state.deck],
            "drawn": state.drawn.code if state.drawn else None,
            "round_points": list(state.round_points),
            "end_reason": state.end_reason,
            "rng": state.rng.state,
        }

    def decode_state(self, data: Any) -> KtkState:
        """Rebuild a state, checking structure and that all 48 cards are there exactly once."""
        if not isinstance(data, dict):
            raise ValueError("state must be an object")
        expected = {"mode", "round", "phase", "columns", "reserve", "deck", "drawn",
                    "round_points", "end_reason", "rng"}
        if set(data) != expected:
            missing = expected - set(data)
            raise ValueError(f"state field {sorted(missing or set(data) - expected)[0]!r} "
                             f"{'missing' if missing else 'unexpected'}")
        s = KtkState()
        if data["mode"] not in TARGETS:
            raise ValueError(f"unknown mode {data['mode']!r}")
        s.mode = data["mode"]
        if not _is_int(data["round"]) or not 1 <= data["round"] <= ROUNDS:
            raise ValueError("round must be 1–3")
        s.round = data["round"]
        if data["phase"] not in (PLAY, ROUND_OVER, GAME_OVER):
            raise ValueError(f"unknown phase {data['phase']!r}")
        s.phase = data["phase"]
        cols = data["columns"]
        if not isinstance(cols, list) or len(cols) != COLUMNS or not all(
                isinstance(c, list) and len(c) <= CARDS_TO_KILL for c in cols):
            raise ValueError("columns must be 4 lists of at most 5 cards")
        s.columns = [[Card.parse(x) for x in col] for col in cols]
        res = data["reserve"]
        if not isinstance(res, list) or len(res) != RESERVE_SPOTS:
            raise ValueError("reserve must hold 4 spots")
        s.reserve = [None if x is None else Card.parse(x) for x in res]
        if not isinstance(data["deck"], list):
            raise ValueError("deck must be a list")
        s.deck = [Card.parse(x) for x in data["deck"]]
        s.drawn = None if data["drawn"] is None else Card.parse(data["drawn"])
        rp = data["round_points"]
        if not isinstance(rp, list) or not all(_is_int(p) and 0 <= p <= 10 for p in rp):
            raise ValueError("round_points must be a list of 0–10")
        s.round_points = list(rp)
        if not isinstance(data["end_reason"], str):
            raise ValueError("end_reason must be text")
        s.end_reason = data["end_reason"]
        if not _is_int(data["rng"]) or not 0 <= data["rng"] < 2 ** 64:
            raise ValueError("rng must be a 64-bit integer")
        s.rng = Rng(state=data["rng"])
        everything = [c for col in s.columns for c in col] + [c for c in s.reserve if c] + s.deck
        if s.drawn:
            everything.append(s.drawn)
        if len(everything) != len(DECK_CARDS) or set(everything) != set(DECK_CARDS):
            raise ValueError("the cards don't add up to one deck of 48 (kings aside)")
        return s

    def summary_figures(self, results: list[Result]) -> dict[str, Any]:
        n = len(results) or 1
        return {
            "mean_score": round(sum(r.scores[0] for r in results) / n, 3),
            "killer_win_rate": round(sum(r.details["killer_win"] for r in results) / n, 4),
            "psycho_win_rate": round(sum(r.details["psycho_win"] for r in results) / n, 4),
        }

    def rules_text(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


def _valid_index(value: Any, n: int) -> bool:
    return _is_int(value) and 0 <= value < n


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- why an action is refused: one check per action type (the state is in the play phase) ---
def _check_draw(state: KtkState, action: Draw) -> None:
    if state.drawn is not None:
        raise IllegalAction(f"Place the drawn {state.drawn.label} first")
    if not state.deck:
        raise IllegalAction("The deck is empty")


def _check_place(state: KtkState, action: Place) -> None:
    if not _valid_index(action.column, COLUMNS):
        raise IllegalAction(f"No column {action.column!r}: columns are 1–4")
    if state.drawn is None:
        raise IllegalAction("Draw a card first: only a drawn card can be placed")
    if fits(state.drawn, state.columns[action.column], KINGS[action.column]):
        return
    reason = why_not_fits(state.drawn, state.columns[action.column], action.column)
    if reason:
        raise IllegalAction(reason)


def _check_reserve(state: KtkState, action: Reserve) -> None:
    if not _valid_index(action.spot, RESERVE_SPOTS):
        raise IllegalAction(f"No reserve spot {action.spot!r}: spots are A–D")
    if state.drawn is None:
        raise IllegalAction("Draw a card first: only a drawn card goes into reserve")
    held = state.reserve[action.spot]
    if held is not None:
        raise IllegalAction(f"Reserve {SPOT_NAMES[action.spot]} already holds {held.label}")


def _check_play_reserve(state: KtkState, action: PlayReserve) -> None:
    if not _valid_index(action.spot, RESERVE_SPOTS) or not _valid_index(action.column, COLUMNS):
        raise IllegalAction("Reserve spots are A–D and columns 1–4")
    if state.drawn is not None:
        raise IllegalAction(f"Place the drawn {state.drawn.label} first: reserve cards wait until then")
    card = state.reserve[action.spot]
    if card is None:
        raise IllegalAction(f"Reserve {SPOT_NAMES[action.spot]} is empty")
    if fits(card, state.columns[action.column], KINGS[action.column]):
        return
    reason = why_not_fits(card, state.columns[action.column], action.column)
    if reason:
        raise IllegalAction(reason)


def _check_end_round(state: KtkState, action: EndRound) -> None:
    if state.drawn is not None:
        raise IllegalAction(f"Place the drawn {state.drawn.label} first")
    if state.deck:
        raise IllegalAction("The round can only be ended once the deck is empty")


def _check_next_round(state: KtkState, action: NextRound) -> None:
    if state.phase != ROUND_OVER:
        raise IllegalAction("The game is over" if state.phase == GAME_OVER else "The round is still being played")


_CHECKS = {
    Draw: _check_draw,
    Place: _check_place,
    Reserve: _check_reserve,
    PlayReserve: _check_play_reserve,
    EndRound: _check_end_round,
    NextRound: _check_next_round,
}

RULES = KillTheKingsRules()
