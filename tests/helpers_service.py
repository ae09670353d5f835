"""The table service in a test: running on an event loop of its own thread (as the server runs
it), with app-side clients over its real Unix socket."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from cutthroat.serve.client import RemotePort, ServiceClient
from cutthroat.serve.service import TableService


class Running:
    """A TableService on an event loop of its own thread (as the server runs it)."""

    def __init__(self, data: Path, test_seed: int = 0) -> None:
        self.loop = asyncio.new_event_loop()
        self.service = TableService(data, bot_delay=0.0, test_seed=test_seed)  # (every run the same deals)
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.service.start(), self.loop).result(10)

    def client(self, player: str, name: str, address: str = "?") -> ServiceClient:
        client = ServiceClient(str(self.service.socket_path), self.service.new_token(player, address))
        if client.name is None:
            client.request("name", name=name)
        return client

    def call(self, function, *args):
        """Run `function` on the service's loop (as its own requests run) and return its answer."""
        async def run():
            return function(*args)
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def crash(self) -> None:
        """Stop with nothing closed or flushed beyond what each move already wrote."""
        for table in self.service.tables.values():
            if table.host is not None:
                table.host.close()
        self._end()

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.service.stop(), self.loop).result(10)
        self._end()

    def _end(self) -> None:
        async def cancel_all() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(cancel_all(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def wait(condition, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def seated(client: ServiceClient, code: str) -> tuple[RemotePort, list]:
    joined = client.request("join", code=code)
    port = RemotePort(client, joined)
    heard: list = []
    heard.append(port.listen(heard.append))  # (the table as it is when joined, then every change)
    return port, heard


def two_at_a_table(running: Running, **table) -> tuple:
    """Ana makes a two-human Kill Your Friends table, Bob and Ana sit at it: (Bob's client, Ana's
    (port, heard), Bob's (port, heard), the code)."""
    ana, bob = running.client("p-ana", "Ana"), running.client("p-bob", "Bob")
    seats = [{"kind": "human"}, {"kind": "human"}]
    code = ana.request("create", game="kill-your-friends", config={}, seats=seats, **table)["code"]
    bob_seat = seated(bob, code)
    return bob, seated(ana, code), bob_seat, code
