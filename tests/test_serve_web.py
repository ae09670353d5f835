"""`cutthroat serve --web-port`: the web door, without a browser. A real server in a process of its
own (loopback only), talked to by aiohttp's client as a browser would (page, cookie, websocket with
Textual's packets); each attack bounded in count and time, waits on conditions.

- The page gives a signed, HttpOnly, SameSite=Strict cookie; its session's app sends screen bytes
  (the title); only the page, the websocket and a fixed list of files are served, nothing from
  another host.
- Refused with 403 and no app started: no cookie, a forged signature, a foreign Origin, none.
- A huge window is capped on the first size and on a resize.
- Caps: sessions per player, per address (X-Forwarded-For from anyone but a trusted proxy is
  ignored), new websockets per address a minute.
- A browser that stops reading is dropped after --stalled-seconds, its app ended and its session's
  counts freed; a resize flood is coalesced; a second browser with a player's cookie is that player
  (the per-player cap); one that pings and never reads the pongs is dropped too.
- A closed websocket ends its app; SIGTERM asks every web app to quit and tells the browser; a
  SIGKILLed server leaves no app behind (by pid).
- A hostile name typed from a browser is data (on screen, in the store and on a link's page).
- A link code's page names its player; a browser that is another player keeps it unless it
  confirms leaving it; link codes are capped per address.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp", reason="the web door needs the web extra (pip install '.[web]')")
pytest.importorskip("textual_serve", reason="the web door needs the web extra (pip install '.[web]')")

from helpers_serve import Server, eventually, free_port, gone  # noqa: E402

CSI = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
TITLE = "Play with friends on this server: the lobby"






def app_pids(data: Path, player: str) -> list[int]:
    """Every process working in this player's folder, or whose environment names it (the
    player's web apps: a zygote's child has the zygote's environment in /proc, a plain start-up
    its own)."""
    home = str(data / "players" / player)
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.readlink(entry / "cwd") == home or home.encode() + b"/" in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


class WebServer(Server):
    def __init__(self, data: Path, *extra: str) -> None:
        self.web_port = free_port()
        super().__init__(data, "--web-port", str(self.web_port), *extra)
        self.url = f"http://127.0.0.1:{self.web_port}"


class Browser:
    """One browser: its own cookie jar, the page, then websockets as textual.js opens them."""

    def __init__(self, server: WebServer) -> None:
        self.server = server
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))  # (127.0.0.1)

    async def page(self) -> aiohttp.ClientResponse:
        async with self.session.get(self.server.url + "/") as response:
            await response.text()
            return response

    @property
    def player(self) -> str:
        return next(c.value for c in self.session.cookie_jar if c.key == "cutthroat_player").split(".")[0]

    async def open(self, width: int = 80, height: int = 24, origin: str | None = "same", headers=None):
        headers = dict(headers or {})
        if origin is not None:
            headers["Origin"] = self.server.url if origin == "same" else origin
        return await self.session.ws_connect(f"{self.server.url}/ws?width={width}&height={height}",
                                             headers=headers)

    async def refused(self, **kwargs) -> int:
        with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
            await self.open(**kwargs)
        return caught.value.status

    async def close(self) -> None:
        await self.session.close()


class Screen:
    """A websocket's screen bytes so far, and waits on them."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.raw = b""
        self.closed = False

    @property
    def text(self) -> str:
        return CSI.sub(b"", self.raw).decode("utf-8", "replace")

    async def until(self, shows, what: str, timeout: float = 45) -> str:
        end = asyncio.get_running_loop().time() + timeout
        while not shows(self):
            left = end - asyncio.get_running_loop().time()
            if left <= 0 or self.closed:
                Path(os.environ.get("WEB_SCREEN_DUMP", os.devnull)).write_text(self.text)
            assert left > 0 and not self.closed, f"never: {what}\n{self.text[-2000:]}"
            try:
                message = await self.ws.receive(timeout=min(left, 1.0))
            except asyncio.TimeoutError:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                self.raw += message.data
            elif message.type != aiohttp.WSMsgType.TEXT:
                self.closed = True
        return self.text

    async def shows(self, words: str, timeout: float = 45) -> str:
        return await self.until(lambda screen: words in screen.text, repr(words), timeout)

    async def keys(self, text: str) -> None:
        await self.ws.send_str(json.dumps(["stdin", text]))


def run(coroutine, timeout: float = 120):
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


@pytest.fixture(scope="module")
def door(tmp_path_factory):
    """One server with the default flags, shared by the tests that neither stop it nor change its
    limits (each reads its own part of the log: `since`); checked for tracebacks at the end."""
    server = WebServer(tmp_path_factory.mktemp("door") / "data")
    yield server
    assert server.stop() == 0
    text = server.text()
    assert "Traceback" not in text and "Error handling request" not in text, text


def since(server: WebServer, mark: int) -> str:
    """The server's log from `mark` (a length of it, taken before a test's part) on."""
    return server.text()[mark:]


