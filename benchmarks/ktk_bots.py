"""Kill The Kings bot strength and speed: N seeded games per level through the real engine.

    python benchmarks/ktk_bots.py [GAMES] [LEVEL ...]     # default 2000 games; random heuristic hard

One JSON line per level. Game g uses game seed g and bot seed g. Each seed is played once, in
Killer mode: every bot plays the same in both modes (`hard` aims at 7 points in both; a test
checks it), so the totals give the mean score, the Killer rate (≥ 7) and the Psycho rate (≥ 11).
Two worker processes share the games.
"""

from __future__ import annotations

import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cutthroat.bots import make_bot  # noqa: E402
from cutthroat.games.kill_the_kings.rules import RULES  # noqa: E402


def play(job: tuple[str, int, str]) -> tuple[int, float, float, int]:
    """One game: (total points, seconds spent choosing, slowest choice, number of choices)."""
    level, seed, mode = job
    state = RULES.new_game({"mode": mode}, seed=seed)
    bot = make_bot(RULES, level, seed=seed)
    spent = slowest = 0.0
    choices = 0
    while state.phase != "game_over":
        view = RULES.view(state)
        legal = RULES.legal_actions(state)
        start = time.perf_counter()
        action = bot.choose(view, legal)
        took = time.perf_counter() - start
        spent += took
        slowest = max(slowest, took)
        choices += 1
        RULES.apply(state, action)
    return state.total, spent, slowest, choices


def measure(level: str, games: int, pool: Pool) -> dict:
    start = time.perf_counter()
    killer = pool.map(play, [(level, g, "killer") for g in range(games)], chunksize=8)
    seconds = time.perf_counter() - start
    out = {
        "level": level,
        "games": games,
        "mean_score": round(sum(r[0] for r in killer) / games, 3),
        "killer_win_rate": round(sum(r[0] >= 7 for r in killer) / games, 4),
        "psycho_win_rate": round(sum(r[0] >= 11 for r in killer) / games, 4),
        "games_per_second": round(games / seconds, 1),
    }
    if level == "hard":
        out["decision_ms_mean"] = round(1000 * sum(r[1] for r in killer) / sum(r[3] for r in killer), 3)
        out["decision_ms_max"] = round(1000 * max(r[2] for r in killer), 1)
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    levels = sys.argv[2:] or ["random", "heuristic", "hard"]
    with Pool(2) as pool:
        for level in levels:
            print(json.dumps(measure(level, games, pool)), flush=True)


if __name__ == "__main__":
    main()
