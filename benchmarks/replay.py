"""What a replay step costs: milliseconds from ← or → to the repainted replay screen at 80×24, per
game, beside a minimal Textual app's cursor key (the yardstick of benchmarks/keys.py).

    python benchmarks/replay.py [--steps N] [--rounds N]

Each game is a whole game of seeded random bots (4 players; Kill The Kings alone), opened in the
replay viewer headless (`App.run_test`) as its first seat, at its middle move. → steps on (the
log is told one move more), ← steps back (the log is rebuilt from the latest events and the state
from its checkpoint): both are timed, CPU time until the app is idle again (`pilot.press` then
`pilot.pause`), so a busy machine's waits don't count. The median of `--rounds` is printed with its
ratio to the minimal app's: one JSON line. The aim is at most 30 ms a step.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from keys import SIZE, MinimalApp, per_key_ms  # noqa: E402 - the yardstick, shared

GAMES = [("kill-the-kings", 1), ("exploding-kittens", 4), ("kill-your-friends", 4), ("stab-your-friends", 4),
         ("psycho-killer", 4)]


def recorded(game: str, players: int, seed: int = 7):
    """A whole game of seeded random moves, as a replay."""
    from cutthroat import saves
    from cutthroat.replay import Replay
    from cutthroat.saves import Seat
    from cutthroat.session import Session

    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, players)]
    session, rng = Session(game, {}, seed, seats), random.Random(seed)
    while not session.is_over:
        mover = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(mover)), mover)
    return Replay.from_document(saves.to_json(session.save_data()))


async def per_step_ms(replay, steps: int, key: str) -> float:
    from cutthroat.tui.app import CutthroatApp
    from cutthroat.tui.screens.replay import ReplayScreen

    middle = max(steps, replay.count // 2)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from cutthroat.tui.screens.replay import replay_screen

        app.push_screen(replay_screen(replay, step=middle))
        for _ in range(500):
            if isinstance(app.screen, ReplayScreen) and app.screen.started:
                break
            await pilot.pause()
        for k in ("right", "left") * 3:  # (warm: the first keys build caches)
            await pilot.press(k)
            await pilot.pause()
        start = time.process_time()
        for _ in range(steps):
            await pilot.press(key)
            await pilot.pause()
        assert app.screen.step == middle + (steps if key == "right" else -steps), "the steps were not taken"
        return (time.process_time() - start) / steps * 1000


async def measure(steps: int, rounds: int) -> dict:
    replays = {game: recorded(game, players) for game, players in GAMES}
    minimal_runs: list[float] = []
    runs: dict[str, dict[str, list[float]]] = {game: {"forward": [], "back": []} for game in replays}
    for _ in range(rounds):
        minimal_runs.append(await per_key_ms("minimal", MinimalApp(), 40, lambda app: True))
        for game, replay in replays.items():
            n = min(steps, replay.count // 2)
            runs[game]["forward"].append(await per_step_ms(replay, n, "right"))
            runs[game]["back"].append(await per_step_ms(replay, n, "left"))
    minimal = statistics.median(minimal_runs)
    out: dict = {"minimal_textual_app": {"ms_per_key": round(minimal, 1)}}
    for game, replay in replays.items():
        forward, back = statistics.median(runs[game]["forward"]), statistics.median(runs[game]["back"])
        out[game] = {"moves": replay.count, "ms_per_step": round(forward, 1), "ms_per_step_back": round(back, 1),
                     "ratio": round(forward / minimal, 1), "ratio_back": round(back / minimal, 1)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:  # (no real settings or saves read or written)
        os.environ["CUTTHROAT_SAVE_DIR"] = os.path.join(home, "saves")
        os.environ["CUTTHROAT_CONFIG_DIR"] = os.path.join(home, "config")
        figures = asyncio.run(measure(args.steps, args.rounds))
    print(json.dumps({"figure": "replay_step", **figures}))


if __name__ == "__main__":
    sys.exit(main())
