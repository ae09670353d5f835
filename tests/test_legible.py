"""Legible without colour or Unicode: in the ASCII style a card's marks differ by shape, a prompt
says its keys in words, every character the app draws has an ASCII stand-in, and the setup form
shows the focused row with a mark, not by its background only."""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize("card_style", ["ascii", "unicode"])
@async_test
async def test_a_picked_reserve_card_is_framed_unlike_a_target(write_settings, card_style) -> None:
    """Kill The Kings: the reserve card picked up to play and the columns it may go under differ
    by the shape of their frames, not by colour alone."""
    from cutthroat.tui.widgets.card import CardBox

    write_settings(card_style=card_style)
    app = CutthroatApp(start=dict(game="kill-the-kings", config={}, seed=5, seats=[Seat("human", "You")]))
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        await pilot.press("n", "5")  # a card drawn, put in reserve A
        await wait_until(pilot, lambda: table.view.reserve[0] is not None)
        await pilot.press("5")  # picked up again, to play under a king
        await wait_until(pilot, lambda: table.query(".-selected"))
        picked = table.query_one(".-selected")
        for key in ("up", "right", "right"):  # the cursor off the picked card
            if not picked.has_class("-cursor"):
                break
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()
        lines = screen_text(app).splitlines()
        targets = [box for box in table.query(CardBox) if box.has_class("-target") and not box.has_class("-cursor")]
        assert targets, "a king the card fits under"
        assert border_at(lines, picked) not in {border_at(lines, box) for box in targets}
        assert border_at(lines, picked) != border_at(lines, table.query_one(".-cursor"))


@async_test
async def test_the_ascii_crown_is_not_the_hand_cursor(write_settings) -> None:
    """Stab Your Friends in ASCII: the royal highness wears `@`; `^` is the hand's cursor alone."""
    from cutthroat.tui.tables.base import TableScreenBase

    write_settings(card_style="ascii")
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    app = CutthroatApp(start=dict(game="stab-your-friends", config={"first-royal": "1"}, seed=2, seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreenBase) and "hand" in screen_text(app))
        lines = screen_text(app).splitlines()
        crowned = next(line for line in lines if " 1 Ana " in line)  # her seat's row
        assert "@" in crowned.split(" 1 Ana ")[0] and "^" not in crowned, "\n".join(lines)
        assert [line for line in lines if "^" in line] == [line for line in lines if line.strip(" |^") == ""
                                                           and "^" in line], "only the cursor row"


@async_test
async def test_the_setup_marks_the_focused_row(write_settings) -> None:
    """The row with the focus has a ▸ before it (> in ASCII), and only that row: the focus is not
    told by a background colour alone. Under LANG=C (the ASCII style) the choices read
    `< Human >`, not `? Human ?`."""
    from cutthroat.tui.tables.setup import SetupScreen

    for style, mark in (("unicode", "▸"), ("ascii", ">")):
        write_settings(card_style=style)
        app = CutthroatApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.push_screen(SetupScreen("kill-your-friends"))
            await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.focused is not None)
            setup = app.screen

            def marked() -> list[str]:
                """The first word of each row with the mark before it."""
                return [line[1:].split()[0] for line in screen_text(app).splitlines() if line.startswith(mark)]

            await pilot.pause()
            assert marked() == ["Players"]
            await pilot.press("down", "down")  # seat 2's row
            await pilot.pause()
            assert marked() == ["2"]
            await pilot.press("tab")  # seat 2's name: the same row
            await pilot.pause()
            assert setup.focused.id == "name-1" and marked() == ["2"]
            if style == "ascii":
                text = screen_text(app)
                assert "< Human         >" in text and "?" not in text
                assert "Up/Down move . Left/Right change . Enter starts" in text and "^v" not in text


@async_test
async def test_an_ascii_prompt_says_its_keys_in_words(write_settings) -> None:
    """A prompt's legend in ASCII: "Up/Down, Enter: choose", not "^v ~ choose" (^ is also the
    Crown, ~ no key at all), and the discard pile's "Up/Down scroll" (not ^v beside the key v);
    in Unicode the arrows stay."""
    from cutthroat.tui.widgets.choice import Choice, ChoiceScreen

    from cutthroat.games.exploding_kittens.cards import BY_CODE
    from cutthroat.tui.tables.exploding_kittens.prompts import DiscardScreen

    prompts = {"choice": lambda: ChoiceScreen("Nope it?", [Choice("p", "Let it happen", 0), Choice("n", "Nope!", 1)],
                                              esc="pass"),
               "discard": lambda: DiscardScreen([BY_CODE["NOPE"]])}
    for style, prompt, legend in (("ascii", "choice", "p/n or Up/Down, Enter: choose . Esc pass"),
                                  ("unicode", "choice", "p/n or ↑↓ ⏎ choose · Esc pass"),
                                  ("ascii", "discard", "Up/Down scroll . v or Esc close")):
        write_settings(card_style=style)
        app = CutthroatApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.push_screen(prompts[prompt]())
            await wait_until(pilot, lambda: app.screen.query(".dialog-help"))
            await pilot.pause()
            text = screen_text(app)
            assert legend in text
            assert "^v" not in text and "~" not in text
