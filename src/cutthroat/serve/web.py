"""`cutthroat serve --web-port`: the web door. The same lobby and tables as the ssh door, from the
same process and the same table service, in a browser: the page (our own template, textual-serve's
terminal in it) opens a websocket, and each websocket gets its own Cutthroat app process speaking
Textual's web-driver packets on its stdin and stdout. Imported only with the flag (aiohttp and
textual-serve's files are the `web` extra); never imports Textual.

- Who: a player is a random id in an HMAC-signed cookie (HttpOnly, SameSite=Strict; the key is
  `web-cookie-secret` in the data folder, 0600, made once). The websocket is refused (403)
  without it, with a bad signature, or from a page of another origin (`Origin` against
  `--public-url`, else the request's own host). The name is asked by the app, as over ssh. A
  one-time code from the lobby (`L`, the service's `link_code`) used at `/link/CODE` (a page
  naming the code's player, as text, and a button: a POST, Origin-checked; the page and the
  button tried paced per address) makes a browser that code's player, so one person is one
  player across both doors. A browser that is another player already is told so, by name, and
  keeps that player unless it confirms leaving it (the form's `leave`): a link someone sends you
  can't quietly take your browser over. A link followed from another site, which doesn't bring
  the SameSite=Strict cookie, is asked again from here (`BOUNCE`) rather than made a new
  player.
- Limits (`limits.Limits`, shared with the ssh door): TCP connections to the web port counted from
  their first byte, in total and per address, and closed unless they become a websocket within
  the login grace time; sessions in total and per player (both doors together), per address
  (web sessions and ssh connections together; `X-Forwarded-For` believed only from a
  `--trusted-proxy`), new
  websockets per address a minute (new cookies cost nothing), every browser message paced by
  the input budget, the window capped on the first size and every resize (and resizes
  coalesced), the idle time, a browser that stops reading. Only the page, the websocket and a
  fixed list of files are served (no listing, nothing from another host).
- Processes (`start_web_app`): `python -m cutthroat`, no shell, in a session of its own, killed
  by the kernel if the server dies (PR_SET_PDEATHSIG), the environment cleaned as for ssh
  (`terminal.app_environment`), in the player's own folder, the service token through a pipe.
  A closed websocket or the server's stop asks the app to quit, then kills it after a while.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import html
import ipaddress
import json
import logging
import os
import re
import secrets
import signal
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from cutthroat.serve.limits import InputBudget, Limits, PerMinute, address_group
# (the ssh door's goodbyes, times and end of a session: both doors' alike; server.py imports this
# module only when the web door is asked for, so no cycle)
from cutthroat.serve.server import (APP_STOP_SECONDS, GOODBYE_SECONDS, IDLE, RESET_SCREEN, SHUTDOWN,
                                    _ending as session_ending, _until as wait_until)
from cutthroat.serve import trampoline
from cutthroat.serve.terminal import app_environment, token_pipe

log = logging.getLogger("cutthroat.serve")

COOKIE = "cutthroat_player"
SECRET_FILE = "web-cookie-secret"
COOKIE_SECONDS = 400 * 24 * 3600  # (the longest a browser keeps a cookie)
COOKIE_VALUE = re.compile(r"([0-9a-f]{32})\.([0-9a-f]{64})")  # a player id, a dot, its HMAC-SHA256 in hex
MAX_MESSAGE = 64 * 1024  # one websocket message from a browser (xterm.js sends a paste in pieces)
MAX_PACKET = 16 * 1024 * 1024  # one packet from an app (a repaint of the largest window is far less)
CONNECTIONS_PER_SESSION = 4  # TCP connections to the web port, per session the limits allow (a page and its files)
PRELUDE = b"__GANGLION__\n"  # what Textual's web driver writes first
SORRY = "\r\nSomething went wrong; your seat is kept.\r\n"
#: The page for a link followed from another site: it asks for itself again, from this site.
BOUNCE = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
          '<meta http-equiv="refresh" content="0; url={url}"><title>Cutthroat</title>'
          '<link rel="stylesheet" href="/static/cutthroat.css"></head><body><div class="dialog-container">'
          '<div class="intro"><a href="{url}">To the tables</a></div></div></body></html>')
LINK_ATTEMPTS_PER_MINUTE = 10  # link codes tried from one address a minute (its page and its button alike)
LINK_CODE = re.compile(r"[A-Za-z0-9-]{1,40}")  # what a link code may look like at all
#: A link code's page, `{name}` its player's (escaped); `{leave}` the confirmation asked when this
#: browser is another player now (LINK_LEAVE), else nothing.
LINK_PAGE = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Cutthroat</title>'
             '<link rel="stylesheet" href="/static/cutthroat.css"></head><body><div class="dialog-container">'
             '<div class="intro"><form method="post" action="/link/{code}"><div>Play in this browser as '
             '<b class="link-player">{name}</b>, the player who asked for this link (their name, games and seats, '
             'as over ssh)? Only if that is you: a link from someone else makes this browser theirs.</div>{leave}'
             '<button type="submit">Yes, this browser is {name}</button></form></div></div></body></html>')
LINK_LEAVE = ('<div class="link-leave"><p>This browser plays as <b class="browser-player">{current}</b> now. '
              '{current} will be left: if that player plays only in this browser, nothing brings them back.</p>'
              '<label><input type="checkbox" name="leave" value="{mark}" required> Leave {current} and be {name} '
              'in this browser</label></div>')
LINK_REFUSED = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Cutthroat</title>'
                '<link rel="stylesheet" href="/static/cutthroat.css"></head><body><div class="dialog-container">'
                '<div class="intro">That link is wrong, used or too old: press L in the lobby for a new one. '
                '<a href="/">To the tables</a></div></div></body></html>')
NO_NAME = "a player with no name yet"


# -- who: the signed cookie ------------------------------------------------------------------------
def cookie_secret(data: Path) -> bytes:
    """The key that signs players' cookies: made once in the data folder (0600), then read."""
    path = data / SECRET_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as fh:
            os.fchmod(fh.fileno(), 0o600)
            secret = fh.read(256)
        if len(secret) < 32:
            raise OSError(f"{path} is too short to be the web door's key: remove it to make a new one")
        return secret
    secret = secrets.token_bytes(32)
    with os.fdopen(fd, "wb") as fh:
        fh.write(secret)
    log.info("made the web door's cookie key %s", path)
    return secret


