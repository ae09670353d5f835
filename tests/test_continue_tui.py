"""No game in progress is ever lost, through the keys: the four ways a game used to be lost, the
Continue list (resume the second of two, delete after a yes), a game open in another window,
Load's details, broken files, rename and delete, and the save dialog's paths and replacing."""

from __future__ import annotations

import os
import time
from pathlib import Path

from textual.widgets import Input, OptionList

from cutthroat import in_progress, paths, saves
from cutthroat.bots import make_bot
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.confirm import ConfirmScreen
from cutthroat.tui.screens.continue_list import ContinueScreen
from cutthroat.tui.screens.load import LoadScreen
from cutthroat.tui.screens.menu import MenuScreen
from cutthroat.tui.screens.save import NameScreen, SaveScreen
from cutthroat.tui.screens.title import TitleScreen
from cutthroat.tui.tables.base import TableScreenBase
from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen, RoundEndScreen
from helpers_pilot import async_test, session_of, wait_until

SIZE = (80, 24)
EXAMPLES = paths.data_dir("saves")


def kept(save_dir: Path) -> list[Path]:
    return sorted((save_dir / "in-progress").glob("*.json"))


def played_ktk(save_dir: Path, seed: int = 5, until_round: int = 2) -> Session:
    """A human's Kill The Kings game, played by a bot's hand into `until_round`, kept as a game
    in progress exactly as a table keeps one."""
    session = Session("kill-the-kings", {"mode": "killer"}, seed, [Seat("human", "You")],
                      autosave_path=in_progress.new_path(save_dir, "kill-the-kings"))
    bot = make_bot(session.rules, "heuristic", seed=1)
    while session.state.round < until_round:
        session.apply(bot.choose(session.view(0), session.legal_actions(0)))
    session.apply(bot.choose(session.view(0), session.legal_actions(0)))
    return session


def notices(app, severity: str | None = None) -> list[str]:
    return [str(n.message) for n in app._notifications if severity is None or n.severity == severity]


def option_ids(menu: OptionList) -> list[str | None]:
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def highlight(pilot, menu: OptionList, option_id: str) -> None:
    target = menu.get_option_index(option_id)
    for _ in range(menu.option_count * 2):
        if menu.highlighted == target:
            return
        await pilot.press("down" if (menu.highlighted or 0) < target else "up")
    assert menu.highlighted == target


def on_table(app) -> bool:
    """A table is open (perhaps under one of its prompts)."""
    return app.host is not None and any(isinstance(s, TableScreenBase) for s in app.screen_stack)


# -- the four ways a game was lost --------------------------------------------------------------------
@async_test
async def test_watching_bots_play_does_not_touch_the_game_in_progress(save_dir: Path) -> None:
    """KTK into round 2, then `cutthroat play kill-the-kings --humans 0 --bots hard --seed 7`."""
    mine = played_ktk(save_dir)
    before = mine.autosave_path.read_bytes()
    watched = dict(game="kill-the-kings", config={"mode": "killer"}, seed=7,
                   seats=[Seat("bot", "Hard bot", "hard")], think_ms=5)
    app = CutthroatApp(start=watched)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2400):  # (bounded by a count of pauses, not the clock: a loaded machine waits longer)
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, RoundEndScreen):
                await pilot.press("enter")  # the next round
            await pilot.pause(0.05)
        else:
            raise AssertionError("the watched game never ended")
        assert app.host.session.autosave_path is None  # a watched game is not kept
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert isinstance(app.screen, TitleScreen)
        option = app.screen.query_one("#title-menu", OptionList).get_option("continue")
        assert "Kill The Kings, round 2 of 3" in str(option.prompt)
    assert kept(save_dir) == [mine.autosave_path] and mine.autosave_path.read_bytes() == before

    again = CutthroatApp()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Continue is highlighted; one game: it resumes directly
        await wait_until(pilot, lambda: on_table(again))
        assert session_of(again).log == mine.log
        assert session_of(again).state.round == 2


