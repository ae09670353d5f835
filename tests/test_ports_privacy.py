"""Whole 4-seat games through four seat ports and a spectator's, with JSON in between: no seat
ever receives another seat's hand, a peek it did not make, or the pile's order — not even in the
notice of a bot that failed.

Every port is a `WirePort` (each update crosses as JSON text and is decoded on the other side).
At each update the test holds the true state of that moment; the seat's view must be the same
as its view of that state with everything it can't see dealt again (`rules.scramble`), its
events must be its own (a private event only if it is among those who saw it, the public twin
otherwise, with no card named), and it may only be offered moves when it is to act.
"""

from __future__ import annotations

import importlib
import random

import pytest

from cutthroat.bots import make_bot
from cutthroat.engine.registry import game_info
from cutthroat.host import InlineWorkers, ManualClock, TableHost, WirePort
from cutthroat.saves import Seat
from cutthroat.session import Session

SETUPS = [
    ("exploding-kittens", {"recipe": "nope-sauce"}),
    ("exploding-kittens", {"recipe": "sharing-is-caring"}),
    ("exploding-kittens", {"recipe": "eye-for-an-eye"}),
    ("exploding-kittens", {"recipe": "sticky-fingers"}),
    ("kill-your-friends", {}),
    ("kill-your-friends", {"co-op": "on"}),
]


class Fumbling:
    """Dee's bot: a random bot that raises every fifth time it is asked (the host plays a legal
    move for it and tells everyone, in words that must not give the move away)."""

    level = "random"

    def __init__(self, rules, seed: int) -> None:
        self.inner = make_bot(rules, "random", seed=seed)
        self.calls = 0

    def choose(self, view, legal):
        self.calls += 1
        if self.calls % 5 == 0:
            raise RuntimeError("fumbled")
        return self.inner.choose(view, legal)


def watch_a_game(game: str, config: dict, seed: int) -> tuple[int, int, int]:
    """Four random bots, Dee's fumbling; returns (updates checked, private events seen,
    failure notices heard)."""
    seats = [Seat("bot", name, "random") for name in ("Ana", "Bob", "Cy", "Dee")]
    session = Session(game, config, seed, seats, undo_allowed=False)
    host = TableHost(session, clock=ManualClock(), workers=InlineWorkers(), max_moves=5000,
                     bots={3: Fumbling(session.rules, seed)})
    rules, rng = session.rules, random.Random(seed)
    checked = private = notices = 0
    card_names = {card.name for card in importlib.import_module(f"{game_info(game).package}.cards").ALL_CARDS}

    def check(seat: int | None):
        def receive(update) -> None:
            nonlocal checked, private, notices
            state = session.state  # the listener runs between two moves: this is the moment
            open_play = session.open_play()  # (the others see the table as it was before such a play)
            seen = state if open_play is None or open_play[0] == seat else session.settled()
            assert rules.view(rules.scramble(seen, seat, rng), seat) == update.view, \
                f"seat {seat}'s update shows a card it can't see"
            assert update.view.seat == seat and update.seat == seat
            to_act = rules.to_act(state)
            deciding = seat in to_act and not update.stepping  # (a step taken at once asks nobody)
            assert update.legal == (tuple(rules.legal_actions(state, seat)) if deciding else ())
            for event in update.events:  # a private event only for those who saw it
                if event.private:
                    private += 1
                    assert seat is not None and seat in event.visible_to(), f"seat {seat} got {event!r}, not told to it"
                else:  # public, or the redacted twin of someone else's private event
                    assert event.visible_to() is None or event.public() == event, f"{seat} got {event!r}"
            for title, text in update.notices:
                notices += 1
                assert title == "Bot failed" and "Dee's bot failed (RuntimeError)" in text, text
                assert not any(name in text for name in card_names), text
            checked += 1
        return receive

    wires = {seat: WirePort(host.port(seat)) for seat in (0, 1, 2, 3, None)}
    for seat, wire in wires.items():
        wire.listen(check(seat))
    host.start()
    assert session.is_over
    assert all(len(wire.wire) == len(session.log) + 1 for wire in wires.values()), "the table, then one update a move"
    return checked, private, notices


@pytest.mark.parametrize("game,config", SETUPS)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_seat_ever_receives_what_it_may_not_see(game, config, seed):
    checked, private, notices = watch_a_game(game, config, seed)
    assert checked >= 50 and private > 0
    assert notices >= 5 and notices % 5 == 0, "all five listeners heard every failure"
