"""What a seat knows, and full states consistent with a view (the search bot plays on those).

Public: every injury pile, the discard pile, the decks' sizes, face-up cards in a deck (Upside
Down), every Psycho Killer and predicament drawn (they are played at once), a card being played,
and cards picked out of injury piles. Hidden: other hands, the decks' order, another player's
draw of anything else, and cards chosen to give, keep, pass or put back — except from the
players who chose them, and what a seat itself saw of a deck's top (Found Footage, cards put on
top in front of everyone), which holds until the deck is shuffled.
"""

from __future__ import annotations

from collections import Counter

from cutthroat.engine.rng import Rng
from cutthroat.games.psycho_killer.cards import PkCard, build_deck
from cutthroat.games.psycho_killer.state import DRAWN, PICK, Frame, PkState, PkView, Slot

#: Picks everyone watches being made: weapons out of injury piles, a card going back on a deck.
PUBLIC_PICKS = frozenset({"HURTS", "BANDAID", "STITCHES", "DTAP", "BOOBY"})


def drawn_hidden(f: Frame, seat: int | None) -> bool:
    return f.kind == DRAWN and f.seat != seat and not f.card.black


def picks_hidden(f: Frame, seat: int | None) -> bool:
    if not f.picks or f.card is not None and f.card.code in PUBLIC_PICKS:
        return False
    return f.seat != seat or f.kind == PICK and f.card.code == "SPLIT"  # several players' passes mixed


def seen_slots(state: PkState, seat: int | None, deck: int) -> set[int]:
    """Positions from the top of `deck` that `seat` can see: face-up cards and the top it knows."""
    pile = state.decks[deck]
    seen = {p for p in range(len(pile)) if pile[-1 - p].up}
    if seat is not None:
        seen.update(range(len(state.known[seat][deck])))
    return seen


def view(state: PkState, player: int | None = None) -> PkView:
    faces = tuple(tuple((p, s.card) for p, s in enumerate(reversed(pile)) if s.up) for pile in state.decks)
    stack, hidden = [], []
    for f in state.stack:
        k = 0
        if drawn_hidden(f, player):
            f, k = f._replace(card=None), 1
        if picks_hidden(f, player):
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
        known=tuple(tuple(k) for k in state.known[player]) if player is not None else ((), ()),
        discard=tuple(state.discard),
        hand=tuple(state.hands[player]) if player is not None else (),
        hand_counts=tuple(len(h) for h in state.hands),
        injuries=tuple(tuple(p) for p in state.injuries),
        silenced=tuple(state.silenced),
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


def determinize(view: PkView, rng) -> PkState:
    """A full state consistent with `view`: every card its seat can't see dealt at random."""
    seat = view.seat
    pool = Counter(build_deck())

    def used(cards) -> None:
        pool.subtract(cards)

    used(view.hand)
    used(view.discard)
    for pile in view.injuries:
        used(pile)
    fixed: list[dict[int, PkCard]] = [{}, {}]
    for d in (0, 1):
        fixed[d].update(dict(view.faces[d]))
        fixed[d].update(enumerate(view.known[d]))
        used(fixed[d].values())
    for f in view.stack:
        used(f.picks)
        if f.card is not None and f.kind in ("window", "drawn", "hold"):
            used((f.card,))
    unknown = list(pool.elements())
    rng.shuffle(unknown)
    # Another's drawn card is hidden because it is no PK or predicament: deal those first.
    drawn_cards = [unknown.pop(next(i for i, c in enumerate(unknown) if not c.black))
                   for f, k in zip(view.stack, view.stack_hidden) if k and f.kind == "drawn" and f.card is None]
    decks = []
    for d in (0, 1):
        size = view.decks[d]
        top_first = [Slot(fixed[d][p], p in dict(view.faces[d])) if p in fixed[d] else Slot(unknown.pop())
                     for p in range(size)]
        decks.append(top_first[::-1])
    hands = [list(view.hand) if q == seat else [unknown.pop() for _ in range(view.hand_counts[q])]
             for q in range(view.n)]
    stack = []
    for f, k in zip(view.stack, view.stack_hidden):
        if k:
            if f.kind == "drawn" and f.card is None:
                f, k = f._replace(card=drawn_cards.pop(0)), k - 1
            if k:
                f = f._replace(picks=tuple(unknown.pop() for _ in range(k)))
        stack.append(f)
    known = [[list(view.known[d]) if q == seat else [] for d in (0, 1)] for q in range(view.n)]
    return PkState(
        n=view.n, edition=view.edition, upside_down=view.upside_down, hold_your_nerve=view.hold_your_nerve,
        pk_limit=view.pk_limit, decks=decks, gone=list(view.gone), discard=list(view.discard), hands=hands,
        injuries=[list(p) for p in view.injuries], known=known, silenced=list(view.silenced), turn=view.turn,
        direction=view.direction, pks=view.pks, stack=stack, phase=view.phase, winners=list(view.winners),
        how=view.how, actions=view.actions, rng=Rng(rng.getrandbits(63)))


def scramble(state: PkState, seat: int | None, rng) -> PkState:
    """A state `seat` can't tell from this one: every card it can't see dealt again at random
    into the same places (what other seats knew of a deck's top follows the new cards)."""
    s = state.copy()
    places: list[tuple[str, int, int]] = []
    cards: list[PkCard] = []
    for q in range(s.n):
        if q != seat:
            places += [("hand", q, i) for i in range(len(s.hands[q]))]
            cards += s.hands[q]
    for d in (0, 1):
        pile = s.decks[d]
        seen = seen_slots(s, seat, d)
        for p in range(len(pile)):
            if p not in seen:
                places.append(("deck", d, len(pile) - 1 - p))
                cards.append(pile[-1 - p].card)
    for i, f in enumerate(s.stack):
        if drawn_hidden(f, seat):
            places.append(("drawn", i, 0))
            cards.append(f.card)
        if picks_hidden(f, seat):
            places += [("pick", i, j) for j in range(len(f.picks))]
            cards += f.picks
    rng.shuffle(cards)
    # Another's drawn card is hidden because it is no PK or predicament: it stays one of those.
    for k, (where, _, _) in enumerate(places):
        if where == "drawn" and cards[k].black:
            swap = next(j for j, c in enumerate(cards) if not c.black and places[j][0] != "drawn")
            cards[k], cards[swap] = cards[swap], cards[k]
    for (where, a, b), card in zip(places, cards):
        if where == "hand":
            s.hands[a][b] = card
        elif where == "deck":
            s.decks[a][b] = s.decks[a][b]._replace(card=card)
        elif where == "drawn":
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
