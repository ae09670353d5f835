"""An honest player's keys while hostile clients attack `cutthroat serve`: loopback only,
bounded in count and time.

    python benchmarks/serve_hostile.py [--keys 12] [--seconds 20] [--timeout 120]

Starts a server (default limits) on a free loopback port with a fresh data folder. One honest
player reaches the lobby and times `--keys` keys to the first screen bytes back (key-to-repaint,
ms) with nobody else on: the yardstick. Then, for `--seconds`, the attacks run together — 100
idle TCP connections that never speak ssh, three sessions sending window changes as fast as
they can, and one player bursting `n 1 Enter 1` in the lobby — and the honest player times the
same keys again. Prints one JSON object: both figures (median, p95, max), their ratio, what the
attackers got (idle connections closed by a cap or the grace time, or still open; window changes
sent and bytes of screen they earned), and the server's threads and CPU seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_load import Player, pct, running_server  # noqa: E402 - (the load benchmark's own helpers)


async def session(port: int, name: str, timeout: float):
    """An ssh session at 80×24 with a key of its own: (connection, writer, player)."""
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await asyncssh.connect("127.0.0.1", port=port, username=name, client_keys=[key], known_hosts=None)
    writer, reader, _ = await conn.open_session(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    player = Player()

    async def pump() -> None:
        while True:
            data = await reader.read(65536)
            if not data:
                return
            player.feed(data)

    player.task = asyncio.ensure_future(pump())
    await player.wait_for(b"the lobby", timeout)
    return conn, writer, player


async def to_lobby(writer, player: Player, name: str, timeout: float) -> None:
    writer.write(b"\r")
    await player.wait_for(b"Your name", timeout)
    writer.write(f"{name}\r".encode())
    await player.wait_for(f"you are {name}".encode(), timeout)


async def repaints(writer, player: Player, keys: int, timeout: float) -> list[float]:
    """Key-to-repaint times (ms): the join-by-code prompt opened and shut, a key at a time."""
    times = []
    for i in range(keys):
        await asyncio.sleep(0.3)
        mark = len(player.seen)
        sent = time.monotonic()
        writer.write(b"c" if i % 2 == 0 else b"\x1b")
        while len(player.seen) == mark:
            player.changed.clear()
            await asyncio.wait_for(player.changed.wait(), timeout)
        times.append((time.monotonic() - sent) * 1000)
    return times


def figures(times: list[float]) -> dict:
    return {"median": round(statistics.median(times), 1), "p95": round(pct(times, 0.95), 1),
            "max": round(max(times), 1), "keys": len(times)}


async def idle_connections(port: int, count: int, seconds: float, got: dict) -> None:
    """TCP connections that never say a word: each refused at a cap or closed by the grace time."""
    loop = asyncio.get_running_loop()
    sockets = []
    for _ in range(count):
        s = socket.socket()
        s.setblocking(False)
        try:
            await loop.sock_connect(s, ("127.0.0.1", port))
            sockets.append(s)
        except OSError:
            got["idle_refused"] += 1
            s.close()
    await asyncio.sleep(seconds)
    for s in sockets:  # (the server's ssh banner may be waiting: read to the end, or to "nothing yet")
        try:
            while s.recv(4096):
                pass
            got["idle_closed"] += 1
        except BlockingIOError:
            got["idle_open"] += 1
        except OSError:
            got["idle_closed"] += 1
        s.close()


async def resize_storm(port: int, index: int, seconds: float, timeout: float, got: dict) -> None:
    conn, writer, player = await session(port, f"storm{index}", timeout)
    try:
        end = time.monotonic() + seconds
        mark = len(player.seen)
        size = 0
        while time.monotonic() < end:
            size += 1
            writer.channel.change_terminal_size(80 + size % 40, 24 + size % 10)
            await asyncio.sleep(0.002)
        got["storm_bytes"] += len(player.seen) - mark
        got["storm_changes"] += size
    finally:
        player.task.cancel()
        conn.close()


async def key_bursts(port: int, seconds: float, timeout: float) -> None:
    conn, writer, player = await session(port, "burst", timeout)
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            writer.write(b"n1\r1" * 20)
            await asyncio.sleep(0.5)
    finally:
        player.task.cancel()
        conn.close()


def threads_and_cpu(pid: int) -> tuple[int, float]:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return int(fields[17]), round(cpu, 2)


async def attack(keys: int, seconds: float, timeout: float) -> dict:
    data = Path(tempfile.mkdtemp(prefix="cutthroat-hostile-"))
    with running_server(data, "--login-grace", "5") as (port, server):
        conn, writer, player = await session(port, "honest", timeout)
        await to_lobby(writer, player, "Honest", timeout)
        before = await repaints(writer, player, keys, timeout)
        threads_before, cpu_before = threads_and_cpu(server.pid)
        got = {"idle_refused": 0, "idle_closed": 0, "idle_open": 0, "storm_bytes": 0, "storm_changes": 0}
        attackers = [asyncio.ensure_future(idle_connections(port, 100, seconds, got)),
                     *(asyncio.ensure_future(resize_storm(port, i, seconds, timeout, got)) for i in range(3)),
                     asyncio.ensure_future(key_bursts(port, seconds, timeout))]
        await asyncio.sleep(2.0)  # the attacks under way
        during = await repaints(writer, player, keys, timeout)
        threads_during, cpu_during = threads_and_cpu(server.pid)
        outcomes = await asyncio.gather(*attackers, return_exceptions=True)
        player.task.cancel()
        conn.close()
        return {
            "before_ms": figures(before), "during_ms": figures(during),
            "ratio_median": round(statistics.median(during) / statistics.median(before), 2),
            "attackers": {**got, "failed": sorted({repr(o)[:60] for o in outcomes if isinstance(o, BaseException)})},
            "server": {"threads_before": threads_before, "threads_during": threads_during,
                       "cpu_seconds_during_attack": round(cpu_during - cpu_before, 2)},
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(attack(args.keys, args.seconds, args.timeout))))


if __name__ == "__main__":
    main()
