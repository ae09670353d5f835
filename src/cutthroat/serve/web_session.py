"""The web door's sessions: one websocket, one app process. The app (`start_web_app`, the one
place the web door starts one): forked by the server's zygote as an ssh session's is (handed its
stdin and stdout pipe ends instead of a PTY; `ZygoteWebProcess` is the server's handle on it), or
without one `python -P -m cutthroat` started plainly through the exec'd `trampoline`; either way
no shell, in a session of its own with no terminal, ended if the server dies (a plain start-up by
its parent-death signal, a zygote's child when its stdout loses its reader), the environment
cleaned as for ssh (`web_environment`), in the player's own folder, the service token through a
pipe, speaking Textual's web-driver packets on its stdin and stdout. `play` pumps both ways: every
browser message paced by the input budget, the window capped on the first size and every resize
(resizes coalesced by `Resizer`), the idle time (counted from the app's first screen, so a slow cold
start isn't idling), a browser that stops reading. A closed websocket
or the server's stop asks the app to quit, then kills it after a while. Apart from `web.py`
because it is the process side of the door (pipes, packets, signals), where the door is HTTP.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import signal
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from aiohttp import WSMsgType, web

from cutthroat.serve.limits import InputBudget, Limits
# (the ssh door's goodbyes, times and end of a session: both doors' alike; server.py imports the
# web door only when it is asked for, so no cycle)
from cutthroat.serve.server import APP_STOP_SECONDS, GOODBYE_SECONDS, IDLE, RESET_SCREEN, SHUTDOWN
from cutthroat.serve.server import _ending as session_ending
from cutthroat.serve import trampoline
from cutthroat.serve.terminal import app_command, app_environment, token_pipe
from cutthroat.serve.zygote import Zygote, ZygoteChild, ZygoteUnavailable

if TYPE_CHECKING:
    from cutthroat.serve.web import WebDoor

log = logging.getLogger("cutthroat.serve")

MAX_MESSAGE = 64 * 1024  # one websocket message from a browser (xterm.js sends a paste in pieces)
MAX_PACKET = 16 * 1024 * 1024  # one packet from an app (a repaint of the largest window is far less)
PRELUDE = b"__GANGLION__\n"  # what Textual's web driver writes first
SORRY = "\r\nSomething went wrong; your seat is kept.\r\n"
#: What the web driver writes as it starts, before the app's first screen: modes set, nothing shown.
MODES_ONLY = re.compile(rb"(?:\x1b\[\?[0-9;]*[hl])*")
APP_START_SECONDS = 60.0  # an app not showing its first screen by then is ended as idle (the idle time, if longer)
_told_no_parent_death = False  # (the log says once that plain start-ups are watched instead)
def web_environment(home: Path, extra_env: dict[str, str], columns: int, rows: int) -> dict[str, str]:
    """A web app's environment: an ssh app's (`terminal.app_environment`) with Textual's web
    driver's variables, as textual-serve starts it, and the first size from the browser (capped)."""
    env = app_environment(home, "xterm-256color", "C.UTF-8", extra_env)
    env.update(TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver", TEXTUAL_COLOR_SYSTEM="truecolor",
               TEXTUAL_FPS="60", TERM_PROGRAM="textual", COLUMNS=str(columns), ROWS=str(rows))
    return env


async def start_web_app(home: Path, env: dict[str, str], pass_fds: tuple[int, ...],
                        zygote: Zygote | None = None) -> asyncio.subprocess.Process | ZygoteWebProcess:
    """The one place the web door starts an app, its stdin and stdout pipes speaking Textual's
    web-driver packets, in the player's folder, in a session of its own, ended with the server:
    forked by the server's zygote if it has one running (as an ssh session's app; one on its way
    up is waited for), else (no zygote, or it died, or it failed this session: a new one is asked
    for) `python -m cutthroat` started plainly (`_start_plain`). `pass_fds`: the token pipe's."""
    if zygote is not None:
        if zygote.alive and not zygote.ready:
            await zygote.wait_ready()
        if zygote.alive and zygote.ready:
            try:
                return await _start_from(zygote, home, env, pass_fds[0] if pass_fds else None)
            except ZygoteUnavailable as exc:
                log.warning("a web session starts plainly: %s", exc)
        zygote.revive()  # (a new zygote for the sessions after this one)
    return await _start_plain(home, env, pass_fds)


