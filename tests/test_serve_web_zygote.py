"""The web door's apps forked by the server's zygote (serve/web_session.py's `start_web_app`,
serve/zygote_child.py): a web session's child is set up as a plain web start-up is (the same
environment, folder, token through a pipe, session of its own and no terminal, signals, umask,
descriptors, locale, stdio, and Textual's constants read from its own environment, not the
zygote's), outlives its zygote and ends with the server (its stdout's reader gone); over a real
server, its app is the zygote's child and shows the title in the browser's size and colours, a
closed websocket ends it, a dead zygote gives the next web session a plain start-up, a SIGKILLed
server leaves no web app behind, and `--no-zygote` starts every web app plainly. Loopback only,
every wait on a condition."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the web door needs the web extra (pip install '.[web]')")
pytest.importorskip("textual_serve", reason="the web door needs the web extra (pip install '.[web]')")

from cutthroat.serve import web_session  # noqa: E402
from cutthroat.serve.server import zygote_environment  # noqa: E402
from cutthroat.serve.terminal import token_pipe  # noqa: E402
from cutthroat.serve.web_session import WebApp, start_web_app, web_environment  # noqa: E402
from cutthroat.serve.zygote import Zygote, supported  # noqa: E402
from helpers_pilot import async_test  # noqa: E402
from helpers_serve import (children, eventually, gone, adopted, no_subreaper_after, parent_of)  # noqa: E402, F401 (a fixture)
from test_serve_web import TITLE, Browser, Screen, WebServer, app_pids, run  # noqa: E402
from zygote_probe import MARK  # noqa: E402

TESTS = str(Path(__file__).resolve().parent)
pytestmark = [pytest.mark.skipif(not supported(), reason="the zygote needs Linux (pidfds, SCM_RIGHTS)"),
              pytest.mark.usefixtures("no_subreaper_after")]


async def web_probe(home: Path, zygote: Zygote | None, token: str | None = "s3cret") -> tuple[WebApp, dict]:
    """A web app started as the web door starts one (`start_web_app`: from `zygote`, or plainly
    without one) running the probe instead of the app; the probe's facts from its stdout."""
    env = web_environment(home, {"CUTTHROAT_SERVICE": "/srv/socket"}, 100, 30)
    passed = token_pipe(token, env)
    try:
        app = WebApp(await start_web_app(home, env, passed, zygote))
    finally:
        for fd in passed:
            os.close(fd)
    line = await asyncio.wait_for(app.process.stdout.readline(), 60)
    assert line.startswith(MARK.encode()), line
    return app, json.loads(line[len(MARK):])


@async_test
async def test_a_web_zygote_child_is_set_up_as_a_plain_web_start_up(tmp_path, monkeypatch):
    """The child's environment (the server's own CUTTHROAT_ and SSH_ variables gone, the web
    driver's), folder, token, session (no terminal), signals, umask, descriptors, locale, stdio
    (stdout a pipe: not line-buffered) and Textual's constants (the web driver, truecolor: the
    zygote read its own, with no driver) are a plain web start-up's."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([TESTS, os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("SSH_AUTH_SOCK", "/the/servers/agent")
    monkeypatch.setenv("CUTTHROAT_SAVE_DIR", "/the/servers/saves")
    monkeypatch.setattr(web_session, "app_command", lambda: [
        sys.executable, "-P", "-c", "import zygote_probe, sys; sys.exit(zygote_probe.report())"])
    home = tmp_path / "players" / "ana"
    home.mkdir(parents=True)
    zygote = Zygote({**zygote_environment(), "ONLY_THE_ZYGOTES": "1"}, entry="zygote_probe:report")
    try:
        await zygote.start()
        assert await zygote.wait_ready()
        forked_app, forked = await web_probe(home, zygote)
        assert forked_app.zygote_pid == zygote.pid and await forked_app.close(30) == 3
        plain_app, plain = await web_probe(home, None)
        assert plain_app.zygote_pid is None and await plain_app.close(30) == 3
    finally:
        await zygote.close()
    assert forked["ppid"] == zygote.pid != plain["ppid"] == os.getpid()
    assert forked["env"]["CUTTHROAT_TOKEN_FD"] == "3"  # (each its own number for the pipe)
    for facts in (forked, plain):
        facts["env"].pop("CUTTHROAT_TOKEN_FD")
        facts.pop("ppid")
        # (glibc's own two real-time signals, SIGCANCEL and SIGSETXID, caught once a process has
        # a second thread: the child's watcher now, every app's input thread a moment later)
        facts["sig_caught"] = int(facts["sig_caught"], 16) & ~(0b11 << 31)
    assert forked == plain
    assert forked["textual"]["DRIVER"] == repr("textual.drivers.web_driver:WebDriver")
    assert forked["textual"]["COLOR_SYSTEM"] == repr("truecolor")
    assert "ONLY_THE_ZYGOTES" not in forked["env"] and "SSH_AUTH_SOCK" not in forked["env"]
    assert forked["env"]["CUTTHROAT_SAVE_DIR"] == str(home / "saves") and forked["env"]["COLUMNS"] == "100"
    assert forked["token"] == "s3cret" and not forked["token_env_left"]
    assert forked["cwd"] == str(home) and forked["umask"] == 0o077 and forked["fds"] == [0, 1, 2]
    assert forked["leader"] and not forked["ctty"] and not forked["tty"] and forked["foreground"] is None
    assert forked["stdio"][0][2] is False and forked["stdio"][1][2] is True  # (stdout: a pipe; stderr: always)
    assert int(forked["sig_blocked"], 16) == 0


@async_test
async def test_a_web_child_outlives_its_zygote_and_ends_when_the_servers_end_of_its_stdout_closes(tmp_path, monkeypatch):
    """The zygote is killed under a web app: the app goes on (the server its subreaper now). Once
    nothing reads its stdout (the server gone: here, its end closed), the app ends by itself,
    though it ignores every signal it can and never writes."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([TESTS, os.environ.get("PYTHONPATH", "")]))
    zygote = Zygote(zygote_environment(), entry="zygote_probe:report_and_ignore_hangups")
    try:
        await zygote.start()
        assert await zygote.wait_ready()
        app, _ = await web_probe(tmp_path, zygote, token=None)
        pid = app.process.pid
        zygote.process.kill()
        await zygote.process.wait()
        assert await adopted(pid) and app.running  # ours now, and still going
        app.process.close_pipes()
        assert await asyncio.wait_for(app.process.wait(), 30) == -signal.SIGKILL
        assert app.process.status_known and gone(pid) and not app.killed
    finally:
        await zygote.close()


