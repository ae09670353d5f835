"""`cutthroat serve` against hostile clients: real OpenSSH clients and raw sockets on loopback
(127.0.0.1 only), each attack bounded in count and time, and each shown refused or survived with
another player's game unharmed. Waits are on conditions (generous timeouts), never on speed.

- 100 idle unauthenticated TCP connections: each refused at the cap or closed by the login grace
  time; a player on meanwhile keeps playing, a new one gets in after.
- 100 `ssh -N` logins with one key: refused or closed; a different key from the same address
  still gets in (no lockout of the address).
- A resize storm: the app is told a few sizes a second, its output stays bounded, the latest
  size wins; another player's keys still repaint.
- A server started with SIGHUP ignored (as under `nohup`): the apps still end on a hang-up, and
  none outlives the server.
- Files: the data folder and players' folders 0700, the store's files 0600, the apps' umask 077.
- Root without `--allow-root` is refused; a command or a subsystem instead of a shell, or a port
  forward, is refused.
- A markup name in every lobby, a key burst, a save path out of the player's folder, the seed on
  a table's screen: survived, refused or not there.

The service's side of the same attacks (1,000 `create` requests, every text field hostile, the
seed in no update before game over, a move on a position gone) is in test_serve_tables.py; every
screen given hostile names in test_player_text.py; saves' confinement, by every route, in
test_confinement.py.
"""

from __future__ import annotations

import asyncio
import os
import re
import selectors
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers_serve import (TABLE, Server, app_of, free_port, join_by_code, keys, make_key,  # noqa: F401 (fixtures)
                           make_table, needs_ssh, start_kill_the_kings, terminals, to_lobby, eventually, gone, status_of)

pytestmark = needs_ssh

TITLE = "Play with friends on this server: the lobby"








def ignores(pid: int, sig: int) -> bool:
    return bool(int(status_of(pid)["SigIgn"], 16) & (1 << (sig - 1)))


def session_line(server: Server, key: Path) -> str | None:
    """The log's "session for … ended" line of a key's player, if there is one yet."""
    import asyncssh

    from cutthroat.serve.server import player_id

    player = player_id(asyncssh.read_public_key(str(key.with_suffix(".pub"))))[:12]
    return next((line for line in server.text().splitlines() if f"session for {player} ended" in line), None)


def test_a_hundred_idle_connections_are_refused_or_closed_and_players_play_on(tmp_path, keys, terminals):
    grace = 5
    server = Server(tmp_path / "data", "--login-grace", str(grace))
    try:
        ana = terminals(server.ssh(keys[0], "-tt"))
        before = ana.wait_for(TITLE)
        idle = []
        for _ in range(100):  # connected, and never a byte sent
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.setblocking(False)
            idle.append(sock)
        ana.keys("Down")  # Ana's title still answers her keys
        ana.wait_until(lambda screen: screen != before, "Ana's screen repainted after a key")
        closed = set()
        selector = selectors.DefaultSelector()
        for sock in idle:
            selector.register(sock, selectors.EVENT_READ)
        end = time.monotonic() + grace + 60
        while len(closed) < len(idle):
            assert time.monotonic() < end, f"{len(idle) - len(closed)} idle connections still open"
            for event, _ in selector.select(timeout=1.0):
                try:
                    data = event.fileobj.recv(4096)  # (the server's version line, then the close)
                except ConnectionError:
                    data = b""
                if not data:
                    closed.add(event.fileobj)
                    selector.unregister(event.fileobj)
        selector.close()
        for sock in idle:
            sock.close()
        text = server.text()
        refused = text.count("refused a connection from 127.0.0.1: ")
        timed_out = text.count(f"closed the connection from 127.0.0.1: no login within {grace} s")
        assert refused + timed_out == 100 and refused >= 1 and timed_out >= 1, (refused, timed_out)
        assert "(--connections-per-address)" in text
        bob = terminals(server.ssh(keys[1], "-tt"))  # a new player gets in afterwards
        bob.wait_for(TITLE)
        before = ana.screen()
        ana.keys("Up")
        ana.wait_until(lambda screen: screen != before, "Ana's screen repainted after a key")
        assert server.process.poll() is None
    finally:
        assert server.stop() == 0