async def _start_plain(home: Path, env: dict[str, str], pass_fds: tuple[int, ...]) -> asyncio.subprocess.Process:
    """`python -P -m cutthroat` directly (no shell), with a parent-death signal (set up by the
    exec'd trampoline: no Python runs between fork and exec in the threaded server; where the
    system has none, the trampoline's watcher process, said once in the log)."""
    global _told_no_parent_death
    if not _told_no_parent_death and not trampoline.parent_death_signal():
        _told_no_parent_death = True
        log.warning("this system has no parent-death signal (prctl): each web app started plainly has a "
                    "watcher process that ends it if the server ends (within %g s)", trampoline.WATCH_SECONDS)
    return await asyncio.create_subprocess_exec(
        *trampoline.command(parent_death=os.getpid()), *app_command(),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
        env=env, cwd=str(home), close_fds=True, pass_fds=pass_fds)


async def _start_from(zygote: Zygote, home: Path, env: dict[str, str], token_fd: int | None) -> ZygoteWebProcess:
    """The app forked by the zygote, handed its ends of two fresh pipes (and the token's)."""
    stdin_r, stdin_w = os.pipe()
    stdout_r, stdout_w = os.pipe()
    try:
        child = await zygote.spawn((stdin_r, stdout_w), env, str(home), token_fd)
    except BaseException:
        for fd in (stdin_w, stdout_r):  # (a late child's pipes closed: it ends, `zygote_child._end_with_the_server`)
            os.close(fd)
        raise
    finally:
        os.close(stdin_r)
        os.close(stdout_w)
    return await ZygoteWebProcess.connect(child, stdin_w, stdout_r)


class ZygoteWebProcess:
    """A web app the zygote forked, as `WebApp` and `pump` use an `asyncio.subprocess.Process`:
    `pid`, `returncode`, `wait()`, `stdin` (a StreamWriter on its stdin pipe) and `stdout` (a
    StreamReader on its stdout pipe); its exit status from the zygote's report, or its pidfd once
    the zygote is gone (`zygote.ZygoteChild`)."""

    def __init__(self, child: ZygoteChild, stdin: asyncio.StreamWriter, stdout: asyncio.StreamReader,
                 stdout_transport: asyncio.ReadTransport) -> None:
        self.child = child
        self.stdin = stdin
        self.stdout = stdout
        self._stdout_transport = stdout_transport

    @classmethod
    async def connect(cls, child: ZygoteChild, stdin_w: int, stdout_r: int) -> "ZygoteWebProcess":
        loop = asyncio.get_running_loop()
        reading, writing = os.fdopen(stdout_r, "rb", buffering=0), os.fdopen(stdin_w, "wb", buffering=0)
        reader = asyncio.StreamReader(limit=1 << 16, loop=loop)  # (asyncio.subprocess's own limit)
        out = None
        try:
            out, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader, loop=loop), reading)
            into, protocol = await loop.connect_write_pipe(
                lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader(loop=loop), loop=loop), writing)
        except BaseException:  # (its stdout's reader gone: the app ends itself)
            if out is not None:
                out.close()
            reading.close()
            writing.close()
            raise
        return cls(child, asyncio.StreamWriter(into, protocol, None, loop), reader, out)

    @property
    def pid(self) -> int:
        return self.child.pid

    @property
    def returncode(self) -> int | None:
        return self.child.returncode

    @property
    def status_known(self) -> bool:
        return self.child.status_known

    async def wait(self) -> int:
        return await self.child.wait()

    def close_pipes(self) -> None:
        """The server's ends closed (once the app has ended: a closed stdout ends a live one)."""
        self.stdin.close()
        self._stdout_transport.close()


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


