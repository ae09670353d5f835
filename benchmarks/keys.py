"""What a key costs at each table: milliseconds from a cursor key to the repainted screen, at 80×24,
beside a minimal Textual app (a line that follows the cursor, and a footer of eight keys).

    python benchmarks/keys.py [--keys N] [--rounds N]

Each table is loaded at a fixed position where its human seat is to act (seeded random moves),
run headless (`App.run_test`), and sent ←/→ in turn; the CPU time of each key is taken until the
app is idle again (`pilot.press` then `pilot.pause`): process time, not the clock, so a busy
machine's waits don't count. The tables and the minimal app run in turns, `--rounds`
times, and the median of each is printed with its ratio to the minimal app's: one JSON line each.
`--stock-footer` measures the tables with Textual's own footer compose instead of ours (a key
restyled after mounting), for the before and after of `tui/widgets/footer.py`.
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

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

TABLES = [("kill-the-kings", {"mode": "killer"}, 1), ("exploding-kittens", {}, 3), ("kill-your-friends", {}, 4),
          ("stab-your-friends", {}, 4), ("psycho-killer", {}, 4)]
SIZE = (80, 24)


class MinimalApp(App):
    """The yardstick: a cursor over eight cards on one line, and a footer."""

    BINDINGS = [Binding("left", "move(-1)", "left"), Binding("right", "move(1)", "right")] + \
        [Binding(str(n), "move(0)", f"k{n}") for n in range(1, 7)]

    def __init__(self) -> None:
        super().__init__()
        self.cursor = 0

    def compose(self) -> ComposeResult:
        yield Static(self.line(), id="cards")
        yield Footer()

    def line(self) -> str:
        return "  ".join(f"[{'*' if i == self.cursor else ' '}] card {i}" for i in range(8))

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % 8
        self.query_one("#cards", Static).update(self.line())
        self.refresh_bindings()


def loaded_table(game: str, config: dict, players: int):
    from cutthroat.saves import Seat
    from cutthroat.session import Session
    from cutthroat.tui.app import CutthroatApp

    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, players)]
    session, rng = Session(game, config, 7, seats), random.Random(7)
    rules = session.rules
    for _ in range(2000):  # on to a quiet turn of seat 0: nothing moves until it does
        state = session.state
        if session.to_act == [0] and all(ask(state, 0) is None for ask in (
                rules.reaction_default, rules.auto_action, rules.paced_action)) and len(session.log) > 3 * players \
                and len(session.legal_actions(0)) >= 3:  # (some cards to move across)
            break
        mover = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(mover)), mover)
    return CutthroatApp(loaded=session.save_data())


def screen_text(app: App) -> list[str]:
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return ["".join(strip.text for strip in line) for line in update.strips]


async def per_key_ms(name: str, app: App, keys: int, ready) -> float:
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if ready(app):
                break
            await pilot.pause()
        for key in ("right", "left") * 3:  # (warm: the first keys build caches)
            await pilot.press(key)
            await pilot.pause()
        start, changed = time.process_time(), 0
        for i in range(keys):
            before = screen_text(app) if i < 4 else None
            await pilot.press("right" if i % 2 == 0 else "left")
            await pilot.pause()
            if before is not None:
                changed += before != screen_text(app)
        assert changed, f"{name}: ←/→ changed nothing on screen"
        return (time.process_time() - start) / keys * 1000


def table_ready(app) -> bool:
    from cutthroat.tui.tables.base import TableScreenBase

    screen = app.screen
    return isinstance(screen, TableScreenBase) and getattr(screen, "started", True)


async def measure(keys: int, rounds: int) -> dict:
    figures: dict[str, list[float]] = {"minimal_textual_app": []}
    for _ in range(rounds):
        figures["minimal_textual_app"].append(await per_key_ms("minimal", MinimalApp(), keys, lambda app: True))
        for game, config, players in TABLES:
            figures.setdefault(game, []).append(await per_key_ms(game, loaded_table(game, config, players), keys, table_ready))
    minimal = statistics.median(figures["minimal_textual_app"])
    return {name: {"ms_per_key": round(statistics.median(runs), 1),
                   "ratio": round(statistics.median(runs) / minimal, 1)} for name, runs in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--stock-footer", action="store_true", help="Textual's footer compose, for comparison")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:  # (no real settings or saves read or written)
        os.environ["CUTTHROAT_SAVE_DIR"] = os.path.join(home, "saves")
        os.environ["CUTTHROAT_CONFIG_DIR"] = os.path.join(home, "config")
        if args.stock_footer:
            from cutthroat.tui.widgets.footer import KeysFooter

            KeysFooter.compose, KeysFooter.bindings_changed = Footer.compose, Footer.bindings_changed
        figures = asyncio.run(measure(args.keys, args.rounds))
    print(json.dumps({"figure": "key_to_repaint" + ("_stock_footer" if args.stock_footer else ""), **figures}))


if __name__ == "__main__":
    sys.exit(main())
