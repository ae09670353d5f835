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
    #: True: a lone legal move is played without reading the view (for a policy that uses no rng)
    lone_move_unread = False

    def __init__(self, rules=None, seed: int = 0, think_ms: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, legal: Sequence[Action]) -> Action:
        if self.lone_move_unread and len(legal) == 1:
            return legal[0]
        return type(self).policy(type(self).read(view), legal, self.rng)


def best_scored(score: Callable[[Any, Action], float], reading: Any, legal: Sequence[Action]) -> Action:
    """The legal move of the highest `score(reading, move)`, the first of equals."""
    best, best_score = legal[0], float("-inf")
    for a in legal:
        s = score(reading, a)
        if s > best_score:
            best, best_score = a, s
    return best


def seat_reading(cls, state: Any, seat: int):
    """A new `cls()` reading of a full state as `seat`, with what every game's reading has: `n`,
    `seat`, its `hand` and every seat's hand size (`counts`); the game's own reading adds the rest."""
    t = cls()
    t.n, t.seat, t.hand = state.n, seat, state.hands[seat]
    t.counts = [len(h) for h in state.hands]
    return t


def scoring(best: Callable[[Any, Sequence[Action]], Action]):
    """A `PolicyBot.policy` from a game's `best(reading, legal)`, which needs no rng."""
    def policy(reading: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return best(reading, legal)
    return policy


def noisy_rollout(read_state: Callable[[Any, int], Any], best: Callable[[Any, Sequence[Action]], Action],
                  noise: float):
    """A search bot's rollout policy from a game's `best(reading, legal)`, read off a full state as
    `seat` (`read_state(state, seat)`): a random legal move with probability `noise`, so playouts
    differ."""
    def rollout(rules, state: Any, seat: int, legal: list, rng: random.Random) -> Action:
        if rng.random() < noise:
            return legal[rng.randrange(len(legal))]
        return best(read_state(state, seat), legal)
    return rollout
