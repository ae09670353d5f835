"""The Textual app driven by key presses (Textual's Pilot), at 80×24.

Every test runs with fresh save/config dirs (tests/conftest.py) and bot speed "instant".
Keys, as the table binds them: 1–4 place under a column, a–d reserve the drawn card, 5–8 pick up a
reserve card (then 1–4), n draw, u undo, h hint, s save, Esc menu.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, Static

from cutthroat import paths, saves
from cutthroat.engine.protocol import Action, IllegalAction
from cutthroat.games.kill_the_kings.rules import NEXT_ROUND, PLACE
from cutthroat.saves import Seat
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.load import LoadScreen
from cutthroat.tui.screens.rules import RulesScreen
from cutthroat.tui.screens.menu import MenuScreen
from cutthroat.tui.screens.save import SaveScreen
from cutthroat.tui.screens.settings import SettingsScreen
from cutthroat.tui.screens.title import TitleScreen
from cutthroat.tui.screens.too_small import TooSmallScreen
from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen, RoundEndScreen
from cutthroat.tui.tables.setup import SetupScreen
from cutthroat.tui.tables.kill_the_kings.table import TableScreen
from cutthroat.tui.widgets.event_log import EventLog
from helpers_pilot import async_test, drive_to_own_turn, screen_text, session_of, wait_until


def autosaves(save_dir: Path) -> list[Path]:
    """The games in progress kept in the save directory (one file each)."""
    return sorted((save_dir / "in-progress").glob("*.json"))


SIZE = (80, 24)


# Input(cursor_blink=...) is not a constructor argument in Textual 8.2.8: composing SetupScreen
# or SaveScreen raises TypeError, which crashes the app.


def start(seed: int = 5, seat: Seat | None = None, mode: str = "killer") -> dict[str, Any]:
    return dict(game="kill-the-kings", config={"mode": mode}, seed=seed, seats=[seat or Seat("human", "You")])


def table_app(seed: int = 5, seat: Seat | None = None) -> CutthroatApp:
    return CutthroatApp(start=start(seed, seat))


def message(screen) -> str:
    return str(screen.query_one("#message", Static).content)


def encoded(screen: TableScreen) -> dict[str, Any]:
    return session_of(screen).rules.encode_state(session_of(screen).state)


def keys_for(action: Action) -> list[str]:
    """The key presses that play `action` at the Kill The Kings table."""
    if action.kind == "place":
        return [str(action.column + 1)]
    if action.kind == "reserve":
        return ["abcd"[action.spot]]
    if action.kind == "play_reserve":
        return [str(action.spot + 5), str(action.column + 1)]
    if action.kind == "draw":
        return ["n"]
    if action.kind == "end_round":
        return ["e"]
    raise AssertionError(f"no key for {action!r}")


def pick_action(legal: list[Action]) -> Action:
    """First Place, else Reserve, else PlayReserve, else Draw / EndRound."""
    for kind in ("place", "reserve", "play_reserve", "draw", "end_round"):
        for action in legal:
            if action.kind == kind:
                return action
    raise AssertionError(f"nothing to play in {legal!r}")


async def play(pilot: Pilot, action: Action) -> None:
    """Press the keys for `action` and check the session logged exactly that action."""
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    before = len(session_of(screen).log)
    await pilot.press(*keys_for(action))
    assert len(session_of(screen).log) == before + 1, message(screen)
    assert session_of(screen).log[-1] == (0, action)


async def highlight_option(pilot: Pilot, menu: OptionList, option_id: str) -> None:
    """Move the highlight of a focused OptionList with the arrow keys until it's on `option_id`."""
    target = menu.get_option_index(option_id)
    for _ in range(menu.option_count):
        if menu.highlighted == target:
            return
        await pilot.press("down" if (menu.highlighted or 0) < target else "up")
    assert menu.highlighted == target


async def select_load_entry(pilot: Pilot, path: Path) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, LoadScreen)
    key = next(k for k, e in screen.entries.items() if e.path == path)
    await highlight_option(pilot, screen.query_one("#load-list", OptionList), key)
    await pilot.press("enter")
    await pilot.pause()


# -- (a) a whole game from the title, by key presses only ---------------------------------------
@async_test
async def test_whole_game_from_title_by_keys(save_dir: Path) -> None:
    # Seed 5470 with this policy: three short (bust) rounds, 55 key presses, one a 5–8 reserve play.
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#title-menu", OptionList)
        assert menu.get_option_at_index(menu.highlighted).id == "game:kill-the-kings"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("down", "down")  # the seat, the mode, the seed
        assert app.focused is app.screen.query_one("#seed", Input)
        await pilot.press(*"5470", "enter")
        await pilot.pause()

        table = app.screen
        assert isinstance(table, TableScreen)
        session = session_of(table)
        assert (session.seed, session.config, len(session.log)) == (5470, {"mode": "killer"}, 0)
        assert not autosaves(save_dir)  # kept from the first move on, not from the deal

        kinds: set[str] = set()
        round_ends = 0
        for _ in range(200):
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, RoundEndScreen):
                round_ends += 1
                await pilot.press("enter")
                await wait_until(pilot, lambda: app.screen is table)
                assert session.log[-1] == (0, NEXT_ROUND)
                continue
            assert screen is table
            if session.view(0).phase != "play":  # the round-end modal is on its way
                await wait_until(pilot, lambda: app.screen is not table)
                continue
            action = pick_action(session.legal_actions(0))
            kinds.add(action.kind)
            await play(pilot, action)
            assert autosaves(save_dir) or session.is_over
        else:
            raise AssertionError("the game never ended")

        assert round_ends == 2
        assert {"place", "reserve", "play_reserve", "draw"} <= kinds
        result = session.result()
        assert result is not None and session.is_over
        view = session.view(0)
        assert len(view.round_points) == 3 and result.scores == [view.total]
        title = app.screen.query_one("#game-over .dialog-title", Static)
        assert str(title.content) == ("YOU WIN" if result.winners else "You lose")
        assert not autosaves(save_dir)  # a finished game leaves nothing to continue

        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#title-menu", OptionList)
        assert menu.get_option("continue").disabled


