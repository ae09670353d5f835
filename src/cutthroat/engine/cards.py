"""Standard playing cards, interned: there are exactly 52 `Card` objects.

Interning makes copying a column a list copy of references and comparing two cards an identity
check, which keeps bot search fast. Colour is never the only signal: every card has a suit symbol
and a letter code ("QH", "10S").
"""

from __future__ import annotations

from enum import Enum


class Suit(Enum):
    SPADES = ("S", "♠", False)
    HEARTS = ("H", "♥", True)
    DIAMONDS = ("D", "♦", True)
    CLUBS = ("C", "♣", False)

    def __init__(self, letter: str, symbol: str, red: bool) -> None:
        self.letter = letter
        self.symbol = symbol
        self.red = red


RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
_SUIT_BY_LETTER = {s.letter: s for s in Suit}


class Card:
    """One playing card. Ace = 1 (low), Jack 11, Queen 12, King 13."""

    __slots__ = ("rank", "suit", "red", "code", "label", "index")

    rank: int
    suit: Suit
    red: bool
    code: str
    label: str
    index: int

    def __new__(cls, rank: int, suit: Suit) -> "Card":
        try:
            return _CARDS[(rank, suit)]
        except KeyError:
            raise ValueError(f"no such card: rank {rank!r} of {suit!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: Suit, index: int) -> "Card":
        card = object.__new__(cls)
        rl = RANK_LABELS.get(rank, str(rank))
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "red", suit.red)
        object.__setattr__(card, "code", f"{rl}{suit.letter}")
        object.__setattr__(card, "label", f"{rl}{suit.symbol}")
        object.__setattr__(card, "index", index)
        return card

    def __setattr__(self, name, value):  # cards are immutable
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, code: str) -> "Card":
        """'QH', '10S', 'AC' (case-insensitive; '♥' symbols accepted too)."""
        if not isinstance(code, str) or len(code) < 2:
            raise ValueError(f"not a card code: {code!r}")
        text = code.strip().upper()
        rank_part, suit_part = text[:-1], text[-1]
        for s in Suit:
            if suit_part == s.symbol:
                suit_part = s.letter
        suit = _SUIT_BY_LETTER.get(suit_part)
        ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
        rank = ranks.get(rank_part)
        if rank is None and rank_part.isdigit():
            rank = int(rank_part)
        if suit is None or rank is None or not 1 <= rank <= 13:
            raise ValueError(f"not a card code: {code!r}")
        return _CARDS[(rank, suit)]

    @property
    def name(self) -> str:
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} of {self.suit.name.title()}"

    def __reduce__(self):
        return (Card, (self.rank, self.suit))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.label


_CARDS: dict[tuple[int, Suit], Card] = {}
ALL_CARDS: tuple[Card, ...] = tuple(
    _CARDS.setdefault((rank, suit), Card._make(rank, suit, i * 13 + rank - 1))
    for i, suit in enumerate(Suit)
    for rank in range(1, 14)
)


def standard_deck() -> list[Card]:
    """A fresh, ordered 52-card deck (spades, hearts, diamonds, clubs; Ace to King)."""
    return list(ALL_CARDS)
