"""Every string from a player is data, never markup or a terminal control.

Names (and table titles, refusals that quote them) are drawn from hypothesis' full Unicode
alphabet and from markup-like strings; every screen that shows them is rendered headlessly: the
lobby, each game's table with its seats, log and game-over dialog, the hot-seat curtain. None
may raise, none may put a C0/C1 control character on screen, and a name is shown as it is.
`escape` itself is checked exhaustively against Textual's markup parser."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st
from textual.content import Content
from textual.widgets import Static

from cutthroat import settings as app_settings
from cutthroat.engine.registry import get_rules
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.lobby import LobbyScreen, table_line
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.shared import SharedTableScreen
from cutthroat.tui.text import WORD_JOINER, clean, clean_line, escape, plain
from cutthroat.tui.widgets.curtain import CurtainScreen
from cutthroat.tui.widgets.event_log import EventLog
from helpers_pilot import async_test, text, wait_until
from test_lobby_tui import FakeService, served_app, to_lobby, waiting_table

SIZE = (80, 24)
#: Strings that were markup, or a terminal's commands, before they were data.
HOSTILE = ["[/]", "[b]x", "[@click=app.quit]x[/]", "$name", "\x1b[31m", "[$x]", "[ b]", "[B]x", "x\\",
           "\\", "a\\[/]", "\x9b31m", "\x9d0;t\x07", "\u202eevil", "[link=x]y", "[on red]", "\n2nd"]
names = st.one_of(st.text(max_size=12), st.sampled_from(HOSTILE),
                  st.builds(lambda a, b: (a + b)[:14], st.sampled_from(HOSTILE), st.text(max_size=6)))
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
GAMES = ["exploding-kittens", "kill-your-friends", "stab-your-friends", "psycho-killer"]


def controls(textual_text: str) -> list[str]:
    return [c for c in textual_text if ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0]


def screen_controls(app) -> list[str]:
    """Every C0/C1 character in what each screen on the stack would send to the terminal."""
    found = []
    for screen in app.screen_stack:
        if screen.is_attached and screen.size.area:
            for strip in screen._compositor.render_strips():
                for segment in strip:
                    found += controls(segment.text)
    return found


# -- escape, exactly ----------------------------------------------------------------------------------
@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("[]/\\$@=#-: ab\x1b\x9b\n")), max_size=14) | st.text(max_size=10))
@example("[/]")
@example("x\\")
def test_escaped_text_shows_as_it_is_anywhere_in_markup(text_in: str) -> None:
    """Inside a tag, before a tag, after one, at the end: the text reads back exactly (controls
    replaced), and no tag around it is lost or gained."""
    shown = escape(text_in)
    markup = f"[b]{shown}[/] [$text-muted]{shown}[/]{shown}[i]x[/]"
    content = Content.from_markup(markup)
    assert content.plain.replace(WORD_JOINER, "") == f"{clean(text_in)} {clean(text_in)}{clean(text_in)}x".replace(
        WORD_JOINER, "")
    assert [s.style for s in content.spans] == ["b", "$text-muted", "i"] or not text_in
    assert not controls(clean_line(text_in)) and plain(text_in).plain == clean(text_in)


# -- the lobby ------------------------------------------------------------------------------------------
@SETTINGS
@given(st.lists(names, min_size=4, max_size=4), names.filter(bool))  # (no name: asked for one)
@example(["[/]", "[b]x", "\x1b[31m", "$name"], "[@click=app.quit]x[/]")
@async_test
async def test_the_lobby_shows_hostile_names_and_titles_as_they_are(tmp_path_factory, monkeypatch,
                                                                     seat_names: list[str], me: str) -> None:
    monkeypatch.setenv("CUTTHROAT_ERROR_LOG", str(tmp_path_factory.mktemp("log") / "errors.log"))
    tables = [waiting_table("ABCD", names=tuple(seat_names[:2]), title=seat_names[2]),
              {**waiting_table("EFGH", maker_is_you=False, names=(seat_names[3],), free=0), "status": "playing"}]
    tables[1]["seats"].append({"kind": "bot", "level": "hard", "name": me, "taken": True, "you": False})
    service = FakeService(tables, name=me)
    service.results = [{"code": "WXYZ", "title": seat_names[0], "won": True}]
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await to_lobby(pilot)
        await pilot.pause()
        rows = [str(lobby.query_one("#lobby-list").get_option_at_index(i).prompt) for i in range(2)]
        assert rows == [clean(table_line(t, lobby.row_width())) for t in tables]
        assert clean(me) in text(lobby.query_one("#lobby-title", Static))
        service.refuse["join"] = f"No seat for {me}"
        await pilot.press("enter")
        assert clean(f"✗ No seat for {me}") in text(lobby.query_one("#lobby-status", Static))
        assert not screen_controls(app)
        assert app.is_running and not app.error_log.exists()


# -- the tables --------------------------------------------------------------------------------------
_FINISHED: dict[str, Session] = {}


def finished(game: str) -> Session:
    """A game of `game` played to its end by random moves (seat 0 the human), made once."""
    if game not in _FINISHED:
        seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
        session = Session(game, get_rules(game).default_config(), 7, seats)
        rng = random.Random(7)
        while not session.is_over:
            seat = session.to_act[0]
            session.apply(rng.choice(session.legal_actions(seat)), seat)
        _FINISHED[game] = session
    return _FINISHED[game]


def check_names_shown(screen, seat_names: list[str]) -> None:
    """Each seat's row shows its name as it is (controls replaced, nothing read as markup)."""
    for seat, name in enumerate(seat_names):
        row = text(screen.query_one(f"#seat-{seat}", Static))
        assert clean(name) in row.replace(WORD_JOINER, ""), (name, row)


