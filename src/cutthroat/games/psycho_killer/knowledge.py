"""What a seat knows, and full states consistent with a view (the search bot plays on those).

Public: every injury pile, the discard pile, the decks' sizes, face-up cards in a deck (Upside
Down), every Psycho Killer drawn and every predicament its drawer must play at once (they are
played), a card being played, and cards picked out of injury piles. Hidden: other hands, the
decks' order, another player's draw of anything else (a predicament they may keep included: the
others learn only that a predicament was kept), and cards chosen to give, keep, pass or put back
— except from the players who chose them, and what a seat itself saw of a deck's top (Found
Footage, cards it put on top, cards put back in front of everyone), which holds until the deck
is shuffled.
"""

from __future__ import annotations

from collections import Counter

from cutthroat.engine.rng import Rng
from cutthroat.games.psycho_killer.cards import BOOBY_TRAP, PkCard, build_deck
from cutthroat.games.psycho_killer.state import (DRAWN, FORCED, HOLD, LIMBO, PICK, Frame, PkState, PkView, Slot,
                                                 may_hold, shown_when_drawn)

#: Picks everyone watches being made: weapons out of injury piles, a Psycho Killer going back on
#: a deck. (A card Booby Trapped waits in its frame as seen as it was drawn: `picks_hidden`.)
PUBLIC_PICKS = frozenset({"HURTS", "BANDAID", "STITCHES", "DTAP"})


def card_hidden(state: PkState, f: Frame, seat: int | None) -> bool:
    """Is the frame's own card hidden from `seat`? Another's private draw (a predicament they may
    keep, too), and a predicament someone must play at once (given in private, or held) until
    it is played."""
    if f.seat == seat or f.card is None:
        return False
    if f.kind in (DRAWN, HOLD):
        return not shown_when_drawn(state, f.seat, f.card)
    return f.kind == FORCED and f.target != seat


def picks_hidden(state: PkState, f: Frame, seat: int | None) -> bool:
    if not f.picks or f.card is not None and f.card.code in PUBLIC_PICKS:
        return False
    if f.card is BOOBY_TRAP:
        return f.seat != seat and not shown_when_drawn(state, f.seat, f.picks[0])
    return f.seat != seat or f.kind == PICK and f.card.code == "SPLIT"  # several players' passes mixed


def seen_slots(state: PkState, seat: int | None, deck: int) -> set[int]:
    """Positions from the top of `deck` that `seat` can see: face-up cards and the top it knows."""
    pile = state.decks[deck]
    seen = {p for p in range(len(pile)) if pile[-1 - p].up or pile[-1 - p].shown}
    if seat is not None:
        seen.update(range(len(state.known[seat][deck])))
    return seen


def view(state: PkState, player: int | None = None) -> PkView:
    faces = tuple(tuple((p, s.card) for p, s in enumerate(reversed(pile)) if s.up) for pile in state.decks)
    placed = tuple(tuple((p, s.card) for p, s in enumerate(reversed(pile)) if s.shown and not s.up)
                   for pile in state.decks)
    stack, hidden = [], []
    for f in state.stack:
        k = 0
        if card_hidden(state, f, player):
            f, k = f._replace(card=None), 1
        if picks_hidden(state, f, player):
            f, k = f._replace(picks=()), k + len(f.picks)
        stack.append(f)
        hidden.append(k)
    return PkView(
        seat=player,
        n=state.n,
        edition=state.edition,
        upside_down=state.upside_down,
        hold_your_nerve=state.hold_your_nerve,
        pk_limit=state.pk_limit,
        decks=tuple(len(d) for d in state.decks),
        gone=tuple(state.gone),
        faces=faces,
        placed=placed,
        known=tuple(tuple(k) for k in state.known[player]) if player is not None else ((), ()),
        discard=tuple(state.discard),
        hand=tuple(state.hands[player]) if player is not None else (),
        hand_counts=tuple(len(h) for h in state.hands),
        injuries=tuple(tuple(p) for p in state.injuries),
        silenced=tuple(state.silenced),
        nerve_used=state.nerve_used,
        turn=state.turn,
        direction=state.direction,
        pks=state.pks,
        stack=tuple(stack),
        stack_hidden=tuple(hidden),
        phase=state.phase,
        winners=tuple(state.winners),
        how=state.how,
        actions=state.actions,
    )


def fits_place(table, where: str, owner: int, frame: Frame | None, card: PkCard) -> bool:
    """May a hidden place hold `card`, by what everyone knows? A PK is never in a hand; a
    predicament only in the hand of a player who may hold one; another's drawn card is hidden
    because it would be played at once if shown (so no PK, and a predicament only if its drawer
    may keep it); a kept one is a predicament; Disarm puts back only weapons and predicaments."""
    if where == "deck":
        return True
    if where == "drawn":
        return not shown_when_drawn(table, owner, card)
    if where == "hold":
        return card.kind == "predicament" and not shown_when_drawn(table, owner, card)
    if where == "forced":
        return card.kind == "predicament"
    if card.kind == "pk":
        return False
    if where == "pick" and frame is not None and frame.card is BOOBY_TRAP:  # a drawn card it couldn't see
        return card.kind == "predicament" and not shown_when_drawn(table, owner, card)
    if where == "pick" and frame is not None and frame.card is not None and frame.card.code == "DISARM":
        return card.kind in ("weapon", "predicament")
    return card.kind != "predicament" or may_hold(table, owner)


