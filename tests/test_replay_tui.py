"""The replay screen by keys (Pilot): stepping, turns, Home/End, `g`, the seat, all cards, `x`
export, no key of the table acting; the past game's `p`; `cutthroat replay FILE`; an 80×24
snapshot of a replay in a seat view."""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot

from cutthroat import saves
from cutthroat.history.model import finished_game
from cutthroat.replay import NOT_OVER, Replay
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.replay import ReplayScreen
from cutthroat.tui.widgets.event_log import EventLog
from helpers_pilot import async_test, screen_text, settle, wait_until

SIZE = (80, 24)
SEATS = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]


def session_of(game: str, seed: int, seats=SEATS, moves: int | None = None) -> Session:
    """A game of seeded random moves: to its end, or `moves` into it."""
    rng = random.Random(seed)
    session = Session(game, {}, seed, list(seats))
    while not session.is_over and (moves is None or len(session.log) < moves):
        seat = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(seat)), seat)
    return session


def replay_of(session: Session) -> Replay:
    return Replay.from_document(saves.to_json(session.save_data()))


@pytest.fixture(autouse=True)
def notes_kept(monkeypatch):
    """Every notification an app gives, kept: a toast expires, and on a slow machine it may be
    gone before the test reads it."""
    notify = CutthroatApp.notify

    def kept(app, message, *args, **kwargs):
        app.__dict__.setdefault("said_so_far", []).append(str(message))
        return notify(app, message, *args, **kwargs)

    monkeypatch.setattr(CutthroatApp, "notify", kept)


def said(app) -> list[str]:
    return list(app.__dict__.get("said_so_far", []))


async def opened(pilot: Pilot) -> ReplayScreen:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen) and pilot.app.screen.started)
    return pilot.app.screen


@async_test
async def test_arrows_turns_home_end_step_through_the_game_with_the_log_in_step() -> None:
    replay = replay_of(session_of("kill-your-friends", 4))
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        log = screen.query_one(EventLog)
        intro = list(log.entries)
        await wait_until(pilot, lambda: f"move 0 of {replay.count}" in screen_text(app))
        await pilot.press("right", "right", "right")
        await wait_until(pilot, lambda: screen.step == 3)
        assert screen.sight.update.view == replay.view(3, 0)
        await wait_until(pilot, lambda: f"move 3 of {replay.count}" in screen_text(app))
        assert "Move 3: " in screen_text(app)
        told = len(log.entries)
        await pilot.press("left")
        await wait_until(pilot, lambda: screen.step == 2)
        assert len(log.entries) < told and screen.sight.update.view == replay.view(2, 0)
        stepped_back = [str(line) for line in log.entries], [strip.text for strip in log.lines]
        screen.show_step(2, rebuild=True)  # the log at move 2 told afresh: the same lines
        assert ([str(line) for line in log.entries], [strip.text for strip in log.lines]) == stepped_back
        await pilot.press("end")
        await wait_until(pilot, lambda: screen.step == replay.count)
        await wait_until(pilot, lambda: "Game over: " in screen_text(app))
        await pilot.press("home")
        await wait_until(pilot, lambda: screen.step == 0)
        assert log.entries == intro  # back at the deal, the log is the deal's
        await pilot.press("pagedown")
        await wait_until(pilot, lambda: screen.step == replay.next_turn(0))
        await pilot.press("pagedown", "pageup")
        await wait_until(pilot, lambda: screen.step == replay.next_turn(0))
        # No key of the table acts (d picks up, Enter plays, 1 plays on a seat): nothing opens.
        await pilot.press("d", "enter", "space", "1", "f", "h")
        await pilot.pause()
        assert app.screen is screen and screen.step == replay.next_turn(0)
        assert screen.acting_port.submit(None) is not None  # and the port refuses any move


@async_test
async def test_g_goes_to_a_move_number_and_bad_input_gets_a_one_line_reason() -> None:
    replay = replay_of(session_of("kill-your-friends", 4))
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("g")
        await wait_until(pilot, lambda: app.screen is not screen)
        await pilot.press("ctrl+a", "ctrl+k", *"12", "enter")
        await wait_until(pilot, lambda: screen.step == 12)
        await pilot.press("g")
        await wait_until(pilot, lambda: app.screen is not screen)
        asked = app.screen
        for n, typed in enumerate(("x1", str(replay.count + 1), "-3"), 1):
            await pilot.press("ctrl+a", "ctrl+k", *typed, "enter")
            await wait_until(pilot, lambda: said(app).count(f"A move number is a whole number from 0 to "
                                                            f"{replay.count}") == n)
            assert app.screen is asked and screen.step == 12  # (the dialog stays: type it again)
        await pilot.press("ctrl+a", "ctrl+k", *"7", "enter")
        await wait_until(pilot, lambda: screen.step == 7)
        assert app.screen is screen
        await pilot.press("g", "escape")
        await wait_until(pilot, lambda: app.screen is screen)
        assert screen.step == 7