# -- (b) an illegal placement ---------------------------------------------------------------------
@async_test
async def test_illegal_placement_shows_reason_and_changes_nothing(write_settings) -> None:
    write_settings(card_style="unicode")
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        await play(pilot, pick_action(session_of(table).legal_actions(0)))  # d
        session = session_of(table)
        assert session.view(0).drawn is not None
        legal_columns = {a.column for a in session.legal_actions(0) if a.kind == "place"}
        column = min(set(range(4)) - legal_columns)  # a fresh deal: same-colour kings refuse it
        with pytest.raises(IllegalAction) as refused:
            session.rules.check(session.state, PLACE[column])
        before, log_before = encoded(table), list(session.log)

        await pilot.press(str(column + 1))
        await pilot.pause()

        assert message(table) == f"✗ {refused.value.reason}"
        assert "can't go under" in message(table)
        assert encoded(table) == before
        assert session.log == log_before
        assert app.screen is table


# -- (c) undo --------------------------------------------------------------------------------------
@async_test
async def test_undo_takes_back_a_placement_but_not_a_draw() -> None:
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        await play(pilot, pick_action(session.legal_actions(0)))  # draw
        after_draw = encoded(table)
        placement = pick_action(session.legal_actions(0))
        assert placement.kind == "place"
        await play(pilot, placement)
        assert encoded(table) != after_draw and session.can_undo

        await pilot.press("u")
        await pilot.pause()
        assert encoded(table) == after_draw
        assert len(session.log) == 1
        assert message(table) == "Undone."
        assert not session.can_undo
        told = " ".join(str(line.text).strip() for line in table.query_one(EventLog).lines)
        assert told.rsplit("Taken back: ", 1)[-1].startswith("put ") and "under" in told.rsplit("Taken back:", 1)[-1]

        await play(pilot, placement)
        await play(pilot, pick_action(session.legal_actions(0)))  # another draw: a barrier
        assert session.log[-1][1].kind == "draw"
        after_second_draw, log_before = encoded(table), list(session.log)
        await pilot.press("u")
        await pilot.pause()
        assert encoded(table) == after_second_draw
        assert session.log == log_before
        assert message(table) != "Undone."
        assert not session.can_undo


# -- (d) hint --------------------------------------------------------------------------------------
@async_test
async def test_hint_highlights_the_suggested_move() -> None:
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        assert not table.query(".-hint")

        await pilot.press("h")
        await wait_until(pilot, lambda: message(table).startswith("Hint ("))
        assert table.hinted in session.legal_actions(0)
        assert table.hinted.kind == "draw"  # nothing else is possible before the first draw
        assert table.query_one("#deck").has_class("-hint")
        assert len(session.log) == 0  # a hint plays nothing

        await play(pilot, table.hinted)
        assert not table.query(".-hint")  # a move clears the hint
        await pilot.press("h")
        await wait_until(pilot, lambda: message(table).startswith("Hint ("))
        hinted = table.hinted
        assert hinted in session.legal_actions(0)
        widget = f"#king{hinted.column}" if hinted.kind == "place" else f"#spot{hinted.spot}"
        assert [w.id for w in table.query(".-hint")] == [widget[1:]]
        assert app.host.hint(0).action == hinted  # asked again about the same position: the same answer

        await pilot.press("enter")  # the cursor went where the hint points
        await pilot.pause()
        assert session.log[-1] == (0, hinted)


# -- (e) save through the screens, load through the title -------------------------------------------
@async_test
async def test_save_then_load_through_the_screens(save_dir: Path) -> None:
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        await play(pilot, pick_action(session.legal_actions(0)))
        await play(pilot, pick_action(session.legal_actions(0)))
        saved_state, saved_log = encoded(table), list(session.log)

        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SaveScreen)
        name = app.screen.query_one("#save-name", Input)
        assert app.focused is name
        assert name.value == "kings killer round 1"
        await pilot.press(*"my game")  # the suggestion is selected on focus: typing replaces it
        assert name.value == "my game"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table
        target = save_dir / "my-game.json"
        assert target.is_file()
        data = saves.read(target)
        assert data.name == "my game" and data.log == saved_log
        assert session.rules.encode_state(data.state) == saved_state
        assert any("my-game.json" in str(n.message) for n in app._notifications)

        await play(pilot, pick_action(session.legal_actions(0)))  # the game moves on past the save
        assert encoded(table) != saved_state

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await highlight_option(pilot, app.screen.query_one("#menu-list", OptionList), "title")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await highlight_option(pilot, app.screen.query_one("#title-menu", OptionList), "load")
        await pilot.press("enter")
        await pilot.pause()
        await select_load_entry(pilot, target)

        loaded = app.screen
        assert isinstance(loaded, TableScreen) and loaded is not table
        assert encoded(loaded) == saved_state
        assert session_of(loaded).log == saved_log
        assert session_of(loaded).seed == 5
        view = session_of(loaded).view(0)
        drawn_column_cards = [str(loaded.query_one(f"#col{c}-0", Static).content) for c in range(4)]
        assert drawn_column_cards == [col[0].label if col else "" for col in view.columns]


