"""Cutthroat benchmarks: measured, printed, never asserted (machines are noisy).

    python benchmarks/run.py [--games N] [--reference PATH] [--repeat N] [--startup-only]

Prints one JSON line per figure:
- engine: random Kill The Kings games per second through the rules protocol, beside the bare-bones
  yardstick (shared/bench/ktk_reference.py, imported and run in the same process), and their ratio
  (the median of 3 × `--repeat` alternating pairs of short runs, and the ratio of the best runs);
- simulate: the same through `cutthroat simulate` (every game on a table host with a manual clock,
  the code path of play), in short runs in this process each between two of the yardstick's (the
  median ratio), and one whole run of `--games` in a process of its own;
- hard_bot: the hard bot's decision time (mean, 95th percentile, max);
- kill-your-friends, exploding-kittens and stab-your-friends: random 4-player games per second through the protocol
  and through `cutthroat simulate`, and the hard (search) bot's decision time at its default
  budget against three heuristic bots;
- startup: seconds and peak memory to the first painted title screen, beside a minimal Textual app
  (run in turns, the median ratio; bytecode cached, as an installed app starts), with an empty save
  folder and with 200 games in progress and 200 saves (`--startup-only`: these figures alone);
- records: Records opening with 10,000 finished games in the history, beside the title screen's
  own open-and-paint in the same app (benchmarks/records.py; `--records-only`: this figure alone);
- key_to_repaint: the CPU time of a cursor key at each table beside a minimal Textual app, with
  our footer and with Textual's own (benchmarks/keys.py);
- replay_step: the CPU time of a replay step (→, and ← back) at 80×24 for each game, beside the same
  minimal Textual app: a key through Pilot, and the step alone (the key handed to the app to the
  first frame painted that shows it) (benchmarks/replay.py; the aim: at most 30 ms a step);
- review_<game>: the game review's time per decision and per whole game at the default Review
  budget, seat 0 of heuristic bots' games (benchmarks/review.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REFERENCE = ROOT.parent / "shared" / "bench" / "ktk_reference.py"


def engine_games_per_second(games: int, first_seed: int = 0) -> float:
    from cutthroat.games.kill_the_kings import RULES

    rng = random.Random(1)
    start = time.perf_counter()
    for g in range(first_seed, first_seed + games):
        state = RULES.new_game({}, g)
        while RULES.to_act(state):
            legal = RULES.legal_actions(state, 0)
            RULES.apply(state, legal[rng.randrange(len(legal))], 0)
    return games / (time.perf_counter() - start)


def reference_games_per_second(path: Path, games: int) -> float | None:
    """The yardstick's random player, run in this process (imported from its file, not copied)."""
    if not path.exists():
        return None
    import importlib.util

    spec = importlib.util.spec_from_file_location("ktk_reference", path)
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    rng, player = random.Random(1), reference.RandomPlayer()
    start = time.perf_counter()
    for _ in range(games):
        for _ in range(3):
            reference.play_round(rng, player)
    return games / (time.perf_counter() - start)


