"""The game review's time: per decision and per whole game, for each game at the default "Review
budget" (Settings), reviewing seat 0 of games played by heuristic bots (4 players where the game
takes them). One core; printed as JSON lines, never asserted, with a yardstick beside them (a
fixed load timed before each game: `yardstick_ms`).

    python benchmarks/review.py [--games N] [--budget PLAYOUTS] [--game ID] [--players N]
    python benchmarks/review.py --game psycho-killer --compare EVERY [--games N]

`--compare EVERY`: every EVERY-th decision of seat 0, its estimates from playouts to the game's
end beside the review's own (Psycho Killer: cut short and valued by the win model), on the same
deals, and the time each took.
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


def yardstick_ms(games: int = 10) -> float:
    """A fixed load, the same before and after a change: wall milliseconds for `games` whole
    4-player Psycho Killer games of the hard bot's playout policy (seeds 0..), timed beside each
    review so figures taken on a busy machine compare as ratios."""
    import random

    from cutthroat.games.psycho_killer.bots import _rollout

    rules = get_rules("psycho-killer")
    t = time.perf_counter()
    for g in range(games):
        state, rng = rules.new_game({}, g, 4), random.Random(g)
        while rules.to_act(state):
            p = rules.to_act(state)[0]
            legal = rules.legal_actions(state, p)
            rules.apply_unchecked(state, legal[0] if len(legal) == 1 else _rollout(rules, state, p, legal, rng))
    return 1000 * (time.perf_counter() - t)


def review_figures(game: str, games: int, budget: int, players: int = 4) -> dict:
    per_decision, per_game, decisions, yardstick, cpu_per_game = [], [], [], [], []
    for g in range(games):
        yardstick.append(yardstick_ms())
        document = played(game, 30_000 + g, players)
        t, cpu = time.perf_counter(), time.process_time()
        review = review_game(document, 0, budget)
        took = time.perf_counter() - t
        cpu_per_game.append(time.process_time() - cpu)
        per_game.append(took)
        decisions.append(len(review.decisions))
        if review.decisions:
            per_decision.append(took / len(review.decisions))
    return {"figure": f"review_{game}", "budget": budget, "games": games,
            "decisions_mean": round(statistics.fmean(decisions), 1),
            "ms_per_decision": round(1000 * statistics.fmean(per_decision), 1) if per_decision else None,
            "s_per_game_mean": round(statistics.fmean(per_game), 2), "s_per_game_max": round(max(per_game), 2),
            "cpu_s_per_game_mean": round(statistics.fmean(cpu_per_game), 2),
            "yardstick_ms": round(statistics.fmean(yardstick), 1)}


def compare(game: str, games: int, budget: int, every: int, players: int = 4) -> None:
    """Cut-short estimates against whole-game ones, decision by decision (JSON lines), then a
    summary: mean absolute difference, and how many differences are within the whole-game
    estimate's stated standard error."""
    import random

    from cutthroat.review import _game, decision_points, search

    rules = get_rules(game)
    diffs, within, cut_may, times = [], [], [], [0.0, 0.0]
    for g in range(games):
        document = played(game, 30_000 + g, players)
        rules, data = _game(document)
        points, _ = decision_points(rules, data, 0)
        for step, state, legal, action in points[::every]:
            view = rules.view(state, 0)
            cut = search.cut_short(make_bot(rules, "hard", seed=step, playouts=budget), game)
            whole = make_bot(rules, "hard", seed=step, playouts=budget)
            whole.max_depth, whole.evaluate = search.TO_THE_END, None
            best = cut.choose(view, legal)
            row = {"game": g, "step": step, "pks_to_come": state.pk_limit - state.pks} if game == "psycho-killer" \
                else {"game": g, "step": step}
            for k, bot in enumerate((whole, cut)):
                t = time.perf_counter()
                got = search.estimates(bot, view, 0, action, best, budget, random.Random(step))
                times[k] += time.perf_counter() - t
                row["whole" if k == 0 else "cut"] = [[e.value, e.error] for e in got[:3]] + [round(got[3], 4)]
            for (w, e), (c, _) in zip(row["whole"][:3], row["cut"][:3]):
                diffs.append(abs(w - c))
                within.append(abs(w - c) <= e)
                cut_may.append(row.get("pks_to_come", 2) >= 2)
            print(json.dumps(row), flush=True)
    print(json.dumps({"figure": f"review_compare_{game}", "budget": budget, "estimates": len(diffs),
                      "mean_abs_difference": round(statistics.fmean(diffs), 4),
                      "max_abs_difference": round(max(diffs), 4),
                      "within_stated_error": f"{sum(within)} of {len(within)}",
                      "where_cut": {"estimates": sum(cut_may), "mean_abs_difference": round(statistics.fmean(
                          [d for d, m in zip(diffs, cut_may) if m] or [0.0]), 4), "within_stated_error":
                          f"{sum(w for w, m in zip(within, cut_may) if m)} of {sum(cut_may)}"},
                      "seconds_whole": round(times[0], 1), "seconds_cut": round(times[1], 1)}), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--budget", type=int, default=REVIEW_BUDGETS[Settings().review_budget])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--compare", type=int, metavar="EVERY", help="cut-short estimates against whole games")
    args = parser.parse_args(argv)
    if args.compare:
        for game in args.game or ["psycho-killer"]:
            compare(game, args.games, args.budget, args.compare, args.players)
        return
    for info in IMPLEMENTED:
        if args.game and info.game_id not in args.game:
            continue
        print(json.dumps(review_figures(info.game_id, args.games, args.budget, args.players)), flush=True)


if __name__ == "__main__":
    main()
