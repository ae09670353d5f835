"""Hot-seat privacy, frame by frame: a 2-human Psycho Killer game (Ana and Bob, two bots) played
by keys at 80×24, with Hold Your Nerve (anyone may keep a predicament drawn) and hands that bring
Trip Over windows, attacks, defences and Rewind answers.

Time is the test's: the host runs on a manual clock with the bots thinking inline, so a bot's
pause and a shared window's deadline last until the test moves the clock on. Every frame is
captured — right after each key, at every pause while the screen catches up, and while a bot is
thinking — and sorted: a curtain ("Pass to …"), a private screen (a hand on show, what a seat
alone knows) or a shared one. While more than one person may be looking (a shared window, a
bot's move, a curtain) nothing private is on screen; a private screen comes only behind its own
seat's curtain; and the shared log never tells what only one seat saw (a card drawn or kept).
"""

from __future__ import annotations

import random

import pytest

from cutthroat import host as host_module
from cutthroat.engine.words import agree
from cutthroat.games.psycho_killer.cards import ALL_CARDS, PREDICAMENT, STOP
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.psycho_killer.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from cutthroat.tui.widgets.event_log import EventLog
from cutthroat.tui.widgets.news import NewsScreen
from helpers_pilot import ManualAppClock as Clock, InlineAppWorkers as Workers, async_test, frame_kind, screen_text, session_of
from helpers_pk import position

SIZE = (80, 24)
NAMES = ("Ana", "Bob", "Cy", "Dee")
SEATS = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random"), Seat("bot", "Dee", "random")]
#: What only one seat may see: its hand (the panel's title, whole or cut short by a prompt over
#: it), what it knows of the decks, the card it just drew, its Trip Overs and weapons in a
#: prompt, a predicament it may keep, its news.
HAND_TITLES = tuple(f"╭─ {name}'s" for name in NAMES)
PRIVATE_MARKS = ("'s hand · ", *HAND_TITLES, "You know:", "You drew", "you hold", "you may keep it",
                 "Weapons in hand:", "Since your last turn")
MOVES = 60  # moves of the game to play (every moment the test asserts has come up by move 36)


@pytest.fixture
def manual_time(monkeypatch, write_settings) -> None:
    """The app's table host on a manual clock, bots thinking inline; bots pause and a shared
    window waits (on that clock) as in real play."""
    monkeypatch.setattr(host_module, "SystemClock", Clock)
    monkeypatch.setattr(host_module, "ThreadWorkers", Workers)
    write_settings(bot_speed="normal", nope_window="3", card_style="unicode")


def start_position():
    """Ana to play. Everyone may keep a predicament (Hold Your Nerve); Ana and Bob hold Trip
    Over, weapons and answers to an attack and to a draw, and the decks soon bring Psycho
    Killers and predicaments."""
    return position(4, hands={0: "TRIP BARRICADE HOOK SLAM BOOBY", 1: "TRIP BEHIND KNIFE HATCHET DTAP",
                              2: "TRIP KNIFE", 3: "BARRICADE HOOK"},
                    decks=("WOODS PK KNIFE CAR HURTS DISARM PK KEYS", "HATCHET BETRAYAL FOOTAGE PK CAR KNIFE BOOK"),
                    hold_your_nerve=True, turn=0, seed=3)


class Game:
    """The app under test, its frames, and a seeded player at the keys."""

    def __init__(self, app, pilot) -> None:
        self.app, self.pilot = app, pilot
        self.frames: list[tuple[str, str, str]] = []  # (kind, when, text)
        self.rng = random.Random(5)
        self.logged: set[str] = set()  # every line the shared log showed

    @property
    def session(self):
        return session_of(self.app)

    @property
    def table(self) -> TableScreen:
        return next(s for s in self.app.screen_stack if isinstance(s, TableScreen))

    def take(self, when: str) -> None:
        frame = screen_text(self.app)
        if not self.frames or self.frames[-1][2] != frame or when != self.frames[-1][1]:
            self.frames.append((frame_kind(frame, PRIVATE_MARKS), when, frame))
        self.logged.update(str(e) for log in self.table.query(EventLog) for e in log.entries)

    def private_lines(self) -> set[str]:
        """Every event only some seats saw, in the words those seats read."""
        return {agree(e.describe(NAMES)) for seat in range(len(NAMES)) for e in self.session.history(seat)
                if e.private}

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            self.take("after a key")

    async def caught_up(self) -> None:
        """Pause until the screen shows the table's latest move (frames taken at each pause)."""
        for _ in range(60):
            await self.pilot.pause()
            self.take("settling")
            update = self.table.update
            if update is not None and update.version == self.session.version:
                return
        raise AssertionError("the screen never caught up with the table")

    async def step(self) -> None:
        """One thing a player at the keyboard would do now, or the clock moved on."""
        screen, table, rng = self.app.screen, self.table, self.rng
        frame = screen_text(self.app)
        clock = self.app.host.clock
        if isinstance(screen, CurtainScreen):
            if "Pass to" in frame:
                await self.press("enter")
        elif isinstance(screen, NewsScreen):
            await self.press("enter")
        elif isinstance(screen, ChoiceScreen):
            keys = [c.key for c in screen.choices]
            favourite = next((c.key for c in screen.choices  # keep, evade, defend, trip
                              if c.label.startswith(("Hold it", "Play ", "Trip Over"))), None)
            await self.press(favourite if favourite and rng.random() < 0.7 else rng.choice(keys))
        elif screen is table and table.sight is not None and table.sight.claimable:
            roll = rng.random()
            if roll < 0.5:
                await self.press(str(rng.choice(table.sight.claimable) + 1))
            elif roll < 0.75:
                await self.press("p")
            else:
                self.take("a shared window's time")
                clock.advance(10)
        elif screen is table and table.main_turn():
            playable = [i for i, c in enumerate(table.hand(table.update.view)) if c in table.playable(table.update)]
            if playable and rng.random() < 0.5:
                await self.press("home", *["right"] * rng.choice(playable), "enter")
            else:
                await self.press(rng.choice("ab"))
        elif screen is table and table.check_action("answer", ()):
            await self.press("enter")
        elif clock.pending():
            self.take("a bot thinking" if self.bot_to_act() else "the clock running")
            clock.advance(10)
        await self.caught_up()

    def bot_to_act(self) -> bool:
        return any(SEATS[q].kind == "bot" for q in self.session.to_act)


