"""The ssh server: who may log in, what each login gets, and a clean stop.

- Host key: made on the first run and kept in the data directory (`ssh_host_ed25519_key`), so
  players' ssh clients recognise the server next time.
- Who: any public key, its SHA-256 fingerprint is the player (their own settings and saves under
  `players/<fingerprint>/`); `--authorized-keys FILE` lets only those keys in. No passwords, no
  port or agent forwarding.
- What: a shell session with a PTY gets its own app process (`terminal.AppTerminal`), forked by
  the zygote (`zygote.py`, started with the server: the app already imported) or, while there
  is none (`--no-zygote`, or it died: the next session asks for a new one), started plainly;
  one without a PTY, or asking for a command or a subsystem, is refused with a one-line reason.
- Limits (`limits.Limits`): every TCP connection counts from its first byte, in total and per
  address, and must log in and open a game session within the login grace time (an idle
  logged-in connection is closed after it too); logged-in connections per key; keys offered per
  address, and one key offered or refused per address, a minute (a bad key from an address
  doesn't lock out a good one); idle time, input bytes a second, resizes, window size, a client
  that stops reading.
- Files: umask 077 for the server and its apps; the data folder, `players/` and each player's
  folder 0700, the store's database files 0600.
- Logs: one line to stderr per connect, login, session start and end, refusal and error.
- SIGTERM or SIGINT: every app is asked to stop (its game stays in its Continue list: the app
  autosaves every move), every player gets the goodbye on their screen, then the server exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import asyncssh
from asyncssh.sftp import MIN_SFTP_VERSION

from cutthroat.engine.words import counted
from cutthroat.serve.limits import InputBudget, Limits, PerMinute, address_group, release
from cutthroat.serve.players import PlayerFolders
from cutthroat.serve.service import TableService
from cutthroat.serve.terminal import AppTerminal, server_environment
from cutthroat.serve.zygote import Zygote, supported as zygote_supported

log = logging.getLogger("cutthroat.serve")

HOST_KEY = "ssh_host_ed25519_key"
STORE_FILES = tuple(f"{db}{part}" for db in ("cutthroat.db", "history.sqlite3") for part in ("", "-wal", "-shm"))
NO_PTY = "Cutthroat needs a terminal: connect with `ssh -t` (a PTY was not requested).\r\n"
NO_COMMAND = "Cutthroat runs no commands: connect with `ssh -t` and nothing after the host name.\r\n"
FULL = "The server is full (or you are connected too many times): try again later.\r\n"
NO_ROOM = "This server has as many players as it can hold: ask its operator, or use a key you played with.\r\n"
SHUTDOWN = "\r\nThe Cutthroat server is stopping; your game is kept. Come back soon.\r\n"
#: What a terminal needs back after an app that could not tidy up (ended by the server's stop):
#: whatever escape sequence the app was cut off in cancelled (CAN), the normal screen, the
#: cursor, no mouse reporting.
RESET_SCREEN = (b"\x18\x1b[?1049l\x1b[?7h\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l"
                b"\x1b[0m")
IDLE = "\r\nNo key pressed for a long while: disconnected (your game is kept).\r\n"
MAX_REFUSED_KEYS = 6  # keys refused on one connection: then it is closed (OpenSSH's MaxAuthTries)
GOODBYE_SECONDS = 5.0  # a stopping server waits this long for each player's client to take its goodbye
APP_STOP_SECONDS = 5.0  # an app asked to stop (SIGHUP) has this long, then it is killed


def host_key(data: Path) -> asyncssh.SSHKey:
    """The server's host key: read from the data directory, made there on the first run."""
    path = data / HOST_KEY
    if path.exists():
        return asyncssh.read_private_key(str(path))
    data.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(key.export_private_key())
    log.info("made the host key %s (%s)", path, key.get_fingerprint())
    return key


def player_id(key: asyncssh.SSHKey) -> str:
    """A folder-safe name for the player behind a public key (its SHA-256 fingerprint's hex)."""
    return hashlib.sha256(key.public_data).hexdigest()[:32]


