"""The review screen: `v` on a past game and on a game-over dialog opens it; it makes the review off
the UI thread with a progress bar and keeps it in the history, or reads the kept one back; Esc
stops a review being made (nothing kept); the highlighted decision is shown in full, and Enter
opens the replay at it. Snapshots at 80×24 of a
review list and of Kill The Kings' hindsight line. The "Review budget" setting."""

from __future__ import annotations

import json
import threading
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Select

from cutthroat.history.store import History
from cutthroat.review import REVIEW_VERSION, Decision, Estimate, Hindsight, Review
from cutthroat.settings import REVIEW_BUDGETS
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.past_game import PastGameScreen
from cutthroat.tui.screens.replay import ReplayScreen
from cutthroat.tui.screens.review import ReviewScreen
from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen
from cutthroat.tui.widgets.event_log import EventLog
from helpers_history import fg
from helpers_pilot import async_test, screen_text, wait_until
from helpers_review import blunder_document
from test_tui_snapshots import one_move_short, settle

SIZE = (80, 24)
QUICK = REVIEW_BUDGETS["quick"]


def kept_game(app: CutthroatApp, game: str = "kill-your-friends", document: dict | None = None):
    """A finished game of `game` recorded in the app's history (listed as Records list it: no
    document), and its blunder's step."""
    at = None
    if document is None:
        document, at = blunder_document(game, after=6, before=10)
    seats = (fg().seats[0], replace(fg().seats[0], name="Bot 1", kind="bot", level="heuristic"))
    with History.open(app.history_path, keep=True) as h:
        h.record(replace(fg(game, game_id=f"kept-{game}", mode="", seats=seats[:len(document["seats"])]),
                         document=document, moves=len(document["log"])))
        return h.games()[0], at


def reviews_kept(app: CutthroatApp) -> list:
    with History.open(app.history_path, keep=True) as h:
        return h._db.execute("SELECT game, seat, budget, version FROM reviews").fetchall()


@async_test
async def test_v_on_a_past_game_reviews_it_keeps_it_and_enter_shows_a_decision(write_settings) -> None:
    write_settings(review_budget="quick")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        finished, at = kept_game(app)
        app.push_screen(PastGameScreen("kill-your-friends", finished))
        await wait_until(pilot, lambda: isinstance(app.screen, PastGameScreen) and "v review" in screen_text(app))
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        await wait_until(pilot, lambda: screen.review is not None, timeout=60)
        await wait_until(pilot, lambda: f"{at + 1:>4}  Pick up a card" in screen_text(app)
                         and "hard: Reveal your hand and win" in screen_text(app))
        assert screen.review.decisions[0].step == at
        assert reviews_kept(app) == [(finished.id, 0, QUICK, REVIEW_VERSION)]
        # The highlighted decision in full under the list; Enter: the replay at that move, as Ana saw
        # it, the costly moves marked.
        await wait_until(pilot, lambda: "Hard bot: Reveal your hand and win · the move cost" in screen_text(app))
        assert f"Each estimate: {QUICK} playouts" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert (replay.step, replay.seen_seat, replay.marked) == (at + 1, 0, [at + 1])
        # (the line under the table: the move, and the hard bot's with its estimates)
        await wait_until(pilot, lambda: f"◆ Move {at + 1}, Ana: Pick up a card. Hard: Reveal your" in
                         screen_text(app))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PastGameScreen))
        # Opened again: read back from the history, not made again.
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        again = app.screen
        await wait_until(pilot, lambda: again.review is not None)
        assert again.review == screen.review and not app.workers._workers


@async_test
async def test_esc_stops_a_review_being_made_and_nothing_is_kept(write_settings, monkeypatch) -> None:
    write_settings(review_budget="quick")
    from cutthroat.review import cache

    pressed, finished_making = threading.Event(), threading.Event()
    real = cache.review_game

    def held(document, seat, budget, *, progress=None, cancel=None, **kw):
        def hold(done: int, total: int) -> None:
            if progress is not None:
                progress(done, total)
            if done == 1:
                pressed.wait(30)  # (until Esc was pressed: the review is half made)
        try:
            return real(document, seat, budget, progress=hold, cancel=cancel, **kw)
        finally:
            finished_making.set()
    monkeypatch.setattr(cache, "review_game", held)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        finished, _ = kept_game(app)
        app.push_screen(ReviewScreen(finished))
        await wait_until(pilot, lambda: "Reviewing Ana's decisions with the hard bot: 1 of" in screen_text(app))
        assert "Esc stops" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, ReviewScreen))
        pressed.set()
        await wait_until(pilot, finished_making.is_set)
        await wait_until(pilot, lambda: not app.workers._workers)
        assert reviews_kept(app) == []