def test_a_browser_gets_a_signed_private_cookie_and_its_own_app_sends_the_title(door):
    server, data, mark = door, door.data, len(door.text())

    async def visit() -> None:
        browser = Browser(server)
        try:
            async with browser.session.get(server.url + "/", headers={"Sec-Fetch-Site": "cross-site"}) as bounce:
                assert "Set-Cookie" not in bounce.headers  # (a link from another site: asked again from here)
                assert 'http-equiv="refresh" content="0; url=/"' in await bounce.text()
            response = await browser.page()
            cookie = response.headers["Set-Cookie"]
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
            page = await (await browser.session.get(server.url + "/")).text()
            assert "https://" not in page and "http://" not in page.replace(server.url, "")
            assert "Set-Cookie" not in (await browser.session.get(server.url + "/")).headers  # (kept)
            for path in ("static/cutthroat.css", "static/cutthroat.js"):
                text = await (await browser.session.get(f"{server.url}/{path}")).text()
                assert "http" not in text and "googleapis" not in text, path
            for path in ("static/", "static", "static/js/", "static/../web.py", "static/%2e%2e/web.py",
                         "static/page.html", "static/fonts/", "download/x", "ws/../static/"):
                async with browser.session.get(f"{server.url}/{path}") as response:
                    assert response.status == 404, path
            async with browser.session.get(server.url + "/static/js/textual.js") as response:
                assert response.status == 200
            ws = await browser.open(100, 30)
            screen = Screen(ws)
            await screen.shows(TITLE)
            assert app_pids(data, browser.player)  # its own app, in its own folder
            await ws.close()
        finally:
            await browser.close()

    run(visit())
    secret = data / "web-cookie-secret"
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert "web session for" in since(server, mark) and "100×30" in since(server, mark)


def test_no_cookie_a_forged_cookie_or_a_foreign_origin_gets_403_and_no_app(door):
    server, data, mark = door, door.data, len(door.text())
    folders = set((data / "players").iterdir()) if (data / "players").exists() else set()

    async def attacks() -> None:
        stranger = Browser(server)  # never loaded the page: no cookie
        browser = Browser(server)
        try:
            assert await stranger.refused() == 403
            await browser.page()
            assert await browser.refused(origin="http://evil.example") == 403
            assert await browser.refused(origin=None) == 403
            assert await browser.refused(origin="null") == 403
            assert await browser.refused(origin=server.url.replace("127.0.0.1", "localhost")) == 403
            player = browser.player
            jar = browser.session.cookie_jar
            for forged in (f"{player}.{'0' * 64}", f"{'a' * 32}.{player}", player, "", "x" * 5000,
                           f"{player[:-1]}f.{'0' * 64}"):
                jar.clear()
                jar.update_cookies({"cutthroat_player": forged})
                assert await browser.refused() == 403, forged
            # Not ASCII (no hex digest can hold it): refused as forged, the page still served.
            jar.clear()
            e = "\u00e9"
            for forged in (f"{player}.{e}", f"{player}.{e * 64}", f"{e}{player[1:]}.{'0' * 64}", e):
                cookie = {"Cookie": f"cutthroat_player={forged}"}
                async with browser.session.get(server.url + "/", headers=cookie) as page:
                    assert page.status == 200 and "cutthroat_player=" in page.headers["Set-Cookie"], forged
                jar.clear()
                assert await browser.refused(headers=cookie) == 403, forged
        finally:
            await stranger.close()
            await browser.close()

    run(attacks())
    assert "web session for" not in since(server, mark)
    assert since(server, mark).count("refused a web session") == 15, since(server, mark)
    assert folders == (set((data / "players").iterdir()) if (data / "players").exists() else set())
    assert "Traceback" not in since(server, mark) and "Error handling request" not in since(server, mark)