def private_folders(data: Path) -> None:
    """The data folder, `players/` and every player's folder readable by the server's user only
    (folders made by an older server, or by hand, may be 0755)."""
    data.mkdir(mode=0o700, parents=True, exist_ok=True)
    players = data / "players"
    players.mkdir(mode=0o700, exist_ok=True)
    for folder in (data, players, *(p for p in players.iterdir() if p.is_dir() and not p.is_symlink())):
        os.chmod(folder, 0o700)


def private_store(data: Path) -> None:
    """The store's SQLite files 0600 (SQLite gives a new -wal and -shm the database's mode)."""
    for name in STORE_FILES:
        path = data / name
        if path.is_file() and not path.is_symlink():
            os.chmod(path, 0o600)


@dataclass
class ServerState:
    """What every connection shares: the data folder, the limits, who is on."""

    data: Path
    limits: Limits
    service: TableService | None = None  # the shared tables (None: each app plays at home only)
    allowed: set[bytes] | None = None  # None: any key
    auth_attempts: PerMinute = field(init=False)  # keys offered, per address
    key_attempts: PerMinute = field(init=False)  # one key offered, per "address fingerprint"
    auth_failures: PerMinute = field(init=False)  # one key refused, per "address fingerprint"
    connections: set[PlayerServer] = field(default_factory=set)  # every TCP connection, from its first byte
    per_address: dict[str, int] = field(default_factory=dict)  # address -> ssh connections and web sessions
    per_key: dict[str, int] = field(default_factory=dict)  # player id -> logged-in connections
    sessions: dict[str, int] = field(default_factory=dict)  # player id -> open game sessions
    terminals: set[AppTerminal] = field(default_factory=set)
    zygote: Zygote | None = None  # what forks the apps (None: each one a plain start-up)
    players: PlayerFolders | None = None  # the players' folders, swept and capped (either door)
    channels: set = field(default_factory=set)
    stopping: bool = False

    def __post_init__(self) -> None:
        self.auth_attempts = PerMinute(self.limits.auth_attempts_per_minute)
        self.key_attempts = PerMinute(self.limits.key_attempts_per_minute)
        self.auth_failures = PerMinute(self.limits.auth_failures_per_minute)

    @property
    def total(self) -> int:
        return sum(self.sessions.values())


#: Session channels one connection may hold open at once: a game, and one more (a client's
#: second try). Each channel costs the server a little, and a channel that never asks for a game
#: would otherwise be free to hold.
CHANNELS_PER_CONNECTION = 2


class CountedSession(asyncssh.SSHServerProcess):
    """A session channel of one connection (`PlayerServer.session_requested`): a game once it
    asks for a shell (`play_session`), counted while it is open."""

    def __init__(self, gate: "PlayerServer") -> None:
        super().__init__(lambda process: play_session(process, gate.state), None, MIN_SFTP_VERSION, False)
        self.gate = gate

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.channels -= 1
        super().connection_lost(exc)