@async_test
async def test_loading_an_example_keeps_the_game_on_the_table(save_dir: Path) -> None:
    """An EK game, one draw, then Esc → Load → an example, and no move: both are kept; the
    Continue list offers both, and the older (the first game) resumes move for move."""
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "heuristic"), Seat("bot", "Cy", "heuristic")]
    app = CutthroatApp(start=dict(game="exploding-kittens", config={}, seed=9, seats=seats))  # Ana first
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: on_table(app) and 0 in app.host.session.to_act)
        first = app.host.session
        draw = next(a for a in first.legal_actions(0) if a.kind == "draw")
        app.host.submit(0, draw)
        await wait_until(pilot, lambda: (0, draw) in first.log)
        for _ in range(50):  # Esc passes the bots' Nope windows, then opens the menu
            if isinstance(app.screen, MenuScreen):
                break
            await pilot.press("escape")
            await pilot.pause(0.1)
        assert isinstance(app.screen, MenuScreen)
        await highlight(pilot, app.screen.query_one("#menu-list", OptionList), "load")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        example = EXAMPLES / "kyf-reaper-in-hand.json"
        load = app.screen
        key = next(k for k, e in load.entries.items() if e.path == example)
        await highlight(pilot, load.query_one("#load-list", OptionList), key)
        await pilot.press("enter")
        await wait_until(pilot, lambda: on_table(app) and app.host.session is not first)
        assert "Your Exploding Kittens: Recipes for Disaster game is kept: Continue resumes it" in notices(app)
        first_log = list(first.log)  # its host is closed: nothing moves it any more
        assert len(kept(save_dir)) == 2
    assert saves.read(first.autosave_path).log == first_log
    assert (EXAMPLES / "kyf-reaper-in-hand.json").read_bytes() == example.read_bytes()

    again = CutthroatApp()
    async with again.run_test(size=SIZE) as pilot:
        menu = again.screen.query_one("#title-menu", OptionList)
        assert "2 games in progress" in str(menu.get_option("continue").prompt)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(again.screen, ContinueScreen))
        listing = again.screen.query_one("#continue-list", OptionList)
        prompts = [str(listing.get_option(i).prompt) for i in ("game0", "game1")]
        assert prompts[0].startswith("Kill Your Friends") and "You + 3 bots" in prompts[0]
        assert prompts[1].startswith("Exploding Kittens · Nope Sauce")
        assert "Ana + 2 bots" in prompts[1] and "3 of 3 still in" in prompts[1]
        await pilot.press("down")
        await pilot.press("enter")
        await wait_until(pilot, lambda: on_table(again))
        assert again.host.session.game == "exploding-kittens"
        assert again.host.session.log[:len(first_log)] == first_log
        assert again.host.session.autosave_path == first.autosave_path


@async_test
async def test_a_game_open_in_another_window_is_not_resumed_twice(save_dir: Path) -> None:
    mine = played_ktk(save_dir)
    other_window = in_progress.claim(mine.autosave_path)
    before = mine.autosave_path.read_bytes()
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.host is None
        assert any("open in another window" in m for m in notices(app, "error"))
    assert mine.autosave_path.read_bytes() == before
    other_window.release()


@async_test
async def test_an_unwritable_save_dir_leaves_the_save_dialog_a_path_elsewhere(tmp_path: Path) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the save directory should be")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    app = CutthroatApp(save_dir=str(blocked), start=dict(game="kill-the-kings", config={"mode": "killer"}, seed=5,
                                                         seats=[Seat("human", "You")]))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: on_table(app))
        await wait_until(pilot, lambda: any("Autosave failed" == n.title for n in app._notifications))
        session = app.host.session
        app.host.submit(0, session.legal_actions(0)[0])
        await pilot.press("escape")  # the menu doesn't promise a Continue it can't keep
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        said = str(app.screen.query_one("#menu-list", OptionList).get_option("title").prompt)
        assert said == "Quit to title (autosave failed: not kept)"
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreenBase))
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveScreen))
        name = app.screen.query_one("#save-name", Input)
        name.value = str(tmp_path / "missing" / "mine")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveScreen)  # refused, with the reason
        assert any(f"no folder {tmp_path / 'missing'}" in m for m in notices(app))
        name.value = str(elsewhere / "mine")
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, SaveScreen))
        assert on_table(app)
        data = saves.read(elsewhere / "mine.json")
        assert data.log == session.log and data.name == "mine"


@async_test
async def test_save_dialog_expands_home_and_asks_before_replacing(save_dir: Path, tmp_path: Path,
                                                                   monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "games").mkdir()
    app = CutthroatApp(start=dict(game="kill-the-kings", config={"mode": "killer"}, seed=5,
                                  seats=[Seat("human", "You")]))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: on_table(app))
        for answer in ("first", "n", "y"):
            await pilot.press("s")
            await wait_until(pilot, lambda: isinstance(app.screen, SaveScreen))
            app.screen.query_one("#save-name", Input).value = "~/games/mine"
            await pilot.press("enter")
            await pilot.pause()
            target = tmp_path / "games" / "mine.json"
            if answer == "first":
                assert target.is_file()
                written = target.stat().st_mtime_ns
                os.utime(target, ns=(written - 10**9, written - 10**9))
                written = target.stat().st_mtime_ns
                app.host.submit(0, app.host.session.legal_actions(0)[0])
                continue
            assert isinstance(app.screen, ConfirmScreen)
            assert "Replace mine.json?" in str(app.screen.query_one("#confirm-question").render())
            await pilot.press(answer)
            await pilot.pause()
            if answer == "n":
                assert target.stat().st_mtime_ns == written  # not replaced
                assert isinstance(app.screen, SaveScreen)
                await pilot.press("escape")
            else:
                assert target.stat().st_mtime_ns != written
                assert saves.read(target).log == app.host.session.log
            await wait_until(pilot, lambda: on_table(app))


