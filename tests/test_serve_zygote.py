"""The server's zygote (serve/zygote.py): each session's app forked from one process that has
the app imported. Its child is set up as a plain start-up is (the same environment, folder,
token through a pipe, session and controlling terminal, signals, umask, descriptors, locale and
stdio), the server still hangs it up, kills it and learns its exit status; a session whose
zygote died gets a plain start-up (and the next one a new zygote); a killed server leaves no app
behind. Loopback only, every wait on a condition."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cutthroat.serve.server import zygote_environment
from cutthroat.serve import terminal as terminal_module
from cutthroat.serve.terminal import AppTerminal
from cutthroat.serve.zygote import Zygote, supported
from helpers_pilot import async_test
from helpers_serve import (Server, app_of, children, keys, needs_ssh, terminals,  # noqa: F401 (fixtures)
                           zygote_of, eventually, gone, adopted, no_subreaper_after, parent_of)
from zygote_probe import MARK

TESTS = str(Path(__file__).resolve().parent)
TITLE = "Play with friends on this server: the lobby"
pytestmark = [pytest.mark.skipif(not supported(), reason="the zygote needs Linux (pidfds, SCM_RIGHTS)"),
              pytest.mark.usefixtures("no_subreaper_after")]


async def probe_of(terminal: AppTerminal, timeout: float = 30) -> dict:
    """The probe's JSON line, read from the app's side of the PTY."""
    seen = b""
    end = asyncio.get_running_loop().time() + timeout
    while MARK.encode() not in seen or not seen.split(MARK.encode(), 1)[1].rstrip(b" ").count(b"\n"):
        left = end - asyncio.get_running_loop().time()
        assert left > 0, seen
        chunk = await asyncio.wait_for(terminal.read(), left)
        assert chunk, seen
        seen += chunk
    return json.loads(seen.split(MARK.encode(), 1)[1].split(b"\n", 1)[0])


async def plain_probe(terminal: AppTerminal, monkeypatch) -> dict:
    """The same probe run by a plain start-up: `AppTerminal` with no zygote (the trampoline
    exec'd, then the probe in place of `python -P -m cutthroat`)."""
    monkeypatch.setattr(terminal_module, "app_command", lambda: [
        sys.executable, "-P", "-c", "import zygote_probe, sys; sys.exit(zygote_probe.report())"])
    plain = AppTerminal(terminal.home, terminal.term, *terminal.size, lang=terminal.lang,
                        extra_env=terminal.extra_env, token=terminal.token)
    await plain.start()
    try:
        facts = await probe_of(plain)
        assert await asyncio.wait_for(plain.process.wait(), 30) == 3
    finally:
        await plain.close(5)
    return facts


@async_test
async def test_a_zygote_child_is_set_up_as_a_plain_start_up_and_hangs_up_and_is_killed(tmp_path, monkeypatch):
    """For each language a player's client may send: the child's environment (the server's own
    CUTTHROAT_ and SSH_ variables gone, the player's folders, CUTTHROAT_CONFINED, LANG, TERM, the
    token through a pipe, read once), folder, session and controlling terminal, signals, umask,
    descriptors, locale and stdio are what a plain start-up's are. Then a child is hung up, and
    one deaf to SIGHUP is killed after the grace time, their statuses reported."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([TESTS, os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("SSH_AUTH_SOCK", "/the/servers/agent")
    monkeypatch.setenv("CUTTHROAT_SAVE_DIR", "/the/servers/saves")
    monkeypatch.setenv("LC_ALL", "C")
    zygotes = []
    try:
        for entry in ("report", "report_and_wait", "report_and_ignore_hangups"):
            zygote = Zygote({**zygote_environment(), "ONLY_THE_ZYGOTES": "1"}, entry=f"zygote_probe:{entry}")
            zygotes.append(zygote)
            await zygote.start()
            assert await zygote.wait_ready()
        home = tmp_path / "players" / "ana"
        home.mkdir(parents=True)
        for lang in ("C", "C.UTF-8", "en_US.ISO-8859-1", None):
            terminal = AppTerminal(home, "xterm-256color", 80, 24, lang=lang,
                                   extra_env={"CUTTHROAT_SERVICE": "/srv/socket"}, token="s3cret",
                                   zygote=zygotes[0])
            await terminal.start()
            assert terminal.zygote_pid == zygotes[0].pid
            forked = await probe_of(terminal)
            assert await asyncio.wait_for(terminal.process.wait(), 30) == 3
            assert await terminal.close(5) == 3 and not terminal.hung_up
            plain = await plain_probe(terminal, monkeypatch)
            assert forked["ppid"] == zygotes[0].pid != plain["ppid"]
            assert forked["env"]["CUTTHROAT_TOKEN_FD"] == "3"  # (each its own number for the pipe)
            for facts in (forked, plain):
                facts["env"].pop("CUTTHROAT_TOKEN_FD")
                facts.pop("ppid")
            assert forked == plain, lang
            assert "ONLY_THE_ZYGOTES" not in forked["env"] and "SSH_AUTH_SOCK" not in forked["env"]
            assert forked["env"]["CUTTHROAT_SAVE_DIR"] == str(home / "saves")
            assert forked["env"]["CUTTHROAT_CONFINED"] == "1" and forked["env"]["LANG"] == (lang or "C.UTF-8")
            assert forked["token"] == "s3cret" and not forked["token_env_left"]
            assert forked["cwd"] == str(home) and forked["umask"] == 0o077 and forked["fds"] == [0, 1, 2]
            assert forked["leader"] and forked["foreground"] and forked["tty"]
            assert int(forked["sig_blocked"], 16) == 0
            assert not int(forked["sig_ignored"], 16) & (1 << (signal.SIGHUP - 1))
            assert forked["card_style"] == ("unicode" if lang in ("C.UTF-8", None) else "ascii"), lang
        hung = AppTerminal(home, "xterm", 80, 24, zygote=zygotes[1])
        await hung.start()
        await probe_of(hung)
        assert hung.running
        assert await hung.close(30) == -signal.SIGHUP and hung.hung_up and not hung.killed
        deaf = AppTerminal(home, "xterm", 80, 24, zygote=zygotes[2])
        await deaf.start()
        await probe_of(deaf)
        assert await deaf.close(0.5) == -signal.SIGKILL and deaf.hung_up and deaf.killed
    finally:
        for zygote in zygotes:
            await zygote.close()
    for zygote in zygotes:
        assert zygote.process.returncode == 0  # (its socket closed: it ended on its own)


@async_test
async def test_a_child_that_cannot_be_set_up_tells_the_player_one_line_and_the_operator_why(tmp_path):
    """A forked child whose set-up fails (here: its folder is gone) writes its traceback to the
    server's app error log, never to the player's terminal, which gets one line."""
    from cutthroat.tui.errors import SORRY

    log = tmp_path / "app-errors.log"
    zygote = Zygote(zygote_environment(), entry="zygote_probe:report")
    try:
        await zygote.start()
        assert await zygote.wait_ready()
        terminal = AppTerminal(tmp_path / "players" / "gone", "xterm", 80, 24,
                               extra_env={"CUTTHROAT_ERROR_LOG": str(log)}, zygote=zygote)
        await terminal.start()
        seen = b""
        while chunk := await asyncio.wait_for(terminal.read(), 30):
            seen += chunk
        assert await asyncio.wait_for(terminal.process.wait(), 30) == 127
        assert SORRY.encode() in seen and b"Traceback" not in seen and b"/" not in seen
        assert "Traceback" in log.read_text() and "FileNotFoundError" in log.read_text()
    finally:
        await zygote.close()


@async_test
async def test_a_child_outlives_its_zygote_and_its_status_still_reaches_the_server(tmp_path, monkeypatch):
    """The zygote is killed under a running child: the child goes on (its game with it), and
    when it is hung up its status is known (the server is its subreaper now)."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([TESTS, os.environ.get("PYTHONPATH", "")]))
    zygote = Zygote(zygote_environment(), entry="zygote_probe:report_and_wait")
    await zygote.start()
    try:
        assert await zygote.wait_ready()
        terminal = AppTerminal(tmp_path, "xterm", 80, 24, zygote=zygote)
        await terminal.start()
        await probe_of(terminal)
        pid = terminal.process.pid
        zygote.process.kill()
        await zygote.process.wait()
        assert await adopted(pid) and terminal.running  # ours now, and still going
        assert not zygote.alive
        assert await terminal.close(30) == -signal.SIGHUP and not terminal.killed
        assert terminal.process.status_known and gone(pid)
    finally:
        await zygote.close()


# -- over ssh ------------------------------------------------------------------------------------
@needs_ssh
def test_sessions_start_from_the_zygote_and_a_dead_zygote_gives_a_plain_start_up(tmp_path, keys, terminals):
    """Ana's app is the zygote's child. The zygote is killed: Ana's game goes on; Bob's session,
    next, is a plain start-up (the server's child); it asks for a new zygote, and Cy's app is
    its child."""
    from helpers_serve import make_key

    data = tmp_path / "data"
    server = Server(data)
    try:
        server.wait_for("the zygote is ready")
        ana = terminals(server.ssh(keys[0], "-tt"))
        ana.wait_for(TITLE)
        first = zygote_of(server)
        ana_app = app_of(server, data, keys[0])
        assert first is not None and parent_of(ana_app) == first
        os.kill(first, signal.SIGKILL)
        server.wait_for(f"the zygote (pid {first}) ended")
        bob = terminals(server.ssh(keys[1], "-tt"))
        bob.wait_for(TITLE)
        bob_app = app_of(server, data, keys[1])
        assert parent_of(bob_app) == server.process.pid and "a plain start-up (no zygote running)" in server.text()
        eventually(lambda: server.text().count("the zygote is ready") == 2, "a new zygote")
        second = zygote_of(server)
        assert second not in (None, first)
        cy = terminals(server.ssh(make_key(tmp_path, "cy"), "-tt"))
        cy.wait_for(TITLE)
        assert parent_of(app_of(server, data, tmp_path / "cy")) == second
        assert server.text().count("a plain start-up") == 1
        ana.keys("q")  # Ana's app (the first zygote's child, orphaned) still answers, and ends
        ana.wait_for("SSH-EXIT=")
        eventually(lambda: "ended: the player quit the app (a normal end)" in server.text(), "Ana's end")
        eventually(lambda: gone(ana_app), "Ana's app's end")
    finally:
        assert server.stop() == 0


@needs_ssh
def test_a_killed_server_leaves_no_app_and_no_zygote_behind(tmp_path, keys, terminals):
    """kill -9 of the server: the PTYs' masters close, every app is hung up; the zygote goes
    with its parent."""
    data = tmp_path / "data"
    server = Server(data)
    server.wait_for("the zygote is ready")
    players = [terminals(server.ssh(key, "-tt")) for key in keys]
    for term in players:
        term.wait_for(TITLE)
    apps = [app_of(server, data, key) for key in keys]
    zygote = zygote_of(server)
    assert zygote is not None and all(parent_of(app) == zygote for app in apps)
    server.process.kill()
    server.process.wait(10)
    for pid in (*apps, zygote):
        eventually(lambda: gone(pid), f"the end of {pid}", timeout=30)


def test_the_server_side_of_the_zygote_imports_no_textual():
    """Only the zygote process imports the app: the server's modules (the zygote's handle
    included) don't."""
    code = ("import sys, cutthroat.serve.server, cutthroat.serve.terminal, cutthroat.serve.zygote\n"
            "assert 'textual' not in sys.modules and 'cutthroat.tui' not in sys.modules, 'textual imported'\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_css_parsed_once_for_every_child_is_what_textual_parses_with_the_same_variables():
    """`share_css_parses` (the zygote's, in a process of its own here): the same rules as
    Textual's own parse, a different result for different variables, and a second stylesheet
    with the same CSS and variables parses nothing."""
    code = """
import textual.css.stylesheet as module
from textual.css.stylesheet import Stylesheet
from cutthroat.serve.zygote_process import share_css_parses

CSS = "Label { color: $fg; } .b { background: $fg 50%; }"

def rules(variables):
    sheet = Stylesheet(variables=variables)
    sheet.add_source(CSS, read_from=("test", ""))
    sheet.parse()
    return [rule.css for rule in sheet.rules]

before = rules({"fg": "red"}), rules({"fg": "blue"})
assert share_css_parses() and not share_css_parses()  # (once)
calls = []
parse = module.parse
module.parse = lambda *args, **kwargs: (calls.append(1), parse(*args, **kwargs))[1]
after = rules({"fg": "red"}), rules({"fg": "blue"})
assert after == before and after[0] != after[1], (before, after)
assert rules({"fg": "red"}) == before[0] and rules({"fg": "blue"}) == before[1]
assert len(calls) == 2, calls  # (red and blue once each)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_what_a_child_runs_is_what_cutthroat_with_no_arguments_runs(monkeypatch):
    """The zygote's child runs `cli.run_app` (no parser to build): the same call `main([])` makes."""
    from cutthroat import cli

    calls = []
    monkeypatch.setattr(cli, "launch_app", lambda *args, **kwargs: calls.append((args, kwargs)) or 7)
    assert cli.main([]) == 7 and cli.run_app() == 7
    assert calls[0] == calls[1] == ((None,), {})


@async_test
async def test_a_zygote_that_dies_on_its_way_up_is_not_started_again_at_once(tmp_path, monkeypatch):
    """A zygote that can't import the app ends before it is ready (`wait_ready` says so: the
    session waiting for it starts plainly), and the next sessions don't start a new one each (a
    pause first); a zygote that was ready and then died is started again by the next session."""
    broken = tmp_path / "broken"
    (broken / "textual").mkdir(parents=True)
    (broken / "textual" / "__init__.py").write_text("raise RuntimeError('no textual here')\n")
    env = {**zygote_environment(), "PYTHONPATH": str(broken)}
    zygote = Zygote(env)
    try:
        await zygote.start()
        assert not await zygote.wait_ready()
        await asyncio.wait_for(zygote.process.wait(), 30)
        for _ in range(200):  # (its reader notes the death)
            if zygote.sock is None:
                break
            await asyncio.sleep(0.05)
        assert not zygote.alive and zygote._restart_at > 0.0  # (a pause first: it never got ready)
        zygote._restart_at += 3600  # (however long this machine took to get here: still within the pause)
        zygote.revive()
        zygote.revive()
        assert not zygote._tasks and zygote.starts == 1  # (no start begun: not started again)
        zygote.env = zygote_environment()  # (fixed) ... and once it was ready, a death means a start at once
        zygote._restart_at = 0.0
        zygote.revive()
        for _ in range(200):
            if zygote.starts == 2:
                break
            await asyncio.sleep(0.05)
        assert zygote.starts == 2 and await zygote.wait_ready()
        zygote.process.kill()
        await zygote.process.wait()
        for _ in range(200):
            if not zygote.alive and zygote._restart_at == 0.0 and zygote.sock is None:
                break
            await asyncio.sleep(0.05)
        zygote.revive()
        for _ in range(200):
            if zygote.starts == 3:
                break
            await asyncio.sleep(0.05)
        assert zygote.starts == 3
    finally:
        await zygote.close()


def test_an_apps_environment_keeps_nothing_of_the_operators_but_paths_and_time_zone(tmp_path, monkeypatch):
    """Both doors' apps (and the zygote) start from PATH, the time zone and Python's and the
    libraries' paths alone: not the operator's credentials, terminal or Textual's debugging
    variables (TEXTUAL_LOG would have every app log its screens to the operator's file); the
    player's folder is the app's home."""
    from cutthroat.serve.terminal import app_environment

    for key, value in {"TEXTUAL_LOG": "/root/textual.log", "AWS_SECRET_ACCESS_KEY": "s3cret", "COLORTERM": "truecolor",
                       "SSH_AUTH_SOCK": "/agent", "CUTTHROAT_SAVE_DIR": "/srv", "TZ": "Europe/Oslo",
                       "LC_ALL": "C", "COLUMNS": "300"}.items():
        monkeypatch.setenv(key, value)
    home = tmp_path / "players" / "ana"
    env = app_environment(home, "xterm", "C.UTF-8", {"CUTTHROAT_SERVICE": "/srv/socket"})
    assert set(env) == {"PATH", "TZ", "HOME", "TERM", "LANG", "CUTTHROAT_CONFIG_DIR", "CUTTHROAT_SAVE_DIR",
                        "CUTTHROAT_CONFINED", "CUTTHROAT_SERVICE"} | ({"PYTHONPATH"} & set(os.environ)) \
        | ({"LD_LIBRARY_PATH"} & set(os.environ))
    assert env["HOME"] == str(home) and env["CUTTHROAT_SAVE_DIR"] == str(home / "saves") and env["TZ"] == "Europe/Oslo"
    assert not set(zygote_environment()) - {"PATH", "TZ", "PYTHONPATH", "LD_LIBRARY_PATH", "TERM", "LANG"}


def test_the_zygote_fills_its_allocators_holes_before_it_forks():
    """`fill_holes` (in a process of its own here, after imports and a collection have left
    holes, as in the zygote): the free blocks of the partly used small-block pools are filled
    (kept by the zygote), so a child's allocations go to fresh pages, not into pages it shares."""
    code = """
import gc
import textual.app, textual.widgets  # (imports and their garbage: holes, as in the zygote)
from cutthroat.serve import zygote_process as module
kept = [(str(i) * 3, (i, i + 1)) for i in range(60000)]
del kept[::2]  # (every other object freed: a hole in every pool)
gc.collect()
before = sum(free for size, free in module._small_block_stats() if size >= 48)
assert before > 20000, before
assert module.fill_holes() >= before
after = sum(free for size, free in module._small_block_stats() if size >= 48)
assert after < before / 10, (before, after)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_the_rehearsal_leaves_nothing_to_parse_for_a_players_title_and_name_prompt(tmp_path):
    """After the zygote's rehearsal, an app as a player gets it (toasts and tooltips on: Textual
    mounts their widgets in every screen) parses no CSS on its way to the title and the lobby's
    name prompt: every parse was shared (`share_css_parses`), none left to each child."""
    code = """
import asyncio
import textual.css.stylesheet as module
from cutthroat.serve.zygote_process import rehearse, share_css_parses, warm
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.lobby import AskScreen
from cutthroat.tui.screens.title import TitleScreen

warm()
assert share_css_parses() and rehearse()
calls = []
parse = module.parse
module.parse = lambda *args, **kwargs: (calls.append(args[1:2]), parse(*args, **kwargs))[1]

async def players_app():
    app = CutthroatApp()
    async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
        while not (isinstance(app.screen, TitleScreen) and app.screen.is_mounted):
            await pilot.pause(0.05)
        await pilot.pause()
        await app.push_screen(AskScreen("Your name at the tables:", 20))
        await pilot.pause()

asyncio.run(players_app())
assert not calls, calls
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "CUTTHROAT_CONFIG_DIR": str(tmp_path / "config"),
                              "CUTTHROAT_SAVE_DIR": str(tmp_path / "saves")})
    assert out.returncode == 0, out.stderr