class WebApp:
    """One player's app process behind a websocket. `hangup` and `kill` as `AppTerminal`'s, so the
    server's stop treats both doors' apps alike."""

    def __init__(self, process: asyncio.subprocess.Process | ZygoteWebProcess) -> None:
        self.process = process
        self.zygote_pid = process.child.started_by.pid if isinstance(process, ZygoteWebProcess) else None
        self.hung_up = False
        self.killed = False

    @property
    def running(self) -> bool:
        return self.process.returncode is None

    def send(self, kind: bytes, payload: bytes) -> None:
        stdin = self.process.stdin
        if stdin is not None and not stdin.is_closing():
            stdin.write(packet(kind, payload))

    def meta(self, **fields: Any) -> None:
        self.send(b"M", json.dumps(fields).encode())

    def hangup(self) -> None:
        """Ask the app to quit (its game is autosaved every move)."""
        if self.running:
            self.hung_up = True
            self.meta(type="quit")

    def kill(self) -> None:
        if self.running:
            self.killed = True
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:  # (a zygote's child killed before its own `setsid`)
                try:
                    os.kill(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    async def close(self, grace: float = APP_STOP_SECONDS) -> int:
        """Quit, then make sure (killed after `grace` seconds); the exit status (-N: signal N).
        Its output is read (and dropped) meanwhile: an app blocked on a full pipe can't quit, and
        asyncio's `wait()` doesn't return until the pipe has seen its end, which a pipe paused
        with unread output (a browser that stopped reading) never would."""
        discard = asyncio.ensure_future(self._discard_output())
        try:
            return await self._close(grace)
        finally:
            discard.cancel()
            await asyncio.gather(discard, return_exceptions=True)

    async def _discard_output(self) -> None:
        stdout = self.process.stdout
        if stdout is not None:
            while await stdout.read(1 << 16):
                pass

    async def _close(self, grace: float) -> int:
        if self.running:
            self.hangup()
            try:
                await asyncio.wait_for(self.process.wait(), grace)
            except asyncio.TimeoutError:
                self.kill()
                await self.process.wait()
        if isinstance(self.process, ZygoteWebProcess):
            self.process.close_pipes()
        elif self.process.stdin is not None:
            self.process.stdin.close()
        return self.process.returncode or 0


class Resizer:
    """Window changes applied at most once an interval, the latest size winning (as `AppTerminal`)."""

    def __init__(self, size: tuple[int, int], interval: float, apply: Callable[[int, int], None]) -> None:
        self.size = self.wanted = size
        self.interval = interval
        self.apply = apply
        self.asked = 0
        self.applied = 0
        self._at = float("-inf")
        self._timer: asyncio.TimerHandle | None = None

    def ask(self, columns: int, rows: int) -> None:
        self.wanted = (columns, rows)
        self.asked += 1
        if self._timer is not None:
            return
        loop = asyncio.get_running_loop()
        wait = self._at + self.interval - loop.time()
        if wait <= 0:
            self._now()
        else:
            self._timer = loop.call_later(wait, self._now)

    def _now(self) -> None:
        self._timer = None
        if self.wanted != self.size:
            self.size = self.wanted
            self._at = asyncio.get_running_loop().time()
            self.applied += 1
            self.apply(*self.size)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

def _int(value: Any, default: int) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    try:
        return int(str(value)[:12])
    except ValueError:
        return default


# -- a session ---------------------------------------------------------------------------------------
async def play(door: WebDoor, ws: web.WebSocketResponse, request: web.Request, player: str, address: str) -> None:
    """One session: the player's own app, until either side ends."""
    state, limits = door.state, door.limits
    columns, rows = limits.window(_int(request.query.get("width"), 80), _int(request.query.get("height"), 24))
    home = state.data / "players" / player
    service = state.service
    token = service.new_token(player, address) if service is not None else None
    link = {"CUTTHROAT_SERVICE": str(service.socket_path)} if token else {}
    link["CUTTHROAT_ERROR_LOG"] = str(state.data / "app-errors.log")
    env = web_environment(home, link, columns, rows)
    log.info("web session for %s at %s: %d×%d", player[:12], address, columns, rows)
    app: WebApp | None = None
    resizer: Resizer | None = None
    end = "failed"
    try:
        if not home.is_dir():
            home.mkdir(mode=0o700, parents=True, exist_ok=True)
            door.players.made()
        os.chmod(home, 0o700)
        os.utime(home)  # (its last use: the player folders' sweep reads it)
        if state.stopping:
            raise RuntimeError("the server is stopping")
        passed = token_pipe(token, env)  # (CUTTHROAT_TOKEN_FD: a zygote's child's own number for it, set there)
        try:
            app = WebApp(await start_web_app(home, env, passed, state.zygote))
        finally:
            for fd in passed:  # (the app has its copy, or never will)
                os.close(fd)
        if state.zygote is not None and app.zygote_pid is None:
            log.info("web session for %s: a plain start-up (no zygote running)", player[:12])
        door.apps.add(app)
        state.terminals.add(app)  # (the server's stop hangs up both doors' apps)
        resizer = Resizer((columns, rows), limits.resize_interval,
                          lambda width, height: app.meta(type="resize", width=width, height=height))
        end = await pump(limits, ws, app, resizer)
    except Exception as exc:  # noqa: BLE001 - one player's failure ends their session only
        log.error("web session for %s failed: %s", player[:12],
                  exc if isinstance(exc, RuntimeError) else repr(exc))
    finally:
        if token is not None:
            service.drop_token(token)
        if resizer is not None:
            resizer.cancel()
        code = 0
        if app is not None:
            code = await app.close(APP_STOP_SECONDS)
            door.apps.discard(app)
            state.terminals.discard(app)
        how, _, normal = session_ending(end, code, app, state.stopping, who="the browser")
        if app is not None and not getattr(app.process, "status_known", True):
            how += " (its exit status went with the zygote that started it)"
        if resizer is not None and resizer.asked:
            how += f" (window changes: {resizer.asked} asked, {resizer.applied} applied)"
        (log.info if normal else log.warning)("web session for %s ended: %s", player[:12], how)
        try:
            os.utime(home)  # (its last use)
        except OSError:
            pass
        goodbye = (SHUTDOWN if state.stopping else IDLE if end == "idle"
                   else SORRY if end == "failed" or (end == "app" and code) else "")
        try:
            if goodbye and not ws.closed:
                await asyncio.wait_for(ws.send_bytes(RESET_SCREEN + goodbye.encode()), GOODBYE_SECONDS)
            await asyncio.wait_for(ws.close(), GOODBYE_SECONDS)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            pass

async def pump(limits: Limits, ws: web.WebSocketResponse, app: WebApp, resizer: Resizer) -> str:
    """Both ways until the app exits or the browser leaves: "app", "left" or "idle"."""
    loop = asyncio.get_running_loop()
    budget = InputBudget(limits.input_bytes_per_second)
    stdin = app.process.stdin
    stdout = app.process.stdout
    assert stdin is not None and stdout is not None

    opened = loop.time()
    shown: list[float] = []  # (when the app's first screen went out: the idle time counts from it)

    async def keys_in() -> str:
        last_key: float | None = None
        while True:
            now = loop.time()
            if last_key is None and shown:
                last_key = shown[0]
            if last_key is None:  # (the app still starting: a cold start on a busy machine isn't idling)
                left = opened + max(limits.idle_seconds, APP_START_SECONDS) - now
            else:
                left = last_key + limits.idle_seconds - now
            if left <= 0:
                return "idle"
            try:
                # (not `receive(timeout=)`: aiohttp restarts that timeout after every ping and
                # pong it answers by itself, so its own heartbeat, or a client's pings, would
                # keep an idle session forever)
                message = await asyncio.wait_for(ws.receive(), left)
            except asyncio.TimeoutError:
                continue
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return "left"
            if message.type != WSMsgType.TEXT:
                continue  # (nothing else is spoken)
            wait = budget.wait_for(len(message.data))  # (every message: keys, resizes, pings alike)
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(body, str):
                last_key = loop.time()
                app.send(b"D", body.encode("utf-8", "replace"))
                await asyncio.wait_for(stdin.drain(), limits.stalled_seconds)
            elif kind == "resize" and isinstance(body, dict):
                resizer.ask(*limits.window(_int(body.get("width"), 80), _int(body.get("height"), 24)))
            elif kind in ("focus", "blur"):
                app.meta(type=kind)
            elif kind == "ping" and isinstance(body, str) and len(body) <= 32:
                # (bounded as the screen is: pongs into a socket nobody reads would hold this
                # reader, and with it the idle time, for good)
                await asyncio.wait_for(ws.send_str(json.dumps(["pong", body])), limits.stalled_seconds)

    async def screen_out() -> str:
        for _ in range(20):
            line = await stdout.readline()
            if not line:
                return "app"
            if line == PRELUDE:
                break
        else:
            raise RuntimeError("the app never started its web driver")
        while True:
            head = await stdout.readexactly(5)
            kind, size = head[:1], int.from_bytes(head[1:], "big")
            if size > MAX_PACKET:
                raise RuntimeError(f"the app sent a packet of {size} bytes")
            payload = await stdout.readexactly(size)
            if kind == b"D":
                if not shown and not MODES_ONLY.fullmatch(payload):
                    shown.append(loop.time())
                await asyncio.wait_for(ws.send_bytes(payload), limits.stalled_seconds)
            elif kind == b"M":
                try:
                    meta = json.loads(payload)
                except ValueError:
                    continue
                if isinstance(meta, dict) and meta.get("type") == "exit":
                    return "app"
            # (anything else, an `open_url` or a file delivery: nothing of the kind is offered)

    tasks = [asyncio.ensure_future(keys_in()), asyncio.ensure_future(screen_out())]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for task in done:
        error = task.exception()
        if isinstance(error, asyncio.IncompleteReadError):
            return "app"
        if isinstance(error, asyncio.TimeoutError):
            raise RuntimeError("the browser stopped reading (or the app its keys)") from None
        if isinstance(error, (ConnectionError, BrokenPipeError)):
            return "left"
        if error is not None:
            raise error
        return task.result()
    return "left"