# -- the Continue list ---------------------------------------------------------------------------------
@async_test
async def test_continue_list_deletes_a_game_only_after_a_yes(save_dir: Path) -> None:
    older = played_ktk(save_dir, seed=5)
    os.utime(older.autosave_path, (time.time() - 60, time.time() - 60))
    newer = played_ktk(save_dir, seed=6, until_round=1)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ContinueScreen))
        screen = app.screen
        assert [g.path for g in screen.games] == [newer.autosave_path, older.autosave_path]
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is screen)
        assert len(kept(save_dir)) == 2
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: app.screen is screen)
        assert kept(save_dir) == [older.autosave_path]
        assert [g.path for g in screen.games] == [older.autosave_path]
        await pilot.press("enter")
        await wait_until(pilot, lambda: on_table(app))
        assert session_of(app).log == older.log


@async_test
async def test_a_version_1_autosave_resumes_into_its_own_file(save_dir: Path) -> None:
    old = Session("kill-the-kings", {"mode": "killer"}, 5, [Seat("human", "You")],
                  autosave_path=save_dir / "autosave.json")
    bot = make_bot(old.rules, "heuristic", seed=1)
    for _ in range(6):
        old.apply(bot.choose(old.view(0), old.legal_actions(0)))
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: on_table(app))
        assert session_of(app).log == old.log
        assert session_of(app).autosave_path.parent == save_dir / "in-progress"
    assert not (save_dir / "autosave.json").exists()
    assert saves.read(kept(save_dir)[0]).log == old.log


# -- Load -----------------------------------------------------------------------------------------------
@async_test
async def test_load_marks_broken_files_and_renames_and_deletes_after_a_yes(save_dir: Path) -> None:
    good = played_ktk(save_dir)
    good.save(save_dir / "my-game.json", "my game")
    os.utime(save_dir / "my-game.json", (1_700_000_000, 1_700_000_000))  # (played long ago)
    broken = save_dir / "broken.json"
    broken.write_text('{"format": "cutthroat-save"', encoding="utf-8")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        load = app.screen
        menu = load.query_one("#load-list", OptionList)
        by_path = {e.path: k for k, e in load.entries.items()}
        broken_text = str(menu.get_option(by_path[broken]).prompt)
        assert "broken: broken.json: not valid JSON" in broken_text  # marked before it is picked
        good_text = str(menu.get_option(by_path[save_dir / "my-game.json"]).prompt)
        assert good_text.startswith("my game") and "Kill The Kings · Killer" in good_text
        assert "round 2 of 3" in good_text

        await highlight(pilot, menu, by_path[save_dir / "my-game.json"])
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, NameScreen))
        app.screen.query_one("#save-name", Input).value = "Round two"
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is load)
        assert not (save_dir / "my-game.json").exists()
        assert saves.read(save_dir / "round-two.json").name == "Round two"
        assert (save_dir / "round-two.json").stat().st_mtime == 1_700_000_000  # its played date, not today

        menu = load.query_one("#load-list", OptionList)
        await highlight(pilot, menu, next(k for k, e in load.entries.items() if e.path == broken))
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("escape")  # no
        await wait_until(pilot, lambda: app.screen is load)
        assert broken.exists()
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: app.screen is load)
        assert not broken.exists()

        menu = load.query_one("#load-list", OptionList)
        example = next(k for k, e in load.entries.items() if e.example)
        await highlight(pilot, menu, example)
        before = {p: p.read_bytes() for p in EXAMPLES.glob("*.json")}
        await pilot.press("d")
        await pilot.pause()
        assert app.screen is load and any("read-only" in m for m in notices(app))
        assert {p: p.read_bytes() for p in EXAMPLES.glob("*.json")} == before


@async_test
async def test_a_save_from_before_a_rules_fix_opens_with_one_line_saying_so(save_dir: Path) -> None:
    old = Path(__file__).parent / "data" / "kyf-revision-1.json"
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        assert app.load_file(old)
        await wait_until(pilot, lambda: on_table(app) and app.screen.is_mounted)
        await pilot.pause()
        said = [m for m in notices(app) if m.startswith("Saved before a Kill Your Friends rules fix")]
        assert len(said) == 1 and "goes on from where it was" in said[0]
        assert app.host.session.base is not None
    (kept_file,) = kept(save_dir)
    assert saves.read(kept_file).note == ""  # kept again, it is a save of today's rules


