"""The web door (`cutthroat serve --web-port`) under load, on loopback only, bounded in count and
time: the same figures as `serve_load.py` gives for the ssh door, beside them.

    python benchmarks/serve_web_load.py [--tabs 10 50] [--timeout 180] [--no-zygote | --compare]

For each count of tabs: a server on free loopback ports with a fresh data folder (its apps forked
by its zygote, or with `--no-zygote` each a plain start-up; `--compare`: both, the plain one
first as the yardstick, in the same run); that many browser tabs at once (aiohttp clients, each
its own cookie: its own player), each loading the page, opening its websocket at 80×24 and
waiting for the title. Prints one JSON object a count and way: tabs that got their title,
seconds from the page request to the first screen bytes and to the title (median, p95, max),
the CPU seconds the apps (and the zygote) and the server spent to get there, and memory (the
server's RSS, the app processes' RSS in all and per session, and PSS from
/proc/PID/smaps_rollup: the apps', the zygote's and the server's growth, per session, in MB).
Ends every session and the server itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_load import cpu_seconds, descendants, free_port, pct, pss_mb, rss_mb, running_server  # noqa: E402

CSI = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]")
TITLE = b"Play with friends on this server"


async def one_tab(url: str, timeout: float, results: dict, hold: asyncio.Event) -> None:
    import aiohttp

    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        began = time.monotonic()
        async with session.get(url + "/") as response:
            await response.text()
        async with session.ws_connect(url + "/ws?width=80&height=24", headers={"Origin": url}) as ws:
            seen = b""
            first = None
            while TITLE not in CSI.sub(b"", seen):
                message = await ws.receive(timeout=timeout)
                if message.type != aiohttp.WSMsgType.BINARY:
                    raise RuntimeError(f"closed before the title ({message.type})")
                if first is None:
                    first = time.monotonic() - began
                seen += message.data
            results["first"].append(first)
            results["title"].append(time.monotonic() - began)
            await hold.wait()


def figures(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 2) if values else None,
            "p95": round(pct(values, 0.95), 2), "max": round(max(values, default=0), 2)}


async def load(tabs: int, timeout: float, zygote: bool = True) -> dict:
    data = Path(tempfile.mkdtemp(prefix="cutthroat-web-load-"))
    web_port = free_port()
    flags = ("--web-port", str(web_port), "--connections-per-address", str(max(24, tabs + 8)),
             "--total-connections", str(max(64, tabs + 8)), "--web-sessions-per-minute", str(tabs + 8),
             *(() if zygote else ("--no-zygote",)))
    with running_server(data, *flags) as (_, server):
        base, base_pss = rss_mb(server.pid), pss_mb(server.pid)
        server_cpu = cpu_seconds(server.pid)
        before = {pid: cpu_seconds(pid) for pid in descendants(server.pid)}  # (the zygote's start-up: not counted)
        url = f"http://127.0.0.1:{web_port}"
        results: dict = {"first": [], "title": []}
        hold = asyncio.Event()
        tasks = [asyncio.ensure_future(one_tab(url, timeout, results, hold)) for _ in range(tabs)]
        began = time.monotonic()
        while len(results["title"]) < tabs and time.monotonic() - began < timeout:
            if all(task.done() for task in tasks):
                break
            await asyncio.sleep(0.2)
        wall = time.monotonic() - began
        apps = descendants(server.pid)
        cpu = {"server": round(cpu_seconds(server.pid) - server_cpu, 1),
               "apps": round(sum(cpu_seconds(pid) - before.get(pid, 0.0) for pid in apps), 1), "wall": round(wall, 1)}
        memory = {"server_mb": round(rss_mb(server.pid), 1), "server_idle_mb": round(base, 1),
                  "apps_mb": round(sum(rss_mb(pid) for pid in apps), 1), "app_processes": len(apps),
                  "server_pss_mb": round(pss_mb(server.pid), 1), "apps_pss_mb": round(sum(map(pss_mb, apps)), 1)}
        hold.set()
        done, pending = await asyncio.wait(tasks, timeout=30)
        failed = [task.exception() for task in done if task.exception() is not None]
        for task in pending:
            task.cancel()
        titled = len(results["title"])
        return {
            "door": "web", "zygote": zygote, "tabs": tabs, "got_title": titled, "failed": len(failed) + len(pending),
            "errors": sorted({repr(error)[:80] for error in failed}),
            "seconds_to_first_bytes": figures(results["first"]), "seconds_to_title": figures(results["title"]),
            "cpu_seconds_to_title": cpu,
            "cpu_per_session_ms": {"apps": round(cpu["apps"] * 1000 / max(1, titled)),
                                   "server": round(cpu["server"] * 1000 / max(1, titled))},
            "memory": {**memory, "per_session_mb": round((memory["apps_mb"] + memory["server_mb"] - base)
                                                         / max(1, titled), 1),
                       "pss_per_session_mb": round((memory["apps_pss_mb"] + memory["server_pss_mb"] - base_pss)
                                                   / max(1, titled), 1)},
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, nargs="+", default=[10, 50])
    parser.add_argument("--timeout", type=float, default=180.0)
    parser.add_argument("--no-zygote", action="store_true", help="every app a plain start-up")
    parser.add_argument("--compare", action="store_true", help="plain start-ups (the yardstick), then the zygote")
    args = parser.parse_args()
    ways = (False, True) if args.compare else (not args.no_zygote,)
    for tabs in args.tabs:
        for zygote in ways:
            print(json.dumps(asyncio.run(load(tabs, args.timeout, zygote))), flush=True)


if __name__ == "__main__":
    main()
