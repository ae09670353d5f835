"""SVG snapshots of the main screens at 80×24 (pytest-textual-snapshot).

Update with `pytest tests/test_tui_snapshots.py --snapshot-update` and look at the SVGs in
tests/__snapshots__/test_tui_snapshots/ before committing them.

Nothing in these screens may depend on the clock or a random seed: every game is seeded, the
save/config dirs are fresh (tests/conftest.py, so Continue is "no game in progress" unless a
test keeps games, with fixed times, in a save dir shown as ~/saves),
and the card style is pinned to Unicode so the locale doesn't matter.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from cutthroat import saves
from cutthroat.bots import make_bot
from cutthroat.engine.protocol import Action
from cutthroat.games.kill_the_kings.rules import RULES
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.continue_list import ContinueScreen
from cutthroat.tui.screens.load import LoadScreen
from cutthroat.tui.screens.rules import RulesScreen
from cutthroat.tui.screens.title import TitleScreen
from cutthroat.tui.screens.too_small import TooSmallScreen
from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen, RoundEndScreen
from helpers_pilot import session_of, settle
from cutthroat.tui.tables.setup import SetupScreen
from cutthroat.tui.tables.kill_the_kings.table import TableScreen

SIZE = (80, 24)
YOU = Seat("human", "You")

# Seed 5, keys: draw+place ×3, draw+reserve A, then a card drawn and left waiting in hand (so
# its legal targets are marked).
MID_GAME_KEYS = ("n", "2", "n", "1", "n", "3", "n", "a", "n")



@pytest.fixture(autouse=True)
def unicode_cards(write_settings) -> None:
    write_settings(card_style="unicode")


def table_app(seed: int) -> CutthroatApp:
    return CutthroatApp(start=dict(game="kill-the-kings", config={"mode": "killer"}, seed=seed, seats=[YOU]))




def test_title_screen(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        assert isinstance(pilot.app.screen, TitleScreen)

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


def test_setup_screen(snap_compare) -> None:
    async def opens() -> None:
        app = CutthroatApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)

    asyncio.run(opens())

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(pilot.app.screen, SetupScreen))

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


def test_table_mid_game(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        await pilot.press(*MID_GAME_KEYS)
        await pilot.pause()
        view = session_of(table).view(0)
        assert len(session_of(table).log) == len(MID_GAME_KEYS)  # every key played a move
        assert view.reserve[0] is not None and view.drawn is not None
        assert sum(len(c) for c in view.columns) == 3

    assert snap_compare(table_app(5), terminal_size=SIZE, run_before=run_before)


def one_move_short(seed: int, until: str) -> tuple[CutthroatApp, Action]:
    """An app opened on the position one heuristic-bot move before the round (or game) ends.

    The bot plays headless (fast); the last move is left for run_before to make at the table, so
    the modal comes up the way it does in play.
    """
    session = Session("kill-the-kings", {"mode": "killer"}, seed, [YOU])
    bot = make_bot(RULES, "heuristic", seed=0)
    moves: list[Action] = []
    while not (session.view(0).phase == "round_over" if until == "round" else session.is_over):
        moves.append(bot.choose(session.view(0), session.legal_actions(0)))
        session.apply(moves[-1])
    session = Session("kill-the-kings", {"mode": "killer"}, seed, [YOU])
    for action in moves[:-1]:
        session.apply(action)
    return CutthroatApp(loaded=session.save_data()), moves[-1]


def test_round_end_modal(snap_compare) -> None:
    # Seed 3: the heuristic bot kills two kings in round 1 (1 + 2 = 3 points).
    app, last = one_move_short(3, "round")

    async def run_before(pilot: Pilot) -> None:
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        table.app.host.submit(0, last)
        await settle(pilot, lambda: isinstance(pilot.app.screen, RoundEndScreen))
        assert session_of(table).view(0).round_points == (3,)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_game_over_modal(snap_compare) -> None:
    # Seed 8: the heuristic bot scores 1 + 6 + 1 = 8, a Killer win.
    app, last = one_move_short(8, "game")

    async def run_before(pilot: Pilot) -> None:
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        table.app.host.submit(0, last)
        await settle(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))
        assert session_of(table).result().scores == [8]

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_rules_browser_from_the_title(snap_compare) -> None:
    """The title's Rules: every game in the contents, the highlighted one open at its opening."""
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("question_mark")
        await settle(pilot, lambda: isinstance(pilot.app.screen, RulesScreen))

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


