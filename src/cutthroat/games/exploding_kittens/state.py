"""Exploding Kittens state and view, written once (copy and codec come from the field types).

The state keeps a stack of pending decisions (`Frame`s). With the stack empty the player whose
turn it is plays a card, a combo, or draws. A card that needs a player pushes a `target` frame
(three of a kind then a `name` frame); every Nope-able play then pushes a `window` frame that
every seat still in answers; effects that need a choice push `reorder`, `reinsert`, `gc` or
`take` frames.

The draw pile is a list with the top card last. `up[i]` says pile[i] is face up (Imploding
Kitten); `seen[q][i]` is the card seat q knows at pile[i] (or None); `seen[n]` is what everyone
knows (Catomic Bomb's kittens, a face-up Imploding Kitten's position until a shuffle).

`validate()` holds the cross-field checks a hand-edited save needs: lengths that depend on the
player count, seat numbers, the deck being the recipe's, knowledge of the pile matching the pile,
and card conservation (no card created or lost).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from typing import Annotated, Any, NamedTuple

from cutthroat.engine.rng import Rng
from cutthroat.engine.schema import OneOf, Range, Struct, expect, expect_len, expect_range, struct
from cutthroat.games.exploding_kittens.cards import BARKING, IMPLODING, TAKE_THAT, EkCard
from cutthroat.games.exploding_kittens.recipes import CUSTOM, DEFAULT_RECIPE, RECIPE_IDS, RECIPES, recipe_setup

PLAY, OVER = "play", "over"
PHASES = OneOf(PLAY, OVER)

# Frame kinds.
TARGET, NAME, WINDOW, REORDER, REINSERT, GC, TAKE = (
    "target", "name", "window", "reorder", "reinsert", "gc", "take")
FRAME_KINDS = (TARGET, NAME, WINDOW, REORDER, REINSERT, GC, TAKE)
# Reinsert flags (a reinsert frame's `data`; read them through the frame's properties).
R_UP, R_END, R_BURY = 1, 2, 4


class Frame(NamedTuple):
    """One pending decision. Fields by kind:
    target/name: seat chooses for `what` (card code or combo) played as `cards` (target, then named).
    window: `seat` played `what` (`cards`, `target`, `named`); `nopes` so far, `last` Noper,
        `mask` = seats that have answered since the window last opened.
    reorder: seat puts back the top `data` cards; `target` = the Share the Future recipient.
    reinsert: seat puts `cards[0]` back; `data` = R_UP | R_END | R_BURY flags (see the properties).
    gc: `data` = seats taking part (bits), `mask` = seats still to choose; `cards[q]` chosen.
    take: seat takes a card from the discard pile (five different)."""

    kind: Annotated[str, OneOf(*FRAME_KINDS)]
    seat: int
    what: str = ""
    cards: tuple[EkCard | None, ...] = ()
    target: int = -1
    named: EkCard | None = None
    nopes: Annotated[int, Range(0, 99)] = 0
    last: int = -1
    mask: int = 0
    data: int = 0

    @property
    def face_up(self) -> bool:
        """A card being put back face up (an Imploding Kitten): everyone sees where it goes."""
        return self.kind == REINSERT and bool(self.data & R_UP)

    @property
    def ends_turn(self) -> bool:
        """Putting the card back ends the turn of the player to move."""
        return self.kind == REINSERT and bool(self.data & R_END)

    @property
    def buried(self) -> bool:
        """The card was drawn by Bury: only its drawer has seen it (unless it is face up)."""
        return self.kind == REINSERT and bool(self.data & R_BURY)


def reinsert_flags(up: bool = False, ends_turn: bool = False, buried: bool = False) -> int:
    """A reinsert frame's `data` from its three flags."""
    return (R_UP if up else 0) | (R_END if ends_turn else 0) | (R_BURY if buried else 0)


_FRAME_FIELDS = frozenset(Frame._fields)


