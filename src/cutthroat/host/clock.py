"""Time for the table host, injected: the system's clock for play, a manual one for tests and
`simulate` (time moves only when told, so nothing ever waits)."""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from typing import Callable, Protocol

log = logging.getLogger("cutthroat.host")


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Run `callback` (on some thread) once `now()` reaches `when`, unless cancelled."""


class _Entry:
    __slots__ = ("when", "callback", "cancelled")

    def __init__(self, when: float, callback: Callable[[], None]) -> None:
        self.when, self.callback, self.cancelled = when, callback, False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """Starts at 0; `advance(seconds)` runs every callback that falls due, in time order, on the
    calling thread."""

    def __init__(self) -> None:
        self._now = 0.0
        self._due: list[tuple[float, int, _Entry]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: Callable[[], None]) -> _Entry:
        entry = _Entry(when, callback)
        heapq.heappush(self._due, (when, next(self._order), entry))
        return entry

    def advance(self, seconds: float) -> None:
        end = self._now + seconds
        while self._due and self._due[0][0] <= end:
            when, _, entry = heapq.heappop(self._due)
            self._now = max(self._now, when)
            if not entry.cancelled:
                entry.callback()
        self._now = end

    def pending(self) -> list[float]:
        """When the callbacks still waiting fall due (for tests)."""
        return sorted(when for when, _, entry in self._due if not entry.cancelled)


class SystemClock:
    """`time.monotonic`, with one daemon thread that runs callbacks when they fall due (a failing
    callback is logged and the clock goes on); `close()` ends the thread."""

    def __init__(self) -> None:
        self._due: list[tuple[float, int, _Entry]] = []
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()

    def now(self) -> float:
        return time.monotonic()

    def call_at(self, when: float, callback: Callable[[], None]) -> _Entry:
        entry = _Entry(when, callback)
        with self._wake:
            heapq.heappush(self._due, (when, next(self._order), entry))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="cutthroat-clock", daemon=True)
                self._thread.start()
            self._wake.notify()
        return entry

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._closed and (not self._due or self._due[0][0] > time.monotonic()):
                    timeout = self._due[0][0] - time.monotonic() if self._due else None
                    self._wake.wait(timeout)
                if self._closed:
                    return
                _, _, entry = heapq.heappop(self._due)
            if not entry.cancelled:
                try:
                    entry.callback()
                except Exception:  # noqa: BLE001 - one failing callback must not stop the clock
                    log.exception("a timer's callback failed")


class PooledClock:
    """A clock shared by many tables (a server's) whose callbacks run on a pool of workers, not
    on the clock's own thread: one table's step when its time is up (a stand-in's move, a store
    write) never holds back another table's timers. A callback that fires after a cancel still
    runs; the host's callbacks check their version, so a stale one does nothing."""

    def __init__(self, clock: Clock, workers) -> None:
        self.clock = clock
        self.workers = workers

    def now(self) -> float:
        return self.clock.now()

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        return self.clock.call_at(when, lambda: self.workers.run(callback))
