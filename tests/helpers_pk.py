"""Helpers for Psycho Killer tests: card shorthands, constructed positions, driving.

`position(...)` builds a `PkState` on top of a real `RULES.new_game` (so the variants and the rng
are the engine's) and then lays out hands, injury piles, both decks (top first) and the discard
pile exactly as asked. Every card of the 78 not placed anywhere goes beneath the named cards of
deck A (`rest="A"`, the default), of deck B (`rest="B"`) or of the discard pile
(`rest="discard"`), so the cards always add up and `state.validate()` (which checks
conservation and what each seat knows of the decks' tops) passes in every test.

The unused cards go in card-table order from the bottom up (the five Psycho Killers lowest), so
the cards just beneath the named ones are harmless actions (Stitches, Bandaid, It's Behind You…).

Card codes: PK KNIFE HATCHET HOOK CHAINSAW CAR BETRAYAL HURTS WOODS DTAP SLAM BOOBY DISARM FOOTAGE
DEADEND KEYS SPLIT NOSIGNAL TRIP BOOK BARRICADE BEHIND BANDAID STITCHES. In a deck, a code ending
in "^" lies face up (Upside Down), e.g. "KNIFE PK^".
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

import pytest

from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.psycho_killer.cards import ALL_CARDS, BY_CODE, PkCard, build_deck
from cutthroat.games.psycho_killer.rules import RULES, Pass
from cutthroat.games.psycho_killer.state import OVER, WINDOW, PkState, Slot

__all__ = ["C", "cards", "codes", "position", "act", "refused", "kinds", "ev", "hand_codes", "deck_codes",
           "pile_codes", "let_go", "assert_conserved", "top_kind", "DECK"]

DECK = Counter(build_deck())


def C(code: str) -> PkCard:
    """Card shorthand: C("HOOK") is the Hook."""
    return BY_CODE[code]


def cards(spec: str | Iterable[str] | None) -> list[PkCard]:
    """cards("HOOK KNIFE") → [Hook, Knife]."""
    if spec is None:
        return []
    if isinstance(spec, str):
        spec = spec.split()
    return [BY_CODE[c] for c in spec]


def codes(items) -> list[str]:
    """The codes of cards (or of deck Slots' cards)."""
    return [(x.card if isinstance(x, Slot) else x).code for x in items]


def assert_conserved(state: PkState) -> None:
    got = Counter(state.all_cards())
    assert got == DECK, f"extra {got - DECK}, missing {DECK - got}"
    assert len(state.all_cards()) == 78


def position(
    n: int = 3,
    hands: Mapping[int, str] | None = None,
    injuries: Mapping[int, str] | None = None,
    decks: tuple[str, str] = ("", ""),
    discard: str = "",
    turn: int = 0,
    edition: int = 2,
    upside_down: bool = False,
    hold_your_nerve: bool = False,
    pk_limit: int = 5,
    rest: str = "A",
    gone: tuple[bool, bool] | None = None,
    direction: int = 1,
    pks: int | None = None,
    silenced: Iterable[int] = (),
    known: Mapping[int, tuple[int, int]] | None = None,
    seed: int = 0,
) -> PkState:
    """A constructed position with an empty stack (the player `turn` to play or draw).

    `hands`, `injuries`: seat → card codes. `decks`: (deck A, deck B), each top first ("^" after
    a code: face up). `discard`: bottom first (the last code is the top). `rest`: where the
    unused cards go, "A" or "B" (beneath the named deck cards) or "discard" (beneath the named
    discard cards). `gone` defaults to "the deck is empty" (a live deck is never empty).
    `pks` defaults to the Psycho Killers in the injury piles. `known`: seat → (how many of deck
    A's top cards it knows, how many of deck B's). `silenced`: seats under No Signal."""
    config = {"edition": str(edition), "upside-down": "on" if upside_down else "off",
              "hold-your-nerve": "on" if hold_your_nerve else "off",
              "quickie": "on" if pk_limit == 3 else "off"}
    state = RULES.new_game(config, seed, n)
    pool = Counter(build_deck())

    def take(spec) -> list[PkCard]:
        got = cards(spec)
        for c in got:
            assert pool[c] > 0, f"{c.code} used more times than the deck holds"
            pool[c] -= 1
        return got

    def slots(spec: str) -> list[Slot]:
        """Top-first codes → deck slots, bottom first (the top is the last element)."""
        out = []
        for code in spec.split():
            up = code.endswith("^")
            out.append(Slot(take(code.rstrip("^"))[0], up))
        return list(reversed(out))

    state.hands = [take((hands or {}).get(q, "")) for q in range(n)]
    state.injuries = [take((injuries or {}).get(q, "")) for q in range(n)]
    deck_slots = [slots(decks[0]), slots(decks[1])]
    named_discard = take(discard)
    leftover = [c for c in ALL_CARDS for _ in range(pool[c])]
    if rest in ("A", "B"):
        d = "AB".index(rest)
        deck_slots[d] = [Slot(c) for c in leftover] + deck_slots[d]
        state.discard = named_discard
    elif rest == "discard":
        state.discard = leftover + named_discard
    else:
        raise ValueError(rest)
    if edition == 1:
        assert not deck_slots[1], "edition 1 plays with deck A alone"
    state.decks = deck_slots
    state.gone = list(gone) if gone is not None else [not d for d in deck_slots]
    state.known = [[[], []] for _ in range(n)]
    for q, (ka, kb) in (known or {}).items():
        for d, k in ((0, ka), (1, kb)):
            state.known[q][d] = [s.card for s in reversed(deck_slots[d][len(deck_slots[d]) - k:])] if k else []
    state.silenced = [q in set(silenced) for q in range(n)]
    state.turn = turn
    state.direction = direction
    state.pks = pks if pks is not None else sum(c.code == "PK" for pile in state.injuries for c in pile)
    state.pk_limit = pk_limit
    state.stack = []
    state.phase, state.winners, state.how, state.actions = "play", [], "", 0
    state.validate()
    assert_conserved(state)
    return state


# --- driving ----------------------------------------------------------------------------------
def act(state: PkState, action, seat: int | None = None) -> list:
    """Apply `action` through `RULES.apply` (for `seat`; default the seat the action names, or
    the one seat to move), then the answers the host gives without asking (`rules.auto_action`:
    a card drawn by a player with no Rewind card to answer it is taken), then check the state
    (`validate`: lengths, ranges, what each seat knows of the decks, card conservation)."""
    events = RULES.apply(state, action, seat)
    events += auto_answers(state)
    state.validate()
    assert_conserved(state)
    return events


def auto_answers(state: PkState) -> list:
    """What the table host applies at once after a move (`rules.auto_action`), as it would; an
    attacked player with nothing to defend with, and an empty hand in a Trip Over window, are
    left to answer (the tests say it)."""
    events: list = []
    while True:
        auto = next(((q, a) for q in RULES.to_act(state) if (a := RULES.auto_action(state, q)) is not None
                     and a.kind not in ("take_hit", "pass")), None)
        if auto is None:
            return events
        events += RULES.apply(state, auto[1], auto[0])


def let_go(state: PkState) -> list:
    """Everyone asked about the Trip Over window on top lets the card go (in turn order)."""
    assert state.stack and state.stack[-1].kind == WINDOW, state.stack
    events: list = []
    for q in list(RULES.to_act(state)):
        events += act(state, Pass(q))
    return events


def top_kind(state: PkState) -> str | None:
    if state.phase == OVER:
        return "over"
    return state.stack[-1].kind if state.stack else None


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def ev(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def hand_codes(state: PkState, seat: int) -> list[str]:
    return [c.code for c in state.hands[seat]]


def pile_codes(state: PkState, seat: int) -> list[str]:
    return [c.code for c in state.injuries[seat]]


def deck_codes(state: PkState, d: int, k: int | None = None) -> list[str]:
    """The codes of deck `d`, top first (the first `k` only)."""
    top_first = [s.card.code for s in reversed(state.decks[d])]
    return top_first if k is None else top_first[:k]


def refused(state: PkState, action, *fragments: str, player: int | None = None) -> str:
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
    seat = RULES.actor(state, action) if player is None else player
    assert seat is None or not RULES.is_legal(state, action, seat)
    return reason
