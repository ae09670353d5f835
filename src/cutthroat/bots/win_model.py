"""A search playout cut short, valued: each seat's chance to win the game from here.

The chance is a softmax over the seats still in of fitted weights times a few facts about each
seat (what it holds, where it sits). A game gives the facts (`features(state, seat, place)`,
`place` counting seats from the player to move) and the seats still in (`seats_in(state)`, the
player to move first); `benchmarks/win_model.py` fits the weights from the game's heuristic
playing itself and prints them for the game's bots module. Short playouts valued this way buy
the search several times more deals in a decision's budget than whole games.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence


class WinModel:
    def __init__(self, names: Sequence[str], features: Callable[[Any, int, int], Sequence[float]],
                 seats_in: Callable[[Any], Sequence[int]], weights: Sequence[float]) -> None:
        if len(weights) != len(names):
            raise ValueError(f"{len(names)} features but {len(weights)} weights")
        self.names = tuple(names)
        self.features = features
        self.seats_in = seats_in
        self.weights = tuple(weights)

    def score(self, state: Any, seat: int, place: int) -> float:
        return sum(w * f for w, f in zip(self.weights, self.features(state, seat, place)))

    def chance(self, state: Any, seat: int) -> float:
        """The seat's chance to win (nothing once it's out)."""
        seats = self.seats_in(state)
        if seat not in seats:
            return 0.0
        scores = [self.score(state, q, place) for place, q in enumerate(seats)]
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        return weights[list(seats).index(seat)] / sum(weights)
