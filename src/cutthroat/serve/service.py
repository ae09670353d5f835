"""The server's table service: the live tables, and the app processes' way to them.

Each player's app process (on its own PTY) talks to this service over a Unix socket in the data
directory, one JSON object a line (`protocol` below). It proves who it is with the token its
session was started with, and then acts for that player only: it sees the open tables, creates a
table, takes a free seat (or its own again, after a dropped connection) or watches. Once seated,
it receives only its seat's updates (the host's `SeatUpdate`, as JSON) and can send only that
seat's moves. A table waits until every human seat is taken, then a `TableHost` runs it; every
change is written to the store (`store.py`), so a restarted server resumes every table.

protocol (client → service, each with an "id"; the reply carries "re": that id, and "error" if
refused): hello {token} · name {name} · tables · results · create {game, config, seats,
turn_seconds, away_seconds} · start_now {code} (its maker: bots in the free seats) · close {code}
(its maker, while it waits) · join {code} · watch {code} · leave · submit {action, version} ·
undo · take_back · hint · history · skip_ahead · share {ascii} (your daily deal's line to share, once
over) · daily (today's leaderboards, read only) ·
daily_start {game} (your own attempt at today's deal: seated at once). Pushed to a seated client:
{"update": SeatUpdate}.

Trusting no client: the deal's seed is the server's own (`secrets`) and no client is told it
before game over; names are checked by `names.name_problem`; a player has at most
`WAITING_PER_PLAYER` waiting and `LIVE_PER_PLAYER` unfinished tables of their making, everyone
from one address `WAITING_PER_ADDRESS` waiting, the server `MAX_TABLES`; a table nobody joins
expires after `WAITING_HOURS`; every table shares one clock thread and a small pool of bot
threads; a hint is searched once a position; a move says which update it answers (`submit`'s
version).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cutthroat import saves
from cutthroat.engine.codec import CodecError, decoder, encode
from cutthroat.engine.registry import GAMES, UnknownGame, game_info, get_rules, parse_variants
from cutthroat.host import SystemClock, TableHost
from cutthroat.host.clock import PooledClock
from cutthroat.host.workers import PoolWorkers
from cutthroat.names import NAME_MAX, clean, name_problem, normal
from cutthroat.saves import BOT_LEVELS, Seat, SaveError
from cutthroat.serve.store import Store
from cutthroat.session import Session

log = logging.getLogger("cutthroat.serve")

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: a code read out loud is not misheard
MAX_LINE = 1 << 20  # a client's request, at most (bytes)
BOT_DELAY = 0.6  # seconds a bot waits before its move, so players can follow
WINDOW_SECONDS = 8.0  # a reaction window's time for the humans it asks
AWAY_SECONDS = 60.0  # a seat left empty this long (a dropped connection) gets a stand-in bot
STAND_IN = "heuristic"
TURN_SECONDS = 90.0  # a human's time for a move (then a bot makes that one move for them)
WAITING_PER_PLAYER = 3  # tables of a player's making waiting for players at once
WAITING_PER_ADDRESS = 12  # ... and of every player connected from one address (or IPv6 /64) together
LIVE_PER_PLAYER = 6  # tables of a player's making not yet over
MAX_TABLES = 200  # tables not yet over on the whole server
WAITING_HOURS = 6.0  # a table still waiting for its players this long is closed
FINISHED_KEPT_SECONDS = 600.0  # a finished table's players may look at it this long, then it is let go
RESULTS_LOOKED_AT = 500  # a lobby's "your last games" looks this far back (the server's newest games)
BOT_THREADS = 2  # every table's bots think on this pool (the machine's cores, not a thread a table)
#: Requests after which the list of tables may read differently: the lobbies are told.
LINK_SECONDS = 600  # a browser link code is good for this long, once
LINK_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # (no 0/O, 1/I/L: read off a screen)
LINK_LENGTH = 12  # about 59 bits
LINK_CODES_MAX = 1000  # codes waiting on the server at once (one a player)
LINK_CODES_PER_ADDRESS = 10  # ... of every player connected from one address (or IPv6 /64) together
CHANGES_TABLES = frozenset({"name", "create", "start_now", "close", "join", "daily_start"})


def _seconds(value: Any, default: float, least: float) -> float:
    """A table's time setting from a request: a number of seconds within [least, an hour]."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return default
    return max(least, min(float(value), 3600.0))


class Refused(Exception):
    """A request the service says no to, with the one-line reason the client shows."""