def test_too_small_terminal(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        assert isinstance(pilot.app.screen, TooSmallScreen)

    assert snap_compare(CutthroatApp(), terminal_size=(70, 20), run_before=run_before)


# -- games in progress and saves: fixed times, a save dir shown as ~/saves -------------------------------
PLAYED = time.mktime((2026, 11, 28, 21, 15, 0, 0, 0, -1))


@pytest.fixture
def saves_at_home(tmp_path, monkeypatch) -> Path:
    """A save dir at ~/saves (so the screens show the same path every run), in UTC."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    save_dir = tmp_path / "saves"
    monkeypatch.setenv("CUTTHROAT_SAVE_DIR", str(save_dir))
    yield save_dir
    monkeypatch.undo()
    time.tzset()


def kept_game(save_dir: Path, game: str, seed: int, seats: list[Seat], moves: int, config=None) -> Path:
    """A game in progress, played `moves` moves by random bots' hands, last played at PLAYED."""
    session = Session(game, config or {}, seed, seats, autosave_path=save_dir / "in-progress" / f"{game}-{seed}.json")
    for i in range(moves):
        seat = session.current_seat
        bot = make_bot(session.rules, "random", seed=i)
        session.apply(bot.choose(session.view(seat), session.legal_actions(seat)), seat)
    return session.autosave_path


def test_continue_list(snap_compare, saves_at_home: Path) -> None:
    bots = [Seat("bot", name, "hard") for name in ("Bob", "Cy", "Dee")]
    for minutes, (game, seed, seats, moves) in enumerate([
            ("kill-the-kings", 5, [YOU], 60),
            ("exploding-kittens", 3, [Seat("human", "Ana"), Seat("human", "Bob"), bots[1]], 25),
            ("psycho-killer", 4, [Seat("human", "Ana"), *bots], 40)]):
        path = kept_game(saves_at_home, game, seed, seats, moves)
        os.utime(path, (PLAYED + 60 * minutes, PLAYED + 60 * minutes))
    broken = saves_at_home / "in-progress" / "kill-your-friends-9.json"
    broken.write_text('{"format": "cutthroat-save", "vers', encoding="utf-8")
    os.utime(broken, (PLAYED - 86400, PLAYED - 86400))

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(pilot.app.screen, ContinueScreen))

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


def test_load_screen(snap_compare, saves_at_home: Path) -> None:
    mine = kept_game(saves_at_home, "kill-the-kings", 5, [YOU], 60)
    good = saves_at_home / "before-the-last-king.json"
    data = saves.read(mine)
    data.name = "Before the last king"
    saves.write(good, data)
    os.utime(good, (PLAYED, PLAYED))
    broken = saves_at_home / "cut-short.json"
    broken.write_text('{"format": "cutthroat-save", "vers', encoding="utf-8")
    os.utime(broken, (PLAYED - 3600, PLAYED - 3600))

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("l")
        await settle(pilot, lambda: isinstance(pilot.app.screen, LoadScreen))

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


def test_lobby_with_todays_leaderboard(snap_compare) -> None:
    """The server's lobby: two tables, and today's Kill The Kings leaderboard under them (a
    hostile name shown as it is)."""
    from test_lobby_tui import FakeService, daily_boards, served_app, to_lobby, waiting_table

    service = FakeService([waiting_table("ABCD", names=("Ana", "Bob")),
                           waiting_table("EFGH", maker_is_you=False, title="Kill Your Friends", names=("Cy",), free=2)])
    service.results = [{"code": "WXYZ", "title": "Psycho Killer", "won": True}]
    service.daily = daily_boards()

    async def run_before(pilot: Pilot) -> None:
        lobby = await to_lobby(pilot)
        from helpers_pilot import wait_until

        await wait_until(pilot, lambda: "Today's deal" in str(lobby.query_one("#lobby-daily").render()))

    assert snap_compare(served_app(service), terminal_size=SIZE, run_before=run_before)