@async_test
async def test_at_a_server_a_review_runs_at_the_lowest_priority(write_settings, monkeypatch) -> None:
    """The server's cores are every player's: a review (minutes of CPU) takes only what is spare."""
    import os

    from cutthroat.review import cache

    write_settings(review_budget="quick")
    niceness = []
    real = cache.review_game

    def noted(*args, **kw):
        niceness.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        return real(*args, **kw)

    monkeypatch.setattr(cache, "review_game", noted)
    monkeypatch.setattr(CutthroatApp, "served", property(lambda app: True))
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        finished, _ = kept_game(app)
        app.push_screen(ReviewScreen(finished))
        await wait_until(pilot, lambda: bool(niceness))
        await app.workers.wait_for_complete()
    assert niceness == [19] and os.getpriority(os.PRIO_PROCESS, 0) < 19  # (the app itself as it was)


@async_test
async def test_the_game_over_dialog_offers_review_this_game_with_v() -> None:
    app, last = one_move_short(8, "game")
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        table.app.host.submit(0, last)
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await wait_until(pilot, lambda: "v review" in screen_text(app) and "v: review this game" in screen_text(app))
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        assert app.screen.finished.document["log"]
        await wait_until(pilot, lambda: any(words in screen_text(app) for words in (  # (under way, or made)
            "decisions with the hard bot: ", "unlike the hard bot's")))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))


@async_test
async def test_review_budget_setting_by_keys_is_remembered(config_dir: Path) -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        select = app.screen.query_one("#review_budget", Select)
        assert select.value == "normal"
        select.focus()
        await pilot.press("enter", "down", "enter")  # Normal -> Thorough
        await pilot.pause()
        assert select.value == "thorough" and app.settings.review_playouts() == REVIEW_BUDGETS["thorough"]
    stored = json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))
    assert stored["review_budget"] == "thorough"


# --- snapshots --------------------------------------------------------------------------------------
def opened_review(app: CutthroatApp, finished):
    async def run_before(pilot: Pilot) -> None:
        app.push_screen(ReviewScreen(finished))
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.review is not None,
                         timeout=60)
    return run_before


def test_snapshot_a_review_list(snap_compare, write_settings) -> None:
    write_settings(review_budget="quick", card_style="unicode")
    app = CutthroatApp()
    finished, _ = kept_game(app)
    with History.open(app.history_path, keep=True) as h:  # (made before: the snapshot reads it back)
        from cutthroat.review.cache import run_review

        run_review(h, h.get(finished.id), 0, QUICK)
    assert snap_compare(app, terminal_size=SIZE, run_before=opened_review(app, finished))


def _estimate(value: float, error: float) -> Estimate:
    return Estimate(value, error, QUICK)


def ktk_review_kept(app: CutthroatApp):
    """A Kill The Kings game kept with a hand-made review of it (its hindsight line, decisions)."""
    document, _ = blunder_document("kill-the-kings", after=4)
    finished, _ = kept_game(app, "kill-the-kings", document)
    review = Review("kill-the-kings", 0, QUICK, "points", (
        Decision(13, "put A♠ under column 2 (K♥)", "put A♠ in reserve B", False, _estimate(4.6, 0.3),
                 _estimate(3.1, 0.4), _estimate(4.5, 0.3), 1.4, 0.5, "round 1, draw 7"),
        Decision(9, "put 5♦ in reserve C", "put 5♦ under column 1 (K♠)", False, _estimate(4.4, 0.3),
                 _estimate(4.3, 0.3), _estimate(4.4, 0.3), 0.1, 0.1, "round 1, draw 5"),
        Decision(1, "put 2♦ in reserve A", "put 2♦ in reserve A", True, _estimate(4.3, 0.2),
                 _estimate(4.3, 0.2), _estimate(4.3, 0.2), 0.0, 0.0, "round 1, draw 1")),
        Hindsight(11, 6, 5, 13, "round 1, draw 7", "put A♠ under column 2 (K♥)", "put A♠ in reserve B"))
    with History.open(app.history_path, keep=True) as h:
        h.keep_review(finished.id, 0, QUICK, REVIEW_VERSION, review.to_json())
    return finished