class PlayerServer(asyncssh.SSHServer):
    """One connection's gatekeeper: counted from its first byte, public keys only (maybe
    restricted), and closed if it doesn't log in and open a game session in time."""

    def __init__(self, state: ServerState) -> None:
        self.state = state
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.counted = False  # in state.connections (not refused at the door)
        self.player: str | None = None  # set once logged in (and counted in state.per_key)
        self.open_sessions = 0
        self.channels = 0  # session channels open now (at most CHANNELS_PER_CONNECTION)
        self.refused_keys = 0
        self._grace: asyncio.TimerHandle | None = None

    # -- the door -------------------------------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = address = address_group(str(peer[0]))  # (an IPv6 client: its /64)
        state, limits = self.state, self.state.limits
        why = None
        if state.stopping:
            why = "the server is stopping"
        elif len(state.connections) >= limits.total_connections:
            why = f"the server has {counted(len(state.connections), 'connection')} (--total-connections)"
        elif state.per_address.get(address, 0) >= limits.connections_per_address:
            why = f"{counted(state.per_address[address], 'connection')} from this address (--connections-per-address)"
        if why is not None:
            log.warning("refused a connection from %s: %s", address, why)
            asyncio.get_running_loop().call_soon(conn.abort)
            return
        self.counted = True
        state.connections.add(self)
        state.per_address[address] = state.per_address.get(address, 0) + 1
        conn.set_extra_info(gate=self)
        log.info("connect from %s", address)
        self._arm_grace()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_grace()
        state = self.state
        if self.counted:
            self.counted = False
            state.connections.discard(self)
            release(state.per_address, self.address)
        if self.player is not None:
            release(state.per_key, self.player)
            self.player = None
        if exc is not None and not isinstance(exc, (asyncssh.ConnectionLost, BrokenPipeError)):
            log.info("connection from %s lost: %s", self.address, exc)

    # -- the login grace time: log in and open a game session, or the connection is closed ------
    def _arm_grace(self) -> None:
        self._cancel_grace()
        self._grace = asyncio.get_running_loop().call_later(self.state.limits.login_grace, self._grace_over)

    def _cancel_grace(self) -> None:
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None

    def _grace_over(self) -> None:
        self._grace = None
        if self.open_sessions or self.conn is None or not self.counted:
            return
        grace = self.state.limits.login_grace
        if self.player is None:
            log.info("closed the connection from %s: no login within %g s (--login-grace)", self.address, grace)
            self.conn.abort()
        else:
            log.info("closed the connection from %s (%s): no game session open for %g s (--login-grace)",
                     self.address, self.player[:12], grace)
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "No game session was opened: connect with ssh -t")

    def session_requested(self):
        """A session channel: counted, at most CHANNELS_PER_CONNECTION open at once."""
        if self.channels >= CHANNELS_PER_CONNECTION:
            log.warning("refused a session channel from %s: %d open on one connection", self.address, self.channels)
            return False
        self.channels += 1
        return CountedSession(self)

    def session_started(self) -> None:
        self.open_sessions += 1
        self._cancel_grace()

    def session_ended(self) -> None:
        self.open_sessions -= 1
        if not self.open_sessions and self.counted:
            self._arm_grace()  # (a client keeping the connection without a session: closed in time)

    # -- keys -------------------------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        return True  # every login shows a key

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        state, limits = self.state, self.state.limits
        address, fingerprint = self.address, key.get_fingerprint()
        pair = f"{address} {fingerprint}"
        if state.auth_attempts.over(address):
            log.warning("refused %s: %d keys offered from this address this minute (--auth-attempts-per-minute)",
                        address, limits.auth_attempts_per_minute)
            return False
        if state.auth_failures.over(pair):
            log.warning("refused %s: key %s was refused %d times this minute (--auth-failures-per-minute)",
                        address, fingerprint, limits.auth_failures_per_minute)
            return False
        if state.key_attempts.over(pair):
            log.warning("refused %s: key %s was offered %d times this minute (--key-attempts-per-minute)",
                        address, fingerprint, limits.key_attempts_per_minute)
            return False
        state.auth_attempts.add(address)
        state.key_attempts.add(pair)
        if state.allowed is not None and key.public_data not in state.allowed:
            state.auth_failures.add(pair)
            self.refused_keys += 1
            log.warning("refused %s: key %s is not in the authorized keys", address, fingerprint)
            if self.refused_keys >= MAX_REFUSED_KEYS and self.conn is not None:
                log.warning("closed the connection from %s: %d keys refused", address, self.refused_keys)
                asyncio.get_running_loop().call_soon(self.conn.abort)
            return False
        player = player_id(key)
        if state.per_key.get(player, 0) >= limits.connections_per_key:
            log.warning("refused %s: key %s is connected %d times already (--connections-per-key)",
                        address, fingerprint, state.per_key[player])
            return False
        if self.conn is not None:  # (the key whose signature is checked next: the one that logs in)
            self.conn.set_extra_info(player=player, fingerprint=fingerprint)
        return True

    def auth_completed(self) -> None:
        state, conn = self.state, self.conn
        player = conn.get_extra_info("player") if conn is not None else None
        if conn is None or player is None:
            return
        if state.per_key.get(player, 0) >= state.limits.connections_per_key:  # (logins racing each other)
            log.warning("closed the connection from %s: key %s is connected %d times already "
                        "(--connections-per-key)", self.address, conn.get_extra_info("fingerprint"),
                        state.per_key[player])
            asyncio.get_running_loop().call_soon(conn.abort)
            return
        self.player = player
        state.per_key[player] = state.per_key.get(player, 0) + 1
        log.info("login from %s: %s (%s)", self.address, player[:12], conn.get_extra_info("fingerprint"))


