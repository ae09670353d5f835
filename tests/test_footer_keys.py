"""Every key the footer offers does something when pressed: no dead keys, no refusals.

Each game's table is walked, hot-seat (two humans and a bot, so curtains, shared windows and a
bot's turns all come up) on a manual clock with the bot thinking inline: at every stop the test
presses one of the keys the footer shows (seeded), and checks that it acted — the table moved, a
screen or prompt came up, the cursor or the message changed — and that it wasn't refused (no
"✗", no bell). Prompts are answered, curtains passed, and the clock moved on when nothing shows.
"""

from __future__ import annotations

import random

import pytest

from cutthroat import host as host_module
from cutthroat.saves import Seat
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.shared import SharedTableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from cutthroat.tui.widgets.news import NewsScreen
from helpers_pilot import (ManualAppClock as Clock, InlineAppWorkers as Workers, async_test, hint_by_playouts, screen_text,
                           session_of, wait_until)

SIZE = (80, 24)
SEATS = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
#: Keys that open another screen (always something): pressed now and then, then closed again.
AWAY = {"save", "rules", "menu", "history"}


@pytest.fixture
def manual_time(monkeypatch, write_settings) -> None:
    monkeypatch.setattr(host_module, "SystemClock", Clock)
    monkeypatch.setattr(host_module, "ThreadWorkers", Workers)
    hint_by_playouts(monkeypatch)  # (a hint found in 400 ms of thinking would steer the walk by the machine's speed)
    write_settings(bot_speed="normal", nope_window="3", card_style="unicode")


def shown_keys(screen) -> list:
    """The footer's keys now: (key, binding) of every binding shown and enabled on `screen`."""
    return [(key, b.binding) for key, b in screen.active_bindings.items()
            if b.node is screen and b.binding.show and b.enabled]


def looks(app, table) -> tuple:
    """What a key may change that a player would notice."""
    sight = table.sight
    return (sight.update.version if sight else None, sight.seat if sight else None,
            sight.private if sight else None, sight.claimable if sight else None,
            table.cursor, table.selected, table.message, table.news, table.prompt_open,
            tuple(id(s) for s in app.screen_stack))


class Walk:
    def __init__(self, app, pilot, seed: int) -> None:
        self.app, self.pilot, self.rng = app, pilot, random.Random(seed)
        self.bells = 0
        app.bell = self.ring
        self.pressed: list[str] = []

    def ring(self) -> None:
        self.bells += 1

    @property
    def table(self) -> SharedTableScreen:
        return next(s for s in self.app.screen_stack if isinstance(s, SharedTableScreen))

    async def settle(self) -> None:
        for _ in range(30):
            await self.pilot.pause()
            sight = self.table.sight
            if sight is not None and sight.update.version == session_of(self.app).version \
                    and not self.table._inbox:
                break
        await self.pilot.pause()

    async def step(self) -> None:
        app, table, rng = self.app, self.table, self.rng
        screen = app.screen
        if isinstance(screen, (CurtainScreen, NewsScreen)):
            await self.pilot.press("enter")
        elif isinstance(screen, ChoiceScreen):
            keys = [c.key for c in screen.choices if c.key]
            await self.pilot.press(rng.choice(keys) if keys else "enter")
        elif screen is not table:
            await self.pilot.press("escape")
        else:
            keys = shown_keys(table)
            live = [(k, b) for k, b in keys if b.action not in AWAY or rng.random() < 0.05]
            if not live or rng.random() < 0.1:
                app.host.clock.advance(10)
            else:
                key, binding = rng.choice(live)
                if binding.action.startswith("seat("):  # "2-3": the seats that answer now
                    key = (binding.key_display or key)[0]
                before, bells = looks(app, table), self.bells
                message_before = table.message
                await self.pilot.press(key)
                await self.settle()
                where = f"{binding.description!r} ({key}) after {self.pressed[-6:]}"
                assert self.bells == bells, f"{where} was refused: {table.message}"
                assert table.message == message_before or "✗" not in table.message, where
                again = self.pressed[-1:] == [key]  # a hint asked twice is the same hint
                assert again or looks(app, table) != before, f"{where} did nothing"
                self.pressed.append(key)
                return
        await self.settle()


async def walk(game: str, config: dict, seed: int, steps: int) -> Walk:
    app = CutthroatApp(start=dict(game=game, config=config, seed=seed, seats=list(SEATS)))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            if any(isinstance(s, SharedTableScreen) for s in app.screen_stack):
                break
            await pilot.pause()
        walker = Walk(app, pilot, seed)
        await walker.settle()
        for _ in range(steps):
            if session_of(app).is_over or isinstance(app.screen, GameOverScreen):
                break
            await walker.step()
        assert len(walker.pressed) > 20
        return walker


GAMES = [("psycho-killer", {"hold-your-nerve": "on"}),
         ("stab-your-friends", {"royal-call-out": "anyone"}),
         ("exploding-kittens", {}),
         ("kill-your-friends", {})]


@pytest.mark.parametrize("game,config", GAMES, ids=[g for g, _ in GAMES])
@async_test
async def test_every_key_the_footer_shows_acts(manual_time, game, config) -> None:
    await walk(game, config, seed=1, steps=70)


@pytest.mark.soak
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("game,config", GAMES, ids=[g for g, _ in GAMES])
@async_test
async def test_every_key_the_footer_shows_acts_in_long_walks(manual_time, game, config, seed) -> None:
    await walk(game, config, seed=seed, steps=400)


@pytest.mark.parametrize("game", ["exploding-kittens", "kill-your-friends", "stab-your-friends", "psycho-killer"])
@async_test
async def test_after_a_hint_the_footer_offers_enter_to_play_it(write_settings, game) -> None:
    """The footer shows one binding a key: while a hint stands, Enter's is "play hint" (a hidden
    one took ⏎ out of the footer, though Enter played the hint)."""
    from cutthroat.session import Session
    from helpers_pilot import drive_to_own_turn, screen_text, wait_until

    write_settings(card_style="unicode")
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    app = CutthroatApp(loaded=drive_to_own_turn(Session(game, {}, 4, seats), seed=4).save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SharedTableScreen) and app.screen.started)
        table = app.screen
        await pilot.press("h")
        await wait_until(pilot, lambda: table.standing_hint() is not None)
        footer = lambda: screen_text(app).splitlines()[-1]  # noqa: E731
        await wait_until(pilot, lambda: "⏎ play hint" in footer())


@async_test
async def test_a_server_tables_game_over_offers_no_same_seed_and_its_footer_fits() -> None:
    """At a server `r` (the same seed) would only go back to the lobby, as `n` does: not offered,
    and the footer's last key (`t title`) is whole at 80 columns (it was cut to "t t")."""
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        dialog = GameOverScreen("Pal wins!", "", ["Nope Sauce · last one standing"], "", dialog_id="ek-game-over")
        dialog.game_id, dialog.at_server = "exploding-kittens", True
        dialog.finished = object()  # (its review is offered)
        app.push_screen(dialog)
        def footer() -> str:
            return (screen_text(app).splitlines() or [""])[-1]
        await wait_until(pilot, lambda: "back to the lobby" in footer())
        footer = footer()
        assert "same seed" not in footer and footer.rstrip().endswith("t title"), footer
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is dialog  # (r does nothing there)
