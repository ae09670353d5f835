"""The web door's TCP connections, counted from their first byte as the ssh door's are: refused at
once over the caps (`WebDoor.connection_refusal`), and closed after the login grace time unless
they have become a websocket. Apart from `web.py` because it sits below aiohttp (a protocol in
front of its handler, and the site that makes them), where the door is the HTTP app.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Callable

from aiohttp import web

from cutthroat.serve.limits import address_group, release

if TYPE_CHECKING:
    from cutthroat.serve.web import WebDoor

log = logging.getLogger("cutthroat.serve")

CONNECTIONS_PER_SESSION = 4  # TCP connections to the web port, per session the limits allow (a page and its files)


class CountedConnection(asyncio.Protocol):
    """One TCP connection to the web port, in front of aiohttp's own handler: refused at once over
    the caps (`WebDoor.connection_refusal`), and closed after the login grace time unless it has
    become a websocket by then (a page and its files take a moment; a slow client can't hold it)."""

    def __init__(self, door: "WebDoor", make: Callable[[], asyncio.Protocol]) -> None:
        self.door = door
        self.make = make
        self.handler: Any = None
        self.transport: asyncio.Transport | None = None
        self.address = "?"
        self.proxied = False
        self._grace: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername") or ("?", 0)
        door = self.door
        self.proxied = door._trusted(str(peer[0]))
        self.address = address_group(str(peer[0]))
        why = door.connection_refusal(self.address, self.proxied)
        if why is not None:
            log.warning("refused a web connection from %s: %s", self.address, why)
            transport.abort()
            return
        self.transport = transport  # type: ignore[assignment]
        door.connections += 1
        if not self.proxied:
            door.connections_from[self.address] = door.connections_from.get(self.address, 0) + 1
        self._grace = asyncio.get_running_loop().call_later(door.limits.login_grace, self._grace_over)
        self.handler = self.make()
        self.handler.connection_made(transport)

    def _grace_over(self) -> None:
        self._grace = None
        if self.transport is not None and self.transport not in self.door.upgraded:
            log.info("closed a web connection from %s: no session within %g s (--login-grace)",
                     self.address, self.door.limits.login_grace)
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.handler is not None:
            self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received() if self.handler is not None else None

    def pause_writing(self) -> None:
        if self.handler is not None:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if self.handler is not None:
            self.handler.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None
        if self.transport is None:
            return  # (refused: never counted)
        door = self.door
        door.connections -= 1
        door.upgraded.discard(self.transport)
        if not self.proxied:
            release(door.connections_from, self.address)
        self.transport = None
        self.handler.connection_lost(exc)


class CountedSite(web.BaseSite):
    """aiohttp's TCP site, each connection counted (`CountedConnection`)."""

    def __init__(self, runner: web.AppRunner, door: "WebDoor", host: str, port: int) -> None:
        super().__init__(runner, backlog=128)
        self.door = door
        self.host = host
        self.port = port

    @property
    def name(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def start(self) -> None:
        await super().start()
        make = self._runner.server
        assert make is not None
        self._server = await asyncio.get_running_loop().create_server(
            lambda: CountedConnection(self.door, make), self.host, self.port, backlog=self._backlog,
            reuse_address=True)
