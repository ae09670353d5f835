"""The web door in a real browser: Debian's chromium (`/usr/bin/chromium`, installed by `.ci/run`
when missing), driven by Playwright with `executable_path` (never `playwright install`), on
loopback, with no network beyond it. Two players open the page: it draws the title with nothing
from another host and no Content-Security-Policy complaint, takes keys without a click (the
terminal has the focus once its first bytes arrive), and each browser is its own player (the
names they type land in the server's store), and each is the same player when it comes back
through a link on another site. Screenshots go to build/screenshots/web/ for a
person to look at."""

from __future__ import annotations

import asyncio
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

from test_serve_web import WebServer, eventually  # noqa: E402

SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots" / "web"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def names_in(data: Path) -> list[str]:
    try:
        with sqlite3.connect(data / "cutthroat.db") as db:
            return sorted(row[0] for row in db.execute("SELECT name FROM players"))
    except sqlite3.Error:
        return []


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
                    await page.goto(server.url + "/")
                    await page.wait_for_selector("body.-first-byte", state="attached", timeout=45_000)
                    focused = await page.evaluate("() => document.activeElement && document.activeElement.className")
                    assert "xterm-helper-textarea" in focused, focused  # keys work without a click
                    await page.wait_for_timeout(1000)
                    await page.screenshot(path=str(SHOTS / f"{who}-1-title.png"))
                    await page.keyboard.press("Enter")  # the lobby: asks the name once
                    await page.wait_for_timeout(1500)
                    await page.keyboard.type(who.capitalize())
                    await page.keyboard.press("Enter")
                    end = time.monotonic() + 30
                    while who.capitalize() not in names_in(data):
                        assert time.monotonic() < end, f"{who}'s name never reached the store"
                        await asyncio.sleep(0.1)
                    await page.wait_for_timeout(1000)
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