def test_snapshot_the_kill_the_kings_hindsight_line(snap_compare, write_settings) -> None:
    write_settings(review_budget="quick", card_style="unicode")
    app = CutthroatApp()
    finished = ktk_review_kept(app)
    assert snap_compare(app, terminal_size=SIZE, run_before=opened_review(app, finished))


@async_test
async def test_the_review_fits_80x24_in_ascii_too(write_settings) -> None:
    from helpers_fit import cut

    write_settings(review_budget="quick", card_style="ascii")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await opened_review(app, ktk_review_kept(app))(pilot)
        await wait_until(pilot, lambda: "+/- std. error" in screen_text(app) and "Move 14 (round 1" in screen_text(app))
        assert "perfect play 11" in screen_text(app) and "4.6+/-0.3 -> 3.1+/-0.4" in screen_text(app)
        assert not cut(app.screen), cut(app.screen)


def test_a_rows_second_line_fits_the_list_with_the_longest_words_in_either_style() -> None:
    from cutthroat.tui.screens.review import ROW_WIDTH, row

    long = "Play Alter the Future 3x and put the cards back in the order 3 1 2 " * 2
    d = Decision(98, long, long, False, _estimate(0.999, 0.111), _estimate(0.0, 0.0), _estimate(1.0, 0.0),
                 1.0, 0.0)
    for ascii in (False, True):
        first, second = row(d, "win", ascii).split("\n")
        assert len(first) <= ROW_WIDTH and len(second) <= ROW_WIDTH, (first, second)
        assert "…" in second and ("+/-" in second) == ascii and ("±" in second) != ascii


@async_test
async def test_tab_reviews_the_next_human_of_a_hot_seat_game(write_settings) -> None:
    write_settings(review_budget="quick")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        document, _ = blunder_document("kill-your-friends", after=6, before=10)
        document["seats"][1] = {"kind": "human", "name": "Bob", "level": None}
        seats = (fg().seats[0], replace(fg().seats[0], name="Bob"))
        with History.open(app.history_path, keep=True) as h:
            h.record(replace(fg("kill-your-friends", game_id="hot", mode="", seats=seats, humans=(0, 1)),
                             document=document, moves=len(document["log"])))
            finished = h.games()[0]
        app.push_screen(ReviewScreen(finished))
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.review is not None)
        screen = app.screen
        assert screen.review.seat == 0 and "Kill Your Friends · Ana" in screen_text(app)
        await wait_until(pilot, lambda: "tab next player" in screen_text(app))
        await pilot.press("tab")
        await wait_until(pilot, lambda: screen.review is not None and screen.review.seat == 1)
        await wait_until(pilot, lambda: "Kill Your Friends · Bob" in screen_text(app))
        await wait_until(pilot, lambda: not app.workers._workers)
        assert sorted(seat for _, seat, _, _ in reviews_kept(app)) == [0, 1]


def kept_with_names(app: CutthroatApp, game_id: str, human: str, bot: str):
    """A Kill Your Friends blunder game kept in the app's history, its human and its heuristic
    bot named `human` and `bot` (in the game's document too, whose log the review reads)."""
    document, _ = blunder_document("kill-your-friends", after=6, before=10)
    document["seats"][0]["name"], document["seats"][1]["name"] = human, bot
    seats = (replace(fg().seats[0], name=human), replace(fg().seats[0], name=bot, kind="bot", level="heuristic"))
    with History.open(app.history_path, keep=True) as h:
        h.record(replace(fg("kill-your-friends", game_id=game_id, mode="", seats=seats),
                         document=document, moves=len(document["log"])))
        return h.games()[0]


@async_test
async def test_a_name_that_looks_like_markup_is_shown_as_it_is(write_settings) -> None:
    write_settings(review_budget="quick")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ReviewScreen(kept_with_names(app, "marked", "[b]Ana[/]", "[/]Bo[b]")))
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.review is not None)
        await wait_until(pilot, lambda: "on [/]Bo[b]" in screen_text(app)
                         and "Move 11 · [b]Ana[/]: Pick up a card" in screen_text(app))
        assert "Review · Kill Your Friends · [b]Ana[/]" in screen_text(app)
        app.screen.show_progress(1, 7)  # (the line the progress bar had)
        assert "Reviewing [b]Ana[/]'s decisions with the hard bot: 1 of 7" in str(
            app.screen.query_one("#review-progress").render())



@async_test
async def test_the_lone_human_named_you_reviews_your_decisions_not_yous(write_settings) -> None:
    write_settings(review_budget="quick")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ReviewScreen(kept_with_names(app, "yours", "You", "Bot 1")))
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.review is not None)
        app.screen.show_progress(1, 7)  # (the line the progress bar had)
        line = str(app.screen.query_one("#review-progress").render())
        assert "Reviewing your decisions with the hard bot: 1 of 7" in line, line

