"""The web door in a real browser: Debian's chromium (`/usr/bin/chromium`, installed by `.ci/run`
when missing), driven by Playwright with `executable_path` (never `playwright install`), on
loopback, with no network beyond it. Two players open the page: it draws the title with nothing
from another host and no Content-Security-Policy complaint, takes keys without a click (the
terminal has the focus once its first bytes arrive), and each browser is its own player (the
names they type land in the server's store), and each is the same player when it comes back
through a link on another site. Then two browser players and an ssh player (tmux) play a few
turns of one Exploding Kittens table by keys, each hand seen only by its seat (every capture
against the store; the browsers' screens read from their websockets' bytes). Screenshots go to build/screenshots/web/ for a
person to look at."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the web door needs the web extra (pip install '.[web]')")
pytest.importorskip("playwright", reason="the browser test needs Playwright (pip install '.[test,web]')")
CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists() or shutil.which("chromium") is None,
                                reason="needs Debian's chromium (apt-get install chromium; .ci/run does it)")

from helpers_serve import eventually  # noqa: E402
from test_serve_web import WebServer  # noqa: E402

SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots" / "web"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def names_in(data: Path) -> list[str]:
    try:
        with sqlite3.connect(data / "cutthroat.db") as db:
            return sorted(row[0] for row in db.execute("SELECT name FROM players"))
    except sqlite3.Error:
        return []


async def shows(grid: "Grid", words: str, timeout: float = 45) -> None:
    """Wait until a browser's terminal shows `words` (its grid fed by Playwright's events)."""
    end = time.monotonic() + timeout
    while words not in grid.text():
        assert time.monotonic() < end, f"never on screen: {words!r}\n{grid.text()}"
        await asyncio.sleep(0.05)


def test_two_browsers_get_the_title_type_without_a_click_and_are_two_players(tmp_path):
    from playwright.async_api import async_playwright

    data = tmp_path / "data"
    server = WebServer(data)
    SHOTS.mkdir(parents=True, exist_ok=True)
    requests: list[str] = []
    complaints: list[str] = []

    async def play() -> None:
        async with async_playwright() as driver:
            browsers = []
            try:
                for who in ("ana", "bob"):
                    profile = tmp_path / f"profile-{who}"  # (a fresh --user-data-dir each)
                    context = await driver.chromium.launch_persistent_context(
                        str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True,
                        viewport={"width": 1100, "height": 700})
                    browsers.append(context)
                    page = context.pages[0] if context.pages else await context.new_page()
                    page.on("request", lambda request: requests.append(request.url))
                    page.on("console", lambda message: message.type == "error" and complaints.append(message.text))
                    grid = Grid()  # (what the terminal shows, from its websocket's bytes)
                    page.on("websocket", lambda ws, grid=grid: ws.on(
                        "framereceived", lambda payload: isinstance(payload, bytes) and grid.feed(payload)))
                    await page.goto(server.url + "/")
                    await page.wait_for_selector("body.-first-byte", state="attached", timeout=45_000)
                    focused = await page.evaluate("() => document.activeElement && document.activeElement.className")
                    assert "xterm-helper-textarea" in focused, focused  # keys work without a click
                    await shows(grid, "Play with friends on this server: the lobby")
                    await page.screenshot(path=str(SHOTS / f"{who}-1-title.png"))
                    await page.keyboard.press("Enter")  # the lobby: asks the name once
                    await shows(grid, "Your name at the tables")
                    await page.keyboard.type(who.capitalize())
                    await page.keyboard.press("Enter")
                    await shows(grid, f"you are {who.capitalize()}")
                    end = time.monotonic() + 30
                    while who.capitalize() not in names_in(data):
                        assert time.monotonic() < end, f"{who}'s name never reached the store"
                        await asyncio.sleep(0.1)
                    await page.screenshot(path=str(SHOTS / f"{who}-2-lobby.png"))
                    # Back later through a link in another site (a chat): the same player, whose
                    # SameSite=Strict cookie that first request doesn't bring.
                    before = [c["value"] for c in await context.cookies() if c["name"] == "cutthroat_player"]
                    await page.goto("about:blank")
                    await page.set_content(f'<a id="go" href="{server.url}/">the game</a>')
                    await page.click("#go")
                    await page.wait_for_selector("body.-first-byte", state="attached", timeout=45_000)
                    after = [c["value"] for c in await context.cookies() if c["name"] == "cutthroat_player"]
                    assert before and after == before, (before, after)
                    player = before[0].split(".")[0][:12]
                    end = time.monotonic() + 30
                    while server.text().count(f"web session for {player} at") < 2:
                        assert time.monotonic() < end, "no second session for the same player"
                        await asyncio.sleep(0.1)
            finally:
                for context in browsers:
                    await context.close()

    try:
        asyncio.run(asyncio.wait_for(play(), 150))
        assert names_in(data) == ["Ana", "Bob"]
        assert requests and all(url.startswith(server.url + "/") for url in requests), requests
        assert not complaints, complaints
        eventually(lambda: server.text().count("ended: the browser left") == 4, "every session ended")
    finally:
        assert server.stop() == 0
    assert "Traceback" not in server.text()


class Grid:
    """What a browser's terminal shows, rebuilt from its websocket's screen bytes (Textual places
    every run of text with a cursor move): enough to read a screen as tmux's capture gives it."""

    CSI = re.compile(rb"\x1b\[([0-9;?<>=$]*)([ -/]*)([@-~])|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07")

    def __init__(self, columns: int = 240, rows: int = 80) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0
        self.pending = b""

    def feed(self, data: bytes) -> None:
        data = self.pending + data
        self.pending = b""
        text_start = 0
        for match in self.CSI.finditer(data):
            self._text(data[text_start:match.start()])
            text_start = match.end()
            final = match.group(3)
            if final == b"H":
                parts = (match.group(1) or b"").split(b";")
                self.y = int(parts[0] or 1) - 1 if parts and parts[0].isdigit() else 0
                self.x = int(parts[1] or 1) - 1 if len(parts) > 1 and parts[1].isdigit() else 0
            elif final == b"J" and match.group(1) == b"2":
                self.cells = [[" "] * self.columns for _ in range(self.rows)]
        tail = data[text_start:]
        cut = tail.rfind(b"\x1b")
        if cut != -1 and len(tail) - cut < 64:  # (a sequence split across frames)
            self.pending = tail[cut:]
            tail = tail[:cut]
        self._text(tail)

    def _text(self, data: bytes) -> None:
        for char in data.decode("utf-8", "replace"):
            if char == "\r":
                self.x = 0
            elif char == "\n":
                self.y += 1
            elif char >= " " and 0 <= self.y < self.rows and 0 <= self.x < self.columns:
                self.cells[self.y][self.x] = char
                self.x += 1

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.cells)


