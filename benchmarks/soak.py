"""Soak a game: `cutthroat simulate` over each of its setups (variants × player counts).

    python benchmarks/soak.py GAME [--games 10000] [--bots random] [--jobs 2]

GAME is one in `SETUPS` (Stab Your Friends, Psycho Killer; kyf_soak.py and ek_soak.py are the
older two games' own). Prints one line per setup (games, errors, games per second, moves a
game) and exits non-zero if any game erred. docs/testing.md ("Soak runs") records the latest run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

#: Per game: (name, variants, player counts).
SETUPS: dict[str, list[tuple[str, list[str], range]]] = {
    "stab-your-friends": [
        ("standard", [], range(2, 9)),
        ("royal-call-out=anyone", ["royal-call-out=anyone"], range(2, 9)),
    ],
    "psycho-killer": [  # each edition at every count; each variant (and all at once) at four
        ("edition 2", [], range(2, 7)),
        ("edition 1", ["edition=1"], range(2, 7)),
        ("upside-down", ["upside-down"], range(4, 5)),
        ("hold-your-nerve", ["hold-your-nerve"], range(4, 5)),
        ("quickie", ["quickie"], range(4, 5)),
        ("edition 1 + all three", ["edition=1", "upside-down", "hold-your-nerve", "quickie"], range(4, 5)),
    ],
}


def run(game: str, name: str, variants: list[str], players: int, games: int, bots: str) -> dict:
    cmd = [sys.executable, "-m", "cutthroat", "simulate", game, "--games", str(games),
           "--players", str(players), "--bots", bots, "--json"]
    for v in variants:
        cmd += ["--variant", v]
    out = subprocess.run(cmd, capture_output=True, text=True)
    report = json.loads(out.stdout)
    report["setup"] = name
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SETUPS))
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(name, variants, n) for name, variants, counts in SETUPS[args.game] for n in counts]
    errors = games = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run, args.game, name, variants, n, args.games, args.bots) for name, variants, n in jobs]
        for (name, _, n), future in zip(jobs, futures):
            r = future.result()
            errors += r["errors"]
            games += r["games"]
            print(f"{name:<22} {n} players: {r['games']} games, errors {r['errors']}, "
                  f"{r['games_per_second']} games/s, {r['mean_actions']} moves", flush=True)
    print(f"total: {games} games, {errors} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
