"""What a replay step costs: milliseconds from ← or → to the repainted replay screen at 80×24, per
game, beside a minimal Textual app's cursor key (the yardstick of benchmarks/keys.py).

    python benchmarks/replay.py [--steps N] [--rounds N]

Each game is a whole game of seeded random bots (4 players; Kill The Kings alone), opened in the
replay viewer headless (`App.run_test`) as its first seat, at its middle move. → steps on (the
log is told one move more), ← steps back (the log is rebuilt from the latest events and the state
from its checkpoint): both are timed, CPU time until the app is idle again (`pilot.press` then
`pilot.pause`), so a busy machine's waits don't count. The median of `--rounds` is printed with its
ratio to the minimal app's: one JSON line. The aim is at most 30 ms a step.

That per-key figure is mostly what the Pilot harness costs any app (its idle waits poll every
widget's queue). The step's own figure (`step_ms`, `step_ms_back`) is the CPU time from the key
event handed to the app (as a terminal's driver hands it) to the first frame painted that shows
the step, the frame rendered to the bytes a terminal would be sent (headless apps skip that):
the binding's dispatch, the screen's action, the layout and the paint, and nothing of the
harness's waits (the app is let go idle between keys, untimed); the mean of the steps, the median
of the rounds. The minimal app's cursor key is measured the same way beside it.
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
from contextlib import contextmanager
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


@contextmanager
def painted(app):
    """Watch the app's frames: `watch.arm(done)` starts a step's clock (CPU time), and the first
    frame painted after it for which `done(app)` holds stops it (`await watch.frame()`: its ms)."""
    from textual._compositor import CompositorUpdate

    display = app._display
    watch = StepWatch()

    def watched(screen, renderable) -> None:
        display(screen, renderable)
        if renderable is not None and watch.done is not None and watch.done(app):
            if isinstance(renderable, CompositorUpdate):  # (what a terminal's driver would write)
                renderable.render_segments(app.console)
            watch.ms, watch.done = (time.process_time() - watch.start) * 1000, None
            watch.event.set()

    app._display = watched
    try:
        yield watch
    finally:
        del app._display


class StepWatch:
    def __init__(self) -> None:
        self.done, self.start, self.ms, self.event = None, 0.0, 0.0, asyncio.Event()

    def arm(self, done) -> None:
        self.event.clear()
        self.done, self.start = done, time.process_time()

    async def frame(self) -> float:
        await asyncio.wait_for(self.event.wait(), 30)
        return self.ms


async def step_ms(app, pilot, key: str, done) -> float:
    """The CPU ms from `key` handed to the app to the first frame painted where `done(app)`."""
    from textual import events

    with painted(app) as watch:
        event = events.Key(key, None)
        event.set_sender(app)
        watch.arm(done)
        app._driver.send_message(event)
        ms = await watch.frame()
    await pilot.pause()  # (idle again, untimed)
    return ms


async def minimal_step_ms(steps: int = 40) -> float:
    """The minimal app's cursor key, measured as `step_ms` measures a replay's step."""
    app = MinimalApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in ("right", "left") * 3:
            await pilot.press(key)
            await pilot.pause()
        times = []
        for i in range(steps):
            key, delta = ("right", 1) if i % 2 == 0 else ("left", -1)
            target = (app.cursor + delta) % 8
            times.append(await step_ms(app, pilot, key, lambda app, t=target: app.cursor == t))
        return statistics.fmean(times)


async def per_step_ms(replay, steps: int, key: str) -> tuple[float, float]:
    """(ms a key through Pilot, until idle; ms a step, key to frame) for `steps` steps of `key`."""
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
        per_key = (time.process_time() - start) / steps * 1000
        assert app.screen.step == middle + (steps if key == "right" else -steps), "the steps were not taken"
        screen, delta = app.screen, (1 if key == "right" else -1)
        times = []
        for _ in range(steps):  # (back again: the same steps, timed key to frame)
            back, target = ("left" if key == "right" else "right"), screen.step - delta
            times.append(await step_ms(app, pilot, back, lambda app, t=target: app.screen.step == t))
        assert screen.step == middle, "the steps were not taken"
        return per_key, statistics.fmean(times)


async def measure(steps: int, rounds: int) -> dict:
    replays = {game: recorded(game, players) for game, players in GAMES}
    minimal_runs: list[float] = []
    minimal_steps: list[float] = []
    runs: dict[str, dict[str, list[float]]] = {game: {"forward": [], "back": [], "step": [], "step_back": []}
                                               for game in replays}
    for _ in range(rounds):
        minimal_runs.append(await per_key_ms("minimal", MinimalApp(), 40, lambda app: True))
        minimal_steps.append(await minimal_step_ms())
        for game, replay in replays.items():
            n = min(steps, replay.count // 2)
            forward, step_back = await per_step_ms(replay, n, "right")  # (→ through Pilot, then ← timed key to frame)
            back, step = await per_step_ms(replay, n, "left")
            runs[game]["forward"].append(forward)
            runs[game]["back"].append(back)
            runs[game]["step"].append(step)
            runs[game]["step_back"].append(step_back)
    minimal, minimal_step = statistics.median(minimal_runs), statistics.median(minimal_steps)
    out: dict = {"minimal_textual_app": {"ms_per_key": round(minimal, 1), "step_ms": round(minimal_step, 1)}}
    for game, replay in replays.items():
        forward, back = statistics.median(runs[game]["forward"]), statistics.median(runs[game]["back"])
        step, step_back = statistics.median(runs[game]["step"]), statistics.median(runs[game]["step_back"])
        out[game] = {"moves": replay.count, "ms_per_step": round(forward, 1), "ms_per_step_back": round(back, 1),
                     "ratio": round(forward / minimal, 1), "ratio_back": round(back / minimal, 1),
                     "step_ms": round(step, 1), "step_ms_back": round(step_back, 1),
                     "step_ratio": round(step / minimal_step, 1), "step_ratio_back": round(step_back / minimal_step, 1)}
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
