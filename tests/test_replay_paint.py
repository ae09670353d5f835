"""A replay step paints only what changed, and what it paints is exactly the screen: the frames
the terminal is sent, applied one over the other, read the same as a full repaint of the screen
after every step (the tables' compositor asks only the widgets a repaint touches for their lines;
the log's new lines, a card's new face and a hand's new cards of unchanged height lay nothing
out)."""

from __future__ import annotations

import random

import pytest
from rich.cells import cell_len
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.geometry import Region
from textual.widget import Widget

from cutthroat import saves
from cutthroat.replay import Replay
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.replay import ReplayScreen
from cutthroat.tui.text import lines_of
from cutthroat.tui.widgets.event_log import EventLog
from helpers_pilot import async_test, wait_until

SIZE = (80, 24)
GAMES = [("kill-the-kings", 1), ("exploding-kittens", 4), ("kill-your-friends", 4), ("stab-your-friends", 4),
         ("psycho-killer", 4)]


def replay_of(game: str, players: int, seed: int = 7) -> Replay:
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, players)]
    session, rng = Session(game, {}, seed, seats), random.Random(seed)
    while not session.is_over:
        mover = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(mover)), mover)
    return Replay.from_document(saves.to_json(session.save_data()))


class Terminal:
    """The cells a terminal would show, from the frames the app sends it."""

    def __init__(self, width: int, height: int) -> None:
        self.rows = [[" "] * width for _ in range(height)]

    def put(self, y: int, x: int, strip) -> None:
        row = self.rows[y]
        for segment in strip:
            for char in segment.text:
                if 0 <= x < len(row):
                    row[x] = char
                    if cell_len(char) == 2 and x + 1 < len(row):
                        row[x + 1] = ""
                x += cell_len(char)

    def apply(self, update) -> None:
        if isinstance(update, LayoutUpdate):
            for y, line in enumerate(update.strips, update.region.y):
                x = update.region.x
                for strip in line:
                    self.put(y, x, strip)
                    x += strip.cell_length
        elif isinstance(update, ChopsUpdate):
            for y, x1, x2 in update.spans:
                for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items()):
                    if strip is None or x >= x2 or end <= x1:
                        continue
                    left, right = max(x, x1), min(end, x2)
                    self.put(y, left, strip.crop(left - x, right - x))

    def text(self) -> list[str]:
        return ["".join(row) for row in self.rows]


def full_text(app) -> list[str]:
    """The screen drawn whole (the app idle: no partial update waits)."""
    terminal = Terminal(*SIZE)
    terminal.apply(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return terminal.text()


@pytest.mark.parametrize("game,players", GAMES)
@async_test
async def test_the_frames_a_step_sends_show_the_whole_screen_right(game, players) -> None:
    replay = replay_of(game, players)
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.started)
        screen = app.screen
        middle = replay.count // 2
        screen.show_step(middle)  # (as `g` goes there)
        await pilot.pause()
        terminal = Terminal(*SIZE)
        terminal.apply(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
        sent = []
        display = app._display

        def watched(shown_screen, update) -> None:
            display(shown_screen, update)
            if update is not None and shown_screen is screen:
                sent.append(update)

        app._display = watched
        rendered: list[Widget] = []
        render_lines = Widget.render_lines

        def counted(widget, crop):
            rendered.append(widget)
            return render_lines(widget, crop)

        Widget.render_lines = counted
        compositor = screen._compositor
        partial = compositor.render_partial_update
        changed: list = []

        def watched_partial():
            changed.extend(compositor._dirty_regions)
            return partial()

        compositor.render_partial_update = watched_partial
        spared = 0  # widgets inside the rectangle around the changes, left alone
        try:
            for key, n in [("right", middle + k) for k in range(1, 7)] + [("left", middle + 6 - k) for k in range(1, 5)]:
                sent.clear()
                rendered.clear()
                changed.clear()
                await pilot.press(key)
                await wait_until(pilot, lambda: screen.step == n)
                await pilot.pause()
                drawn = set(rendered)  # (before the full repaint below draws every widget)
                for update in sent:
                    terminal.apply(update)
                assert any(isinstance(u, ChopsUpdate) for u in sent), "a step painted nothing (or all of it)"
                assert terminal.text() == full_text(app), f"step {n}: the frames sent don't show the screen"
                shown = {w: clip.intersection(region) for w, (region, clip) in compositor.visible_widgets.items()}
                touched = {w for w, part in shown.items() if any(part.overlaps(r) for r in changed)}
                assert drawn <= touched, f"step {n}: drawn, though nothing changed there: {drawn - touched}"
                around = Region.from_union(changed)
                spared += len({w for w, part in shown.items() if part.overlaps(around)} - touched)
            assert spared, "every widget in the rectangle around a step's changes was drawn again"
        finally:
            Widget.render_lines = render_lines
            del app._display
            del compositor.render_partial_update


@pytest.mark.parametrize("game,players", GAMES)
@async_test
async def test_a_step_lays_out_only_a_part_whose_height_changed(game, players, monkeypatch) -> None:
    """The log's lines, a card's face (its box of fixed size) and a hand's rows of as many lines
    as before change nothing in the layout: a step repaints them without laying the screen out."""
    replay = replay_of(game, players)
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.started)
        screen = app.screen
        await pilot.pause()
        laid_out: list[tuple[Widget, str]] = []
        refresh = Widget.refresh

        def spy(widget, *regions, repaint=True, layout=False, recompose=False):
            if layout:
                laid_out.append((widget, str(getattr(widget, "content", ""))))
            return refresh(widget, *regions, repaint=repaint, layout=layout, recompose=recompose)

        monkeypatch.setattr(Widget, "refresh", spy)
        for n in range(1, min(10, replay.count) + 1):
            heights = {w: lines_of(str(w.content), w.content_region.width) for w in screen.query(".hand-cards, .hand-note")}
            laid_out.clear()
            await pilot.press("right")
            await wait_until(pilot, lambda: screen.step == n)
            await pilot.pause()
            for widget, _ in laid_out:
                assert not isinstance(widget, EventLog), f"step {n}: the log's new lines laid the screen out"
                assert not widget.has_class("card-face"), f"step {n}: a card's new face laid the screen out"
                if widget in heights:
                    now = lines_of(str(widget.content), widget.content_region.width)
                    assert now != heights[widget], f"step {n}: {widget.id} kept its height but laid the screen out"
        log = screen.query_one(EventLog)
        assert log.scroll_y == log.max_scroll_y, "the log's latest line is not in view"


