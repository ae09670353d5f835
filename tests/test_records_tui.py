"""Records (title → Records, R on a game over), its past games, and today's deal on the title,
driven by keys over histories built from FinishedGame objects (tests/helpers_records.py)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from cutthroat.bots import make_bot
from cutthroat.history.daily import daily_setup, share_line
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.past_game import PastGameScreen
from cutthroat.tui.screens.past_games import PastGamesScreen
from cutthroat.tui.screens.records import RecordsScreen, choice_row
from cutthroat.tui.screens.title import TitleScreen
from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen, RoundEndScreen
from cutthroat.tui.widgets.score_chart import ascii_bars, axis_labels
from helpers_pilot import async_test, screen_text, wait_until
from helpers_records import TODAY, fill, pin_today

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def today(monkeypatch, write_settings) -> None:
    pin_today(monkeypatch)
    write_settings(card_style="unicode")


def lines(app) -> str:
    return screen_text(app)


def records_shown(app) -> bool:
    """Records is on screen with its figures (or its word that there are none)."""
    return isinstance(app.screen, RecordsScreen) and any(w in lines(app) for w in ("Games", "No finished"))


# -- Records by keys ---------------------------------------------------------------------------------
@async_test
async def test_title_to_records_switch_game_and_filters_past_games_and_back() -> None:
    fill()
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        await wait_until(pilot, lambda: isinstance(app.screen, RecordsScreen) and "Games" in lines(app))
        text = lines(app)
        assert "Games 61   Won 26 (43%)" in text and "Last 50 games, points" in text
        assert "Cutthroat · Kill The Kings · 2026-12-03 · 3 points · R1 – R2 ♠♥ R3 –" in text
        footer: dict[str, str] = {}  # (the footer shows each action once, at its first key)
        for _, b, _, _ in app.screen.active_bindings.values():
            if b.show:
                footer.setdefault(b.action, f"{b.key} {b.description}")
        assert list(footer.values()) == ["left game", "tab filter", "enter past games", "c copy line",
                                         "escape back"]  # the mockup's keys, in its order
        await pilot.press("tab", "right")  # the mode row: Killer
        await wait_until(pilot, lambda: "Kill The Kings · Killer" in lines(app))
        assert "Games 46" in lines(app) and "target 7" in lines(app)
        await pilot.press("tab", "right")  # the period row: 30 days (29 games, 8 of them Psycho)
        await wait_until(pilot, lambda: "Games 22 " in lines(app))
        await pilot.press("right")  # 7 days (6 games, 2 of them Psycho) and today's deal
        await wait_until(pilot, lambda: "Games 5 " in lines(app))
        await pilot.press("enter")  # the games behind the figures
        await wait_until(pilot, lambda: isinstance(app.screen, PastGamesScreen))
        rows = lines(app)
        assert "5 games, newest first" in rows and "3 points · lost  · daily deal" in rows
        await pilot.press("down", "enter")  # the second newest: one day ago
        await wait_until(pilot, lambda: isinstance(app.screen, PastGameScreen))
        assert "Kill The Kings · Killer" in lines(app) and "points" in lines(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGamesScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, RecordsScreen))
        await pilot.press("tab", "right")  # back on the game row: the next game
        await wait_until(pilot, lambda: "No finished games of Exploding Kittens: Recipes for Disaster yet."
                         in lines(app))
        assert "Exploding Kittens" in lines(app).splitlines()[0]
        assert "past games" not in lines(app).splitlines()[-1]  # nothing to list
        await pilot.press("right")  # Kill Your Friends, still over the last 7 days
        await wait_until(pilot, lambda: "No Kill Your Friends games in the last 7 days." in lines(app))
        await pilot.press("tab", "right")  # its period row (it has no modes): all
        await wait_until(pilot, lambda: "Games 12" in lines(app))
        text = lines(app)
        assert "Games 12   Won 5 (42%)" in text  # a hot-seat game counts once, won if a human won
        assert "vs hard 42% of 12 · vs heuristic 42% of 12" in text
        assert "Wins by seat" in text and "Average place" in text
        assert "Player" in text and "Ana" in text and "Bo" in text  # hot-seat: a player filter
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))


@async_test
async def test_hot_seat_games_count_for_each_human_by_name() -> None:
    fill(ktk=False)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(RecordsScreen("kill-your-friends"))
        await wait_until(pilot, lambda: isinstance(app.screen, RecordsScreen) and "Games 12" in lines(app))
        assert "Won 5 (42%)" in lines(app)  # everyone: a game one of them won
        await pilot.press("tab", "tab", "right")  # game → period → player: Ana
        await wait_until(pilot, lambda: "Won 4 (33%)" in lines(app))
        assert app.screen.players[app.screen.player_index] == "Ana"
        await pilot.press("right")  # Bo: the four hot-seat games only
        await wait_until(pilot, lambda: "Games 4 " in lines(app))
        assert "←→ player" in lines(app).splitlines()[-1]


@async_test
async def test_an_empty_history_says_so() -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        await wait_until(pilot, lambda: records_shown(app))
        text = lines(app)
        assert "No finished games of Kill The Kings yet." in text
        assert "Today's deal  not yet played · d plays it" in text
        assert "Last" not in text and "┤" not in text


# -- R on a game over --------------------------------------------------------------------------------
def finished_ktk(seed: int = 5, daily: str | None = None) -> Session:
    session = Session("kill-the-kings", {"mode": "killer"}, seed, [Seat("human", "You")], daily=daily)
    bot = make_bot(session.rules, "heuristic", seed=1)
    while not session.is_over:
        session.apply(bot.choose(session.view(0), session.legal_actions(0)))
    return session


@async_test
async def test_R_on_the_game_over_opens_records_on_that_game_and_esc_comes_back() -> None:
    fill(ktk=False)
    app = CutthroatApp(loaded=finished_ktk().save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and "R records" in lines(app))
        dialog = app.screen
        await pilot.press("R")
        await wait_until(pilot, lambda: records_shown(app))
        assert app.screen.game == "kill-the-kings" and "Kill The Kings · Killer" in lines(app).splitlines()[0]
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is dialog)


# -- today's deal ----------------------------------------------------------------------------------------
@async_test
async def test_title_daily_line_start_the_deal_finish_and_copy_the_share_line() -> None:
    setup = daily_setup("kill-the-kings", TODAY)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "Today's deal: Kill The Kings, not yet played" in lines(app))
        menu = app.screen.query_one("#title-menu", OptionList)
        menu.highlighted = menu.get_option_index("game:psycho-killer")
        await wait_until(pilot, lambda: "Today's deal: Psycho Killer, not yet played" in lines(app))
        menu.highlighted = menu.get_option_index("game:kill-the-kings")
        await wait_until(pilot, lambda: "Today's deal: Kill The Kings" in lines(app))
        await pilot.press("d")
        await wait_until(pilot, lambda: app.host is not None and app.host.session.game == "kill-the-kings")
        session = app.host.session
        assert session.daily == TODAY and session.seed == setup.seed
        await pilot.pause()
        assert str(setup.seed) not in lines(app) and "Seed" not in lines(app)  # the deal is secret
        bot = make_bot(session.rules, "heuristic", seed=1)
        # The deal is played through the host, a round's moves at a time without waiting for the
        # screen after each (playing by keys, screen by screen, is test_tui_pilot's whole game);
        # each round's end dialog is answered by its key.
        while not isinstance(app.screen, GameOverScreen):
            if isinstance(app.screen, RoundEndScreen):
                await pilot.press("enter")
            elif session.to_act == [0] and not session.is_over and session.view(0).phase == "play":
                version = session.version
                assert app.host.submit(0, bot.choose(session.view(0), session.legal_actions(0))) is None
                assert session.version > version
                continue
            await pilot.pause()
        share = share_line(session.finished_game(), ascii=False)
        await wait_until(pilot, lambda: share in lines(app))
        assert share.startswith(f"Cutthroat · Kill The Kings · {TODAY} · ")
        text = lines(app)
        assert share in text and "today's deal" in text and str(setup.seed) not in text
        footer = text.splitlines()[-1]
        assert "c copy" in footer and "same seed" not in footer  # no replaying a secret seed
        await pilot.press("c")
        await wait_until(pilot, lambda: app.clipboard == share)
        await wait_until(pilot, lambda: any(n.title == "Copied to the clipboard" and share in str(n.message)
                                            for n in app._notifications))  # the toast
        points = share.split(" · ")[3]
        await pilot.press("t")  # the game was recorded: the title says so
        await wait_until(pilot, lambda: f"Today's deal: Kill The Kings, ✓ played: {points}" in lines(app))


@async_test
async def test_a_game_that_is_not_a_daily_deal_has_no_share_line() -> None:
    app = CutthroatApp(loaded=finished_ktk().save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and "You " in lines(app))
        text = lines(app)
        assert "Cutthroat ·" not in text and "seed 5" in text and "c copy" not in text.splitlines()[-1]
        await pilot.press("c")  # nothing to copy: nothing happens
        await pilot.pause()
        assert app.clipboard == ""


@async_test
async def test_the_title_says_todays_deal_was_played() -> None:
    fill(multi=False)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "Today's deal: Kill The Kings, ✓ played: 3 points" in lines(app))


# -- the pieces --------------------------------------------------------------------------------------
def test_ascii_bars_scale_from_the_lowest_to_the_highest_score() -> None:
    assert ascii_bars([0, 5, 10]) == ["  #", " .#", ".##"]
    assert ascii_bars([3, 3]) == ["", "", ".."]  # all equal: the lowest bar each
    assert axis_labels([0, 14]) == ["14 ┤", " 7 ┤", " 0 ┤"]
    # All equal (one game): the value once, where the bars' tops are; not "3" at the top and the bottom.
    assert axis_labels([3]) == ["3 ┤", "  │", "  │"]
    assert axis_labels([3, 3], flat_row=-1) == ["  │", "  │", "3 ┤"]  # (the ASCII bars: the bottom row)


def test_a_filter_row_cuts_around_the_chosen_value() -> None:
    row = choice_row("Game", ["Kill The Kings", "Exploding Kittens", "Kill Your Friends", "Stab Your Friends",
                              "Psycho Killer"], 4, True, 76)
    assert "Psycho Killer" in row and row.count("…") == 1 and "Kill The Kings" not in row


@async_test
async def test_a_long_list_of_past_games_shows_the_newest_and_says_how_many() -> None:
    from datetime import timedelta

    from helpers_records import NOW, ktk_game

    games = [ktk_game(i % 16, NOW - timedelta(hours=i), n=i) for i in range(301)]  # newest first
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PastGamesScreen("kill-the-kings", games, "Kill The Kings"))
        await wait_until(pilot, lambda: "The newest 300 of 301 games (Records' filters narrow them)" in lines(app))
        assert app.screen.query_one(OptionList).option_count == 300


@async_test
async def test_todays_deal_begun_and_left_is_resumed_not_dealt_again() -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "Today's deal: Kill The Kings, not yet played" in lines(app))
        await pilot.press("d")
        await wait_until(pilot, lambda: app.host is not None and app.host.session.daily == TODAY)
        first = app.host.session
        await pilot.press("n")  # draw: the deal is begun (and kept as a game in progress)
        await wait_until(pilot, lambda: len(first.log) == 1)
        app.leave_table()
        await wait_until(pilot, lambda: "Today's deal: Kill The Kings, begun, not finished" in lines(app))
        await pilot.press("d")
        await wait_until(pilot, lambda: app.host is not None and app.host.session is not first)
        again = app.host.session
        assert again.game_id == first.game_id and again.log == first.log and again.daily == TODAY


@async_test
async def test_player_names_are_shown_as_typed() -> None:
    from datetime import timedelta

    from cutthroat import paths
    from cutthroat.history.store import History
    from helpers_records import NOW, multi_game

    history = History.open(paths.history_path(), keep=True)
    for i, humans in enumerate((("Ana", "[/]Bo"), ("[b]Cy", "Ana"))):
        history.record(multi_game(0, NOW - timedelta(days=i + 1), humans=humans, n=i))
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(RecordsScreen("kill-your-friends"))
        await wait_until(pilot, lambda: "Player" in lines(app))
        assert "everyone   Ana   [/]Bo   [b]Cy" in lines(app)
        await pilot.press("enter", "enter")  # a past game's result: its seats by name
        await wait_until(pilot, lambda: isinstance(app.screen, PastGameScreen))
        await wait_until(pilot, lambda: "[/]Bo" in lines(app) and "Ana" in lines(app))


# -- the figures at once, and deleting one game ----------------------------------------------------
@async_test
async def test_records_opens_on_the_light_rows_without_reading_whole_games(monkeypatch) -> None:
    """The figures (and the chart) come from each game's light row: no game is decoded to open
    Records (but today's); the past games read only the newest they list."""
    from cutthroat.history.store import History

    fill()
    read = []
    games = History.games
    # (today's deal reads today's games: `since` today)
    def reading(self, *args, **kwargs):
        if "since" not in kwargs:  # (today's deal reads today's games)
            read.append((args, kwargs))
        return games(self, *args, **kwargs)

    monkeypatch.setattr(History, "games", reading)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        await wait_until(pilot, lambda: records_shown(app))
        assert "Games 61   Won 26 (43%)" in lines(app) and "Last 50 games, points" in lines(app)
        assert read == []
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGamesScreen) and "61 games" in lines(app))
        assert read == [(("kill-the-kings", None), {"mode": None, "limit": 300})]