def simulate(games: int, bots: str, game: str = "kill-the-kings") -> dict:
    out = subprocess.run([sys.executable, "-m", "cutthroat", "simulate", game, "--games", str(games),
                          "--bots", bots, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def simulate_in_process(games: int, first_seed: int = 0) -> dict:
    """`cutthroat simulate kill-the-kings --bots random` run in this process (the same command,
    its output read back), for short runs beside the yardstick's."""
    import contextlib
    import io

    from cutthroat import cli

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli.main(["simulate", "kill-the-kings", "--games", str(games), "--seed", str(first_seed),
                  "--bots", "random", "--json"])
    return json.loads(out.getvalue())


def random_games_per_second(game: str, games: int, players: int = 4) -> float:
    """Random games of a multi-player game through the protocol (the first seat to act acts)."""
    from cutthroat.engine.registry import get_rules

    rules = get_rules(game)
    rng = random.Random(1)
    start = time.perf_counter()
    for g in range(games):
        state = rules.new_game(rules.default_config(), g, players)
        while True:
            to_act = rules.to_act(state)
            if not to_act:
                break
            legal = rules.legal_actions(state, to_act[0])
            rules.apply(state, legal[rng.randrange(len(legal))], to_act[0])
    return games / (time.perf_counter() - start)


def search_decisions(game: str, games: int, players: int = 4) -> dict:
    """The hard (search) bot in seat 0 against heuristic bots, at its default thinking budget;
    only decisions with a real choice are timed."""
    from cutthroat.bots import make_bot
    from cutthroat.engine.registry import get_rules

    rules = get_rules(game)
    times = []
    for g in range(games):
        bots = [make_bot(rules, "hard" if i == 0 else "heuristic", seed=g) for i in range(players)]
        state = rules.new_game(rules.default_config(), 20_000 + g, players)
        while True:
            to_act = rules.to_act(state)
            if not to_act:
                break
            p = to_act[0]
            legal = rules.legal_actions(state, p)
            view = rules.view(state, p)
            t = time.perf_counter()
            action = bots[p].choose(view, legal)
            if p == 0 and len(legal) > 1:
                times.append(time.perf_counter() - t)
            rules.apply(state, action, p)
    times.sort()
    return {
        "decisions": len(times),
        "mean_ms": round(1000 * statistics.fmean(times), 1),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
        "max_ms": round(1000 * times[-1], 1),
    }


def hard_decisions(games: int) -> dict:
    from cutthroat.bots import make_bot
    from cutthroat.games.kill_the_kings import RULES

    times = []
    for g in range(games):
        bot = make_bot(RULES, "hard", seed=g)
        state = RULES.new_game({}, 10_000 + g)
        while RULES.to_act(state):
            legal = RULES.legal_actions(state, 0)
            view = RULES.view(state, 0)
            t = time.perf_counter()
            action = bot.choose(view, legal)
            times.append(time.perf_counter() - t)
            RULES.apply(state, action, 0)
    times.sort()
    return {
        "decisions": len(times),
        "mean_ms": round(1000 * statistics.fmean(times), 2),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 2),
        "max_ms": round(1000 * times[-1], 2),
    }


STARTUP_CUTTHROAT = """
import time; t0 = time.perf_counter()
from cutthroat.tui.app import CutthroatApp
async def pilot(p):
    await p.pause()
    import resource
    print(time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    p.app.exit()
CutthroatApp().run(headless=True, size=(80, 24), auto_pilot=pilot)
"""
STARTUP_MINIMAL = """
import time; t0 = time.perf_counter()
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
async def pilot(p):
    await p.pause()
    import resource
    print(time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    p.app.exit()
Minimal().run(headless=True, size=(80, 24), auto_pilot=pilot)
"""


def startup(code: str, runs: int = 5, save_dir: str | None = None) -> dict:
    """Wall time from process start to the first painted screen (interpreter start-up included),
    the part of it inside Python, and the process's peak resident memory."""
    return startup_pair([code], runs, save_dir)[0]


def startup_pair(codes: list[str], runs: int = 5, save_dir: str | None = None) -> list[dict]:
    """`startup` for each of `codes`, run in turns (this machine's speed swings from one second
    to the next, so each round gives a ratio to the first code, and the median ratio counts)."""
    walls, inner, peaks = ([[] for _ in codes] for _ in range(3))
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "CUTTHROAT_SAVE_DIR": save_dir or tmp, "CUTTHROAT_CONFIG_DIR": tmp}
        # As an installed app starts: its modules' bytecode cached (pip compiles Textual's when it
        # installs it; ours, in an editable install, on the first start). Where the environment
        # says not to write bytecode, ours would be compiled anew on every start and Textual's
        # not: the cache goes to a folder of this run's, filled by a first start of each code.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(tmp, "pycache")
        # (in an empty save folder: a first start without an index must stay the first)
        warm = {**env, "CUTTHROAT_SAVE_DIR": os.path.join(tmp, "warm-up")}
        for code in codes:
            subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, env=warm)
        for _ in range(runs):
            for i, code in enumerate(codes):
                t = time.perf_counter()
                out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                     env=env)
                walls[i].append(time.perf_counter() - t)
                seconds, peak_kb = out.stdout.split()[-2:]
                inner[i].append(float(seconds))
                peaks[i].append(int(peak_kb))
    figures = [{"to_first_paint_s": round(statistics.median(inner[i]), 3),
                "process_wall_s": round(statistics.median(walls[i]), 3),
                "peak_mb": round(max(peaks[i]) / 1024, 1)} for i in range(len(codes))]
    for i in range(1, len(codes)):
        ratios = [ours / base for ours, base in zip(inner[i], inner[0])]
        figures[i]["ratio_to_first"] = round(statistics.median(ratios), 2)
        figures[i]["ratios_range"] = [round(min(ratios), 2), round(max(ratios), 2)]
    return figures


