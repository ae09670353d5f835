"""The server's table service: the live tables, and the app processes' way to them.

Each player's app process (on its own PTY, or behind the web door's websocket) talks to this
service over a Unix socket in the data directory, one JSON object a line (the protocol: see
`protocol.py`). It proves who it is with the token its session was started with, and then acts for
that player only: it sees the open tables, creates a table, takes a free seat (or its own again,
after a dropped connection) or watches. Once seated, it receives only its seat's updates (the
host's `SeatUpdate`, as JSON) and can send only that seat's moves. A table waits until every human
seat is taken, then a `TableHost` runs it; every change is written to the store (`store.py`), so a
restarted server resumes every table.

This module is the tables' life (made, joined, started, closed, expired, over and let go, seats
away and back) and the lobbies told when the list changes; its parts with a job of their own are
mixins beside it: `daily.py` (today's deals), `links.py` (browser link codes), `finished.py` (games
kept in the histories); `tables.py` (one table), `protocol.py` (one client and the protocol).

Trusting no client: the deal's seed is the server's own (`secrets`) and no client is told it
before game over; names are checked by `names.name_problem`; a player has at most
`WAITING_PER_PLAYER` waiting and `LIVE_PER_PLAYER` unfinished tables of their making, everyone
from one address `WAITING_PER_ADDRESS` waiting, the server `MAX_TABLES`; a table nobody joins
expires after `WAITING_HOURS`; every table shares one clock thread and a small pool of bot
threads; a hint is searched once a position; a move says which update it answers (`submit`'s
version); a player's requests are paced (`pacing.py`, `Limits.service_request_burst`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from pathlib import Path
from typing import Any

from cutthroat import saves
from cutthroat.engine.registry import game_info, get_rules, parse_variants, UnknownGame
from cutthroat.host import SystemClock, TableHost
from cutthroat.host.clock import PooledClock
from cutthroat.host.workers import PoolWorkers
from cutthroat.names import NAME_MAX, clean, name_problem, normal
from cutthroat.saves import BOT_LEVELS, Seat, SaveError
from cutthroat.serve.protocol import ClientLink
from cutthroat.serve.daily import DailyAttempt, DailyDeals
from cutthroat.serve.finished import FinishedGames
from cutthroat.serve.limits import Limits
from cutthroat.serve.links import BrowserLinks
from cutthroat.serve.pacing import TOLD_ASKS, RequestPacing
from cutthroat.serve.store import Store
from cutthroat.serve.tables import AWAY_SECONDS, TURN_SECONDS, LiveTable, Refused, _seconds
from cutthroat.session import Session

__all__ = ["LiveTable", "Refused", "TableService"]

log = logging.getLogger("cutthroat.serve")

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: a code read out loud is not misheard
MAX_LINE = 1 << 20  # a client's request, at most (bytes)
BOT_DELAY = 0.6  # seconds a bot waits before its move, so players can follow
WINDOW_SECONDS = 8.0  # a reaction window's time for the humans it asks
STAND_IN = "heuristic"
WAITING_PER_PLAYER = 3  # tables of a player's making waiting for players at once
WAITING_PER_ADDRESS = 12  # ... and of every player connected from one address (or IPv6 /64) together
LIVE_PER_PLAYER = 6  # tables of a player's making not yet over
MAX_TABLES = 200  # tables not yet over on the whole server
WAITING_HOURS = 6.0  # a table still waiting for its players this long is closed
FINISHED_KEPT_SECONDS = 600.0  # a finished table's players may look at it this long, then it is let go
BOT_THREADS = 2  # every table's bots think on this pool (the machine's cores, not a thread a table)


class TableService(DailyDeals, BrowserLinks, FinishedGames):
    def __init__(self, data: Path, bot_delay: float = BOT_DELAY, window_seconds: float = WINDOW_SECONDS,
                 test_seed: int | None = None, limits: Limits | None = None) -> None:
        self.data = data
        limits = limits or Limits()
        #: Each player's pace of requests (`pacing.py`; tests give it a clock of their own).
        self.pacing = RequestPacing(limits.service_requests_per_second, limits.service_request_burst)
        self.bot_delay = bot_delay
        self.window_seconds = window_seconds
        #: Tests only (`serve --test-seed N`): the n-th table made is dealt from N + n, so every
        #: run meets the same positions. Otherwise each deal's seed is the server's secret.
        self.test_seed = test_seed
        self._made = 0
        self.store = Store(data / "cutthroat.db")
        self.workers = PoolWorkers(BOT_THREADS)
        self._timers = SystemClock()  # one timer thread for every table; what falls due runs on the pool
        self.clock = PooledClock(self._timers, self.workers)
        self.tables: dict[str, LiveTable] = {}
        self.tokens: dict[str, tuple[str, str]] = {}  # session token → (player id, address)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.socket_path = data / "service.sock"
        self._server: asyncio.AbstractServer | None = None
        self.links: set[ClientLink] = set()
        #: The links whose lobby shows the list of tables: told when it may read differently
        #: (`tables_changed`), so no lobby asks for it while nothing happens.
        self.lobbies: set[ClientLink] = set()
        self._lobbies_told = False
        self.hint_searches = asyncio.Semaphore(BOT_THREADS)  # hints searched at once, all players together
        #: Today's leaderboards as last read from the history, (game, day) → ranked: read again
        #: only once a daily deal is kept (every lobby asks for them now and then).
        self._boards: dict[tuple[str, str], list] = {}
        #: One-time codes that make a browser a player (`link_code`; the web door redeems them):
        #: code → (player id, when it expires (monotonic), the address it was asked from).
        self.link_codes: dict[str, tuple[str, float, str]] = {}
        self.web_url: str | None = None  # the web door's public URL, if it was given
        self.web_door = False

    # -- life ----------------------------------------------------------------------------------
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.clean_names()
        self.resume_tables()
        self._sweep()
        self.socket_path.unlink(missing_ok=True)
        self._server = await asyncio.start_unix_server(self._client, path=str(self.socket_path), limit=MAX_LINE)
        self.socket_path.chmod(0o600)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for link in list(self.links):
            link.close()
        for table in self.tables.values():
            if table.host is not None:
                table.host.close()
        self._timers.close()
        self.workers.close()
        self.store.close()
        self.socket_path.unlink(missing_ok=True)

    def resume_tables(self) -> None:
        """Every table the store has that is not over: waiting again, or playing on from its
        last saved move."""
        for code, setup, status, game in self.store.live_tables():
            seats = setup["seats"]
            for i, seat in enumerate(seats):  # (names kept from before names were checked)
                seat["name"] = clean(seat.get("name"), f"Seat {i + 1}")
            maker = setup.get("maker", next((s.get("player") for s in seats if s.get("player")), None))
            table = LiveTable(code, setup["game"], setup["config"], setup["seed"], seats, maker,
                              setup.get("created", time.time()),
                              setup.get("away_seconds", AWAY_SECONDS), setup.get("turn_seconds", TURN_SECONDS),
                              daily=setup.get("daily"))
            self.tables[code] = table
            if game is not None:
                for seat, stored in zip(seats, game.get("seats", [])):
                    if isinstance(stored, dict):
                        stored["name"] = seat["name"]
                try:
                    session = Session.from_save(saves.parse(json.dumps(game).encode(), f"table {code}"))
                except SaveError as exc:
                    log.error("table %s can't be resumed: %s", code, exc)
                    continue
                if session.is_over:  # stopped between its last move and its record: kept now (once)
                    table.finished = True
                    self._keep_finished(table, session)
                    del self.tables[code]
                    continue
                if table.daily:
                    session.recorder = DailyAttempt(self, table)
                self._run(table, session)
            log.info("table %s (%s) resumed: %s", code, table.game, table.status)

    def clean_names(self) -> None:
        """Players' names kept from before names were checked: made good ones."""
        for player, name in self.store.players():
            kept = clean(name, "Player")
            if kept != name:
                self.store.set_name(player, kept)
                log.info("the name of %s was cleaned", player[:12])

    def name_of(self, player: str) -> str:
        return self.store.name(player) or "Player"

    def rename(self, player: str, name: Any) -> str:
        """A player's new name (refused with its reason); their seats at waiting tables follow."""
        problem = name_problem(name)
        if problem is not None:
            raise Refused(problem[:1].upper() + problem[1:])
        name = normal(name)
        self.store.set_name(player, name)
        for table in self.tables.values():
            seat = table.seat_of(player)
            if seat is not None and table.host is None:
                self._sit(table, seat, player, name)
        return name

    def _sweep(self) -> None:
        """Every minute: waiting tables past their time are closed."""
        limit = time.time() - WAITING_HOURS * 3600
        today = self.today()
        for table in list(self.tables.values()):
            if table.host is None and table.created < limit:
                self._remove(table, "expired")
            elif table.daily and table.daily < today and not table.finished:
                if table.host is not None:
                    table.host.close()
                self._remove(table, f"closed: the day of its deal ({table.daily}) is over")
        self.reveal_days(today)
        self.loop.call_later(60.0, self._sweep)

    def _remove(self, table: LiveTable, why: str) -> None:
        self.tables.pop(table.code, None)
        self.store.put_table(table.code, table.setup(), "closed", None)
        log.info("table %s (%s) %s", table.code, table.game, why)
        self.tables_changed()

    def tables_changed(self) -> None:
        """The list of tables may read differently (a table made, joined, started, closed, over or
        let go; a name changed): each lobby watching it is told so, once for all the changes of a
        turn of the loop, and asks for the list (which says what that player may see). On the
        loop's thread."""
        if self._lobbies_told or not self.lobbies:
            return
        self._lobbies_told = True

        def tell() -> None:
            self._lobbies_told = False
            for link in list(self.lobbies):
                link.send({"lobby": "tables"})
                link.told = set(TOLD_ASKS)  # (what it asks now answers the server's word: not paced)
        self.loop.call_soon(tell)

    def _seed(self) -> int:
        self._made += 1
        if self.test_seed is not None:
            return self.test_seed + self._made - 1
        return secrets.randbits(63)  # (the deal follows from it: too many to try them all from one hand)

    def new_token(self, player: str, address: str = "?") -> str:
        """A session's token: its app's way in, as `player` connected from `address` (the per-address
        table cap counts by it: fresh keys don't make a new player of the same client)."""
        token = secrets.token_urlsafe(24)
        self.tokens[token] = (player, address)
        return token

    def drop_token(self, token: str) -> None:
        self.tokens.pop(token, None)

    # -- tables --------------------------------------------------------------------------------
    def create(self, player: str, name: str, request: dict[str, Any], address: str = "?") -> LiveTable:
        """A new table of `player`'s making (connected from `address`), set up by `request`
        (refused with the reason); its seed is the server's own, whatever the request says."""
        mine = [t for t in self.tables.values() if t.maker == player and not t.finished]
        if sum(t.host is None for t in mine) >= WAITING_PER_PLAYER:
            raise Refused(f"You have {WAITING_PER_PLAYER} tables waiting: start or close one first (x)")
        near = [t for t in self.tables.values() if t.address == address and t.host is None and not t.finished]
        if address != "?" and len(near) >= WAITING_PER_ADDRESS:
            raise Refused(f"{WAITING_PER_ADDRESS} tables made from your address are waiting: join one of them")
        self._room_for_another(player, "join one, or try later")
        game = request.get("game")
        info, rules = self._playable(game)
        config = request.get("config") or {}
        if not isinstance(config, dict):
            raise Refused("config: an object of setup options")
        try:
            config = parse_variants(rules, [f"{k}={v}" for k, v in config.items()])
        except ValueError as exc:
            raise Refused(str(exc)) from None
        seats_in = request.get("seats")
        if not isinstance(seats_in, list) or not seats_in:
            raise Refused("seats: a list of human and bot seats")
        seats = []
        for i, s in enumerate(seats_in):
            kind = s.get("kind") if isinstance(s, dict) else None
            level = s.get("level") if isinstance(s, dict) else None
            if kind not in ("human", "bot") or (kind == "bot" and level not in BOT_LEVELS):
                raise Refused(f"seat {i + 1}: a human, or a bot of level {', '.join(BOT_LEVELS)}")
            label = s.get("name") or (f"Bot {i + 1}" if kind == "bot" else f"Seat {i + 1}")
            problem = name_problem(label)
            if problem is not None:
                raise Refused(f"seat {i + 1}: {problem}")
            seats.append({"kind": kind, "level": level if kind == "bot" else None,
                          "name": normal(label), "player": None})
        if not any(s["kind"] == "human" for s in seats):
            raise Refused("a table needs a human seat (yours)")
        problem = rules.setup_problem(config, len(seats))
        if problem:
            raise Refused(problem)
        away = _seconds(request.get("away_seconds"), AWAY_SECONDS, 1.0)
        turn = _seconds(request.get("turn_seconds"), TURN_SECONDS, 2.0)
        code = self._new_code()
        table = LiveTable(code, info.game_id, config, self._seed(), seats, player, time.time(), away, turn,
                          address=address)
        self.tables[code] = table
        self._sit(table, table.free_seat(), player, name)
        log.info("table %s (%s, %d seats) created by %s", code, info.game_id, len(seats), player[:12])
        return table

    def _room_for_another(self, player: str, then: str) -> None:
        """Refused if `player` has LIVE_PER_PLAYER tables of their making not yet over, or the
        server MAX_TABLES (`then`: what the player may do instead)."""
        if sum(t.maker == player and not t.finished for t in self.tables.values()) >= LIVE_PER_PLAYER:
            raise Refused(f"You have {LIVE_PER_PLAYER} tables not yet over: finish one first")
        if sum(not t.finished for t in self.tables.values()) >= MAX_TABLES:
            raise Refused(f"The server has as many tables as it can hold: {then}")

    @staticmethod
    def _playable(game: Any):
        """The game a request names, and its rules (refused: no such game, or no table for it)."""
        try:
            info = game_info(str(game))
            rules = get_rules(info.game_id)
        except UnknownGame as exc:
            raise Refused(str(exc)) from None
        if not info.playable:
            raise Refused(f"{info.name} has no table yet")
        return info, rules

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.tables:
                return code

    def table(self, code: Any, player: str | None = None) -> LiveTable:
        table = self.tables.get(str(code or "").strip().upper())
        if table is None or table.finished or (player is not None and not table.seen_by(player)):
            raise Refused(f"No open table has the code {str(code or '')[:8]!r}")
        return table

    def join(self, player: str, name: str, code: Any) -> tuple[LiveTable, int]:
        """A seat for `player`: theirs already (a reconnection), else the first free one."""
        table = self.table(code, player)
        seat = table.seat_of(player)
        if seat is None:
            seat = table.free_seat()
            if seat is None:
                raise Refused(f"Table {table.code} is full: watch it instead")
            self._sit(table, seat, player, name)
            log.info("%s joined table %s in seat %d", player[:12], table.code, seat + 1)
        return table, seat

    def _waiting_of(self, player: str, code: Any, doing: str, playing: str) -> LiveTable:
        """Table `code`, if `player` made it and it still waits (else refused: `doing` is what only
        its maker may do, `playing` what is said once it plays)."""
        table = self.table(code, player)
        if table.maker != player:
            raise Refused(f"Only the table's maker can {doing}")
        if table.host is not None:
            raise Refused(f"Table {table.code} {playing}")
        return table

    def start_now(self, player: str, code: Any) -> LiveTable:
        """The table's maker starts it with the players there so far: a bot in each free seat."""
        table = self._waiting_of(player, code, "start it early", "is already playing")
        names = {s["name"].casefold() for s in table.seats}
        for i, seat in enumerate(table.seats):
            if seat["kind"] == "human" and seat.get("player") is None:
                name = next(f"Bot {n}" for n in range(i + 1, 99) if f"bot {n}" not in names)
                names.add(name.casefold())
                seat.update(kind="bot", level=STAND_IN, name=name)
        self._start(table)
        log.info("table %s started early by %s", table.code, player[:12])
        return table

    def close(self, player: str, code: Any) -> None:
        """The table's maker closes it while it waits for players (nobody has played it)."""
        table = self._waiting_of(player, code, "close it", "is playing: it ends when its game does")
        self._remove(table, f"closed by {player[:12]}")

    # -- players away and back ---------------------------------------------------------------------
    def seat_listening(self, table: LiveTable, seat: int) -> None:
        """A screen listens to the seat: its player is here (a stand-in bot steps down)."""
        table.present[seat] = table.present.get(seat, 0) + 1
        timer = table.away.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if table.host is not None:
            table.host.stand_in(seat, None)

    def seat_left(self, table: LiveTable, seat: int) -> None:
        """No screen listens to the seat any more: after the table's away time, a bot plays it."""
        table.present[seat] = max(0, table.present.get(seat, 0) - 1)
        if not table.present[seat]:
            self._away(table, seat)

    def _ended(self, table: LiveTable) -> None:
        """A game over: no stand-in comes for anyone any more; a while later (its players have
        read the result) the table is let go."""
        for timer in table.away.values():
            timer.cancel()
        table.away.clear()

        def let_go() -> None:
            if self.tables.get(table.code) is table:
                del self.tables[table.code]
            table.host.close()
            self.tables_changed()
        self.loop.call_later(FINISHED_KEPT_SECONDS, let_go)
        self.tables_changed()  # (a table over leaves the list; its result joins the lobby's)

    def _away(self, table: LiveTable, seat: int) -> None:
        """Nobody plays `seat` now: after the table's away time, a bot does until they are back."""
        if table.host is None or table.finished or seat in table.away or table.daily:
            return  # (a daily deal is its player's own attempt: no bot plays it for them)
        host = table.host
        table.away[seat] = self.loop.call_later(table.away_seconds, lambda: host.stand_in(seat, STAND_IN))

    def _sit(self, table: LiveTable, seat: int, player: str, name: str) -> None:
        taken = {s["name"].casefold() for i, s in enumerate(table.seats) if i != seat}
        base, n = name[:NAME_MAX], 2
        while name.casefold() in taken:  # every player a different name at a table
            suffix = str(n)
            name, n = base[:NAME_MAX - len(suffix)] + suffix, n + 1
        table.seats[seat].update(player=player, name=name)
        if table.host is None and table.free_seat() is None:
            self._start(table)
        else:
            self.store.put_table(table.code, table.setup(), table.status, None)

    def _start(self, table: LiveTable) -> None:
        """A waiting table's game begins, dealt from its seed, with the seats as they are."""
        seats = [Seat(s["kind"], s["name"], s["level"]) for s in table.seats]
        session = Session(table.game, table.config, table.seed, seats, daily=table.daily)
        if table.daily:
            session.recorder = DailyAttempt(self, table)
        self._run(table, session)

    def _run(self, table: LiveTable, session: Session) -> None:
        """Every human seat is taken: the host runs the table; every change is stored."""
        host = TableHost(session, clock=self.clock, workers=self.workers, close_threads=False,
                         bot_delay=self.bot_delay, window_seconds=self.window_seconds,
                         turn_seconds=table.turn_seconds)
        table.host = host
        self.store.put_table(table.code, table.setup(), "playing", saves.to_json(session.save_data()))

        def changed(update) -> None:  # on the host's thread, inside the change: the session is still
            if table.finished:
                return  # (recorded once; a late change at a finished table is nobody's)
            self.store.put_table(table.code, table.setup(), "playing", saves.to_json(session.save_data()))
            if update.over:
                table.finished = True
                self._keep_finished(table, session)
                log.info("table %s over: %s", table.code, update.result.summary)
                self.loop.call_soon_threadsafe(self._ended, table)

        host.port(None).listen(changed)
        host.start()
        for seat, s in enumerate(table.seats):  # a player not at the table yet (or never come)
            if s["kind"] == "human" and not table.present.get(seat):
                self._away(table, seat)
        log.info("table %s (%s) is playing", table.code, table.game)

    # -- clients ---------------------------------------------------------------------------------
    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = ClientLink(self, writer)
        self.links.add(link)
        try:
            while True:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    link.send({"error": "request too long"})
                    break
                if not line:
                    break
                await link.handle(line)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            link.close()
            self.links.discard(link)