# -- (f) the Load screen lists the shipped examples --------------------------------------------------
@async_test
async def test_load_screen_lists_own_saves_and_examples(save_dir: Path) -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        menu = screen.query_one("#load-list", OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert prompts[0].startswith("Your saves") and str(save_dir) in prompts[0]
        assert any("none yet" in p for p in prompts)
        assert "Examples" in prompts
        examples = sorted(paths.data_dir("saves").glob("*.json"))
        for path in examples:
            assert any(p.splitlines()[0].strip() == saves.read(path).name for p in prompts), path.name
        if not examples:
            return  # nothing shipped yet
        ktk = next(p for p in examples if saves.read(p).game == "kill-the-kings")
        await select_load_entry(pilot, ktk)
        assert isinstance(app.screen, TableScreen)
        data = saves.read(ktk)
        assert encoded(app.screen) == session_of(app.screen).rules.encode_state(data.state)


# -- (g) a broken save is reported, left alone, and the Load screen stays ---------------------------
@async_test
async def test_broken_save_gives_a_notification_and_is_left_unchanged(save_dir: Path) -> None:
    broken = save_dir / "broken.json"
    raw = b'{"format": "cutthroat-save", "version": 1, "game": "kill-the-ki'
    broken.write_bytes(raw)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        await select_load_entry(pilot, broken)

        assert isinstance(app.screen, LoadScreen)
        errors = [n for n in app._notifications if n.severity == "error"]
        assert len(errors) == 1
        assert errors[0].title == "Can't load"
        assert "broken.json" in errors[0].message and "not valid JSON" in errors[0].message
        assert broken.read_bytes() == raw
        assert sorted(p.name for p in save_dir.iterdir()) == ["broken.json"]  # no autosave either


# -- (h) Continue resumes the autosave of an earlier run ----------------------------------------------
@async_test
async def test_continue_resumes_the_autosave_of_an_earlier_run(save_dir: Path) -> None:
    first = table_app(seed=5)
    async with first.run_test(size=SIZE) as pilot:
        table = first.screen
        for _ in range(3):
            await play(pilot, pick_action(session_of(table).legal_actions(0)))
        state, log = encoded(table), list(session_of(table).log)
    assert autosaves(save_dir)

    second = CutthroatApp()
    async with second.run_test(size=SIZE) as pilot:
        title = second.screen
        assert isinstance(title, TitleScreen)
        menu = title.query_one("#title-menu", OptionList)
        option = menu.get_option("continue")
        assert not option.disabled
        assert "Kill The Kings" in str(option.prompt) and "(3 moves)" in str(option.prompt)
        assert menu.highlighted == menu.get_option_index("continue")
        await pilot.press("enter")
        await pilot.pause()
        table = second.screen
        assert isinstance(table, TableScreen)
        assert encoded(table) == state
        assert session_of(table).log == log
        assert session_of(table).seed == 5


# -- (i) settings persist -------------------------------------------------------------------------------
@async_test
async def test_the_answer_window_setting_is_named_for_both_games_it_times(config_dir: Path) -> None:
    """One setting times Exploding Kittens' Nope windows and Psycho Killer's Trip Over windows:
    its label and note say both, whole at 80×24."""
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        row = app.screen.query_one("#nope_window", Select).parent
        words = " ".join(str(w.render()) for w in row.query("Label, .setting-note"))
        assert "Nope" in words and "Trip Over" in words and "window" in words, words
        assert "Nope window" not in words, "not Exploding Kittens' alone"
        assert "hot-seat: Nope or Trip Over" in screen_text(app), "the note whole on screen"


@async_test
async def test_theme_choice_persists_to_settings_and_the_next_run(config_dir: Path) -> None:
    shipped = paths.data_dir("themes") / "cutthroat-dark.toml"
    (config_dir / "themes").mkdir()
    text = shipped.read_text(encoding="utf-8")
    assert 'name = "cutthroat-dark"' in text
    (config_dir / "themes" / "test-theme.toml").write_text(
        text.replace('name = "cutthroat-dark"', 'name = "test-theme"'), encoding="utf-8")

    first = CutthroatApp()
    async with first.run_test(size=SIZE) as pilot:
        assert first.theme == "cutthroat-dark"
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(first.screen, SettingsScreen)
        select = first.screen.query_one("#theme", Select)
        assert first.focused is select
        await pilot.press("enter")
        await pilot.pause()
        overlay = select.query_one(OptionList)
        for _ in range(overlay.option_count):
            if str(overlay.get_option_at_index(overlay.highlighted).prompt) == "test-theme":
                break
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert select.value == "test-theme"
        assert first.theme == "test-theme"
    stored = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert stored["theme"] == "test-theme"
    assert stored["bot_speed"] == "instant"  # the other settings are kept

    second = CutthroatApp()
    async with second.run_test(size=SIZE):
        assert second.theme == "test-theme"
        assert second.settings.theme == "test-theme"


@async_test
async def test_nope_window_setting_by_keys_is_remembered(config_dir: Path) -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        select = app.screen.query_one("#nope_window", Select)
        assert select.value == "3"  # the spec's default
        select.focus()
        await pilot.press("enter", "down", "down", "enter")  # 3 s -> 5 s -> 8 s
        await pilot.pause()
        assert select.value == "8" and app.settings.nope_window_seconds() == 8.0
    stored = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert stored["nope_window"] == "8"


@async_test
async def test_app_quits_when_its_terminal_is_gone(monkeypatch, save_dir: Path) -> None:
    """A hung-up terminal without SIGHUP (e.g. under `make play`): quit, don't spin."""
    from cutthroat.tui import app as app_module

    assert app_module._terminal_alive() in (True, False)  # never raises, whatever stdin is
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await play(pilot, pick_action(session_of(app.screen).legal_actions(0)))
        monkeypatch.setattr(app_module, "_terminal_alive", lambda: False)
        assert app.return_code is None
        app.check_terminal()
        assert app.return_code == 0  # exit() was called: a clean quit
    assert autosaves(save_dir)  # the game so far is kept for Continue


# -- (j) the too-small guard -------------------------------------------------------------------------
@async_test
async def test_too_small_terminal_asks_for_more_room_until_resized() -> None:
    app = CutthroatApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-message", Static).content)
        assert "Make the window larger" in text and "60×20" in text

        await pilot.resize_terminal(79, 24)  # one column short is still too small
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "79×24" in str(app.screen.query_one("#too-small-message", Static).content)

        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not app.screen.query("#too-small-message")


@async_test
async def test_the_too_small_message_reads_whole_at_40_by_12() -> None:
    from helpers_pilot import screen_text

    app = CutthroatApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        shown = [line.strip() for line in screen_text(app).splitlines()]
        for line in ("Make the window larger", "Cutthroat needs 80×24;", "this terminal is 40×12.",
                     "The game is paused", "and nothing is lost."):
            assert line in shown, (line, shown)


@async_test
async def test_settings_say_which_games_undo_applies_to() -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        notes = [str(n.render()) for n in app.screen.query(".setting-note")]
        assert "Kill The Kings only: placements since the last draw" in notes


@async_test
async def test_the_undo_setting_says_on_or_off_in_words_and_is_remembered(config_dir: Path) -> None:
    """A switch is on or off by colour alone (blank under ASCII): the setting says its state."""
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        def undo_line() -> str:
            return next(line for line in screen_text(app).splitlines() if line.lstrip().startswith("Undo"))

        assert " On " in undo_line(), undo_line()
        app.screen.query_one("#undo", Select).focus()
        await pilot.press("enter", "down", "enter")  # On -> Off
        await wait_until(pilot, lambda: app.settings.undo is False)
        await pilot.pause()
        assert " Off " in undo_line(), undo_line()
    stored = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert stored["undo"] is False




@async_test
async def test_starting_small_leaves_no_stray_too_small_screen() -> None:
    app = CutthroatApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack), app.screen_stack
        assert len(app.screen_stack) == 2


