"""Psycho Killer cards: one table of the 24 kinds (kind, count, points, VHS symbols, effect).

The printed card list is not public in text form, so the manifest is a Decision (see
shared/rules/psycho-killer.md): every other module reads it from `KINDS`, so the real values
drop in here without code changes.
"""

from __future__ import annotations

from typing import NamedTuple

from cutthroat.engine.cards import InternedCard

PK, WEAPON, PREDICAMENT, ACTION = "pk", "weapon", "predicament", "action"
#: The five VHS symbols.
EJECT, STOP, REWIND, PLAY, FAST_FORWARD = "eject", "stop", "rewind", "play", "ff"
SYMBOL_NAMES = {EJECT: "Eject", STOP: "Stop", REWIND: "Rewind", PLAY: "Play", FAST_FORWARD: "Fast-forward"}


class Kind(NamedTuple):
    code: str
    name: str
    kind: str  # pk, weapon, predicament or action
    count: int
    points: int  # injury points in an injury pile (PKs and weapons)
    symbols: frozenset  # VHS symbols
    short: str  # what it does, in a few words (the hand panel's line)
    text: str  # the card's text


def _k(code, name, kind, count, points, symbols, short, text) -> Kind:
    return Kind(code, name, kind, count, points, frozenset(symbols), short, text)


#: (code, name, kind, count, points, symbols, short, text). Decision values; 78 cards.
KINDS: tuple[Kind, ...] = (
    _k("PK", "Psycho Killer", PK, 5, 3, {STOP}, "3 points; everyone holding weapons is attacked",
       "Play it at once into your injury pile (3 points) unless you evade it. Every player holding weapons is "
       "attacked: all weapons from their hand go face up into their injury pile."),
    _k("KNIFE", "Knife", WEAPON, 8, 1, (), "1 point", "A weapon: 1 injury point in an injury pile."),
    _k("HATCHET", "Hatchet", WEAPON, 6, 2, (), "2 points", "A weapon: 2 injury points in an injury pile."),
    _k("HOOK", "Hook", WEAPON, 4, 3, (), "3 points", "A weapon: 3 injury points in an injury pile."),
    _k("CHAINSAW", "Chainsaw", WEAPON, 2, 5, (), "5 points", "A weapon: 5 injury points in an injury pile."),
    _k("CAR", "Car Troubles", PREDICAMENT, 2, 0, {EJECT}, "keep 1 card, shuffle the rest away, draw 4",
       "Keep one card of your hand, shuffle the rest into one deck, then draw 4 cards."),
    _k("BETRAYAL", "Betrayal", PREDICAMENT, 2, 0, {STOP}, "you alone are attacked",
       "You alone are attacked: all weapons in your hand go to your injury pile."),
    _k("HURTS", "Everybody Hurts", PREDICAMENT, 2, 0, {EJECT}, "everyone takes back up to 5 points",
       "Every player takes up to 5 points of weapons from their own injury pile back into their hand."),
    _k("WOODS", "Lost in the Woods", PREDICAMENT, 2, 0, {EJECT}, "draw 2 more, no draw-again",
       "Draw 2 more cards from either deck, one at a time; each Psycho Killer or predicament drawn resolves as "
       "usual. No drawing again after a weapon."),
    _k("DTAP", "Double Tap", ACTION, 4, 0, {REWIND}, "after drawing a PK: put it back anywhere",
       "After you draw a Psycho Killer: put it back into either deck at any position you choose."),
    _k("SLAM", "Slam the Door", ACTION, 4, 0, {REWIND}, "after a draw: bottom it, draw again",
       "After you draw any card: put it on the bottom of its deck and draw again from the same deck."),
    _k("BOOBY", "Booby Trap", ACTION, 3, 0, {REWIND}, "after drawing a PK or predicament: on top of a deck",
       "After you draw a Psycho Killer or a predicament: put it on top of either deck, face down. Your draw is "
       "done."),
    _k("DISARM", "Disarm", ACTION, 4, 0, (), "weapons and predicaments back into a deck",
       "Put any number of weapons and predicaments from your hand into one deck, shuffled."),
    _k("FOOTAGE", "Found Footage", ACTION, 3, 0, (), "look at the top 3 of a deck",
       "Look at the top 3 cards of one deck, and put them back in the same order."),
    _k("DEADEND", "Dead End", ACTION, 3, 0, {FAST_FORWARD}, "reverse; end your turn without drawing",
       "Reverse the direction of play, and end your turn without drawing."),
    _k("KEYS", "Drop Your Keys", ACTION, 4, 0, (), "give 2 cards to a player",
       "Give exactly 2 cards from your hand to one player."),
    _k("SPLIT", "Let's Split Up", ACTION, 3, 0, (), "everyone passes a card left",
       "Every player passes one card of their choice to the left, all at once."),
    _k("NOSIGNAL", "No Signal", ACTION, 2, 0, (), "the next player plays no cards next turn",
       "The next player can't play cards during their next turn."),
    _k("TRIP", "Trip Over", ACTION, 3, 0, {PLAY}, "cancel a card being played",
       "Cancel a card being played, before its action completes (not a Stop card)."),
    _k("BOOK", "Book of the Dead", ACTION, 2, 0, (), "take a card from the discard pile",
       "Take any card from the discard pile into your hand; your turn goes on."),
    _k("BARRICADE", "Barricade", ACTION, 3, 0, {PLAY}, "when attacked: keep your weapons",
       "When you are attacked, keep your weapons in your hand."),
    _k("BEHIND", "It's Behind You", ACTION, 2, 0, {PLAY}, "when attacked: your weapons hit another",
       "When you are attacked, your weapons go to another player's injury pile instead."),
    _k("BANDAID", "Bandaid", ACTION, 3, 0, (), "take up to 3 points from an injury pile",
       "Take up to 3 points of weapons from any injury pile into your hand."),
    _k("STITCHES", "Stitches", ACTION, 2, 0, (), "give up to 3 points of your injuries",
       "Give up to 3 points of weapons from your injury pile to another player's hand."),
)
LEFT_FOR_DEAD = 10  # injury points from which a player is Left for Dead
HAND_KEEP = 7  # edition 1: cards dealt to each player


