"""Seats round a table, for any game whose position has `n` seats, a `direction` of play (+1 or
-1) and `out` (who is out of the game): the one place the walk to the next (or previous) seat
still in is written (game states, their effects and their bots' readings all use it)."""

from __future__ import annotations


def next_seat(position, p: int) -> int:
    """The next seat still in after `p`, in the direction of play (`p` itself if alone)."""
    n, d, out = position.n, position.direction, position.out
    q = p
    for _ in range(n):
        q = (q + d) % n
        if not out[q]:
            return q
    return p


def previous_seat(position, p: int) -> int:
    """The seat still in before `p`, against the direction of play (`p` itself if alone)."""
    n, d, out = position.n, position.direction, position.out
    q = p
    for _ in range(n):
        q = (q - d) % n
        if not out[q]:
            return q
    return p
