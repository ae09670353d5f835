"""`cutthroat serve`, driven by real OpenSSH clients on loopback: each player's own app on its own
PTY (resizes forwarded), a session without a PTY refused, keys restricted, a clean stop that
tells every player, the host key kept, and bad input (a huge window, garbage bytes, a client
that never reads) survived. ssh runs in tmux at 80×24 as a player's terminal would."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
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

    def __init__(self, data: Path, *extra: str) -> None:
        self.data = data
        self.port = free_port()
        self.log = data.parent / f"serve-{self.port}.log"
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cutthroat", "serve", "--port", str(self.port), "--data", str(data), *extra],
            stdout=subprocess.DEVNULL, stderr=self.log.open("w"), env=env)
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


def test_each_player_gets_their_own_app_on_a_pty_that_follows_resizes(tmp_path, keys, terminals):
    server = Server(tmp_path / "data")
    try:
        ana = terminals(server.ssh(keys[0], "-tt"))
        bob = terminals(server.ssh(keys[1], "-tt"))
        for term in (ana, bob):
            term.wait_for("Continue (no game in progress)")
        start_kill_the_kings(ana)  # Ana's own game, not Bob's
        ana.wait_for("Kill The Kings  Killer · Round 1/3")
        assert "Continue (no game in progress)" in bob.screen()
        ana.resize(110, 30)
        ana.wait_until(lambda screen: max(len(line.rstrip()) for line in screen.splitlines()) > 100,
                       "a 110-column screen")  # the app redrew at the new width
        players = list((tmp_path / "data" / "players").iterdir())
        assert len(players) == 2  # a folder (settings, saves) for each key
        bob.keys("q")
        bob.wait_for("SSH-EXIT=0")
        assert "Kill The Kings" in ana.screen()  # Bob leaving touched nothing of Ana's
    finally:
        assert server.stop() == 0
    assert "session for" in server.text() and "connect from 127.0.0.1" in server.text()


def test_a_session_without_a_pty_is_refused_with_a_reason(tmp_path, keys):
    server = Server(tmp_path / "data")
    try:
        done = subprocess.run(server.ssh(keys[0], "-T"), capture_output=True, text=True, timeout=30,
                              stdin=subprocess.DEVNULL)
        assert done.returncode == 1
        assert done.stdout.strip() == "Cutthroat needs a terminal: connect with `ssh -t` (a PTY was not requested)."
    finally:
        server.stop()


def test_authorized_keys_let_only_those_in(tmp_path, keys):
    allowed = tmp_path / "allowed_keys"
    allowed.write_text("# game night\n" + keys[0].with_suffix(".pub").read_text())
    server = Server(tmp_path / "data", "--authorized-keys", str(allowed))
    try:
        bob = subprocess.run(server.ssh(keys[1], "-T"), capture_output=True, text=True, timeout=30,
                             stdin=subprocess.DEVNULL)
        assert bob.returncode == 255 and "Permission denied" in bob.stderr
        ana = subprocess.run(server.ssh(keys[0], "-T"), capture_output=True, text=True, timeout=30,
                             stdin=subprocess.DEVNULL)
        assert ana.returncode == 1 and "needs a terminal" in ana.stdout  # in: then refused for no PTY
        assert "is not in the authorized keys" in server.text()
    finally:
        server.stop()


def test_a_stop_tells_every_player_and_the_host_key_is_kept(tmp_path, keys, terminals):
    data = tmp_path / "data"
    server = Server(data)
    host_key = (data / "ssh_host_ed25519_key").read_bytes()
    ana = terminals(server.ssh(keys[0], "-tt"))
    ana.wait_for("Continue (no game in progress)")
    assert server.stop() == 0
    ana.wait_for("The Cutthroat server is stopping; your game is kept. Come back soon.")
    ana.wait_for("SSH-EXIT=0")
    assert not list(data.glob("players/*/config/*.lock"))
    again = Server(data)
    try:
        assert (data / "ssh_host_ed25519_key").read_bytes() == host_key
        assert "made the host key" not in again.text()
    finally:
        again.stop()


def test_a_huge_window_garbage_bytes_and_a_client_that_never_reads_hurt_nobody(tmp_path, keys, terminals):
    """An asyncssh client asks for a 100000×100000 PTY and sends garbage, another never reads
    its screen; meanwhile a real ssh player's game goes on."""
    import asyncssh

    server = Server(tmp_path / "data")
    ana = terminals(server.ssh(keys[0], "-tt"))
    ana.wait_for("Continue (no game in progress)")

    async def bad_clients() -> None:
        key = asyncssh.read_private_key(str(keys[1]))
        options = dict(port=server.port, username="bob", client_keys=[key], known_hosts=None)
        async with asyncssh.connect("127.0.0.1", **options) as conn:
            writer, reader, _ = await conn.open_session(term_type="xterm", term_size=(100000, 100000),
                                                        encoding=None)
            await asyncio.sleep(1.0)
            writer.write(bytes(range(256)) * 40 + b"\x1b[999;999R\x1b]52;c;AAAA\x07")
            await asyncio.sleep(1.0)
            writer.close()
        async with asyncssh.connect("127.0.0.1", **options) as conn:
            writer, reader, _ = await conn.open_session(term_type="xterm", term_size=(80, 24), encoding=None)
            writer.write(b"\r" * 200)  # keys, and never a read of what comes back
            await asyncio.sleep(2.0)

    try:
        asyncio.run(bad_clients())
        assert "400×200" in server.text()  # the huge window was clamped
        start_kill_the_kings(ana)
        ana.wait_for("Kill The Kings  Killer · Round 1/3")  # Ana's app never noticed
        assert server.process.poll() is None
    finally:
        assert server.stop() == 0


