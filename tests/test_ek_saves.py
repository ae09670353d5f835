"""Exploding Kittens saves in the middle of a decision: a Nope window (also deep in a Nope
chain), a kitten waiting to be put back. Saving there and loading gives the same state, the same
seats to act with the same choices, the same views; the game goes on to the same end. The two
shipped example saves open at their prompt, in the app and again after Continue."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from cutthroat import saves
from cutthroat.bots import make_bot
from cutthroat.games.exploding_kittens.cards import EXPLODING, NOPE
from cutthroat.games.exploding_kittens.rules import REINSERT, RULES, WINDOW
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.title import TitleScreen
from cutthroat.tui.tables.exploding_kittens.prompts import ReinsertScreen
from cutthroat.tui.tables.exploding_kittens.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from helpers_pilot import async_test, session_of, wait_until

GAME = "exploding-kittens"
CONFIG = {"recipe": "nope-sauce", "five-different": "on"}
SEATS = [Seat("human", "You"), Seat("bot", "Bob", "heuristic"), Seat("bot", "Cy", "heuristic"),
         Seat("bot", "Dee", "heuristic")]
EXAMPLES = Path(__file__).resolve().parent.parent / "saves"


def frame(state):
    return state.stack[-1] if state.stack else None


def in_window(state) -> bool:
    f = frame(state)
    return f is not None and f.kind == WINDOW


def in_nope_chain(state) -> bool:
    f = frame(state)
    return f is not None and f.kind == WINDOW and f.nopes >= 1


def before_reinsert(state) -> bool:
    f = frame(state)
    return f is not None and f.kind == REINSERT and f.cards[0] is EXPLODING


def bots(seed: int) -> list:
    return [make_bot(RULES, "heuristic", seed=seed * 7 + i) for i in range(len(SEATS))]


def play_until(seed: int, moment: Callable, config=CONFIG) -> Session | None:
    """A 4-player heuristic game from `seed`, stopped at the first state where `moment` holds."""
    session = Session(GAME, dict(config), seed, list(SEATS))
    players = bots(seed)
    while not session.is_over:
        if moment(session.state):
            return session
        seat = session.to_act[0]
        session.apply(players[seat].choose(session.view(seat), session.legal_actions(seat)), seat)
    return None


def finish(session: Session, seed: int) -> str:
    players = bots(seed + 1)
    while not session.is_over:
        seat = session.to_act[0]
        session.apply(players[seat].choose(session.view(seat), session.legal_actions(seat)), seat)
    return RULES.encode_state(session.state)


@pytest.mark.parametrize("moment", [in_window, in_nope_chain, before_reinsert])
@pytest.mark.parametrize("seed", range(4))
def test_save_and_load_mid_decision_resumes_exactly(tmp_path, seed, moment) -> None:
    session = None
    for s in range(seed, seed + 400, 4):  # a Nope chain is rarer: look a little further
        session = play_until(s, moment)
        if session is not None:
            seed = s
            break
    assert session is not None, f"no {moment.__name__} found"
    path = session.save(tmp_path / "mid.json", "mid-decision")
    loaded = Session.from_save(saves.read(path))
    assert RULES.encode_state(loaded.state) == RULES.encode_state(session.state)
    assert loaded.log == session.log
    assert loaded.to_act == session.to_act
    for seat in session.to_act:
        assert loaded.legal_actions(seat) == session.legal_actions(seat)
    for seat in [None, *range(len(SEATS))]:
        assert loaded.view(seat) == session.view(seat)
    assert finish(loaded, seed) == finish(session, seed)


# -- the shipped examples, through the app ------------------------------------------------------------
def test_examples_stop_at_the_decisions_they_promise() -> None:
    window = saves.read(EXAMPLES / "ek-nope-the-attack.json")
    f = frame(window.state)
    assert f.kind == WINDOW and f.what == "ATTACK" and f.seat != 0 and f.nopes == 0
    assert 0 in RULES.to_act(window.state) and NOPE in window.state.hands[0]
    reinsert = saves.read(EXAMPLES / "ek-defused-kitten.json")
    assert before_reinsert(reinsert.state) and RULES.to_act(reinsert.state) == [0]


def prompt_is_open(app, name: str) -> bool:
    screen = app.screen
    if name == "ek-nope-the-attack.json":
        shown = isinstance(screen, ChoiceScreen) and "Nope!" in [c.label for c in screen.choices]
    else:
        shown = isinstance(screen, ReinsertScreen)
    return shown and screen.is_mounted


@pytest.mark.parametrize("name", ["ek-nope-the-attack.json", "ek-defused-kitten.json"])
@async_test
async def test_example_opens_at_its_prompt_and_continue_brings_it_back(save_dir, name) -> None:
    data = saves.read(EXAMPLES / name)
    example_log = list(data.log)
    first = CutthroatApp(loaded=data)
    async with first.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: prompt_is_open(first, name))
        table = next(s for s in first.screen_stack if isinstance(s, TableScreen))
        at_exit, log_at_exit = RULES.encode_state(session_of(table).state), list(session_of(table).log)
    # The bots answered the window before the human; nothing else happened.
    assert log_at_exit[:len(example_log)] == example_log
    assert all(seat != 0 and a.kind == "pass" for seat, a in log_at_exit[len(example_log):])
    # The app was closed with the prompt open: the autosave holds the game at that decision.
    second = CutthroatApp()
    async with second.run_test(size=(80, 24)) as pilot:
        assert isinstance(second.screen, TitleScreen)
        await pilot.press("enter")  # Continue is highlighted when there is an autosave
        await wait_until(pilot, lambda: prompt_is_open(second, name))
        table = next(s for s in second.screen_stack if isinstance(s, TableScreen))
        assert RULES.encode_state(session_of(table).state) == at_exit
        assert session_of(table).log == log_at_exit