@dataclass
class LiveTable:
    """One table: its setup, who sits where, and (once every human seat is taken) its host."""

    code: str
    game: str
    config: dict[str, str]
    seed: int
    seats: list[dict[str, Any]]  # {"kind", "level", "name", "player"}: a human seat's player, or None
    maker: str | None = None  # the player who made it (may start it early, or close it while it waits)
    created: float = field(default_factory=time.time)  # (wall clock: a waiting table expires)
    away_seconds: float = AWAY_SECONDS  # the table's own: how long an empty seat waits for its player
    turn_seconds: float = TURN_SECONDS  # the table's own: a human's time for a move
    address: str = "?"  # where its maker connected from (fresh keys are still one client: capped too)
    host: TableHost | None = None
    finished: bool = False
    present: dict[int, int] = field(default_factory=dict)  # seat → screens listening to it now
    away: dict[int, Any] = field(default_factory=dict)  # seat → the timer that brings a stand-in
    hints: dict[tuple, Any] = field(default_factory=dict)  # (seat, version) → the hint found there
    #: Today's deal (its date): one player's attempt against the fixed bots, dealt from the
    #: server's secret daily seed. Nobody else sees it listed, joins or watches it; no clock, no
    #: stand-in (the attempt is the player's own); closed once its day is over.
    daily: str | None = None

    @property
    def status(self) -> str:
        return "over" if self.finished else "playing" if self.host is not None else "waiting"

    def setup(self) -> dict[str, Any]:
        return {"game": self.game, "config": self.config, "seed": self.seed, "seats": self.seats,
                "maker": self.maker, "created": self.created,
                "away_seconds": self.away_seconds, "turn_seconds": self.turn_seconds,
                **({"daily": self.daily} if self.daily else {})}

    def summary(self, player: str) -> dict[str, Any]:
        """What the lobby shows of it: game, code, seats (taken or free, yours), status."""
        return {"code": self.code, "game": self.game, "title": game_info(self.game).name,
                "status": self.status, "yours": self.maker == player, "daily": bool(self.daily),
                "seats": [{"kind": s["kind"], "level": s.get("level"), "name": s["name"],
                           "taken": s["kind"] == "bot" or s.get("player") is not None,
                           "you": s.get("player") == player} for s in self.seats]}

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s["kind"] == "human" and s.get("player") is None), None)

    def seat_of(self, player: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.get("player") == player), None)

    def seen_by(self, player: str) -> bool:
        """May `player` see this table (list, join, watch it)? A daily table: its player only."""
        return not self.daily or self.seat_of(player) is not None