@async_test
async def test_table_opened_at_startup_in_a_small_terminal_then_quit_to_title() -> None:
    app = table_app(seed=5)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape")
        await pilot.pause()
        await highlight_option(pilot, app.screen.query_one("#menu-list", OptionList), "title")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


@async_test
async def test_too_small_at_the_table_pauses_the_game_and_resumes_it() -> None:
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("n")  # keys don't reach the table while it's hidden
        assert len(session_of(table).log) == 0
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is table


# -- (k) a watched bot plays by itself ------------------------------------------------------------------
@async_test
async def test_watched_bot_plays_a_round_by_itself() -> None:
    # Seed 96: the heuristic bot busts after 13 moves, a short round to watch.
    app = table_app(seed=96, seat=Seat("bot", "Bot", "heuristic"))
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        session = session_of(table)
        await wait_until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        await pilot.pause()
        view = session.view(0)
        assert view.phase == "round_over" and len(view.round_points) == 1
        assert len(session.log) >= 5 and all(seat == 0 for seat, _ in session.log)
        title = app.screen.query_one("#round-end .dialog-title", Static)
        assert str(title.content).startswith("Round 1 over")
        # Keys meant for a human do nothing while the bot plays.
        assert not table.check_action("draw", ())
        # Dismissed, the bot deals round 2 and plays on. (Not pilot.press: it waits for the CPU to
        # go idle, which it doesn't while the bot plays, so every press would cost Pilot's 2 s cap.)
        app.screen.dismiss()
        await wait_until(pilot, lambda: session.view(0).round == 2 and len(session.log) > 14)

        # With another screen on top (the rules, as "?" opens them) the bot waits. This also stops
        # it before the test ends: a bot move landing while run_test tears the app down fails.
        table.action_rules()
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause(0.1)  # a move already being chosen is dropped, not played
        moves = len(session.log)
        await pilot.pause(0.3)
        assert len(session.log) == moves


# -- the setup screen remembers the mode played last ------------------------------------------------
@async_test
async def test_setup_remembers_the_last_mode(save_dir: Path) -> None:
    from cutthroat.tui.tables.setup import Cycler

    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Kill The Kings → setup
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#mode", Cycler).value == "killer"
        await pilot.press("down", "right")  # the mode row: Psycho
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert session_of(app.screen).config == {"mode": "psycho"}
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.action_pick("game:kill-the-kings")
        await pilot.pause()
        assert app.screen.query_one("#mode", Cycler).value == "psycho"


