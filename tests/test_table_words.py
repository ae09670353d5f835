"""What every table says matches the table: the footer's seat range, "You" in sentences."""

from __future__ import annotations

import pytest

from cutthroat.saves import Seat
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.base import TableScreenBase
from helpers_pilot import async_test, screen_text, wait_until


@pytest.mark.parametrize("game, players, shown", [
    ("stab-your-friends", 3, "1-3"),
    ("psycho-killer", 4, "1-4"),
    ("exploding-kittens", 2, "1-2"),
])
@async_test
async def test_the_footer_seat_range_is_this_tables(game, players, shown) -> None:
    seats = [Seat("human", "Ana"), Seat("human", "Bob")] + [Seat("bot", f"B{i}", "random") for i in range(players - 2)]
    app = CutthroatApp(start=dict(game=game, config={}, seed=3, seats=seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: any(isinstance(s, TableScreenBase) and s.is_mounted for s in app.screen_stack))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreenBase))
        displays = [b.key_display for b in table._bindings.key_to_bindings["1"] if b.action == "seat(0)"]
        assert displays == [shown]
        await pilot.pause()
        if app.screen is table:
            footer = screen_text(app).splitlines()[-1]
            assert shown in footer and "1-8" not in footer and "1-6" not in footer
