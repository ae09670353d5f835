"""A tiny seeded RNG whose whole state is one integer.

It lives inside game states, so a save resumes the exact shuffle and copying a state for bot
search costs nothing. SplitMix64: fast, well distributed, trivially serialisable.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (state if state is not None else _scramble(seed)) & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n); rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next_u64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.randbelow(len(items))]

    def copy(self) -> "Rng":
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


def _scramble(seed: int) -> int:
    """Spread small seeds (0, 1, 2 …) over the whole state space."""
    r = Rng(state=(seed * 0x2545F4914F6CDD1D) & _MASK)
    return r.next_u64()
