"""Kill Your Friends state and view, written once: copy, JSON codec and the structural checks a
hand-edited save needs come from the field types (engine/schema.py); `validate()` adds the
cross-field ones (lengths that depend on `n`, seat numbers below `n`, card conservation)."""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from typing import Annotated

from cutthroat.engine.rng import Rng
from cutthroat.engine.schema import OneOf, Range, Struct, expect, expect_len, expect_range, struct
from cutthroat.games.kill_your_friends.cards import (
    COLOUR_LETTERS,
    HAND_SIZE,
    REAPER,
    SUDDEN_DEATH_HAND_SIZE,
    KyfCard,
    build_deck,
)

PLAY, OVER = "play", "over"
MAX_ACTIONS = 4_000  # Decision (ours): a game this long ends as a stalemate, so every game ends
HEAD_HUNTER_TARGETS = tuple(str(n) for n in range(1, 21))
KILL_JOY = ("off", "remove", "once")

Seat = Annotated[int, Range(0, 7)]
Colour = Annotated[int, Range(0, len(COLOUR_LETTERS) - 1)]
Count = Annotated[int, Range(0, 99)]
Phase = Annotated[str, OneOf(PLAY, OVER)]
KillJoy = Annotated[str, OneOf(*KILL_JOY)]
Direction = Annotated[int, OneOf(1, -1)]


@struct
class KyfState(Struct):
    """Everything about one game. `deck[-1]` is the top card; `deck_known[i]` says whether
    `deck[i]` went to the bottom face up (saved Kill cards) since the last shuffle. The field
    order is the save format's key order."""

    n: Annotated[int, Range(2, 8)] = 2
    colours: list[Colour] = field(default_factory=list)
    teams: list[Seat] = field(default_factory=list)
    lives: list[list[bool]] = field(default_factory=list)
    attack: list[list[KyfCard]] = field(default_factory=list)
    attackers: list[list[Seat]] = field(default_factory=list)
    reaper_on: Annotated[int, Range(-1, 7)] = -1
    reaper_by: Annotated[int, Range(-1, 7)] = -1
    out: list[bool] = field(default_factory=list)
    graveyard: list[list[KyfCard]] = field(default_factory=list)  # cards dumped on a dead player
    hands: list[list[KyfCard]] = field(default_factory=list)
    deck: list[KyfCard] = field(default_factory=list)
    deck_known: list[bool] = field(default_factory=list)
    middle: list[KyfCard] = field(default_factory=list)
    turn: Seat = 0
    direction: Direction = 1
    owe: list[Count] = field(default_factory=list)  # cards owed by Death From Above
    passes: Count = 0
    actions: Annotated[int, Range(0, 10 ** 6)] = 0
    points: list[Count] = field(default_factory=list)
    sudden_death: bool = False
    kill_joy: KillJoy = "off"
    co_op: bool = False
    head_hunter: Annotated[int, Range(0, len(HEAD_HUNTER_TARGETS))] = 0  # kill target; 0 = off
    phase: Phase = PLAY
    winners: list[Seat] = field(default_factory=list)
    how: str = ""
    eliminations: list[Seat] = field(default_factory=list)
    rng: Rng = field(default_factory=lambda: Rng(0))

    def all_cards(self) -> list[KyfCard]:
        """Every card of the game wherever it is (the conservation checks count these)."""
        cards = [c for h in self.hands for c in h] + self.deck + self.middle
        cards += [c for a in self.attack for c in a] + [c for g in self.graveyard for c in g]
        if self.reaper_on >= 0:
            cards.append(REAPER)
        return cards

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def validate(self) -> None:
        n = self.n
        for name in ("colours", "teams", "lives", "attack", "attackers", "out", "graveyard", "hands",
                     "owe", "points"):
            expect_len(getattr(self, name), n, name)
        expect_range(self.teams, 0, n - 1, "teams")
        expect(all(1 <= len(x) <= 2 for x in self.lives), "each player has one or two life cards")
        for seats in self.attackers:
            expect_range(seats, 0, n - 1, "attackers")
        expect(all(len(a) == len(b) for a, b in zip(self.attack, self.attackers)),
               "attackers must match the attack cards")
        expect_range(self.reaper_on, -1, n - 1, "reaper_on")
        expect_range(self.reaper_by, -1, n - 1, "reaper_by")
        expect(len(self.deck_known) == len(self.deck), "deck_known must match the deck")
        expect_range(self.turn, 0, n - 1, "turn")
        expect_range(self.winners, 0, n - 1, "winners")
        expect_range(self.eliminations, 0, n - 1, "eliminations")
        everything = self.all_cards()
        expect(self.reaper_on < 0 or REAPER not in everything[:-1], "the Reaper is in two places")
        expected = Counter(build_deck(self.colours, 0 if self.kill_joy == "remove" else 2))
        expect(Counter(everything) == expected, "the cards don't add up to the game's deck")

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(c.label for c in h) for h in self.hands)
        return f"KyfState(turn {self.turn}, {self.phase}, hands [{hands}], deck {len(self.deck)})"


@struct(frozen=True)
class KyfView(Struct):
    """What one seat may see (seat None: a spectator): its own hand and everything public."""

    seat: int | None
    n: int
    colours: tuple[int, ...]
    teams: tuple[int, ...]
    lives: tuple[tuple[bool, ...], ...]
    attack: tuple[tuple[KyfCard, ...], ...]
    attackers: tuple[tuple[int, ...], ...]
    reaper_on: int
    reaper_by: int
    out: tuple[bool, ...]
    graveyard: tuple[tuple[KyfCard, ...], ...]
    hand: tuple[KyfCard, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    deck_known: tuple[tuple[int, KyfCard], ...]  # (index from the bottom, card) of face-up cards
    middle: tuple[KyfCard, ...]
    turn: int
    direction: int
    owe: tuple[int, ...]
    passes: int
    actions: int
    points: tuple[int, ...]
    sudden_death: bool
    kill_joy: str
    co_op: bool
    head_hunter: int
    phase: str
    winners: tuple[int, ...]
    how: str
    eliminations: tuple[int, ...]
    JSON_NAME = "view"

    @property
    def colour(self) -> int:
        return self.colours[self.seat] if self.seat is not None else -1

    def letter(self, seat: int) -> str:
        return COLOUR_LETTERS[self.colours[seat]]

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def lives_left(self, seat: int) -> int:
        return sum(self.lives[seat])


def hand_size(n: int, sudden_death: bool, co_op: bool) -> int:
    """Decision: Co-op deals 5 like Sudden Death at 5+ (its team colours make a smaller deck)."""
    return SUDDEN_DEATH_HAND_SIZE if co_op or (sudden_death and n >= 5) else HAND_SIZE
