"""Whole 4-seat games through four seat ports with JSON in between: no seat ever receives another
seat's hand, a peek it did not make, or the pile's order.

Every port is a `WirePort` (each update crosses as JSON text and is decoded on the other side).
At each update the test holds the true state of that moment; the seat's view must be the same
as its view of that state with everything it can't see dealt again (`rules.scramble`), its
events must be its own (a private event only if it is among those who saw it, the public twin
otherwise, with no card named), and it may only be offered moves when it is to act.
"""

from __future__ import annotations

import random

import pytest

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


def watch_a_game(game: str, config: dict, seed: int) -> tuple[int, int]:
    """Four random bots; returns (updates checked, private events seen)."""
    seats = [Seat("bot", name, "random") for name in ("Ana", "Bob", "Cy", "Dee")]
    session = Session(game, config, seed, seats, undo_allowed=False)
    host = TableHost(session, clock=ManualClock(), workers=InlineWorkers(), strict=True, max_moves=5000)
    rules, rng = session.rules, random.Random(seed)
    checked = private = 0

    def check(seat: int):
        def receive(update) -> None:
            nonlocal checked, private
            state = session.state  # the listener runs between two moves: this is the moment
            assert rules.view(rules.scramble(state, seat, rng), seat) == update.view, \
                f"seat {seat}'s update shows a card it can't see"
            assert update.view.seat == seat and update.seat == seat
            to_act = rules.to_act(state)
            assert update.legal == (tuple(rules.legal_actions(state, seat)) if seat in to_act else ())
            for event in update.events:  # a private event only for those who saw it
                if event.private:
                    private += 1
                    assert seat in event.visible_to(), f"seat {seat} got {event!r}, not told to it"
                else:  # public, or the redacted twin of someone else's private event
                    assert event.visible_to() is None or event.public() == event, f"{seat} got {event!r}"
            checked += 1
        return receive

    wires = {seat: WirePort(host.port(seat)) for seat in range(4)}
    for seat, wire in wires.items():
        wire.listen(check(seat))
    host.start()
    assert session.is_over
    assert all(len(wire.wire) == len(session.log) + 1 for wire in wires.values()), "the table, then one update a move"
    return checked, private


@pytest.mark.parametrize("game,config", SETUPS)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_seat_ever_receives_what_it_may_not_see(game, config, seed):
    checked, private = watch_a_game(game, config, seed)
    assert checked >= 40 and private > 0
