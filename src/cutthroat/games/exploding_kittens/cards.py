"""Exploding Kittens: Recipes for Disaster — the box as data (one table), interned cards.

The box holds 121 cards of 27 types; the four cat titles (Tacocat, Beard Cat, Rainbow-Ralphing
Cat, Zombie Cat) are one type ("Cat cards", 16) printed with four titles, so the table has one
row per *title*: 30 rows. Like playing cards, each title is one interned `EkCard` object (a pile
holds several references to the same Skip), so copying a hand is a list copy and comparing is `is`.
"""

from __future__ import annotations

from cutthroat.engine.cards import InternedCard

# Groups: how the rules treat a title.
KITTEN = "kitten"  # Exploding, Imploding, Streaking, Barking: never in combos
DEFUSE_GROUP = "defuse"
ACTION = "action"
CAT = "cat"  # the four cat titles
FERAL_GROUP = "feral"
NOPE_GROUP = "nope"

#: THE box: code, name, box type, group, copies in the box, short text.
BOX: tuple[tuple[str, str, str, str, int, str], ...] = (
    ("EXP", "Exploding Kitten", "Exploding Kitten", KITTEN, 6,
     "Shown when drawn: Defuse it and put it back anywhere in secret, or you are out."),
    ("DEF", "Defuse", "Defuse", DEFUSE_GROUP, 8,
     "Only after drawing an Exploding Kitten: survive and put the kitten back; your turn ends."),
    ("IMP", "Imploding Kitten", "Imploding Kitten", KITTEN, 4,
     "Drawn face down: put it back face up anywhere. Drawn face up: you are out (no Defuse)."),
    ("STREAK", "Streaking Kitten", "Streaking Kitten", KITTEN, 1,
     "Kept secret, never played: while you hold it you may hold one drawn Exploding Kitten."),
    ("BARK", "Barking Kitten", "Barking Kitten", KITTEN, 2,
     "Play face up and call for the other: its holder must Defuse or explode. Can't be Noped."),
    ("SEE3", "See the Future 3x", "See the Future 3x", ACTION, 6,
     "Privately view the top 3 cards of the draw pile."),
    ("SEE5", "See the Future 5x", "See the Future 5x", ACTION, 3,
     "Privately view the top 5 cards of the draw pile."),
    ("ALTER", "Alter the Future 3x", "Alter the Future 3x", ACTION, 3,
     "Privately view the top 3 cards and put them back in any order."),
    ("NOW", "Alter the Future 3x NOW", "Alter the Future 3x NOW", ACTION, 2,
     "Alter the Future at any time, also on others' turns (in a reaction window)."),
    ("SHARE", "Share the Future 3x", "Share the Future 3x", ACTION, 4,
     "View and reorder the top 3 cards, then show them to the next player."),
    ("MARK", "Mark", "Mark", ACTION, 4,
     "Pick a player: one random card of theirs is shown to all until played or stolen."),
    ("TACO", "Tacocat", "Cat cards", CAT, 4, "A cat card: powerless alone; play in combos."),
    ("BEARD", "Beard Cat", "Cat cards", CAT, 4, "A cat card: powerless alone; play in combos."),
    ("RAINBOW", "Rainbow-Ralphing Cat", "Cat cards", CAT, 4,
     "A cat card: powerless alone; play in combos."),
    ("ZOMBIE", "Zombie Cat", "Cat cards", CAT, 4, "A cat card: powerless alone; play in combos."),
    ("FERAL", "Feral Cat", "Feral Cat", FERAL_GROUP, 6,
     "Counts as any cat card in a combo (never as a non-cat card)."),
    ("SHUFFLE", "Shuffle", "Shuffle", ACTION, 5, "Shuffle the draw pile."),
    ("GARBAGE", "Garbage Collection", "Garbage Collection", ACTION, 2,
     "Everyone with cards puts 1 card from hand into the draw pile in secret; then shuffle it."),
    ("SWAP", "Swap Top and Bottom", "Swap Top and Bottom", ACTION, 3,
     "Swap the top and bottom cards of the draw pile unseen."),
    ("BOTTOM", "Draw From the Bottom", "Draw From the Bottom", ACTION, 3,
     "End your turn by drawing the bottom card."),
    ("ATTACK", "Attack 2x", "Attack 2x", ACTION, 6,
     "End your turn(s) without drawing; the next player takes 2 turns (more if stacked)."),
    ("PERSONAL", "Personal Attack 3x", "Personal Attack 3x", ACTION, 4,
     "You take 3 turns in a row (this one and 2 more)."),
    ("TARGETED", "Targeted Attack 2x", "Targeted Attack 2x", ACTION, 4,
     "Like Attack, on any player you choose; play continues from them."),
    ("SKIP", "Skip", "Skip", ACTION, 5, "End 1 turn without drawing."),
    ("SUPER", "Super Skip", "Super Skip", ACTION, 2, "End all your owed turns without drawing."),
    ("REVERSE", "Reverse", "Reverse", ACTION, 5,
     "Reverse the order of play and end 1 turn without drawing."),
    ("TAKE", "I'll Take That", "I'll Take That", ACTION, 4,
     "Put it in front of another player: the next card they draw is handed to you."),
    ("BOMB", "Catomic Bomb", "Catomic Bomb", ACTION, 1,
     "All Exploding Kittens out of the pile openly, shuffle, kittens on top; end 1 turn."),
    ("BURY", "Bury", "Bury", ACTION, 4,
     "End your turn by drawing a card, looking at it and putting it back anywhere in secret."),
    ("NOPE", "Nope", "Nope", NOPE_GROUP, 8,
     "Stop any action except a kitten or a Defuse. A Nope can be Noped."),
)

