"""What the `cutthroat serve` tests share: a server in a process of its own on a free loopback
port, ssh keys, a player's terminal (tmux running OpenSSH's client) and the app process a
player has on the server."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

needs_ssh = pytest.mark.skipif(
    not (shutil.which("ssh") and shutil.which("ssh-keygen") and shutil.which("tmux")),
    reason="needs OpenSSH's client (ssh, ssh-keygen: Debian's openssh-client) and tmux")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_key(folder: Path, name: str) -> Path:
    key = folder / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    return key


class Server:
    """`cutthroat serve` in a process of its own, on a free loopback port."""

    def __init__(self, data: Path, *extra: str, port: int | None = None, preexec_fn=None) -> None:
        self.data = data
        self.port = port or free_port()
        self.log = data.parent / f"serve-{self.port}.log"
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        # (--allow-root: the tests may run as root, in a sandbox or CI; --test-seed: every run deals
        # the same games, so every run meets the same positions)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cutthroat", "serve", "--port", str(self.port), "--data", str(data),
             "--allow-root", "--test-seed", "1000", *extra],
            stdout=subprocess.DEVNULL, stderr=self.log.open("w"), env=env, preexec_fn=preexec_fn)
        self.wait_for("listening on")

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_for(self, words: str, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while words not in self.text():
            assert self.process.poll() is None or words in self.text(), self.text()
            assert time.monotonic() < end, f"no {words!r} in the log:\n{self.text()}"
            time.sleep(0.05)

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(20)

    def ssh(self, key: Path, *args: str) -> list[str]:
        return ["ssh", "-i", str(key), "-p", str(self.port), "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
                "-o", "IdentitiesOnly=yes", *args, "player@127.0.0.1"]


class Terminal:
    """A player's terminal: tmux at 80×24 running a command."""

    def __init__(self, name: str, command: list[str], width: int = 80, height: int = 24) -> None:
        self.name = name
        line = " ".join(f"'{c}'" for c in command) + "; echo SSH-EXIT=$?; sleep 60"
        subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", str(width), "-y", str(height), line],
                       check=True)

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True,
                              text=True).stdout

    def wait_for(self, words: str, timeout: float = 45) -> str:
        return self.wait_until(lambda screen: words in screen, words, timeout)

    def wait_until(self, shows, what: str = "", timeout: float = 45) -> str:
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if shows(screen):
                return screen
            assert time.monotonic() < end, f"no {what or shows} on screen:\n{screen}"
            time.sleep(0.1)

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.15)

    def resize(self, width: int, height: int) -> None:
        subprocess.run(["tmux", "resize-window", "-t", self.name, "-x", str(width), "-y", str(height)], check=True)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def eventually(ready, what: str, timeout: float = 60):
    """Wait until `ready()` is true (polling); its value."""
    end = time.monotonic() + timeout
    while True:
        value = ready()
        if value:
            return value
        assert time.monotonic() < end, f"never: {what}"
        time.sleep(0.05)


