"""Exploding Kittens soak: `cutthroat simulate` with random bots over every recipe and player count.

    python benchmarks/ek_soak.py [GAMES]      (default 10,000 a setup; two at a time)

Prints one line per (recipe, players) and the total errors; exits non-zero if any game erred.
"""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from cutthroat.engine.registry import get_rules
from cutthroat.games.exploding_kittens.recipes import RECIPES


def setups() -> list[tuple[str, int]]:
    rules = get_rules("exploding-kittens")
    return [(rid, p) for rid in RECIPES if rid != "custom" for p in range(2, 6)
            if rules.setup_problem({**rules.default_config(), "recipe": rid}, p) is None]


def run(job: tuple[str, int], games: int) -> dict:
    rid, p = job
    out = subprocess.run([sys.executable, "-m", "cutthroat", "simulate", "exploding-kittens", "--games", str(games),
                          "--players", str(p), "--bots", "random", "--variant", f"recipe={rid}", "--json"],
                         capture_output=True, text=True)
    return json.loads(out.stdout)


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    jobs = setups()
    errors = total = 0
    with ThreadPoolExecutor(2) as pool:
        for (rid, p), r in zip(jobs, pool.map(lambda j: run(j, games), jobs)):
            errors += r["errors"]
            total += r["games"]
            print(f"{rid:<22} {p} players: {r['games']} games, errors {r['errors']}, "
                  f"{r['games_per_second']} games/s", flush=True)
    print(f"{len(jobs)} setups, {total} games, total errors: {errors}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