def sign(secret: bytes, player: str) -> str:
    return f"{player}.{_mac(secret, player)}"


def verify(secret: bytes, value: str | None) -> str | None:
    """The player a cookie names, if its signature is ours; None for anything else."""
    if not value or len(value) > 200:
        return None
    shape = COOKIE_VALUE.fullmatch(value)  # (its shape first: ASCII only from here on)
    if shape is None:
        return None
    player, mac = shape.groups()
    if not hmac.compare_digest(mac.encode("ascii"), _mac(secret, player).encode("ascii")):
        return None
    return player


def _mac(secret: bytes, player: str) -> str:
    return hmac.new(secret, b"cutthroat web player " + player.encode(), hashlib.sha256).hexdigest()


# -- processes ---------------------------------------------------------------------------------------
async def start_web_app(home: Path, env: dict[str, str], pass_fds: tuple[int, ...]) -> asyncio.subprocess.Process:
    """The one place the web door starts an app: `python -m cutthroat` directly (no shell), its
    stdin and stdout pipes speaking Textual's web-driver packets, in the player's folder, in a
    session of its own, with a parent-death signal (set up by the exec'd trampoline: no Python
    runs between fork and exec in the threaded server)."""
    return await asyncio.create_subprocess_exec(
        *trampoline.command(parent_death=os.getpid()), sys.executable, "-P", "-m", "cutthroat",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
        env=env, cwd=str(home), close_fds=True, pass_fds=pass_fds)


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