async def play_session(process: asyncssh.SSHServerProcess, state: ServerState) -> None:
    """One ssh session: the player's own app on its own PTY, until either side ends."""
    conn = process.get_extra_info("connection")
    gate: PlayerServer | None = conn.get_extra_info("gate") if conn is not None else None
    player = gate.player if gate is not None else None
    address = gate.address if gate is not None else "?"
    limits = state.limits
    if player is None or state.stopping:
        process.exit(1)
        return
    if process.command is not None or process.subsystem is not None:
        asked = f"the subsystem {process.subsystem!r}" if process.subsystem is not None else "a command"
        log.info("refused %s (%s): asked for %s", address, player[:12], asked)
        process.stdout.write(NO_COMMAND.encode())
        process.exit(1)
        return
    if process.get_terminal_type() is None:
        log.info("refused %s (%s): no PTY", address, player[:12])
        process.stdout.write(NO_PTY.encode())
        process.exit(1)
        return
    if state.total >= limits.total_connections or state.sessions.get(player, 0) >= limits.connections_per_key:
        log.warning("refused %s (%s): too many sessions", address, player[:12])
        process.stdout.write(FULL.encode())
        process.exit(1)
        return
    columns, rows = limits.window(*process.get_terminal_size()[:2])
    env = process.env or {}
    lang = env.get("LC_ALL") or env.get("LANG")
    home = state.data / "players" / player
    if not home.is_dir() and state.players is not None:  # (a new key is a new player: capped)
        if state.players.full():
            log.warning("refused %s (%s): a new player, and %d player folders (--max-players)", address,
                        player[:12], state.players.cap)
            process.stdout.write(NO_ROOM.encode())
            process.exit(1)
            return
        state.players.made()
    home.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(home, 0o700)
    os.utime(home)  # (its last use: the player folders' sweep reads it, as the web door's)
    service = state.service
    token = service.new_token(player, address) if service is not None else None
    link = {"CUTTHROAT_SERVICE": str(service.socket_path)} if token else {}
    link["CUTTHROAT_ERROR_LOG"] = str(state.data / "app-errors.log")  # (the operator's, never a player's)
    if env.get("COLORTERM") in ("truecolor", "24bit"):  # (the player's terminal's colours, if it said)
        link["COLORTERM"] = env["COLORTERM"]
    terminal = AppTerminal(home, process.get_terminal_type(), columns, rows, lang=lang, extra_env=link,
                           resize_interval=limits.resize_interval, token=token, zygote=state.zygote)
    gate.session_started()
    state.sessions[player] = state.sessions.get(player, 0) + 1
    state.terminals.add(terminal)
    state.channels.add(process)
    log.info("session for %s (%s) at %s: %d×%d", player[:12], conn.get_extra_info("fingerprint"), address,
             columns, rows)
    end = "failed"
    try:
        await terminal.start()
        if state.zygote is not None and terminal.zygote_pid is None:
            log.info("session for %s: a plain start-up (no zygote running)", player[:12])
        end = await _pump(process, terminal, limits)
    except Exception as exc:  # noqa: BLE001 - one player's failure ends their session only
        log.error("session for %s failed: %s", player[:12], exc if isinstance(exc, RuntimeError) else repr(exc))
    finally:
        state.terminals.discard(terminal)
        if token is not None:
            service.drop_token(token)
        try:
            code = await terminal.close(APP_STOP_SECONDS)
        finally:
            # (counted until its app has stopped, as the web door's: the sweep of player folders
            # must not take a folder its app may still be writing, a game kept as it quits)
            state.sessions[player] -= 1
            if not state.sessions[player]:
                del state.sessions[player]
            with contextlib.suppress(OSError):
                os.utime(home)  # (its last use)
        how, status, normal = _ending(end, code, terminal, state.stopping)
        if not getattr(terminal.process, "status_known", True):
            how += " (its exit status went with the zygote that started it)"
        if terminal.resizes_asked:
            how += f" (window changes: {terminal.resizes_asked} asked, {terminal.resizes} applied)"
        (log.info if normal else log.warning)("session for %s ended: %s", player[:12], how)
        try:
            if not process.is_closing():
                if state.stopping:  # every player is told, and left with a sane terminal
                    process.stdout.write(RESET_SCREEN + SHUTDOWN.encode())
                process.exit(status)
                if state.stopping:
                    # Wait for the client's close of the channel: OpenSSH sends it only once the
                    # channel's output (the goodbye) is written to the player's terminal. A
                    # connection closed before then (by the server's stop) may be reset under the
                    # goodbye still on its way, and the player would never see it.
                    await asyncio.wait_for(process.wait_closed(), GOODBYE_SECONDS)
        except (asyncio.TimeoutError, OSError, asyncssh.Error):
            pass
        finally:
            gate.session_ended()
            state.channels.discard(process)  # last: a stopping server waits for this (its goodbye taken)