# -- an autosave that can't be written is reported once, and the game goes on -------------------------
@async_test
async def test_unwritable_save_dir_is_reported_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the save directory should be")
    app = CutthroatApp(save_dir=str(blocker / "saves"),
                       start=dict(game="kill-the-kings", config={"mode": "killer"}, seed=5,
                                  seats=[Seat("human", "You")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        for key in "nan":
            await pilot.press(key)
        await pilot.pause()
        assert len(session_of(table).log) == 3  # play went on
        failures = [n for n in app._notifications if n.title == "Autosave failed"]
        assert len(failures) == 1 and "can't write" in str(failures[0].message)
    assert blocker.read_text() == "a file where the save directory should be"


# -- a save of a finished game opens on the game-over dialog -----------------------------------------
@async_test
async def test_loading_a_finished_game_shows_game_over(save_dir: Path) -> None:
    from cutthroat.bots import make_bot
    from cutthroat.session import Session

    session = Session("kill-the-kings", {"mode": "killer"}, 8, [Seat("human", "You")])
    bot = make_bot(session.rules, "heuristic", seed=0)
    while not session.is_over:
        session.apply(bot.choose(session.view(0), session.legal_actions(0)))
    path = session.save(save_dir / "finished.json", "finished")
    app = CutthroatApp(loaded=saves.read(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


@async_test
async def test_the_palettes_theme_command_offers_only_themes_that_are_remembered(config_dir: Path) -> None:
    from textual.command import CommandPalette

    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.action_change_theme()  # what the palette's "Theme" command runs
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.pause(0.3)
        shown = [str(app.screen.query_one("CommandList").get_option_at_index(i).prompt)
                 for i in range(app.screen.query_one("CommandList").option_count)]
        assert shown and all(line.startswith("Theme: ") for line in shown)
        assert {line.split("\n")[0][len("Theme: "):] for line in shown} == set(app.cutthroat_themes)
        await pilot.press(*"light")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.theme == "cutthroat-light")
    stored = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert stored["theme"] == "cutthroat-light"


def test_every_binding_of_every_screen_has_an_id():
    """So any key can be remapped in the settings file (Textual's keymap)."""
    import importlib
    import inspect

    from textual.dom import DOMNode

    from cutthroat.tui.screens_index import SCREEN_MODULES, every_binding_id

    ids = every_binding_id()
    assert len(ids) > 150
    for module in map(importlib.import_module, SCREEN_MODULES):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, DOMNode) and cls.__module__.startswith("cutthroat") and "BINDINGS" in vars(cls):
                for binding in cls.BINDINGS:
                    assert binding.id in ids, (cls.__name__, binding)


@async_test
async def test_keys_remapped_in_the_settings_file_take_effect(write_settings) -> None:
    write_settings(keymap={"ktk.draw": "x", "no.such": "x"})
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        await pilot.press("n")
        await pilot.pause()
        assert session.log == []  # n draws no more
        assert "x draw" in message(table) and "n draw" not in message(table)  # the text names the key in force
        from cutthroat.tui.rules_book import rules_markdown
        assert "`x` draw" in rules_markdown("kill-the-kings", app._keymap)  # and so do the rules
        assert "`n` draw" not in rules_markdown("kill-the-kings", app._keymap)
        await pilot.press("x")
        await pilot.pause()
        assert [a.kind for _, a in session.log] == ["draw"]
        assert any("no key has the id no.such" in str(n.message) for n in app._notifications)


@async_test
async def test_a_remapped_enter_or_esc_is_the_key_the_table_names(write_settings) -> None:
    """Sentences that say "press Enter" or "Esc drops it" name the key in force."""
    from cutthroat.session import Session

    write_settings(keymap={"pk.play": "o", "ktk.cancel": "z", "ktk.activate": "w"})
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    session = drive_to_own_turn(Session("psycho-killer", {}, 3, seats), seed=3)
    while not any(a.kind in ("play", "play_on") for a in session.legal_actions(0)):  # (a turn with a
        session.apply(session.legal_actions(0)[0], 0)  # card to play: only then does the line offer it)
        session = drive_to_own_turn(session, seed=3)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "play a card" in screen_text(app))
        assert "←→ o: play a card" in screen_text(app), screen_text(app)
        assert app.screen.key_word("answer") == "Enter"  # Enter's other action keeps it
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        assert table.key_word("cancel") == "z" and table.key_word("activate") == "w"
        assert table.key_word("menu") == "Esc"  # (Textual took Esc from both: it is given back)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))


@async_test
async def test_a_keymap_entry_that_takes_another_actions_key_is_refused_out_loud(write_settings) -> None:
    from cutthroat.tui.binding_ids import keymap_clashes
    from cutthroat.tui.screens_index import every_binding_id

    every_binding_id()
    assert set(keymap_clashes({"ek.draw": "space,d", "ktk.draw": "x", "ktk.hint": "u"})) == {"ek.draw", "ktk.hint"}
    assert keymap_clashes({"ek.play": "enter,x"}) == {}  # its own key (answer shares Enter by design) and a free one
    write_settings(keymap={"ktk.draw": "x", "ktk.hint": "u"})
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        said = [str(n.message) for n in app._notifications]
        assert any("ktk.hint can't take u: it is ktk.undo's key (not applied)" in m for m in said), said
        assert "x draw" in message(table) and "h hint" in message(table)
        await pilot.press("x")
        await pilot.pause()
        assert [a.kind for _, a in session_of(table).log] == ["draw"]


def test_the_keymap_page_lists_every_binding_id():
    from cutthroat.tui.binding_ids import REGISTERED
    from cutthroat.tui.screens_index import every_binding_id

    every_binding_id()
    page = (Path(__file__).resolve().parents[1] / "docs" / "keymap.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip().strip("`"): line for line in page.splitlines() if line.startswith("| `")}
    for prefix, bindings in REGISTERED.items():
        assert prefix in rows, prefix
        for b in bindings:
            assert f"`{b.id.split('.', 1)[1]}` {b.key}" in rows[prefix], b.id


@async_test
async def test_after_a_draw_the_cursor_is_on_the_first_legal_place_and_enter_puts_it_there() -> None:
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        for _ in range(6):
            await pilot.press("n")
            await pilot.pause()
            cols, spots = table.targets(table.view)
            first = min(cols) if cols else 4 + min(spots)
            assert table.cursor == first
            await pilot.press("enter")
            await pilot.pause()
            assert session.log[-1][1].kind in ("place", "reserve")
            assert table.cursor == 8  # back on the deck: Enter draws


@async_test
async def test_round_end_names_the_card_and_lets_you_look_at_the_board_first() -> None:
    from cutthroat.bots import make_bot

    app = table_app(seed=96)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        bot = make_bot(session.rules, "heuristic", seed=0)
        while session.view(0).phase == "play":  # (round 1 through the host, no redraw waited for a move)
            assert app.host.submit(0, bot.choose(session.view(0), session.legal_actions(0))) is None
        await wait_until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        view = session.view(0)
        said = " ".join(str(w.content) for w in app.screen.query(Static))
        if view.end_reason == "bust":
            assert f"bust — {view.drawn.label} fit nowhere" in said
        assert "l, Esc: look at the board" in said
        footer = {b.binding.action: b.binding.key_display for b in app.screen.active_bindings.values()
                  if b.enabled and b.binding.show}
        assert footer.get("dismiss('look')") == "l/esc", footer  # the footer says what the dialog says
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen is table)
        assert message(table).startswith("The board as round 1 ended") and view.phase == "round_over"
        assert "Enter: the round's score" in message(table)
        footer = {b.binding.action: b.binding.key_display for b in table.active_bindings.values()
                  if b.enabled and b.binding.show}
        assert footer.get("score") == "⏎", f"Enter isn't offered in the footer: {footer}"
        header = str(table.query_one("#status-bar", Static).content)
        assert f"{view.kings_killed}/4 kings" in header
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: session.view(0).round == 2)


@async_test
async def test_with_the_reserve_full_the_table_says_how_many_cards_would_bust_you() -> None:
    from cutthroat.games.kill_the_kings.state import FIT_TABLE, tails

    data = saves.read(paths.data_dir("saves") / "killer-full-reserve.json")
    state = data.state
    assert None not in state.reserve and state.drawn is None
    bust = sum(1 for c in state.deck if not any(FIT_TABLE[c.index][t] for t in tails(state.columns)))
    app = CutthroatApp(loaded=data)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.started)
        await pilot.pause()
        assert message(app.screen).startswith(f"Reserve full: {bust} of {len(state.deck)} cards left would bust you")


