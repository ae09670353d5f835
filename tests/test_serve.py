"""`cutthroat serve`, driven by real OpenSSH clients on loopback: each player's own app on its own
PTY (resizes forwarded), a session without a PTY refused, keys restricted, a clean stop that
tells every player, the host key kept, and bad input (a huge window, garbage bytes, a client
that never reads) survived. ssh runs in tmux at 80×24 as a player's terminal would."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from helpers_serve import (TABLE, Server, Terminal, app_of, join_by_code, keys, make_key,  # noqa: F401
                           make_table, needs_ssh, start_kill_the_kings, terminals, to_lobby)

pytestmark = needs_ssh


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
        bob_app = app_of(server, tmp_path / "data", keys[1])
        os.kill(bob_app, signal.SIGKILL)  # Bob's app crashes
        bob.wait_for("SSH-EXIT=")  # his session ends with it
        ana.keys("n")  # Ana's game goes on: she draws
        ana.wait_for("Drawn ")
        assert server.process.poll() is None
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
    """SIGTERM with four players on: every one of them gets the goodbye line on a normal screen
    (the alternate screen left, mouse reporting off), and their ssh ends cleanly, not by a
    dropped connection."""
    data = tmp_path / "data"
    server = Server(data)
    host_key = (data / "ssh_host_ed25519_key").read_bytes()
    more = [make_key(tmp_path, name) for name in ("cy", "dee")]
    players = [terminals(server.ssh(key, "-tt")) for key in (*keys, *more)]
    for term in players:
        term.wait_for("Continue (no game in progress)")
    # The players' ssh clients are stopped while the server says goodbye, as a loaded machine
    # would leave them: each must still get it (the server waits for every client to close its
    # channel, which OpenSSH does once the channel's output is on the terminal, before the
    # connection is closed).
    clients = [ssh_client_of(term) for term in players]
    try:
        for pid in clients:
            os.kill(pid, signal.SIGSTOP)
        server.process.send_signal(signal.SIGTERM)
        server.wait_for("stopping: telling 4 player(s)")
        end = time.monotonic() + 30
        while server.text().count("ended: the server stopped") < 4:
            assert time.monotonic() < end, server.text()
            time.sleep(0.05)
    finally:
        for pid in clients:
            os.kill(pid, signal.SIGCONT)
    assert server.stop() == 0
    for term in players:
        screen = term.wait_until(lambda screen: "SSH-EXIT=" in screen, "the ssh client's exit")
        assert "The Cutthroat server is stopping; your game is kept. Come back soon." in screen, screen
        assert "SSH-EXIT=0" in screen and "Disconnected" not in screen, screen
        modes = subprocess.run(["tmux", "display-message", "-p", "-t", term.name,
                                "#{alternate_on} #{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}"],
                               capture_output=True, text=True).stdout.split()
        assert modes == ["0", "000"], modes  # the normal screen, no mouse reporting
    assert server.text().count("ended: the server stopped") == 4, server.text()
    assert not list(data.glob("players/*/config/*.lock"))
    again = Server(data)
    try:
        assert (data / "ssh_host_ed25519_key").read_bytes() == host_key
        assert "made the host key" not in again.text()
    finally:
        again.stop()


def ssh_client_of(term: Terminal) -> int:
    """The pid of the ssh client running in a player's terminal."""
    pane = subprocess.run(["tmux", "display-message", "-p", "-t", term.name, "#{pane_pid}"],
                          capture_output=True, text=True).stdout.strip()
    out = subprocess.run(["ps", "-o", "pid=,comm=", "--ppid", pane], capture_output=True, text=True).stdout
    pids = [int(line.split()[0]) for line in out.splitlines() if line.split()[1:] == ["ssh"]]
    assert len(pids) == 1, out
    return pids[0]


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
        if line.count("│") < 2 or "╰" in line:
            break
        inside = line.split("│")[1].strip()
        if not inside or "▲" in inside:
            continue  # a row's cursor mark (or none)
        row = [label for label in re.split(r"\s{2,}", inside) if label]
        if any(len(label) > 18 for label in row) or inside.endswith("."):
            break  # the note under the hand: a card's text, or "You are out of the game."
        labels += row
    return sorted(labels)


def real_hand(data: Path, code: str, seat: int) -> list[str]:
    """The seat's real hand, from the server's store (written after every move)."""
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