def _ending(end: str, code: int, terminal, stopping: bool, who: str = "the player") -> tuple[str, int, bool]:
    """How a session ended, for the log; the exit status for the client; whether that's a normal
    end. `end` is what ended the pump: "left" (`who`'s client closed), "idle", "app" (the app
    exited) or "failed"; `code` the app's exit status (-N: signal N); `terminal` the app (either
    door's: its `killed`), None if it never started."""
    killed = "; the app did not stop when asked and was killed" if getattr(terminal, "killed", False) else ""
    if code < 0:
        try:
            said = f"signal {signal.Signals(-code).name}"
        except ValueError:
            said = f"signal {-code}"
    else:
        said = f"status {code}"
    if stopping:
        return "the server stopped" + killed, 0, not killed
    if end == "left":
        return f"{who} left (a normal end)" + killed, 0, not killed
    if end == "idle":
        return "no key pressed for too long" + killed, 0, not killed
    if end == "failed":
        return "after the error above" + (f" (the app ended with {said})" if code else ""), 1, False
    if code == 0:
        return "the player quit the app (a normal end)", 0, True
    return f"the app ended with {said}", code if 0 < code < 256 else 128 + abs(code), False


async def _pump(process: asyncssh.SSHServerProcess, terminal: AppTerminal, limits: Limits) -> str:
    """Bytes both ways until the app exits or the player leaves: keys in (paced by the input
    budget, idle time watched, resizes coalesced), screen bytes out (a stalled reader dropped).
    What ended it: "left", "idle" or "app"."""
    budget = InputBudget(limits.input_bytes_per_second)

    async def keys_in() -> str:
        while True:
            try:
                data = await asyncio.wait_for(process.stdin.read(4096), limits.idle_seconds)
            except asyncssh.TerminalSizeChanged as change:
                terminal.resize(*limits.window(change.width, change.height))
                continue
            except asyncio.TimeoutError:
                process.stdout.write(IDLE.encode())
                return "idle"
            if not data:
                return "left"  # the player closed the connection
            wait = budget.wait_for(len(data))
            if wait > 0:
                await asyncio.sleep(wait)
            terminal.write(data)

    async def screen_out() -> str:
        while True:
            data = await terminal.read()
            if not data:
                return "app"
            process.stdout.write(data)
            await asyncio.wait_for(process.stdout.drain(), limits.stalled_seconds)

    tasks = [asyncio.ensure_future(keys_in()), asyncio.ensure_future(screen_out())]
    try:
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
    for task in done:
        error = task.exception()
        if isinstance(error, asyncio.TimeoutError):
            raise RuntimeError("the client stopped reading") from None
        if isinstance(error, (asyncssh.BreakReceived, asyncssh.SignalReceived, BrokenPipeError,
                              ConnectionError, asyncssh.Error)):
            return "left"
        if error is not None:
            raise error
        return task.result()
    return "left"


async def _until(ready: Callable[[], bool], timeout: float) -> None:
    """Wait (polling) until `ready()`, at most `timeout` seconds."""
    end = asyncio.get_running_loop().time() + timeout
    while not ready() and asyncio.get_running_loop().time() < end:
        await asyncio.sleep(0.05)