@async_test
async def test_a_place_that_would_doom_its_column_is_marked_apart_from_a_safe_one() -> None:
    """Play on until a drawn card may go under a king where it leaves the column finishable and
    under one where it can't (a low card high up): the two are marked apart, in words."""
    from cutthroat.bots import make_bot
    from cutthroat.games.kill_the_kings.cards import finishable

    app = table_app(seed=0)  # 30 moves in: 3♠ drawn, safe under 5♥ (column 1), dooming under bare K♦
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        bot = make_bot(session.rules, "heuristic", seed=0)

        def split(view):
            """The drawn card's (dooming, safe) target columns, among live columns."""
            places = [a.column for a in session.legal_actions(0) if a.kind == "place"]
            live = [c for c in places if (view.columns[c][-1] if view.columns[c] else view.kings[c]).rank - 1
                    >= 5 - len(view.columns[c])]
            ok = [c for c in live if finishable(view.drawn, len(view.columns[c]) + 1)]
            return [c for c in live if c not in ok], ok

        while not (session.view(0).drawn is not None and all(split(session.view(0)))):
            app.host.submit(0, bot.choose(session.view(0), session.legal_actions(0)))
            assert session.view(0).phase == "play"
        await pilot.pause()
        doomed, safe = split(session.view(0))
        status = [str(table.query_one(f"#need{c}", Static).content) for c in range(4)]
        for c in doomed:
            assert status[c] == "▼ dooms it", status
        for c in safe:
            assert status[c].startswith("needs ") and status[c].endswith(" ▲"), status
        assert f"under {'/'.join(str(c + 1) for c in doomed)} it dooms the column (▼)" in message(table)


@async_test
async def test_a_resumed_table_tells_the_game_so_far_and_l_reads_it_back(tmp_path) -> None:
    """The log is rebuilt from the move log (not "Resumed after 30 moves"); L shows all of it,
    wide, and scrolls by keys."""
    from cutthroat.bots import make_bot
    from cutthroat.session import Session
    from cutthroat.tui.screens.history import HistoryScreen

    session = Session("kill-the-kings", {"mode": "killer"}, 0, [Seat("human", "You")])
    bot = make_bot(session.rules, "heuristic", seed=0)
    for _ in range(30):
        session.apply(bot.choose(session.view(0), session.legal_actions(0)))
    told = [e.describe(()) for e in session.history(0)]
    assert len(told) >= 30
    app = CutthroatApp(loaded=saves.read(session.save(tmp_path / "thirty.json")))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.started)
        table = app.screen
        await pilot.pause()
        entries = [str(e) for e in table.query_one(EventLog).entries]
        assert entries == ["Round 1 · Killer mode (target 7)", *told, "— resumed here —"], entries[:5]  # (no seed)
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        log = app.screen.query_one("#history-log")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0  # the latest in view
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert log.scroll_y > 0
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)


@pytest.mark.parametrize("game", ["kill-the-kings", "exploding-kittens", "kill-your-friends",
                                  "stab-your-friends", "psycho-killer"])
