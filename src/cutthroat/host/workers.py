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


class ThreadWorkers:
    """One daemon thread, jobs in order: a table's bots think one at a time."""

    def __init__(self, name: str = "cutthroat-bots") -> None:
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    def run(self, job: Callable[[], None]) -> None:
        self._jobs.put(job)

    def close(self) -> None:
        self._jobs.put(None)

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                job()
            except Exception:  # noqa: BLE001 - one failing job must not stop the table's bots
                log.exception("a bot's job failed")
