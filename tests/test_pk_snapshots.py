"""SVG snapshots of the Psycho Killer screens at 80×24 (pytest-textual-snapshot).

Update with `pytest tests/test_pk_snapshots.py --snapshot-update` and look at the SVGs in
tests/__snapshots__/test_pk_snapshots/ before committing them.

Everything is seeded; positions are reached by seeded random moves (so the pictures don't move
when the bots change); the card style is pinned to Unicode and the save/config dirs are fresh.
"""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot

from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.psycho_killer.table import TableScreen
from cutthroat.tui.tables.setup import SetupScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from helpers_pilot import settle

SIZE = (80, 24)
GAME = "psycho-killer"
ONE_HUMAN = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random"),
             Seat("bot", "Dee", "random")]


@pytest.fixture(autouse=True)
def unicode_cards(write_settings) -> None:
    write_settings(card_style="unicode")


def played_until(seed: int, seats: list[Seat], done, config=None) -> Session:
    """Seeded random moves (any seat to act) until `done(state)`; the game's end, if first."""
    rng = random.Random(seed)
    session = Session(GAME, config or {}, seed, seats)
    while not session.is_over and not done(session.state):
        seat = rng.choice(session.to_act)
        session.apply(rng.choice(session.legal_actions(seat)), seat)
    return session


def first(seats, done, config=None) -> Session:
    """The first seed whose random play reaches `done` before the end."""
    for seed in range(200):
        session = played_until(seed, seats, done, config)
        if not session.is_over:
            return session
    raise AssertionError("no seed gets there")




def top_is(kind: str, seat: int = 0):
    return lambda s: bool(s.stack) and s.stack[-1].kind == kind and s.stack[-1].seat == seat


def test_pk_setup_screen(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "down", "down", "down", "enter")  # the title's fifth game
        await settle(pilot, lambda: isinstance(pilot.app.screen, SetupScreen))

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


def test_pk_table_mid_game(snap_compare) -> None:
    # Ana's turn with cards in hand, injury piles filling up, a Psycho Killer or two out.
    session = first(ONE_HUMAN, lambda s: not s.stack and s.turn == 0 and s.pks >= 2 and len(s.hands[0]) >= 4
                    and sum(len(p) for p in s.injuries) >= 5)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.main_turn())

    assert snap_compare(CutthroatApp(loaded=session.save_data()), terminal_size=SIZE, run_before=run_before)


def test_pk_draw_again(snap_compare) -> None:
    session = first(ONE_HUMAN, top_is("again"))

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))

    assert snap_compare(CutthroatApp(loaded=session.save_data()), terminal_size=SIZE, run_before=run_before)


def test_pk_trip_over_window(snap_compare) -> None:
    # A bot plays a card and Ana, holding a Trip Over, is asked.
    session = first(ONE_HUMAN, lambda s: bool(s.stack) and s.stack[-1].kind == "window" and s.stack[-1].seat != 0
                    and any(c.code == "TRIP" for c in s.hands[0]))

    # From the position alone (no move log, so a short log): a long rebuilt log under the prompt
    # scrolls to its end at a moment a loaded machine makes vary, and this picture is the prompt's.
    position = Session(session.game, session.config, session.seed, session.seats, state=session.state)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))

    assert snap_compare(CutthroatApp(loaded=position.save_data()), terminal_size=SIZE, run_before=run_before)


def test_pk_choice_prompt(snap_compare) -> None:
    # Cards one at a time: weapons back from Ana's injury pile (Everybody Hurts, Bandaid) or to give.
    session = first(ONE_HUMAN, lambda s: top_is("pick")(s) and s.stack[-1].card.code in ("HURTS", "BANDAID", "KEYS",
                                                                                         "STITCHES", "DISARM"))

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))

    assert snap_compare(CutthroatApp(loaded=session.save_data()), terminal_size=SIZE, run_before=run_before)


def test_pk_curtain(snap_compare) -> None:
    # A saved game opened on Bob's turn: the curtain comes first, with nothing "meanwhile" (a live
    # start would list the bots' first moves, which depend on how fast the machine is).
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), *ONE_HUMAN[2:]]
    session = played_until(11, seats, lambda st: st.turn == 1 and not st.stack and st.pks == 0)
    assert not session.is_over
    app = CutthroatApp(loaded=session.save_data())

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen))

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_pk_game_over(snap_compare) -> None:
    # Quickie: the last move of a finished game replayed but one, the table plays it and shows the end.
    seats = ONE_HUMAN[:3]
    for seed in range(200):  # a game whose last move a bot must make (its only legal one)
        full = played_until(seed, seats, lambda s: False, {"quickie": "on"})
        short = Session(GAME, {"quickie": "on"}, seed, seats)
        for seat, action in full.log[:-1]:
            short.apply(action, seat)
        seat = full.log[-1][0]
        if seat != 0 and len(short.legal_actions(seat)) == 1:
            break

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen), tries=500)

    assert snap_compare(CutthroatApp(loaded=short.save_data()), terminal_size=SIZE, run_before=run_before)