class BrowserTerm:
    """A browser tab as the ssh tests' terminals are used: `screen()`, `wait_for`, `keys`."""

    KEYS = {"Enter": "Enter", "Down": "ArrowDown", "Up": "ArrowUp", "Left": "ArrowLeft", "Right": "ArrowRight",
            "Escape": "Escape", "C-s": "Control+s"}

    def __init__(self, page, name: str) -> None:
        self.page, self.name = page, name
        self.grid = Grid()
        page.on("websocket", lambda ws: ws.on("framereceived",
                                               lambda payload: isinstance(payload, bytes) and self.grid.feed(payload)))

    def screen(self) -> str:
        self.page.wait_for_timeout(30)  # (Playwright hands over the frames while it waits)
        return self.grid.text()

    def wait_for(self, words: str, timeout: float = 45) -> str:
        return self.wait_until(lambda screen: words in screen, words, timeout)

    def wait_until(self, shows, what: str = "", timeout: float = 45) -> str:
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if shows(screen):
                return screen
            assert time.monotonic() < end, f"{self.name}: no {what or shows} on screen:\n{screen}"
            self.page.wait_for_timeout(70)

    def keys(self, *keys: str) -> None:
        for key in keys:
            if key in self.KEYS or len(key) == 1:
                self.page.keyboard.press(self.KEYS.get(key, key))
            else:
                self.page.keyboard.type(key)
            self.page.wait_for_timeout(150)


def test_two_browser_players_and_an_ssh_player_play_one_table_each_seeing_only_their_hand(tmp_path):
    """Ana and Bob in chromium, Cy over ssh (tmux), at one Exploding Kittens table: they play a few
    turns by keys; every capture of a hand is that seat's real hand in the store, and no screen
    ever shows anybody else's hand."""
    from playwright.sync_api import sync_playwright

    from helpers_serve import TABLE, Terminal, join_by_code, make_key, make_table, needs_ssh, to_lobby
    from test_serve import play_on

    if needs_ssh.args[0]:
        pytest.skip(needs_ssh.kwargs["reason"])
    data = tmp_path / "data"
    server = WebServer(data)
    SHOTS.mkdir(parents=True, exist_ok=True)
    cy = None
    try:
        with sync_playwright() as driver:
            contexts, players = [], []
            try:
                for who in ("Ana", "Bob"):
                    context = driver.chromium.launch_persistent_context(
                        str(tmp_path / f"profile-{who}"), executable_path=CHROMIUM, args=FLAGS, headless=True,
                        viewport={"width": 1100, "height": 700})
                    contexts.append(context)
                    page = context.pages[0] if context.pages else context.new_page()
                    term = BrowserTerm(page, who)
                    page.goto(server.url + "/")
                    players.append(term)
                    to_lobby(term, who)
                cy = Terminal(f"cutthroat-web-table-{os.getpid()}", server.ssh(make_key(tmp_path, "cy"), "-tt"))
                to_lobby(cy, "Cy")
                code = make_table(players[0], humans=3)
                join_by_code(players[1], code)
                join_by_code(cy, code)
                for term in (*players, cy):
                    term.wait_for(TABLE)
                for term in players:
                    term.page.screenshot(path=str(SHOTS / f"table-{term.name.lower()}-1.png"))

                def pile() -> int:
                    with sqlite3.connect(data / "cutthroat.db") as db:
                        game = db.execute("SELECT game FROM tables WHERE code = ?", (code,)).fetchone()[0]
                    from cutthroat import saves

                    return len(saves.parse(game.encode(), "table").state.pile)

                start = pile()
                matched = play_on([*players, cy], data, code, lambda: pile() <= start - 4, limit=120)
                assert min(matched.values()) >= 1, matched
                for term in players:
                    term.page.screenshot(path=str(SHOTS / f"table-{term.name.lower()}-2.png"))
            finally:
                for context in contexts:
                    context.close()
    finally:
        if cy is not None:
            cy.close()
        assert server.stop() == 0
    assert "Traceback" not in server.text()
