"""Information-set MCTS (`bots/ismcts.py`) against the shared paired search (`hard`), at the same
number of playouts a decision: one bot in the seat that rotates from game to game, three
`heuristic`s in the others, 4-player games of the default setup.

    python benchmarks/ismcts.py GAME [PLAYOUTS] [GAMES] [START]    # default 32 playouts, 1000 games

Prints one JSON line per arm: `hard` as it plays, and ISMCTS over the same root candidates with
the same rollout policy and win model (`tree`). The arms play the same seeds.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cutthroat.bots import make_bot  # noqa: E402
from cutthroat.bots.ismcts import InfoSetSearchBot  # noqa: E402
from cutthroat.engine.registry import get_rules  # noqa: E402


def bot_for(rules, arm: str, seed: int, playouts: int):
    hard = make_bot(rules, "hard", seed=seed, playouts=playouts)
    if arm == "hard":
        return hard
    return InfoSetSearchBot(hard.rules, seed=seed, iterations=playouts, rollout=hard.rollout,
                            candidates=hard.candidates, max_depth=hard.max_depth,
                            evaluate=hard.evaluate)


def play(game_id: str, arm: str, playouts: int, games: int, start: int) -> dict:
    rules = get_rules(game_id)
    wins = 0.0
    began = time.time()
    for g in range(start, start + games):
        seat = g % 4
        bots = [make_bot(rules, "heuristic", seed=g * 10 + q) for q in range(4)]
        bots[seat] = bot_for(rules, arm, g, playouts)
        state = rules.new_game({}, g, 4)
        while rules.to_act(state):
            p = rules.to_act(state)[0]
            legal = rules.legal_actions(state, p)
            rules.apply(state, bots[p].choose(rules.view(state, p), legal), p)
        winners = rules.result(state).winners
        if seat in winners:
            wins += 1 / len(winners)
    return {"game": game_id, "arm": arm, "playouts": playouts, "games": games, "seeds": start,
            "win_rate": round(wins / games, 4), "seconds": round(time.time() - began, 1)}


def main() -> None:
    game_id = sys.argv[1]
    playouts = int(sys.argv[2]) if len(sys.argv) > 2 else 32
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    start = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    for arm in ("hard", "tree"):
        print(json.dumps(play(game_id, arm, playouts, games, start)), flush=True)


if __name__ == "__main__":
    main()
