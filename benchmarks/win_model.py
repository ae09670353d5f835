"""Fit a game's win model (its `bots.WIN_MODEL`: how the `hard` bot values a playout cut short)
from the game's heuristic playing itself.

    python benchmarks/win_model.py GAME [GAMES]      # default 1500 games of 4 heuristics

Plays 4-player games among heuristics (seeds 100000 on, the default setup), keeps one position
in twenty (any decision), labels it with the game's winner (shared wins left out), fits the
weights by gradient ascent on four fifths of the positions and prints them, with the held-out
log-likelihood beside the "all equal" model's.
"""

from __future__ import annotations

import importlib
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cutthroat.bots import make_bot  # noqa: E402
from cutthroat.engine.registry import game_info, get_rules  # noqa: E402

RATE = 0.05


def positions(game_id: str, model, games: int) -> list[tuple[list, int]]:
    rules = get_rules(game_id)
    rng = random.Random(1)
    data = []
    for g in range(games):
        bots = [make_bot(rules, "heuristic", seed=g * 10 + q) for q in range(4)]
        state = rules.new_game({}, 100000 + g, 4)
        kept = []
        while rules.to_act(state):
            if rng.random() < RATE:
                kept.append([(q, tuple(map(float, model.features(state, q, place))))
                             for place, q in enumerate(model.seats_in(state))])
            seat = rules.to_act(state)[0]
            legal = rules.legal_actions(state, seat)
            rules.apply(state, bots[seat].choose(rules.view(state, seat), legal), seat)
        winners = rules.result(state).winners
        if len(winners) == 1:
            data += [(seats, winners[0]) for seats in kept if len(seats) > 1]
    return data


def log_likelihood(weights, data) -> float:
    total = 0.0
    for seats, winner in data:
        scores = {q: sum(w * f for w, f in zip(weights, fs)) for q, fs in seats}
        top = max(scores.values())
        total += scores[winner] - top - math.log(sum(math.exp(s - top) for s in scores.values()))
    return total / len(data)


def gradient(weights, data) -> list[float]:
    grad = [0.0] * len(weights)
    for seats, winner in data:
        scores = [sum(w * f for w, f in zip(weights, fs)) for _, fs in seats]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        z = sum(exps)
        for (q, fs), e in zip(seats, exps):
            err = (q == winner) - e / z
            for j, f in enumerate(fs):
                grad[j] += err * f
    return [g / len(data) for g in grad]


def fit(data, size: int, steps: int = 300, rate: float = 0.5) -> list[float]:
    """Gradient ascent; a step that would lower the likelihood is halved until it doesn't
    (features on a large scale, like injury points, overshoot at the first rate)."""
    weights = [0.0] * size
    current = log_likelihood(weights, data)
    for _ in range(steps):
        grad = gradient(weights, data)
        while True:
            trial = [w + rate * g for w, g in zip(weights, grad)]
            value = log_likelihood(trial, data)
            if value >= current or rate < 1e-6:
                break
            rate /= 2
        weights, current = trial, value
    return weights


def main() -> None:
    game_id = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1500
    model = importlib.import_module(game_info(game_id).package + ".bots").WIN_MODEL
    started = time.time()
    data = positions(game_id, model, games)
    cut = len(data) * 4 // 5
    weights = fit(data[:cut], len(model.names))
    held = data[cut:]
    uniform = sum(-math.log(len(seats)) for seats, _ in held) / len(held)
    print(f"{game_id}: {len(data)} positions from {games} games, {time.time() - started:.0f} s")
    for name, w in zip(model.names, weights):
        print(f"  {name:22} {w:+.3f}")
    print(f"weights: ({', '.join(f'{w:.3f}' for w in weights)})")
    print(f"held out: {log_likelihood(weights, held):.3f} nats a position; all equal: {uniform:.3f}")


if __name__ == "__main__":
    main()
