"""Where bots think: off the caller's thread in play (`ThreadWorkers`), inline in tests and
`simulate` (`InlineWorkers`), so the same host code runs both ways."""

from __future__ import annotations

import logging
import queue
import threading
from typing import Callable, Protocol

log = logging.getLogger("cutthroat.host")


class Workers(Protocol):
    def run(self, job: Callable[[], None]) -> None:
        """Run `job` (which reports its own result) now or soon, on some thread."""


class InlineWorkers:
    def run(self, job: Callable[[], None]) -> None:
        job()


class PoolWorkers:
    """A few daemon threads for many tables (a server's): jobs in the order they came, each on
    the first thread free. A table asks one bot at a time, so its own jobs never overlap."""

    def __init__(self, threads: int, name: str = "cutthroat-bots") -> None:
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._loop, name=name if threads == 1 else f"{name}-{i + 1}",
                                          daemon=True) for i in range(threads)]
        for thread in self._threads:
            thread.start()

    def run(self, job: Callable[[], None]) -> None:
        self._jobs.put(job)

    def close(self) -> None:
        for _ in self._threads:
            self._jobs.put(None)

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                job()
            except Exception:  # noqa: BLE001 - one failing job must not stop the bots
                log.exception("a bot's job failed")


class ThreadWorkers(PoolWorkers):
    """One daemon thread, jobs in order: a table's bots think one at a time."""

    def __init__(self, name: str = "cutthroat-bots") -> None:
        super().__init__(1, name)