@async_test
async def test_changing_the_card_style_redraws_every_card(game: str, write_settings) -> None:
    """Unicode to ASCII in Settings mid-game: back at the table, no widget's own text has a
    suit or a card mark left (not just the terminal's, which the ASCII filter covers anyway)."""
    from textual.widgets import Select

    write_settings(card_style="unicode")
    seats = [Seat("human", "Ana")] + ([Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
                                      if game != "kill-the-kings" else [])
    from cutthroat.session import Session

    # Ana's own turn, fixed: nothing moves while the test looks (no bot plays on, no Nope window
    # of hers pops up over the menu key on a slow machine).
    session = drive_to_own_turn(Session(game, {}, 3, seats), seed=3)
    moves = len(session.log)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: any(hasattr(s, "lens") for s in app.screen_stack))
        table = next(s for s in app.screen_stack if hasattr(s, "lens"))
        await wait_until(pilot, lambda: table.sight is not None and table.sight.update.legal)
        for _ in range(10):  # her decision's prompt, if it has one (Psycho Killer's opening choice): put away
            if app.screen is table:
                break
            await pilot.press("escape")
            await pilot.pause()
        assert app.screen is table and len(session_of(app).log) == moves

        def widget_texts() -> list[str]:
            return [str(w.render()) for w in table.query(Static) if w.display and "log" not in (w.id or "")]

        marks = set("♠♥♦♣▒▲▼✝▶↻↺▮✗●⚡▸◂⏎")  # what the card style draws differently
        assert any(marks & set(t) for t in widget_texts())
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.screen.dismiss("settings")
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#card_style", Select).value = "ascii"
        await pilot.pause()
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)
        await pilot.pause()
        await pilot.pause()
        assert [t for t in widget_texts() if marks & set(t)] == []
        assert len(session_of(app).log) == moves
        if game != "kill-the-kings":  # every card of the hand under the cursor (its note too)
            for _ in range(len(table.hand(table.update.view))):
                await pilot.press("right")
                await pilot.pause()
                assert [t for t in widget_texts() if marks & set(t)] == []


@async_test
async def test_a_larger_terminal_gets_a_centred_roomier_table() -> None:
    """At 120×36 the Kill The Kings board is centred with the log beside it, wider, and the log's
    lines wrap again to its width; at 80×24 it is the floor layout."""
    app = table_app(seed=5)
    async with app.run_test(size=(120, 36)) as pilot:
        table = app.screen
        await pilot.pause()
        board, log = table.query_one("#board").region, table.query_one("#log").region
        assert table.has_class("-roomy") and table.has_class("-tall")
        assert log.width == 40 and board.x > 4 and abs(board.x - (120 - log.right)) <= 1
        first = table.query_one(EventLog).lines[0].text
        assert first.startswith("Round 1 · Killer mode (target 7)")  # one line, not wrapped at 20
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        await pilot.pause()
        assert not table.has_class("-roomy") and table.query_one("#board").region.x == 0


@async_test
async def test_a_larger_terminal_gives_the_shared_table_a_wider_log_and_a_centred_board() -> None:
    from cutthroat.session import Session

    session = Session("exploding-kittens", {}, 3, [Seat("human", "Ana"), Seat("bot", "Bob", "random")])
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=(160, 40)) as pilot:
        await wait_until(pilot, lambda: hasattr(app.screen, "lens"))
        table = app.screen
        await pilot.pause()
        board, log = table.query_one(".table-board").region, table.query_one(".table-log").region
        assert log.width == 36 and board.width == 100 and abs(board.x - (160 - log.right)) <= 1


@pytest.mark.parametrize("game", ["exploding-kittens", "kill-your-friends", "stab-your-friends", "psycho-killer"])
@async_test
async def test_the_longest_names_are_never_cut(game: str) -> None:
    """Names of the most characters the setup takes, whole on the table."""
    from cutthroat.saves import NAME_MAX
    from cutthroat.session import Session
    from helpers_pilot import screen_text

    names = ["Maximilian"[:NAME_MAX], "Bartholome"[:NAME_MAX], "Christabel"[:NAME_MAX]]
    assert all(len(n) == NAME_MAX for n in names)
    seats = [Seat("human", names[0])] + [Seat("bot", n, "random") for n in names[1:]]
    app = CutthroatApp(loaded=Session(game, {}, 3, seats).save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: any(hasattr(s, "lens") for s in app.screen_stack))
        table = next(s for s in app.screen_stack if hasattr(s, "lens"))
        while app.screen is not table:
            await pilot.press("escape")
            await pilot.pause()
        rows = [str(table.query_one(f"#seat-{q}", Static).render()) for q in range(3)]
        for name, row in zip(names, rows):
            assert f" {name} " in row, row


@pytest.mark.parametrize("game", ["kill-the-kings", "exploding-kittens", "kill-your-friends",
                                  "stab-your-friends", "psycho-killer"])
@async_test
async def test_the_footer_fits_80_columns(game: str) -> None:
    """Every key the footer shows lies inside 80 columns (a hot-seat table, the busiest footer),
    at the start and after a few moves."""
    from textual.widgets._footer import FooterKey

    from cutthroat.session import Session

    humans = 1 if game == "kill-the-kings" else 2
    seats = [Seat("human", n) for n in ("Ana", "Bob")[:humans]] + \
        ([Seat("bot", "Cy", "random")] if game != "kill-the-kings" else [])
    app = CutthroatApp(loaded=Session(game, {}, 4, seats).save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: any(hasattr(s, "lens") for s in app.screen_stack))
        for keys in ((), ("enter",), ("n",), ("enter",), ("right",)):
            await pilot.press(*keys)

            def footer_laid_out() -> bool:  # a loaded machine may show a frame before its layout
                keys = [k for k in app.screen.query(FooterKey) if k.display]
                return bool(keys) and all(k.region.width > 0 for k in keys)

            await wait_until(pilot, footer_laid_out)
            shown = [k for k in app.screen.query(FooterKey) if k.display]
            assert all(k.region.right <= 80 for k in shown), [(k.key_display, k.description, k.region) for k in shown]