#: Each game's fixed hostile names (each its own test, so the four share out over the workers).
FIXED_NAMES = {GAMES[0]: ["[/]", "[b]x", "x\\"], GAMES[1]: ["\x1b[31m", "$name", "[@click=app.quit]x[/]"],
               GAMES[2]: ["[$x]", "\x9b31m", "[ b]"], GAMES[3]: ["\u202eevil", "\\", "[B]x"]}


@pytest.mark.parametrize("game", GAMES)
@async_test
async def test_tables_logs_and_game_over_show_fixed_hostile_names_as_they_are(write_settings, monkeypatch,
                                                                              game: str) -> None:
    await tables_logs_and_game_over(write_settings, monkeypatch, game, FIXED_NAMES[game])


@settings(SETTINGS, max_examples=3)  # (each example opens two tables)
@given(game=st.sampled_from(GAMES), seat_names=st.lists(names, min_size=3, max_size=3, unique_by=str.casefold))
@async_test
async def test_tables_logs_and_game_over_show_hostile_names_as_they_are(write_settings, monkeypatch, game: str,
                                                                        seat_names: list[str]) -> None:
    await tables_logs_and_game_over(write_settings, monkeypatch, game, seat_names)


async def tables_logs_and_game_over(write_settings, monkeypatch, game: str, seat_names: list[str]) -> None:
    """A finished game opened from its save with hostile seat names (table rows, the log's whole
    game, the game-over dialog); then a hot-seat table's curtain and the first player's screen."""
    write_settings(card_style="unicode")
    monkeypatch.setitem(app_settings.NOPE_WINDOWS, "3", 0.05)  # (bots' cards' windows pass quickly)
    data = finished(game).save_data()
    data = replace(data, seats=[replace(s, name=n) for s, n in zip(data.seats, seat_names)])
    app = CutthroatApp(loaded=data)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        table = app.screen_stack[-2]
        check_names_shown(table, seat_names)
        assert table.query_one(EventLog).entries
        assert not screen_controls(app)

    seats = [Seat("human", seat_names[0]), Seat("human", seat_names[1]), Seat("bot", seat_names[2], "random")]
    app = CutthroatApp(start=dict(game=game, config=get_rules(game).default_config(), seed=3, seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and app.screen.is_mounted)
        curtain = app.screen
        assert text(curtain.query_one("#curtain-name", Static)).replace(WORD_JOINER, "") == \
            f"Pass to {clean(curtain.player)}"
        assert not screen_controls(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SharedTableScreen) or app.screen is not curtain)
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, SharedTableScreen))
        check_names_shown(table, [s.name for s in seats])
        assert not screen_controls(app)
