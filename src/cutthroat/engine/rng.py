"""A seeded RNG whose whole state is one integer.

It lives inside game states, so a save resumes the exact shuffle and copying a state for bot
search costs nothing. Counter mode over BLAKE2b: each block hashes the 64-bit counter into sixteen
32-bit words, so a 48-card shuffle costs three hash calls. Deterministic on every platform and
Python version (no dependence on the `random` module's algorithms).
"""

from __future__ import annotations

import hashlib
import struct
from operator import mod

_MASK = (1 << 64) - 1
_WORDS = struct.Struct("<16I")
_TWO32 = 1 << 32
_SMALL = 256
#: The rejection limit for each small bound n: draws at or above it would bias x % n.
_LIMITS = (0,) + tuple(_TWO32 - _TWO32 % n for n in range(1, _SMALL))


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (state if state is not None else _scramble(seed)) & _MASK

    def _block(self) -> tuple[int, ...]:
        counter = self.state
        self.state = (counter + 1) & _MASK
        return _WORDS.unpack(hashlib.blake2b(counter.to_bytes(8, "little"), digest_size=64).digest())

    def _below(self, bounds: list[int]) -> list[int]:
        """One uniform integer in [0, n) for each n in `bounds` (rejection sampling, no bias)."""
        out = []
        words: tuple[int, ...] = ()
        k = 16
        for n in bounds:
            if not 0 < n <= _TWO32:
                raise ValueError("bound must be in 1..2**32")
            limit = _TWO32 - _TWO32 % n
            while True:
                if k == 16:
                    words, k = self._block(), 0
                x = words[k]
                k += 1
                if x < limit:
                    out.append(x % n)
                    break
        return out

    def next_u64(self) -> int:
        words = self._block()
        return words[0] | (words[1] << 32)

    def randbelow(self, n: int) -> int:
        return self._below([n])[0]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates with one draw per position: the same draws as `_below(range(n, 1, -1))`.
        A deal shuffles 48 cards every round, so this is on the hot path: the blocks the draws
        need are hashed at once and every draw checked against its limit in one pass; only where
        one might be rejected (its word among the few highest: about once in ten million deals) does
        the draw-by-draw loop run instead."""
        plan = _SHUFFLE_PLANS.get(len(items)) or _shuffle_plan(len(items))
        if plan is None:
            return self._shuffle_by_draws(items)
        blocks, unpack, bounds, lowest_limit, positions = plan
        start = self.state
        if blocks == 1:
            words = unpack(hashlib.blake2b(start.to_bytes(8, "little"), digest_size=64).digest())
        else:
            words = unpack(b"".join(
                hashlib.blake2b(((start + b) & _MASK).to_bytes(8, "little"), digest_size=64).digest()
                for b in range(blocks)))
        if max(words) >= lowest_limit:  # (every word under every draw's limit: none rejected)
            return self._shuffle_by_draws(items)
        self.state = (start + blocks) & _MASK
        for i, j in zip(positions, map(mod, words, bounds)):
            items[i], items[j] = items[j], items[i]

    def _shuffle_by_draws(self, items: list) -> None:
        """`shuffle`, one draw at a time (a rejected draw takes the next word)."""
        words: tuple[int, ...] = ()
        k = 16
        block = self._block
        for i in range(len(items) - 1, 0, -1):
            bound = i + 1
            limit = _LIMITS[bound] if bound < _SMALL else _TWO32 - _TWO32 % bound
            while True:
                if k == 16:
                    words, k = block(), 0
                x = words[k]
                k += 1
                if x < limit:
                    break
            j = x % bound
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.randbelow(len(items))]

    def copy(self) -> "Rng":
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


#: List length → how `shuffle` draws for it: (blocks hashed, their unpacker, each draw's bound,
#: the lowest of the draws' limits, each draw's position), made on first use for lengths 2 … 255.
_SHUFFLE_PLANS: dict[int, tuple] = {}


def _shuffle_plan(n: int) -> tuple | None:
    if not 2 <= n < _SMALL:
        return None
    positions = tuple(range(n - 1, 0, -1))
    bounds = tuple(i + 1 for i in positions)
    blocks = -(-len(positions) // 16)
    plan = _SHUFFLE_PLANS[n] = (blocks, struct.Struct(f"<{16 * blocks}I").unpack, bounds,
                                min(_LIMITS[b] for b in bounds), positions)
    return plan


def _scramble(seed: int) -> int:
    """Spread small seeds (0, 1, 2 …) over the whole state space; any integer seed works."""
    data = str(int(seed)).encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8, person=b"cutthroat-seed").digest(), "little")
