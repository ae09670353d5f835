"""Kill Your Friends components as data: characters, Kill card counts, Chaos cards, the Reaper.

Cards are interned like playing cards: one `KyfCard` object per kind of card (a deck holds
several references to the same "R1"), so copying a hand is a list copy and comparing is `is`.
"""

from __future__ import annotations

from cutthroat.engine.cards import InternedCard

# Character colours, in seat-assignment order. Every colour has a letter (colour is never the
# only signal): Pink is K so it doesn't clash with Purple.
CHARACTERS: tuple[tuple[str, str], ...] = (
    ("R", "Red"), ("B", "Blue"), ("G", "Green"), ("Y", "Yellow"),
    ("P", "Purple"), ("O", "Orange"), ("K", "Pink"), ("W", "White"),
)
COLOUR_LETTERS = tuple(letter for letter, _ in CHARACTERS)
COLOUR_NAMES = dict(CHARACTERS)

KILL_COUNTS = {1: 4, 2: 3, 3: 3}  # per colour in the game: ten Kill cards
KILL, CHAOS, REAPER_KIND = "kill", "chaos", "reaper"

HEAD_SWAP, MEGADEATH, DEATH_FROM_ABOVE, RUN_FROM_YOUR_GRAVE = "HS", "MD", "DFA", "RFG"
CHAOS_CARDS: dict[str, tuple[str, int, str]] = {  # code → (name, copies, what it does)
    HEAD_SWAP: ("Head Swap", 2, "swap your whole hand with another player's"),
    MEGADEATH: ("Megadeath", 2, "every other player picks up 2; you go again"),
    DEATH_FROM_ABOVE: ("Death From Above", 2, "the next player picks up 2 as their turn"),
    RUN_FROM_YOUR_GRAVE: ("Run From Your Grave", 2, "reverse the order of play (2 players: skip)"),
}
REAPER_CODE = "REAPER"

HAND_SIZE = 7
SUDDEN_DEATH_HAND_SIZE = 5  # at 5–8 players with Sudden Death
CO_OP_RETURN_PICKUP = 5
PICKUP_ON_LIFE_LOST = 2


class KyfCard(InternedCard):
    """One kind of card: a Kill card (colour index + number), a Chaos card, or the Reaper."""

    __slots__ = ("kind", "colour", "number", "name", "label")

    kind: str
    colour: int  # index into CHARACTERS; -1 for Chaos cards and the Reaper
    number: int  # 1–3 for Kill cards; 0 otherwise
    name: str
    label: str  # short, for tables and logs: "R2", "Head Swap", "Reaper"
    KIND = "a Kill Your Friends card"

    @property
    def is_kill(self) -> bool:
        return self.kind == KILL


def _build() -> tuple[KyfCard, ...]:
    cards: list[KyfCard] = []

    def make(code: str, kind: str, colour: int, number: int, name: str, label: str) -> None:
        cards.append(KyfCard._make(code=code, index=len(cards), kind=kind, colour=colour,
                                   number=number, name=name, label=label))

    for colour, (letter, name) in enumerate(CHARACTERS):
        for number in KILL_COUNTS:
            make(f"{letter}{number}", KILL, colour, number, f"{name} {number}", f"{letter}{number}")
    for code, (name, _, _) in CHAOS_CARDS.items():
        make(code, CHAOS, -1, 0, name, name)
    make(REAPER_CODE, REAPER_KIND, -1, 0, "Reaper", "Reaper")
    return tuple(cards)


ALL_CARDS = _build()
BY_CODE = {c.code: c for c in ALL_CARDS}


def kill_card(colour: int, number: int) -> KyfCard:
    return ALL_CARDS[colour * 3 + number - 1]


REAPER = BY_CODE[REAPER_CODE]
HEAD_SWAP_CARD = BY_CODE[HEAD_SWAP]
MEGADEATH_CARD = BY_CODE[MEGADEATH]
DEATH_FROM_ABOVE_CARD = BY_CODE[DEATH_FROM_ABOVE]
RUN_FROM_YOUR_GRAVE_CARD = BY_CODE[RUN_FROM_YOUR_GRAVE]


def build_deck(colours: list[int], head_swaps: int) -> list[KyfCard]:
    """The deck for the colours in the game: ten Kill cards a colour, the Chaos cards, the Reaper."""
    deck: list[KyfCard] = []
    for colour in sorted(set(colours)):
        for number, copies in KILL_COUNTS.items():
            deck += [kill_card(colour, number)] * copies
    for code, (_, copies, _) in CHAOS_CARDS.items():
        deck += [BY_CODE[code]] * (head_swaps if code == HEAD_SWAP else copies)
    deck.append(REAPER)
    return deck
