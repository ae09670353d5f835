"""Stab Your Friends state and view, written once (engine/schema.py derives copy and codec).

A round is three phases, each explicit in the state: `draw` (one card at a time from the crown
holder round until everyone holds four), `play` (`queue`: the seats still to place a card, twice
round), `activate` (`at`: the card about to activate, lowest red number first; `active`: the
card being resolved while its holder picks a target or a move). The deck is face up: `deck[-1]`, the top, is seen by all,
and everyone saw every draw, so a seat's hand is public knowledge until it plays face down.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from typing import Annotated, NamedTuple

from cutthroat.engine.rng import Rng
from cutthroat.engine.schema import OneOf, Range, Struct, expect, expect_len, expect_range, struct
from cutthroat.games.stab_your_friends.cards import CRYSTAL, HAND_SIZE, MAX_LIVES, SNAKE, SyfCard, build_deck

DRAWING, PLAYING, ACTIVATING, OVER = "draw", "play", "activate", "over"
PHASES = (DRAWING, PLAYING, ACTIVATING, OVER)
CALL_OUT = ("off", "crown", "anyone")
MAX_ROUNDS = 200  # Decision (ours): a game this long ends with the most lives winning, so every game ends
NOWHERE = (-1, -1)

Seat = Annotated[int, Range(0, 7)]
Count = Annotated[int, Range(0, 99)]


class Front(NamedTuple):
    """A card in front of a player. `by`: the seat that placed it (its placer always knows it).
    `card` is None only in a view, for a face-down card the seat did not place."""

    card: SyfCard | None
    by: Seat
    face_up: bool = False
    sideways: bool = False  # a Bomb, Snake or Crystal after its first activation
    done: bool = False  # activated in this activation phase


@struct
class SyfState(Struct):
    """Everything about one game; the field order is the save format's key order."""

    n: Annotated[int, Range(2, 8)] = 2
    lives: list[Annotated[int, Range(0, MAX_LIVES)]] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    crown: Seat = 0
    hands: list[list[SyfCard]] = field(default_factory=list)
    fronts: list[list[Front]] = field(default_factory=list)
    deck: list[SyfCard] = field(default_factory=list)  # face up: deck[-1] is the top
    discard: list[SyfCard] = field(default_factory=list)
    phase: Annotated[str, OneOf(*PHASES)] = DRAWING
    turn: Seat = 0  # draw: the seat drawing next; play: the seat placing; activate: the card's holder
    queue: list[Seat] = field(default_factory=list)  # play: the seats still to place, in order
    at: tuple[Annotated[int, Range(-1, 7)], Annotated[int, Range(-1, 99)]] = NOWHERE  # the next card
    active: Front | None = None  # the card being resolved while its holder (`turn`) chooses
    face_up_plays: list[Count] = field(default_factory=list)  # since the seat's Crystal turned
    round: Annotated[int, Range(1, MAX_ROUNDS)] = 1
    call_out: Annotated[str, OneOf(*CALL_OUT)] = "off"
    called_out: list[bool] = field(default_factory=list)  # who has called someone out this round
    never_forget: list[bool] = field(default_factory=list)  # bots' seats: never called out (set by the session)
    winners: list[Seat] = field(default_factory=list)
    how: str = ""
    eliminations: list[Seat] = field(default_factory=list)
    actions: Annotated[int, Range(0, 10 ** 6)] = 0
    rng: Rng = field(default_factory=lambda: Rng(0))

    def all_cards(self) -> list[SyfCard]:
        cards = [c for h in self.hands for c in h] + self.deck + self.discard
        cards += [f.card for fs in self.fronts for f in fs]
        return cards + [self.active.card] if self.active is not None else cards

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def validate(self) -> None:
        n = self.n
        for name in ("lives", "out", "hands", "fronts", "face_up_plays", "called_out", "never_forget"):
            expect_len(getattr(self, name), n, name)
        expect_range(self.crown, 0, n - 1, "crown")
        expect_range(self.turn, 0, n - 1, "turn")
        expect_range(self.queue, 0, n - 1, "queue")
        expect_range(self.winners, 0, n - 1, "winners")
        expect_range(self.eliminations, 0, n - 1, "eliminations")
        expect(all(len(h) <= HAND_SIZE for h in self.hands), f"a hand holds at most {HAND_SIZE} cards")
        for q in range(n):
            expect(self.out[q] == (self.lives[q] == 0), f"player {q + 1} is out exactly when they have no lives")
            expect(not self.out[q] or not self.hands[q] and not self.fronts[q],
                   f"player {q + 1} is out but still has cards")
            for f in self.fronts[q]:
                expect(f.card is not None, "every card in front of a player is a card")
                expect_range(f.by, 0, n - 1, "a card's placer")
                expect(not f.sideways or f.face_up, "a sideways card is face up")
        seat, index = self.at
        if self.phase == ACTIVATING and self.active is None:
            expect(0 <= seat < n and 0 <= index < len(self.fronts[seat]), "at must name a card in front of a player")
            expect(self.turn == seat, "the holder of the next card is to act")
        expect(self.active is None or self.phase == ACTIVATING and self.active.card is not None,
               "only a card activating now is being resolved")
        expect(sorted(self.eliminations) == [q for q in range(n) if self.out[q]],
               "eliminations must list exactly the players who are out")
        expect(Counter(self.all_cards()) == Counter(build_deck()), "the cards don't add up to the game's deck")