def play_on(players: list[Terminal], data: Path, code: str, until, limit: float = 90.0,
            watcher: Terminal | None = None) -> dict[int, int]:
    """Every player plays by keys (draws on their turn, passes every Nope window, puts a defused
    kitten back where the strip says) until `until()`; every capture of a hand is checked against
    that seat's real hand in the store (a capture may lag a move behind: it must catch up within
    a few tries), and the watcher's screen never shows a hand. How often each seat matched."""
    matched = {seat: 0 for seat in range(len(players))}
    end = time.monotonic() + limit
    while not until():
        assert time.monotonic() < end, [t.screen() for t in players]
        for seat, term in enumerate(players):
            screen = term.screen()
            shown = hand_labels(screen)
            if shown is not None:
                for _ in range(10):
                    if shown == real_hand(data, code, seat):
                        matched[seat] += 1
                        break
                    time.sleep(0.1)
                    shown = hand_labels(term.screen())
                    if shown is None:
                        break
                else:
                    raise AssertionError(f"seat {seat + 1} shows {shown}, holds {real_hand(data, code, seat)}:\n"
                                         f"{term.screen()}")
            assert "'s hand ·" not in screen  # never anybody else's hand
            if "Let it happen (pass)" in screen:
                term.keys("p")
            elif "put it here" in screen:
                term.keys("Enter")
            elif "d draw" in screen and "Your turn" in screen:
                term.keys("d")
        if watcher is not None:
            seen = watcher.screen()
            assert "hand ·" not in seen and hand_labels(seen) is None, seen
        time.sleep(0.2)
    return matched


def test_four_players_join_one_table_by_code_and_play_it_to_game_over(tmp_path, keys, terminals):
    """Four ssh players at one Exploding Kittens table, a fifth watching: each screen shows only
    its own real hand, capture after capture; the watcher sees no hand; all reach the game over."""
    import re

    more = [make_key(tmp_path, n) for n in ("cy", "dee", "eve")]
    data = tmp_path / "data"
    server = Server(data)
    try:
        names = ["Ana", "Bob", "Cy", "Dee"]
        players = [terminals(server.ssh(k, "-tt")) for k in (*keys, *more[:2])]
        eve = terminals(server.ssh(more[2], "-tt"))
        for term, name in zip([*players, eve], [*names, "Eve"]):
            to_lobby(term, name)
        code = make_table(players[0], humans=4)
        for term in players[1:]:
            join_by_code(term, code)
        for term in players:
            term.wait_for(TABLE)
        for seat, term in enumerate(players):
            assert re.search(rf"^\s*▶?{seat + 1} {names[seat]}\s+you ", term.screen(), re.M), term.screen()
        eve.wait_for(code)
        eve.keys("w")  # (the only table: highlighted)
        eve.wait_for(TABLE)

        def over() -> bool:
            return all("wins" in t.screen() or "Game over" in t.screen() for t in players)

        matched = play_on(players, data, code, over, limit=150, watcher=eve)
        assert min(matched.values()) >= 1, matched
    finally:
        assert server.stop() == 0
    assert "over:" in server.text()  # the finished game is recorded


def test_a_dropped_player_and_a_killed_server_come_back_to_the_same_position(tmp_path, keys, terminals):
    """Bob's connection dies mid-game: he logs in again and takes his seat, exactly where it was.
    Then the server is killed with -9 and started again: the table resumes from its last move."""
    data = tmp_path / "data"
    server = Server(data)
    ana = terminals(server.ssh(keys[0], "-tt"))
    bob = terminals(server.ssh(keys[1], "-tt"))
    to_lobby(ana, "Ana")
    to_lobby(bob, "Bob")
    code = make_table(ana, humans=2)
    join_by_code(bob, code)
    for term in (ana, bob):
        term.wait_for(TABLE)
    moves = lambda: len(json.loads(_game_doc(data, code))["log"])  # noqa: E731
    play_on([ana, bob], data, code, lambda: moves() >= 6)
    bob.close()  # Bob's terminal (and his ssh) dies
    bob = terminals(server.ssh(keys[1], "-tt"))
    bob.wait_for(f"Continue: back to your table {code}")  # his seat kept (the title's first choice now)
    bob.keys("Enter")
    bob.wait_for(TABLE)
    shows_real_hand(bob, data, code, 1)

    server.process.kill()  # -9: no goodbye
    server.process.wait(10)
    before = json.loads(_game_doc(data, code))["log"]
    again = Server(data, port=server.port)
    try:
        assert "resumed: playing" in again.text()
        for term, key, seat in ((ana, keys[0], 0), (bob, keys[1], 1)):
            term.close()
            term = terminals(again.ssh(key, "-tt"))
            term.wait_for(f"Continue: back to your table {code}")
            term.keys("Enter")
            term.wait_for(TABLE)
            shows_real_hand(term, data, code, seat)
        assert json.loads(_game_doc(data, code))["log"][:len(before)] == before  # nothing lost
    finally:
        again.stop()