# -- a shared table: friends join by code, each sees only their own hand ---------------------------
def hand_labels(screen: str) -> list[str] | None:
    """The card labels in the hand panel ("Your hand · N cards"), or None if it isn't shown."""
    import re

    lines = screen.splitlines()
    top = next((i for i, line in enumerate(lines) if "╭─ Your hand" in line), None)
    if top is None:
        return None
    labels = []
    for line in lines[top + 1:]:
        inside = line.split("│")[1] if line.count("│") >= 2 else ""
        if not inside.strip():
            break
        if "▲" in inside:
            continue
        labels += [label for label in re.split(r"\s{2,}", inside.strip()) if label]
    return sorted(labels)


def real_hand(data: Path, code: str, seat: int) -> list[str]:
    """The seat's real hand, from the server's store (written after every move)."""
    import json
    import sqlite3

    from cutthroat import saves
    from cutthroat.tui.tables.exploding_kittens.table import short

    db = sqlite3.connect(str(data / "cutthroat.db"))
    try:
        game = db.execute("SELECT game FROM tables WHERE code = ?", (code,)).fetchone()[0]
    finally:
        db.close()
    state = saves.parse(game.encode(), "table").state
    return sorted(short(c) for c in state.hands[seat])


def test_two_players_join_one_table_by_code_and_each_sees_only_their_own_hand(tmp_path, keys, terminals):
    import re

    data = tmp_path / "data"
    server = Server(data)
    try:
        ana = terminals(server.ssh(keys[0], "-tt"))
        bob = terminals(server.ssh(keys[1], "-tt"))
        for term, name in ((ana, "Ana"), (bob, "Bob")):
            term.wait_for("Play with friends on this server: the lobby")
            term.keys("Enter")
            term.wait_for("asked once")
            term.keys(name, "Enter")
            term.wait_for(f"Lobby · you are {name}")
        ana.keys("n")
        ana.wait_for("A new table: which game?")
        ana.keys("1")  # Exploding Kittens
        ana.wait_for("Ready: 1 human, 3 bots")
        time.sleep(0.5)
        ana.keys("Down", "Down")  # seat 2's Who
        for _ in range(4):
            if re.search(r"^\s+2\s+‹ Human", ana.screen(), re.M):
                break
            ana.keys("Left")
        assert re.search(r"^\s+2\s+‹ Human", ana.screen(), re.M), ana.screen()
        ana.keys("C-s")
        code = re.search(r"tell your friends the code ([A-Z]{4})", ana.wait_for("tell your friends the code")).group(1)
        bob.keys("c")
        bob.wait_for("The table's code")
        bob.keys(code.lower(), "Enter")  # (a code is not case-sensitive)
        for term in (ana, bob):
            term.wait_for("CUTTHROAT ▸ Exploding Kittens · Nope Sauce · 4 players")  # the table
        assert re.search(r"^\s*▶?1 Ana\s+you ", ana.screen(), re.M) and re.search(r"^\s*▶?2 Bob\s+you ", bob.screen(), re.M)
        end = time.monotonic() + 40
        checked = {0: 0, 1: 0}
        last_miss = None
        while time.monotonic() < end and min(checked.values()) < 3:
            for seat, term in enumerate((ana, bob)):
                screen = term.screen()
                shown = hand_labels(screen)
                if shown is not None and shown == real_hand(data, code, seat):
                    checked[seat] += 1
                elif shown is not None:
                    last_miss = (seat, shown, real_hand(data, code, seat), screen)
                if "Let it happen (pass)" in screen:
                    term.keys("p")
                elif "put it here" in screen:  # a defused kitten goes back where the strip says
                    term.keys("Enter")
                elif "d draw" in screen and "Your turn" in screen:
                    term.keys("d")
            time.sleep(0.3)
        assert min(checked.values()) >= 3, (checked, last_miss)  # each screen showed its own real hand, again and again
    finally:
        assert server.stop() == 0