def status_of(pid: int) -> dict[str, str]:
    """/proc/<pid>/status as a dict ({} once the process is gone)."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return {}
    return dict(line.split(":\t", 1) for line in lines if ":\t" in line)


def gone(pid: int) -> bool:
    """The process has ended (a zombie left for a parent, or a container's init, to reap counts)."""
    state = status_of(pid).get("State", "")
    return not state or state.startswith(("Z", "X"))


def a_parent_starting(trampoline_command: list[str], pid_file: Path) -> subprocess.Popen:
    """A process that starts, through `trampoline_command` (up to its `--`) with `--parent-death`
    its own pid, an app that writes its pid to `pid_file` and sleeps; then sleeps itself. Kill it
    to see its app end with it (the trampoline's tests)."""
    app_code = f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(120)"
    return subprocess.Popen([sys.executable, "-c", (
        "import os, subprocess, sys, time\n"
        f"cmd = {trampoline_command!r} + ['--parent-death', str(os.getpid()), '--', sys.executable, '-c', "
        f"{app_code!r}]\n"
        "subprocess.Popen(cmd)\n"
        "time.sleep(120)\n")])


def children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def zygote_of(server: Server) -> int | None:
    """The pid of the server's zygote (the process that forks the apps) as its log last named
    it, if it is running. (Its children, the apps, share its command line.)"""
    found = re.findall(r"the zygote is ready \(pid (\d+)", server.text())
    if found and int(found[-1]) in children(server.process.pid):
        return int(found[-1])
    return None


def app_of(server: Server, data: Path, key: Path) -> int:
    """The pid of the app process a key's player has on the server: the server's child (a plain
    start-up) or its zygote's, working in the player's folder."""
    import asyncssh

    from cutthroat.serve.server import player_id

    home = str(data / "players" / player_id(asyncssh.read_public_key(str(key.with_suffix(".pub")))))
    zygote = zygote_of(server)
    for pid in children(server.process.pid) + (children(zygote) if zygote else []):
        try:
            if os.readlink(f"/proc/{pid}/cwd") == home:
                return pid
        except OSError:
            continue
    raise AssertionError(f"no app process for {home}")


def start_kill_the_kings(term: Terminal) -> None:
    """From the title (the lobby first, then the games): Kill The Kings, solo, as at home."""
    term.wait_for("Play with friends on this server: the lobby")
    term.keys("Down", "Enter")
    term.wait_for("Ready: you play")
    term.keys("Enter")


@pytest.fixture
def keys(tmp_path) -> tuple[Path, Path]:
    return make_key(tmp_path, "ana"), make_key(tmp_path, "bob")


@pytest.fixture
def terminals():
    opened: list[Terminal] = []

    def open_terminal(*args, **kwargs) -> Terminal:
        term = Terminal(f"cutthroat-test-{os.getpid()}-{len(opened)}", *args, **kwargs)
        opened.append(term)
        return term

    yield open_terminal
    for term in opened:
        term.close()


def to_lobby(term: Terminal, name: str) -> None:
    term.wait_for("Play with friends on this server: the lobby")
    term.keys("Enter")
    term.wait_for("Your name at the tables")
    term.keys(name, "Enter")
    term.wait_for(f"Lobby · you are {name}")


def make_table(term: Terminal, humans: int) -> str:
    """From the lobby: a 4-seat Exploding Kittens table, the first `humans` seats human; its code."""
    term.keys("n")
    term.wait_for("A new table: which game?")
    term.keys("1")  # Exploding Kittens
    term.wait_for("Ready: 1 human, 3 bots")
    term.wait_until(lambda screen: re.search(r"^\s*▸", screen, re.M), "a focused row's ▸ (the setup takes keys)")
    term.keys("Down")
    for seat in range(2, humans + 1):
        term.keys("Down")  # that seat's Who
        for _ in range(4):
            if re.search(rf"^[\s▸]+{seat}\s+‹ Human", term.screen(), re.M):
                break
            term.keys("Left")
        assert re.search(rf"^[\s▸]+{seat}\s+‹ Human", term.screen(), re.M), term.screen()
    term.keys("C-s")
    term.wait_for("Time for a move at this table")
    term.keys("3")  # 90 seconds
    return re.search(r"tell your friends the code ([A-Z]{4})", term.wait_for("tell your friends the code")).group(1)


def join_by_code(term: Terminal, code: str) -> None:
    term.keys("c")
    term.wait_for("The table's code")
    term.keys(code.lower(), "Enter")  # (a code is not case-sensitive)


TABLE = "CUTTHROAT ▸ Exploding Kittens · Nope Sauce · 4 players"


@pytest.fixture
def no_subreaper_after():
    """A `Zygote` started in this process makes it its children's subreaper: not after the test
    (autouse in the zygote's test modules, which import it)."""
    import ctypes

    from cutthroat.serve.zygote import PR_SET_CHILD_SUBREAPER, _prctl

    yield
    _prctl(PR_SET_CHILD_SUBREAPER, ctypes.c_ulong(0))


def parent_of(pid: int) -> int:
    return int(status_of(pid)["PPid"])


async def adopted(pid: int) -> bool:
    """Wait until `pid` (a zygote's child whose zygote was killed) is this process's child (its
    subreaper's): checked for up to ~60 s of pauses, a loaded machine taking longer, never less."""
    import asyncio

    for _ in range(1200):
        if parent_of(pid) == os.getpid():
            return True
        await asyncio.sleep(0.05)
    return parent_of(pid) == os.getpid()
