"""The app process's side of the table service (`service.py`): a connection over the Unix
socket its session was started with (`CUTTHROAT_SERVICE`, `CUTTHROAT_TOKEN`), and `RemotePort`,
a seat's port across it — the same calls as the host's `SeatPort`, so a table screen is a thin
client of a seat at a server table exactly as of one at home. Headless (threads, no Textual):
updates arrive on the reader thread, as a host's would on its own."""

from __future__ import annotations

import json
import os
import socket
import threading
from typing import Any, Callable

from cutthroat.engine.codec import decoder, encode
from cutthroat.engine.protocol import TABLE_EVENT_TYPES, Action, Event
from cutthroat.engine.registry import get_rules
from cutthroat.host.ports import NothingHeld
from cutthroat.host.updates import Hint, SeatUpdate, TableInfo

Listener = Callable[[SeatUpdate], None]


def token_from_environment() -> str | None:
    """This session's service token, once: read from the pipe the server handed the app
    (`CUTTHROAT_TOKEN_FD`, then closed), or taken out of `CUTTHROAT_TOKEN` (tests). Either way it
    is gone from the environment afterwards, so nothing the app starts inherits it, and it never
    was in the environment the server started the app with (`/proc/PID/environ`)."""
    fd = os.environ.pop("CUTTHROAT_TOKEN_FD", None)
    token = os.environ.pop("CUTTHROAT_TOKEN", None) or None
    if fd is not None:
        try:
            with os.fdopen(int(fd), "rb") as pipe:
                token = pipe.read(1024).decode("ascii", "replace").strip() or token
        except (OSError, ValueError):
            pass
    return token


class ServiceError(Exception):
    """The service refused (its one-line reason) or is gone."""


class ServiceClient:
    """Requests and their replies, one JSON object a line; pushed updates go to `on_update`."""

    def __init__(self, path: str, token: str, timeout: float = 30.0) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.sock.settimeout(None)
        self.timeout = timeout
        self._file = self.sock.makefile("rb")
        self._send_lock = threading.Lock()
        self._waiting: dict[int, tuple[threading.Event, list]] = {}
        self._next = 0
        self._lock = threading.Lock()
        self.on_update: Callable[[dict[str, Any]], None] | None = None
        #: Called (on the reader thread) when the server says the list of tables may read
        #: differently, once `watch_tables` was asked.
        self.on_tables_changed: Callable[[], None] | None = None
        self.closed = False
        self._reader = threading.Thread(target=self._read, name="cutthroat-service", daemon=True)
        self._reader.start()
        hello = self.request("hello", token=token)
        self.player: str = hello["player"]
        self.name: str | None = hello.get("name")

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        with self._lock:
            self._next += 1
            rid = self._next
            done: tuple[threading.Event, list] = (threading.Event(), [])
            self._waiting[rid] = done
        line = json.dumps({"id": rid, "op": op, **fields}).encode() + b"\n"
        try:
            with self._send_lock:
                self.sock.sendall(line)
        except OSError:
            self._waiting.pop(rid, None)
            raise ServiceError("the server is gone") from None
        if not done[0].wait(self.timeout):
            self._waiting.pop(rid, None)
            raise ServiceError("the server did not answer")
        reply = done[1][0]
        if "error" in reply:
            raise ServiceError(reply["error"])
        return reply

    def _read(self) -> None:
        try:
            for line in self._file:
                message = json.loads(line)
                if "update" in message:
                    if self.on_update is not None:
                        self.on_update(message["update"])
                    continue
                if "lobby" in message:
                    if self.on_tables_changed is not None:
                        self.on_tables_changed()
                    continue
                waiting = self._waiting.pop(message.get("re"), None)
                if waiting is not None:
                    waiting[1].append(message)
                    waiting[0].set()
        except (OSError, ValueError):
            pass
        finally:
            self.closed = True
            for event, box in list(self._waiting.values()):
                box.append({"error": "the server is gone"})
                event.set()

    def close(self) -> None:
        self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass


class RemotePort(NothingHeld):
    """A seat's port at a server table (`seat` None: watching). Every call crosses to the
    service; updates come back pushed, decoded to `SeatUpdate`s."""

    def __init__(self, client: ServiceClient, joined: dict[str, Any]) -> None:
        self.client = client
        self.code: str = joined["code"]
        self.table = TableInfo.from_json(joined["table"])
        self.seat: int | None = joined["seat"]
        self._hello = SeatUpdate.from_json(joined["hello"], self.table.game)
        #: The latest update handed to the screen: a move answers it (the service refuses a move
        #: on a position that has moved on since, e.g. a Nope window someone else answered first).
        self.version = self._hello.version
        rules = get_rules(self.table.game)
        self._decode_action = decoder(rules.action_types)
        self._decode_event = decoder(rules.event_types + TABLE_EVENT_TYPES)
        self._listeners: list[Listener] = []
        client.on_update = self._pushed

    def _pushed(self, data: dict[str, Any]) -> None:
        update = SeatUpdate.from_json(data, self.table.game)
        self.version = update.version
        for listener in list(self._listeners):
            listener(update)

    # -- the port's calls ------------------------------------------------------------------------
    def listen(self, callback: Listener) -> SeatUpdate:
        self._listeners.append(callback)
        return self._hello

    def unlisten(self, callback: Listener) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)
        if not self._listeners:
            self._ask("leave")

    def _ask(self, op: str, **fields: Any) -> dict[str, Any] | None:
        try:
            return self.client.request(op, **fields)
        except ServiceError:
            return None

    def _reason(self, op: str, **fields: Any) -> str | None:
        try:
            return self.client.request(op, **fields).get("reason")
        except ServiceError as exc:
            return str(exc)

    def submit(self, action: Action, version: int | None = None) -> str | None:
        if self.seat is None:
            return "A spectator can't play"
        return self._reason("submit", action=encode(action), version=self.version if version is None else version)

    def undo(self) -> str | None:
        return self._reason("undo")

    def take_back(self) -> str | None:
        return self._reason("take_back")

    def hint(self) -> Hint | None:
        reply = self._ask("hint")
        hint = reply.get("hint") if reply else None
        return None if hint is None else Hint(self._decode_action(hint["action"]), hint.get("why", ""))

    def history(self) -> list[Event]:
        reply = self._ask("history")
        return [self._decode_event(e) for e in reply["events"]] if reply else []

    def skip_ahead(self) -> None:
        self._ask("skip_ahead")

    def share(self, ascii: bool) -> str | None:
        """This seat's daily deal's line to share, once over (the server alone knows the deal)."""
        reply = self._ask("share", ascii=ascii)
        return reply.get("share") if reply else None

