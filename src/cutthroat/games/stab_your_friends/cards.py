"""Stab Your Friends cards: one table of the 13 kinds (red priority number, count, effect).

The printed deck's counts and red numbers are not public, so they are a Decision (see
shared/rules/stab-your-friends.md): every other module reads them from `KINDS`, so the real
values drop in here without code changes. The Crown is not a card in play here: it is
`state.crown`, the royal highness's seat (no card can move it).
"""

from __future__ import annotations

from typing import NamedTuple

from cutthroat.engine.cards import InternedCard


class Kind(NamedTuple):
    code: str
    name: str
    label: str  # the hand's chip
    tag: str  # a player's row, where several lie side by side
    priority: int  # the red number: lower activates first
    count: int
    short: str  # what it does, in a few words, whoever it is in front of (no "you", no "they")
    text: str  # the effect, for the player it is in front of


#: (code, name, chip label, row tag, red number, count, short, effect). Decision values; 60 cards.
KINDS: tuple[Kind, ...] = (
    Kind("GOLD", "Golden Left Potion", "Gold Potion", "GoldPot", 1, 2, "every face-up card moves left",
         "Every face-up card in play (not the Crown) moves to the player on the left of the player it is in front of."),
    Kind("LEFT", "Left Potion", "Left Potion", "LeftPot", 2, 4, "this player's cards move left",
         "All your face-up cards (not the Crown) move to the player on your left."),
    Kind("GOB", "Gobblin Hands", "Gobblin", "Gobblin", 3, 4, "one card in play may move",
         "You may move 1 card in play (not the Crown, not a Gobblin Hands) from any player to any other player."),
    Kind("SHIELD", "Shield", "Shield", "Shield", 4, 6, "blocks 1 damage this round",
         "Blocks 1 source of damage this round (not a Battle Ax, not the royal penalty). Discarded when it blocks, or at the end of the round."),
    Kind("AX", "Battle Ax", "Battle Ax", "Ax", 5, 4, "2 damage if shielded",
         "If you have a Shield: 2 damage to you and your Shield is discarded. Otherwise nothing."),
    Kind("BOW", "Bow", "Bow", "Bow", 6, 6, "1 damage to a player picked",
         "Deal 1 damage to another player of your choice (you must pick one)."),
    Kind("FIRE", "Fireball", "Fireball", "Fire", 7, 4, "1 damage here, then 1 to a pick",
         "1 damage to you; if you survive, 1 damage to another player of your choice."),
    Kind("DAGGER", "Dagger", "Dagger", "Dagger", 8, 8, "1 damage (lose a life)",
         "You lose 1 life."),
    Kind("BOMB", "Bomb", "Bomb", "Bomb", 9, 3, "sideways; 1 damage next time",
         "1st activation: turn it sideways (it stays face up, also between rounds). 2nd activation: 1 damage to you, then discard it. Bombs can be moved."),
    Kind("LOVE", "Love Potion", "Love Potion", "Love", 10, 5, "regain 1 life",
         "Regain 1 life (at most 5; no effect at full health)."),
    Kind("SNAKE", "Snake", "Snake", "Snake", 11, 3, "sideways: no plays next round",
         "1st activation: turn it sideways: you play no cards in the play phase. 2nd activation: discard it."),
    Kind("CRYSTAL", "Crystal", "Crystal", "Crystal", 12, 3, "sideways: plays go face up",
         "1st activation: turn it sideways: you must play face up. Discarded after you have played 2 cards face up."),
    Kind("DRINK", "Drink", "Drink", "Drink", 13, 8, "no effect",
         "No effect; discarded."),
)
MAX_LIVES = 5
HAND_SIZE = 4
PLAYS_PER_ROUND = 2


class SyfCard(InternedCard):
    """One kind of Stab Your Friends card ("BOW" is the Bow, red number 6)."""

    __slots__ = ("name", "label", "tag", "priority", "count", "short", "text")

    name: str
    label: str
    tag: str
    priority: int
    count: int
    short: str
    text: str
    KIND = "a Stab Your Friends card"


ALL_CARDS: tuple[SyfCard, ...] = tuple(
    SyfCard._make(index=i, **k._asdict()) for i, k in enumerate(KINDS))
BY_CODE: dict[str, SyfCard] = {c.code: c for c in ALL_CARDS}
(GOLDEN_LEFT_POTION, LEFT_POTION, GOBBLIN_HANDS, SHIELD, BATTLE_AX, BOW, FIREBALL, DAGGER, BOMB,
 LOVE_POTION, SNAKE, CRYSTAL, DRINK) = ALL_CARDS
#: Cards that stay in front of their player, sideways, after their first activation.
STAYS_SIDEWAYS = frozenset({BOMB, SNAKE, CRYSTAL})


def build_deck() -> list[SyfCard]:
    """Every card once per its count, in table order (the game shuffles it)."""
    return [card for card in ALL_CARDS for _ in range(card.count)]
