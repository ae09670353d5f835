"""The table service's clients: one `ClientLink` a connected app process, speaking the service's
protocol (one JSON object a line on the Unix socket) for the one player its token names. Apart
from `service.py` because it is the protocol (what a client may ask, and what it is told), where
the service is what the tables do.

protocol (client → service, each with an "id"; the reply carries "re": that id, and "error" if
refused): hello {token} · name {name} · tables · watch_tables (this lobby is told {"lobby":
"tables"} when the list may read differently) · results · create {game, config, seats,
turn_seconds, away_seconds} · start_now {code} (its maker: bots in the free seats) · close {code}
(its maker, while it waits) · join {code} · watch {code} · leave · submit {action, version} ·
undo · take_back · hint · history · skip_ahead · share {ascii} (your daily deal's line to share, once
over) · daily (today's leaderboards, read only) ·
daily_start {game} (your own attempt at today's deal: seated at once) · link (a one-time code for a
browser at the web door). Pushed to a seated client: {"update": SeatUpdate}.

Each player's requests are paced (`pacing.py`: a burst, then a steady rate; a seated player's
game is not): one over it is answered {"error": "Slow down: ..."} and does nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cutthroat.engine.codec import CodecError, decoder, encode
from cutthroat.serve.links import LINK_SECONDS
from cutthroat.serve.pacing import NOT_PACED, SLOW_DOWN
from cutthroat.serve.tables import LiveTable, Refused

if TYPE_CHECKING:
    from cutthroat.serve.service import TableService

log = logging.getLogger("cutthroat.serve")

#: Requests after which the list of tables may read differently: the lobbies are told.
CHANGES_TABLES = frozenset({"name", "create", "start_now", "close", "join", "daily_start"})


@dataclass(eq=False)
class ClientLink:
    """One app process's connection: who it is, and the seat it listens to (if any)."""

    service: TableService
    writer: asyncio.StreamWriter
    player: str | None = None
    address: str = "?"  # where the player connected from (per-address caps)
    table: LiveTable | None = None
    seat: int | None = None
    port: Any = None
    listening: Any = None
    done: bool = False
    told: set[str] = field(default_factory=set)  # (asks answering the server's word: `pacing.TOLD_ASKS`)
    _decode_action: Any = field(default=None, repr=False)

    def send(self, message: dict[str, Any]) -> None:
        if not self.done:
            self.writer.write(json.dumps(message).encode() + b"\n")

    def push(self, update) -> None:
        self.send({"update": update.to_json()})

    def close(self) -> None:
        self.unlisten()
        self.service.lobbies.discard(self)
        self.done = True
        self.writer.close()

    def unlisten(self) -> None:
        if self.port is not None and self.listening is not None:
            self.port.unlisten(self.listening)
            if self.seat is not None:
                log.info("%s left table %s (seat %d)", (self.player or "?")[:12], self.table.code, self.seat + 1)
                self.service.seat_left(self.table, self.seat)
        self.port = self.listening = None

    async def handle(self, line: bytes) -> None:
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError
        except ValueError:
            self.send({"error": "not a JSON object"})
            return
        rid = request.get("id")
        op = str(request.get("op"))
        if self.player is not None and op not in NOT_PACED:
            if op in self.told:
                self.told.discard(op)
            elif not self.service.pacing.allow(self.player):
                self.send({"re": rid, "error": SLOW_DOWN})  # (nothing done; the connection goes on)
                return
        try:
            reply = await self.answer(op, request)
        except Refused as exc:
            self.send({"re": rid, "error": str(exc)})
            return
        except Exception as exc:  # noqa: BLE001 - one bad request is refused, never the server's end
            log.error("request %r failed: %r", request.get("op"), exc)
            self.send({"re": rid, "error": "the server could not do that"})
            return
        self.send({"re": rid, **reply})
        if op in CHANGES_TABLES:
            self.service.tables_changed()

    async def answer(self, op: str, request: dict[str, Any]) -> dict[str, Any]:
        service = self.service
        if op == "hello":
            who = service.tokens.get(str(request.get("token")))
            if who is None:
                raise Refused("unknown session")
            player, self.address = who
            self.player = player
            return {"player": player, "name": service.store.name(player)}
        if self.player is None:
            raise Refused("say hello first")
        if op == "name":
            return {"name": service.rename(self.player, request.get("name"))}
        name = service.name_of(self.player)
        if op == "link":  # (a code for a browser: the web door makes it this player)
            code = service.link_code(self.player, self.address)
            return {"code": f"{code[:4]}-{code[4:8]}-{code[8:]}", "url": service.web_url,
                    "minutes": LINK_SECONDS // 60}
        if op == "watch_tables":  # (this lobby is told when the list may read differently)
            service.lobbies.add(self)
            return {}
        if op == "tables":
            return {"tables": [t.summary(self.player) for t in service.tables.values()
                               if not t.finished and t.seen_by(self.player)]}  # (a daily table: its player's)
        if op == "daily":  # (read only: today's leaderboards and your own status)
            return service.daily_boards(self.player)
        if op == "daily_start":  # (your own attempt only: the table is made for this player)
            return self.listen(*service.join(self.player, name, service.daily_start(self.player, name,
                                                                                    request.get("game"),
                                                                                    self.address).code))
        if op == "create":
            table = service.create(self.player, name, request, self.address)
            return {"code": table.code}
        if op == "start_now":
            return {"code": service.start_now(self.player, request.get("code")).code}
        if op == "close":
            service.close(self.player, request.get("code"))
            return {}
        if op == "results":
            return {"results": service.results_of(self.player)}
        if op == "daily_game":  # (a daily deal's moves: its own player's, once its day is over)
            from cutthroat.serve.past_daily import daily_game
            return daily_game(service, self.player, request.get("code"), request.get("day"))
        if op in ("join", "watch"):
            if op == "join":
                table, seat = service.join(self.player, name, request.get("code"))
            else:
                table, seat = service.table(request.get("code"), self.player), None
            if table.host is None:
                return {"code": table.code, "waiting": True}
            return self.listen(table, seat)
        if op == "leave":
            self.unlisten()
            self.table = self.seat = None
            return {}
        if self.port is None:
            raise Refused("take a seat first")
        loop = asyncio.get_running_loop()
        port = self.port
        if op == "submit":
            try:
                action = self._decode_action(request.get("action"))
            except CodecError as exc:
                return {"reason": str(exc)}
            version = request.get("version")
            if not isinstance(version, int) or isinstance(version, bool):
                return {"reason": "a move says which update it answers (its version)"}
            return {"reason": await loop.run_in_executor(None, port.submit, action, version)}
        if op == "undo":
            return {"reason": await loop.run_in_executor(None, port.undo)}
        if op == "take_back":
            return {"reason": await loop.run_in_executor(None, port.take_back)}
        if op == "hint":  # (a search: asked once a position, a few at a time on the whole server)
            key = (self.seat, self.table.host.session.version)
            if key not in self.table.hints:
                async with service.hint_searches:
                    hint = await loop.run_in_executor(None, port.hint)
                found = None if hint is None else {"action": encode(hint.action), "why": hint.why}
                self.table.hints = {k: v for k, v in self.table.hints.items() if k[1] == key[1]} | {key: found}
            return {"hint": self.table.hints.get(key)}
        if op == "history":
            events = await loop.run_in_executor(None, port.history)
            return {"events": [encode(e) for e in events]}
        if op == "skip_ahead":
            port.skip_ahead()
            return {}
        if op == "share":
            return {"share": self.share_line(request.get("ascii") is True)}
        raise Refused(f"no such request: {op[:20]!r}")

    def share_line(self, ascii: bool) -> str | None:
        """The seat's line to share once its daily deal is over (no spoilers: the deal stays the
        server's); None at any other table, or for a spectator."""
        from dataclasses import replace

        from cutthroat.history.daily import share_line

        session = self.table.host.session
        if not self.table.daily or self.seat is None or not session.is_over:
            return None
        return share_line(replace(session.finished_game(), humans=(self.seat,)), ascii)

    def listen(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """Listen to `seat`'s port (None: the public view): its hello now, its updates pushed."""
        self.unlisten()
        host = table.host
        port = host.port(seat)
        loop = self.service.loop

        def heard(update) -> None:  # on the host's thread
            try:
                loop.call_soon_threadsafe(self.push, update)
            except RuntimeError:  # the service is stopping: nobody to tell
                pass

        hello = port.listen(heard)
        self.table, self.seat, self.port, self.listening = table, seat, port, heard
        if seat is not None:
            log.info("%s is at table %s (seat %d)", (self.player or "?")[:12], table.code, seat + 1)
            self.service.seat_listening(table, seat)
        else:
            log.info("%s watches table %s", (self.player or "?")[:12], table.code)
        self._decode_action = decoder(host.rules.action_types)
        return {"code": table.code, "table": host.info.to_json(), "seat": seat, "hello": hello.to_json()}

