"""`cutthroat serve` under load, on loopback only, bounded in count and time.

    python benchmarks/serve_load.py [--clients 50] [--timeout 180] [--no-zygote | --compare]

Starts a server on a free loopback port with a fresh data folder (its apps forked by its zygote,
or with `--no-zygote` each a plain start-up; `--compare`: both, the plain one first as the
yardstick, in the same run), waits for it to be ready, then:

- alone: three sessions one after another, each timed from connecting to its painted title;
- fifty: `--clients` ssh sessions opened at once (asyncssh clients, each a PTY at 80×24, each its
  own key: its own player). Each waits for its title screen, opens the lobby, gives its name and
  waits for the lobby (seconds to the lobby);
- typing: with all of them in the lobby, key-to-repaint (a key to the repaint that shows it:
  screen bytes with the prompt's question, or the lobby's footer back) as the lobby's
  join-by-code prompt is opened and shut (`c`, Esc), a key at a time: one client
  typing (the rest idle), then 10 typing at once, then all of them (a key whose repaint does not
  come in 20 s is counted lost);
- CPU: the apps' and the server's per session to the lobby, and per key while typing;
- memory: the proportional set size (PSS, /proc/PID/smaps_rollup) of every process under the
  server (its zygote and the apps), and the server's own growth, per connection; RSS beside it.

Prints one JSON object (with `--compare`: {"plain": ..., "zygote": ...}). Ends every session and
the server itself.
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
    the block ends (then SIGTERM, and a kill if it won't stop): its port and its process, once it
    listens and (unless `--no-zygote`) its zygote is ready. (--allow-root: a sandbox or CI may
    run as root.)"""
    port = free_port()
    log = (data / "serve.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "cutthroat", "serve", "--port", str(port), "--data", str(data),
                               "--allow-root", *flags],
                              stdout=subprocess.DEVNULL, stderr=log, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        words = ("listening on",) + (() if "--no-zygote" in flags else ("the zygote is ready",))
        for _ in range(600):
            text = (data / "serve.log").read_text()
            if all(w in text for w in words) or "the zygote (pid" in text:
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