# --- the review's panel beside the replay ----------------------------------------------------------
def opened_replay_from_review(app: CutthroatApp, finished):
    async def run_before(pilot: Pilot) -> None:
        await opened_review(app, finished)(pilot)
        await pilot.press("enter")  # the costliest decision: move 14, A♠ under column 2
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.started
                         and ("◂ here" in screen_text(app) or "< here" in screen_text(app)))
    return run_before


@async_test
async def test_enter_on_a_decision_shows_the_review_beside_the_table_and_r_the_log(write_settings) -> None:
    from helpers_fit import cut

    write_settings(review_budget="quick", card_style="unicode")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await opened_replay_from_review(app, ktk_review_kept(app))(pilot)
        screen = app.screen
        text = screen_text(app)
        assert screen.step == 14 and "Review · Ana" in text
        # The decisions in move order (the one the bot agreed with left out), the current one marked,
        # its cost and the bot's move; the estimates before → after, and after the bot's.
        assert text.index(" 10 put 5♦ in") < text.index(" 14 put A♠ under") < text.index("◂ here")
        assert "−1.4 pts (hard:" in text and "points 4.6→3.1" in text and "(hard: 4.5)" in text
        assert " 2 put 2♦" not in text
        # The line under the table: the move, the hard bot's, the estimates and what they rest on.
        assert "◆ Move 14, Ana: put A♠ under column 2 (K♥). Hard: put" in text
        assert "A♠ in reserve B · 4.6 → 4.5 (±0.3, 16 playouts)" in text
        assert cut(screen) == []
        await pilot.press("left")  # a move that isn't reviewed: marked in its place in the list
        await wait_until(pilot, lambda: " 13 ◂ here" in screen_text(app))
        assert "points" not in screen_text(app) and "Move 13: " in screen_text(app)
        told = []
        notify = app.notify
        app.notify = lambda message, *args, **kwargs: (told.append(str(message)), notify(message, *args, **kwargs))
        await pilot.press("r")  # the log in the panel's place, of the same width
        await wait_until(pilot, lambda: "Review · Ana" not in screen_text(app))
        assert "r: the review again" in told  # (the footer has no room for r: how to come back)
        log = screen.query_one(EventLog)
        assert log.display and log.outer_size.width == screen.query_one("#replay-review").styles.width.value
        assert cut(screen) == []
        await pilot.press("r")
        await wait_until(pilot, lambda: "Review · Ana" in screen_text(app))


@async_test
async def test_a_replay_not_opened_from_a_review_has_no_panel_and_r_does_nothing() -> None:
    from cutthroat.replay import Replay
    from cutthroat.tui.screens.replay import replay_screen

    document, _ = blunder_document("kill-your-friends", after=4)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(replay_screen(Replay.from_document(document), step=3))
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.started)
        await pilot.press("r")
        await pilot.pause()
        assert not app.screen.query("#replay-review") and app.screen.query_one(EventLog).display


def test_snapshot_the_review_beside_a_replay(snap_compare, write_settings) -> None:
    write_settings(review_budget="quick", card_style="unicode")
    app = CutthroatApp()
    finished = ktk_review_kept(app)
    assert snap_compare(app, terminal_size=SIZE, run_before=opened_replay_from_review(app, finished))