def shows_real_hand(term: Terminal, data: Path, code: str, seat: int, timeout: float = 30) -> None:
    """The seat's screen comes to show its real hand (a Nope window on top is passed, a defused
    kitten waiting to go back is put back where the cursor is)."""
    end = time.monotonic() + timeout
    while True:
        screen = term.screen()
        if hand_labels(screen) == real_hand(data, code, seat):
            return
        if "Let it happen (pass)" in screen:
            term.keys("p")
        elif "back in secret" in screen:
            term.keys("Enter")
        assert time.monotonic() < end, f"seat {seat + 1} never showed {real_hand(data, code, seat)}:\n{screen}"
        time.sleep(0.2)


def _game_doc(data: Path, code: str) -> str:
    import sqlite3

    db = sqlite3.connect(str(data / "cutthroat.db"))
    try:
        return db.execute("SELECT game FROM tables WHERE code = ?", (code,)).fetchone()[0]
    finally:
        db.close()


@pytest.mark.soak
def test_fifty_connections_reach_the_lobby_and_keys_still_repaint_quickly():
    """The load benchmark (benchmarks/serve_load.py), bounded: 50 sessions at once on loopback."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "serve_load", Path(__file__).resolve().parents[1] / "benchmarks" / "serve_load.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figures = asyncio.run(module.load(50, 240.0))
    assert figures["in_lobby"] == 50 and figures["failed"] == 0, figures
    assert figures["key_to_repaint_ms"]["p95"] < 2000, figures  # responsive, with room for a slow machine


def test_an_ssh_session_marks_its_players_folder_used_as_a_web_session_does(tmp_path, keys, terminals):
    """The player folders' sweep (`serve/players.py`) reads a folder's last change as its player's
    last use: an ssh player who comes back and changes nothing (their settings made days ago)
    must not look unused for days, or their folder goes at the next sweep after they leave."""
    import asyncssh

    from cutthroat.serve.server import player_id

    data = tmp_path / "data"
    home = data / "players" / player_id(asyncssh.read_public_key(str(keys[0].with_suffix(".pub"))))
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text("{}")
    old = time.time() - 3 * 24 * 3600
    for path in (home / "config" / "settings.json", home / "config", home):
        os.utime(path, (old, old))
    server = Server(data)
    try:
        ana = terminals(server.ssh(keys[0], "-tt"))
        ana.wait_for("Continue (no game in progress)")
        assert home.stat().st_mtime > time.time() - 24 * 3600
    finally:
        assert server.stop() == 0


def test_at_max_players_a_new_ssh_key_is_refused_in_one_line_and_a_known_one_gets_in(tmp_path, keys, terminals):
    """A new ssh key costs a hostile client nothing (without --authorized-keys), and each new key's
    first session makes a player folder: at `--max-players` folders a new key gets one line and no
    app, no folder; a player who already has a folder always gets in."""
    import asyncssh

    from cutthroat.serve.server import player_id

    data = tmp_path / "data"
    players = data / "players"
    known = players / player_id(asyncssh.read_public_key(str(keys[0].with_suffix(".pub"))))
    stranger = players / player_id(asyncssh.read_public_key(str(keys[1].with_suffix(".pub"))))
    known.mkdir(parents=True)
    (known / "settings.json").write_text("{}")  # (a player with something of theirs: never swept)
    server = Server(data, "--max-players", "1")
    try:
        bob = terminals(server.ssh(keys[1], "-tt"))
        bob.wait_for("as many players as it can hold")
        server.wait_for("a new player, and 1 player folders (--max-players)")
        assert not stranger.exists() and "Continue" not in bob.screen()
        ana = terminals(server.ssh(keys[0], "-tt"))
        ana.wait_for("Continue (no game in progress)")
    finally:
        assert server.stop() == 0
