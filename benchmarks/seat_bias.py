"""Per-seat win rates of a game's bots playing themselves: does any seat number get picked on?

    python benchmarks/seat_bias.py GAME [GAMES] [POLICY] [FIRST_SEED]   # default 1000, heuristic, 300000

POLICY is `heuristic` (the `heuristic` bot in every seat, reading its view) or `playout` (the
policy the `hard` bot's playouts use, on the full state, as in a playout). 4 players, the
default setup, game g on seed FIRST_SEED + g (the rules pick who starts), bot seeds g * 10 + seat.
A shared win counts 1/k for each of its k winners. Prints each seat's win rate with one
standard error (binomial, from the game count) and the spread's chi-square against "all
equal" (3 degrees of freedom: above 7.8 is a bias at the 5% level). Two worker processes.
"""

from __future__ import annotations

import importlib
import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cutthroat.bots import make_bot  # noqa: E402
from cutthroat.engine.registry import game_info, get_rules  # noqa: E402

PLAYERS = 4
FIRST_SEED = 300000

#: Each game's playout policy: (module, the rollout function's name).
ROLLOUTS = {
    "exploding-kittens": ("exploding_kittens", "heuristic_rollout"),
    "kill-your-friends": ("kill_your_friends", "heuristic_rollout"),
    "stab-your-friends": ("stab_your_friends", "_rollout"),
    "psycho-killer": ("psycho_killer", "_rollout"),
}


def play(job: tuple[str, str, int, int]) -> tuple[float, ...]:
    game, policy, g, first = job
    rules = get_rules(game)
    state = rules.new_game({}, first + g, PLAYERS)
    if policy == "playout":
        module = importlib.import_module(f"cutthroat.games.{ROLLOUTS[game][0]}.bots")
        rollout = getattr(module, ROLLOUTS[game][1])
        rng = random.Random(g)
        while rules.to_act(state):
            p = rules.to_act(state)[0]
            legal = rules.legal_actions(state, p)
            rules.apply(state, legal[0] if len(legal) == 1 else rollout(rules, state, p, legal, rng), p)
    else:
        bots = [make_bot(rules, policy, seed=g * 10 + q) for q in range(PLAYERS)]
        while rules.to_act(state):
            p = rules.to_act(state)[0]
            legal = rules.legal_actions(state, p)
            rules.apply(state, bots[p].choose(rules.view(state, p), legal), p)
    winners = rules.result(state).winners
    return tuple(1 / len(winners) if q in winners else 0.0 for q in range(PLAYERS))


def main() -> None:
    game = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    policy = sys.argv[3] if len(sys.argv) > 3 else "heuristic"
    first = int(sys.argv[4]) if len(sys.argv) > 4 else FIRST_SEED
    game_info(game)
    with Pool(2) as pool:
        rows = pool.map(play, [(game, policy, g, first) for g in range(games)], chunksize=10)
    wins = [sum(r[q] for r in rows) for q in range(PLAYERS)]
    total = sum(wins)
    rates = [w / games for w in wins]
    fair = total / PLAYERS
    chi2 = sum((w - fair) ** 2 / fair for w in wins) if fair else 0.0
    parts = [f"seat {q}: {100 * r:.1f}% (+/- {100 * math.sqrt(r * (1 - r) / games):.1f})" for q, r in enumerate(rates)]
    print(f"{game} {policy}, {games} games from seed {first}: " + ", ".join(parts) + f"; chi-square {chi2:.1f}")


if __name__ == "__main__":
    main()
