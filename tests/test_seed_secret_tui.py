"""The deal is secret: nothing a hidden card follows from (the seed) is on screen before game
over, at a solo table too (solo Kill The Kings' deck order follows from it), and a daily deal's
never; at game over the dialog tells it. Over the five games: the table, its log (all of it, not
only the lines in view), the pause menu; and a typed seed, the title's Continue line, the Continue
and Load lists, the replay of a save in progress. (The host's updates: tests/test_host.py.)"""

from __future__ import annotations

import random

import pytest
from textual.widgets import Input

from cutthroat import in_progress, saves
from cutthroat.replay import Replay
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.replay import ReplayScreen
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen as KtkGameOverScreen
from cutthroat.tui.tables.kill_the_kings.table import TableScreen
from cutthroat.tui.tables.setup import SetupScreen
from cutthroat.tui.widgets.event_log import EventLog
from helpers_pilot import async_test, drive_to_own_turn, screen_text, wait_until

SIZE = (80, 24)
SEED = 468657
GAMES = ["kill-the-kings", "exploding-kittens", "kill-your-friends", "psycho-killer", "stab-your-friends"]


def seats(game: str) -> list[Seat]:
    """Solo where the game is (Kill The Kings), else Ana and two bots."""
    if game == "kill-the-kings":
        return [Seat("human", "Ana")]
    return [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]


def told(app) -> str:
    """The screen and the whole log (its first lines may be scrolled out of view)."""
    logs = "\n".join(strip.text for log in app.screen.query(EventLog) for strip in log.lines)
    return screen_text(app) + "\n" + logs


def over(app) -> bool:
    return isinstance(app.screen, (GameOverScreen, KtkGameOverScreen))


def finished(game: str, daily: str | None = None) -> Session:
    session = Session(game, {}, SEED, seats(game), daily=daily)
    rng = random.Random(1)
    while not session.is_over:
        mover = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(mover)), mover)
    return session


@pytest.mark.parametrize("game", GAMES)
@async_test
async def test_no_seed_on_screen_before_game_over(game) -> None:
    session = drive_to_own_turn(Session(game, {}, SEED, seats(game)))
    session.apply(session.legal_actions(0)[0], 0)  # (a move in: the log has more than its opening)
    drive_to_own_turn(session)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "— resumed here —" in told(app))
        assert not session.is_over
        assert str(SEED) not in told(app) and "Seed" not in told(app)
        await pilot.press("escape")  # the pause menu
        await wait_until(pilot, lambda: "Save" in screen_text(app))
        assert str(SEED) not in screen_text(app)


@pytest.mark.parametrize("game", GAMES)
@async_test
async def test_the_game_over_tells_the_seed_but_a_daily_deal_never(game) -> None:
    app = CutthroatApp(loaded=finished(game).save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: over(app) and f"seed {SEED}" in told(app))
    app = CutthroatApp(loaded=finished(game, daily="2026-12-03").save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: over(app) and "today's deal" in told(app))
        assert str(SEED) not in told(app)


@async_test
async def test_a_seed_typed_in_the_setup_is_not_repeated_on_the_table() -> None:
    """The player's own seed is kept to the game-over too: one rule for every seed, and at a
    hot-seat table the others would read it."""
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Kill The Kings, first on the title's menu
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("down", "down")  # the seat, the mode, the seed
        assert app.focused is app.screen.query_one("#seed", Input)
        await pilot.press(*str(SEED), "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and "Round 1" in told(app))
        assert app.host.session.seed == SEED
        assert str(SEED) not in told(app) and "Seed" not in told(app)


@async_test
async def test_no_seed_on_the_title_continue_and_load_lists(save_dir) -> None:
    """A solo game in progress and a three-seat one, kept and saved: the title's Continue line,
    the Continue list and Load's list (with the highlighted save's details) say nothing of their
    seeds."""
    for game in ("kill-the-kings", "kill-your-friends"):
        session = Session(game, {}, SEED, seats(game), autosave_path=in_progress.new_path(save_dir, game))
        drive_to_own_turn(session)
        session.apply(session.legal_actions(0)[0], 0)
        session.save(save_dir / f"{game}.json")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "2 games in progress" in screen_text(app))
        assert str(SEED) not in screen_text(app)
        for key, shown in (("c", "Kill Your Friends"), ("l", "Your saves")):
            await pilot.press(key)
            await wait_until(pilot, lambda: shown in screen_text(app) and "Ana" in screen_text(app))
            assert str(SEED) not in screen_text(app) and "Seed" not in screen_text(app)
            for _ in range(3):  # (each entry's details, in turn)
                await pilot.press("down")
                await pilot.pause()
                assert str(SEED) not in screen_text(app)
            await pilot.press("escape")
            await wait_until(pilot, lambda: "2 games in progress" in screen_text(app))


@async_test
async def test_the_replay_of_a_solo_save_in_progress_shows_no_seed() -> None:
    """`cutthroat replay FILE` of a game in progress: no step, first or last, tells the seed."""
    session = drive_to_own_turn(Session("kill-the-kings", {}, SEED, seats("kill-the-kings")))
    for _ in range(4):
        session.apply(session.legal_actions(0)[0], 0)
    assert not session.is_over
    app = CutthroatApp(replay=Replay.from_document(saves.to_json(session.save_data())))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.started
                         and "REPLAY ▸ Kill The Kings" in told(app))
        for key in ("home", "end"):
            await pilot.press(key)
            await pilot.pause()
            assert str(SEED) not in told(app) and "Seed" not in told(app)