class TableService:
    def __init__(self, data: Path, bot_delay: float = BOT_DELAY, window_seconds: float = WINDOW_SECONDS,
                 test_seed: int | None = None) -> None:
        self.data = data
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

    def link_code(self, player: str, address: str = "?") -> str:
        """A one-time code (LINK_SECONDS) that makes a browser `player` (connected from `address`)
        at the web door, so one person has one name, history and seat across both doors. A new one
        replaces the last. At most LINK_CODES_PER_ADDRESS wait from one address (fresh keys are
        fresh players), LINK_CODES_MAX on the server."""
        if not self.web_door:
            raise Refused("This server has no web door (cutthroat serve --web-port)")
        now = time.monotonic()
        self.link_codes = {code: (who, until, where) for code, (who, until, where) in self.link_codes.items()
                           if until > now and who != player}
        near = sum(where == address for _, _, where in self.link_codes.values()) if address != "?" else 0
        if near >= LINK_CODES_PER_ADDRESS:
            raise Refused("Too many browser links waiting from your address: try again in a few minutes")
        if len(self.link_codes) >= LINK_CODES_MAX:
            raise Refused("Too many browser links waiting: try again in a few minutes")
        code = "".join(secrets.choice(LINK_ALPHABET) for _ in range(LINK_LENGTH))
        self.link_codes[code] = (player, now + LINK_SECONDS, address)
        log.info("a browser link code for %s", player[:12])
        return code

    def link_player(self, code: str) -> str | None:
        """The player a link code is for, if it is good, without using it up (the link's page)."""
        found = self.link_codes.get(str(code).upper().replace("-", "")[:40])
        if found is None or found[1] <= time.monotonic():
            return None
        return found[0]

    def redeem_link(self, code: str) -> str | None:
        """The player a link code is for, once (then it is gone); None for a wrong or old one."""
        code = str(code).upper().replace("-", "")[:40]
        found = self.link_codes.pop(code, None)
        if found is None or found[1] <= time.monotonic():
            return None
        return found[0]

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
        self.loop.call_soon(tell)

    def _seed(self) -> int:
        self._made += 1
        if self.test_seed is not None:
            return self.test_seed + self._made - 1
        return secrets.randbits(63)  # (the deal follows from it: too many to try them all from one hand)

    def daily_seed(self, game_id: str, when=None) -> int:
        """This server's daily deal of a game: made from its own secret (`history.daily`), so no
        player can deal it at home before the day is over."""
        from cutthroat.history.daily import server_daily_seed

        return server_daily_seed(self.data, game_id, when)

    def today(self) -> str:
        """The daily deal's day now (UTC)."""
        from cutthroat.history.daily import day

        return day()

    def reveal_days(self, today: str | None = None) -> str | None:
        """Once a day is over, its daily key goes to the server's log (once a run): with it anyone
        can check that day's deals (`history.daily.seed_from_day_key`). Never a day not yet over.
        The key logged, in hex, or None."""
        from datetime import date, timedelta

        from cutthroat.history.daily import revealed_day_key

        today = today or self.today()
        yesterday = (date.fromisoformat(today) - timedelta(days=1)).isoformat()
        if getattr(self, "_revealed", None) == yesterday:
            return None
        key = revealed_day_key(self.data, yesterday, today)
        if key is None:
            return None
        self._revealed = yesterday
        log.info("daily deal of %s is over: its key is %s (each game's seed: HMAC-SHA256(key, game id), "
                 "first 8 bytes >> 1)", yesterday, key.hex())
        return key.hex()

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
        if len(mine) >= LIVE_PER_PLAYER:
            raise Refused(f"You have {LIVE_PER_PLAYER} tables not yet over: finish one first")
        if sum(not t.finished for t in self.tables.values()) >= MAX_TABLES:
            raise Refused("The server has as many tables as it can hold: join one, or try later")
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

    # -- today's deal ------------------------------------------------------------------------------
    def daily_start(self, player: str, name: str, game: Any, address: str = "?") -> LiveTable:
        """`player`'s table for today's deal of `game`: theirs already if one is playing, else a
        new one (against the fixed daily bots), dealt from the server's secret daily seed. Only
        their first attempt of the day counts (from its first move); later ones are played, not
        counted. Capped as other tables are."""
        from cutthroat.history.daily import DAILY_BOTS, daily_seats

        info, rules = self._playable(game)
        today = self.today()
        for table in self.tables.values():
            if table.daily == today and table.game == info.game_id and table.maker == player and not table.finished:
                return table  # (their attempt goes on: one daily table a game at once)
        mine = [t for t in self.tables.values() if t.maker == player and not t.finished]
        if len(mine) >= LIVE_PER_PLAYER:
            raise Refused(f"You have {LIVE_PER_PLAYER} tables not yet over: finish one first")
        if sum(not t.finished for t in self.tables.values()) >= MAX_TABLES:
            raise Refused("The server has as many tables as it can hold: try later")
        seats = [{"kind": s.kind, "level": s.level, "name": s.name, "player": None}
                 for s in daily_seats(info.game_id, name)]
        code = self._new_code()
        table = LiveTable(code, info.game_id, rules.default_config(), self.daily_seed(info.game_id, today), seats,
                          player, time.time(), AWAY_SECONDS, None, address=address, daily=today)
        self.tables[code] = table
        log.info("table %s: %s's daily deal of %s (%s, %d bots)", code, player[:12], today, info.game_id,
                 len(DAILY_BOTS.get(info.game_id, ())))
        self._sit(table, 0, player, name)  # (every other seat a bot: it starts)
        return table

    def counts(self, table: LiveTable, player: str) -> bool:
        """Does `player`'s game at daily `table` count: their first attempt at that day's deal?"""
        first = self.store.daily_attempts(player, table.game, table.daily)
        return not first or first[0] == table.code

    def daily_boards(self, player: str, rows: int = 5) -> dict[str, Any]:
        """Today's leaderboards, one a game (read only): each player's counted result, best first
        (ties: the earlier finish), at most `rows` of them and `player`'s own row if it is lower;
        and `player`'s own status ("not yet played", "playing", "played: 8 points", …)."""
        from cutthroat.history.daily import DAILY_BOTS

        today = self.today()
        boards = []
        for info in GAMES:
            if not info.playable or (info.players != "1" and info.game_id not in DAILY_BOTS):
                continue
            if (info.game_id, today) not in self._boards:
                self._boards = {k: v for k, v in self._boards.items() if k[1] == today}
                self._boards[info.game_id, today] = self._ranked(info.game_id, today)
            ranked = self._boards[info.game_id, today]
            board = [{"rank": i + 1, "name": self.name_of(p), "result": text, "you": p == player}
                     for i, (p, text, _) in enumerate(ranked)]
            shown = board[:rows]
            mine = next((r for r in board if r["you"]), None)
            if mine is not None and mine not in shown:
                shown[-1] = mine
            boards.append({"game": info.game_id, "title": info.name, "players": len(ranked), "board": shown,
                           "status": self._daily_status(player, info.game_id, today, mine)})
        return {"date": today, "games": boards}

    def _daily_status(self, player: str, game: str, today: str, mine: dict | None) -> str:
        if any(t.daily == today and t.game == game and t.maker == player and not t.finished
               for t in self.tables.values()):
            return "playing"
        if mine is not None:
            return f"played: {mine['result']}"
        if self.store.daily_attempts(player, game, today):
            return "played, not counted"
        return "not yet played"

    def _ranked(self, game: str, today: str) -> list[tuple[str, str, tuple]]:
        """(player, result in words, sort key) of each player's best counted result today, best
        first. Kill The Kings: more points; the others: a better place (a win first), then fewer
        moves for a win; then, for all, the earlier finish."""
        from datetime import date

        from cutthroat.history.daily import outcome

        best: dict[str, tuple[tuple, str]] = {}
        for g in self.store.finished.games(game, since=date.fromisoformat(today)):
            if g.daily != today or not g.counted or not g.humans:
                continue
            seat = g.humans[0]
            who = g.seats[seat].player
            if who is None:
                continue
            if len(g.seats) == 1:
                key = (-(g.scores[seat] if g.scores else 0), 0, g.finished_at.timestamp())
            else:
                place = g.placements[seat] if seat < len(g.placements) else len(g.seats)
                key = (place, g.moves if g.won(seat) else 0, g.finished_at.timestamp())
            words = board_words(outcome(g), g, seat)
            if who not in best or key < best[who][0]:
                best[who] = (key, words)
        return [(p, words, key) for p, (key, words) in sorted(best.items(), key=lambda kv: kv[1][0])]

    def results_of(self, player: str, count: int = 5) -> list[dict[str, Any]]:
        """The player's last finished games, newest first: game, code, whether they won."""
        out = []
        for record in reversed(self.store.results(latest=RESULTS_LOOKED_AT)):
            seats = [i for i, s in enumerate(record["players"]) if s.get("player") == player]
            if seats:
                won = any(i in record["result"]["winners"] for i in seats)
                out.append({"code": record["code"], "title": game_info(record["game"]).name, "won": won})
            if len(out) == count:
                break
        return out

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
        host = TableHost(session, clock=self.clock, workers=self.workers, close_threads=False, show_seed=False,
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

    def _keep_finished(self, table: LiveTable, session: Session) -> None:
        """A table's game is over: in the server's history (every seat with its player), and in
        each of its players' own history (`players/<id>/saves/history.sqlite3`, as their app
        keeps it), as that player's game, if their "Keep history" is on. Once per game (its id)."""
        from dataclasses import replace

        from cutthroat.history.store import History
        from cutthroat.paths import history_path
        from cutthroat.settings import load_settings

        players = [s.get("player") if s["kind"] == "human" else None for s in table.seats]
        finished = replace(session.finished_game(players=players), table=table.code)
        if table.daily and table.maker is not None:
            # (`finished.daily` comes from the session: a resumed table's is its save's)
            self.store.daily_begun(table.maker, table.game, table.daily, table.code)  # (if no move was its own)
            finished = replace(finished, daily=table.daily, counted=self.counts(table, table.maker))
        try:
            self.store.record_finished(table.code, finished)
        except Exception as exc:  # noqa: BLE001 - the players' own histories still get it
            log.error("table %s: its finished game wasn't kept: %s", table.code, exc)
        if table.daily:
            self._boards.pop((table.game, table.daily), None)  # (kept now: its leaderboard is read again)
        for seat, player in enumerate(players):
            if player is None:
                continue
            home = self.data / "players" / player
            try:
                if not load_settings(home / "config" / "settings.json")[0].keep_history:
                    continue
                mine = replace(finished, humans=(seat,))
                if table.daily:  # (their copy has no deal to read: the seed is the server's secret that day)
                    mine = replace(mine, document={})
                with History.open(history_path(home / "saves"), keep=True) as history:
                    history.record(mine, daily_rule=not table.daily)
            except Exception as exc:  # noqa: BLE001 - one player's history never stops the table
                log.error("table %s: not kept in %s's history: %s", table.code, player[:12], exc)

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


def board_words(words: str, game, seat: int) -> str:
    """The leaderboard's words for a result: "8 points"; "won in 40 moves"; "2nd of 4"."""
    return f"won in {game.moves} moves" if len(game.seats) > 1 and game.won(seat) else words


class DailyAttempt:
    """A daily table's session's recorder: its first move of the player's own notes the attempt
    (only a player's first attempt of the day counts). The finish is kept by the service."""

    def __init__(self, service: TableService, table: LiveTable) -> None:
        self.service, self.table = service, table

    def begun(self, session: Session) -> None:
        table = self.table
        if table.maker is not None:
            self.service.store.daily_begun(table.maker, table.game, table.daily, table.code)

    def __call__(self, session: Session) -> None:
        return None  # (the service keeps the finished game: `TableService._keep_finished`)


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
            return daily_game(service, self.player, request.get("code"))
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