@async_test
async def test_the_setup_of_a_server_table_says_the_other_humans_are_friends_by_code() -> None:
    """Made from the lobby (`on_start`), a table's human seats are friends who join by code, under
    their own names: the setup says so, not "hot-seat"."""
    from cutthroat.tui.tables.setup import Cycler

    started = []
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen("exploding-kittens", on_start=lambda *args: started.append(args)))
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#who-1"))
        setup = app.screen
        await pilot.pause()
        cycler = setup.query_one("#who-1", Cycler)
        cycler.set_value("human")
        cycler.post_message(Cycler.Changed(cycler))
        await pilot.pause()
        ready = str(setup.query_one("#setup-problem", Static).content)
        assert "you and 1 friend who joins by code" in ready and "hot-seat" not in ready
        # Five players, four friends: the line still fits the row (it was cut at one friend).
        players = setup.query_one("#players", Cycler)
        players.set_value("5")
        players.post_message(Cycler.Changed(players))
        await pilot.pause()
        for seat in range(1, 5):
            setup.query_one(f"#who-{seat}", Cycler).set_value("human")
        cycler.post_message(Cycler.Changed(cycler))
        await pilot.pause()
        line = next(row for row in screen_text(app).splitlines() if "✓ Ready" in row)
        assert line.rstrip().endswith("you and 4 friends who join by code"), line
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert started and started[0][0] == "exploding-kittens"  # to the lobby, not started here
        assert app.host is None


@async_test
async def test_the_setup_refuses_a_name_with_an_invisible_character_and_says_why() -> None:
    """A name a save (or a server) would not keep as typed is refused before the game starts."""
    from textual.widgets import Input

    started = []
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen("exploding-kittens", on_start=lambda *args: started.append(args)))
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#name-1"))
        setup = app.screen
        setup.query_one("#name-1", Input).value = "Bo\u200bb"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        problem = str(setup.query_one("#setup-problem", Static).content)
        assert not started and "Seat 2" in problem and "invisible" in problem, problem
        setup.query_one("#name-1", Input).value = "Bob"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: bool(started))


@async_test
async def test_esc_on_the_round_end_dialog_deals_nothing_it_shows_the_board() -> None:
    from cutthroat.bots import make_bot

    app = table_app(seed=96)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        bot = make_bot(session.rules, "heuristic", seed=0)
        while session.view(0).phase == "play":  # (round 1 through the host, no redraw waited for a move)
            assert app.host.submit(0, bot.choose(session.view(0), session.legal_actions(0))) is None
        await wait_until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)
        assert session.view(0).phase == "round_over" and session.view(0).round == 1, "Esc dealt the next round"
        assert message(table).startswith("The board as round 1 ended")


@async_test
async def test_u_with_undo_off_says_undo_is_off(write_settings) -> None:
    write_settings(undo=False)
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        await play(pilot, pick_action(session.legal_actions(0)))  # draw
        await play(pilot, pick_action(session.legal_actions(0)))  # a placement
        await pilot.press("u")
        await pilot.pause()
        assert "Undo is off" in message(table)
        assert not any(b.binding.action == "undo" for b in table.active_bindings.values()
                       if b.enabled and b.binding.show), "no u undo in the footer"


@async_test
async def test_the_header_counts_the_kings_killed_this_round_as_they_fall() -> None:
    """The log says "K♣ killed! +1": the header's points count it at once (rules.md, Scoring:
    1, 2, 3, 4 points for the 1st–4th king), not only once the round is over."""
    from cutthroat.bots import make_bot
    from cutthroat.engine.words import counted
    from cutthroat.games.kill_the_kings.cards import round_points

    from cutthroat.session import Session

    played = Session("kill-the-kings", {"mode": "killer"}, 5, [Seat("human", "You")])
    bot = make_bot(played.rules, "heuristic", seed=0)
    moves = []  # (the heuristic's moves up to its first king killed, found headless)
    while played.view(0).kings_killed == 0 and played.view(0).phase == "play":
        moves.append(bot.choose(played.view(0), played.legal_actions(0)))
        played.apply(moves[-1], 0)
    before = Session("kill-the-kings", {"mode": "killer"}, 5, [Seat("human", "You")])
    for action in moves[:-1]:
        before.apply(action, 0)
    app = CutthroatApp(loaded=before.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        session = session_of(table)
        assert session.view(0).kings_killed == 0
        app.host.submit(0, moves[-1])  # the move that kills the round's first king
        await wait_until(pilot, lambda: session.view(0).kings_killed >= 1)
        view = session.view(0)
        assert view.phase == "play" and view.kings_killed >= 1 and view.total == 0
        points = counted(round_points(view.kings_killed), "pt")
        header = lambda: str(table.query_one("#status-bar", Static).content)  # noqa: E731
        await wait_until(pilot, lambda: f"{view.kings_killed}/4 kings · {points} ·" in header())


@async_test
async def test_the_prompt_offers_5_to_8_only_with_a_reserve_card_to_pick() -> None:
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        await wait_until(pilot, lambda: "n draw" in message(table))
        assert all(card is None for card in session.view(0).reserve)
        assert "5–8" not in message(table) and "reserve" not in message(table), message(table)
        while all(card is None for card in session.view(0).reserve):
            await play(pilot, pick_action(session.legal_actions(0)))
            if session.view(0).drawn is not None:
                reserve = [a for a in session.legal_actions(0) if a.kind == "reserve"]
                await play(pilot, reserve[0])
        await wait_until(pilot, lambda: "n draw" in message(table))
        assert "5–8 pick up a reserve card" in message(table), message(table)


@async_test
async def test_u_with_nothing_to_undo_says_why_and_stays_out_of_the_footer() -> None:
    app = table_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        session = session_of(table)
        await play(pilot, pick_action(session.legal_actions(0)))  # a draw: nothing to take back
        assert not session.legal_actions(0) or not table.update.can_undo
        assert not any(b.binding.key == "u" for b in table.active_bindings.values()
                       if b.enabled and b.binding.show), "u in the footer with nothing to undo"
        await pilot.press("u")
        await pilot.pause()
        assert "Nothing to undo since the last draw" in message(table), message(table)
