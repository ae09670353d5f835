"""Helpers for Kill The Kings tests: build exact positions, card shorthands, invariants."""

from __future__ import annotations

from typing import Iterable, Sequence

from cutthroat.engine.cards import Card
from cutthroat.games.kill_the_kings.cards import DECK_CARDS, KINGS
from cutthroat.games.kill_the_kings.rules import RULES, KtkState


def C(code: str) -> Card:
    """Card shorthand: C("AS"), C("10H")."""
    return Card.parse(code)


def cards(codes: str | Iterable[str]) -> list[Card]:
    """cards("AS 3C 3S") → [A♠, 3♣, 3♠]."""
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(c) for c in codes]


def make_state(
    columns: Sequence[str | Sequence[str]] = ("", "", "", ""),
    reserve: Sequence[str | None] = (None, None, None, None),
    drawn: str | None = None,
    deck_top: str | Sequence[str] = (),
    *,
    mode: str = "killer",
    seed: int = 0,
    round: int = 1,
    round_points: Sequence[int] = (),
    only_deck_top: bool = False,
) -> KtkState:
    """A position built on a fresh `RULES.new_game` state; see `arrange`."""
    state = RULES.new_game({"mode": mode}, seed)
    state.round = round
    state.round_points = list(round_points)
    return arrange(state, columns, reserve, drawn, deck_top, only_deck_top=only_deck_top)


def arrange(
    state: KtkState,
    columns: Sequence[str | Sequence[str]] = ("", "", "", ""),
    reserve: Sequence[str | None] = (None, None, None, None),
    drawn: str | None = None,
    deck_top: str | Sequence[str] = (),
    *,
    only_deck_top: bool = False,
) -> KtkState:
    """Lay out a position in `state` (in place; mode, round, scores, phase untouched).

    `columns`: four column specs, card codes from the king down. `reserve`: four codes or None.
    `deck_top`: the cards to come, next draw first; the remaining cards of the 48 go beneath them
    in a fixed order, so all 48 non-king cards are present exactly once. `only_deck_top=True`
    makes the deck exactly `deck_top` (an impossible-in-play position, for the stuck rule).
    """
    cols = [cards(c) if isinstance(c, str) else cards(list(c)) for c in columns]
    assert len(cols) == 4
    res = [None if r is None else C(r) for r in reserve]
    assert len(res) == 4
    dr = None if drawn is None else C(drawn)
    top = cards(deck_top) if isinstance(deck_top, str) else cards(list(deck_top))
    used = [c for col in cols for c in col] + [r for r in res if r] + ([dr] if dr else []) + top
    assert len(set(used)) == len(used), "a card is used twice"
    assert not any(c.rank == 13 for c in used), "kings head columns, never in play"
    rest = [] if only_deck_top else [c for c in DECK_CARDS if c not in set(used)]
    # deck[-1] is the top: next draw first in `top`, then the rest beneath.
    state.deck = list(reversed(top + rest))
    state.columns = cols
    state.reserve = res
    state.drawn = dr
    if not only_deck_top:
        assert_all_cards(state)
    return state


def all_cards_in(state: KtkState) -> list[Card]:
    out = [c for col in state.columns for c in col]
    out += [c for c in state.reserve if c is not None]
    out += state.deck
    if state.drawn is not None:
        out.append(state.drawn)
    return out


def assert_all_cards(state: KtkState) -> None:
    """The 48 non-king cards exactly once; kings never among them (they head the columns)."""
    everything = all_cards_in(state)
    assert len(everything) == 48, len(everything)
    assert set(everything) == set(DECK_CARDS)
    assert set(everything) | set(KINGS) == set(Card.parse(f"{r}{s}") for r in
                                                "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "SHDC")


def snapshot(state: KtkState) -> dict:
    return RULES.encode_state(state)



def assert_refused(state: KtkState, action, *fragments: str, player=0) -> str:
    """`action` raises IllegalAction with a readable one-line reason and leaves `state` as it was."""
    import pytest

    from cutthroat.engine.protocol import IllegalAction

    before = snapshot(state)
    twin = state.copy()
    with pytest.raises(IllegalAction) as info:
        RULES.apply(state, action, player)
    reason = info.value.reason
    assert isinstance(reason, str) and reason.strip(), "empty reason"
    assert "\n" not in reason
    assert str(info.value) == reason
    for fragment in fragments:
        assert fragment in reason, (fragment, reason)
    assert snapshot(state) == before
    assert state == twin
    if player == 0:
        assert action not in RULES.legal_actions(state, 0)
    return reason
