"""What the Pilot tests share: running an async test without a plugin, waiting for the app to
reach a state (bots think in worker threads, so a fixed pause would be flaky), a Static's text."""

from __future__ import annotations

import asyncio
import functools
import re
from typing import Callable

from textual.pilot import Pilot
from textual.widgets import Static

from cutthroat.host import InlineWorkers, ManualClock


def async_test(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return wrapper


PAUSE = 0.02  # seconds, at least, of one wait's pause


async def wait_until(pilot: Pilot, condition: Callable[[], bool], timeout: float = 60.0) -> None:
    """Wait for `condition`, pausing at most timeout/PAUSE times: bounded by a count of pauses,
    not by the clock, so a busy machine (each pause taking longer) waits longer, never less."""
    for _ in range(max(1, round(timeout / PAUSE))):
        if condition():
            return
        await pilot.pause(PAUSE)
    if not condition():
        raise AssertionError(f"timed out waiting; screen is {type(pilot.app.screen).__name__}")


def drive_to_own_turn(session, seat: int = 0, seed: int = 0, limit: int = 2000):
    """Play `session` on, headless, by seeded random moves, to a fixed position where `seat` alone
    is to act and no reaction window is open: loaded there, nothing moves until that seat does
    (no bot plays on, no prompt comes up by itself while a test drives the screen)."""
    import random

    rng, rules = random.Random(seed), session.rules
    for _ in range(limit):
        if session.is_over:
            break
        state = session.state
        if session.to_act == [seat] and all(ask(state, seat) is None for ask in (
                rules.reaction_default, rules.auto_action, rules.paced_action)):
            return session
        mover = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(mover)), mover)
    raise AssertionError(f"seat {seat} never got a quiet turn")


def text(widget: Static) -> str:
    return str(widget.render())


def session_of(node):
    """The session of the table on screen (an app, or any screen of it): the host's, which the
    tests may read; moves go through `app.host.submit` like everyone else's."""
    app = getattr(node, "app", node)
    return app.host.session


def screen_text(app) -> str:
    """What the terminal shows now, as plain text lines: the strips Textual's screenshot is made
    of (the screen over the ones behind it), read as text without drawing an SVG."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    lines = ["".join(strip.text for strip in line).rstrip() for line in update.strips]
    return "\n".join(lines).replace("\xa0", " ")


#: What a private screen shows: a hand panel with its cards.
HAND_MARKS = ("'s hand · ", "Your hand · ")
#: The hand panel's title as far as a prompt over it lets it show ("╭─ Bob's ha┃  Draw from…").
HAND_PANEL_TITLE = re.compile(r"╭─ (\S+'s|Your) ha")


def frame_kind(frame: str, private_marks=HAND_MARKS) -> str:
    """A painted frame, sorted for the hot-seat checks: a curtain ("Pass to …"), a private screen
    (something only one seat may see: `private_marks`), or a shared one."""
    if "Pass to " in frame and "Press Enter when only" in frame:
        return "curtain"
    private = any(mark in frame for mark in private_marks) or \
        (private_marks is HAND_MARKS and HAND_PANEL_TITLE.search(frame) is not None)
    return "private" if private else "shared"


async def settle(pilot: Pilot, done, tries: int = 250) -> None:
    """Wait for `done()`, then for every table log to show its latest line (a snapshot of a
    loaded machine must not catch a log still scrolling), then one more refresh."""
    from cutthroat.tui.widgets.event_log import EventLog

    for _ in range(tries):
        if done():
            break
        await pilot.pause(0.02)
    assert done(), type(pilot.app.screen).__name__

    def logs_at_end() -> bool:
        logs = [log for screen in pilot.app.screen_stack for log in screen.query(EventLog)]
        return all(log.scroll_y >= log.max_scroll_y and (log.max_scroll_y > 0 or len(log.lines) <= log.size.height)
                   for log in logs)

    for _ in range(tries):
        if logs_at_end():
            break
        await pilot.pause(0.02)
    await pilot.pause()


async def enter_plays_the_hint(pilot: Pilot, table, timeout: float = 60.0):
    """On the seat's own move: `h`, wait for the hint's line, then Enter. Asserts Enter played
    exactly the hinted move (its target included) and returns it."""
    session = session_of(table)
    seat, before = table.viewer, len(session.log)
    await pilot.press("h")
    await wait_until(pilot, lambda: table.hinted is not None, timeout)  # the search runs in a worker
    hinted = table.hinted
    assert "Hint[/] (" in table.message and "plays it):" in table.message, table.message
    await pilot.press("enter")
    await wait_until(pilot, lambda: len(session.log) > before)
    assert session.log[before] == (seat, hinted)
    return hinted


class ManualAppClock(ManualClock):
    """An app's table host clock that moves only when the test says (it has nothing to stop)."""

    def close(self) -> None:
        """(Nothing to stop.)"""


class InlineAppWorkers(InlineWorkers):
    """An app's bots thinking on the caller's thread (nothing to stop)."""

    def close(self) -> None:
        """(Nothing to stop.)"""


#: Playouts of a hint's search in the tests that fix its budget (`hint_by_playouts`).
HINT_PLAYOUTS = 60


def hint_by_playouts(monkeypatch, playouts: int = HINT_PLAYOUTS) -> None:
    """A table's hint (the hard bot's move) searched by a fixed number of playouts instead of its
    400 ms of thinking: the same hint on a busy machine as on an idle one (so a walk that plays
    it goes the same way on every run), and no fixed think time per `h`."""
    from cutthroat.bots import make_bot
    from cutthroat.host import table

    def by_playouts(rules, level, seed=0, think_ms=None):
        return make_bot(rules, level, seed=seed, think_ms=think_ms,
                        playouts=playouts if level == "hard" else None)

    monkeypatch.setattr(table, "make_bot", by_playouts)