@struct
class EkState(Struct):
    """Everything about one game (the names are the format-1 save's keys)."""

    n: Annotated[int, Range(2, 5)] = 2
    recipe: Annotated[str, OneOf(*RECIPE_IDS)] = DEFAULT_RECIPE
    five: bool = True  # five-different combo on
    counts: tuple[tuple[EkCard, int], ...] = ()  # the game's cards, in box order
    hands: list[list[EkCard]] = field(default_factory=list)
    marked: list[list[EkCard]] = field(default_factory=list)  # per seat: a sub-multiset of the hand
    pile: list[EkCard] = field(default_factory=list)  # top = pile[-1]
    up: list[bool] = field(default_factory=list)
    seen: list[list[EkCard | None]] = field(default_factory=list)  # n + 1 lists aligned with pile; [n] = public
    discard: list[EkCard] = field(default_factory=list)  # top = discard[-1]
    limbo: list[EkCard] = field(default_factory=list)  # Barking Kittens played this turn (discarded at its end)
    out: list[bool] = field(default_factory=list)
    eliminations: list[int] = field(default_factory=list)
    turn: int = 0
    direction: Annotated[int, OneOf(1, -1)] = 1
    owed: Annotated[int, Range(0, 999)] = 1  # turns the player to move still owes, this one included
    attacked: bool = False  # those turns come from an attack (Attack, Targeted, Personal)
    itt: list[int] = field(default_factory=list)  # per seat: who put I'll Take That in front of them (-1 none)
    barking: list[bool] = field(default_factory=list)  # per seat: a Barking Kitten face up in front of them
    stack: list[Frame] = field(default_factory=list)
    phase: Annotated[str, PHASES] = PLAY
    winners: list[int] = field(default_factory=list)
    actions: Annotated[int, Range(0, 10 ** 7)] = 0
    rng: Rng = field(default_factory=lambda: Rng(0))

    def all_cards(self) -> list[EkCard]:
        """Every card of the game wherever it is (conservation tests count these)."""
        cards = [c for h in self.hands for c in h] + self.pile + self.discard + self.limbo
        cards += [TAKE_THAT] * sum(1 for x in self.itt if x >= 0)
        cards += [BARKING] * sum(self.barking)
        for f in self.stack:
            if f.kind == REINSERT:
                cards.append(f.cards[0])
            elif f.kind == GC:
                cards += [c for c in f.cards if c is not None]
        return cards

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def __repr__(self) -> str:
        top = self.stack[-1].kind if self.stack else "main"
        return (f"EkState(turn {self.turn} owes {self.owed}, {top}, hands "
                f"{[len(h) for h in self.hands]}, pile {len(self.pile)})")

    @classmethod
    def from_json(cls, data: Any, name: str | None = None) -> "EkState":
        # A malformed stack frame is named as one (the reason format-1 saves have always given).
        if isinstance(data, dict) and isinstance(data.get("stack"), list):
            for frame in data["stack"]:
                if not isinstance(frame, dict) or frame.keys() != _FRAME_FIELDS:
                    raise ValueError(f"each stack frame must be an object with {', '.join(Frame._fields)}")
        state = Struct.from_json.__func__(cls, data, name)  # zero-argument super() fails in slots dataclasses
        state.counts = _box_order(state.counts)  # a save may list them in any order
        return state

    def validate(self) -> None:
        """The checks the field types can't make (after decoding; raises ValueError)."""
        n = self.n
        for card, k in self.counts:
            expect_range(k, 1, card.box, f"count of {card.name}")
        expect(len({c for c, _ in self.counts}) == len(self.counts), "counts name a card twice")
        if self.recipe != CUSTOM:
            setup, problem = recipe_setup({"recipe": self.recipe}, n)
            expect(not problem, problem or "")
            expect(setup.counts == _box_order(self.counts), f"counts are not the {RECIPES[self.recipe].name} deck for {n} players")
        expect_len(self.hands, n, "hands")
        expect_len(self.marked, n, "marked")
        for q in range(n):
            expect(not Counter(self.marked[q]) - Counter(self.hands[q]),
                   f"player {q + 1} has a marked card not in their hand")
        expect_len(self.up, len(self.pile), "up")
        expect(not any(u and c is not IMPLODING for c, u in zip(self.pile, self.up)),
               "only an Imploding Kitten lies face up in the pile")
        expect_len(self.seen, n + 1, "seen")
        for known in self.seen:
            expect(len(known) == len(self.pile), "seen must match the pile")
            expect(not any(c is not None and c is not self.pile[i] for i, c in enumerate(known)),
                   "seen names a card that isn't there")
        expect_len(self.out, n, "out")
        expect_range(self.eliminations, 0, n - 1, "eliminations")
        expect(sorted(self.eliminations) == [q for q in range(n) if self.out[q]],
               "eliminations must list exactly the players who are out")
        expect_range(self.turn, 0, n - 1, "turn")
        expect_len(self.itt, n, "itt")
        expect_range(self.itt, -1, n - 1, "itt")
        expect_len(self.barking, n, "barking")
        for f in self.stack:
            expect_range(f.seat, 0, n - 1, "frame seat")
            expect_range(f.target, -1, n - 1, "frame target")
            expect_range(f.last, -1, n - 1, "frame last")
            expect_range(f.mask, 0, (1 << n) - 1, "frame mask")
            expect_range(f.data, 0, (1 << n) - 1 if f.kind == GC else 99, "frame data")
            expect(f.kind != REINSERT or (len(f.cards) == 1 and f.cards[0] is not None),
                   "a reinsert frame holds the one card being put back")
        expect_range(self.winners, 0, n - 1, "winners")
        expect(self.phase != PLAY or (not self.out[self.turn] and self.owed >= 1),
               "the player to move must be in the game and owe a turn")
        expect(Counter(self.all_cards()) == Counter({c: k for c, k in self.counts}),
               "the cards don't add up to the game's deck")