def test_a_hundred_ssh_n_logins_with_one_key_are_refused_or_closed_and_another_key_gets_in(tmp_path, keys,
                                                                                           terminals):
    grace = 4
    server = Server(tmp_path / "data", "--login-grace", str(grace))
    try:
        flood = [subprocess.Popen(server.ssh(keys[0], "-N", "-o", "ConnectTimeout=30"), stdin=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(100)]
        try:
            end = time.monotonic() + grace + 90
            while any(p.poll() is None for p in flood):
                assert time.monotonic() < end, f"{sum(p.poll() is None for p in flood)} ssh -N still connected"
                time.sleep(0.2)
        finally:
            for p in flood:
                if p.poll() is None:
                    p.kill()
                p.wait()
        assert all(p.returncode == 255 for p in flood), sorted({p.returncode for p in flood})
        text = server.text()
        assert f"no game session open for {grace} s (--login-grace)" in text  # those that logged in
        assert "(--connections-per-key)" in text or "(--key-attempts-per-minute)" in text  # the rest
        assert "keys offered from this address" not in text  # the address itself is not locked out
        bob = terminals(server.ssh(keys[1], "-tt"))  # Bob, same address, his own key: in
        bob.wait_for(TITLE)
        assert server.process.poll() is None
    finally:
        assert server.stop() == 0


def test_a_resize_storm_costs_a_few_repaints_a_second_and_the_latest_size_wins(tmp_path, keys, terminals):
    """Bob's client sends window changes as fast as it can for 4 s; Ana plays on meanwhile, and
    ends her own burst of resizes at 110 columns, which her app then draws."""
    import asyncssh

    server = Server(tmp_path / "data")
    ana = terminals(server.ssh(keys[0], "-tt"))
    ana.wait_for(TITLE)
    figures: dict[str, float] = {}

    async def storm() -> None:
        key = asyncssh.read_private_key(str(keys[1]))
        async with asyncssh.connect("127.0.0.1", port=server.port, username="bob", client_keys=[key],
                                    known_hosts=None) as conn:
            writer, reader, _ = await conn.open_session(term_type="xterm-256color", term_size=(80, 24),
                                                        encoding=None)
            seen = bytearray()

            async def pump() -> None:
                while data := await reader.read(65536):
                    seen.extend(data)

            task = asyncio.ensure_future(pump())
            end = time.monotonic() + 60
            while TITLE.encode() not in seen:
                assert time.monotonic() < end, bytes(seen[-500:])
                await asyncio.sleep(0.1)
            mark, began = len(seen), time.monotonic()
            sizes = 0
            while time.monotonic() - began < 4.0:
                writer.channel.change_terminal_size(*((200, 60) if sizes % 2 else (120, 40)))
                sizes += 1
                if sizes % 50 == 0:
                    await asyncio.sleep(0)  # (let the messages out)
            await asyncio.sleep(2.0)  # what the storm's last repaint sends (counted, not asserted on)
            figures.update(sizes=sizes, storm_bytes=len(seen) - mark)
            writer.close()
            task.cancel()
            figures["seconds"] = time.monotonic() - began

    try:
        import threading

        worker = threading.Thread(target=lambda: asyncio.run(storm()))
        worker.start()
        eventually(lambda: "sizes" in figures or not worker.is_alive(), "Bob's storm", 120)
        for size in range(60):  # Ana's own burst, meanwhile: the last one is 110×30
            ana.resize(*((110, 30) if size == 59 else (90 + size % 3, 26)))
        screen = ana.wait_until(lambda screen: max(len(line.rstrip()) for line in screen.splitlines()) > 100,
                                "a 110-column screen")
        before = screen
        ana.keys("Down")  # and her keys still repaint
        ana.wait_until(lambda screen: screen != before, "Ana's screen repainted after a key")
        worker.join(120)
        assert not worker.is_alive() and "seconds" in figures, figures
        bob_end = eventually(lambda: session_line(server, keys[1]), "Bob's session's end in the log")
        asked, applied = map(int, re.search(r"window changes: (\d+) asked, (\d+) applied", bob_end).groups())
        assert asked >= 100 and asked <= figures["sizes"], (asked, figures)
        # At most one window change every 0.25 s (and the first at once): a few repaints a second.
        assert applied <= figures["seconds"] / 0.25 + 2, (applied, figures)
        # Each repaint of a 200×60 title is some tens of KiB: bounded by the repaints allowed, not
        # by the thousands of changes asked (a generous 120 KiB a repaint).
        assert figures["storm_bytes"] <= (figures["seconds"] / 0.25 + 2) * 120 * 1024, figures
        assert server.process.poll() is None
    finally:
        assert server.stop() == 0


def test_a_server_started_with_sighup_ignored_still_hangs_up_its_apps(tmp_path, keys, terminals):
    """As under `nohup`: the server ignores SIGHUP, its apps must not (the app of a player who
    leaves ends on the hang-up at once, not by a kill 5 s later), and no app outlives the server."""
    server = Server(tmp_path / "data", preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    try:
        assert ignores(server.process.pid, signal.SIGHUP)
        ana = terminals(server.ssh(keys[0], "-tt"))
        bob = terminals(server.ssh(keys[1], "-tt"))
        for term in (ana, bob):
            term.wait_for(TITLE)
        apps = [app_of(server, tmp_path / "data", key) for key in keys]
        for pid in apps:
            status = status_of(pid)
            assert not ignores(pid, signal.SIGHUP), status
            assert int(status["SigBlk"], 16) == 0, status  # no signal blocked either
        ana.close()  # Ana leaves: her ssh ends, her app is hung up
        line = eventually(lambda: session_line(server, keys[0]), "Ana's session's end in the log")
        assert "ended: the player left (a normal end)" in line and "killed" not in line, line
        eventually(lambda: gone(apps[0]), "Ana's app's end")
    finally:
        assert server.stop() == 0
    bob.wait_for("The Cutthroat server is stopping")
    assert gone(apps[1])  # the server has exited: no app outlives it
    assert "was killed" not in server.text(), server.text()


@pytest.mark.parametrize("start", ["zygote", "plain"])
def test_files_are_the_server_users_only(tmp_path, keys, terminals, start):
    """A data folder made by hand (0755) with an older store (0644): at start every folder is
    0700 and every store file 0600; a player's folder and what their app writes are private too.
    Whether the app is forked by the zygote or a plain start-up (`--no-zygote`)."""
    data = tmp_path / "data"
    (data / "players" / ("0" * 32)).mkdir(parents=True)
    old = sqlite3.connect(str(data / "cutthroat.db"))
    old.execute("PRAGMA journal_mode=WAL")
    old.close()
    for path in (data, data / "players", data / "players" / ("0" * 32)):
        os.chmod(path, 0o755)
    os.chmod(data / "cutthroat.db", 0o644)
    server = Server(data, *(["--no-zygote"] if start == "plain" else []))
    try:
        ana = terminals(server.ssh(keys[0], "-tt"))
        ana.wait_for(TITLE)
        app = app_of(server, data, keys[0])
        assert status_of(app)["Umask"] == "0077" and status_of(server.process.pid)["Umask"] == "0077"
        environ = Path(f"/proc/{app}/environ").read_bytes()  # (as the process was started: never changes)
        assert b"\0CUTTHROAT_TOKEN=" not in environ, "the session token comes through a pipe, read once"
        if start == "plain":
            assert b"\0CUTTHROAT_CONFINED=1\0" in environ  # its own folder only
            assert b"\0CUTTHROAT_SERVICE=" in environ and b"\0CUTTHROAT_TOKEN_FD=" in environ
        else:  # (a forked app's is its zygote's, which has no session's: the app's own is in
            #     test_serve_zygote.py, beside a plain start-up's)
            assert int(status_of(app)["PPid"]) != server.process.pid
            assert b"CUTTHROAT_" not in environ and b"\0SSH_" not in environ
        assert {p.name for p in data.iterdir()} >= {"cutthroat.db", "cutthroat.db-wal", "cutthroat.db-shm"}
        modes = {}
        for path in [data, *data.rglob("*")]:
            info = path.lstat()
            if stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode):
                modes[str(path.relative_to(tmp_path))] = stat.S_IMODE(info.st_mode)
        shared = {path: oct(mode) for path, mode in modes.items() if mode & 0o077}
        assert not shared, shared  # nothing readable by anybody but the server's user
        for name in ("data", "data/players", f"data/players/{'0' * 32}"):
            assert modes[name] == 0o700, (name, oct(modes[name]))
        for name in ("cutthroat.db", "cutthroat.db-wal", "cutthroat.db-shm", "ssh_host_ed25519_key"):
            assert modes[f"data/{name}"] == 0o600, (name, oct(modes[f"data/{name}"]))
        assert sum(1 for name in modes if name.startswith("data/players/")) >= 2  # (Ana's folder too)
    finally:
        assert server.stop() == 0


@pytest.mark.skipif(os.geteuid() != 0, reason="only root is refused")
def test_root_is_refused_without_allow_root(tmp_path):
    port = free_port()
    done = subprocess.run([sys.executable, "-m", "cutthroat", "serve", "--data", str(tmp_path / "data"),
                           "--port", str(port)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stderr.startswith("cutthroat: refusing to run as root") and "--allow-root" in done.stderr
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("flag, value, words", [
    ("--login-grace", "0", "--login-grace must be more than 0 (seconds), not 0"),
    ("--connections-per-address", "0", "--connections-per-address must be at least 1, not 0"),
])
def test_a_limit_flag_out_of_range_is_refused_in_one_line(tmp_path, flag, value, words):
    done = subprocess.run([sys.executable, "-m", "cutthroat", "serve", "--data", str(tmp_path / "data"),
                           "--allow-root", flag, value], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.strip() == f"cutthroat: {words}", done.stderr
    assert not (tmp_path / "data").exists()


def test_a_command_a_subsystem_a_port_forward_or_a_third_channel_is_refused_and_no_app_starts(tmp_path, keys):
    server = Server(tmp_path / "data")
    try:
        for args in (["-tt"], ["-T"]):  # with a PTY and without
            done = subprocess.run([*server.ssh(keys[0], *args), "echo", "pwned"], capture_output=True,
                                  stdin=subprocess.DEVNULL, timeout=60)
            assert done.returncode == 1, done
            assert b"Cutthroat runs no commands" in done.stdout and b"pwned" not in done.stdout, done.stdout
            assert b"CUTTHROAT" not in done.stdout and b"\x1b[?1049h" not in done.stdout  # no game
        done = subprocess.run([*server.ssh(keys[0], "-s"), "sftp"], capture_output=True,
                              stdin=subprocess.DEVNULL, timeout=60)
        assert done.returncode != 0 and b"sftp" not in done.stdout, done  # (refused by asyncssh itself,
        assert (b"Cutthroat runs no commands" in done.stdout  # or by the server's session)
                or b"subsystem request failed" in done.stderr), done

        async def forward() -> None:  # a port forward to the server's own port: refused
            import asyncssh

            key = asyncssh.read_private_key(str(keys[1]))
            async with asyncssh.connect("127.0.0.1", port=server.port, username="bob", client_keys=[key],
                                        known_hosts=None) as conn:
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.open_connection("127.0.0.1", server.port)

        asyncio.run(forward())
        assert "session for" not in server.text()  # no app was started for any of them

        async def channels() -> None:  # session channels on one connection: two at most
            import asyncssh

            key = asyncssh.read_private_key(str(keys[1]))
            async with asyncssh.connect("127.0.0.1", port=server.port, username="bob", client_keys=[key],
                                        known_hosts=None) as conn:
                held = [await conn.create_session(asyncssh.SSHClientSession, term_type="xterm") for _ in range(2)]
                for _ in range(10):
                    with pytest.raises(asyncssh.ChannelOpenError):
                        await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")
                held[0][0].close()
                await held[0][0].wait_closed()
                again = await conn.create_session(asyncssh.SSHClientSession, term_type="xterm")  # (room again)
                for channel, _ in (held[1], again):
                    channel.close()

        asyncio.run(channels())
        text = server.text()
        assert text.count("refused a session channel") == 10, text
        assert text.count("asked for a command") == 2, text
    finally:
        assert server.stop() == 0


def test_a_markup_name_a_key_burst_a_save_path_and_the_seed_hurt_nobody(tmp_path, keys, terminals):
    """Over ssh, as hostile players would: Ana calls herself `[/]` (markup that crashed every
    lobby showing it), Eve bursts `n 1 Enter 1` twenty times into her lobby (it crashed her app),
    both sit at Ana's table (no seed on either screen: it gave away every hand), and Mal saves
    Kill The Kings as `/tmp/...` (it wrote there): each refused or survived, and the table plays
    on."""
    data = tmp_path / "data"
    server = Server(data)
    evil = Path(f"/tmp/cutthroat-evil-{os.getpid()}")
    try:
        ana = terminals(server.ssh(keys[0], "-tt"))
        bob = terminals(server.ssh(keys[1], "-tt"))
        eve = terminals(server.ssh(make_key(tmp_path, "eve"), "-tt"))
        to_lobby(ana, "[/]")
        to_lobby(bob, "Bob")
        to_lobby(eve, "Eve")
        burst = [key for _ in range(20) for key in ("n", "1", "Enter", "1")]
        subprocess.run(["tmux", "send-keys", "-t", eve.name, *burst], check=True)
        eve.wait_until(lambda screen: "Exploding Kittens" in screen, "the burst's keys at work")
        code = make_table(ana, humans=2)
        lobby_row = bob.wait_for(code)
        assert "[/] · 1 free" in lobby_row or "[/]" in lobby_row, lobby_row  # the name as typed, as text
        join_by_code(bob, code)
        for term in (ana, bob):
            screen = term.wait_for(TABLE)
            assert "Seed" not in screen and "seed" not in screen
            assert "Traceback" not in screen
        assert " save" not in ana.screen()  # a server's table is the server's to keep
        second = terminals(server.ssh(make_key(tmp_path, "mal"), "-tt"))
        start_kill_the_kings(second)
        second.wait_for("s save")
        second.keys("s")
        second.wait_for("Save")
        second.keys(str(evil), "Enter")
        refused = second.wait_for("plain name")
        assert str(data) not in refused and not list(Path("/tmp").glob(evil.name + "*"))
        for term in (ana, bob, eve):
            assert "Traceback" not in term.screen() and "SSH-EXIT" not in term.screen(), term.screen()
        assert "Traceback" not in server.text() and "ScreenStackError" not in server.text()
        errors = data / "app-errors.log"  # (an app's error is caught and logged there, the player told SORRY)
        assert not errors.exists(), errors.read_text()
    finally:
        server.stop()
        for leftover in Path("/tmp").glob(evil.name + "*"):
            leftover.unlink()