def make_saves(save_dir: Path, games_in_progress: int = 200, named: int = 200, moves: int = 20) -> None:
    """A save folder as a keen player's: `games_in_progress` autosaves and `named` saves, of every
    game in turn, `moves` random moves in; then listed once (the Continue and Load lists' index, as
    the first start and the first Load after them leave it)."""
    from cutthroat import in_progress, save_index, saves
    from cutthroat.bots import make_bot
    from cutthroat.engine.registry import IMPLEMENTED, get_rules
    from cutthroat.saves import Seat
    from cutthroat.session import Session

    games = [g.game_id for g in IMPLEMENTED]
    for i in range(games_in_progress + named):
        game = games[i % len(games)]
        rules = get_rules(game)
        players = max(rules.min_players, min(3, rules.max_players))
        seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot {n}", "random") for n in range(1, players)]
        session = Session(game, {}, i, seats)
        for _ in range(moves):
            to_act = session.to_act
            if len(to_act) == 0:
                break
            bot = make_bot(session.rules, "random", seed=len(session.log))
            session.apply(bot.choose(session.view(to_act[0]), session.legal_actions(to_act[0])), to_act[0])
        if i < games_in_progress:
            saves.write(in_progress.new_path(save_dir, game), session.save_data("autosave"))
        else:
            saves.write(save_dir / f"save-{i}.json", session.save_data(f"save {i}"))
    in_progress.games_in_progress(save_dir)
    save_index.listings(save_dir, saves.listed(save_dir))


