"""A server's daily deal replayed and reviewed by its own player once its day is over (the service's
"daily_game" op, `serve/past_daily.py`): never a move or the seed while the day lasts, never another
player's game, whatever the request says; the past game's `p` and `v` ask for it at a server."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from cutthroat.history.store import History
from cutthroat.paths import history_path
from cutthroat.serve.client import ServiceError
from helpers_pilot import async_test, screen_text, wait_until
from helpers_service import Running, wait
from test_serve_daily import KTK, play_out, start_daily


def day_after(day: str) -> str:
    return (date.fromisoformat(day) + timedelta(days=1)).isoformat()


def played_daily(running: Running) -> tuple[object, str, list]:
    """Ana plays today's Kill The Kings deal to its end: (her client, the table's code, its moves)."""
    ana = running.client("p-ana", "Ana")
    port, heard, _ = start_daily(ana)
    play_out(running, port, heard)
    session = running.service.tables[port.code].host.session
    wait(lambda: any(g.table == port.code for g in running.service.store.finished.games()))
    return ana, port.code, [list(move) if isinstance(move, tuple) else move for move in session.save_data().log]


def test_a_daily_games_moves_go_to_its_player_only_once_the_day_is_over(tmp_path, monkeypatch):
    running = Running(tmp_path)
    try:
        ana, code, _ = played_daily(running)
        bob = running.client("p-bob", "Bob")
        day = running.service.today()
        # While the day lasts: not to its own player either (the seed would tell today's deal).
        with pytest.raises(ServiceError, match=f"daily deal of {day} can be replayed once its day is over"):
            ana.request("daily_game", code=code)
        # Her own copy of the game has no moves either.
        with History.open(history_path(running.service.data / "players" / "p-ana" / "saves"), keep=True) as h:
            mine = h.get(h.games()[0].id)
            assert mine.table == code and mine.daily == day and not mine.document.get("log")
        # Another player, a made-up code, a code that isn't text: the same one line, nothing told.
        for who, asked in ((bob, code), (ana, "ZZZZ"), (ana, ["x"]), (ana, {"code": code}), (ana, None)):
            with pytest.raises(ServiceError, match="no such game of yours"):
                who.request("daily_game", code=asked)
        # The day is over: its own player gets its moves (and the seed the day's key now tells).
        monkeypatch.setattr(running.service, "today", lambda: day_after(day))
        reply = ana.request("daily_game", code=code.lower())
        kept = running.service.store.finished.get(
            next(g.id for g in running.service.store.finished.games() if g.table == code))
        assert reply["day"] == day and reply["document"] == kept.document and reply["document"]["log"]
        assert reply["document"]["seed"] == running.service.daily_seed(KTK, date.fromisoformat(day))
        with pytest.raises(ServiceError, match="no such game of yours"):  # still only hers
            bob.request("daily_game", code=code)
    finally:
        running.stop()


@async_test
async def test_p_and_v_on_a_past_daily_game_at_a_server_wait_for_the_day_to_be_over(tmp_path, monkeypatch,
                                                                                    write_settings) -> None:
    from cutthroat.tui.app import CutthroatApp
    from cutthroat.tui.screens.past_game import PastGameScreen
    from cutthroat.tui.screens.replay import ReplayScreen
    from cutthroat.tui.screens.review import ReviewScreen

    write_settings(review_budget="quick")
    monkeypatch.setattr("cutthroat.tui.screens.review.lowest_priority", lambda: None)  # (nice 19 has its own test: here, on a busy machine, it would starve)
    running = Running(tmp_path / "server")
    try:
        _, code, moves = played_daily(running)
        saves = running.service.data / "players" / "p-ana" / "saves"
        monkeypatch.setenv("CUTTHROAT_SAVE_DIR", str(saves))
        monkeypatch.setenv("CUTTHROAT_SERVICE", str(running.service.socket_path))
        monkeypatch.setenv("CUTTHROAT_TOKEN", running.service.new_token("p-ana"))
        with History.open(history_path(saves), keep=True) as h:
            listed = h.games()[0]  # (as the past games list reads it: without its moves)
        app = CutthroatApp()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(PastGameScreen(KTK, listed))
            await wait_until(pilot, lambda: isinstance(app.screen, PastGameScreen) and "p replay" in screen_text(app))
            past = app.screen
            await pilot.press("p")
            await wait_until(pilot, lambda: any("can be replayed once its day is over" in str(n.message)
                                                for n in app._notifications))
            assert app.screen is past
            monkeypatch.setattr(running.service, "today", lambda: day_after(listed.daily))  # (the day is over)
            await pilot.press("p")
            await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.started)
            assert app.screen.replay.count == len(moves) and "move 0 of" in screen_text(app)
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is past)
            await pilot.press("v")
            await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            await wait_until(pilot, lambda: "decisions with the hard bot: " in screen_text(app) or
                             app.screen.review is not None, timeout=60)
            await pilot.press("escape")
    finally:
        running.stop()


def test_a_past_daily_games_moves_wait_while_a_table_of_that_deal_still_plays_after_midnight(tmp_path, monkeypatch):
    """Midnight (UTC) passes while Bob still plays the day's deal: the service closes past days'
    tables only at its next sweep (a minute), or a resumed one at the first. Until then Ana, who
    finished that deal, must not get its moves and seed: she could tell Bob every hidden card."""
    running = Running(tmp_path)
    try:
        ana, code, _ = played_daily(running)
        day = running.service.today()
        bob = running.client("p-bob", "Bob")
        bob_port, _, _ = start_daily(bob)
        monkeypatch.setattr(running.service, "today", lambda: day_after(day))  # (before the sweep)
        with pytest.raises(ServiceError, match="still played"):
            ana.request("daily_game", code=code)
        bobs = running.service.tables[bob_port.code]
        running.call(lambda: (bobs.host.close(), running.service._remove(bobs, "closed")))  # (the sweep's work)
        assert ana.request("daily_game", code=code)["document"]["log"]
    finally:
        running.stop()


def test_a_past_daily_game_is_found_by_its_code_and_day_when_the_code_was_used_again(tmp_path, monkeypatch):
    """Table codes are four letters, used again once a table is gone: Ana's past daily game at
    code X must still be hers to replay after a later game at X (hers, or another day's deal)."""
    from dataclasses import replace
    from datetime import datetime, timezone

    running = Running(tmp_path)
    try:
        ana, code, _ = played_daily(running)
        day = running.service.today()
        finished = running.service.store.finished
        kept = finished.get(next(g.id for g in finished.games() if g.table == code))
        later = datetime.now(timezone.utc) + timedelta(days=1)
        finished.record(replace(kept, id=0, game_id=kept.game_id + "-later", daily=None, finished_at=later),
                        daily_rule=False)  # (a later table at the same code: not a daily deal)
        monkeypatch.setattr(running.service, "today", lambda: day_after(day))
        # (and never the whole server history read for it: one player's requests, on the loop)
        def whole_history(*args, **kwargs):
            raise AssertionError("the whole server history read for one request")

        monkeypatch.setattr(finished, "games", whole_history)
        reply = ana.request("daily_game", code=code, day=day)
        assert reply["day"] == day and reply["document"] == kept.document
        with pytest.raises(ServiceError, match="no such game of yours"):
            ana.request("daily_game", code=code, day=day_after(day))  # (no daily game of hers that day)
        with pytest.raises(ServiceError, match="no such game of yours"):
            ana.request("daily_game", code=code, day=["x"])
    finally:
        running.stop()
