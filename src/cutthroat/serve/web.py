"""`cutthroat serve --web-port`: the web door. The same lobby and tables as the ssh door, from the
same process and the same table service, in a browser: the page (our own template, textual-serve's
terminal in it) opens a websocket, and each websocket gets its own Cutthroat app process speaking
Textual's web-driver packets on its stdin and stdout. Imported only with the flag (aiohttp and
textual-serve's files are the `web` extra); never imports Textual.

This module is the HTTP app: its routes, headers, origins and addresses, and who may open a
session. Its parts with a job of their own: `web_cookie.py` (who a browser is: the signed cookie),
`web_links.py` (the link pages that make a browser an ssh player), `web_session.py` (a websocket's
app process and the pump between them), `web_connections.py` (TCP connections counted and timed
out below aiohttp).

- Who: a player is a random id in an HMAC-signed cookie (`web_cookie`). The websocket is refused
  (403) without it, with a bad signature, or from a page of another origin (`Origin` against
  `--public-url`, else the request's own host). The name is asked by the app, as over ssh.
- Limits (`limits.Limits`, shared with the ssh door): TCP connections to the web port counted from
  their first byte, in total and per address, and closed unless they become a websocket within
  the login grace time; sessions in total and per player (both doors together), per address
  (web sessions and ssh connections together; `X-Forwarded-For` believed only from a
  `--trusted-proxy`), new websockets per address a minute (new cookies cost nothing); in a
  session (`web_session`), input pacing, the window's size, the idle time, a browser that stops
  reading. Only the page, the websocket and a fixed list of files are served (no listing, nothing
  from another host).
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import logging
import secrets
from importlib.util import find_spec
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import web

from cutthroat.serve.limits import Limits, PerMinute, address_group, release
from cutthroat.serve.players import PlayerFolders
from cutthroat.serve.server import APP_STOP_SECONDS, GOODBYE_SECONDS, _until as wait_until
from cutthroat.serve.web_connections import CONNECTIONS_PER_SESSION, CountedSite
from cutthroat.serve.web_cookie import COOKIE, COOKIE_SECONDS, cookie_secret, sign, verify
from cutthroat.serve.web_links import BOUNCE, LINK_ATTEMPTS_PER_MINUTE, LinkPages
from cutthroat.serve.web_session import MAX_MESSAGE, WebApp, _int, play

log = logging.getLogger("cutthroat.serve")

FULL = "This server has as many players as it can hold: ask its operator, or sign in from a browser you played in before.\n"


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

class WebDoor(LinkPages):
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
        # (swept and capped: new browsers are new players for free; the server's, shared with ssh)
        self.own_players = getattr(state, "players", None) is None
        self.players = PlayerFolders(state) if self.own_players else state.players

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
        if self.own_players:
            self.players.start()
        site = CountedSite(self.runner, self, host, port)
        await site.start()
        bound = self.runner.addresses[0][1] if self.runner.addresses else port
        log.info("web door on http://%s:%d%s", host, bound,
                 f" (public URL {self.origin()})" if self.public is not None else "")
        return bound

    async def stop(self) -> None:
        """Every web app asked to quit (then killed), every browser told, the site closed."""
        if self.own_players:
            self.players.stop()
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
        if player is None and self.players.full():
            log.warning("refused a new browser player: %d player folders (--max-players)", self.players.cap)
            return web.Response(status=503, text=FULL, headers={"Cache-Control": "no-store"})
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
        if not (state.data / "players" / player).is_dir() and self.players.full():
            return 503, f"a new player, and {self.players.cap} player folders (--max-players)"
        return None

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        address = self.address(request)
        refused = self.refusal(request, address)
        if refused is not None:
            status, why = refused
            log.warning("refused a web session from %s: %s", address, why)
            return web.Response(status=status, text="Refused: " + why.split(" (")[0] + "\n")
        state = self.state
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
            await play(self, ws, request, player, address)
        finally:
            release(state.per_address, address)
            state.sessions[player] -= 1
            if not state.sessions[player]:
                del state.sessions[player]
            self.sessions.discard(ws)
            state.channels.discard(ws)
        return ws


async def start_web_door(state, host: str, port: int, public_url: str | None = None,
                         trusted_proxies: tuple[str, ...] = ()) -> WebDoor:
    """The web door on the running loop, sharing `state` (the ssh door's): listening once returned."""
    door = WebDoor(state, public_url, trusted_proxies)
    door.port = await door.start(host, port)
    return door
