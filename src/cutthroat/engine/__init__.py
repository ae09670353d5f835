"""Game-agnostic core: cards, RNG, actions, events, the rules protocol, registry, codec.

Nothing under `cutthroat.engine` or `cutthroat.games` may import Textual: the command line's
`simulate` and `rules`, the bots and the tests run headless.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cutthroat.engine.cards import Card, Suit, standard_deck
    from cutthroat.engine.protocol import Action, Event, IllegalAction, Result, Rules
    from cutthroat.engine.rng import Rng

#: Where each name lives: loaded when first asked for, so a module that needs one part of the
#: engine (the title screen: the registry's list of games) doesn't load the rest at start-up.
_HOMES = {
    "Card": "cards", "Suit": "cards", "standard_deck": "cards",
    "Action": "protocol", "Event": "protocol", "IllegalAction": "protocol", "Result": "protocol",
    "Rules": "protocol",
    "Rng": "rng",
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


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
