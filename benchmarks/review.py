"""The game review's time: per decision and per whole game, for each game at the default "Review
budget" (Settings), reviewing seat 0 of games played by heuristic bots (4 players where the game
takes them). One core; printed as JSON lines, never asserted.

    python benchmarks/review.py [--games N] [--budget PLAYOUTS] [--game ID] [--players N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from cutthroat import saves
from cutthroat.bots import make_bot
from cutthroat.engine.registry import IMPLEMENTED, get_rules
from cutthroat.review import review_game
from cutthroat.settings import REVIEW_BUDGETS, Settings


def played(game: str, seed: int, players: int) -> dict:
    """The save document of one game of heuristic bots."""
    rules = get_rules(game)
    players = max(rules.min_players, min(players, rules.max_players))
    config = rules.default_config()
    state = rules.new_game(config, seed, players)
    bots = [make_bot(rules, "heuristic", seed=q) for q in range(players)]
    log = []
    while rules.to_act(state):
        p = rules.to_act(state)[0]
        action = bots[p].choose(rules.view(state, p), rules.legal_actions(state, p))
        rules.apply(state, action, p)
        log.append((p, action))
    seats = [saves.Seat("human", "Ana")] + [saves.Seat("bot", f"Bot {q}", "heuristic") for q in range(1, players)]
    return saves.to_json(saves.SaveData(game, config, seats, seed, log, state))


def review_figures(game: str, games: int, budget: int, players: int = 4) -> dict:
    per_decision, per_game, decisions = [], [], []
    for g in range(games):
        document = played(game, 30_000 + g, players)
        t = time.perf_counter()
        review = review_game(document, 0, budget)
        took = time.perf_counter() - t
        per_game.append(took)
        decisions.append(len(review.decisions))
        if review.decisions:
            per_decision.append(took / len(review.decisions))
    return {"figure": f"review_{game}", "budget": budget, "games": games,
            "decisions_mean": round(statistics.fmean(decisions), 1),
            "ms_per_decision": round(1000 * statistics.fmean(per_decision), 1) if per_decision else None,
            "s_per_game_mean": round(statistics.fmean(per_game), 2), "s_per_game_max": round(max(per_game), 2)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--budget", type=int, default=REVIEW_BUDGETS[Settings().review_budget])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    for info in IMPLEMENTED:
        if args.game and info.game_id not in args.game:
            continue
        print(json.dumps(review_figures(info.game_id, args.games, args.budget, args.players)), flush=True)


if __name__ == "__main__":
    main()
