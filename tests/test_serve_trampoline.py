"""The server starts its apps without `preexec_fn` (Python code between fork and exec, unsafe in
a process with threads): an exec'd trampoline (serve/trampoline.py) sets the process up and
runs the app with the environment the server gave it."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from cutthroat.serve import terminal, trampoline, web_session
from helpers_pilot import async_test


class Started(Exception):
    pass


@async_test
async def test_neither_door_starts_an_app_with_preexec_fn(tmp_path, monkeypatch):
    seen = []

    async def record(*args, **kwargs):
        seen.append((args, kwargs))
        raise Started

    monkeypatch.setattr(asyncio, "create_subprocess_exec", record)
    with pytest.raises(Started):
        await terminal.AppTerminal(tmp_path, "xterm", 80, 24)._start_plain({"HOME": str(tmp_path)})
    with pytest.raises(Started):
        await web_session.start_web_app(tmp_path, {"HOME": str(tmp_path)}, ())  # (no zygote: a plain start-up)
    (plain, plain_kw), (browser, browser_kw) = seen
    assert "preexec_fn" not in plain_kw and "preexec_fn" not in browser_kw
    assert list(plain) == trampoline.command(tty=True) + terminal.app_command()
    assert list(browser) == trampoline.command(parent_death=os.getpid()) + [sys.executable, "-P", "-m", "cutthroat"]
    assert terminal.app_command() == [sys.executable, "-P", "-m", "cutthroat"]


def test_the_trampoline_resets_signals_and_umask_and_keeps_the_environment_it_was_given():
    """An ignored SIGHUP and a blocked signal are not inherited by the app; umask 077; a session
    of its own; the environment exactly the one given (no LC_CTYPE from Python's coercion of the
    C locale): what the app was exec'd with, read from /proc/self/environ."""
    probe = ("import os, signal; s = dict(l.split(':\\t', 1) for l in open('/proc/self/status').read().splitlines() "
             "if ':\\t' in l); print(s['SigIgn'].strip(), s['SigBlk'].strip(), oct(os.umask(0)), "
             "os.getsid(0) == os.getpid(), sorted(i.split(b'=')[0].decode() for i in "
             "open('/proc/self/environ', 'rb').read().split(bytes(1)) if i))")

    def server_like() -> None:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})

    command = trampoline.command() + [sys.executable, "-I", "-S", "-c", probe]
    out = subprocess.run(command, capture_output=True, text=True, timeout=60, preexec_fn=server_like,
                         env={"LANG": "C", "PATH": os.environ.get("PATH", "")}).stdout.split(None, 4)
    ignored, blocked, umask, leader, names = out
    assert not int(ignored, 16) & (1 << (signal.SIGHUP - 1))
    assert int(blocked, 16) == 0 and umask == "0o77" and leader == "True"
    assert names.strip() == "['LANG', 'PATH']"


def test_a_trampoline_that_cannot_start_its_app_says_one_line_and_ends_127(tmp_path):
    missing = str(tmp_path / "no-such-program")
    done = subprocess.run(trampoline.command() + [missing], capture_output=True, text=True, timeout=60)
    assert done.returncode == trampoline.FAILED
    assert done.stderr.strip() == "The game could not start (No such file or directory)."
    assert missing not in done.stderr


def test_the_trampoline_ends_its_app_when_its_parent_dies(tmp_path):
    """--parent-death: the app is killed when the process that started it dies (even by kill -9),
    and a trampoline whose parent is already gone does not run its app at all."""
    from helpers_serve import a_parent_starting, eventually, gone

    pid_file = tmp_path / "app.pid"
    parent = a_parent_starting(trampoline.command()[:-1], pid_file)
    try:
        eventually(lambda: pid_file.exists() and pid_file.read_text(), "the app started")
        app = int(pid_file.read_text())
        assert not gone(app)
        parent.kill()
        parent.wait(30)
        eventually(lambda: gone(app), "the app ended with its parent")
    finally:
        parent.kill()
        parent.wait(30)
    late = subprocess.run(trampoline.command()[:-1] + ["--parent-death", "1", "--", sys.executable, "-c",
                                                        "print('ran')"], capture_output=True, text=True, timeout=60)
    assert late.returncode == 1 and "ran" not in late.stdout