@async_test
async def test_hot_seat_psycho_killer_shows_nothing_private_in_a_shared_moment(manual_time) -> None:
    session = Session("psycho-killer", {"hold-your-nerve": "on"}, 3, list(SEATS), state=start_position())
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        game = Game(app, pilot)
        for _ in range(100):
            if any(isinstance(s, TableScreen) for s in app.screen_stack):
                break
            await pilot.pause()
        await game.caught_up()
        for _ in range(4000):
            if game.session.is_over or len(game.session.log) >= MOVES:
                break
            await game.step()
        log = list(game.session.log)
        events = [e for seat in (0, 1) for e in game.session.history(seat)]
        leaked = game.logged & game.private_lines()

    assert len(log) >= MOVES or game.session.is_over
    kinds = [kind for kind, _, _ in game.frames]
    whens = {when for _, when, _ in game.frames}
    assert {"curtain", "private", "shared"} <= set(kinds) and {"after a key", "a bot thinking"} <= whens
    # The moments this game is for: a human kept a predicament, a defence met a Trip Over window,
    # a human answered a draw with a Rewind card, a human claimed a shared window.
    assert any(e.kind == "kept" and e.seat in (0, 1) for e in events)
    assert any(e.kind == "played" and e.card.code in ("BARRICADE", "BEHIND") for e in events)
    assert any(a.kind == "evade" for seat, a in log if seat in (0, 1))
    assert any(a.kind in ("trip", "pass") for seat, a in log if seat in (0, 1))

    owner = None  # whose curtain was passed last: the only seat a private screen may belong to
    last = None
    for kind, when, frame in game.frames:
        if kind == "curtain":
            owner = next(name for name in NAMES if f"Pass to {name}" in frame)
        elif kind == "private":
            assert last in ("curtain", "private"), f"a private screen right after a shared one ({when}):\n{frame}"
            shown = [name for name, title in zip(NAMES, HAND_TITLES) if title in frame]
            assert shown in ([], [owner]), f"{owner}'s curtain, but ({when}):\n{frame}"
        else:  # a shared moment or a curtain: nothing private on screen
            assert not any(mark in frame for mark in PRIVATE_MARKS), f"({when}):\n{frame}"
        if kind != "private" and kind != "curtain":
            owner = None
        last = kind
    for kind, when, frame in game.frames:
        if when == "a bot thinking":
            assert kind == "shared", frame
    assert not leaked, sorted(leaked)[:5]  # the shared log never tells what only one seat saw
    kept = [line for line in game.logged if " keeps " in line]
    assert kept and all(line.endswith(" keeps a predicament for later") for line in kept), kept
    keepable = [c.name for c in ALL_CARDS if c.kind == PREDICAMENT and not c.has(STOP)]  # with Hold Your Nerve
    drawn = [line for line in game.logged if " drew " in line and any(name in line for name in keepable)]
    assert not drawn, drawn  # a predicament its drawer may keep is never named in a draw


@async_test
async def test_drawing_a_weapon_goes_straight_to_your_own_draw_again_choice(manual_time) -> None:
    """Ana draws a Knife with no Rewind card to answer it: nobody else's moment comes between, so
    her draw-again prompt follows at once — no "before you pass the screen on" box, no curtain."""
    state = position(4, hands={0: "HOOK", 1: "TRIP"}, decks=("KNIFE PK", "HATCHET CAR"), turn=0, seed=3)
    session = Session("psycho-killer", {}, 3, list(SEATS), state=state)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        game = Game(app, pilot)
        for _ in range(100):
            if isinstance(app.screen, CurtainScreen) and "Pass to Ana" in screen_text(app):
                break
            await pilot.pause()
        await game.press("enter")
        await game.caught_up()
        assert game.table.main_turn()
        seen = []
        await pilot.press("a")
        for _ in range(60):
            await pilot.pause()
            seen.append(type(app.screen))
            if isinstance(app.screen, ChoiceScreen):
                break
        assert isinstance(app.screen, ChoiceScreen) and "draw again?" in screen_text(app), screen_text(app)
        assert NewsScreen not in seen and CurtainScreen not in seen, seen
        assert [c.code for c in game.session.state.hands[0]].count("KNIFE") == 1
