"""The web door (`cutthroat serve --web-port`) under load, on loopback only, bounded in count and
time: the same figures as `serve_load.py` gives for the ssh door, beside them.

    python benchmarks/serve_web_load.py [--tabs 10 50] [--timeout 180]

For each count of tabs: a server on free loopback ports with a fresh data folder; that many
browser tabs at once (aiohttp clients, each its own cookie: its own player), each loading the
page, opening its websocket at 80×24 and waiting for the title. Prints one JSON object a count:
tabs that got their title, seconds from the page request to the first screen bytes and to the
title (median, p95, max), and memory (the server's RSS, the app processes' RSS in all and per
session, in MB). Ends every session and the server itself.
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
from serve_load import descendants, free_port, pct, rss_mb, running_server  # noqa: E402

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


async def load(tabs: int, timeout: float) -> dict:
    data = Path(tempfile.mkdtemp(prefix="cutthroat-web-load-"))
    web_port = free_port()
    flags = ("--web-port", str(web_port), "--connections-per-address", str(max(24, tabs + 8)),
             "--total-connections", str(max(64, tabs + 8)), "--web-sessions-per-minute", str(tabs + 8))
    with running_server(data, *flags) as (_, server):
        base = rss_mb(server.pid)
        url = f"http://127.0.0.1:{web_port}"
        results: dict = {"first": [], "title": []}
        hold = asyncio.Event()
        tasks = [asyncio.ensure_future(one_tab(url, timeout, results, hold)) for _ in range(tabs)]
        began = time.monotonic()
        while len(results["title"]) < tabs and time.monotonic() - began < timeout:
            if all(task.done() for task in tasks):
                break
            await asyncio.sleep(0.2)
        apps = descendants(server.pid)
        memory = {"server_mb": round(rss_mb(server.pid), 1), "server_idle_mb": round(base, 1),
                  "apps_mb": round(sum(rss_mb(pid) for pid in apps), 1), "app_processes": len(apps)}
        hold.set()
        done, pending = await asyncio.wait(tasks, timeout=30)
        failed = [task.exception() for task in done if task.exception() is not None]
        for task in pending:
            task.cancel()
        titled = len(results["title"])
        return {
            "door": "web", "tabs": tabs, "got_title": titled, "failed": len(failed) + len(pending),
            "errors": sorted({repr(error)[:80] for error in failed}),
            "seconds_to_first_bytes": figures(results["first"]), "seconds_to_title": figures(results["title"]),
            "memory": {**memory, "per_session_mb": round((memory["apps_mb"] + memory["server_mb"] - base)
                                                         / max(1, titled), 1)},
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, nargs="+", default=[10, 50])
    parser.add_argument("--timeout", type=float, default=180.0)
    args = parser.parse_args()
    for tabs in args.tabs:
        print(json.dumps(asyncio.run(load(tabs, args.timeout))), flush=True)


if __name__ == "__main__":
    main()