# -- over the web door -----------------------------------------------------------------------------
def zygote_pid(server: WebServer, count: int = 1) -> int:
    """The pid of the server's zygote once it has been ready `count` times (as its log says)."""
    eventually(lambda: server.text().count("the zygote is ready") >= count, "a ready zygote")
    pid = int(re.findall(r"the zygote is ready \(pid (\d+)", server.text())[-1])
    assert pid in children(server.process.pid)
    return pid


async def sit_down(server: WebServer, width: int = 80, height: int = 24) -> tuple[Browser, Screen, int]:
    """A browser at the title: its websocket's screen and its app's pid."""
    browser = Browser(server)
    await browser.page()
    screen = Screen(await browser.open(width, height))
    await screen.shows(TITLE)
    pids = app_pids(server.data, browser.player)
    assert len(pids) == 1, pids
    return browser, screen, pids[0]


def test_web_apps_start_from_the_zygote_and_a_dead_zygote_gives_a_plain_start_up(tmp_path):
    """Ana's app is the zygote's child, shows the title at her window's size in true colour
    (Textual's web driver, though the zygote rehearsed in another), and ends when she closes the
    tab. The zygote is killed: Bob's web session, next, is a plain start-up (the server's child)
    and asks for a new zygote; Cy's app is its child. A SIGKILLed server leaves neither behind."""
    server = WebServer(tmp_path / "data")
    try:
        first = zygote_pid(server)

        async def visits() -> list[int]:
            ana, screen, ana_app = await sit_down(server, 100, 30)
            try:
                assert parent_of(ana_app) == first
                assert b"\x1b[38;2;" in screen.raw  # (truecolor, as TEXTUAL_COLOR_SYSTEM says)
                assert re.search(rb"\x1b\[30;1H", screen.raw) and not re.search(rb"\x1b\[31;1H", screen.raw)
                await screen.ws.close()
                await asyncio.to_thread(eventually, lambda: gone(ana_app), "Ana's app's end")
            finally:
                await ana.close()
            os.kill(first, signal.SIGKILL)
            await asyncio.to_thread(server.wait_for, f"the zygote (pid {first}) ended")
            bob, _, bob_app = await sit_down(server)
            cy = None
            try:
                assert parent_of(bob_app) == server.process.pid
                assert "web session for " + bob.player[:12] + ": a plain start-up" in server.text()
                second = await asyncio.to_thread(zygote_pid, server, 2)
                assert second != first
                cy, _, cy_app = await sit_down(server)
                assert parent_of(cy_app) == second
                return [bob_app, cy_app, second]
            finally:
                await bob.close()
                if cy is not None:
                    await cy.close()

        left = run(visits(), 240)
        assert server.text().count("a plain start-up") == 1
        assert "ended: the browser left (a normal end)" in server.text()
        server.process.kill()
        server.process.wait(10)
        for pid in left:
            eventually(lambda: gone(pid), f"the end of {pid} after the server's SIGKILL", 30)
    finally:
        server.stop()


def test_no_zygote_starts_every_web_app_plainly(tmp_path):
    """`--no-zygote` applies to both doors: no zygote, and a web app is the server's child."""
    server = WebServer(tmp_path / "data", "--no-zygote")
    try:
        async def visit() -> int:
            browser, screen, pid = await sit_down(server)
            try:
                assert parent_of(pid) == server.process.pid
                await screen.ws.close()
                return pid
            finally:
                await browser.close()

        pid = run(visit())
        assert "the zygote" not in server.text() and "plain start-up" not in server.text()
        eventually(lambda: gone(pid), "its app's end")
    finally:
        assert server.stop() == 0
