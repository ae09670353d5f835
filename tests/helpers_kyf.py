"""Helpers for Kill Your Friends tests: card shorthands, constructed positions, invariants.

`position(...)` builds a `KyfState` on top of a real `RULES.new_game` (so colours, teams, lives
and variants are set up by the engine) and then lays out hands, attacks, graveyards and the
deck exactly as asked. Every card of the game's deck not placed anywhere goes into the deck
beneath the named top cards (or into the middle pile with `rest="middle"`, for empty-deck
positions), so the cards always add up to the full deck and conservation holds in every test.

Seats get colours in order with the default characters: seat 0 Red (R), 1 Blue (B), 2 Green (G),
3 Yellow (Y), 4 Purple (P), 5 Orange (O), 6 Pink (K), 7 White (W). Chaos codes: HS, MD, DFA, RFG.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

import pytest

from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.kill_your_friends.cards import BY_CODE, KyfCard, build_deck
from cutthroat.games.kill_your_friends.rules import RULES, KyfState

R, B, G, Y, P, O, K, W = range(8)


def C(code: str) -> KyfCard:
    """Card shorthand: C("R1"), C("REAPER"), C("HS")."""
    return BY_CODE[code]


def cards(codes: str | Iterable[str] | None) -> list[KyfCard]:
    """cards("R1 B2 REAPER") → [R1, B2, REAPER]."""
    if codes is None:
        return []
    if isinstance(codes, str):
        codes = codes.split()
    return [BY_CODE[c] for c in codes]


def full_deck(state: KyfState) -> Counter:
    return Counter(build_deck(state.colours, 0 if state.kill_joy == "remove" else 2))


def assert_conserved(state: KyfState) -> None:
    """No card created or lost; the Reaper in exactly one place."""
    got = Counter(state.all_cards())
    want = full_deck(state)
    assert got == want, f"extra {got - want}, missing {want - got}"
    assert len(state.deck) == len(state.deck_known)


def position(
    n: int = 3,
    hands: Mapping[int, str] | None = None,
    attack: Mapping[int, str] | None = None,
    attackers: Mapping[int, Iterable[int]] | None = None,
    deck: str = "",
    known_bottom: str = "",
    graveyard: Mapping[int, str] | None = None,
    middle: str = "",
    lives: Mapping[int, Iterable[bool]] | None = None,
    out: Iterable[int] = (),
    turn: int = 0,
    direction: int = 1,
    owe: Mapping[int, int] | None = None,
    reaper_on: int = -1,
    reaper_by: int = -1,
    points: Mapping[int, int] | None = None,
    actions: int = 0,
    config: Mapping[str, str] | None = None,
    rest: str = "deck",
    seed: int = 0,
) -> KyfState:
    """A constructed position. `hands`, `attack`, `graveyard`: seat → card codes (attack from the
    first card played to the top). Seats without a hand get "-" → empty; seats not named in
    `hands` at all get a filler of two Kill cards of another colour (lowest first) (so nobody holds an
    accidental empty hand). `deck`: the next cards to draw, next draw first. `known_bottom`: cards
    at the very bottom that went there face up (saved cards), bottom-most first. `rest`: where the
    unused cards go — "deck" (beneath `deck`, above `known_bottom`) or "middle"."""
    state = RULES.new_game(dict(config or {}), seed, n)
    hands = dict(hands or {})
    attack = dict(attack or {})
    graveyard = dict(graveyard or {})
    out = set(out)
    pool = full_deck(state)

    def take(codes: str | None) -> list[KyfCard]:
        got = cards(codes)
        for c in got:
            assert pool[c] > 0, f"{c} used more times than the deck holds"
            pool[c] -= 1
        return got

    state.attack = [take(attack.get(p)) for p in range(n)]
    if attackers:
        state.attackers = [list(attackers.get(p, ())) for p in range(n)]
    else:  # by default the seat before the victim played everything on it
        state.attackers = [[(p - 1) % n] * len(state.attack[p]) for p in range(n)]
    for p in range(n):
        assert len(state.attackers[p]) == len(state.attack[p]), "attackers must match attack"
    state.graveyard = [take(graveyard.get(p)) for p in range(n)]
    state.middle = take(middle)
    top = take(deck)
    bottom = take(known_bottom)
    if reaper_on >= 0:
        take("REAPER")
    hand_lists: list[list[KyfCard] | None] = []
    for p in range(n):
        spec = hands.get(p)
        hand_lists.append(take("" if spec == "-" else spec) if spec is not None else None)
    for p in range(n):  # fillers last, from what is left
        if hand_lists[p] is None:
            hand_lists[p] = [] if p in out else _filler(state, p, pool)
    state.hands = [h for h in hand_lists if h is not None]
    # Leftovers in a fixed order with the Kill cards on top (lowest first) and the Reaper and
    # the Chaos cards deepest, so an unplanned draw rarely changes what a test is about.
    leftover = [c for c in sorted(pool, key=lambda c: -c.index) for _ in range(pool[c])]
    if rest == "deck":
        # deck[-1] is the top: `deck` spec next-draw-first sits on top, leftovers beneath.
        state.deck = bottom + leftover + list(reversed(top))
        state.deck_known = [True] * len(bottom) + [False] * (len(leftover) + len(top))
    elif rest == "middle":
        state.deck = bottom + list(reversed(top))
        state.deck_known = [True] * len(bottom) + [False] * len(top)
        state.middle = state.middle + leftover
    else:
        raise ValueError(rest)
    for p in range(n):
        if lives and p in lives:
            state.lives[p] = list(lives[p])
        if p in out:
            state.lives[p] = [False] * len(state.lives[p])
    state.out = [p in out for p in range(n)]
    state.eliminations = sorted(out)
    state.turn = turn
    state.direction = direction
    state.owe = [(owe or {}).get(p, 0) for p in range(n)]
    state.reaper_on = reaper_on
    state.reaper_by = reaper_by
    state.points = [(points or {}).get(p, 0) for p in range(n)]
    state.actions = actions
    assert_conserved(state)
    return state


def _filler(state: KyfState, p: int, pool: Counter) -> list[KyfCard]:
    """Two Kill cards not of the seat's own colour (no accidental reveal), lowest first."""
    mine = state.colours[p]
    others = [c for c in sorted(pool, key=lambda c: c.index)
              if c.is_kill and c.colour != mine and pool[c] > 0]
    got = []
    for c in others:
        while pool[c] > 0 and len(got) < 2:
            pool[c] -= 1
            got.append(c)
        if len(got) == 2:
            break
    return got


# --- driving ----------------------------------------------------------------------------------
def legal(state: KyfState) -> list:
    return RULES.legal_actions(state, state.turn)


def play(state: KyfState, action) -> list:
    """Apply `action` for the seat to move (must be legal); checks conservation afterwards."""
    assert action in legal(state), (action, legal(state))
    events = RULES.apply(state, action, state.turn)
    assert_conserved(state)
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def refused(state: KyfState, action, *fragments: str, player: int | None = -1) -> str:
    """`action` raises IllegalAction with a one-line reason holding `fragments` and leaves the
    state exactly as it was (== a copy taken before, and the same encoding)."""
    if player == -1:
        player = state.turn
    twin = state.copy()
    before = RULES.encode_state(state)
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action, player)
    reason = info.value.reason
    assert isinstance(reason, str) and reason.strip(), "empty reason"
    assert "\n" not in reason
    for fragment in fragments:
        assert fragment.lower() in reason.lower(), (fragment, reason)
    assert state == twin
    assert RULES.encode_state(state) == before
    assert action not in RULES.legal_actions(state, state.turn if player is None else player)
    return reason
