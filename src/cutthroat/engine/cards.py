"""Interned cards: one immutable object per kind of card, for every game.

`InternedCard` is the base every game's cards share (standard playing cards here, Kill Your
Friends' Kill cards, Exploding Kittens' titles …). A deck holds several references to the same
object, so copying a hand is a list copy, comparing two cards is an identity check (bot search
stays fast), and a card's `code` ("QH", "R2", "NOPE") is what saves and ports carry. Each
subclass gets its own `code → card` table; `parse` reads a code back, and the JSON codec finds
every card class by name (`CARD_TYPES`).

Colour is never the only signal: every playing card has a suit symbol and a letter code.
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar, TypeVar

C = TypeVar("C", bound="InternedCard")

#: Every card class by name, for the codecs (filled in by `InternedCard.__init_subclass__`).
CARD_TYPES: dict[str, type["InternedCard"]] = {}


class InternedCard:
    """Base of every game's cards. Subclasses list their own `__slots__` and build their cards
    with `_make` (which registers each under its code); nothing else ever constructs one."""

    __slots__ = ("code", "index")

    code: str
    index: int
    #: What `parse` says of a code this game doesn't know ("not a Kill Your Friends card").
    KIND: ClassVar[str] = "card"
    _by_code: ClassVar[dict[str, "InternedCard"]]

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._by_code = {}
        CARD_TYPES[cls.__name__] = cls

    @classmethod
    def _make(cls: type[C], **fields) -> C:
        card = object.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(card, name, value)
        cls._by_code[card.code] = card
        return card

    @classmethod
    def parse(cls: type[C], code: object) -> C:
        try:
            return cls._by_code[code]  # type: ignore[index, return-value]
        except (KeyError, TypeError):
            raise ValueError(f"not {cls.KIND}: {code!r}") from None

    def __setattr__(self, name, value):  # cards are immutable
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (type(self).parse, (self.code,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __lt__(self, other: "InternedCard") -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        return self.code


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
_RANK_BY_LETTER = {"A": 1, "J": 11, "Q": 12, "K": 13}


class Card(InternedCard):
    """One standard playing card: `Card(12, Suit.HEARTS)` is the Queen of Hearts, "QH", "Q♥".
    Ace = 1 (low), Jack 11, Queen 12, King 13; `index` runs suit by suit, Ace to King."""

    __slots__ = ("rank", "suit", "red", "label")

    rank: int
    suit: Suit
    red: bool
    label: str
    KIND = "a card code"

    def __new__(cls, rank: int, suit: Suit) -> "Card":
        try:
            return _CARDS[(rank, suit)]
        except KeyError:
            raise ValueError(f"no such card: rank {rank!r} of {suit!r}") from None

    @classmethod
    def parse(cls, code: object) -> "Card":
        """'QH', '10S', 'AC' (case-insensitive; '♥' symbols accepted too)."""
        if not isinstance(code, str) or len(code) < 2:
            raise ValueError(f"not a card code: {code!r}")
        text = code.strip().upper()
        rank_part, suit_part = text[:-1], text[-1]
        for s in Suit:
            if suit_part == s.symbol:
                suit_part = s.letter
        suit = _SUIT_BY_LETTER.get(suit_part)
        rank = _RANK_BY_LETTER.get(rank_part)
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

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.label


def _playing_card(rank: int, suit: Suit, index: int) -> Card:
    letter = RANK_LABELS.get(rank, str(rank))
    return Card._make(code=f"{letter}{suit.letter}", index=index, rank=rank, suit=suit, red=suit.red,
                      label=f"{letter}{suit.symbol}")


_CARDS: dict[tuple[int, Suit], Card] = {}
ALL_CARDS: tuple[Card, ...] = tuple(
    _CARDS.setdefault((rank, suit), _playing_card(rank, suit, i * 13 + rank - 1))
    for i, suit in enumerate(Suit)
    for rank in range(1, 14)
)


def standard_deck() -> list[Card]:
    """A fresh, ordered 52-card deck (spades, hearts, diamonds, clubs; Ace to King)."""
    return list(ALL_CARDS)