# -- a game nobody has played is not a game in progress -----------------------------------------------
async def quit_to_title(pilot, app) -> str:
    """Esc, and "Quit to title" from the table's menu; returns what that choice said."""
    await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
    menu = app.screen.query_one("#menu-list", OptionList)
    said = str(menu.get_option("title").prompt)
    await highlight(pilot, menu, "title")
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
    return said


@async_test
async def test_trying_a_game_out_leaves_continue_empty_and_a_move_keeps_it(save_dir: Path) -> None:
    """`cutthroat play` and straight back: nothing in Continue, and the menu said so. Then a game
    with one move: kept, and the menu said that."""
    start = dict(game="kill-the-kings", config={"mode": "killer"}, seed=5, seats=[Seat("human", "You")])
    app = CutthroatApp(start=start)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: on_table(app))
        assert await quit_to_title(pilot, app) == "Quit to title (no move made yet: not kept)"
        assert kept(save_dir) == [] and in_progress.games_in_progress(save_dir) == []
        continue_option = app.screen.query_one("#title-menu", OptionList).get_option("continue")
        assert continue_option.disabled

        app.start_game(**start)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreenBase) and app.screen.sight is not None)
        await pilot.press("n")  # the first card: the player's first move
        await wait_until(pilot, lambda: len(app.host.session.log) == 1)
        log = list(app.host.session.log)
        assert await quit_to_title(pilot, app) == "Quit to title (the game stays in Continue)"
        (game,) = in_progress.games_in_progress(save_dir)
        assert game.data.log == log
        assert not app.screen.query_one("#title-menu", OptionList).get_option("continue").disabled


@async_test
async def test_the_menu_of_a_watched_game_says_it_is_not_kept(save_dir: Path) -> None:
    watched = dict(game="kill-the-kings", config={"mode": "killer"}, seed=7,
                   seats=[Seat("bot", "Random bot", "random")])
    app = CutthroatApp(start=watched)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, RoundEndScreen))  # the bot waits for the watcher
        await pilot.press("l")  # a look at the board (the bot still waits)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreenBase))
        assert await quit_to_title(pilot, app) == "Quit to title (watched game: not kept)"
    assert kept(save_dir) == []


def counting_reads(monkeypatch) -> list[Path]:
    reads, real = [], saves.read
    monkeypatch.setattr(saves, "read", lambda path, *a, **k: reads.append(Path(path)) or real(path, *a, **k))
    return reads


@async_test
async def test_load_shows_your_saves_from_the_index_and_reads_one_when_picked(save_dir: Path, monkeypatch) -> None:
    game = played_ktk(save_dir)
    game.save(save_dir / "first.json", "first")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        shown = {e.path: str(e.text()) for e in app.screen.entries.values()}
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        game.save(save_dir / "second.json", "second")  # (recorded in the index as it is written)
        reads = counting_reads(monkeypatch)
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        load = app.screen
        assert [p for p in reads if p.parent == save_dir] == []  # examples aside, nothing replayed
        again = {e.path: str(e.text()) for e in load.entries.values()}
        assert again[save_dir / "first.json"] == shown[save_dir / "first.json"]
        assert again[save_dir / "second.json"].startswith("second") and "round 2 of 3" in again[save_dir / "second.json"]
        await highlight(pilot, load.query_one("#load-list", OptionList),
                        next(k for k, e in load.entries.items() if e.path == save_dir / "second.json"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: on_table(app))
        assert save_dir / "second.json" in reads and session_of(app).log == game.log


@async_test
async def test_continue_lists_every_game_whatever_the_index_says(save_dir: Path) -> None:
    games = [played_ktk(save_dir, seed=seed) for seed in (5, 6)]
    in_progress.games_in_progress(save_dir)
    (save_dir / "in-progress" / ".index.cache").write_text("{not json", encoding="utf-8")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, ContinueScreen))
        assert sorted(g.path for g in app.screen.games) == sorted(g.autosave_path for g in games)
        assert all(g.summary is not None and "round 2 of 3" in g.summary.line for g in app.screen.games)


@async_test
async def test_the_title_lists_the_games_in_progress_once_and_again_on_its_return(save_dir: Path, monkeypatch) -> None:
    played_ktk(save_dir)
    listings, real = [], in_progress.games_in_progress
    monkeypatch.setattr(in_progress, "games_in_progress", lambda d: listings.append(d) or real(d))
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.games)
        await pilot.pause()
        assert len(listings) == 1  # (not once on mount and again on the resume that comes with it)
        played_ktk(save_dir, seed=6)
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and len(app.screen.games) == 2)
        assert "2 games in progress" in str(app.screen.query_one("#title-menu", OptionList).get_option("continue").prompt)
