"""Where cards change hands in Psycho Killer: weapons taken back from injury piles (Everybody
Hurts, Bandaid, Stitches), cards given or passed (Drop Your Keys, Let's Split Up: a predicament
given is played at once), a card taken from the discard (Book of the Dead).

Kept apart from the turn's machinery in `effects.py`, whose tables (`EFFECTS`, `PICKED`, …) call
these by card code.
"""

from __future__ import annotations

from cutthroat.engine.protocol import Event
from cutthroat.games.psycho_killer.cards import (
    BANDAID, BOOK_OF_THE_DEAD, DROP_YOUR_KEYS, EVERYBODY_HURTS, LETS_SPLIT_UP, PREDICAMENT,
    STITCHES, WEAPON, PkCard,
)
from cutthroat.games.psycho_killer.events import Gave, TookBack, TookDiscard
from cutthroat.games.psycho_killer.state import FORCED, PICK, TARGET, Frame, PkState, order_from, left_of

Events = list[Event]


def everybody_hurts(state: PkState, seat: int, events: Events) -> None:
    for q in reversed(order_from(state, seat)):
        if any(c.kind == WEAPON and c.points <= 5 for c in state.injuries[q]):
            state.stack.append(Frame(PICK, q, EVERYBODY_HURTS, count=5))


def took_back(state: PkState, top: Frame, events: Events) -> None:
    """Weapons picked from an injury pile go into a hand: Everybody Hurts (your own pile, your
    hand), Bandaid (a chosen pile, your hand), Stitches (your pile, a chosen player's hand)."""
    hand, pile = top.seat, top.seat
    if top.card is BANDAID:
        pile = top.target
    elif top.card is STITCHES:
        hand = top.target
    state.hands[hand].extend(top.picks)
    if top.picks:
        events.append(TookBack(hand, pile, top.picks))


def drop_your_keys(state: PkState, seat: int, events: Events) -> None:
    if len(state.hands[seat]) >= 2:
        state.stack.append(Frame(TARGET, seat, DROP_YOUR_KEYS))


def keys_target(state: PkState, top: Frame, target: int, events: Events) -> None:
    state.stack.append(Frame(PICK, top.seat, DROP_YOUR_KEYS, count=2, target=target))


def give(state: PkState, seat: int, to: int, cards: tuple[PkCard, ...], events: Events) -> None:
    """Cards into another hand; a predicament given must be played at once, whoever's turn."""
    events.append(Gave(seat, to, cards, len(cards)))
    state.hands[to].extend(c for c in cards if c.kind != PREDICAMENT)
    must_play(state, to, [c for c in cards if c.kind == PREDICAMENT], events, giver=seat)


def must_play(state: PkState, seat: int, cards: list[PkCard], events: Events, giver: int = -1) -> None:
    """Predicaments `seat` must play at once, one after another: each waits in a `forced` frame
    (out of every pile, so a Car Troubles played first can't shuffle the others away); the giver,
    if any, knows them too."""
    for card in reversed(cards):
        state.stack.append(Frame(FORCED, seat, card, target=giver))


def keys_given(state: PkState, top: Frame, events: Events) -> None:
    give(state, top.seat, top.target, top.picks, events)


def lets_split_up(state: PkState, seat: int, events: Events) -> None:
    """Everyone with cards picks one (in turn order from the card's player, unseen by the
    others), then all pass left at once: a card just received is never passed on. The frame's
    `mask` is who picks, `target` the card's player; `picks` follow the picking order."""
    seats = [q for q in order_from(state, seat) if state.hands[q]]
    if seats:
        state.stack.append(Frame(PICK, seats[0], LETS_SPLIT_UP, mask=sum(1 << q for q in seats), count=1,
                                 target=seat))


def split_pickers(state: PkState, top: Frame) -> list[int]:
    return [q for q in order_from(state, top.target) if top.mask >> q & 1]


def split_picked(state: PkState, top: Frame, events: Events) -> None:
    """One player has picked: the next one picks, or everyone passes at once."""
    pickers = split_pickers(state, top)
    if len(top.picks) < len(pickers):
        state.stack.append(top._replace(seat=pickers[len(top.picks)], count=1))
        return
    passes = list(zip(pickers, top.picks))
    for q, card in passes:
        events.append(Gave(q, left_of(state, q), (card,), 1))
        if card.kind != PREDICAMENT:
            state.hands[left_of(state, q)].append(card)
    for q, card in reversed(passes):  # the predicaments passed: played at once, in turn order
        if card.kind == PREDICAMENT:
            state.stack.append(Frame(FORCED, left_of(state, q), card, target=q))


def book_of_the_dead(state: PkState, seat: int, events: Events) -> None:
    if len(state.discard) > 1:
        state.stack.append(Frame(PICK, seat, BOOK_OF_THE_DEAD, count=1))


def book_taken(state: PkState, top: Frame, events: Events) -> None:
    for card in top.picks:
        state.hands[top.seat].append(card)
        events.append(TookDiscard(top.seat, card))


def bandaid(state: PkState, seat: int, events: Events) -> None:
    if any(fits(state.injuries[q], 3) for q in range(state.n)):
        state.stack.append(Frame(TARGET, seat, BANDAID))


def bandaid_target(state: PkState, top: Frame, target: int, events: Events) -> None:
    state.stack.append(Frame(PICK, top.seat, BANDAID, count=3, target=target))


def stitches(state: PkState, seat: int, events: Events) -> None:
    if fits(state.injuries[seat], 3):
        state.stack.append(Frame(TARGET, seat, STITCHES))


def stitches_target(state: PkState, top: Frame, target: int, events: Events) -> None:
    state.stack.append(Frame(PICK, top.seat, STITCHES, count=3, target=target))


def fits(pile, budget: int) -> bool:
    return any(c.kind == WEAPON and c.points <= budget for c in pile)
