"""80×24 snapshots of Records (with its chart, in ASCII, a multi-player game), the title's
daily-deal line, and a daily deal's share line on its game over. Histories are built from
FinishedGame objects; today and now are pinned (tests/helpers_records.py)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.records import RecordsScreen
from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen
from helpers_pilot import screen_text, wait_until
from helpers_records import TODAY, fill, pin_today, played_daily

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def today(monkeypatch) -> None:
    pin_today(monkeypatch)


def records_app(game: str, mode: str | None = None) -> CutthroatApp:
    app = CutthroatApp()

    async def open_records(pilot: Pilot) -> None:
        app.push_screen(RecordsScreen(game, mode=mode))
        await wait_until(pilot, lambda: isinstance(app.screen, RecordsScreen) and "Games" in screen_text(app))

    app.open_records = open_records
    return app


def test_records_with_the_chart(snap_compare, write_settings) -> None:
    write_settings(card_style="unicode")
    fill()
    app = records_app("kill-the-kings", "killer")
    assert snap_compare(app, terminal_size=SIZE, run_before=app.open_records)


def test_records_in_ascii(snap_compare, write_settings) -> None:
    write_settings(card_style="ascii")
    fill()
    app = records_app("kill-the-kings")
    assert snap_compare(app, terminal_size=SIZE, run_before=app.open_records)


def test_records_of_a_multi_player_game(snap_compare, write_settings) -> None:
    write_settings(card_style="unicode")
    fill()
    app = records_app("kill-your-friends")
    assert snap_compare(app, terminal_size=SIZE, run_before=app.open_records)


def test_title_with_todays_deal_played(snap_compare, write_settings) -> None:
    write_settings(card_style="unicode")
    fill(multi=False)
    app = CutthroatApp()

    async def run_before(pilot: Pilot) -> None:
        await wait_until(pilot, lambda: "Today's deal: Kill The Kings, ✓ played" in screen_text(app))
        menu = app.screen.query_one("#title-menu")
        menu.highlighted = menu.get_option_index("daily")  # the deal's line: its blurb
        await wait_until(pilot, lambda: "first try counts" in screen_text(app))

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_share_line_on_a_daily_deals_game_over(snap_compare, write_settings) -> None:
    from cutthroat import saves

    write_settings(card_style="unicode")
    finished = played_daily()
    data = saves.parse(__import__("json").dumps(finished.document).encode(), "daily")
    app = CutthroatApp(loaded=data)

    async def run_before(pilot: Pilot) -> None:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and f"· {TODAY} ·" in screen_text(app))

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
