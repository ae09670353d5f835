"""Helpers for Exploding Kittens tests: card shorthands, constructed positions, driving.

`position(...)` builds an `EkState` on top of a real `RULES.new_game` (by default a Custom recipe
holding the whole box, so every card exists) and lays out hands, the draw pile (top first) and the
discard pile exactly as asked. Every card of the game's deck not placed goes to the discard pile
(or beneath the named pile cards with `rest="pile"`), so the cards always add up.

Card codes: EXP DEF IMP STREAK BARK SEE3 SEE5 ALTER NOW SHARE MARK TACO BEARD RAINBOW ZOMBIE FERAL
SHUFFLE GARBAGE SWAP BOTTOM ATTACK PERSONAL TARGETED SKIP SUPER REVERSE TAKE BOMB BURY NOPE.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

import pytest

from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.exploding_kittens.cards import ALL_CARDS, BY_CODE, EkCard
from cutthroat.games.exploding_kittens.rules import RULES, WINDOW, EkState, Pass

BOX_CONFIG = {"recipe": "custom",
              "custom": "start=1 deal=2 " + " ".join(f"{c.code}={c.box}" for c in ALL_CARDS)}


def C(code: str) -> EkCard:
    return BY_CODE[code]


def cards(codes: str | Iterable[str] | None) -> list[EkCard]:
    if codes is None:
        return []
    if isinstance(codes, str):
        codes = codes.split()
    return [BY_CODE[c] for c in codes]


def full_deck(state: EkState) -> Counter:
    return Counter({c: k for c, k in state.counts})


def assert_conserved(state: EkState) -> None:
    got = Counter(state.all_cards())
    want = full_deck(state)
    assert got == want, f"extra {got - want}, missing {want - got}"
    assert len(state.up) == len(state.pile)
    for known in state.seen:
        assert len(known) == len(state.pile)
        assert all(c is None or c is state.pile[i] for i, c in enumerate(known))
    for q in range(state.n):
        assert not Counter(state.marked[q]) - Counter(state.hands[q])


def position(
    n: int = 3,
    hands: Mapping[int, str] | None = None,
    pile: str = "",
    discard: str = "",
    turn: int = 0,
    owed: int = 1,
    attacked: bool = False,
    direction: int = 1,
    marked: Mapping[int, str] | None = None,
    itt: Mapping[int, int] | None = None,
    barking: Iterable[int] = (),
    up: Iterable[int] = (),
    out: Iterable[int] = (),
    config: Mapping[str, str] | None = None,
    rest: str = "discard",
    seed: int = 0,
) -> EkState:
    """A constructed position. `pile`: top card first. `up`: depths (0 = top) lying face up.
    `itt`: seat → who put an I'll Take That in front of it. `barking`: seats with a Barking
    Kitten face up in front of them."""
    state = RULES.new_game(dict(config or BOX_CONFIG), seed, n)
    pool = full_deck(state)

    def take(codes: str | None) -> list[EkCard]:
        got = cards(codes)
        for c in got:
            assert pool[c] > 0, f"{c} used more times than the deck holds"
            pool[c] -= 1
        return got

    state.hands = [take((hands or {}).get(p, "")) for p in range(n)]
    state.marked = [cards((marked or {}).get(p, "")) for p in range(n)]
    top = take(pile)
    state.discard = take(discard)
    state.itt = [(itt or {}).get(p, -1) for p in range(n)]
    take("TAKE " * sum(1 for x in state.itt if x >= 0))
    state.barking = [p in set(barking) for p in range(n)]
    take("BARK " * sum(state.barking))
    leftover = [c for c in ALL_CARDS for _ in range(pool[c])]
    if rest == "pile":
        # Beneath the named cards: non-kittens first, kittens at the very bottom.
        below = sorted(leftover, key=lambda c: (not c.is_kitten, c.index))
        state.pile = below + list(reversed(top))
    elif rest == "discard":
        state.pile = list(reversed(top))
        state.discard = leftover + state.discard
    else:
        raise ValueError(rest)
    size = len(state.pile)
    state.up = [False] * size
    for depth in up:
        state.up[size - 1 - depth] = True
    state.seen = [[None] * size for _ in range(n + 1)]
    for depth in up:
        for known in state.seen:
            known[size - 1 - depth] = state.pile[size - 1 - depth]
    state.out = [p in set(out) for p in range(n)]
    state.eliminations = sorted(set(out))
    state.turn, state.owed, state.attacked, state.direction = turn, owed, attacked, direction
    assert_conserved(state)
    return state


# --- driving ----------------------------------------------------------------------------------
def legal(state: EkState, seat: int | None = None) -> list:
    if seat is None:
        seat = RULES.to_act(state)[0]
    return RULES.legal_actions(state, seat)


def act(state: EkState, action, seat: int | None = None) -> list:
    """Apply a legal action (for `seat`, default the one seat to act); check conservation."""
    if seat is None:
        seat = RULES.actor(state, action)
    assert action in RULES.legal_actions(state, seat), (action, RULES.legal_actions(state, seat))
    events = RULES.apply(state, action, seat)
    assert_conserved(state)
    return events


def all_pass(state: EkState) -> list:
    """Everyone answers the open window (and any window it reopens) with a pass."""
    events = []
    while state.stack and state.stack[-1].kind == WINDOW:
        q = RULES.to_act(state)[0]
        events += act(state, Pass(q), q)
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def ev(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def refused(state: EkState, action, *fragments: str, player: int | None = None) -> str:
    """`action` raises IllegalAction with a one-line reason holding `fragments` and leaves the
    state exactly as it was."""
    twin = state.copy()
    before = RULES.encode_state(state)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action, player)
    reason = info.value.reason
    assert isinstance(reason, str) and reason.strip() and "\n" not in reason
    for fragment in fragments:
        assert fragment.lower() in reason.lower(), (fragment, reason)
    assert state == twin
    assert RULES.encode_state(state) == before
    return reason


def cy_skips() -> EkState:
    """Cy (seat 2, a bot) has just played Skip: Ana (Defuse) and Bob (Nope, Defuse) are asked in
    a shared window."""
    from cutthroat.games.exploding_kittens.actions import Play
    from cutthroat.games.exploding_kittens.rules import RULES

    state = position(3, hands={0: "DEF", 1: "NOPE DEF", 2: "SKIP TACO"}, pile="TACO TACO TACO EXP", turn=2)
    RULES.apply(state, Play(C("SKIP")), 2)
    return state
