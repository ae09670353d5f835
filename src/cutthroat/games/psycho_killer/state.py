"""Psycho Killer state and view, written once (engine/schema.py derives copy and codec).

Two decks (`decks[0]` is A, `decks[1]` is B; edition 1 plays with A alone), each a list of
`Slot`s, the top last; a deck that runs out is `gone` for good. Decisions wait on a stack of
`Frame`s (as in Exploding Kittens): with the stack empty the player whose turn it is plays a
card or draws; a played card opens a Trip Over `window`; a Psycho Killer opens an `attack`
that every player holding weapons answers; effects that need a choice push their own frame
(a deck, a player, cards one at a time). `turn_end` and `forced` frames resolve by themselves.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from typing import Annotated, NamedTuple

from cutthroat.engine.rng import Rng
from cutthroat.engine.schema import OneOf, Range, Struct, expect, expect_len, expect_range, struct
from cutthroat.games.psycho_killer.cards import (LEFT_FOR_DEAD, PK, PREDICAMENT, STOP, TRIP_OVER, PkCard, build_deck,
                                                 points)

PLAYING, OVER = "play", "over"
MAX_ACTIONS = 5000  # Decision (ours): a game this long ends on the scores, so every game ends
DECK_NAMES = ("A", "B")

# Frame kinds: the ones a seat answers, then the ones that resolve by themselves.
WINDOW = "window"  # a card being played: the others may Trip Over it
ATTACK = "attack"  # a Psycho Killer: everyone holding weapons takes it, or answers
DRAWN = "drawn"  # the drawer may answer the card just drawn with a Rewind card
HOLD = "hold"  # a drawn predicament a player may keep (Left for Dead, Hold Your Nerve)
AGAIN = "again"  # a weapon drawn to end the turn: draw again, or stop
DRAWS = "draws"  # cards still to draw inside a predicament (Lost in the Woods, Car Troubles)
TARGET = "target"  # a player to choose (`card` says what for)
DECK = "deck"  # a deck to choose (`card` says what for)
AT = "at"  # where in the deck the Double Tapped card goes
PICK = "pick"  # cards to choose one at a time (`card` says what for; `picks` so far)
TURN_END = "turn_end"
FORCED = "forced"  # a predicament a player must play at once (given, or no longer Left for Dead)
FRAME_KINDS = (WINDOW, ATTACK, DRAWN, HOLD, AGAIN, DRAWS, TARGET, DECK, AT, PICK, TURN_END, FORCED)
#: How a draw came about: to end a turn (or again after a weapon), or inside a predicament.
TURN_DRAW, INNER_DRAW = "turn", "inner"

Seat = Annotated[int, Range(-1, 5)]
Count = Annotated[int, Range(0, 999)]


class Slot(NamedTuple):
    """A card in a deck; `up`: it lies face up (Upside Down returns cards face up); `shown`: it
    was put back in front of everyone (a PK Double Tapped; a card all saw drawn, Booby Trapped or
    slammed under a deck), so all know where it lies until the deck is shuffled."""

    card: PkCard
    up: bool = False
    shown: bool = False


class Frame(NamedTuple):
    """A pending decision or step. `seat`: who answers (the player of the card, for a window and
    an attack); `card`: the card it is about; `deck`: a deck it concerns; `mask`: seats still to
    answer (attack, everybody's picks) or seats that have answered (window); `picks`: cards chosen
    so far (taken from their pile: they wait here); `count`: Trip Overs so far (window), cards or
    points left (draws, picks); `target`:
    the player a card is played on; `last`: the seat that played the last Trip Over; `how`: the
    draw's kind for a drawn card."""

    kind: Annotated[str, OneOf(*FRAME_KINDS)]
    seat: Seat = -1
    card: PkCard | None = None
    deck: Annotated[int, Range(-1, 1)] = -1
    mask: Annotated[int, Range(0, 63)] = 0
    picks: tuple[PkCard, ...] = ()
    count: Count = 0
    target: Seat = -1
    last: Seat = -1
    how: str = ""


@struct
class PkState(Struct):
    """Everything about one game; the field order is the save format's key order."""

    n: Annotated[int, Range(2, 6)] = 2
    edition: Annotated[int, Range(1, 2)] = 2
    upside_down: bool = False
    hold_your_nerve: bool = False
    pk_limit: Annotated[int, Range(3, 5)] = 5
    decks: list[list[Slot]] = field(default_factory=lambda: [[], []])
    gone: list[bool] = field(default_factory=lambda: [False, False])
    discard: list[PkCard] = field(default_factory=list)
    hands: list[list[PkCard]] = field(default_factory=list)
    injuries: list[list[PkCard]] = field(default_factory=list)
    known: list[list[list[PkCard]]] = field(default_factory=list)  # [seat][deck]: top cards it saw, top first
    silenced: list[bool] = field(default_factory=list)  # No Signal: plays no cards this (or its next) turn
    nerve_used: bool = False  # Hold Your Nerve: a held predicament was played this turn (one a turn)
    turn: Annotated[int, Range(0, 5)] = 0
    direction: Annotated[int, OneOf(1, -1)] = 1
    pks: Annotated[int, Range(0, 5)] = 0
    stack: list[Frame] = field(default_factory=list)
    phase: Annotated[str, OneOf(PLAYING, OVER)] = PLAYING
    winners: list[Seat] = field(default_factory=list)
    how: str = ""
    actions: Annotated[int, Range(0, 10 ** 6)] = 0
    rng: Rng = field(default_factory=lambda: Rng(0))

    def all_cards(self) -> list[PkCard]:
        cards = [s.card for d in self.decks for s in d] + self.discard
        cards += [c for h in self.hands for c in h] + [c for p in self.injuries for c in p]
        for f in self.stack:
            if f.kind in LIMBO and f.card is not None:
                cards.append(f.card)
            cards += f.picks
        return cards

    def validate(self) -> None:
        n = self.n
        for name in ("hands", "injuries", "known", "silenced"):
            expect_len(getattr(self, name), n, name)
        expect_len(self.decks, 2, "decks")
        expect_len(self.gone, 2, "gone")
        expect_range(self.turn, 0, n - 1, "turn")
        expect_range(self.winners, 0, n - 1, "winners")
        for f in self.stack:
            expect(-1 <= f.seat < n and -1 <= f.target < n, "a frame names a seat of this game")
        for q in range(n):
            expect_len(self.known[q], 2, "known")
            for d in (0, 1):
                top = [slot.card for slot in reversed(self.decks[d][len(self.decks[d]) - len(self.known[q][d]):])]
                expect(len(self.known[q][d]) <= len(self.decks[d]) and top == self.known[q][d],
                       f"what player {q + 1} knows of deck {DECK_NAMES[d]} is not its top")
        expect(Counter(self.all_cards()) == Counter(build_deck()), "the cards don't add up to the game's deck")


#: Frames whose `card` is in no pile while they wait (being played, just drawn). Every frame's
#: `picks` wait in it too, taken from where they were until the frame is done.
LIMBO = frozenset({WINDOW, DRAWN, HOLD, FORCED})


@struct(frozen=True)
class PkView(Struct):
    """What one seat may see (seat None: a spectator). `decks`: each deck's size; `faces[d]`:
    (position from the top, card) for every face-up card in deck d; `known[d]`: the top cards of
    deck d this seat saw (Found Footage, its own Booby Trap), top first. `stack` is the frames
    with what this seat may not see taken out (another's drawn card, others' picks), and
    `stack_hidden` how many cards each frame lost that way."""

    seat: int | None
    n: int
    edition: int
    upside_down: bool
    hold_your_nerve: bool
    pk_limit: int
    decks: tuple[int, ...]
    gone: tuple[bool, ...]
    faces: tuple[tuple[tuple[int, PkCard], ...], ...]
    placed: tuple[tuple[tuple[int, PkCard], ...], ...]  # (position, card): put back in front of everyone
    known: tuple[tuple[PkCard, ...], ...]
    discard: tuple[PkCard, ...]
    hand: tuple[PkCard, ...]
    hand_counts: tuple[int, ...]
    injuries: tuple[tuple[PkCard, ...], ...]
    silenced: tuple[bool, ...]
    nerve_used: bool
    turn: int
    direction: int
    pks: int
    stack: tuple[Frame, ...]
    stack_hidden: tuple[int, ...]  # per frame: cards taken out of it (a drawn card, picks)
    phase: str
    winners: tuple[int, ...]
    how: str
    actions: int
    JSON_NAME = "view"

    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    @property
    def out(self) -> tuple[bool, ...]:
        """Nobody leaves a game of Psycho Killer (the shared table asks)."""
        return (False,) * self.n


def window_player(f: Frame) -> int:
    """Who played the card a Trip Over window is open on now: the last Trip Over's player, if any."""
    return f.last if f.count % 2 else f.seat


def window_card(f: Frame) -> PkCard:
    """The card a Trip Over window is open on now: the card, or the Trip Over played on it."""
    return TRIP_OVER if f.count % 2 else f.card


def left_for_dead(state, seat: int) -> bool:
    """10 or more injury points (a state or a view)."""
    return points(state.injuries[seat]) >= LEFT_FOR_DEAD


def may_hold(state, seat: int) -> bool:
    """May this player keep predicaments in hand? Left for Dead, or everyone with Hold Your Nerve."""
    return state.hold_your_nerve or left_for_dead(state, seat)


def held_play_left(state) -> bool:
    """May the player whose turn it is still play a held predicament? With Hold Your Nerve, one a
    turn; Left for Dead alone, as many as they like."""
    return not (state.hold_your_nerve and state.nerve_used)


def shown_when_drawn(state, seat: int, card: PkCard) -> bool:
    """Is a card `seat` just drew seen by everyone? A Psycho Killer and a predicament its drawer
    must play at once are (they are played); a predicament the drawer may keep is not (the
    others learn only that a predicament was kept), nor is anything else."""
    if card.kind == PK:
        return True
    return card.kind == PREDICAMENT and (card.has(STOP) or not may_hold(state, seat))


def live_decks(state) -> list[int]:
    """The decks one can draw from or put cards into: not gone (a deck that runs out is gone for
    good, so each of these holds a card)."""
    return [d for d in (0, 1) if not state.gone[d]]


def order_from(state, seat: int) -> list[int]:
    """Every seat, in the direction of play, starting with `seat`."""
    n, step = state.n, state.direction
    return [(seat + step * i) % n for i in range(n)]


def next_seat(state, seat: int) -> int:
    return (seat + state.direction) % state.n


def left_of(state, seat: int) -> int:
    """The player on the left (clockwise), whatever the direction of play (Let's Split Up)."""
    return (seat + 1) % state.n


def score_key(state, seat: int) -> tuple[int, int, int]:
    """The seed's ranking: fewest injury points, then fewest PKs, then fewest weapons."""
    pile = state.injuries[seat]
    pk = sum(1 for c in pile if c.kind == "pk")
    return points(pile), pk, len(pile) - pk