def pss_mb(pid: int, field: str = "Pss") -> float:
    """A figure of /proc/PID/smaps_rollup (Pss: the process's share of the pages it maps), in MB."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time a process has used so far (its own, not its children's)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


KEY_SECONDS = 20.0  # a key whose repaint does not come in this long is counted lost
#: The keys typed, each with words its repaint shows: the code prompt opened (its question), then
#: shut (the lobby's footer back: the prompt's own covers it).
KEYS = ((b"c", b"table's code"), (b"\x1b", b"new table"))
PHASES = (("idle", 1, 12), ("ten_typing", 10, 6), ("all_typing", None, 6))  # (name, typists, keys each)


async def connect(port: int, index: int):
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519")
    return await asyncssh.connect("127.0.0.1", port=port, username=f"p{index}", client_keys=[key],
                                  known_hosts=None)


async def session(conn, player: "Player"):
    writer, reader, _ = await conn.open_session(term_type="xterm-256color", term_size=(80, 24), encoding=None)

    async def pump() -> None:
        while True:
            data = await reader.read(65536)
            if not data:
                return
            player.feed(data)

    return writer, asyncio.ensure_future(pump())


async def alone(port: int, index: int, timeout: float) -> float:
    """One session by itself: seconds from connecting to its painted title."""
    player = Player()
    began = time.monotonic()
    async with await connect(port, index) as conn:
        writer, task = await session(conn, player)
        try:
            await player.wait_for(b"the lobby", timeout)
            return time.monotonic() - began
        finally:
            writer.close()
            task.cancel()


async def one_client(port: int, index: int, timeout: float, phases: list[asyncio.Event], end: asyncio.Event,
                     results: dict) -> None:
    player = Player()
    began = time.monotonic()
    async with await connect(port, index) as conn:
        writer, task = await session(conn, player)
        try:
            await player.wait_for(b"the lobby", timeout)
            writer.write(b"\r")
            await player.wait_for(b"Your name", timeout)
            writer.write(f"P{index}\r".encode())
            await player.wait_for(b"you are P", timeout)
            results["lobby"].append(time.monotonic() - began)
            for (name, typists, keys), go in zip(PHASES, phases):
                await go.wait()  # everyone in the lobby: now the keys
                if typists is not None and index >= typists:
                    continue
                for n in range(keys):  # the code prompt, open and shut
                    await asyncio.sleep(0.3)
                    mark = len(player.seen)
                    sent = time.monotonic()
                    key, shows = KEYS[n % 2]
                    writer.write(key)
                    try:  # (until the repaint that shows the key's effect: not any bytes, a cursor's blink)
                        while shows not in player.seen[mark:]:
                            player.changed.clear()
                            await asyncio.wait_for(player.changed.wait(), KEY_SECONDS)
                    except asyncio.TimeoutError:  # (no repaint at all: counted, and the next key)
                        results["lost"][name] += 1
                        continue
                    results["repaint"][name].append((time.monotonic() - sent) * 1000)
                await asyncio.sleep(0.3)  # (the prompt's last repaint out of the way)
                results["typed"][name] += 1
            results["done"] += 1
            await end.wait()
        finally:
            task.cancel()


def _ms(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 1) if values else None, "p95": round(pct(values, 0.95), 1),
            "max": round(max(values, default=0), 1), "keys": len(values)}


async def load(clients: int, timeout: float, zygote: bool = True) -> dict:
    data = Path(tempfile.mkdtemp(prefix="cutthroat-load-"))
    # (every client is on loopback: one address)
    flags = ["--connections-per-address", str(max(24, clients + 8))] + ([] if zygote else ["--no-zygote"])
    with running_server(data, *flags) as (port, server):
        base = rss_mb(server.pid)
        base_pss = pss_mb(server.pid)
        title = [await alone(port, 1000 + i, timeout) for i in range(3)]
        results: dict = {"lobby": [], "repaint": {name: [] for name, _, _ in PHASES},
                         "typed": {name: 0 for name, _, _ in PHASES},
                         "lost": {name: 0 for name, _, _ in PHASES}, "done": 0}
        phases = [asyncio.Event() for _ in PHASES]
        end = asyncio.Event()
        server_cpu, own_cpu = cpu_seconds(server.pid), time.process_time()
        before = {pid: cpu_seconds(pid) for pid in descendants(server.pid)}
        tasks = [asyncio.ensure_future(one_client(port, i, timeout, phases, end, results)) for i in range(clients)]
        began = time.monotonic()
        while len(results["lobby"]) < clients and time.monotonic() - began < timeout:
            if all(t.done() for t in tasks):
                break
            await asyncio.sleep(0.2)
        apps = descendants(server.pid)
        cpu = {"server": round(cpu_seconds(server.pid) - server_cpu, 1),
               "apps": round(sum(cpu_seconds(p) - before.get(p, 0.0) for p in apps), 1),
               "clients": round(time.process_time() - own_cpu, 1), "wall": round(time.monotonic() - began, 1)}
        memory = {"server_mb": round(rss_mb(server.pid), 1), "server_idle_mb": round(base, 1),
                  "apps_mb": round(sum(rss_mb(p) for p in apps), 1), "app_processes": len(apps),
                  "server_pss_mb": round(pss_mb(server.pid), 1), "server_idle_pss_mb": round(base_pss, 1),
                  "apps_pss_mb": round(sum(pss_mb(p) for p in apps), 1),
                  # (an app's own pages: what it wrote, of its parent's or its own)
                  "app_private_mb_median": round(
                      statistics.median([pss_mb(p, "Private_Dirty") for p in apps] or [0]), 1)}
        in_lobby = len(results["lobby"])
        typing_from = {pid: cpu_seconds(pid) for pid in apps}
        server_typing_from = cpu_seconds(server.pid)
        for (name, typists, _), go in zip(PHASES, phases):
            go.set()
            wanted = min(in_lobby, typists or in_lobby)
            phase_end = time.monotonic() + timeout
            while results["typed"][name] < wanted and time.monotonic() < phase_end:
                if all(t.done() for t in tasks):
                    break
                await asyncio.sleep(0.1)
        keys_typed = max(1, sum(len(v) for v in results["repaint"].values()))
        apps_typing = sum(cpu_seconds(p) - c for p, c in typing_from.items())
        typing_cpu = {"app_ms_per_key": round(apps_typing * 1000 / keys_typed, 1),
                      "server_ms_per_key": round((cpu_seconds(server.pid) - server_typing_from) * 1000 / keys_typed, 1),
                      "keys": keys_typed}
        end.set()
        done = await asyncio.wait(tasks, timeout=timeout)
        failed = [t.exception() for t in done[0] if t.exception() is not None]
        for task in done[1]:
            task.cancel()
        lobby, repaint = results["lobby"], results["repaint"]
        return {
            "zygote": zygote, "clients": clients, "in_lobby": in_lobby, "failed": len(failed) + len(done[1]),
            "errors": sorted({repr(e)[:80] for e in failed}),
            "alone_seconds_to_title": {"median": round(statistics.median(title), 3),
                                       "all": [round(t, 3) for t in title]},
            "seconds_to_lobby": {"median": round(statistics.median(lobby), 2) if lobby else None,
                                 "p95": round(pct(lobby, 0.95), 2), "max": round(max(lobby, default=0), 2)},
            "cpu_seconds_to_lobby": cpu,
            "cpu_per_session_ms": {"apps": round(cpu["apps"] * 1000 / max(1, in_lobby)),
                                   "server": round(cpu["server"] * 1000 / max(1, in_lobby))},
            "cpu_typing": typing_cpu,  # (the lobby's code prompt opened and shut: CPU per key)
            "key_to_repaint_ms": _ms(repaint["all_typing"]),  # (all typing: as before)
            "key_to_repaint_by_typists_ms": {name: {**_ms(values), "lost": results["lost"][name]}
                                             for name, values in repaint.items()},
            "memory": {**memory,
                       "per_connection_mb": round((memory["apps_mb"] + memory["server_mb"] - base)
                                                  / max(1, in_lobby), 1),
                       "pss_per_connection_mb": round((memory["apps_pss_mb"] + memory["server_pss_mb"] - base_pss)
                                                      / max(1, in_lobby), 1)},
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--timeout", type=float, default=180.0)
    parser.add_argument("--no-zygote", action="store_true", help="every app a plain start-up")
    parser.add_argument("--compare", action="store_true", help="plain start-ups (the yardstick), then the zygote")
    args = parser.parse_args()
    if args.compare:
        figures = {"plain": asyncio.run(load(args.clients, args.timeout, zygote=False)),
                   "zygote": asyncio.run(load(args.clients, args.timeout, zygote=True))}
    else:
        figures = asyncio.run(load(args.clients, args.timeout, zygote=not args.no_zygote))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