def zygote_environment() -> dict[str, str]:
    """The zygote's environment: what every app's starts from (`terminal.server_environment`),
    without anything of one session's (each child takes its own before the app starts)."""
    return {**server_environment(), "TERM": "xterm-256color", "LANG": "C.UTF-8"}


async def serve(host: str, port: int, data: Path, authorized_keys: Path | None = None,
                limits: Limits | None = None, ready=None, test_seed: int | None = None,
                web: dict | None = None, zygote: bool = True) -> None:
    """Run until SIGTERM or SIGINT; `ready(port)` is called once it listens. `test_seed`: tests
    only, every table dealt from a known seed (`TableService`). `web`: the web door's settings
    (`web.start_web_door`), served from this loop with the same state and service. `zygote`: the
    ssh door's apps are forked by a zygote (False: each one a plain start-up)."""
    os.umask(0o077)  # (the apps inherit it: their settings and saves are the server user's only)
    private_folders(data)
    private_store(data)
    limits = limits or Limits()
    service = TableService(data, test_seed=test_seed, limits=limits)
    await service.start()
    private_store(data)  # (and the -wal and -shm the store's opening made)
    state = ServerState(data, limits, service)
    state.players = PlayerFolders(state)  # (swept from the start, whichever doors are open)
    state.players.start()
    if zygote and zygote_supported():
        state.zygote = Zygote(zygote_environment())
        try:
            await state.zygote.start()
        except OSError as exc:
            log.error("could not start the zygote (sessions start plainly): %s", exc)
    if authorized_keys is not None:
        state.allowed = {k.public_data for k in _authorized(authorized_keys)}
    server = await asyncssh.create_server(
        lambda: PlayerServer(state), host, port, server_host_keys=[host_key(data)],
        encoding=None,  # (sessions: PlayerServer.session_requested, counted)
        # (asyncssh's own login timeout: a backstop behind the grace timer, which logs what it closes)
        line_editor=False, login_timeout=limits.login_grace + 10, keepalive_interval=30, keepalive_count_max=4,
        agent_forwarding=False, x11_forwarding=False)
    door = None
    if web is not None:  # (imported only then: aiohttp is the web extra's)
        from cutthroat.serve.web import start_web_door

        door = await start_web_door(state, **web)
    bound = server.sockets[0].getsockname()[1] if server.sockets else port
    log.info("listening on %s:%d (data in %s)%s", host, bound, data,
             " — authorized keys only" if state.allowed is not None else "")
    if ready is not None:
        ready(bound)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    state.stopping = True  # (new connections and sessions are refused from now on)
    log.info("stopping: telling %d player(s)", len(state.channels))
    playing = {gate for gate in state.connections if gate.open_sessions}
    for gate in state.connections - playing:  # (nobody to tell: not logged in, or no session)
        if gate.conn is not None:
            gate.conn.abort()
    # Each app is asked to stop; its session then tells its player and ends (play_session).
    for terminal in list(state.terminals):
        terminal.hangup()
    await _until(lambda: not state.terminals, APP_STOP_SECONDS)
    for terminal in list(state.terminals):
        terminal.kill()  # (an app that doesn't stop on SIGHUP)
    await _until(lambda: not state.channels, GOODBYE_SECONDS + 2.0)
    # Each player's client closes its connection once its session is over: closing it from here
    # first could reset it under a goodbye still on its way. Stragglers are closed after a while.
    await _until(lambda: not playing & state.connections, 3.0)
    for gate in list(state.connections):
        if gate.conn is not None:
            gate.conn.close()
    server.close()
    await server.wait_closed()
    if door is not None:
        await door.stop()
    state.players.stop()
    if state.zygote is not None:
        await state.zygote.close()
    await service.stop()
    log.info("stopped")


def _authorized(path: Path) -> list[asyncssh.SSHKey]:
    """The public keys of an authorized_keys file (options before a key are ignored); a line
    that holds no key is a ValueError naming it."""
    keys = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        for text in (line, line.split(None, 1)[-1]):  # "options keytype data": drop the options
            try:
                keys.append(asyncssh.import_public_key(text))
                break
            except (asyncssh.KeyImportError, ValueError):
                continue
        else:
            raise ValueError(f"line {number} holds no public key")
    return keys