class PkCard(InternedCard):
    """One kind of Psycho Killer card ("HOOK" is the Hook, a 3-point weapon)."""

    __slots__ = ("name", "kind", "count", "points", "symbols", "short", "text")

    name: str
    kind: str
    count: int
    points: int
    symbols: frozenset
    short: str
    text: str
    KIND = "a Psycho Killer card"

    def has(self, symbol: str) -> bool:
        return symbol in self.symbols

    @property
    def black(self) -> bool:
        """PKs and predicaments: the cards edition 1 takes out before the deal."""
        return self.kind in (PK, PREDICAMENT)


ALL_CARDS: tuple[PkCard, ...] = tuple(PkCard._make(index=i, **k._asdict()) for i, k in enumerate(KINDS))
BY_CODE: dict[str, PkCard] = {c.code: c for c in ALL_CARDS}
(PSYCHO_KILLER, KNIFE, HATCHET, HOOK, CHAINSAW, CAR_TROUBLES, BETRAYAL, EVERYBODY_HURTS, LOST_IN_THE_WOODS,
 DOUBLE_TAP, SLAM_THE_DOOR, BOOBY_TRAP, DISARM, FOUND_FOOTAGE, DEAD_END, DROP_YOUR_KEYS, LETS_SPLIT_UP,
 NO_SIGNAL, TRIP_OVER, BOOK_OF_THE_DEAD, BARRICADE, BEHIND_YOU, BANDAID, STITCHES) = ALL_CARDS
WEAPONS = tuple(c for c in ALL_CARDS if c.kind == WEAPON)


def build_deck() -> list[PkCard]:
    """Every card once per its count, in table order (the game shuffles it)."""
    return [card for card in ALL_CARDS for _ in range(card.count)]


def points(cards) -> int:
    return sum(c.points for c in cards)


def points_words(k: int) -> str:
    """"1 point", "3 points": every text about injury points says it this way."""
    return f"{k} point{'s' * (k != 1)}"
