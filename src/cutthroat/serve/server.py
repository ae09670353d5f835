"""The ssh server: who may log in, what each login gets, and a clean stop.

- Host key: made on the first run and kept in the data directory (`ssh_host_ed25519_key`), so
  players' ssh clients recognise the server next time.
- Who: any public key, its SHA-256 fingerprint is the player (their own settings and saves under
  `players/<fingerprint>/`); `--authorized-keys FILE` lets only those keys in. No passwords.
- What: a session with a PTY gets its own app process (`terminal.AppTerminal`); one without is
  refused with a one-line reason.
- Limits (`limits.Limits`): connections in total and per key, authentication attempts per
  address a minute, idle time, input bytes a second, window size, a client that stops reading.
- Logs: one line to stderr per connect, login, session start and end, refusal and error.
- SIGTERM or SIGINT: every player is told, every app is asked to stop (its game stays in its
  Continue list: the app autosaves every move), then the server exits.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import signal
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from cutthroat.serve.limits import InputBudget, Limits, PerMinute
from cutthroat.serve.service import TableService
from cutthroat.serve.terminal import AppTerminal

log = logging.getLogger("cutthroat.serve")

HOST_KEY = "ssh_host_ed25519_key"
NO_PTY = "Cutthroat needs a terminal: connect with `ssh -t` (a PTY was not requested).\r\n"
SHUTDOWN = "\r\nThe Cutthroat server is stopping; your game is kept. Come back soon.\r\n"
#: What a terminal needs back after an app that could not tidy up (ended by the server's stop):
#: the normal screen, the cursor, no mouse reporting.
RESET_SCREEN = b"\x1b[?1049l\x1b[?7h\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[0m"
IDLE = "\r\nNo key pressed for a long while: disconnected (your game is kept).\r\n"


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


@dataclass
class ServerState:
    """What every connection shares: the data folder, the limits, who is on."""

    data: Path
    limits: Limits
    service: TableService | None = None  # the shared tables (None: each app plays at home only)
    allowed: set[bytes] | None = None  # None: any key
    auth_attempts: PerMinute = field(init=False)
    auth_failures: PerMinute = field(init=False)
    sessions: dict[str, int] = field(default_factory=dict)  # player id -> open sessions
    terminals: set[AppTerminal] = field(default_factory=set)
    channels: set = field(default_factory=set)
    stopping: bool = False

    def __post_init__(self) -> None:
        self.auth_attempts = PerMinute(self.limits.auth_attempts_per_minute)
        self.auth_failures = PerMinute(self.limits.auth_failures_per_minute)

    @property
    def total(self) -> int:
        return sum(self.sessions.values())


class PlayerServer(asyncssh.SSHServer):
    """One connection's gatekeeper: public keys only, counted and (maybe) restricted."""

    def __init__(self, state: ServerState) -> None:
        self.state = state
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        log.info("connect from %s", self.address)

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is not None and not isinstance(exc, (asyncssh.ConnectionLost, BrokenPipeError)):
            log.info("connection from %s lost: %s", self.address, exc)

    def begin_auth(self, username: str) -> bool:
        return True  # every login shows a key

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        state = self.state
        if state.auth_failures.over(self.address) or state.auth_attempts.over(self.address):
            log.warning("refused %s: too many login attempts this minute", self.address)
            return False
        state.auth_attempts.add(self.address)
        if state.allowed is not None and key.public_data not in state.allowed:
            state.auth_failures.add(self.address)
            log.warning("refused %s: key %s is not in the authorized keys", self.address, key.get_fingerprint())
            return False
        if self.conn is not None:
            self.conn.set_extra_info(player=player_id(key), fingerprint=key.get_fingerprint())
        return True