# --- a server table's game over ----------------------------------------------------------------------
@async_test
async def test_a_server_tables_game_over_offers_v_and_reviews_the_game_the_server_kept(tmp_path, monkeypatch,
                                                                                        write_settings) -> None:
    """Bob plays a server table to its end: its game-over dialog offers `v`, which reviews the game
    the server kept in Bob's history (found by the table's code; at the lowest priority, as any
    review at a server)."""
    import random

    from cutthroat.tui.screens.lobby import LobbyScreen
    from cutthroat.tui.screens.title import TitleScreen
    from cutthroat.tui.tables.shared import SharedTableScreen
    from helpers_service import Running

    write_settings(review_budget="quick")
    monkeypatch.setattr("cutthroat.tui.screens.review.lowest_priority", lambda: None)  # (nice 19 has its own test: here, on a busy machine, it would starve)
    running = Running(tmp_path / "server")
    try:
        monkeypatch.setenv("CUTTHROAT_SAVE_DIR", str(running.service.data / "players" / "p-bob" / "saves"))
        monkeypatch.setenv("CUTTHROAT_SERVICE", str(running.service.socket_path))
        monkeypatch.setenv("CUTTHROAT_TOKEN", running.service.new_token("p-bob"))
        bob = running.client("p-bob", "Bob")
        code = bob.request("create", game="kill-your-friends", config={},
                           seats=[{"kind": "human"}, {"kind": "bot", "level": "random", "name": "Cy"}])["code"]
        app = CutthroatApp()
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
            app.screen.action_pick("lobby")
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables)
            await pilot.press("enter")  # Bob's seat at his own table: it starts
            await wait_until(pilot, lambda: isinstance(app.screen, SharedTableScreen) and app.screen.started)
            table, rng = app.screen, random.Random(3)
            while True:  # Bob's moves, sent as his table sends them, until the game is over
                await wait_until(pilot, lambda: table.sight.update.over or bool(table.sight.update.legal), timeout=60)
                if table.sight.update.over:
                    break
                version = table.sight.update.version
                table.submit(rng.choice(table.sight.update.legal))
                await wait_until(pilot, lambda: table.sight.update.version != version, timeout=60)
            await wait_until(pilot, lambda: " v review " in screen_text(app), timeout=60)
            await pilot.press("v")
            await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            review = app.screen
            try:
                # (the review made: its summary, not its progress line, which a quick review may
                # pass between two looks)
                await wait_until(pilot, lambda: review.finished.id and "unlike the hard bot's" in screen_text(app),
                                 timeout=120)  # (longer than the screen waits for the server: it says why, then)
            except AssertionError:
                raise AssertionError(f"kept: {review.finished!r}\n{screen_text(app)}") from None
            assert review.finished.table == code and review.finished.document["log"]
            assert "Review · Kill Your Friends · Bob" in screen_text(app)
            await pilot.press("escape")
            await wait_until(pilot, lambda: not isinstance(app.screen, ReviewScreen))
    finally:
        running.stop()


@async_test
async def test_the_review_beside_a_replay_fits_80x24_in_ascii_and_says_its_signs_in_ascii(write_settings) -> None:
    from helpers_fit import cut

    write_settings(review_budget="quick", card_style="ascii")
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await opened_replay_from_review(app, ktk_review_kept(app))(pilot)
        text = screen_text(app)
        assert "< here" in text and "(+/-0.3, 16 playouts)" in text and "points 4.6->3.1" in text
        assert "◂" not in text and "±" not in text and cut(app.screen) == []


def test_a_server_tables_review_waits_for_its_own_game_not_an_older_one_at_the_same_code(tmp_path) -> None:
    """A table's four-letter code is used again once the table is gone: at a game over, the
    review looks for the game in the player's history by its code, and must not take an older
    game of theirs kept at that code for the one just over (the server keeps it a moment later)."""
    from datetime import datetime, timezone

    from cutthroat.tui.screens.review import at_server_table, kept_from_table

    document, _ = blunder_document("kill-the-kings", after=6, before=10)
    with History.open(tmp_path / "history.sqlite3", keep=True) as history:
        history.record(replace(fg(when="2026-11-01T12:00:00", game_id="old"), table="ABCD", document=document))
        asked = at_server_table("kill-the-kings", "ABCD", 0)
        assert kept_from_table(history, asked) is None  # (the old one is not it: wait for the server)
        now = datetime.now(timezone.utc).isoformat()
        history.record(replace(fg(when=now[:19], game_id="new"), table="ABCD", document=document))
        assert kept_from_table(history, asked).game_id == "new"


def test_a_cost_below_what_its_figure_shows_reads_zero_without_a_sign() -> None:
    """A move unlike the bot's that cost less than 0.05 points (or half a percent) reads "0.0 pts"
    ("0%"), never "−0.0 pts"; a real cost keeps its sign."""
    from types import SimpleNamespace

    from cutthroat.review.model import POINTS, WIN
    from cutthroat.tui.screens.review import cost

    assert cost(SimpleNamespace(same=False, loss=0.04), POINTS) == "0.0 pts"
    assert cost(SimpleNamespace(same=False, loss=-0.04), POINTS) == "0.0 pts"
    assert cost(SimpleNamespace(same=False, loss=1.24), POINTS) == "−1.2 pts"
    assert cost(SimpleNamespace(same=False, loss=0.004), WIN) == "0%"
    assert cost(SimpleNamespace(same=False, loss=0.14), WIN) == "−14%"
    assert cost(SimpleNamespace(same=True, loss=0.0), POINTS) == "as hard"