def _box_order(counts: tuple) -> tuple:
    """The deck's (card, count) pairs in box order, the order setup makes them."""
    return tuple(sorted(counts, key=lambda pair: pair[0].index))


@struct(frozen=True)
class EkView(Struct):
    """What one seat may see (seat None: a spectator)."""

    seat: int | None
    n: int
    recipe: str
    five_different: bool
    counts: tuple[tuple[EkCard, int], ...]
    hand: tuple[EkCard, ...]
    hand_counts: tuple[int, ...]
    marked: tuple[tuple[EkCard, ...], ...]  # everyone's marked cards (shown to all)
    pile_count: int
    pile_known: tuple[tuple[int, EkCard], ...]  # (depth from the top, card) this seat knows
    pile_public: tuple[tuple[int, EkCard], ...]  # (depth, card) everyone knows
    face_up: int  # face-up Imploding Kittens in the pile (position known or not)
    up_known: tuple[int, ...]  # depths of the face-up cards whose place this seat knows
    discard: tuple[EkCard, ...]
    limbo: tuple[EkCard, ...]
    out: tuple[bool, ...]
    eliminations: tuple[int, ...]
    turn: int
    direction: int
    owed: int
    attacked: bool
    itt: tuple[int, ...]
    barking: tuple[bool, ...]
    stack: tuple[Frame, ...]  # secrets of other seats blanked (None)
    to_act: tuple[int, ...]
    phase: Annotated[str, PHASES]
    winners: tuple[int, ...]
    actions: int
    JSON_NAME = "view"

    @property
    def pending(self) -> Frame | None:
        """The decision in front of this seat, if any."""
        if self.stack and self.seat in self.to_act:
            return self.stack[-1]
        return None

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def known_top(self) -> list[EkCard | None]:
        """What this seat knows of the pile, top first (None = unknown)."""
        out: list[EkCard | None] = [None] * self.pile_count
        for depth, card in self.pile_known:
            out[depth] = card
        return out


# --- who moves (on a state or a view) ---------------------------------------------------------
#: _ROUNDS[n][direction][turn]: every seat from `turn` on, in the direction of play.
_ROUNDS = {n: {d: tuple(tuple((t + i * d) % n for i in range(n)) for t in range(n)) for d in (1, -1)}
           for n in range(1, 6)}


def order(position) -> list[int]:
    """Seats still in, from the player to move, in the direction of play."""
    out = position.out
    return [q for q in _ROUNDS[position.n][position.direction][position.turn] if not out[q]]


def to_act(state: EkState) -> list[int]:
    """The seats that answer now: the player to move, the seat of the top frame, everyone still
    to answer a reaction window, or everyone still to choose for Garbage Collection."""
    if state.phase != PLAY:
        return []
    if not state.stack:
        return [state.turn]
    f = state.stack[-1]
    if f.kind == WINDOW:
        return [q for q in order(state) if not f.mask >> q & 1 and q != f.last]
    if f.kind == GC:
        return [q for q in order(state) if f.mask >> q & 1]
    return [f.seat]


