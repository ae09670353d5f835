"""SVG snapshots of the Kill Your Friends screens at 80×24 (pytest-textual-snapshot).

Update with `pytest tests/test_kyf_snapshots.py --snapshot-update` and look at the SVGs in
tests/__snapshots__/test_kyf_snapshots/ before committing them.

Everything is seeded; bots are `random` (seeded per seat), so the pictures don't move when the
heuristic/hard bots change; the card style is pinned to Unicode and the save/config dirs are fresh.
"""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot

from cutthroat.games.kill_your_friends.cards import REAPER
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.setup import SetupScreen
from cutthroat.tui.tables.kill_your_friends.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from helpers_pilot import settle

SIZE = (80, 24)
GAME = "kill-your-friends"
FOUR = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random"), Seat("bot", "Dee", "random")]
ONE_HUMAN = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]


@pytest.fixture(autouse=True)
def unicode_cards(write_settings) -> None:
    write_settings(card_style="unicode")


def played(seed: int, seats: list[Seat], moves: int) -> Session:
    """`moves` seeded random moves into a game."""
    rng = random.Random(seed)
    session = Session(GAME, {}, seed, seats)
    for _ in range(moves):
        session.apply(rng.choice(session.legal_actions(session.current_seat)))
    return session




def test_kyf_setup_screen(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "down", "enter")  # the title's third game
        await settle(pilot, lambda: isinstance(pilot.app.screen, SetupScreen))
        await pilot.press("left", "down", "down", "left", "left")  # 3 players, seat 2 human

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


def test_kyf_curtain(snap_compare) -> None:
    app = CutthroatApp(start=dict(game=GAME, config={}, seed=11, seats=FOUR[:2] + ONE_HUMAN[2:]))

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen))

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_kyf_table_mid_game(snap_compare) -> None:
    # Seed 17, 117 moves: Ana (to act) has R1 R2 R3 on her — deadly — and holds her own R3;
    # a bot has lost a life; saved cards lie face up at the bottom of the deck.
    session = played(17, FOUR, 117)
    assert session.current_seat == 0 and session.state.attack[0][-1].number == 3

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        await pilot.press("left")  # an unplayable card: its reason shows
        await pilot.pause()

    assert snap_compare(CutthroatApp(loaded=session.save_data()), terminal_size=SIZE, run_before=run_before)


def test_kyf_reaper_prompt(snap_compare) -> None:
    # Seed 0, 21 moves: Ana holds the Reaper (and Megadeath) with a choice of how to use it.
    session = played(0, FOUR, 21)
    assert session.current_seat == 0 and REAPER in session.state.hands[0]

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        table = pilot.app.screen
        at = table.hand(table.update.view).index(REAPER)
        await pilot.press("home", *["right"] * at, "enter")  # the Reaper: how to use it?
        await settle(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))

    assert snap_compare(CutthroatApp(loaded=session.save_data()), terminal_size=SIZE, run_before=run_before)


def test_kyf_game_over(snap_compare) -> None:
    # Seed 16: Ana wins by revealing a hand of her own colour; Bob went out first.
    rng = random.Random(16)
    full = Session(GAME, {}, 16, ONE_HUMAN)
    while not full.is_over:
        full.apply(rng.choice(full.legal_actions(full.current_seat)))
    assert full.log[-1][0] == 0
    short = Session(GAME, {}, 16, ONE_HUMAN)
    for seat, action in full.log[:-1]:
        short.apply(action, seat)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        pilot.app.host.submit(*full.log[-1])
        await settle(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))

    assert snap_compare(CutthroatApp(loaded=short.save_data()), terminal_size=SIZE, run_before=run_before)
