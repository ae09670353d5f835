"""The clairvoyant round solver: the most kings a player who knew the deck order could kill.

The `hard` bot does not know the order. It samples orders consistent with what it has seen and
asks this solver about each candidate move (perfect-information Monte Carlo), so the solver is
its hot path. `_clairvoyant.c` is compiled when the package is installed (see `hatch_build.py`)
and loaded here with ctypes; `solve_py` is the same search in Python, the reference the tests
hold the compiled one to. It is far too slow for the bot: without the compiled library, `hard`
values orders by playing them out instead (see `bots.py`).

Encoding, as in the bots: a card is `rank * 2 + red`; a column is (n, rank, red) with n the
cards under its king and rank/red those of its last card (the king's when n is 0).
"""

from __future__ import annotations

import ctypes
import sys
import threading
from pathlib import Path
from typing import Sequence

# Not an importable name (the extra dot): it is a plain C library, not a Python extension.
LIBRARY_NAME = "_clairvoyant.ctypes.dll" if sys.platform == "win32" else "_clairvoyant.ctypes.so"

_IntArray4 = ctypes.c_int * 4
_IntArray64 = ctypes.c_int * 64


def _load():
    path = Path(__file__).with_name(LIBRARY_NAME)
    if not path.exists():
        return None
    try:
        lib = ctypes.CDLL(str(path))
        lib.ktk_set_deck.argtypes = (ctypes.POINTER(ctypes.c_int), ctypes.c_int)
        lib.ktk_set_deck.restype = None
        lib.ktk_solve.argtypes = (ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                                  ctypes.c_int, ctypes.c_int)
        lib.ktk_solve.restype = ctypes.c_int
    except (OSError, AttributeError):
        return None
    return lib


_LIB = _load()

#: True when the compiled solver loaded; the `hard` bot searches with it only then.
COMPILED = _LIB is not None


class CompiledSolver:
    """Values positions on sampled deck orders with the compiled solver.

    A position is (n, r, k, res, must_draw): must_draw means the next act is the draw (the
    candidate move "draw now"), so no reserve play may come first.
    """

    #: The library keeps one memo table and one deck: one search at a time (ctypes lets go of
    #: the GIL, and the table's hint runs in a worker thread).
    _lock = threading.Lock()

    def __init__(self) -> None:
        if _LIB is None:
            raise RuntimeError("the compiled clairvoyant solver is not built")
        self._lib = _LIB

    @staticmethod
    def prepare(positions: Sequence[tuple]) -> list[tuple]:
        """Packs positions once, to value them on many orders."""
        out = []
        for n, r, k, res, must_draw in positions:
            cols = _IntArray4(*[(n[c] << 5) | (r[c] << 1) | k[c] for c in range(4)])
            out.append((cols, _IntArray4(*res), len(res), int(must_draw)))
        return out

    def values(self, deck: Sequence[int], prepared: Sequence[tuple]) -> list[int]:
        """Kings a clairvoyant kills from each prepared position if the deck comes in order
        `deck` (the next card first)."""
        count = min(len(deck), 64)
        cards = _IntArray64(*deck[:count])
        with self._lock:
            self._lib.ktk_set_deck(cards, count)
            return [self._lib.ktk_solve(*p) for p in prepared]


# --- the reference: the same search in Python ------------------------------------------------

def _fits(col, x: int) -> bool:
    n, r, k = col
    return n < 5 and (x & 1) != k and (x >> 1) < r


def _end_kills(cols: list, res: tuple) -> int:
    best = sum(1 for c in cols if c[0] == 5)
    if best == 4 or not res:
        return best
    for j, y in enumerate(res):
        if y in res[:j]:
            continue
        rest = res[:j] + res[j + 1:]
        for c, col in enumerate(cols):
            if _fits(col, y):
                cols[c] = (col[0] + 1, y >> 1, y & 1)
                v = _end_kills(cols, rest)
                cols[c] = col
                if v > best:
                    best = v
                    if best == 4:
                        return 4
    return best


def solve_py(n: Sequence[int], r: Sequence[int], k: Sequence[int], res: Sequence[int],
             deck: Sequence[int], must_draw: bool = False) -> int:
    """Most kings killable from this position if the deck comes in order `deck` (next first)."""
    memo: dict = {}
    deck = tuple(deck)

    def go(cols: tuple, res: tuple, i: int, must_draw: bool) -> int:
        killed = bound = 0
        for cn, cr, _ in cols:
            if cn == 5:
                killed += 1
                bound += 1
            elif cr - 1 >= 5 - cn:
                bound += 1
        if killed == bound:
            return killed
        if i >= len(deck):
            return _end_kills(list(cols), res)
        key = (i, tuple(sorted(cols)), tuple(sorted(res)))
        if not must_draw and key in memo:
            return memo[key]
        best = killed
        x = deck[i]
        full = len(res) == 4
        homes = []
        for c, col in enumerate(cols):
            if _fits(col, x) and col not in cols[:c]:
                homes.append(c)
        for c in homes:
            if best >= bound:
                break
            after = cols[:c] + ((cols[c][0] + 1, x >> 1, x & 1),) + cols[c + 1:]
            best = max(best, go(after, res, i + 1, False))
        if not full and best < bound:
            best = max(best, go(cols, res + (x,), i + 1, False))
        if not must_draw:
            for j, y in enumerate(res):
                if best >= bound:
                    break
                if y in res[:j]:
                    continue
                rest = res[:j] + res[j + 1:]
                useful = (full or ((x & 1) != (y & 1) and (x >> 1) < (y >> 1))
                          or any((z & 1) != (y & 1) and (z >> 1) < (y >> 1) for z in rest))
                if not useful:
                    continue
                for c, col in enumerate(cols):
                    if best >= bound:
                        break
                    if _fits(col, y) and col not in cols[:c]:
                        after = cols[:c] + ((col[0] + 1, y >> 1, y & 1),) + cols[c + 1:]
                        best = max(best, go(after, rest, i, False))
            memo[key] = best
        return best

    cols = tuple((n[c], r[c], k[c]) for c in range(4))
    return go(cols, tuple(res), 0, must_draw)