@async_test
async def test_the_title_reads_records_ahead_and_records_opens_without_reading_again(monkeypatch) -> None:
    """While the title is on show, its last game's figures are read in a thread; Records then opens
    on them without a read of its own (and reads again once the history has changed)."""
    from cutthroat.history.store import History

    fill()
    read = []
    facts = History.facts

    def reading(self, game):
        read.append(game)
        return facts(self, game)

    monkeypatch.setattr(History, "facts", reading)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: read == ["kill-the-kings"])
        await app.workers.wait_for_complete()
        await pilot.press("R")
        await wait_until(pilot, lambda: records_shown(app))
        assert "Games 61   Won 26 (43%)" in lines(app)
        assert read == ["kill-the-kings"]  # (the title's read, and no other)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await app.workers.wait_for_complete()
        assert read == ["kill-the-kings"]  # (unchanged history: nothing read again)


@async_test
async def test_d_deletes_one_game_after_a_yes_and_records_no_longer_count_it() -> None:
    from cutthroat.tui.daily import open_history
    from cutthroat.tui.screens.confirm import ConfirmScreen

    fill(daily=False, multi=False)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        await wait_until(pilot, lambda: records_shown(app) and "Games 60 " in lines(app))
        await pilot.press("tab", "tab", "right", "right")  # the last 7 days: 6 games
        await wait_until(pilot, lambda: "Games 6 " in lines(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGamesScreen) and "6 games" in lines(app))
        newest = app.screen.games[0]
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Delete this game from your history?" in lines(app)
        await pilot.press("n")  # no: nothing happens
        await wait_until(pilot, lambda: isinstance(app.screen, PastGamesScreen))
        assert "6 games" in lines(app) and open_history(app).get(newest.id) is not None
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGamesScreen) and "5 games" in lines(app))
        assert open_history(app).get(newest.id) is None and newest not in app.screen.games
        # on its result screen too: the second newest
        second = app.screen.games[1]
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGameScreen))
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGamesScreen) and "4 games" in lines(app))
        assert open_history(app).get(second.id) is None
        await pilot.press("escape")  # Records counts them no more, with its filters kept
        await wait_until(pilot, lambda: isinstance(app.screen, RecordsScreen) and "Games 4 " in lines(app))
        await pilot.press("left", "left")  # all time
        await wait_until(pilot, lambda: "Games 58 " in lines(app))


@async_test
async def test_past_games_of_a_long_history_list_the_newest_and_count_them_all() -> None:
    from helpers_records import many

    many(305)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        await wait_until(pilot, lambda: records_shown(app) and "Games 305 " in lines(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGamesScreen))
        await wait_until(pilot, lambda: "The newest 300 of 305 games (Records' filters narrow them)" in lines(app))
        assert app.screen.query_one(OptionList).option_count == 300
        await pilot.press("d", "y")
        await wait_until(pilot, lambda: "The newest 299 of 304 games" in lines(app))
