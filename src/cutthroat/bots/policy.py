"""A `heuristic` bot from a game's policy: read the view, score the legal moves, break ties with
the bot's own seeded rng. Games whose policy also drives the search bot's playouts (on full
states) write it against a small reading both a view and a state give, and plug both halves in
here."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from cutthroat.engine.protocol import Action


class PolicyBot:
    level = "heuristic"
    #: view → the reading the policy scores (set by the game's subclass)
    read: Callable[[Any], Any]
    #: (reading, legal, rng) → the move
    policy: Callable[[Any, Sequence[Action], random.Random], Action]

    def __init__(self, rules, seed: int = 0, think_ms: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, legal: Sequence[Action]) -> Action:
        return type(self).policy(type(self).read(view), legal, self.rng)
