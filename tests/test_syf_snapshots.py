"""SVG snapshots of the Stab Your Friends screens at 80×24 (pytest-textual-snapshot).

Update with `pytest tests/test_syf_snapshots.py --snapshot-update` and look at the SVGs in
tests/__snapshots__/test_syf_snapshots/ before committing them.

Everything is seeded; bots are `random` (seeded per seat), so the pictures don't move when the
heuristic/hard bots change; the card style is pinned to Unicode and the save/config dirs are fresh.
"""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot

from cutthroat import settings as settings_module
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.setup import SetupScreen
from cutthroat.tui.tables.stab_your_friends.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from helpers_pilot import settle

SIZE = (80, 24)
GAME = "stab-your-friends"
ONE_HUMAN = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random"),
             Seat("bot", "Dee", "random"), Seat("bot", "Eve", "random")]


@pytest.fixture(autouse=True)
def unicode_cards(write_settings) -> None:
    write_settings(card_style="unicode")


def played_until(seed: int, seats: list[Seat], done) -> Session:
    """Seeded random moves until `done(state)`."""
    rng = random.Random(seed)
    session = Session(GAME, {"first-royal": "1"}, seed, seats)
    while not done(session.state):
        seat = session.current_seat
        session.apply(rng.choice(session.legal_actions(seat)), seat)
    return session




def test_syf_setup_screen(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("down", "down", "down", "enter")  # the title's fourth game
        await settle(pilot, lambda: isinstance(pilot.app.screen, SetupScreen))
        await pilot.press("right", "down", "down", "left")  # 5 players, seat 2 human

    assert snap_compare(CutthroatApp(), terminal_size=SIZE, run_before=run_before)


def test_syf_curtain(snap_compare) -> None:
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), *ONE_HUMAN[2:4]]
    app = CutthroatApp(start=dict(game=GAME, config={"first-royal": "1"}, seed=11, seats=seats))

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen))

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_syf_play_phase(snap_compare) -> None:
    # Seed 3: round 2, Ana places her second card; lives are down, cards lie face down (hers named).
    session = played_until(3, ONE_HUMAN, lambda s: s.round == 2 and s.phase == "play" and s.turn == 0
                           and any(f.by == 0 for fs in s.fronts for f in fs))

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.placing())
        await pilot.press("right")

    assert snap_compare(CutthroatApp(loaded=session.save_data()), terminal_size=SIZE, run_before=run_before)


def test_syf_activation_step(snap_compare, monkeypatch, write_settings) -> None:
    # Seed 5: the cards are face up and one waits to activate (the table's own step, paced).
    monkeypatch.setitem(settings_module.BOT_DELAYS, "slow", 60.0)
    write_settings(card_style="unicode", bot_speed="slow")
    session = played_until(5, ONE_HUMAN, lambda s: s.phase == "activate" and s.active is None
                           and sum(f.done for fs in s.fronts for f in fs) >= 2)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, TableScreen))

    assert snap_compare(CutthroatApp(loaded=session.save_data()), terminal_size=SIZE, run_before=run_before)


def test_syf_target_prompt(snap_compare) -> None:
    # Ana's Bow (or Fireball) is activating: she picks whom it hits.
    for seed in range(40):
        try:
            session = played_until(seed, ONE_HUMAN, lambda s: s.phase == "over" or (
                s.active is not None and s.turn == 0 and s.active.card.code in ("BOW", "FIRE")))
        except Exception:  # noqa: BLE001 - a seed that never gets there
            continue
        if session.state.phase != "over":
            break

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))

    assert snap_compare(CutthroatApp(loaded=session.save_data()), terminal_size=SIZE, run_before=run_before)


def test_syf_game_over(snap_compare) -> None:
    # The game's last move is a card activating (the table's own step): loaded just before it,
    # the table takes it at once and the game is over.
    seats = ONE_HUMAN[:3]
    seed = next(k for k in range(100)
                if played_until(k, seats, lambda s: s.phase == "over").log[-1][1].kind == "activate")
    full = played_until(seed, seats, lambda s: s.phase == "over")
    short = Session(GAME, {"first-royal": "1"}, seed, seats)
    for seat, action in full.log[:-1]:
        short.apply(action, seat)

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))

    assert snap_compare(CutthroatApp(loaded=short.save_data()), terminal_size=SIZE, run_before=run_before)