BOX_TYPES = 27  # "Cat cards" is one type with four titles
BOX_SIZE = sum(row[4] for row in BOX)  # 121


class EkCard(InternedCard):
    """One card title. `index` is its row in BOX; `group` says how the rules treat it."""

    __slots__ = ("name", "type", "group", "box", "text")

    name: str
    type: str
    group: str
    box: int
    text: str
    KIND = "an Exploding Kittens card"

    @property
    def label(self) -> str:
        return self.name

    @property
    def is_kitten(self) -> bool:
        return self.group == KITTEN

    @property
    def is_cat(self) -> bool:
        """A cat title or a Feral Cat."""
        return self.group == CAT or self.group == FERAL_GROUP


def _make(row: tuple, index: int) -> EkCard:
    code, name, type_, group, box, text = row
    return EkCard._make(code=code, index=index, name=name, type=type_, group=group, box=box, text=text)


ALL_CARDS: tuple[EkCard, ...] = tuple(_make(row, i) for i, row in enumerate(BOX))
BY_CODE: dict[str, EkCard] = {c.code: c for c in ALL_CARDS}

EXPLODING, DEFUSE, IMPLODING, STREAKING, BARKING = (
    BY_CODE[c] for c in ("EXP", "DEF", "IMP", "STREAK", "BARK"))
SEE3, SEE5, ALTER, ALTER_NOW, SHARE, MARK = (
    BY_CODE[c] for c in ("SEE3", "SEE5", "ALTER", "NOW", "SHARE", "MARK"))
TACOCAT, BEARD_CAT, RAINBOW_CAT, ZOMBIE_CAT, FERAL = (
    BY_CODE[c] for c in ("TACO", "BEARD", "RAINBOW", "ZOMBIE", "FERAL"))
SHUFFLE, GARBAGE, SWAP, BOTTOM = (BY_CODE[c] for c in ("SHUFFLE", "GARBAGE", "SWAP", "BOTTOM"))
ATTACK, PERSONAL, TARGETED, SKIP, SUPER_SKIP, REVERSE = (
    BY_CODE[c] for c in ("ATTACK", "PERSONAL", "TARGETED", "SKIP", "SUPER", "REVERSE"))
TAKE_THAT, CATOMIC, BURY, NOPE = (BY_CODE[c] for c in ("TAKE", "BOMB", "BURY", "NOPE"))

CAT_TITLES: tuple[EkCard, ...] = (TACOCAT, BEARD_CAT, RAINBOW_CAT, ZOMBIE_CAT)
#: Cards that end the turn(s) when they resolve.
TURN_ENDERS = frozenset({BOTTOM, ATTACK, TARGETED, SKIP, SUPER_SKIP, REVERSE, CATOMIC, BURY})
#: Single cards that need a player chosen before the Nope window.
TARGETED_CARDS = frozenset({TARGETED, MARK, TAKE_THAT})
#: Action cards playable alone on your own turn.
PLAYABLE_ALONE = frozenset(c for c in ALL_CARDS if c.group == ACTION) | {BARKING}