def deal(places: list, cards: list[PkCard], rng, table) -> list[PkCard]:
    """`cards` shuffled onto `places` ((where, owner, frame) each) so every place fits its card:
    the most particular places are dealt first, each the first shuffled card that fits."""
    rng.shuffle(cards)
    first = {"drawn": 0, "hold": 0, "forced": 0, "pick": 1, "hand": 2}
    order = sorted(range(len(places)), key=lambda i: first.get(places[i][0], 3))
    dealt: list[PkCard | None] = [None] * len(places)
    for i in order:
        where, owner, frame = places[i]
        k = next((j for j, c in enumerate(cards) if fits_place(table, where, owner, frame, c)), 0)
        dealt[i] = cards.pop(k)
    return dealt


def determinize(view: PkView, rng) -> PkState:
    """A full state consistent with `view`: every card its seat can't see dealt at random."""
    seat = view.seat
    pool = Counter(build_deck())
    pool.subtract(view.hand)
    pool.subtract(view.discard)
    for pile in view.injuries:
        pool.subtract(pile)
    fixed: list[dict[int, PkCard]] = [{}, {}]
    for d in (0, 1):
        fixed[d].update(dict(view.faces[d]))
        fixed[d].update(dict(view.placed[d]))
        fixed[d].update(enumerate(view.known[d]))
        pool.subtract(fixed[d].values())
    for f in view.stack:
        pool.subtract(f.picks)
        if f.card is not None and f.kind in LIMBO:
            pool.subtract((f.card,))
    places: list[tuple[str, int, Frame | None]] = []
    for f, k in zip(view.stack, view.stack_hidden):
        own = f.kind in LIMBO and f.card is None and k > 0  # the frame's own card is hidden
        places += [(f.kind, f.seat, f)] * own + [("pick", f.seat, f)] * (k - own)
    for q in range(view.n):
        if q != seat:
            places += [("hand", q, None)] * view.hand_counts[q]
    for d in (0, 1):
        places += [("deck", d, None)] * (view.decks[d] - len(fixed[d]))
    dealt = iter(deal(places, list(pool.elements()), rng, view))
    stack = []
    for f, k in zip(view.stack, view.stack_hidden):
        if k:
            if f.kind in LIMBO and f.card is None:
                f, k = f._replace(card=next(dealt)), k - 1
            if k:
                f = f._replace(picks=tuple(next(dealt) for _ in range(k)))
        stack.append(f)
    hands = [list(view.hand) if q == seat else [next(dealt) for _ in range(view.hand_counts[q])]
             for q in range(view.n)]
    decks = []
    for d in (0, 1):
        up, shown = dict(view.faces[d]), dict(view.placed[d])
        top_first = [Slot(fixed[d][p], p in up, p in shown) if p in fixed[d] else Slot(next(dealt))
                     for p in range(view.decks[d])]
        decks.append(top_first[::-1])
    known = [[list(view.known[d]) if q == seat else [] for d in (0, 1)] for q in range(view.n)]
    return PkState(
        n=view.n, edition=view.edition, upside_down=view.upside_down, hold_your_nerve=view.hold_your_nerve,
        pk_limit=view.pk_limit, decks=decks, gone=list(view.gone), discard=list(view.discard), hands=hands,
        injuries=[list(p) for p in view.injuries], known=known, silenced=list(view.silenced),
        nerve_used=view.nerve_used, turn=view.turn,
        direction=view.direction, pks=view.pks, stack=stack, phase=view.phase, winners=list(view.winners),
        how=view.how, actions=view.actions, rng=Rng(rng.getrandbits(63)))


def scramble(state: PkState, seat: int | None, rng) -> PkState:
    """A state `seat` can't tell from this one: every card it can't see dealt again at random
    into the same places (what other seats knew of a deck's top follows the new cards)."""
    s = state.copy()
    spots: list[tuple[str, int, int]] = []  # where each hidden card lies: (kind, a, b)
    places: list[tuple[str, int, Frame | None]] = []
    cards: list[PkCard] = []
    for q in range(s.n):
        if q != seat:
            spots += [("hand", q, i) for i in range(len(s.hands[q]))]
            places += [("hand", q, None)] * len(s.hands[q])
            cards += s.hands[q]
    for d in (0, 1):
        pile = s.decks[d]
        seen = seen_slots(s, seat, d)
        for p in range(len(pile)):
            if p not in seen:
                spots.append(("deck", d, len(pile) - 1 - p))
                places.append(("deck", d, None))
                cards.append(pile[-1 - p].card)
    for i, f in enumerate(s.stack):
        if card_hidden(s, f, seat):
            spots.append(("card", i, 0))
            places.append((f.kind, f.seat, f))
            cards.append(f.card)
        if picks_hidden(s, f, seat):
            spots += [("pick", i, j) for j in range(len(f.picks))]
            places += [("pick", f.seat, f)] * len(f.picks)
            cards += f.picks
    for (where, a, b), card in zip(spots, deal(places, cards, rng, s)):
        if where == "hand":
            s.hands[a][b] = card
        elif where == "deck":
            s.decks[a][b] = s.decks[a][b]._replace(card=card)
        elif where == "card":
            s.stack[a] = s.stack[a]._replace(card=card)
        else:
            picks = list(s.stack[a].picks)
            picks[b] = card
            s.stack[a] = s.stack[a]._replace(picks=tuple(picks))
    for q in range(s.n):
        for d in (0, 1):
            run = s.known[q][d]
            run[:] = [slot.card for slot in reversed(s.decks[d][len(s.decks[d]) - len(run):])]
    return s
