"""The deck and the table layout as data."""

from cutthroat.engine.cards import ALL_CARDS, Card, Suit

#: The kings head the columns in this order (the mockup's K♠ K♥ K♦ K♣).
KINGS: tuple[Card, ...] = tuple(Card(13, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
#: The 48 cards shuffled into the deck each round.
DECK_CARDS: tuple[Card, ...] = tuple(c for c in ALL_CARDS if c.rank != 13)

COLUMNS = 4
RESERVE_SPOTS = 4
CARDS_TO_KILL = 5
ROUNDS = 3
SPOT_NAMES = "ABCD"
#: Points for the 1st, 2nd, 3rd, 4th king killed in one round.
KILL_POINTS = (1, 2, 3, 4)
#: Mode → points needed after three rounds.
TARGETS = {"killer": 7, "psycho": 11}


def round_points(kings_killed: int) -> int:
    return sum(KILL_POINTS[:kings_killed])


def finishable(card: Card, cards_in_column_after: int) -> bool:
    """Strategy fact: the n-th card under a king keeps the column finishable only if value ≥ 6 − n."""
    return card.rank >= 6 - cards_in_column_after
