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


@async_test
async def test_ascii_style_keeps_every_screen_plain_ascii(write_settings) -> None:
    """The ASCII card style (what a non-UTF-8 locale gets): the title, a table, its footer, the
    menu and a dialog all in plain ASCII, laid out as in Unicode."""
    from cutthroat.tui.screens.menu import MenuScreen
    from cutthroat.tui.screens.title import TitleScreen

    write_settings(card_style="ascii")
    app = CutthroatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause()
        title = screen_text(app)
        assert title.isascii() and "Kill The Kings" in title and "2-5 players" in title
        seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
        app.start_game("exploding-kittens", {}, 9, seats)
        await wait_until(pilot, lambda: any(isinstance(s, TableScreenBase) and s.is_mounted for s in app.screen_stack))
        await pilot.pause(0.3)
        table = screen_text(app)
        assert table.isascii(), [line for line in table.splitlines() if not line.isascii()]
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause()
        menu = screen_text(app)
        assert menu.isascii() and "Quit to title" in menu


@async_test
async def test_unicode_style_is_left_as_it_is(write_settings) -> None:
    write_settings(card_style="unicode")
    app = CutthroatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "2–5 players" in screen_text(app)


def test_a_prompt_says_what_esc_really_does():
    """"Esc cancel" only where Esc cancels; a window says Esc passes; a decision waits."""
    from cutthroat.tui.widgets.choice import Choice, ChoiceScreen

    assert ChoiceScreen("t", [Choice("a", "x", 1)]).esc == "put away"


@async_test
async def test_the_nope_window_prompt_says_esc_passes() -> None:
    from cutthroat.games.exploding_kittens.actions import Play
    from cutthroat.games.exploding_kittens.cards import BY_CODE
    from cutthroat.games.exploding_kittens.rules import RULES
    from cutthroat.session import Session
    from cutthroat.tui.widgets.choice import ChoiceScreen
    from helpers_ek import BOX_CONFIG, position

    state = position(3, hands={0: "NOPE DEF", 1: "SKIP TACO", 2: "BEARD"}, pile="TACO TACO TACO EXP", turn=1)
    RULES.apply(state, Play(BY_CODE["SKIP"]), 1)
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and bool(app.screen.query(".dialog-help")))
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "Esc pass" in shown and "Esc cancel" not in shown


def test_counts_and_articles_read_right_for_any_number_and_name() -> None:
    from cutthroat.engine.words import a_or_an, counted

    assert [counted(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert counted(1, "life", "lives") == "1 life" and counted(3, "life", "lives") == "3 lives"
    assert [a_or_an(w) for w in ("Exploding Kittens", "Kill The Kings", "Imploding Kitten", "Ax", "one-eyed")] == \
        ["an Exploding Kittens", "a Kill The Kings", "an Imploding Kitten", "an Ax", "a one-eyed"]
    assert [a_or_an(n) for n in ("8", "11", "12", "18", "80", "7")] == ["an 8", "an 11", "a 12", "an 18", "an 80", "a 7"]


@async_test
async def test_the_log_read_back_counts_one_line_as_one() -> None:
    from textual.app import App

    from cutthroat.tui.screens.history import HistoryScreen

    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(HistoryScreen("Kill The Kings", ["Round 1 · Killer mode (target 7)"]))
        await pilot.pause()
        assert "The game so far (1 line)" in screen_text(app)


def _one_card_events():
    from cutthroat.games.exploding_kittens import events as ek
    from cutthroat.games.kill_your_friends import events as kyf
    from cutthroat.games.stab_your_friends import events as syf

    return [(ek.Reordered(0, 1, -1), "Ana puts the top 1 card back"),
            (ek.Shuffled(1), "The draw pile is shuffled (1 card)"),
            (kyf.HandsSwapped(0, 1, (1, 2)), "Ana and Bob swap hands (now holding 1 card and 2 cards)"),
            (kyf.Shuffled(1), "The deck is shuffled (1 card)"),
            (syf.Reshuffled(1), "The discard pile (1 card) is shuffled into a new face-up deck")]


@pytest.mark.parametrize("event,words", _one_card_events(), ids=lambda v: getattr(v, "kind", ""))
def test_one_card_is_one_card_in_every_games_log(event, words) -> None:
    assert event.describe(("Ana", "Bob")) == words
