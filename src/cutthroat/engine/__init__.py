"""Game-agnostic core: cards, RNG, actions, events, the rules protocol, registry, codec.

Nothing under `cutthroat.engine` or `cutthroat.games` may import Textual: the command line's
`simulate` and `rules`, the bots and the tests run headless.
"""

from cutthroat.engine.cards import Card, Suit, standard_deck
from cutthroat.engine.protocol import (
    Action,
    Event,
    IllegalAction,
    Result,
    Rules,
)
from cutthroat.engine.rng import Rng

__all__ = [
    "Action",
    "Card",
    "Event",
    "IllegalAction",
    "Result",
    "Rng",
    "Rules",
    "Suit",
    "standard_deck",
]
