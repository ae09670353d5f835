"""SVG snapshots of the Exploding Kittens screens at 80×24 (pytest-textual-snapshot).

Update with `pytest tests/test_ek_snapshots.py --snapshot-update` and look at the SVGs in
tests/__snapshots__/test_ek_snapshots/ before committing them.

Everything is seeded or constructed (tests/helpers_ek.py); bots are `random`; the card style is
pinned to Unicode and the save/config dirs are fresh.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from cutthroat.games.exploding_kittens.cards import BY_CODE
from cutthroat.games.exploding_kittens.rules import RULES, Play
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.exploding_kittens.prompts import ReinsertScreen
from cutthroat.tui.tables.setup import SetupScreen
from cutthroat.tui.tables.exploding_kittens.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from helpers_ek import BOX_CONFIG, position
from helpers_pilot import settle

SIZE = (80, 24)
GAME = "exploding-kittens"
ONE_HUMAN = [Seat("human", "Dee"), Seat("bot", "Ana", "random"), Seat("bot", "Bob", "random"),
             Seat("bot", "Cy", "random")]
HOT = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]


@pytest.fixture(autouse=True)
def unicode_cards(write_settings) -> None:
    write_settings(card_style="unicode")




def loaded(state, seats) -> CutthroatApp:
    return CutthroatApp(loaded=Session(GAME, dict(BOX_CONFIG), 0, list(seats), state=state).save_data())


def table_state():
    """Dee (human, seat 0) to play, owing 2; Ana has I'll Take That from Bob in front of her and a
    marked Skip; Cy has a Barking Kitten face up; Dee has peeked at the top three."""
    state = position(4, hands={0: "DEF NOPE SKIP TACO TACO FERAL SEE3", 1: "SKIP ATTACK BEARD BEARD DEF",
                               2: "NOPE SHUFFLE DEF TACO ZOMBIE ZOMBIE SKIP", 3: "DEF ATTACK"},
                     pile="SKIP EXP TACO SHUFFLE BURY EXP MARK", discard="ATTACK NOPE NOPE SEE3",
                     turn=0, owed=2, attacked=True, itt={1: 2}, marked={1: "SKIP"}, barking=[3])
    state.seen[0][-1], state.seen[0][-2], state.seen[0][-3] = state.pile[-1], state.pile[-2], state.pile[-3]
    return state


def test_ek_setup_screen(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        pilot.app.push_screen(SetupScreen("exploding-kittens"))
        await settle(pilot, lambda: isinstance(pilot.app.screen, SetupScreen))
        await pilot.press("left", "down", "down", "left", "left")  # 3 players, seat 2 human

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


def test_ek_table(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.main_turn())
        await pilot.press("home", "right", "right", "right", "space", "right", "space")  # Tacocat pair

    assert snap_compare(loaded(table_state(), ONE_HUMAN), terminal_size=SIZE, run_before=run_before)


def test_ek_nope_window(snap_compare) -> None:
    state = position(4, hands={0: "NOPE NOPE DEF", 1: "TARGETED TACO", 2: "BEARD", 3: "SKIP"},
                     pile="TACO TACO TACO EXP", turn=1)
    RULES.apply(state, Play(BY_CODE["TARGETED"]), 1)
    RULES.apply(state, RULES.legal_actions(state, 1)[0], 1)  # on Dee (seat 0)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))

    assert snap_compare(loaded(state, ONE_HUMAN), terminal_size=SIZE, run_before=run_before)


def test_ek_reinsert_prompt(snap_compare) -> None:
    state = position(4, hands={0: "DEF SKIP", 1: "TACO", 2: "BEARD", 3: "ZOMBIE"},
                     pile="EXP SKIP IMP TACO " + "SHUFFLE " * 5 + "NOPE " * 8 + "SKIP", turn=0, up=[2])

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.main_turn())
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(pilot.app.screen, ReinsertScreen))
        await pilot.press("right", "right", "right", "right")

    assert snap_compare(loaded(state, ONE_HUMAN), terminal_size=SIZE, run_before=run_before)


def test_ek_curtain(snap_compare, monkeypatch) -> None:
    from cutthroat import settings

    monkeypatch.setitem(settings.NOPE_WINDOWS, "3", 0.2)  # Cy's cards' windows pass quickly
    app = CutthroatApp(start=dict(game=GAME, config={}, seed=12, seats=HOT))

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen)
                     and bool(pilot.app.screen.query("#curtain-name")))

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_ek_game_over(snap_compare) -> None:
    config = {"recipe": "lightning-kittens"}
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    import random

    # Seed 3: Ana (human) ends the game with her move (she draws the last kitten); Bob wins.
    rng = random.Random(3)
    session = Session(GAME, config, 3, seats)
    while not session.is_over:
        seat = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(seat)), seat)
    last = session.log[-1]
    assert last[0] == 0
    short = Session(GAME, config, 3, seats)
    for seat, action in session.log[:-1]:
        short.apply(action, seat)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        pilot.app.host.submit(last[0], last[1])
        await settle(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))

    assert snap_compare(CutthroatApp(loaded=short.save_data()), terminal_size=SIZE, run_before=run_before)
