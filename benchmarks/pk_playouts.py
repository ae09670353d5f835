"""Psycho Killer `hard`: how its whole-game playouts end, measured against three heuristics.

    python benchmarks/pk_playouts.py [GAMES] [THINK_MS] [ARM ...]   # default 300 games, 50 ms, cap end

Arms: `cap` (as it played until 2026-12-03: a playout stopped after `WHOLE_GAME` moves and counted
a win for each seat then leading on the scores), `end` (as it plays: playouts play on to the
game's own end) and `model` (stopped at the same cap, valued by the calibrated win model,
`games/psycho_killer/win_model.py`). The `hard` bot sits in
seat g % 4 of game g (seeds 0..GAMES-1, the same in every arm), three `heuristic`s in the others,
4 players. One JSON line per arm: win rate with one standard error, decision times (mean, p95,
where more than one move was legal), and how many of its playouts reached the cap. Two worker
processes; the decision times are wall clock, so compare arms run together.
"""

from __future__ import annotations

import json
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cutthroat.bots import make_bot  # noqa: E402
from cutthroat.bots.search import WHOLE_GAME  # noqa: E402
from cutthroat.games.psycho_killer import win_model  # noqa: E402
from cutthroat.games.psycho_killer.bots import _hard  # noqa: E402
from cutthroat.games.psycho_killer.rules import RULES  # noqa: E402
from cutthroat.games.psycho_killer.state import score_key  # noqa: E402


def score_lead(state, seat: int) -> float:
    """The old value of a playout cut short: a win if the seat leads on the scores now."""
    best = min(score_key(state, q) for q in range(state.n))
    return 1.0 if score_key(state, seat) == best else 0.0


def hard_bot(arm: str, seed: int, think_ms: int, counts: list[int]):
    def counted(value):
        def evaluate(state, seat):
            counts[0] += 1
            return value(state, seat)
        return evaluate

    if arm == "end":
        return _hard(RULES, seed, think_ms, evaluate=counted(score_lead))  # (never reached)
    if arm == "model":
        return _hard(RULES, seed, think_ms, max_depth=WHOLE_GAME, evaluate=counted(win_model.chance))
    return _hard(RULES, seed, think_ms, max_depth=WHOLE_GAME, evaluate=counted(score_lead))


def play(job: tuple[str, int, int]) -> tuple[float, list[float], int, int]:
    arm, g, think_ms = job
    seat = g % 4
    counts = [0]
    bots = [make_bot(RULES, "heuristic", seed=g * 10 + q) for q in range(4)]
    bots[seat] = hard = hard_bot(arm, g, think_ms, counts)
    played = [0]
    play_from = hard._play_from

    def counting(*args):
        played[0] += 1
        return play_from(*args)

    hard._play_from = counting
    state = RULES.new_game({}, g, 4)
    times = []
    while RULES.to_act(state):
        p = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, p)
        view = RULES.view(state, p)
        began = time.perf_counter()
        action = bots[p].choose(view, legal)
        if p == seat and len(legal) > 1:
            times.append((time.perf_counter() - began) * 1000)
        RULES.apply(state, action, p)
    winners = RULES.result(state).winners
    return (1 / len(winners) if seat in winners else 0.0), times, counts[0], played[0]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    think_ms = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    arms = sys.argv[3:] or ["cap", "end"]
    for arm in arms:
        began = time.time()
        with Pool(2) as pool:
            rows = pool.map(play, [(arm, g, think_ms) for g in range(games)], chunksize=4)
        rate = sum(r[0] for r in rows) / games
        times = sorted(t for r in rows for t in r[1])
        print(json.dumps({
            "arm": arm, "games": games, "think_ms": think_ms, "win_rate": round(100 * rate, 1),
            "se": round(100 * math.sqrt(rate * (1 - rate) / games), 1),
            "wins": [r[0] for r in rows],
            "decision_ms": {"n": len(times), "mean": round(sum(times) / len(times), 1),
                            "p95": round(times[int(0.95 * len(times))], 1), "max": round(times[-1], 1)},
            "playouts": sum(r[3] for r in rows), "capped": sum(r[2] for r in rows),
            "seconds": round(time.time() - began)}), flush=True)


if __name__ == "__main__":
    main()
