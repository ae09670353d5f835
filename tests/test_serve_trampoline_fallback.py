"""The trampoline where the C library has no `prctl` (macOS, the BSDs): simulated here by a
`ctypes` whose C library lacks it, the trampoline run as the server runs it (`-I -S`). The app
still starts, still ends when the process that started it dies (a watcher process does what the
parent-death signal would), the watcher holds none of the app's descriptors and ends with the
app, and the web door says so once in the log."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cutthroat.serve import trampoline, web_session
from helpers_pilot import async_test
from helpers_serve import a_parent_starting, children, eventually, gone

#: `python -I -S -c NO_PRCTL --session ... -- app`: the trampoline with a C library lacking prctl
#: (AttributeError, as `ctypes` says on macOS).
NO_PRCTL = ("import ctypes, runpy, sys\n"
            "class NoPrctl(ctypes.CDLL):\n"
            "    def __getattr__(self, name):\n"
            "        if name == 'prctl':\n"
            "            raise AttributeError(name)\n"
            "        return super().__getattr__(name)\n"
            "ctypes.CDLL = NoPrctl\n"
            f"sys.argv[0] = {trampoline.__file__!r}\n"
            f"runpy.run_path({trampoline.__file__!r}, run_name='__main__')\n")


def without_prctl(*options: str) -> list[str]:
    return [sys.executable, "-I", "-S", "-c", NO_PRCTL, "--session", *options, "--"]


def test_the_simulation_takes_prctl_away():
    probe = NO_PRCTL.split("sys.argv[0]")[0] + (
        f"sys.path.insert(0, {str(Path(trampoline.__file__).parent)!r})\n"
        "import trampoline\nprint(trampoline.parent_death_signal())\n")
    out = subprocess.run([sys.executable, "-I", "-S", "-c", probe], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr
    assert trampoline.parent_death_signal()  # (this Linux has it)


def test_without_prctl_the_app_starts_and_still_ends_when_its_parent_dies(tmp_path):
    pid_file = tmp_path / "app.pid"
    parent = a_parent_starting(without_prctl()[:-1], pid_file)
    try:
        eventually(lambda: pid_file.exists() and pid_file.read_text(), "the app started")
        app = int(pid_file.read_text())
        assert not gone(app)
        watchers = eventually(lambda: children(app), "the app's watcher")
        parent.kill()
        parent.wait(30)
        eventually(lambda: gone(app), "the app ended with its parent")
        eventually(lambda: all(gone(w) for w in watchers), "the watcher ended with the app")
    finally:
        parent.kill()
        parent.wait(30)
    late = subprocess.run(without_prctl("--parent-death", "1") + [sys.executable, "-c", "print('ran')"],
                          capture_output=True, text=True, timeout=60)
    assert late.returncode == 1 and "ran" not in late.stdout and not late.stderr


def test_the_watcher_holds_none_of_the_apps_descriptors_and_ends_with_the_app(tmp_path):
    """The server knows an app has ended by its pipes closing: a watcher holding them would keep
    a finished app's session open. An app that ends by itself takes its watcher with it."""
    pid_file, go = tmp_path / "app.pid", tmp_path / "go"
    app_code = (f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); print('started', flush=True)\n"
                f"while not os.path.exists({str(go)!r}): time.sleep(0.05)\n"
                "print('done')")
    app = subprocess.Popen(without_prctl("--parent-death", str(os.getpid())) + [sys.executable, "-c", app_code],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert app.stdout.readline() == "started\n"
        assert int(pid_file.read_text()) == app.pid  # (exec'd: the app is the process the server started)
        (watcher,) = eventually(lambda: children(app.pid), "the app's watcher")
        eventually(lambda: not os.listdir(f"/proc/{watcher}/fd"), "the watcher closed every descriptor")
        ignored = int(dict(line.split(":\t", 1) for line in Path(f"/proc/{watcher}/status").read_text().splitlines()
                           if ":\t" in line)["SigIgn"], 16)
        for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
            assert ignored & (1 << (sig - 1))
        assert os.getsid(watcher) == app.pid and os.getpgid(watcher) == app.pid  # (the app's session and group)
        go.touch()
        out, err = app.communicate(timeout=60)  # (its pipes close with the app: the watcher holds none)
        assert (out, err, app.returncode) == ("done\n", "", 0)
        eventually(lambda: gone(watcher), "the watcher ended with the app")
    finally:
        app.kill()
        app.wait(30)


@async_test
async def test_the_web_door_says_once_in_the_log_that_it_falls_back(tmp_path, monkeypatch, caplog):
    started = []

    async def record(*args, **kwargs):
        started.append(args)

    monkeypatch.setattr(asyncio, "create_subprocess_exec", record)
    monkeypatch.setattr(trampoline, "_prctl", lambda: None)
    monkeypatch.setattr(web_session, "_told_no_parent_death", False)
    with caplog.at_level(logging.INFO, logger="cutthroat.serve"):
        for _ in range(3):
            await web_session.start_web_app(tmp_path, {"HOME": str(tmp_path)}, ())
    told = [r for r in caplog.records if "no parent-death signal" in r.getMessage()]
    assert len(started) == 3 and len(told) == 1 and told[0].levelno == logging.WARNING
    assert "--parent-death" in started[0]