def test_a_huge_window_is_capped_on_the_first_size_and_on_every_resize(tmp_path):
    data = tmp_path / "data"
    server = WebServer(data, "--max-columns", "120", "--max-rows", "40")
    try:
        async def huge() -> None:
            browser = Browser(server)
            try:
                await browser.page()
                ws = await browser.open(5000, 99999)
                screen = Screen(ws)
                await screen.shows(TITLE)

                def rows(found: Screen) -> set[int]:
                    return {int(m.group(1)) for m in re.finditer(rb"\x1b\[(\d+);\d+H", found.raw)}

                # (the first size the app was given, capped: its first paint's rows; its environment
                # is not in /proc for an app the zygote forked)
                await screen.until(lambda found: 40 in rows(found), "a first paint at 40 rows")
                assert max(rows(screen)) == 40
                assert max(int(m.group(1)) for m in re.finditer(rb"\x1b\[\d+;(\d+)H", screen.raw)) <= 120
                await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
                await ws.send_str(json.dumps(["resize", {"width": 10**9, "height": 10**9}]))
                await ws.send_str(json.dumps(["resize", {"width": "x", "height": None}]))  # (garbage: no change)
                await ws.send_str(json.dumps(["resize", {"width": 10**9, "height": 10**9}]))
                screen.raw = b""
                await screen.until(lambda found: 40 in rows(found), "a repaint at 40 rows")
                assert max(rows(screen)) == 40
                # A flood of resizes: coalesced, at most one applied a --resize-interval (0.25 s).
                start = asyncio.get_running_loop().time()
                for n in range(300):
                    await ws.send_str(json.dumps(["resize", {"width": 60 + n % 2, "height": 20}]))
                await ws.send_str(json.dumps(["ping", "flood"]))
                while True:  # (the pong: every resize before it was read)
                    message = await ws.receive(timeout=60)
                    if message.type == aiohttp.WSMsgType.TEXT and "flood" in message.data:
                        break
                await ws.close()
                flood[:] = [asyncio.get_running_loop().time() - start]
            finally:
                await browser.close()

        flood: list[float] = []
        run(huge())
        assert "120×40" in server.text()
        eventually(lambda: "window changes:" in server.text(), "the session's end")
        asked, applied = map(int, re.search(r"window changes: (\d+) asked, (\d+) applied", server.text()).groups())
        assert asked == 304 and applied <= flood[0] / 0.25 + 2, (asked, applied, flood)
    finally:
        assert server.stop() == 0


def test_sessions_are_capped_per_player_per_address_and_new_ones_per_minute(tmp_path):
    data = tmp_path / "data"
    server = WebServer(data, "--connections-per-key", "1", "--connections-per-address", "2",
                       "--web-sessions-per-minute", "3")
    try:
        async def crowd() -> None:
            browsers = [Browser(server) for _ in range(4)]
            try:
                for browser in browsers:
                    await browser.page()
                ana, bob, cy, dee = browsers
                first = await ana.open()
                assert await ana.refused() == 429  # (one session a player)
                twin = Browser(server)  # (another browser holding Ana's cookie: the same player)
                try:
                    twin.session.cookie_jar.update_cookies(
                        {"cutthroat_player": next(c.value for c in ana.session.cookie_jar)})
                    assert await twin.refused() == 429
                finally:
                    await twin.close()
                second = await bob.open()
                assert await cy.refused() == 429  # (two from one address)
                # A header from a client that is no trusted proxy changes nothing.
                assert await cy.refused(headers={"X-Forwarded-For": "203.0.113.9"}) == 429
                await Screen(first).shows(TITLE)
                await first.close()
                await second.close()
                eventually(lambda: server.text().count("ended:") >= 2, "both sessions ended")
                third = await cy.open()  # (room again)
                assert await dee.refused() == 429  # the fourth new session from this address this minute
                await third.close()
            finally:
                for browser in browsers:
                    await browser.close()

        run(crowd())
        text = server.text()
        assert "(--connections-per-key)" in text and "(--connections-per-address)" in text
        assert "(--web-sessions-per-minute)" in text
    finally:
        assert server.stop() == 0


def test_one_address_holds_its_cap_across_both_doors_not_once_on_each(tmp_path):
    """--connections-per-address counts an address's ssh connections and web sessions together:
    an address at its cap on one door can't open as many again on the other."""
    from helpers_serve import Terminal, make_key, needs_ssh, to_lobby

    if needs_ssh.args[0]:
        pytest.skip(needs_ssh.kwargs["reason"])
    data = tmp_path / "data"
    server = WebServer(data, "--connections-per-address", "2")
    terms = []
    try:
        for who in ("ana", "bob"):
            terms.append(Terminal(f"cutthroat-web-cap-{who}-{os.getpid()}", server.ssh(make_key(tmp_path, who), "-tt")))
            to_lobby(terms[-1], who.capitalize())

        async def web_refused() -> None:
            browser = Browser(server)
            try:
                await browser.page()
                assert await browser.refused() == 429  # (two ssh connections from here: the cap)
            finally:
                await browser.close()

        run(web_refused())
        terms.pop().close()  # Bob leaves: room for one, from either door
        eventually(lambda: server.text().count("ended:") >= 1, "Bob's session ended")

        async def web_then_ssh_refused() -> None:
            browser = Browser(server)
            try:
                await browser.page()
                ws = await browser.open()
                await Screen(ws).shows(TITLE)
                cy = Terminal(f"cutthroat-web-cap-cy-{os.getpid()}", server.ssh(make_key(tmp_path, "cy"), "-tt"))
                terms.append(cy)
                await asyncio.to_thread(cy.wait_for, "SSH-EXIT=")  # refused at the ssh door now
                await ws.close()
            finally:
                await browser.close()

        run(web_then_ssh_refused())
        text = server.text()
        assert "ssh connections and web sessions from this address (--connections-per-address)" in text, text
        assert "2 connections from this address (--connections-per-address)" in text, text
    finally:
        for term in terms:
            term.close()
        assert server.stop() == 0
    assert "Traceback" not in server.text()


