"""Fit a game's win model (its `bots.WIN_MODEL`: how the `hard` bot values a playout cut short)
from the game's heuristic playing itself.

    python benchmarks/win_model.py GAME [GAMES]      # default 1500 games of 4 heuristics

Plays 4-player games among heuristics (seeds 100000 on, the default setup), keeps one position
in twenty (any decision), labels it with the game's winner (shared wins left out), fits the
weights by gradient ascent on four fifths of the positions and prints them, with the held-out
log-likelihood beside the "all equal" model's.

Psycho Killer is fitted its own way (`fit_psycho_killer`, numpy): to the `hard` bot's playout
policy playing itself at 2 to 6 players, ties counted as shared wins, one row of weights for each
count of Psycho Killers still to come, and checked for calibration on held-out games.
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
    if game_id == "psycho-killer":
        fit_psycho_killer(int(sys.argv[2]) if len(sys.argv) > 2 else 2400)
        return
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



# --- Psycho Killer ---------------------------------------------------------------------------
PK_TRAIN_SEED = 200_000  # (held out: win_model.HELD_OUT_SEED on)


def pk_fit_row(data, ridge: float = 0.2):
    """Newton's method on the softmax's log-likelihood with shares as targets (a row's data)."""
    import numpy as np

    size = len(data[0][1][0])
    X = np.zeros((len(data), 6, size))
    Y = np.zeros((len(data), 6))
    M = np.zeros((len(data), 6), dtype=bool)
    for i, (_, fs, shares) in enumerate(data):
        X[i, :len(fs)] = fs
        Y[i, :len(fs)] = shares
        M[i, :len(fs)] = True
    w = np.zeros(size)
    for _ in range(30):
        s = np.where(M, X @ w, -np.inf)
        s -= s.max(axis=1, keepdims=True)
        P = np.exp(s)
        P /= P.sum(axis=1, keepdims=True)
        grad = np.einsum("iq,iqf->f", Y - P, X) - ridge * len(data) * w
        mean = np.einsum("iq,iqf->if", P, X)
        H = np.einsum("iq,iqf,iqg->fg", P, X, X) - np.einsum("if,ig->fg", mean, mean)
        step = np.linalg.solve(H + ridge * len(data) * np.eye(size), grad)
        w = w + step
        if np.abs(step).max() < 1e-7:
            break
    return [float(x) for x in w]


def fit_psycho_killer(games: int) -> None:
    from cutthroat.games.psycho_killer import win_model

    started = time.time()
    data = win_model.self_play(PK_TRAIN_SEED, games)
    held = win_model.self_play(win_model.HELD_OUT_SEED, max(1, games // 4))
    print(f"psycho-killer: {len(data)} positions from {games} games, {len(held)} held out from "
          f"{max(1, games // 4)}, {time.time() - started:.0f} s")
    weights = {}
    keys = sorted({d[0] for d in data})
    for key in keys:
        rows = [d for d in data if d[0] == key]
        weights[key] = pk_fit_row(rows)
        print(f"  {key[0]} players, {key[1]} to come ({len(rows)} positions): " + ", ".join(
            f"{name} {w:+.3f}" for name, w in zip(win_model.FEATURES, weights[key])))
    print("WEIGHTS = {")
    for key in keys:
        print(f"    {key}: ({', '.join(f'{w:.4f}' for w in weights[key])}),")
    print("}")
    report_calibration(held, weights)


def report_calibration(held, weights) -> None:
    from cutthroat.games.psycho_killer import win_model

    pairs = list(win_model.pairs(held, weights))
    base = [(1.0 / len(fs), y) for _, fs, shares in held for y in shares]
    print(f"held out: Brier {win_model.brier(pairs):.4f}; all equal {win_model.brier(base):.4f}; "
          f"base rate {sum(y for _, y in pairs) / len(pairs):.3f}")
    for p, y, k in win_model.reliability(pairs):
        print(f"  predicted {p:.3f}  observed {y:.3f}  ({k} seats)")
    for n in range(2, 7):
        sub = [(r, fs, s) for r, fs, s in held if len(fs) == n]
        if sub:
            ps = list(win_model.pairs(sub, weights))
            print(f"  {n} players: Brier {win_model.brier(ps):.4f} against {win_model.brier((1 / n, y) for _, y in ps):.4f}"
                  f" ({len(sub)} positions)")


if __name__ == "__main__":
    main()
