"""Exploding Kittens actions (every decision is one of these) and the combos a set of cards makes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from cutthroat.engine.protocol import Action
from cutthroat.games.exploding_kittens.cards import ALL_CARDS, BOX_SIZE, CAT, CAT_TITLES, FERAL, KITTEN, EkCard

PAIR, TRIPLE, FIVE, BARK2 = "pair", "triple", "five", "bark2"
COMBOS = (PAIR, TRIPLE, FIVE)
#: Five-different sets listed by legal_actions at most (apply accepts any valid set).
FIVE_LIMIT = 40


def _index(card: EkCard) -> int:
    return card.index


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """End the turn by drawing the top card."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one card from hand on your turn (a player, if needed, is chosen next)."""

    card: EkCard
    kind = "play"


@dataclass(frozen=True, slots=True)
class PlayCombo(Action):
    """Two of a kind, three of a kind or five different titles (Feral Cats as cat cards)."""

    cards: tuple[EkCard, ...]
    kind = "combo"

    def __post_init__(self) -> None:  # one spelling per combo: box order
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_index)))


@dataclass(frozen=True, slots=True)
class ChooseTarget(Action):
    player: int
    kind = "target"


@dataclass(frozen=True, slots=True)
class NameCard(Action):
    card: EkCard
    kind = "name"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Answer a reaction window (or let it be): offered to every seat in the window."""

    seat: int
    kind = "pass"


@dataclass(frozen=True, slots=True)
class PlayNope(Action):
    seat: int
    kind = "nope"


@dataclass(frozen=True, slots=True)
class AlterNow(Action):
    """Alter the Future 3x NOW played in a reaction window (on anyone's turn)."""

    seat: int
    kind = "alter_now"


@dataclass(frozen=True, slots=True)
class Reorder(Action):
    """New order of the top cards, top first, as indices of the current top cards (0 = top)."""

    order: tuple[int, ...]
    kind = "reorder"


@dataclass(frozen=True, slots=True)
class Reinsert(Action):
    """Put the card back with `depth` cards above it (0 = on top, pile size = at the bottom)."""

    depth: int
    kind = "reinsert"


@dataclass(frozen=True, slots=True)
class PutIn(Action):
    """Garbage Collection: put this card from your hand into the draw pile."""

    seat: int
    card: EkCard
    kind = "put_in"


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Five different: take this card from the discard pile."""

    card: EkCard
    kind = "take"


DRAW = Draw()
ACTION_TYPES = (Draw, Play, PlayCombo, ChooseTarget, NameCard, Pass, PlayNope, AlterNow, Reorder,
                Reinsert, PutIn, TakeCard)
#: Actions that name the seat taking them (answers several seats may give at once).
SEATED_KINDS = frozenset({"pass", "nope", "alter_now", "put_in"})

# Canonical instances, so `legal_actions` allocates less (equal to freshly made ones).
MAX_SEATS = 5
PASS = tuple(Pass(q) for q in range(MAX_SEATS))
NOPE_BY = tuple(PlayNope(q) for q in range(MAX_SEATS))
ALTER_NOW_BY = tuple(AlterNow(q) for q in range(MAX_SEATS))
CHOOSE = tuple(ChooseTarget(q) for q in range(MAX_SEATS))
PLAY_OF = {c: Play(c) for c in ALL_CARDS}
REINSERT_AT = tuple(Reinsert(d) for d in range(BOX_SIZE + 1))  # the pile never holds more than the box


# --- combos -------------------------------------------------------------------------------
def combo_kind(cards) -> str | None:
    """'pair', 'triple', 'five' or None: Feral Cats count as any cat title (never a non-cat),
    kittens are never part of a combo."""
    cards = list(cards)
    k = len(cards)
    if k not in (2, 3, 5) or any(c.group == KITTEN for c in cards):
        return None
    if k in (2, 3):
        if all(c is cards[0] for c in cards):
            return PAIR if k == 2 else TRIPLE
        if all(c.is_cat for c in cards) and len({c for c in cards if c is not FERAL}) == 1:
            return PAIR if k == 2 else TRIPLE
        return None
    plain = [c for c in cards if c is not FERAL]
    if len(set(plain)) != len(plain):
        return None
    cats = sum(1 for c in plain if c.group == CAT)
    if cats + (k - len(plain)) > len(CAT_TITLES):
        return None
    return FIVE


def combos(hand: list[EkCard], pairs: bool, triples: bool, fives: bool) -> list[tuple]:
    """The combos `hand` can play, in a fixed order (at most FIVE_LIMIT five-different sets)."""
    counts = Counter(c for c in hand if c.group != KITTEN)
    kinds = sorted(counts)
    ferals = counts.get(FERAL, 0)
    out: list[tuple] = []
    for c in kinds:
        k = counts[c]
        if pairs and k >= 2:
            out.append((c, c))
        if triples and k >= 3:
            out.append((c, c, c))
        if c.group == CAT and ferals:
            if pairs:
                out.append((c, FERAL))
            if triples and k >= 2:
                out.append((c, c, FERAL))
            if triples and ferals >= 2:
                out.append((c, FERAL, FERAL))
    if fives:
        plain = [c for c in kinds if c is not FERAL]
        listed = 0
        for used in range(0, min(ferals, len(CAT_TITLES)) + 1):
            for combo in combinations(plain, 5 - used):
                if sum(1 for c in combo if c.group == CAT) + used > len(CAT_TITLES):
                    continue
                out.append(tuple(sorted(combo + (FERAL,) * used, key=_index)))
                listed += 1
                if listed >= FIVE_LIMIT:
                    return out
    return out