def test_only_a_trusted_proxy_names_the_client_and_the_public_url_is_the_only_origin(tmp_path):
    from aiohttp.test_utils import make_mocked_request

    from cutthroat.serve.limits import Limits
    from cutthroat.serve.server import ServerState
    from cutthroat.serve.web import WebDoor

    state = ServerState(tmp_path, Limits())
    door = WebDoor(state, "https://cards.example.org", ("10.0.0.0/8",))

    def request(peer: str, forwarded: str | None = None, origin: str | None = None):
        headers = {"Host": "127.0.0.1:8080"}
        if forwarded is not None:
            headers["X-Forwarded-For"] = forwarded
        if origin is not None:
            headers["Origin"] = origin
        made = make_mocked_request("GET", "/ws", headers=headers)
        made._transport_peername = (peer, 1234)
        return made

    assert door.address(request("198.51.100.7", "203.0.113.9")) == "198.51.100.7"  # not a proxy: ignored
    assert door.address(request("10.1.2.3", "203.0.113.9")) == "203.0.113.9"
    assert door.address(request("10.1.2.3", "203.0.113.9, 10.4.4.4")) == "203.0.113.9"
    assert door.address(request("10.1.2.3", "1.2.3.4, 203.0.113.9")) == "203.0.113.9"  # (the left is the client's word)
    assert door.address(request("10.1.2.3", "garbage")) == "10.1.2.3"
    assert door.address(request("10.1.2.3", "2001:db8::1")) == "2001:db8::/64"
    assert door.origin(request("10.1.2.3")) == "https://cards.example.org"
    assert door.socket_origin(request("10.1.2.3")) == "wss://cards.example.org"
    own = WebDoor(state)
    assert own.origin(request("127.0.0.1")) == "http://127.0.0.1:8080"


def test_a_closed_websocket_ends_its_app_and_sigterm_asks_the_rest_to_quit(tmp_path):
    data = tmp_path / "data"
    server = WebServer(data)
    try:
        async def leave_then_stop() -> tuple[list[int], list[int], str]:
            ana, bob = Browser(server), Browser(server)
            try:
                await ana.page()
                await bob.page()
                first = await ana.open()
                await Screen(first).shows(TITLE)
                left = app_pids(data, ana.player)
                await first.close()
                await asyncio.to_thread(eventually, lambda: all(map(gone, left)), "Ana's app gone")
                second = await bob.open()
                screen = Screen(second)
                await screen.shows(TITLE)
                kept = app_pids(data, bob.player)
                server.process.send_signal(signal.SIGTERM)
                await screen.shows("The Cutthroat server is stopping", timeout=20)
                return left, kept, screen.text
            finally:
                await ana.close()
                await bob.close()

        left, kept, _ = run(leave_then_stop())
        assert server.process.wait(20) == 0
        assert left and kept and all(map(gone, kept))
        text = server.text()
        assert "ended: the browser left (a normal end)" in text and "ended: the server stopped" in text
        assert "killed" not in text and "Traceback" not in text and "Event loop is closed" not in text, text
    finally:
        server.stop()


def test_a_sigkilled_server_leaves_no_web_app_behind(tmp_path):
    data = tmp_path / "data"
    server = WebServer(data)
    try:
        async def sit_down() -> list[int]:
            browser = Browser(server)
            try:
                await browser.page()
                ws = await browser.open()
                await Screen(ws).shows(TITLE)
                return app_pids(data, browser.player)
            finally:
                await browser.close()

        pids = run(sit_down())
        assert pids
        server.process.kill()
        server.process.wait(10)
        eventually(lambda: all(map(gone, pids)), f"apps {pids} gone after the server's SIGKILL", 15)
    finally:
        server.stop()


def test_a_hostile_name_typed_from_a_browser_is_data(door):
    server, data, mark = door, door.data, len(door.text())
    name = "[red]Eve"
    players = []

    async def hostile() -> None:
        browser = Browser(server)
        try:
            await browser.page()
            players.append(browser.player)
            ws = await browser.open(100, 30)
            screen = Screen(ws)
            await screen.shows(TITLE)
            await screen.keys("\r")
            await screen.shows("Your name at the tables")
            await screen.keys("[red]\u202eEve\r")  # (a bidi override: never part of a name)
            await screen.until(lambda found: "you are" in found.text and name in found.text,
                               "the lobby naming Eve as she typed it")
            await ws.close()
        finally:
            await browser.close()

    run(hostile())
    with sqlite3.connect(data / "cutthroat.db") as db:
        names = [row[0] for row in db.execute("SELECT name FROM players WHERE id = ?", players)]
    assert names == [name], names
    assert not (data / "app-errors.log").exists()
    assert "Traceback" not in since(server, mark)


