"""Helpers for Stab Your Friends tests: card shorthands, constructed positions, driving.

`position(...)` builds a `SyfState` on top of a real `RULES.new_game` (so the variants and the
rng are the engine's) and then lays out lives, hands, the cards in front of players, the deck
(next draw first) and the discard pile exactly as asked. Every card of the 60 not placed anywhere
goes to the discard pile (or beneath the named deck cards with `rest="deck"`), so the cards
always add up and `state.validate()` (which checks conservation) passes in every test.

Card codes: GOLD LEFT GOB SHIELD AX BOW FIRE DAGGER BOMB LOVE SNAKE CRYSTAL DRINK
(red numbers 1–13 in that order).

A card in front of a player is given as `(code, by, *flags)` — `by` the seat that placed it, and
flags among "up" (face up), "side" (sideways, implies face up) and "done" (already activated in
this activation phase) — or as a bare code (placed by the player it lies in front of, face down;
face up in the activation phase).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

import pytest

from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.stab_your_friends import effects
from cutthroat.games.stab_your_friends.cards import ALL_CARDS, BY_CODE, HAND_SIZE, SyfCard, build_deck
from cutthroat.games.stab_your_friends.rules import ACTIVATE, RULES
from cutthroat.games.stab_your_friends.state import (
    ACTIVATING,
    DRAWING,
    NOWHERE,
    OVER,
    PLAYING,
    Front,
    SyfState,
    blocked_from_playing,
    seat_order,
)

__all__ = ["ACTIVATING", "DRAWING", "OVER", "PLAYING", "C", "F", "cards", "codes", "position", "act",
           "refused", "kinds", "ev", "step", "run_activation", "front_codes", "hand_codes", "assert_conserved"]


def C(code: str) -> SyfCard:
    """Card shorthand: C("BOW") is the Bow."""
    return BY_CODE[code]


def cards(spec: str | Iterable[str] | None) -> list[SyfCard]:
    """cards("BOW DAGGER") → [Bow, Dagger]."""
    if spec is None:
        return []
    if isinstance(spec, str):
        spec = spec.split()
    return [BY_CODE[c] for c in spec]


def codes(items) -> list[str]:
    """The codes of cards (or of Fronts' cards)."""
    return [(x.card if isinstance(x, Front) else x).code for x in items]


def F(code: str, by: int, *flags: str) -> Front:
    """A Front: F("BOMB", 2, "side") is a sideways Bomb placed by seat 2."""
    unknown = set(flags) - {"up", "side", "done"}
    assert not unknown, unknown
    side = "side" in flags
    return Front(BY_CODE[code], by, face_up=side or "up" in flags, sideways=side, done="done" in flags)


def _front(item, seat: int, phase: str) -> Front:
    if isinstance(item, Front):
        front = item
    elif isinstance(item, str):
        front = Front(BY_CODE[item], seat)
    else:
        front = F(*item)
    if phase == ACTIVATING and not front.face_up:  # activation turned every card face up
        front = front._replace(face_up=True)
    return front


def assert_conserved(state: SyfState) -> None:
    got, want = Counter(state.all_cards()), Counter(build_deck())
    assert got == want, f"extra {got - want}, missing {want - got}"


def position(
    n: int = 3,
    lives: Mapping[int, int] | Iterable[int] | None = None,
    hands: Mapping[int, str] | None = None,
    fronts: Mapping[int, Iterable] | None = None,
    deck: str = "",
    discard: str = "",
    crown: int = 0,
    phase: str = PLAYING,
    turn: int | None = None,
    queue: Iterable[int] | None = None,
    active: Front | tuple | None = None,
    face_up_plays: Mapping[int, int] | None = None,
    round: int = 1,
    call_out: str = "off",
    winners: Iterable[int] = (),
    rest: str = "discard",
    seed: int = 0,
) -> SyfState:
    """A constructed position. `lives`: seat → lives (or a list); seats at 0 are out (they hold
    nothing). `hands`, `discard`: card codes. `deck`: the next cards to draw, next draw first.
    `fronts`: seat → cards in front (see the module doc). `rest`: where the unused cards go,
    "discard" (beneath the named discard cards) or "deck" (beneath the named deck cards).

    The turn fields default to what the engine would have: draw — the first seat from the crown
    that holds fewer than 4; play — the queue twice round from the crown (sideways-Snake seats
    left out), led by the first seat in it holding a card; activate — the next card by the
    engine's own order (`active` given: its holder `turn` chooses)."""
    state = RULES.new_game({"royal-call-out": call_out, "first-royal": str(crown + 1)}, seed, n)
    pool = Counter(build_deck())

    def take(spec) -> list[SyfCard]:
        got = cards(spec)
        for c in got:
            assert pool[c] > 0, f"{c.code} used more times than the deck holds"
            pool[c] -= 1
        return got

    if lives is None:
        life = [5] * n
    elif isinstance(lives, Mapping):
        life = [lives.get(q, 5) for q in range(n)]
    else:
        life = list(lives)
    assert len(life) == n
    state.lives = life
    state.out = [x == 0 for x in life]
    state.eliminations = [q for q in range(n) if state.out[q]]
    state.crown = crown
    state.hands = [take((hands or {}).get(q, "")) for q in range(n)]
    state.fronts = []
    for q in range(n):
        row = [_front(item, q, phase) for item in (fronts or {}).get(q, ())]
        take([f.card.code for f in row])
        state.fronts.append(row)
    active_front = None
    if active is not None:
        active_front = active if isinstance(active, Front) else F(*active)
        active_front = active_front._replace(face_up=True)
        take([active_front.card.code])
    top = take(deck)
    named_discard = take(discard)
    leftover = [c for c in ALL_CARDS for _ in range(pool[c])]
    if rest == "discard":
        state.deck = list(reversed(top))
        state.discard = leftover + named_discard
    elif rest == "deck":
        state.deck = leftover + list(reversed(top))
        state.discard = named_discard
    else:
        raise ValueError(rest)
    state.phase = phase
    state.round = round
    state.face_up_plays = [(face_up_plays or {}).get(q, 0) for q in range(n)]
    state.queue, state.at, state.active = [], NOWHERE, None
    state.winners, state.how = [], ""
    living = seat_order(state.out, crown)
    if phase == DRAWING:
        short = [q for q in living if len(state.hands[q]) < HAND_SIZE]
        state.turn = turn if turn is not None else (short[0] if short else crown)
    elif phase == PLAYING:
        if queue is None:
            queue = [q for q in living if not blocked_from_playing(state.fronts[q])] * 2
            queue = list(queue)
            while queue and not state.hands[queue[0]]:
                queue.pop(0)
        state.queue = list(queue)
        state.turn = turn if turn is not None else (state.queue[0] if state.queue else crown)
    elif phase == ACTIVATING:
        if active_front is not None:
            state.active = active_front
            state.turn = turn if turn is not None else crown
        else:
            assert any(not f.done for fs in state.fronts for f in fs), "nothing left to activate"
            effects.next_card(state, [])
            if turn is not None:
                assert state.turn == turn, (state.turn, turn)
    elif phase == OVER:
        state.winners = list(winners)
        state.how = "last-standing"
        state.turn = turn if turn is not None else crown
    else:
        raise ValueError(phase)
    state.validate()
    return state


# --- driving ----------------------------------------------------------------------------------
def act(state: SyfState, action, seat: int | None = None) -> list:
    """Apply `action` through `RULES.apply` (for `seat`; default the seat to move, or a call-out's
    caller), then check the state (`validate`: lengths, ranges, card conservation)."""
    events = RULES.apply(state, action, seat)
    state.validate()
    assert_conserved(state)
    return events


def step(state: SyfState) -> list:
    """The next card activates (the table's own step)."""
    return act(state, ACTIVATE)


def run_activation(state: SyfState, limit: int = 200) -> list:
    """Activate cards until a card waits for its holder's choice, or the activation phase is over
    (the round ended, or the game)."""
    events: list = []
    while state.phase == ACTIVATING and state.active is None:
        assert limit > 0, "activation doesn't end"
        limit -= 1
        events += step(state)
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def ev(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def front_codes(state, seat: int) -> list[str]:
    return [f.card.code if f.card is not None else "?" for f in state.fronts[seat]]


def hand_codes(state, seat: int) -> list[str]:
    return [c.code for c in state.hands[seat]]


def refused(state: SyfState, action, *fragments: str, player: int | None = None) -> str:
    """`action` raises IllegalAction with a one-line reason holding `fragments` (case-blind) and
    leaves the state exactly as it was (equal, and the same JSON)."""
    twin = state.copy()
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action, player)
    reason = info.value.reason
    assert isinstance(reason, str) and reason.strip(), "empty reason"
    assert "\n" not in reason
    for fragment in fragments:
        assert fragment.lower() in reason.lower(), (fragment, reason)
    assert state.to_json() == before
    assert state == twin
    return reason
