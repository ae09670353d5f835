"""Kill Your Friends soak: `cutthroat simulate` over every variant and player count.

    python benchmarks/kyf_soak.py [--games 10000] [--bots random] [--jobs 2]

Prints one line per setup (games, errors, games per second, how games were won) and exits
non-zero if any game erred. docs/testing.md ("Soak runs") records the latest run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

SETUPS: list[tuple[str, list[str], range]] = [
    ("standard", [], range(2, 7)),
    ("sudden-death", ["sudden-death"], range(2, 9)),
    ("kill-joy=remove", ["kill-joy=remove"], range(2, 7)),
    ("kill-joy=once", ["kill-joy=once"], range(2, 7)),
    ("co-op", ["co-op"], range(4, 7, 2)),
    ("co-op + sudden-death", ["co-op", "sudden-death"], range(4, 9, 2)),
    ("head-hunter=5", ["head-hunter=5"], range(2, 7)),
]


def run(name: str, variants: list[str], players: int, games: int, bots: str) -> dict:
    cmd = [sys.executable, "-m", "cutthroat", "simulate", "kill-your-friends", "--games", str(games),
           "--players", str(players), "--bots", bots, "--json"]
    for v in variants:
        cmd += ["--variant", v]
    out = subprocess.run(cmd, capture_output=True, text=True)
    report = json.loads(out.stdout)
    report["setup"] = name
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(name, variants, n) for name, variants, counts in SETUPS for n in counts]
    errors = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run, name, variants, n, args.games, args.bots) for name, variants, n in jobs]
        for (name, _, n), future in zip(jobs, futures):
            r = future.result()
            errors += r["errors"]
            print(f"{name:<22} {n} players: {r['games']} games, errors {r['errors']}, "
                  f"{r['games_per_second']} games/s, {r['mean_actions']} moves, won by {r['won_by']}",
                  flush=True)
    print(f"total errors: {errors}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
