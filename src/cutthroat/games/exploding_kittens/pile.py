"""The draw pile and what each seat knows of it: the pile-changing pieces of `apply`.

`state.pile`, `state.up` and every list of `state.seen` stay aligned (top = last); each function
here keeps them so and appends the events it causes.
"""

from __future__ import annotations

from cutthroat.engine.protocol import Event
from cutthroat.games.exploding_kittens.cards import EXPLODING, EkCard
from cutthroat.games.exploding_kittens.events import CatomicBombed, Peeked, Reordered, Shuffled
from cutthroat.games.exploding_kittens.state import EkState


def pop_pile(state: EkState, bottom: bool) -> tuple[EkCard, bool]:
    """Take the top (or bottom) card: (card, it lay face up)."""
    if bottom:
        for s in state.seen:
            del s[0]
        return state.pile.pop(0), state.up.pop(0)
    for s in state.seen:
        s.pop()
    return state.pile.pop(), state.up.pop()


def peek(state: EkState, p: int, k: int, events: list[Event]) -> int:
    """`p` looks at the top `k` cards (fewer if the pile is short); returns how many."""
    pile = state.pile
    k = min(k, len(pile))
    mine = state.seen[p]
    for j in range(1, k + 1):
        mine[-j] = pile[-j]
    events.append(Peeked(p, k, tuple(pile[-j] for j in range(1, k + 1))))
    return k


def show_top(state: EkState, p: int, k: int, to: int, events: list[Event]) -> None:
    """`p` has put the top `k` back; Share the Future shows them to seat `to` (-1: nobody)."""
    pile = state.pile
    if to >= 0:
        shown = state.seen[to]
        for j in range(1, k + 1):
            shown[-j] = pile[-j]
    events.append(Reordered(p, k, to, tuple(pile[-j] for j in range(1, k + 1))))


def reorder_top(state: EkState, p: int, k: int, to: int, order: tuple[int, ...], events: list[Event]) -> None:
    """`p` puts the top `k` cards back in `order` (indices of the old top cards, top first)."""
    pile, up = state.pile, state.up
    old = [pile[-1 - j] for j in range(k)]
    old_up = [up[-1 - j] for j in range(k)]
    for j, i in enumerate(order):
        pile[-1 - j] = old[i]
        up[-1 - j] = old_up[i]
    for q, known in enumerate(state.seen):
        for j in range(k):
            idx = len(pile) - 1 - j
            known[idx] = pile[idx] if (q == p or up[idx]) else None
    show_top(state, p, k, to, events)


def swap_ends(state: EkState) -> None:
    """Swap Top and Bottom (unseen: what each seat knew moves with the cards)."""
    pile = state.pile
    if len(pile) >= 2:
        pile[0], pile[-1] = pile[-1], pile[0]
        state.up[0], state.up[-1] = state.up[-1], state.up[0]
        for s in state.seen:
            s[0], s[-1] = s[-1], s[0]


def insert(state: EkState, idx: int, card: EkCard, up: bool, knower: int) -> None:
    """Put `card` into the pile at `idx`. Face up, everyone sees where it goes. Face down
    (in secret), only `knower` does: the others can't tell whether the cards they knew
    moved down one place, so they no longer know where any face-down card lies (keeping
    their knowledge at its old places would give away where the secret card went). A
    face-up card they knew stays known: it can be seen moving down."""
    pile, ups = state.pile, state.up
    pile.insert(idx, card)
    ups.insert(idx, up)
    for q, known in enumerate(state.seen):
        if up or q == knower:
            known.insert(idx, card)
        else:  # face-up cards stay in sight (where this seat knew them); the rest is lost
            known.insert(idx, None)
            for i, u in enumerate(ups):
                if not u:
                    known[i] = None


def add_face_down(state: EkState, cards: list[EkCard]) -> None:
    """Put cards face down on top, unknown to all (a shuffle always follows)."""
    state.pile += cards
    state.up += [False] * len(cards)
    for known in state.seen:
        known += [None] * len(cards)


def shuffle(state: EkState, events: list[Event] | None) -> None:
    """Shuffle the pile (face-up cards stay face up); nobody knows any place afterwards."""
    pile, up = state.pile, state.up
    idx = list(range(len(pile)))
    state.rng.shuffle(idx)
    state.pile = [pile[i] for i in idx]
    state.up = [up[i] for i in idx]
    state.seen = [[None] * len(idx) for _ in range(state.n + 1)]
    if events is not None:
        events.append(Shuffled(len(idx)))


def catomic(state: EkState, p: int, events: list[Event]) -> None:
    """Catomic Bomb: every Exploding Kitten out openly, the rest shuffled, the kittens on top."""
    kittens = [c for c in state.pile if c is EXPLODING]
    rest = [(c, u) for c, u in zip(state.pile, state.up) if c is not EXPLODING]
    state.rng.shuffle(rest)
    state.pile = [c for c, _ in rest] + kittens
    state.up = [u for _, u in rest] + [False] * len(kittens)
    size = len(state.pile)
    state.seen = [[None] * len(rest) + [EXPLODING] * len(kittens) for _ in range(state.n + 1)]
    assert all(len(s) == size for s in state.seen)
    events.append(CatomicBombed(p, len(kittens)))
