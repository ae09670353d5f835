"""`cutthroat serve` under load, on loopback only, bounded in count and time.

    python benchmarks/serve_load.py [--clients 50] [--timeout 180]

Starts a server on a free loopback port with a fresh data folder, then opens `--clients` ssh
sessions at once (asyncssh clients, each a PTY at 80×24, each its own key: its own player). Each
waits for its title screen, opens the lobby, gives its name and waits for the lobby; then every
client opens and shuts the lobby's join-by-code prompt three times (`c`, Esc), a key at a time,
and times each key to the first screen bytes back (key-to-repaint). Prints one JSON object: clients that reached the lobby, seconds to the lobby
(median, p95, max), key-to-repaint (median, p95, max, ms), and memory (the server's RSS, the app
processes' RSS in all and per connection, in MB). Ends every session and the server itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


@contextlib.contextmanager
def running_server(data: Path, *flags: str):
    """`cutthroat serve` on a free loopback port with `data` (its log in `data/serve.log`), until
    the block ends (then SIGTERM, and a kill if it won't stop): its port and its process.
    (--allow-root: a sandbox or CI may run as root.)"""
    port = free_port()
    log = (data / "serve.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "cutthroat", "serve", "--port", str(port), "--data", str(data),
                               "--allow-root", *flags],
                              stdout=subprocess.DEVNULL, stderr=log, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        for _ in range(200):
            if "listening on" in (data / "serve.log").read_text():
                break
            time.sleep(0.05)
        yield port, server
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def descendants(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    kids = [int(p) for p in out.split()]
    return kids + [d for k in kids for d in descendants(k)]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


class Player:
    """One ssh session's screen bytes, and a way to wait for words in them."""

    def __init__(self) -> None:
        self.seen = bytearray()
        self.changed = asyncio.Event()

    def feed(self, data: bytes) -> None:
        self.seen += data
        self.changed.set()

    async def wait_for(self, words: bytes, timeout: float) -> None:
        end = time.monotonic() + timeout
        while words not in self.seen:
            self.changed.clear()
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(words)
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                raise TimeoutError(words) from None


async def one_client(port: int, index: int, timeout: float, start: asyncio.Event, results: dict) -> None:
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519")
    player = Player()
    began = time.monotonic()
    async with asyncssh.connect("127.0.0.1", port=port, username=f"p{index}", client_keys=[key],
                                known_hosts=None) as conn:
        writer, reader, _ = await conn.open_session(term_type="xterm-256color", term_size=(80, 24),
                                                    encoding=None)

        async def pump() -> None:
            while True:
                data = await reader.read(65536)
                if not data:
                    return
                player.feed(data)

        task = asyncio.ensure_future(pump())
        try:
            await player.wait_for(b"the lobby", timeout)
            writer.write(b"\r")
            await player.wait_for(b"Your name", timeout)
            writer.write(f"P{index}\r".encode())
            await player.wait_for(b"you are P", timeout)
            results["lobby"].append(time.monotonic() - began)
            await start.wait()  # everyone in the lobby: now the keys
            for key in (b"c", b"\x1b", b"c", b"\x1b", b"c", b"\x1b"):  # the code prompt, open and shut
                await asyncio.sleep(0.3)
                mark = len(player.seen)
                sent = time.monotonic()
                writer.write(key)
                while len(player.seen) == mark:
                    player.changed.clear()
                    await asyncio.wait_for(player.changed.wait(), timeout)
                results["repaint"].append((time.monotonic() - sent) * 1000)
            results["done"] += 1
            await start.wait()
        finally:
            task.cancel()


async def load(clients: int, timeout: float) -> dict:
    data = Path(tempfile.mkdtemp(prefix="cutthroat-load-"))
    # (every client is on loopback: one address)
    with running_server(data, "--connections-per-address", str(max(24, clients + 8))) as (port, server):
        base = rss_mb(server.pid)
        results: dict = {"lobby": [], "repaint": [], "done": 0}
        start = asyncio.Event()
        tasks = [asyncio.ensure_future(one_client(port, i, timeout, start, results)) for i in range(clients)]
        began = time.monotonic()
        while len(results["lobby"]) < clients and time.monotonic() - began < timeout:
            if all(t.done() for t in tasks):
                break
            await asyncio.sleep(0.2)
        apps = descendants(server.pid)
        memory = {"server_mb": round(rss_mb(server.pid), 1), "server_idle_mb": round(base, 1),
                  "apps_mb": round(sum(rss_mb(p) for p in apps), 1), "app_processes": len(apps)}
        start.set()
        done = await asyncio.wait(tasks, timeout=timeout)
        failed = [t.exception() for t in done[0] if t.exception() is not None]
        for task in done[1]:
            task.cancel()
        lobby, repaint = results["lobby"], results["repaint"]
        return {
            "clients": clients, "in_lobby": len(lobby), "failed": len(failed) + len(done[1]),
            "errors": sorted({repr(e)[:80] for e in failed}),
            "seconds_to_lobby": {"median": round(statistics.median(lobby), 2) if lobby else None,
                                 "p95": round(pct(lobby, 0.95), 2), "max": round(max(lobby, default=0), 2)},
            "key_to_repaint_ms": {"median": round(statistics.median(repaint), 1) if repaint else None,
                                  "p95": round(pct(repaint, 0.95), 1), "max": round(max(repaint, default=0), 1),
                                  "keys": len(repaint)},
            "memory": {**memory, "per_connection_mb": round((memory["apps_mb"] + memory["server_mb"] - base)
                                                            / max(1, len(lobby)), 1)},
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--timeout", type=float, default=180.0)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(load(args.clients, args.timeout))))


if __name__ == "__main__":
    main()