@async_test
async def test_x_exports_the_screen_as_svg_and_the_game_as_text(save_dir) -> None:
    replay = replay_of(session_of("kill-your-friends", 4))
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("right", "right", "x")
        await wait_until(pilot, lambda: hasattr(screen, "exported"))
        svg, text = screen.exported
        folder = save_dir / "exports"  # (the data folder: the save folder, moved here by the tests)
        assert svg.startswith(str(folder)) and text.startswith(str(folder))
        assert "REPLAY" in open(svg, encoding="utf-8").read().replace("&#160;", " ")
        transcript = open(text, encoding="utf-8").read()
        assert "Seats:" in transcript and "Log (public):" in transcript and "Result: " in transcript
        assert any(line.startswith("replay-kill-your-friends-") and str(folder) in line for line in said(app))


@async_test
async def test_tab_changes_the_seat_seen_and_a_shows_all_cards_only_when_over() -> None:
    replay = replay_of(session_of("kill-your-friends", 4))
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("right", "tab")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen is not screen
                         and app.screen.started)
        screen = app.screen
        assert screen.seen_seat == 1 and screen.step == 1
        await wait_until(pilot, lambda: "as Bob" in screen_text(app))
        assert screen.sight.update.view == replay.view(1, 1)
        await pilot.press("a")
        await wait_until(pilot, lambda: "All cards shown" in screen_text(app))
        assert "Ana: " in screen_text(app) and "Cy: " in screen_text(app)
    in_progress = replay_of(session_of("kill-your-friends", 4, moves=10))
    app = CutthroatApp(replay=in_progress)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("a")  # (not in the footer; the key still says why)
        await wait_until(pilot, lambda: NOT_OVER in said(app))
        assert "All cards shown" not in screen_text(app)


@async_test
async def test_an_in_progress_hot_seat_save_replays_as_the_public_view() -> None:
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    replay = replay_of(session_of("kill-your-friends", 4, seats, moves=10))
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("end", "tab")
        await wait_until(pilot, lambda: screen.step == replay.count)
        assert app.screen is screen and screen.seen_seat is None
        await wait_until(pilot, lambda: "A hot-seat game in progress replays only as the public view" in said(app))
        await wait_until(pilot, lambda: "public view" in screen_text(app))
        assert "'s hand" not in screen_text(app)


@async_test
async def test_p_on_a_past_game_opens_its_replay() -> None:
    """By keys from the title, as a player gets there: Records lists the games without their
    moves, and `p` reads them."""
    from dataclasses import replace

    from cutthroat.history.store import History
    from cutthroat.tui.screens.past_game import PastGameScreen

    session = session_of("kill-your-friends", 4)
    finished = finished_game(session.save_data(), session.result(), game_id="g1")
    app = CutthroatApp()
    with History.open(app.history_path, keep=True) as history:
        history.record(replace(finished, humans=(0,)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("R")  # Records: Kill The Kings, then Exploding Kittens, then Kill Your Friends
        await wait_until(pilot, lambda: "Records" in screen_text(app))
        await pilot.press("right", "right")
        await wait_until(pilot, lambda: "Games 1 " in screen_text(app))
        await pilot.press("enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGameScreen))
        assert not app.screen.finished.document  # (as listed)
        await pilot.press("p")
        screen = await opened(pilot)
        assert screen.replay.count == len(session.log) and screen.seen_seat == 0
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGameScreen))


def test_cutthroat_replay_refuses_a_bad_file_in_one_line(tmp_path, capsys) -> None:
    from cutthroat.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cutthroat-save", "version": 2, "game": "nope"}')
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cutthroat: ") and "unknown game" in err
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "can't read it" in capsys.readouterr().err


@pytest.fixture
def unicode_cards(write_settings) -> None:
    write_settings(card_style="unicode")


def test_replay_snapshot_in_a_seat_view(snap_compare, unicode_cards) -> None:
    replay = replay_of(session_of("kill-your-friends", 4))
    app = CutthroatApp(replay=replay)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.started)
        for _ in range(6):
            await pilot.press("right")
        await settle(pilot, lambda: app.screen.step == 6)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@async_test