class WebApp:
    """One player's app process behind a websocket. `hangup` and `kill` as `AppTerminal`'s, so the
    server's stop treats both doors' apps alike."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
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
            except ProcessLookupError:
                pass

    async def close(self, grace: float = APP_STOP_SECONDS) -> int:
        """Quit, then make sure (killed after `grace` seconds); the exit status (-N: signal N)."""
        if self.running:
            self.hangup()
            try:
                await asyncio.wait_for(self.process.wait(), grace)
            except asyncio.TimeoutError:
                self.kill()
                await self.process.wait()
        if self.process.stdin is not None:
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


# -- connections: counted from the first byte, as the ssh door's ------------------------------------
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
            left = door.connections_from.get(self.address, 1) - 1
            if left > 0:
                door.connections_from[self.address] = left
            else:
                door.connections_from.pop(self.address, None)
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


# -- the door -----------------------------------------------------------------------------------------
def static_files() -> dict[str, Path]:
    """Every file the door serves under /static/, by name: nothing else (no listing, no path)."""
    ours = Path(__file__).parent / "web_static"
    spec = find_spec("textual_serve")  # (its files only: its modules are not imported)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the web door needs textual-serve (pip install 'cutthroat[web]')")
    theirs = Path(list(spec.submodule_search_locations)[0]) / "static"
    files = {"cutthroat.js": ours / "cutthroat.js", "cutthroat.css": ours / "cutthroat.css"}
    for name in ("js/textual.js", "css/xterm.css", "fonts/RobotoMono-VariableFont_wght.ttf",
                 "fonts/RobotoMono-Italic-VariableFont_wght.ttf"):
        files[name] = theirs / name
    missing = [name for name, path in files.items() if not path.is_file()]
    if missing:
        raise RuntimeError(f"the web door's files are missing: {', '.join(missing)}")
    return files


def _int(value: Any, default: int) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    try:
        return int(str(value)[:12])
    except ValueError:
        return default


class WebDoor:
    """The aiohttp site on the server's loop: the page, its files and the websocket, sharing the
    ssh door's `ServerState` (its service, limits, session counts and stop)."""

    def __init__(self, state, public_url: str | None = None, trusted_proxies: tuple[str, ...] = ()) -> None:
        self.state = state
        self.limits: Limits = state.limits
        self.secret = cookie_secret(state.data)
        self.public = urlsplit(public_url) if public_url else None
        self.trusted = [ipaddress.ip_network(proxy, strict=False) for proxy in trusted_proxies]
        self.files = static_files()
        self.page = (Path(__file__).parent / "web_static" / "page.html").read_text(encoding="utf-8")
        self.new_sessions = PerMinute(self.limits.web_sessions_per_minute)  # address -> websockets opened
        self.link_attempts = PerMinute(LINK_ATTEMPTS_PER_MINUTE)  # address -> link codes tried
        self.sessions: set[web.WebSocketResponse] = set()
        self.apps: set[WebApp] = set()
        self.connections = 0  # TCP connections to the web port now
        self.connections_from: dict[str, int] = {}  # address -> connections (a trusted proxy's not counted)
        self.upgraded: set[asyncio.BaseTransport] = set()  # connections that are websockets now
        self.runner: web.AppRunner | None = None

    # -- the site ----------------------------------------------------------------------------------
    def application(self) -> web.Application:
        app = web.Application(client_max_size=4096)
        app.router.add_get("/", self.index, allow_head=False)
        app.router.add_get("/ws", self.websocket, allow_head=False)
        app.router.add_get("/static/{name:.+}", self.static, allow_head=False)
        app.router.add_get("/favicon.ico", self.no_icon, allow_head=False)
        app.router.add_get("/link/{code}", self.link_page, allow_head=False)
        app.router.add_post("/link/{code}", self.link)
        app.on_response_prepare.append(self._headers)
        return app

    async def start(self, host: str, port: int) -> int:
        """Listen; the port (the one bound, for port 0)."""
        if self.state.service is not None:  # (the lobby's L: a code for this door)
            self.state.service.web_door = True
            self.state.service.web_url = self.origin() if self.public is not None else None
        self.runner = web.AppRunner(self.application(), handle_signals=False, access_log=None,
                                    shutdown_timeout=2.0, keepalive_timeout=15.0)
        await self.runner.setup()
        site = CountedSite(self.runner, self, host, port)
        await site.start()
        bound = self.runner.addresses[0][1] if self.runner.addresses else port
        log.info("web door on http://%s:%d%s", host, bound,
                 f" (public URL {self.origin()})" if self.public is not None else "")
        return bound

    async def stop(self) -> None:
        """Every web app asked to quit (then killed), every browser told, the site closed."""
        for app in list(self.apps):
            app.hangup()
        await wait_until(lambda: not self.apps, APP_STOP_SECONDS)
        for app in list(self.apps):
            app.kill()
        await wait_until(lambda: not self.sessions, GOODBYE_SECONDS)
        if self.runner is not None:
            await self.runner.cleanup()

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        headers = response.headers
        headers["X-Content-Type-Options"] = "nosniff"
        headers["X-Frame-Options"] = "DENY"
        headers["Referrer-Policy"] = "no-referrer"
        headers["Cross-Origin-Opener-Policy"] = "same-origin"
        headers["Cross-Origin-Resource-Policy"] = "same-origin"
        headers["Content-Security-Policy"] = (
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
            f"img-src 'self' data:; connect-src 'self' {self.socket_origin(request)}; base-uri 'none'; "
            "form-action 'self'; frame-ancestors 'none'")
        if self.public is not None and self.public.scheme == "https":
            headers["Strict-Transport-Security"] = "max-age=31536000"
        headers.pop("Server", None)

    def origin(self, request: web.Request | None = None) -> str:
        """The page's origin: `--public-url`'s, else the request's own (scheme and Host)."""
        if self.public is not None:
            return f"{self.public.scheme}://{self.public.netloc}".lower()
        assert request is not None
        return f"{request.scheme}://{request.host}".lower()

    def socket_origin(self, request: web.Request) -> str:
        origin = self.origin(request)
        return ("wss" if origin.startswith("https:") else "ws") + origin[origin.index(":"):]

    def address(self, request: web.Request) -> str:
        """The client's address group: the peer's, or behind a trusted proxy the last address in
        `X-Forwarded-For` that is not one of the trusted proxies."""
        client = request.remote or "?"
        if self._trusted(client):
            hops = [hop.strip() for line in request.headers.getall("X-Forwarded-For", [])
                    for hop in line.split(",")]
            for hop in reversed(hops):
                try:
                    ipaddress.ip_address(hop)
                except ValueError:
                    break  # (not an address: nothing further left is believed)
                client = hop
                if not self._trusted(hop):
                    break
        return address_group(client)

    def _trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        if ip.version == 6 and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip in network for network in self.trusted)

    # -- the page and its files ----------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.Response:
        player = verify(self.secret, request.cookies.get(COOKIE))
        if player is None and request.headers.get("Sec-Fetch-Site") == "cross-site":
            # A link followed from another site (a chat) doesn't bring the SameSite=Strict cookie:
            # the page is asked again from here, which does, rather than a new player being made.
            return web.Response(text=BOUNCE.format(url="/"), content_type="text/html", charset="utf-8",
                                headers={"Cache-Control": "no-store"})
        font_size = max(8, min(_int(request.query.get("fontsize", "16"), 16), 32))
        text = (self.page.replace("{ws_url}", html.escape(self.socket_origin(request) + "/ws", quote=True))
                .replace("{font_size}", str(font_size)))
        response = web.Response(text=text, content_type="text/html", charset="utf-8")
        response.headers["Cache-Control"] = "no-store"
        if player is None:
            self._set_player(response, secrets.token_hex(16))
        return response

    def _set_player(self, response: web.StreamResponse, player: str) -> None:
        """This browser is `player` from now on: the signed cookie (HttpOnly, SameSite=Strict)."""
        secure = self.public is not None and self.public.scheme == "https"
        response.set_cookie(COOKIE, sign(self.secret, player), max_age=COOKIE_SECONDS, path="/", httponly=True,
                            samesite="Strict", secure=secure)

    def _name(self, player: str) -> str:
        service = self.state.service
        name = service.store.name(player) if service is not None else None
        return html.escape(name or NO_NAME, quote=True)  # (a player's name: data, never markup)

    def _link_page(self, code: str, player: str, current: str | None) -> str:
        """The link's page for `player`'s code, seen from a browser that is `current` now."""
        name = self._name(player)
        leave = ""
        if current is not None and current != player:
            leave = LINK_LEAVE.format(current=self._name(current), mark=current[:12], name=name)
        return LINK_PAGE.format(code=html.escape(code, quote=True), name=name, leave=leave)

    def _link_try(self, request: web.Request, address: str, what: str) -> tuple[str | None, web.Response | None]:
        """A link code tried from `address` (paced): its player, or the refusal to send."""
        code = request.match_info["code"]
        if self.link_attempts.over(address):
            log.warning("refused a browser link from %s: %d tries this minute", address, LINK_ATTEMPTS_PER_MINUTE)
            return None, web.Response(status=429, text="Too many tries: wait a minute\n")
        self.link_attempts.add(address)
        service = self.state.service
        player = (service.link_player(code) if service is not None and LINK_CODE.fullmatch(code) else None)
        if player is None:
            log.warning("refused a browser link from %s: a wrong, used or old code (%s)", address, what)
            return None, web.Response(status=403, text=LINK_REFUSED, content_type="text/html", charset="utf-8",
                                      headers={"Cache-Control": "no-store"})
        return player, None

    async def link_page(self, request: web.Request) -> web.Response:
        """A link code's page: whose it is, and a button that uses it (a POST from this page), so
        a chat's link preview fetching the address doesn't spend the code. A browser that is
        another player now is told so, and asked to confirm leaving that player."""
        code = request.match_info["code"]
        current = verify(self.secret, request.cookies.get(COOKIE))
        if current is None and request.headers.get("Sec-Fetch-Site") == "cross-site" and LINK_CODE.fullmatch(code):
            # (followed from a chat: without the SameSite=Strict cookie this browser's player isn't
            # known; asked again from here, which brings it)
            return web.Response(text=BOUNCE.format(url=f"/link/{code}"), content_type="text/html", charset="utf-8",
                                headers={"Cache-Control": "no-store"})
        player, refused = self._link_try(request, self.address(request), "its page")
        if refused is not None:
            return refused
        return web.Response(text=self._link_page(code, player, current), content_type="text/html",
                            charset="utf-8", headers={"Cache-Control": "no-store"})

    async def link(self, request: web.Request) -> web.Response:
        """A link code used: this browser is that code's player from now on (its cookie). A
        browser that is another player now must say it leaves that one (the page's `leave`)."""
        address = self.address(request)
        origin = request.headers.get("Origin")
        if origin is None or origin.lower() != self.origin(request):
            log.warning("refused a browser link from %s: a page from another origin (%.80r)", address, origin)
            return web.Response(status=403, text="Refused: a page from another site\n")
        player, refused = self._link_try(request, address, "its button")
        if refused is not None:
            return refused
        code = request.match_info["code"]
        current = verify(self.secret, request.cookies.get(COOKIE))
        if current is not None and current != player:
            try:
                form = await request.post()
            except ValueError:
                form = {}
            if form.get("leave") != current[:12]:  # (not confirmed, or for another player than this browser's)
                log.info("a browser link from %s: asked to confirm leaving %s for %s", address, current[:12],
                         player[:12])
                return web.Response(status=409, text=self._link_page(code, player, current),
                                    content_type="text/html", charset="utf-8", headers={"Cache-Control": "no-store"})
        service = self.state.service
        if service.redeem_link(code) != player:  # (used in between)
            return web.Response(status=403, text=LINK_REFUSED, content_type="text/html", charset="utf-8")
        log.info("a browser at %s is now %s (a link code)%s", address, player[:12],
                 f", leaving {current[:12]}" if current is not None and current != player else "")
        response = web.Response(status=303, headers={"Location": "/"})
        self._set_player(response, player)
        return response

    async def no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204, headers={"Cache-Control": "public, max-age=86400"})

    async def static(self, request: web.Request) -> web.StreamResponse:
        path = self.files.get(request.match_info["name"])
        if path is None:
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers={"Cache-Control": "public, max-age=3600"})

    def connection_refusal(self, address: str, proxied: bool) -> str | None:
        """Why a new TCP connection is refused at once, if it is: the server stopping, or as many
        connections to this port as 4 × `--total-connections`, or 4 × `--connections-per-address`
        from that address (a browser opens several at once for a page and its files; a trusted
        proxy's are not counted by address: its clients are, at the websocket)."""
        limits = self.limits
        if self.state.stopping:
            return "the server is stopping"
        if self.connections >= CONNECTIONS_PER_SESSION * limits.total_connections:
            return f"{self.connections} web connections ({CONNECTIONS_PER_SESSION} × --total-connections)"
        if not proxied and self.connections_from.get(address, 0) >= CONNECTIONS_PER_SESSION * limits.connections_per_address:
            return (f"{self.connections_from[address]} web connections from this address "
                    f"({CONNECTIONS_PER_SESSION} × --connections-per-address)")
        return None

    # -- a session ---------------------------------------------------------------------------------------
    def refusal(self, request: web.Request, address: str) -> tuple[int, str] | None:
        state, limits = self.state, self.limits
        cookie = request.cookies.get(COOKIE)
        player = verify(self.secret, cookie)
        if state.stopping:
            return 503, "the server is stopping"
        if cookie is None:
            return 403, "no player cookie"
        if player is None:
            return 403, "a cookie not signed by this server"
        origin = request.headers.get("Origin")
        if origin is None or origin.lower() != self.origin(request):
            return 403, f"a page from another origin ({origin!r:.80})"
        if self.new_sessions.over(address):
            return 429, f"{limits.web_sessions_per_minute} new web sessions from this address this minute " \
                        "(--web-sessions-per-minute)"
        if state.per_address.get(address, 0) >= limits.connections_per_address:  # (both doors' together)
            return 429, (f"{state.per_address[address]} ssh connections and web sessions from this address "
                         "(--connections-per-address)")
        if state.sessions.get(player, 0) >= limits.connections_per_key:
            return 429, f"player {player[:12]} has {state.sessions[player]} sessions (--connections-per-key)"
        if state.total >= limits.total_connections:
            return 503, f"{state.total} sessions on the server (--total-connections)"
        return None

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        address = self.address(request)
        refused = self.refusal(request, address)
        if refused is not None:
            status, why = refused
            log.warning("refused a web session from %s: %s", address, why)
            return web.Response(status=status, text="Refused: " + why.split(" (")[0] + "\n")
        state, limits = self.state, self.limits
        player = verify(self.secret, request.cookies.get(COOKIE))
        assert player is not None
        # Counted before the first await, so requests racing each other can't all pass the caps.
        self.new_sessions.add(address)
        state.per_address[address] = state.per_address.get(address, 0) + 1  # (the ssh door's count too)
        state.sessions[player] = state.sessions.get(player, 0) + 1
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30.0, compress=False)
        try:
            if not ws.can_prepare(request).ok:
                return web.Response(status=400, text="A websocket only\n")
            await ws.prepare(request)
            if request.transport is not None:
                self.upgraded.add(request.transport)  # (its idle time and heartbeat watch it now)
            self.sessions.add(ws)
            state.channels.add(ws)
            await self.play(ws, request, player, address)
        finally:
            left = state.per_address.get(address, 1) - 1
            if left > 0:
                state.per_address[address] = left
            else:
                state.per_address.pop(address, None)
            state.sessions[player] -= 1
            if not state.sessions[player]:
                del state.sessions[player]
            self.sessions.discard(ws)
            state.channels.discard(ws)
        return ws

    async def play(self, ws: web.WebSocketResponse, request: web.Request, player: str, address: str) -> None:
        """One session: the player's own app, until either side ends."""
        state, limits = self.state, self.limits
        columns, rows = limits.window(_int(request.query.get("width"), 80), _int(request.query.get("height"), 24))
        home = state.data / "players" / player
        service = state.service
        token = service.new_token(player, address) if service is not None else None
        link = {"CUTTHROAT_SERVICE": str(service.socket_path)} if token else {}
        link["CUTTHROAT_ERROR_LOG"] = str(state.data / "app-errors.log")
        env = app_environment(home, "xterm-256color", "C.UTF-8", link)
        # (Textual's web driver, as textual-serve starts it; the first size from the browser, capped)
        env.update(TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver", TEXTUAL_COLOR_SYSTEM="truecolor",
                   TEXTUAL_FPS="60", TERM_PROGRAM="textual", COLUMNS=str(columns), ROWS=str(rows))
        log.info("web session for %s at %s: %d×%d", player[:12], address, columns, rows)
        app: WebApp | None = None
        resizer: Resizer | None = None
        end = "failed"
        try:
            home.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.chmod(home, 0o700)
            if state.stopping:
                raise RuntimeError("the server is stopping")
            passed = token_pipe(token, env)
            try:
                app = WebApp(await start_web_app(home, env, passed))
            finally:
                for fd in passed:  # (the app has its copy, or never will)
                    os.close(fd)
            self.apps.add(app)
            state.terminals.add(app)  # (the server's stop hangs up both doors' apps)
            resizer = Resizer((columns, rows), limits.resize_interval,
                              lambda width, height: app.meta(type="resize", width=width, height=height))
            end = await self._pump(ws, app, resizer)
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
                self.apps.discard(app)
                state.terminals.discard(app)
            how, _, normal = session_ending(end, code, app, state.stopping, who="the browser")
            if resizer is not None and resizer.asked:
                how += f" (window changes: {resizer.asked} asked, {resizer.applied} applied)"
            (log.info if normal else log.warning)("web session for %s ended: %s", player[:12], how)
            goodbye = (SHUTDOWN if state.stopping else IDLE if end == "idle"
                       else SORRY if end == "failed" or (end == "app" and code) else "")
            try:
                if goodbye and not ws.closed:
                    await asyncio.wait_for(ws.send_bytes(RESET_SCREEN + goodbye.encode()), GOODBYE_SECONDS)
                await asyncio.wait_for(ws.close(), GOODBYE_SECONDS)
            except (asyncio.TimeoutError, ConnectionError, RuntimeError):
                pass

    async def _pump(self, ws: web.WebSocketResponse, app: WebApp, resizer: Resizer) -> str:
        """Both ways until the app exits or the browser leaves: "app", "left" or "idle"."""
        limits = self.limits
        loop = asyncio.get_running_loop()
        budget = InputBudget(limits.input_bytes_per_second)
        stdin = app.process.stdin
        stdout = app.process.stdout
        assert stdin is not None and stdout is not None

        async def keys_in() -> str:
            last_key = loop.time()
            while True:
                left = last_key + limits.idle_seconds - loop.time()
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
                    await ws.send_str(json.dumps(["pong", body]))

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


async def start_web_door(state, host: str, port: int, public_url: str | None = None,
                         trusted_proxies: tuple[str, ...] = ()) -> WebDoor:
    """The web door on the running loop, sharing `state` (the ssh door's): listening once returned."""
    door = WebDoor(state, public_url, trusted_proxies)
    door.port = await door.start(host, port)
    return door