async def at_its_middle(pilot, replay: Replay):
    """The replay screen once started, shown at the middle of its game."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.started)
    app.screen.show_step(replay.count // 2)
    await pilot.pause()
    return app.screen


@pytest.mark.parametrize("game,players", [("kill-your-friends", 4), ("psycho-killer", 4)])
@async_test
async def test_a_step_seen_again_measures_its_lines_without_parsing_them_again(game, players) -> None:
    """The seat rows, the message and the hand's note are measured (markup parsed) to fit them;
    the same texts again (a step back and forth, a cursor moved back) are not parsed again."""
    from cutthroat.tui.text import parsed

    replay = replay_of(game, players)
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_its_middle(pilot, replay)
        for key in ("right", "left"):
            await pilot.press(key)
            await pilot.pause()
        hits, misses = parsed.cache_info().hits, parsed.cache_info().misses
        await pilot.press("right")
        await wait_until(pilot, lambda: screen.step == replay.count // 2 + 1)
        await pilot.pause()
        assert parsed.cache_info().hits > hits, "the step measured nothing through `parsed`"
        assert parsed.cache_info().misses == misses, "a step seen before parsed its lines' markup again"


@async_test
async def test_a_paint_of_the_log_works_out_its_style_once(monkeypatch) -> None:
    """RichLog works out its style (walking its ancestors) for each line it paints; a replay
    step scrolls the log, so every line is painted: here once a paint, whatever its lines."""
    from textual.dom import DOMNode

    replay = replay_of("kill-your-friends", 4)
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_its_middle(pilot, replay)
        log = screen.query_one(EventLog)
        worked_out, painted = [], []
        style = DOMNode.rich_style.fget
        render_lines = EventLog.render_lines

        def counted_style(node):
            if node is log:
                worked_out.append(1)
            return style(node)

        def counted_paint(widget, crop):
            painted.append(crop.height)
            return render_lines(widget, crop)

        monkeypatch.setattr(DOMNode, "rich_style", property(counted_style))
        monkeypatch.setattr(EventLog, "render_lines", counted_paint)
        await pilot.press("right")
        await wait_until(pilot, lambda: screen.step == replay.count // 2 + 1)
        await pilot.pause()
        assert painted and max(painted) > 5, "the step repainted no more than a few of the log's lines"
        assert len(worked_out) <= 2 * len(painted), f"{len(worked_out)} styles worked out for {len(painted)} paints"
