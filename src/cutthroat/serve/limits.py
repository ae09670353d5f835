"""What keeps one bad client from hurting the rest: caps on connections, on authentication
attempts, on idle time, on input and on window size. Plain data and small counters, so the server
and its tests read the same numbers."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Limits:
    total_connections: int = 64
    connections_per_key: int = 3
    auth_attempts_per_minute: int = 120  # keys offered, per client address (friends behind one NAT fit)
    auth_failures_per_minute: int = 20  # keys refused, per client address: then every key is, a while
    idle_seconds: float = 30 * 60  # no key pressed for this long: the connection is closed
    input_bytes_per_second: int = 4096  # beyond it, keys wait (a paste, a flood)
    max_columns: int = 400
    max_rows: int = 200
    stalled_seconds: float = 30.0  # a client that stops reading is dropped after this

    def window(self, columns: int, rows: int) -> tuple[int, int]:
        """A window size the app can be given: at least 1×1, at most max_columns×max_rows."""
        return max(1, min(int(columns or 80), self.max_columns)), max(1, min(int(rows or 24), self.max_rows))


class PerMinute:
    """How many times each key (an address) did something in the last minute (`add`), and
    whether that is over the limit (`over`)."""

    def __init__(self, limit: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.clock = clock
        self._times: dict[str, deque[float]] = defaultdict(deque)

    def _recent(self, key: str) -> deque[float]:
        now = self.clock()
        times = self._times[key]
        while times and now - times[0] > 60:
            times.popleft()
        return times

    def add(self, key: str) -> None:
        self._recent(key).append(self.clock())

    def over(self, key: str) -> bool:
        return len(self._recent(key)) >= self.limit


class InputBudget:
    """Bytes a second from one client: `wait_for(n)` says how long to hold those bytes back."""

    def __init__(self, per_second: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self.clock = clock
        self._start = clock()
        self._used = 0

    def wait_for(self, count: int) -> float:
        now = self.clock()
        if now - self._start >= 1.0:
            self._start, self._used = now, 0
        self._used += count
        if self._used <= self.per_second:
            return 0.0
        return self._used / self.per_second - (now - self._start)
