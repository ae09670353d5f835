"""What a seat knows, and full states consistent with a view (the search bot plays on those).

Almost everything is public: the deck is face up and everyone saw every draw, so each hand is
known. Two things are hidden: the order of the deck under its top card, and, during the play
phase, which card a player placed face down (known to that player alone). So for another seat
a view gives its "pool" — its hand with its unseen face-down plays mixed in — and how many of
the pool lie face down.
"""

from __future__ import annotations

from collections import Counter

from cutthroat.engine.rng import Rng
from cutthroat.games.stab_your_friends.cards import ALL_CARDS, SyfCard, build_deck
from cutthroat.games.stab_your_friends.state import Front, SyfState, SyfView


def sees(front: Front, seat: int | None) -> bool:
    return front.face_up or front.by == seat


def _hidden_plays(state: SyfState, viewer: int | None) -> list[list[tuple[int, int]]]:
    """Per placer: where its face-down cards lie that `viewer` hasn't seen (seat, index)."""
    hidden: list[list[tuple[int, int]]] = [[] for _ in range(state.n)]
    for q, fronts in enumerate(state.fronts):
        for i, f in enumerate(fronts):
            if not sees(f, viewer):
                hidden[f.by].append((q, i))
    return hidden


def view(state: SyfState, player: int | None = None) -> SyfView:
    hidden = _hidden_plays(state, player)
    pools = []
    for q in range(state.n):
        pool = list(state.hands[q]) + [state.fronts[s][i].card for s, i in hidden[q]]
        pools.append(tuple(sorted(pool)))
    fronts = tuple(tuple(f if sees(f, player) else f._replace(card=None) for f in fs) for fs in state.fronts)
    return SyfView(
        seat=player,
        n=state.n,
        lives=tuple(state.lives),
        out=tuple(state.out),
        crown=state.crown,
        hand=tuple(state.hands[player]) if player is not None else (),
        hand_counts=tuple(len(h) for h in state.hands),
        pools=tuple(pools),
        hidden=tuple(len(h) for h in hidden),
        fronts=fronts,
        deck_top=state.deck[-1] if state.deck else None,
        deck_count=len(state.deck),
        discard=tuple(state.discard),
        phase=state.phase,
        turn=state.turn,
        queue=tuple(state.queue),
        at=state.at,
        active=state.active,
        face_up_plays=tuple(state.face_up_plays),
        round=state.round,
        call_out=state.call_out,
        called_out=tuple(state.called_out),
        never_forget=tuple(state.never_forget),
        winners=tuple(state.winners),
        how=state.how,
        eliminations=tuple(state.eliminations),
        actions=state.actions,
    )


def deck_cards(view: SyfView) -> list[SyfCard]:
    """The cards in the deck, as a seat works them out: the game's 60 less every card it can
    place (hands and pools, cards in play, the discard pile, the card activating now)."""
    counts = Counter(build_deck())
    known = [c for pool in view.pools for c in pool] + list(view.discard)
    known += [f.card for fs in view.fronts for f in fs if f.card is not None]  # the rest are in pools
    if view.active is not None:
        known.append(view.active.card)
    counts.subtract(known)
    return [c for c in ALL_CARDS for _ in range(counts[c])]


def determinize(view: SyfView, rng) -> SyfState:
    """A full state consistent with `view`: each other seat's unseen face-down cards picked at
    random from its pool, the deck under its top card in a random order."""
    hands: list[list[SyfCard]] = []
    fronts = [list(fs) for fs in view.fronts]
    for q in range(view.n):
        if q == view.seat:
            hands.append(list(view.hand))
            continue
        pool = list(view.pools[q])
        rng.shuffle(pool)
        for s, fs in enumerate(fronts):
            for i, f in enumerate(fs):
                if f.card is None and f.by == q:
                    fs[i] = f._replace(card=pool.pop())
        hands.append(pool)
    deck = deck_cards(view)
    if view.deck_top is not None:
        deck.remove(view.deck_top)
        rng.shuffle(deck)
        deck.append(view.deck_top)
    return SyfState(
        n=view.n, lives=list(view.lives), out=list(view.out), crown=view.crown, hands=hands, fronts=fronts,
        deck=deck, discard=list(view.discard), phase=view.phase, turn=view.turn, queue=list(view.queue),
        at=view.at, active=view.active, face_up_plays=list(view.face_up_plays), round=view.round,
        call_out=view.call_out, called_out=list(view.called_out),
        never_forget=list(view.never_forget), winners=list(view.winners), how=view.how,
        eliminations=list(view.eliminations),
        actions=view.actions, rng=Rng(rng.getrandbits(63)))


def scramble(state: SyfState, seat: int | None, rng) -> SyfState:
    """A state `seat` can't tell from this one: the deck under its top card shuffled again, and
    each other placer's unseen face-down cards swapped at random with the cards in its hand."""
    s = state.copy()
    under = s.deck[:-1]
    rng.shuffle(under)
    s.deck[:-1] = under
    for q, places in enumerate(_hidden_plays(s, seat)):
        if not places or q == seat:
            continue
        pool = list(s.hands[q]) + [s.fronts[f][i].card for f, i in places]
        rng.shuffle(pool)
        for f, i in places:
            s.fronts[f][i] = s.fronts[f][i]._replace(card=pool.pop())
        s.hands[q] = pool
    return s