def startup_figures(runs: int = 9) -> dict:
    """Start-up to the painted title beside the minimal app: empty save folder, and one with 200
    games in progress and 200 saves (index in place), and that folder's first start with no index."""
    empty = startup_pair([STARTUP_MINIMAL, STARTUP_CUTTHROAT], runs)
    with tempfile.TemporaryDirectory() as full:
        make_saves(Path(full))
        loaded = startup_pair([STARTUP_MINIMAL, STARTUP_CUTTHROAT], runs, full)
        for index in Path(full).rglob(".index.cache"):
            index.unlink()  # the first start after the index was lost (or the first with this version)
        rebuild = startup_pair([STARTUP_MINIMAL, STARTUP_CUTTHROAT], 1, full)
    return {"empty": {"minimal_textual_app": empty[0], "cutthroat": empty[1]},
            "200_in_progress_200_saves": {"minimal_textual_app": loaded[0], "cutthroat": loaded[1]},
            "same_without_index_first_start": {"minimal_textual_app": rebuild[0], "cutthroat": rebuild[1]}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    parser.add_argument("--hard-games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=9,
                        help="alternating pairs of engine and yardstick runs; the medians count")
    parser.add_argument("--search-games", type=int, default=3,
                        help="games for the search bots' decision times (the multi-player games)")
    parser.add_argument("--review-games", type=int, default=2,
                        help="games reviewed per game for the review figures (benchmarks/review.py)")
    parser.add_argument("--startup-only", action="store_true", help="the start-up figures alone")
    parser.add_argument("--records-only", action="store_true", help="the Records figure alone")
    args = parser.parse_args()

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from records import records_figures
    from review import review_figures

    if args.records_only:
        print(json.dumps({"figure": "records_open", **records_figures()}))
        return

    # Start-up first, on a quiet machine; the minimal app first warms the file cache for Textual.
    startup(STARTUP_MINIMAL, runs=2)
    print(json.dumps({"figure": "startup_to_title", **startup_figures()}))
    if args.startup_only:
        return
    print(json.dumps({"figure": "records_open", **records_figures()}))
    for footer in ([], ["--stock-footer"]):  # (a process each: the stock run patches the footer)
        subprocess.run([sys.executable, str(Path(__file__).resolve().parent / "keys.py"), *footer], check=False)
    subprocess.run([sys.executable, str(Path(__file__).resolve().parent / "replay.py")], check=False)
    # Side by side, alternating, in one process, in short runs: this machine's speed swings by half
    # from one second to the next (neighbours on the host), so each pair gives a ratio and the
    # median ratio is the figure; the best run of each, less disturbed, gives a second one.
    chunk = max(100, args.games // 10)
    runs = [(engine_games_per_second(chunk, i * chunk), reference_games_per_second(args.reference, chunk))
            for i in range(args.repeat * 3)]
    ours = statistics.median(r[0] for r in runs)
    ratios = [r[0] / r[1] for r in runs if r[1]]
    best = max(r[0] for r in runs) / max(r[1] for r in runs) if ratios else None
    print(json.dumps({"figure": "engine_random_games_per_second", "cutthroat": round(ours, 1),
                      "yardstick": round(statistics.median(r[1] for r in runs), 1) if ratios else None,
                      "ratio": round(statistics.median(ratios), 2) if ratios else None,
                      "best_ratio": round(best, 2) if best else None,
                      "ratios_range": [round(min(ratios), 2), round(max(ratios), 2)] if ratios else None}))
    # `simulate` the same way: short runs in this process, each between two of the yardstick's, so
    # each ratio compares like with like; the median counts (and one whole run, as a player runs it).
    runs = []
    for i in range(args.repeat * 3):
        before = reference_games_per_second(args.reference, chunk)
        sim = simulate_in_process(chunk, i * chunk)["games_per_second"]
        after = reference_games_per_second(args.reference, chunk)
        runs.append((sim, (before + after) / 2 if before and after else None))
    ratios = [s / y for s, y in runs if y]
    whole = simulate(args.games, "random")
    print(json.dumps({"figure": "simulate_random", "games_per_second": round(statistics.median(r[0] for r in runs), 1),
                      "yardstick": round(statistics.median(r[1] for r in runs), 1) if ratios else None,
                      "ratio": round(statistics.median(ratios), 2) if ratios else None,
                      "ratios_range": [round(min(ratios), 2), round(max(ratios), 2)] if ratios else None,
                      "whole_run_games_per_second": whole["games_per_second"], "mean_actions": whole["mean_actions"]}))
    print(json.dumps({"figure": "hard_decision_time", **hard_decisions(args.hard_games)}))
    games = max(1, args.games // 3)
    for game, tag in (("kill-your-friends", "kyf"), ("exploding-kittens", "ek"), ("stab-your-friends", "syf")):
        print(json.dumps({"figure": f"{tag}_engine_random_games_per_second",
                          "cutthroat": round(random_games_per_second(game, games), 1)}))
        sim = simulate(games, "random", game)
        print(json.dumps({"figure": f"{tag}_simulate_random", "games_per_second": sim["games_per_second"],
                          "mean_actions": sim["mean_actions"]}))
        print(json.dumps({"figure": f"{tag}_hard_decision_time", **search_decisions(game, args.search_games)}))
    from cutthroat.engine.registry import IMPLEMENTED
    from cutthroat.settings import Settings

    for info in IMPLEMENTED:
        print(json.dumps(review_figures(info.game_id, args.review_games, Settings().review_playouts())), flush=True)


if __name__ == "__main__":
    main()
