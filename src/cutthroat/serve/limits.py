"""What keeps one bad client from hurting the rest: caps on connections (counted from the first
byte), on login time, on authentication attempts, on idle time, on input, on resizes, on
window size and on a player's requests to the table service (`pacing.py`). Plain data and small
counters, so the server and its tests read the same numbers.

Every field has a `cutthroat serve` flag of the same name (`total_connections` is
`--total-connections`); docs/serving.md ("Limits") lists them."""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Limits:
    total_connections: int = 64  # TCP connections at once, counted from the first byte
    connections_per_address: int = 24  # of those, from one client address (friends behind one NAT fit)
    connections_per_key: int = 3  # logged-in connections (and game sessions) of one key at once
    login_grace: float = 30.0  # seconds to log in and open a game session; then (and whenever no
    #                            session is open for this long) the connection is closed
    auth_attempts_per_minute: int = 600  # keys offered from one address a minute (all keys): the ceiling
    key_attempts_per_minute: int = 60  # one key offered from one address a minute
    auth_failures_per_minute: int = 20  # one key refused from one address a minute: then that key waits
    idle_seconds: float = 30 * 60.0  # no key pressed for this long: the connection is closed
    input_bytes_per_second: int = 4096  # beyond it, keys wait (a paste, a flood)
    max_columns: int = 400
    max_rows: int = 200
    stalled_seconds: float = 30.0  # a client that stops reading is dropped after this
    resize_interval: float = 0.25  # at most one window change a session this often (the latest wins)
    web_sessions_per_minute: int = 30  # new web sessions (websockets) from one address a minute
    max_players: int = 10000  # player folders on the server: then no new browser player (existing ones always)
    unnamed_player_hours: float = 24.0  # a folder never named, with no game or history, unused this long: removed
    service_request_burst: int = 40  # a player's requests to the table service at once (lobby reads, names, tables)...
    service_requests_per_second: int = 4  # ... then this many a second; over it: "Slow down", nothing done

    def window(self, columns: int, rows: int) -> tuple[int, int]:
        """A window size the app can be given: at least 1×1, at most max_columns×max_rows."""
        return max(1, min(int(columns or 80), self.max_columns)), max(1, min(int(rows or 24), self.max_rows))


class PerMinute:
    """How many times each key (an address, or an address and a key's fingerprint) did something
    in the last minute (`add`), and whether that is over the limit (`over`). Keys with nothing
    in the last minute are forgotten, so a client making up keys can't grow it for good."""

    def __init__(self, limit: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.clock = clock
        self._times: dict[str, deque[float]] = {}
        self._prune_at = 4096

    def _recent(self, key: str) -> deque[float] | None:
        times = self._times.get(key)
        if times is None:
            return None
        now = self.clock()
        while times and now - times[0] > 60:
            times.popleft()
        if not times:
            del self._times[key]
            return None
        return times

    def add(self, key: str) -> None:
        times = self._recent(key)
        if times is None:
            times = self._times[key] = deque()
        times.append(self.clock())
        if len(self._times) > self._prune_at:  # (now and then: drop whatever has aged out)
            for old in list(self._times):
                self._recent(old)
            self._prune_at = max(4096, 2 * len(self._times))

    def count(self, key: str) -> int:
        times = self._recent(key)
        return 0 if times is None else len(times)

    def over(self, key: str) -> bool:
        return self.count(key) >= self.limit


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


def address_group(address: str) -> str:
    """What the per-address limits count: an IPv4 address as it is, an IPv6 address by its /64
    (one client is handed a whole /64, so counting single addresses would count nothing)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped is not None:  # (an IPv4 client on a dual-stack socket)
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


def release(counts: dict, key) -> None:
    """One fewer of `key` in a count of what is open (connections, sessions): its entry goes at
    zero, so the count holds only what is open."""
    left = counts.get(key, 1) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)