@struct(frozen=True)
class SyfView(Struct):
    """What one seat may see (seat None: a spectator). `pools[q]`: the cards seat q is known to
    hold, sorted, with any of q's face-down plays this seat hasn't seen mixed in (`hidden[q]` of
    them; 0 means `pools[q]` is q's hand exactly)."""

    seat: int | None
    n: int
    lives: tuple[int, ...]
    out: tuple[bool, ...]
    crown: int
    hand: tuple[SyfCard, ...]
    hand_counts: tuple[int, ...]
    pools: tuple[tuple[SyfCard, ...], ...]
    hidden: tuple[int, ...]
    fronts: tuple[tuple[Front, ...], ...]
    deck_top: SyfCard | None
    deck_count: int
    discard: tuple[SyfCard, ...]
    phase: str
    turn: int
    queue: tuple[int, ...]
    at: tuple[int, int]
    active: Front | None
    face_up_plays: tuple[int, ...]
    round: int
    call_out: str
    called_out: tuple[bool, ...]
    never_forget: tuple[bool, ...]
    winners: tuple[int, ...]
    how: str
    eliminations: tuple[int, ...]
    actions: int
    JSON_NAME = "view"

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    @property
    def current(self) -> Front | None:
        """The card about to activate, or the one being resolved, in the activation phase."""
        if self.phase != ACTIVATING:
            return None
        if self.active is not None:
            return self.active
        seat, index = self.at
        return self.fronts[seat][index] if seat >= 0 else None


def call_out_targets(table: SyfState | SyfView, caller: int) -> list[int]:
    """Whom `caller` may call out now under the house rule (a state or a view): one call-out each
    per round, never the royal highness, who is the one being addressed, and never a bot, who
    never forgets."""
    if table.call_out == "off" or table.phase == OVER or table.out[caller] or table.called_out[caller]:
        return []
    if table.call_out == "crown" and caller != table.crown:
        return []
    return [t for t in table.in_game() if t != caller and t != table.crown and not table.never_forget[t]]


def left_of(out, seat: int) -> int:
    """The next player still in, clockwise (on the left): where potions send cards, where the
    Crown goes."""
    n = len(out)
    for step in range(1, n + 1):
        q = (seat + step) % n
        if not out[q]:
            return q
    return seat


def seat_order(out, start: int) -> list[int]:
    """The players still in, clockwise from `start` (the royal highness first, if still in)."""
    n = len(out)
    return [q for q in ((start + i) % n for i in range(n)) if not out[q]]


def blocked_from_playing(fronts: list[Front]) -> bool:
    """A sideways Snake in front of you: you play no cards."""
    return any(f.sideways and f.card is SNAKE for f in fronts)


def plays_face_up(fronts: list[Front]) -> bool:
    """A sideways Crystal in front of you: your plays go face up."""
    return any(f.sideways and f.card is CRYSTAL for f in fronts)
