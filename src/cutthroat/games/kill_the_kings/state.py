"""Kill The Kings state and view, written once (copy and codec come from the field types), and
the placement rule as a precomputed table."""

from __future__ import annotations

from dataclasses import field
from typing import Annotated

from cutthroat.engine.cards import ALL_CARDS, Card
from cutthroat.engine.rng import Rng
from cutthroat.engine.schema import OneOf, Range, Struct, expect, struct
from cutthroat.games.kill_the_kings.cards import (
    CARDS_TO_KILL,
    COLUMNS,
    DECK_CARDS,
    KINGS,
    RESERVE_SPOTS,
    ROUNDS,
    TARGETS,
)

PLAY, ROUND_OVER, GAME_OVER = "play", "round_over", "game_over"
PHASES = OneOf(PLAY, ROUND_OVER, GAME_OVER)
MODES = OneOf(*TARGETS)
END_REASONS = OneOf("", "all_killed", "bust", "stuck", "ended")


@struct
class KtkState(Struct):
    """Everything about one game. `deck[-1]` is the top card. Cards under king i: `columns[i]`."""

    mode: Annotated[str, MODES] = "killer"
    round: Annotated[int, Range(1, ROUNDS)] = 1
    phase: Annotated[str, PHASES] = PLAY
    columns: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(COLUMNS)])
    reserve: list[Card | None] = field(default_factory=lambda: [None] * RESERVE_SPOTS)
    deck: list[Card] = field(default_factory=list)
    drawn: Card | None = None
    round_points: list[Annotated[int, Range(0, 10)]] = field(default_factory=list)  # finished rounds
    end_reason: Annotated[str, END_REASONS] = ""
    rng: Rng = field(default_factory=lambda: Rng(0))

    @property
    def kings_killed(self) -> int:
        return sum(len(c) == CARDS_TO_KILL for c in self.columns)

    @property
    def total(self) -> int:
        return sum(self.round_points)

    def all_cards(self) -> list[Card]:
        """Every card in play (the kings aside): the conservation checks count these."""
        cards = [c for col in self.columns for c in col] + [c for c in self.reserve if c] + self.deck
        return cards + [self.drawn] if self.drawn else cards

    def validate(self) -> None:
        expect(len(self.columns) == COLUMNS and all(len(c) <= CARDS_TO_KILL for c in self.columns),
               "columns must be 4 lists of at most 5 cards")
        expect(len(self.reserve) == RESERVE_SPOTS, "reserve must hold 4 spots")
        everything = self.all_cards()
        expect(len(everything) == len(DECK_CARDS) and set(everything) == set(DECK_CARDS),
               "the cards don't add up to one deck of 48 (kings aside)")

    def __repr__(self) -> str:
        cols = " | ".join(" ".join(c.code for c in col) for col in self.columns)
        return f"KtkState(round {self.round} {self.phase}, cols [{cols}], deck {len(self.deck)})"


@struct(frozen=True)
class KtkView(Struct):
    """What the player sees: everything but the deck's order (its contents are known)."""

    mode: Annotated[str, MODES]
    target: int
    round: Annotated[int, Range(1, ROUNDS)]
    phase: Annotated[str, PHASES]
    kings: tuple[Card, ...]
    columns: tuple[tuple[Card, ...], ...]
    reserve: tuple[Card | None, ...]
    drawn: Card | None
    deck_count: int
    remaining: frozenset[Card]  # the deck's cards, as a set: what may still come, not in which order
    round_points: tuple[int, ...]
    kings_killed: int
    end_reason: Annotated[str, END_REASONS]
    JSON_NAME = "view"

    @property
    def total(self) -> int:
        return sum(self.round_points)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards still in the deck, in a fixed (suit, rank) order."""
        remaining = self.remaining
        return tuple(c for c in DECK_CARDS if c in remaining)


# --- the placement rule, precomputed for the hot path ------------------------------------------
def _fits_above(card: Card, above: Card) -> bool:
    return card.red != above.red and card.rank < above.rank


#: FIT_TABLE[card.index][above.index]: may `card` go under `above`? The extra last entry (index
#: KILLED) stands for a killed column, which takes nothing.
KILLED = len(ALL_CARDS)
FIT_TABLE: tuple[tuple[bool, ...], ...] = tuple(
    tuple(_fits_above(card, above) for above in ALL_CARDS) + (False,) for card in ALL_CARDS)
KING_INDEX = tuple(k.index for k in KINGS)


def fits(card: Card, column: list[Card] | tuple[Card, ...], king: Card) -> bool:
    """May `card` go under this column? Opposite colour and strictly lower than its last card."""
    if len(column) >= CARDS_TO_KILL:
        return False
    return FIT_TABLE[card.index][(column[-1] if column else king).index]


def tails(columns: list[list[Card]]) -> tuple[int, int, int, int]:
    """For each column, the index of the card a new card must go under (KILLED once killed).
    Written out for the four columns: it runs before every move of every search."""
    a, b, c, d = columns
    return ((a[-1].index if len(a) < CARDS_TO_KILL else KILLED) if a else _K0,
            (b[-1].index if len(b) < CARDS_TO_KILL else KILLED) if b else _K1,
            (c[-1].index if len(c) < CARDS_TO_KILL else KILLED) if c else _K2,
            (d[-1].index if len(d) < CARDS_TO_KILL else KILLED) if d else _K3)


_K0, _K1, _K2, _K3 = KING_INDEX
assert COLUMNS == 4, "tails() is written out for four columns"


def bust_cards(view: KtkView) -> int:
    """How many of the cards left in the deck fit under no king (with the reserve full, drawing
    one ends the round)."""
    ends = tails(view.columns)
    return sum(1 for card in view.remaining if not any(FIT_TABLE[card.index][t] for t in ends))