async def test_marked_steps_show_on_the_move_bar_and_n_goes_to_them() -> None:
    from cutthroat.tui.screens.replay import replay_screen

    replay = replay_of(session_of("kill-your-friends", 4))
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(replay_screen(replay, marked_steps=[9, 5, replay.count + 7]))
        screen = await opened(pilot)
        assert screen.marked == [5, 9]  # (a step the game hasn't is dropped)
        assert screen_text(app).splitlines()[0].count("◆") == 2
        await wait_until(pilot, lambda: "n next mark" in screen_text(app))
        assert screen_text(app).rstrip().endswith("esc back")  # (the footer fits at 80 columns)
        await pilot.press("n")
        await wait_until(pilot, lambda: screen.step == 5)
        await wait_until(pilot, lambda: "◆ Move 5: " in screen_text(app))
        await pilot.press("n", "n")
        await wait_until(pilot, lambda: screen.step == 9 and "No marked move after this one" in said(app))
        await pilot.press("N")
        await wait_until(pilot, lambda: screen.step == 5)
    app = CutthroatApp(replay=replay)  # no marks: no n in the footer
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        await wait_until(pilot, lambda: "esc back" in screen_text(app))
        assert "next mark" not in screen_text(app) and "◆" not in screen_text(app)


@async_test
async def test_names_that_look_like_markup_are_shown_as_text() -> None:
    seats = [Seat("human", "[b]Zed"), Seat("bot", "[/]", "random"), Seat("bot", "Cy", "random")]
    replay = replay_of(session_of("kill-your-friends", 4, seats))
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("end", "a")
        await wait_until(pilot, lambda: screen.step == replay.count and "All cards shown" in screen_text(app))
        text = screen_text(app)
        assert "as [b]Zed" in text and "[b]Zed: " in text and "[/]: " in text


def test_cutthroat_replay_opens_the_app_on_a_save_or_an_exported_game(tmp_path, monkeypatch) -> None:
    import json

    from cutthroat import cli

    session = session_of("kill-your-friends", 4)
    save = tmp_path / "game.json"
    session.save(save, "mine")
    export = tmp_path / "games.json"
    game = finished_game(session.save_data(), session.result(), game_id="g1")
    export.write_text(json.dumps([dict(game.to_json(), id=3), dict(game.to_json(), id=8)], default=str))
    seen = {}
    monkeypatch.setattr(cli, "launch_app", lambda save_dir, **kw: seen.update(kw) or 0)
    assert cli.main(["replay", str(save)]) == 0
    assert seen["replay"].count == len(session.log) and seen["replay"].over
    assert cli.main(["replay", str(export), "--id", "8"]) == 0
    assert seen["replay"].count == len(session.log) and seen["replay"].humans == (0,)


@async_test
async def test_kill_the_kings_replays_round_by_round_on_its_own_table() -> None:
    replay = replay_of(session_of("kill-the-kings", 5, [Seat("human", "You")]))
    assert replay.over and len(replay.turn_starts) >= 2
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await wait_until(pilot, lambda: "REPLAY ▸ Kill The Kings" in screen_text(app) and "Seed 5" in screen_text(app))
        await pilot.press("pagedown")
        second = replay.turn_starts[1]
        await wait_until(pilot, lambda: screen.step == second)
        assert replay.state(second).round == 2 and screen.view == replay.view(second, 0)
        await wait_until(pilot, lambda: f"Move {second}: " in screen_text(app) and f"move {second} of" in screen_text(app))
        await pilot.press("right", "pageup")
        await wait_until(pilot, lambda: screen.step == second)
        await pilot.press("n", "1", "enter", "u")  # the table's keys: draw, place, score, undo — none acts
        await pilot.pause()
        assert app.screen is screen and screen.step == second and screen.view == replay.view(second, 0)
        await pilot.press("a")
        await wait_until(pilot, lambda: "Deck, next card first: " in screen_text(app))
        await pilot.click("#king0")  # nor does a click
        await pilot.pause()
        assert app.screen is screen and screen.view == replay.view(second, 0)


@pytest.mark.parametrize("game,players", [
    ("kill-the-kings", 1), ("exploding-kittens", 5), ("stab-your-friends", 8), ("kill-your-friends", 4),
    ("kill-your-friends", 6), ("psycho-killer", 4), ("psycho-killer", 6)])
