"""Hot-seat privacy, frame by frame: a 2-human Stab Your Friends game (Ana and Bob, two bots)
played by keys at 80×24, the bots held until `f` so every moment a bot is to play stays on screen
until it has been read.

Every frame is sorted: a curtain ("Pass to …"), a private screen (a hand on show: "Bob's hand ·
…") or a shared one. Frames are taken as the game goes, right after each key, and once the
screen has caught up with the table while a bot is to play or a card is about to activate. No
hand and no face-down card's name may show on a shared frame or a curtain; a hand may show
only while its seat decides (its own placing or choice: never while a bot thinks or a card
activates); and every private screen after a shared moment comes behind a curtain.
"""

from __future__ import annotations

import re

import pytest

from cutthroat import settings as settings_module
from cutthroat.saves import Seat
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.stab_your_friends.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from cutthroat.tui.widgets.news import NewsScreen
from helpers_pilot import async_test, frame_kind, screen_text, session_of, wait_until

SIZE = (80, 24)
SEATS = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "heuristic"), Seat("bot", "Dee", "heuristic")]
START = dict(game="stab-your-friends", config={"first-royal": "3"}, seed=42, seats=SEATS)
NAMED_BACK = re.compile(r"▒[A-Z]")  # a face-down card with its name: only its placer may see that
OWNER = re.compile(r"(Ana|Bob)'s ha")  # (a prompt over the panel may cut its title there)
#: On screen while nobody at the keyboard decides: a bot's turn, or a card activating.
NOBODY_DECIDES = ("is thinking", "Activating…", "Drawing…", "Waiting for")


@pytest.fixture
def held_bots(monkeypatch) -> None:
    """Bots and the table's own steps wait (an hour) until `f`: each such moment is on screen,
    whatever the machine's load, until the test has looked at it."""
    monkeypatch.setitem(settings_module.BOT_DELAYS, "instant", 3600.0)


class Frames:
    """The frames painted, in order: (kind, frame, why it was taken); a frame taken for no
    particular reason is kept only when it differs from the one before."""

    def __init__(self, app) -> None:
        self.app = app
        self.seen: list[tuple[str, str, str]] = []

    def take(self, why: str = "") -> str:
        frame = screen_text(self.app)
        if why or not self.seen or self.seen[-1][1] != frame:
            self.seen.append((frame_kind(frame), frame, why))
        return frame


async def play(pilot, app, frames: Frames, stop, limit: int = 3000) -> None:
    """Play by keys until `stop()`: Enter at a curtain (once it is painted) or on news, the first
    answer of a prompt, a player's number to place the card under the cursor (each player in
    turn), and `f` once the screen shows the latest move while a bot or a step is next."""
    session = session_of(app)
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    target = 0
    for _ in range(limit):
        frame = frames.take()
        if stop():
            return
        screen = app.screen
        key = None
        if isinstance(screen, CurtainScreen):
            key = "enter" if "Pass to" in frame else None
        elif isinstance(screen, ChoiceScreen):
            key = screen.choices[0].key
        elif isinstance(screen, NewsScreen):
            key = "enter"
        elif screen is table and table.placing():
            target = (target + 1) % len(SEATS)
            while session.state.out[target]:
                target = (target + 1) % len(SEATS)
            key = str(target + 1)
        elif screen is table and table.update.version == session.version and table.check_action("skip_ahead", ()):
            await pilot.pause()
            frames.take("a bot or a step is next")
            key = "f"
        if key is not None:
            await pilot.press(key)
            frames.take(f"right after {key}")
        await pilot.pause(0.02)
    raise AssertionError(f"not done after {limit} steps; screen is {type(app.screen).__name__}")


@async_test
async def test_no_hand_shows_while_a_bot_plays_or_a_card_activates(held_bots) -> None:
    app = CutthroatApp(start=dict(START))
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        session = session_of(app)
        # (every moment asserted below has come by move 27, in round 1 of this seed: stop as round 2 starts)
        await play(pilot, app, frames, stop=lambda: session.state.round > 1 or session.is_over)

    kinds = [kind for kind, _, _ in frames.seen]
    assert {"curtain", "private", "shared"} <= set(kinds)
    waited = [frame for _, frame, why in frames.seen if why == "a bot or a step is next"]
    assert any("Cy is thinking" in frame for frame in waited), "a bot's turn was looked at while it thought"
    assert any("Activating…" in frame for frame in waited), "an activation step was looked at before it fired"
    last = None
    for kind, frame, why in frames.seen:
        if kind != "private":
            assert "'s hand · " not in frame and not NAMED_BACK.search(frame), f"{why}:\n{frame}"
        else:
            owner = OWNER.search(frame).group(1)
            assert not any(mark in frame for mark in NOBODY_DECIDES), \
                f"{owner}'s hand shows while nobody at the keyboard decides ({why}):\n{frame}"
            assert last in ("curtain", "private"), f"a private screen right after a shared one:\n{frame}"
        last = kind
    private = [frame for kind, frame, _ in frames.seen if kind == "private"]
    assert any("Ana's hand" in frame for frame in private) and any("Bob's hand" in frame for frame in private)


@async_test
async def test_the_draw_phase_steps_are_told_as_drawing_not_activating() -> None:
    """The draw phase's steps (a bot taking the face-up top card: nobody chooses, shown as a step)
    say "Drawing…", not "Activating…"; the activation's steps still say "Activating…"."""
    from dataclasses import replace

    from cutthroat.games.stab_your_friends.state import ACTIVATING, DRAWING

    app = CutthroatApp(start=dict(START))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: any(isinstance(s, TableScreen) and s.sight is not None
                                            for s in app.screen_stack))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        sight = table.sight

        def stepping(phase: str):
            update = replace(sight.update, stepping=True,
                             view=replace(sight.update.view, phase=phase))
            return replace(sight, update=update, seat=None)
        drawing = stepping(DRAWING)
        assert "Drawing…" in table.prompt_words(drawing) and "Activating" not in table.prompt_words(drawing)
        assert table.hidden_hand(drawing).placeholder == "Hands are hidden while the cards are drawn."
        activating = stepping(ACTIVATING)
        assert "Activating…" in table.prompt_words(activating)
        assert table.hidden_hand(activating).placeholder == "Hands are hidden while the cards activate."
