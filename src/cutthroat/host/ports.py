"""A seat's port: the only way a player (a screen, a test, later a network client) sits at a
table. It hears that seat's updates and acts for that seat alone.

`WirePort` is the same port with JSON in between, both ways: what a client in another process
would get. Tests use it to show that nothing a seat may not see ever crosses.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Callable

from cutthroat.engine.codec import CodecError, decoder, encode
from cutthroat.engine.protocol import TABLE_EVENT_TYPES, Action, Event
from cutthroat.host.updates import Hint, SeatUpdate, TableInfo

if TYPE_CHECKING:
    from cutthroat.host.table import TableHost

Listener = Callable[[SeatUpdate], None]


class NothingHeld:
    """The shared screen's calls on a table nobody holds: a server table (no one player's menu
    stops it, and it has no hot-seat claims: others play on) or a replay (nothing runs). Each
    does nothing."""

    def start(self) -> None:
        pass

    def hold(self, key: str) -> None:
        pass

    def release(self, key: str) -> None:
        pass

    def pause_on(self, kinds: set[str], key: str) -> None:
        pass

    def claim(self, version: int) -> None:
        pass

    def unclaim(self) -> None:
        pass

    def all_pass(self, version: int) -> None:
        pass


class SeatPort:
    def __init__(self, host: "TableHost", seat: int | None) -> None:
        self._host = host
        self.seat = seat
        self.table: TableInfo = host.info
        self._listeners: list[Listener] = []

    @property
    def listening(self) -> bool:
        return bool(self._listeners)

    def listen(self, callback: Listener) -> SeatUpdate:
        """Hear every update from now on; returns the table as it is now. Listeners run on the
        host's writer thread: hand the update on, never call the host back from there."""
        self._listeners.append(callback)
        return self._host._hello(self.seat)

    def unlisten(self, callback: Listener) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def deliver(self, update: SeatUpdate) -> None:
        for callback in list(self._listeners):
            callback(update)

    # -- acting for this seat ---------------------------------------------------------------------
    def submit(self, action: Action, version: int | None = None) -> str | None:
        """None, or the one-line reason the move was refused (and nothing changed). `version`:
        the update the move answers (refused if the seat's position has changed since)."""
        if self.seat is None:
            return "A spectator can't play"
        return self._host.submit(self.seat, action, version)

    def undo(self) -> str | None:
        if self.seat is None:
            return "A spectator can't play"
        return self._host.undo(self.seat)

    def history(self) -> list[Event]:
        """Every event of the game so far as this seat may see it."""
        return self._host.history(self.seat)

    def take_back(self) -> str | None:
        """Take back this seat's play still waiting for its choices (None: done)."""
        if self.seat is None:
            return "A spectator can't play"
        return self._host.take_back(self.seat)

    def hint(self) -> Hint | None:
        """The hard bot's move for this seat now, with why; blocking (ask it off the UI thread)."""
        return None if self.seat is None else self._host.hint(self.seat)

    def skip_ahead(self) -> None:
        self._host.skip_ahead()

    def start(self) -> None:
        """The seat is listening: the table may begin (bots to act are asked)."""
        self._host.start()

    def hold(self, key: str) -> None:
        self._host.hold(f"{self.seat}:{key}")

    def release(self, key: str) -> None:
        self._host.release(f"{self.seat}:{key}")

    def pause_on(self, kinds: set[str], key: str) -> None:
        """Hold the table after any change telling one of these event kinds (see the host)."""
        self._host.pause_on(kinds, f"{self.seat}:{key}")

    def claim(self, version: int) -> None:
        """Answer the reaction window seen at `version` (the host drops a claim that came late)."""
        if self.seat is not None:
            self._host.claim(self.seat, version)

    def unclaim(self) -> None:
        if self.seat is not None:
            self._host.unclaim(self.seat)

    def all_pass(self, version: int) -> None:
        """The shared window seen at `version`: every human answering it passes now."""
        self._host.all_pass(version)


class WirePort:
    """A port seen through JSON text: updates are encoded, sent as text and decoded before a
    listener gets them; actions the same way before they reach the host."""

    def __init__(self, port: SeatPort) -> None:
        self._port = port
        self.seat = port.seat
        self.table = TableInfo.from_json(json.loads(json.dumps(port.table.to_json())))
        self.wire: list[str] = []  # every update as it crossed, for tests to read
        rules = port._host.rules
        self._decode_action = decoder(rules.action_types)
        self._decode_event = decoder(rules.event_types + TABLE_EVENT_TYPES)

    def listen(self, callback: Listener) -> SeatUpdate:
        def cross(update: SeatUpdate) -> SeatUpdate:
            text = json.dumps(update.to_json())
            self.wire.append(text)
            return SeatUpdate.from_json(json.loads(text), self.table.game)

        return cross(self._port.listen(lambda update: callback(cross(update))))

    def submit(self, action: Action, version: int | None = None) -> str | None:
        try:
            action = self._decode_action(json.loads(json.dumps(encode(action))))
        except CodecError as exc:
            return str(exc)
        return self._port.submit(action, version)

    def undo(self) -> str | None:
        return self._port.undo()

    def take_back(self) -> str | None:
        return self._port.take_back()

    def history(self) -> list[Event]:
        text = json.dumps([encode(e) for e in self._port.history()])
        return [self._decode_event(e) for e in json.loads(text)]

    def hint(self) -> Hint | None:
        hint = self._port.hint()
        if hint is None:
            return None
        return Hint(self._decode_action(json.loads(json.dumps(encode(hint.action)))), hint.why)

    def skip_ahead(self) -> None:
        self._port.skip_ahead()
