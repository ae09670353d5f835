"""Game-agnostic players and the bot registry.

A bot sees only what its seat may see: `choose(view, legal)` gets the seat's view and the legal
actions, and returns one of them. Levels are named the same in every game: `random`,
`heuristic`, `hard`; a game supplies its own `heuristic`/`hard` in the bots module its registry
entry names (`games/<game>/bots.py`: `BOTS = {"heuristic": factory, "hard": factory}`).
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol, Sequence

from cutthroat.engine.protocol import Action, Rules

LEVELS = ("random", "heuristic", "hard")


class Bot(Protocol):
    level: str

    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniform over the legal actions."""

    level = "random"
    needs_view = False  # `simulate` skips building a view for it

    def __init__(self, rules: Rules, seed: int = 0, think_ms: int | None = None) -> None:
        self.rng = random.Random(seed)
        # `rng.randrange(n)` is `_randbelow(n)` behind argument checks (the same numbers): it is
        # most of a random game's cost outside the rules, so the bot asks for it directly.
        self._below = self.rng._randbelow

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self._below(len(legal))]


def make_bot(rules: Rules, level: str, seed: int = 0, think_ms: int | None = None,
             playouts: int | None = None) -> Bot:
    """A bot of `level`. `playouts` (for `hard`) fixes its budget as playouts per decision
    instead of time, so a measurement plays the same games on a busy machine as on an idle one."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    if level == "random":
        return RandomBot(rules, seed, think_ms)
    from cutthroat.engine.registry import game_info

    factories = importlib.import_module(game_info(rules.game_id).bots).BOTS
    if playouts is not None and level == "hard":
        return factories[level](rules, seed=seed, think_ms=think_ms, iterations=playouts)
    return factories[level](rules, seed=seed, think_ms=think_ms)
