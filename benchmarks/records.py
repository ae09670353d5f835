"""Records opening with a long history: 10,000 finished games (every game in turn, Kill The Kings
most), measured in a running app at 80×24 beside the title screen's own open-and-paint on the
same app, in turns (the median of each, and the median ratio).

    python benchmarks/records.py [--games N] [--runs N]
"""

from __future__ import annotations

import argparse
import gc
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

MULTI = ("exploding-kittens", "kill-your-friends", "stab-your-friends", "psycho-killer")


def fill(count: int) -> None:
    """`count` finished games in the player's history (CUTTHROAT_SAVE_DIR), one every two hours up
    to now: two in three of Kill The Kings (both modes), the rest multi-player against heuristic
    and hard bots."""
    from cutthroat import paths
    from cutthroat.history.model import FinishedGame, Seat
    from cutthroat.history.store import History

    now = datetime.now(timezone.utc)
    history = History.open(paths.history_path(), keep=True)
    history._db.execute("PRAGMA synchronous=OFF")  # (building the fixture: no fsync per game)
    for i in range(count):
        when = now - timedelta(hours=2 * (count - i))  # (one every two hours: 10,000 over two years)
        if i % 3:
            score = (i * 7) % 16
            mode = "psycho" if i % 4 == 3 else "killer"
            game = FinishedGame("kill-the-kings", {"mode": mode}, (Seat("You", "human"),), (0,),
                                {"winners": [0] if score >= {"killer": 7, "psycho": 11}[mode] else [],
                                 "placements": [1], "scores": [score], "summary": f"{score} points",
                                 "details": {"round_points": [1, 3, 6][: 1 + i % 3]}},
                                when, game_id=f"bench-{i}", moves=60, duration_s=300.0)
        else:
            winner = i % 4
            seats = (Seat("Ana", "human"), Seat("Rex", "bot", "heuristic"), Seat("Mia", "bot", "hard"),
                     Seat("Zed", "bot", "heuristic"))
            game = FinishedGame(MULTI[i % 4], {}, seats, (0,),
                                {"winners": [winner], "placements": [1 if q == winner else 2 + (q > winner) for q in range(4)],
                                 "scores": [0, 0, 0, 0], "summary": "", "details": {}},
                                when, game_id=f"bench-{i}", moves=120, duration_s=600.0)
        history.record(game)
    history.close()


async def measure(runs: int) -> dict:
    """Seconds from pushing a screen to its first paint (mounted, laid out, drawn): the title, and
    Records on Kill The Kings, in turns. Records' first open in an app is timed apart, to its paint
    and to its figures on screen (the same moment: it reads each game's light row, kept beside it,
    not the games)."""
    from cutthroat.tui.app import CutthroatApp
    from cutthroat.tui.screens.records import RecordsScreen
    from cutthroat.tui.screens.title import TitleScreen

    async def paint(pilot) -> None:
        """Every message queued so far handled, then the screen drawn (`pilot.pause` would also
        wait for the process to be idle: never, while a thread reads)."""
        await pilot._wait_for_screen()
        pilot.app.screen._on_timer_update()

    async def opened(pilot, screen, then=None) -> tuple[float, float, float]:
        """(seconds to the first paint, to `then`, and the process's CPU seconds to the first
        paint: on a shared machine, the work itself beside the waiting)."""
        start, cpu = time.perf_counter(), time.process_time()
        await pilot.app.push_screen(screen)  # (mounted)
        await paint(pilot)  # (laid out and painted)
        painted, used = time.perf_counter() - start, time.process_time() - cpu
        while then is not None and not then(screen):
            await pilot.pause(0.005)
        done = time.perf_counter() - start
        pilot.app.pop_screen()
        await pilot.pause()
        return painted, done, used

    app = CutthroatApp()
    records, titles = [], []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # (the title's read ahead: a player's R comes later)
        first_paint, first_figures, first_cpu = await opened(
            pilot, RecordsScreen("kill-the-kings"),
            then=lambda screen: "Games " in str(screen.query_one("#records-figures").render()))
        for _ in range(runs):
            titles.append(await opened(pilot, TitleScreen()))
            records.append(await opened(pilot, RecordsScreen("kill-the-kings")))
    ratios = [r[0] / t[0] for r, t in zip(records, titles)]
    return {"records_ms": round(1000 * statistics.median(r[0] for r in records), 1),
            "title_ms": round(1000 * statistics.median(t[0] for t in titles), 1),
            "ratio_to_title": round(statistics.median(ratios), 2),
            "ratios_range": [round(min(ratios), 2), round(max(ratios), 2)],
            "records_cpu_ms": round(1000 * statistics.median(r[2] for r in records), 1),
            "title_cpu_ms": round(1000 * statistics.median(t[2] for t in titles), 1),
            "first_open_paint_ms": round(1000 * first_paint, 1),
            "first_open_figures_ms": round(1000 * first_figures, 1),
            "first_open_cpu_ms": round(1000 * first_cpu, 1)}


def records_figures(games: int = 10_000, runs: int = 9) -> dict:
    """The figures with `games` in the history, and Records' first open with 10 (what an app's
    first open of the screen costs whatever the history holds)."""
    figures = _figures(games, runs)
    if games > 10:  # (in a process of its own, as cold as this one was)
        out = subprocess.run([sys.executable, __file__, "--games", "10", "--runs", "1"], capture_output=True,
                             text=True, check=True).stdout
        few = json.loads(out)
        figures["first_open_with_10_games_ms"] = few["first_open_figures_ms"]
        figures["first_open_with_10_games_cpu_ms"] = few["first_open_cpu_ms"]
    return figures


def _figures(games: int, runs: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        saved = {k: os.environ.get(k) for k in ("CUTTHROAT_SAVE_DIR", "CUTTHROAT_CONFIG_DIR")}
        os.environ["CUTTHROAT_SAVE_DIR"] = str(Path(tmp) / "saves")
        os.environ["CUTTHROAT_CONFIG_DIR"] = str(Path(tmp) / "config")
        try:
            start = time.perf_counter()
            fill(games)
            built = time.perf_counter() - start
            gc.collect()  # (the fixture's leftovers: an app never builds its history in its own process)
            figures = asyncio.run(measure(runs))
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    return {"games": games, **figures, "history_built_s": round(built, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    print(json.dumps({"figure": "records_open", **records_figures(args.games, args.runs)}))


if __name__ == "__main__":
    main()