def test_the_web_door_never_imports_textual_and_its_flags_are_checked():
    code = ("import sys, cutthroat.serve.server, cutthroat.serve.web; "
            "sys.exit(any(m == 'textual' or m.startswith('textual.') or m.startswith('textual_serve') "
            "for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
    from cutthroat.cli import main

    assert main(["serve", "--trusted-proxy", "10.0.0.1"]) == 2
    assert main(["serve", "--web-port", "8080", "--public-url", "https://cards.example.org/sub"]) == 2
    assert main(["serve", "--web-port", "8080", "--public-url", "javascript:alert(1)"]) == 2
    assert main(["serve", "--web-port", "8080", "--trusted-proxy", "not-an-address"]) == 2
    assert main(["serve", "--web-port", "0"]) == 2
    assert main(["serve", "--web-port", "8080", "--public-url", "https://cards.example.org:99999"]) == 2
    assert main(["serve", "--web-port", "8080", "--public-url", "https://cards.example.org:x"]) == 2


def test_the_public_url_is_written_as_a_browser_writes_its_origin():
    """`--public-url https://host:443`: a browser's Origin leaves the default port out, so the
    door's must too, or every websocket is refused."""
    from aiohttp.test_utils import make_mocked_request

    from cutthroat.cli import _serve_web, build_parser
    from cutthroat.serve.limits import Limits
    from cutthroat.serve.server import ServerState
    from cutthroat.serve.web import WebDoor

    def public(url: str) -> str:
        return _serve_web(build_parser().parse_args(["serve", "--web-port", "8080", "--public-url", url]))["public_url"]

    assert public("https://Cards.Example.org:443/") == "https://cards.example.org"
    assert public("http://cards.example.org:80") == "http://cards.example.org"
    assert public("https://cards.example.org:8443") == "https://cards.example.org:8443"
    assert public("http://cards.example.org:443") == "http://cards.example.org:443"
    assert public("https://[2001:DB8::1]:443") == "https://[2001:db8::1]"
    with tempfile.TemporaryDirectory() as folder:
        door = WebDoor(ServerState(Path(folder), Limits()), public("https://cards.example.org:443"))
        request = make_mocked_request("GET", "/ws", headers={"Host": "127.0.0.1:8080",
                                                             "Origin": "https://cards.example.org"})
        assert door.origin(request) == request.headers["Origin"]  # (what the websocket's check compares)


def test_garbage_a_flood_an_oversized_message_and_an_idle_browser_hurt_nobody(tmp_path):
    data = tmp_path / "data"
    # (a short idle time: it counts from the app's first screen, not from the websocket's opening,
    # so a slow cold start on a loaded machine doesn't end the session before its title; the
    # goodbye is then waited for, not timed)
    server = WebServer(data, "--input-bytes-per-second", "2000", "--idle-seconds", "2")
    try:
        async def abuse() -> float:
            browser = Browser(server)
            try:
                await browser.page()
                ws = await browser.open()
                screen = Screen(ws)
                await screen.shows(TITLE)
                for garbage in ("not json", "[]", "{}", '["stdin"]', '["stdin", 5]', '["resize", [1, 2]]',
                                '["resize", {"width": NaN, "height": -1}]', '[["nested"]]', '["open_url", "x"]',
                                '["ping", "' + "x" * 100 + '"]', "[1e999]"):
                    await ws.send_str(garbage)
                await ws.send_bytes(b"\x00\xff" * 100)
                start = asyncio.get_running_loop().time()
                for _ in range(5):  # 10 kB of keys (a paste) at 2 kB a second: paced, not refused
                    await ws.send_str(json.dumps(["stdin", "\x1b[200~" + "x" * 1980 + "\x1b[201~"]))
                await ws.send_str(json.dumps(["ping", "after"]))
                while True:
                    message = await ws.receive(timeout=30)
                    if message.type == aiohttp.WSMsgType.TEXT and "after" in message.data:
                        break
                paced = asyncio.get_running_loop().time() - start  # (an active session: 5 s of keys, idle time 2 s)
                screen.raw = b""
                # While that one idles: a message over 64 KiB closes its own session (and only that one).
                other = await browser.open()
                await Screen(other).shows(TITLE)
                await other.send_str(json.dumps(["stdin", "a" * 70_000]))
                closing = await other.receive(timeout=30)
                while closing.type == aiohttp.WSMsgType.BINARY:
                    closing = await other.receive(timeout=30)
                assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
                # The idle time: no key for a while closes the first session with a line saying so,
                # websocket pings (which aiohttp answers by itself, as the server's heartbeat's
                # pongs) or not.
                async def pings() -> None:
                    while not ws.closed:
                        await ws.ping()
                        await asyncio.sleep(1)

                pinging = asyncio.ensure_future(pings())
                try:
                    await screen.until(lambda found: found.closed or "No key pressed" in found.text,
                                       "the idle goodbye", timeout=90)
                finally:
                    pinging.cancel()
                    await asyncio.gather(pinging, return_exceptions=True)
                assert "No key pressed for a long while" in screen.text
                return paced
            finally:
                await browser.close()

        paced = run(abuse(), 240)
        assert paced >= 3.5, paced  # (10 kB at 2 kB/s: the pong waited its turn)
        eventually(lambda: server.text().count("ended:") >= 2, "both sessions ended")
        assert "no key pressed for too long" in server.text()
        assert server.text().count("no key pressed for too long") == 1  # (the other one: its oversized message)
        assert "Traceback" not in server.text() and not (data / "app-errors.log").exists(), server.text()
    finally:
        assert server.stop() == 0


def test_a_browser_that_stops_reading_is_dropped_and_its_app_ended_its_output_never_piled_up(tmp_path):
    """A client that never reads its screen: the app's output is not buffered without bound (the
    websocket's writer waits on the socket, the app on its pipe), and after --stalled-seconds the
    session is dropped and its app ended; another player's session goes on."""
    data = tmp_path / "data"
    server = WebServer(data, "--stalled-seconds", "2")
    try:
        async def stall() -> None:
            reader, sloth = Browser(server), Browser(server)
            try:
                await reader.page()
                await sloth.page()
                ws = await sloth.open(400, 200)
                await Screen(ws).shows(TITLE)  # (then never read again)
                pid = app_pids(data, sloth.player)[0]
                other = Screen(await reader.open())
                await other.shows(TITLE)
                end = asyncio.get_running_loop().time() + 90
                n = 0
                while "stopped reading" not in server.text():  # (repaints of the largest window, unread)
                    assert asyncio.get_running_loop().time() < end, server.text()
                    n += 1
                    await ws.send_str(json.dumps(["resize", {"width": 400 - n % 2, "height": 200}]))
                    await asyncio.sleep(0.1)
                await asyncio.to_thread(eventually, lambda: gone(pid), "its app ended")
                # ... and its session with it (its counts freed: a stalled reader holds no slot)
                await asyncio.to_thread(eventually, lambda: f"web session for {sloth.player[:12]} ended" in server.text(),
                                        "the stalled session's end")
                other.raw = b""
                await other.keys("\x1b[B")  # (the other player's session still answers)
                await other.until(lambda found: len(found.raw) > 0, "the other session's repaint")
                await other.ws.close()
            finally:
                await reader.close()
                await sloth.close()

        run(stall(), 180)
        assert server.text().count("stopped reading") == 1, server.text()
    finally:
        assert server.stop() == 0
    assert "Traceback" not in server.text() and "Event loop is closed" not in server.text(), server.text()


def test_a_browser_that_pings_and_never_reads_the_pongs_is_dropped_not_held_forever(tmp_path):
    """Pings answered into a socket nobody reads: the answer waits at most --stalled-seconds, then
    the session is dropped (it must not hang its keys' reader, and with it the idle time, for good).
    The client is a raw socket that writes ping messages and never reads a byte."""
    import socket

    from cutthroat.serve.web_cookie import sign

    data = tmp_path / "data"
    server = WebServer(data, "--stalled-seconds", "2", "--input-bytes-per-second", "100000000")
    player = "ab" * 16
    try:
        cookie = sign((data / "web-cookie-secret").read_bytes(), player)
        sock = socket.create_connection(("127.0.0.1", server.web_port), timeout=10)
        try:
            sock.sendall((f"GET /ws?width=20&height=5 HTTP/1.1\r\nHost: 127.0.0.1:{server.web_port}\r\n"
                          "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                          f"Origin: {server.url}\r\nCookie: cutthroat_player={cookie}\r\n\r\n").encode())
            head = b""
            while b"\r\n\r\n" not in head:
                head += sock.recv(1)
            assert head.startswith(b"HTTP/1.1 101"), head
            payload = json.dumps(["ping", "p" * 32]).encode()
            frame = bytes([0x81, 0x80 | len(payload)]) + b"\0\0\0\0" + payload  # (masked with zeros)
            sock.settimeout(0.2)
            eventually(lambda: f"web session for {player[:12]} at" in server.text(), "the session")
            end = time.monotonic() + 90
            while "stopped reading" not in server.text():
                assert time.monotonic() < end, server.text()
                try:
                    sock.sendall(frame * 500)
                except (socket.timeout, OSError):
                    pass  # (the server no longer reads either: waiting for its verdict)
            eventually(lambda: f"web session for {player[:12]} ended" in server.text(), "the session's end")
        finally:
            sock.close()
    finally:
        assert server.stop() == 0
    assert "Traceback" not in server.text(), server.text()


def test_idle_connections_to_the_web_port_are_capped_and_closed_and_a_browser_gets_in_after(tmp_path):
    import socket

    data = tmp_path / "data"
    server = WebServer(data, "--connections-per-address", "2", "--login-grace", "2")
    held = []
    try:
        for _ in range(40):  # (4 × 2 from one address are let in; the rest are closed at once)
            sock = socket.create_connection(("127.0.0.1", server.web_port), timeout=10)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # (headers never finished: a slow client)
            held.append(sock)

        def closed(sock) -> bool:
            try:
                return sock.recv(1) == b""
            except ConnectionResetError:
                return True
            except OSError:
                return False

        for sock in held:
            sock.settimeout(15)
        assert all(closed(sock) for sock in held)  # (refused at once, or closed after the grace time)
        text = server.text()
        assert text.count("refused a web connection") == 32, text
        assert text.count("closed a web connection") == 8, text

        async def visit() -> None:
            browser = Browser(server)
            try:
                await browser.page()
                await Screen(await browser.open()).shows(TITLE)
            finally:
                await browser.close()

        run(visit())
    finally:
        for sock in held:
            sock.close()
        assert server.stop() == 0


def test_a_link_code_from_the_ssh_lobby_makes_a_browser_that_player_once(tmp_path):
    from helpers_serve import Terminal, make_key, needs_ssh, to_lobby

    if needs_ssh.args[0]:
        pytest.skip(needs_ssh.kwargs["reason"])
    data = tmp_path / "data"
    server = WebServer(data)
    ana = None
    try:
        ana = Terminal(f"cutthroat-web-link-{os.getpid()}", server.ssh(make_key(tmp_path, "ana"), "-tt"))
        to_lobby(ana, "Ana")
        ana.keys("L")
        screen = ana.wait_until(lambda text: re.search(r"/link/([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})", text),
                                "a link code")
        code = re.search(r"/link/([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})", screen).group(1)

        async def link() -> None:
            browser, stranger = Browser(server), Browser(server)
            try:
                await browser.page()  # (a player of its own first)
                own = browser.player
                async with browser.session.get(f"{server.url}/link/{code}") as page:  # (a link preview too)
                    text = await page.text()
                    assert page.status == 200 and f'action="/link/{code}"' in text and "Ana" in text
                async with browser.session.post(f"{server.url}/link/{code}", headers={"Origin": "http://evil.example"},
                                                allow_redirects=False) as refused:
                    assert refused.status == 403  # (another site's form can't make you someone else)
                async with browser.session.post(f"{server.url}/link/{code}", headers={"Origin": server.url},
                                                allow_redirects=False) as unsure:
                    assert unsure.status == 409  # (this browser's own player is left only when it says so)
                async with browser.session.post(f"{server.url}/link/{code}", headers={"Origin": server.url},
                                                data={"leave": own[:12]}, allow_redirects=False) as used:
                    assert used.status == 303 and used.headers["Location"] == "/"
                    assert "HttpOnly" in used.headers["Set-Cookie"] and "SameSite=Strict" in used.headers["Set-Cookie"]
                assert browser.player != own
                screen = Screen(await browser.open(100, 30))
                await screen.shows(TITLE)
                await screen.keys("\r")
                await screen.until(lambda found: "you are" in found.text and "Ana" in found.text,
                                   "the lobby: Ana, with no name asked")
                await stranger.page()
                for attempt in range(10):  # the code again (used), then wrong ones: refused, then a wait
                    async with stranger.session.post(f"{server.url}/link/{code if attempt == 0 else 'WRONG'}",
                                                     headers={"Origin": server.url}, allow_redirects=False) as reply:
                        # (10 tries a minute from one address, the browser's own three of them)
                        assert reply.status == (403 if attempt < 7 else 429), (attempt, reply.status)
            finally:
                await browser.close()
                await stranger.close()

        run(link())
        text = server.text()
        assert text.count("is now ") == 1 and "refused a browser link" in text
    finally:
        if ana is not None:
            ana.close()
        assert server.stop() == 0


LINK = re.compile(r"/link/([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})")


async def to_lobby(screen: Screen, name: str) -> None:
    await screen.shows(TITLE)
    await screen.keys("\r")
    await screen.shows("Your name at the tables")
    await screen.keys(name + "\r")
    await screen.until(lambda found: "you are" in found.text and name in found.text, f"the lobby naming {name}")


async def link_code(screen: Screen, last: str | None = None) -> str:
    """L in the lobby: a new browser link code (another than `last`)."""
    await screen.keys("L")
    await screen.until(lambda found: any(code != last for code in LINK.findall(found.text)), "a new link code")
    return next(code for code in reversed(LINK.findall(screen.text)) if code != last)


def test_a_link_page_names_its_player_and_a_browser_leaves_its_own_only_when_it_says_so(door):
    """A link sent by someone else can't quietly take over a browser: its page names whose link
    it is (as data), and a browser that is another player now is told it leaves that player, and
    keeps it unless it confirms; a browser with no player of its own just becomes the link's."""
    import html

    server, mark = door, len(door.text())
    hostile = '<i>Mal&"'  # (a name may hold these: on a page it is text)

    async def post(browser: Browser, code: str, **form) -> aiohttp.ClientResponse:
        async with browser.session.post(f"{server.url}/link/{code}", headers={"Origin": server.url},
                                        data=form or None, allow_redirects=False) as reply:
            await reply.text()
            return reply

    async def takeover() -> None:
        mal, vic, fresh = Browser(server), Browser(server), Browser(server)
        try:
            for browser in (mal, vic):
                await browser.page()
            mals = Screen(await mal.open(100, 30))
            vics = Screen(await vic.open(100, 30))
            await to_lobby(mals, hostile)
            await to_lobby(vics, "Vic")
            await vics.ws.close()
            code = await link_code(mals)
            victim = vic.player
            async with vic.session.get(f"{server.url}/link/{code}") as page:
                text = await page.text()
            assert page.status == 200
            assert f'<b class="link-player">{html.escape(hostile, quote=True)}</b>' in text
            assert hostile not in text and "<i>Mal" not in text  # (the name is data, never markup)
            assert '<b class="browser-player">Vic</b>' in text and 'name="leave"' in text
            for form in ({}, {"leave": mal.player[:12]}):  # not confirmed (or for another player): kept
                reply = await post(vic, code, **form)
                assert reply.status == 409 and "Set-Cookie" not in reply.headers, form
                assert vic.player == victim
            for kind, body in (("multipart/form-data", b"garbage"), ("multipart/form-data; boundary=x", b"--x\r\n"),
                               ("application/x-www-form-urlencoded", b"leave=%zz&\xff=\xff")):  # (garbage)
                async with vic.session.post(f"{server.url}/link/{code}", data=body, allow_redirects=False,
                                            headers={"Origin": server.url, "Content-Type": kind}) as reply:
                    assert reply.status in (400, 409) and vic.player == victim, (kind, reply.status)
            reply = await post(vic, code, leave=victim[:12])  # (said so: this browser is Mal's now)
            assert reply.status == 303 and vic.player == mal.player

            code = await link_code(mals, code)
            # Followed from a chat (no SameSite=Strict cookie on that request): asked again from here.
            chat = {"Sec-Fetch-Site": "cross-site"}
            async with fresh.session.get(f"{server.url}/link/{code}", headers=chat) as page:
                assert f'content="0; url=/link/{code}"' in await page.text()
            async with fresh.session.get(f"{server.url}/link/{code}") as page:  # no player of its own
                text = await page.text()
            assert page.status == 200 and "name=\"leave\"" not in text
            assert (await post(fresh, code)).status == 303 and fresh.player == mal.player
            async with fresh.session.get(f"{server.url}/link/{code}") as page:  # (used)
                assert page.status == 403 and html.escape(hostile) not in await page.text()
        finally:
            for browser in (mal, vic, fresh):
                await browser.close()

    run(takeover(), 180)
    text = since(server, mark)
    assert text.count("asked to confirm leaving") == 5 and text.count("is now ") == 2, text
    assert text.count(", leaving ") == 1, text
    assert "Traceback" not in text


def test_link_codes_need_a_web_door_replace_each_other_expire_and_work_once(tmp_path):
    from cutthroat.serve.service import Refused, TableService

    service = TableService(tmp_path)
    try:
        with pytest.raises(Refused, match="no web door"):
            service.link_code("a" * 32)
        service.web_door = True
        first = service.link_code("a" * 32)
        second = service.link_code("a" * 32)  # (a new one replaces the last)
        assert service.redeem_link(first) is None
        assert service.redeem_link(f"{second[:4]}-{second[4:8]}-{second[8:]}".lower()) == "a" * 32
        assert service.redeem_link(second) is None  # (once)
        old = service.link_code("b" * 32)
        assert service.link_player(old) == "b" * 32 and service.link_player(old) == "b" * 32  # (a look: not used)
        service.link_codes[old] = ("b" * 32, time.monotonic() - 1, "?")
        assert service.link_player(old) is None and service.redeem_link(old) is None  # (too old)
        assert service.redeem_link("") is None and service.redeem_link("x" * 10_000) is None
    finally:
        service.workers.close()
        service.store.close() if hasattr(service.store, "close") else None


def test_link_codes_are_capped_per_address_so_one_address_cant_use_them_up(tmp_path):
    from cutthroat.serve.links import LINK_CODES_PER_ADDRESS
    from cutthroat.serve.service import Refused, TableService

    service = TableService(tmp_path)
    service.web_door = True
    try:
        mine = [service.link_code(f"{n:032x}", "198.51.100.7") for n in range(LINK_CODES_PER_ADDRESS)]
        with pytest.raises(Refused, match="from your address"):  # (fresh keys are fresh players: still one address)
            service.link_code("f" * 32, "198.51.100.7")
        service.link_code(f"{0:032x}", "198.51.100.7")  # (a player's new code replaces their last: no more room taken)
        assert service.link_code("e" * 32, "203.0.113.9")  # another address is not held up
        assert service.redeem_link(mine[1]) == f"{1:032x}"
        assert service.link_code("f" * 32, "198.51.100.7")  # (a code used: room again)
        with pytest.raises(Refused, match="from your address"):
            service.link_code("d" * 32, "198.51.100.7")
    finally:
        service.workers.close()
        service.store.close() if hasattr(service.store, "close") else None