@async_test
async def test_every_games_replay_fits_80x24_with_marks_and_all_cards(game, players) -> None:
    from helpers_fit import cut

    from cutthroat.tui.screens.replay import replay_screen

    names = ["Ana", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"]
    seats = [Seat("human", "Ana")] + [Seat("bot", names[q], "random") for q in range(1, players)]
    replay = replay_of(session_of(game, 8, seats))
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(replay_screen(replay, step=replay.count // 2, marked_steps=[1, replay.count // 3],
                                      all_cards=True))
        screen = await opened(pilot)
        await wait_until(pilot, lambda: "esc back" in screen_text(app) and "All cards shown" in screen_text(app))
        found = cut(screen)
        assert not found, "\n".join(found)


@async_test
async def test_stepping_back_from_a_jump_shows_the_log_a_fresh_look_would() -> None:
    replay = replay_of(session_of("psycho-killer", 4, SEATS + [Seat("bot", "Dee", "random")]))
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        log = screen.query_one(EventLog)
        await pilot.press("end")
        await wait_until(pilot, lambda: screen.step == replay.count)

        def visible() -> list[str]:
            return [strip.text for strip in log.lines[-log.size.height:]]

        rebuilt, rebuild = [], screen.rebuild_log
        screen.rebuild_log = lambda log, n: (rebuilt.append(n), rebuild(log, n))
        for back in range(1, 8):
            await pilot.press("left")
            await wait_until(pilot, lambda: screen.step == replay.count - back)
            assert not rebuilt, "stepped back by the log's marks, not told afresh"
            shown = visible()
            screen.show_step(screen.step, rebuild=True)  # (and the next step back is from this log's marks)
            assert visible() == shown, f"{back} back"
            rebuilt.clear()


@async_test
async def test_a_servers_player_is_not_offered_an_export_and_x_writes_nothing(save_dir, monkeypatch) -> None:
    """At a server the files would stay on its disk, out of the player's reach (and each press
    would take more of it): no `x` there."""
    monkeypatch.setenv("CUTTHROAT_CONFINED", "1")
    replay = replay_of(session_of("kill-your-friends", 4))
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert "x export" not in screen_text(app).splitlines()[-1]
        await pilot.press("x")
        await pilot.pause()
        assert not hasattr(screen, "exported") and not (app.history_path.parent / "exports").exists()


@async_test
async def test_a_seat_out_of_the_game_is_named_under_its_hand() -> None:
    """Nobody at a replay is "you": the seat seen is named, as its hand's title names it."""
    session = next(s for seed in range(40) if (s := session_of("kill-your-friends", seed)).rules.view(
        s.state, 0).out[0])
    app = CutthroatApp(replay=replay_of(session))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("end")
        await wait_until(pilot, lambda: screen.step == screen.replay.count and "Ana is out of the game." in screen_text(app))
        assert "You are out" not in screen_text(app) and "Ana's hand" in screen_text(app)


@pytest.mark.parametrize("game,players", [("kill-the-kings", 1), ("exploding-kittens", 4), ("kill-your-friends", 4),
                                          ("stab-your-friends", 4), ("psycho-killer", 4)])
@async_test
async def test_a_step_repaints_only_what_it_changed(game, players, monkeypatch) -> None:
    """A step neither repaints the whole screen (the table screen's `sight` repainted it, every
    widget drawn again) nor touches a widget whose text is unchanged; a new text in a widget of
    fixed size lays nothing out. The replay's step time is mostly the table redrawing."""
    from textual.widget import Widget

    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, players)]
    replay = replay_of(session_of(game, 7, seats))
    app = CutthroatApp(replay=replay)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("end", "home")
        await wait_until(pilot, lambda: screen.step == 0)
        await pilot.pause()
        refreshed: list[tuple[Widget, bool]] = []
        original = Widget.refresh

        def spy(widget, *regions, repaint=True, layout=False, recompose=False):
            refreshed.append((widget, layout))
            return original(widget, *regions, repaint=repaint, layout=layout, recompose=recompose)

        monkeypatch.setattr(Widget, "refresh", spy)
        for n in range(1, min(12, replay.count) + 1):
            shown = {w: str(w.content) for w in screen.query("Static")}
            before = len(refreshed)
            await pilot.press("right")
            await wait_until(pilot, lambda: screen.step == n)
            await pilot.pause()
            step = refreshed[before:]
            assert screen not in [w for w, _ in step], "a step repainted the whole screen"
            for widget, layout in step:
                if widget in shown and type(widget).__name__ in ("BoundStatic", "CardLine"):
                    assert str(widget.content) != shown[widget], f"{widget.id} redrawn with its text unchanged"
                    assert not (layout and widget.styles.height is not None and widget.styles.height.is_cells), \
                        f"{widget.id} is of fixed size, but its new text laid the screen out"
