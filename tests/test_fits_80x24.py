"""Nothing cut, nothing cramped at 80×24: the screens a new player meets, in the states that used to
lose a line or a word (every snapshot is a fit check as well: see conftest's `snap_compare`).

`helpers_fit.cut` names what doesn't fit: a line wrapped past its widget's height or wider than
it, a widget pushed past its box, a footer key past the row."""

from __future__ import annotations

from textual.widgets import Input

from cutthroat import in_progress
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.continue_list import ContinueScreen
from cutthroat.tui.screens.save import SaveScreen
from cutthroat.tui.screens.settings import SettingsScreen
from cutthroat.tui.tables.base import TableScreenBase
from helpers_fit import cut
from helpers_pilot import async_test, screen_text, wait_until
from test_lobby_tui import FakeService, served_app, to_lobby, waiting_table

SIZE = (80, 24)


async def fits(pilot) -> None:
    await pilot.pause()
    found = cut(pilot.app.screen)
    assert not found, "\n".join(found)


@async_test
async def test_settings_notes_fit_beside_their_settings() -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen())
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await fits(pilot)


@async_test
async def test_continue_never_cuts_a_setup_mid_value(save_dir) -> None:
    """A setup too long for the entry's first line keeps every variant whole (its value too)."""
    for game, config in (("stab-your-friends", {"first-royal": "3", "royal-call-out": "anyone"}),
                         ("kill-your-friends", {"sudden-death": "on", "kill-joy": "once",
                                                "head-hunter": "12"})):
        path = in_progress.new_path(save_dir, game)
        Session(game, config, 1, [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random"),
                       Seat("bot", "Dee", "random")]).save(path, "autosave")
    app = CutthroatApp(save_dir=str(save_dir))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ContinueScreen())
        await wait_until(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await fits(pilot)
        shown = screen_text(app)
        assert "Royal call-out: anyone calls" in shown
        assert "Head Hunter: 12 kills" in shown


@async_test
async def test_the_save_notice_keeps_the_file_name_on_one_line(save_dir) -> None:
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random")]
    app = CutthroatApp(save_dir=str(save_dir), start={"game": "psycho-killer", "config": {}, "seed": 1,
                                                      "seats": seats, "think_ms": None, "keep": False})
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_until(pilot, lambda: app.host is not None and isinstance(app.screen, TableScreenBase))
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveScreen))
        app.screen.query_one("#save-name", Input).value = "the long evening in the kitchen"
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(app._notifications) and "Saved" in screen_text(app))
        assert any(line.split("▌")[-1].strip() == "the-long-evening-in-the-kitchen.json"
                   for line in screen_text(app).splitlines()), screen_text(app)


@async_test
async def test_a_long_lobby_row_cuts_names_never_the_free_seats() -> None:
    table = waiting_table("ABCD", names=("Alexandria", "Bartholome", "Cassiopeia", "Demetrius", "Evangeline",
                                         "Florentine", "Gwendolyn"), free=1)
    app = served_app(FakeService([table]))
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        await pilot.pause()
        row = next(line for line in screen_text(app).splitlines() if "ABCD" in line)
        assert row.rstrip(" ▎").endswith("· 1 free") and "Ale… (you)" in row, row
        await fits(pilot)