async def play_session(process: asyncssh.SSHServerProcess, state: ServerState) -> None:
    """One ssh session: the player's own app on its own PTY, until either side ends."""
    conn = process.get_extra_info("connection")
    player = conn.get_extra_info("player") if conn is not None else None
    address = (process.get_extra_info("peername") or ("?",))[0]
    limits = state.limits
    if player is None or state.stopping:
        process.exit(1)
        return
    if process.get_terminal_type() is None:
        log.info("refused %s (%s): no PTY", address, player[:12])
        process.stdout.write(NO_PTY.encode())
        process.exit(1)
        return
    if state.total >= limits.total_connections or state.sessions.get(player, 0) >= limits.connections_per_key:
        log.warning("refused %s (%s): too many connections", address, player[:12])
        process.stdout.write(b"The server is full (or you are connected too many times): try again later.\r\n")
        process.exit(1)
        return
    columns, rows = limits.window(*process.get_terminal_size()[:2])
    env = process.env or {}
    lang = env.get("LC_ALL") or env.get("LANG")
    home = state.data / "players" / player
    home.mkdir(parents=True, exist_ok=True)
    service = state.service
    token = service.new_token(player) if service is not None else None
    link = {"CUTTHROAT_SERVICE": str(service.socket_path), "CUTTHROAT_TOKEN": token} if token else {}
    terminal = AppTerminal(home, process.get_terminal_type(), columns, rows, lang=lang, extra_env=link)
    state.sessions[player] = state.sessions.get(player, 0) + 1
    state.terminals.add(terminal)
    state.channels.add(process)
    log.info("session for %s (%s) at %s: %d×%d", player[:12], conn.get_extra_info("fingerprint"), address,
             columns, rows)
    code = 0
    try:
        await terminal.start()
        code = await _pump(process, terminal, limits)
    except Exception as exc:  # noqa: BLE001 - one player's failure ends their session only
        log.error("session for %s failed: %r", player[:12], exc)
        code = 1
    finally:
        state.sessions[player] -= 1
        if not state.sessions[player]:
            del state.sessions[player]
        state.terminals.discard(terminal)
        if token is not None:
            service.drop_token(token)
        code = await terminal.close() or code
        log.info("session for %s ended (%d)", player[:12], code)
        if not process.is_closing():
            if state.stopping:  # (the server stopped the app: no failure of the player's)
                process.stdout.write(RESET_SCREEN + SHUTDOWN.encode())
                code = 0
                try:  # the goodbye on its way before the channel closes
                    await asyncio.wait_for(process.stdout.drain(), 2.0)
                except (asyncio.TimeoutError, ConnectionError, asyncssh.Error):
                    pass
            process.exit(code if 0 <= code < 256 else 128 + abs(code))  # (killed by signal N: 128+N)
        state.channels.discard(process)  # last: a stopping server waits for this (its goodbye sent)


async def _pump(process: asyncssh.SSHServerProcess, terminal: AppTerminal, limits: Limits) -> int:
    """Bytes both ways until the app exits or the player leaves: keys in (paced by the input
    budget, idle time watched, resizes applied), screen bytes out (a stalled reader dropped)."""
    budget = InputBudget(limits.input_bytes_per_second)

    async def keys_in() -> None:
        while True:
            try:
                data = await asyncio.wait_for(process.stdin.read(4096), limits.idle_seconds)
            except asyncssh.TerminalSizeChanged as change:
                terminal.resize(*limits.window(change.width, change.height))
                continue
            except asyncio.TimeoutError:
                process.stdout.write(IDLE.encode())
                return
            if not data:
                return  # the player closed the connection
            wait = budget.wait_for(len(data))
            if wait > 0:
                await asyncio.sleep(wait)
            terminal.write(data)

    async def screen_out() -> None:
        while True:
            data = await terminal.read()
            if not data:
                return
            process.stdout.write(data)
            await asyncio.wait_for(process.stdout.drain(), limits.stalled_seconds)

    tasks = [asyncio.ensure_future(keys_in()), asyncio.ensure_future(screen_out())]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    for task in done:
        error = task.exception()
        if isinstance(error, asyncio.TimeoutError):
            raise RuntimeError("the client stopped reading") from None
        if error is not None and not isinstance(error, (asyncssh.BreakReceived, asyncssh.SignalReceived,
                                                        BrokenPipeError, ConnectionError)):
            raise error
    return 0


async def serve(host: str, port: int, data: Path, authorized_keys: Path | None = None,
                limits: Limits | None = None, ready=None) -> None:
    """Run until SIGTERM or SIGINT; `ready(port)` is called once it listens."""
    service = TableService(data)
    await service.start()
    state = ServerState(data, limits or Limits(), service)
    if authorized_keys is not None:
        state.allowed = {k.public_data for k in _authorized(authorized_keys)}
    server = await asyncssh.create_server(
        lambda: PlayerServer(state), host, port, server_host_keys=[host_key(data)],
        process_factory=lambda process: play_session(process, state), encoding=None,
        line_editor=False, login_timeout=30, keepalive_interval=30, keepalive_count_max=4)
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
    state.stopping = True  # (new sessions are refused from now on)
    log.info("stopping: telling %d player(s)", len(state.channels))
    channels = list(state.channels)
    # Each app is asked to stop; its session then tells its player and ends (play_session).
    await asyncio.gather(*(t.close() for t in list(state.terminals)), return_exceptions=True)
    for _ in range(100):  # (an app gets 5 s to stop, then is killed: its session then ends)
        if not state.channels:
            break
        await asyncio.sleep(0.1)
    connections = {c for c in (p.get_extra_info("connection") for p in channels) if c is not None}
    for connection in connections:
        connection.close()
    if connections:  # each flushed and closed (the process ending would drop what is unsent)
        await asyncio.wait([asyncio.ensure_future(c.wait_closed()) for c in connections], timeout=3.0)
    server.close()  # last: closing the listener closes the connections it accepted, goodbyes or not
    await server.wait_closed()
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
