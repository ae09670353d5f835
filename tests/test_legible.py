"""Legible without colour or Unicode: in the ASCII style a card's marks differ by shape, a prompt
says its keys in words, every character the app draws has an ASCII stand-in, and the setup form
shows the focused row with a mark, not by its background only."""

from __future__ import annotations

import pathlib

from cutthroat.saves import Seat
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.ascii_filter import ascii_char
from helpers_pilot import async_test, screen_text, wait_until

SIZE = (80, 24)
SRC = pathlib.Path(__file__).resolve().parent.parent / "src" / "cutthroat"


def test_every_character_the_app_draws_has_an_ascii_stand_in():
    """The net under the ASCII style: no character in the app's text turns into "?" (the setup's
    ‹ Human › did, under LANG=C); comments in the bots don't reach the screen."""
    unknown = {}
    for path in sorted(SRC.rglob("*.py")) + sorted(SRC.rglob("*.tcss")):
        if "bots" in path.parts or path.name == "bots.py":
            continue
        for char in set(path.read_text(encoding="utf-8")):
            if not char.isascii() and "?" in ascii_char(char):
                unknown.setdefault(char, path.relative_to(SRC).as_posix())
    assert unknown == {}


def border_at(lines: list[str], box) -> str:
    """A card box's frame as drawn: its top edge past the title, its left side and a corner."""
    region = box.region
    top, side = lines[region.y], lines[region.y + 1]
    return top[region.right - 2] + side[region.x] + top[region.x]


@async_test
async def test_ascii_card_marks_differ_without_colour(write_settings) -> None:
    """ASCII: a plain card `+-+`, a legal target `+=+`, a hint `+.:` and the cursor `###`, so
    the cursor and a hint (both once `+-`) are told apart on a terminal with no colour."""
    from cutthroat.tui.widgets.card import CardBox

    write_settings(card_style="ascii")
    app = CutthroatApp(start=dict(game="kill-the-kings", config={}, seed=5, seats=[Seat("human", "You")]))
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        boxes = {box.id: box for box in table.query(CardBox)}
        await pilot.press("n")  # a card drawn: the kings and the free spots are targets
        await wait_until(pilot, lambda: table.query(".-target"))
        await pilot.press("h")
        await wait_until(pilot, lambda: table.query(".-hint"))
        hinted = table.query_one(".-hint")
        for _ in range(8):  # the cursor off the hint (the hint brought it there)
            if not hinted.has_class("-cursor"):
                break
            await pilot.press("right")
            await pilot.pause()
        await pilot.pause()
        lines = screen_text(app).splitlines()

        def kind(box) -> str:
            return next((k for k in ("-cursor", "-hint", "-target", "-selected") if box.has_class(k)), "plain")

        drawn: dict[str, set[str]] = {}
        for box in boxes.values():
            drawn.setdefault(kind(box), set()).add(border_at(lines, box))
        assert drawn["plain"] == {"-|+"}
        assert drawn["-target"] == {"=|+"}
        assert drawn["-hint"] == {".:+"}
        assert drawn["-cursor"] == {"###"}
