"""Psycho Killer's cards that work on the decks: Car Troubles, Double Tap, Booby Trap, Disarm,
Found Footage, and how a card goes back into a deck (on top, at a depth, shuffled in) and who
knows where it lies.

A module of its own so `effects.py` (the turn: drawing, the attack, the Trip Over window,
settling) stays readable; `effects.EFFECTS` and its sibling tables name these functions by code.
"""

from __future__ import annotations

from cutthroat.engine.protocol import Event
from cutthroat.games.psycho_killer.cards import (
    BOOBY_TRAP, CAR_TROUBLES, DISARM, DOUBLE_TAP, FOUND_FOOTAGE, PkCard,
)
from cutthroat.games.psycho_killer.events import Looked, Returned, ShuffledIn
from cutthroat.games.psycho_killer.state import (
    AT, DECK, DRAWS, PICK, Frame, PkState, Slot, live_decks, shown_when_drawn,
)

Events = list[Event]


def returned(state: PkState, seat: int, card: PkCard, deck: int, depth: int | str, events: Events,
             seen: bool, face_up: bool | None = None) -> None:
    """`seat` put `card` back into `deck` (it lies there already): on top or at a depth, or at the
    bottom (Slam the Door: the top is unchanged). `seen`: everyone knew the card (drawn for all
    to see, not put back face down), so all know where it lies now; else only `seat` does, and
    the others know nothing below the top they saw from where it went in."""
    up = state.upside_down if face_up is None else face_up
    where = "bottom" if depth == "bottom" else "top" if depth == 0 else str(depth)
    events.append(Returned(seat, card, deck, where, up, seen))
    if depth == "bottom":
        return
    pile = state.decks[deck]
    at = len(pile) - 1 - depth
    pile[at] = pile[at]._replace(shown=seen)
    for q, known in enumerate(state.known):
        run = known[deck]
        if len(run) >= depth:
            if seen or q == seat:
                run.insert(depth, card)
            else:
                del run[depth:]


def shuffle_into(state: PkState, seat: int, cards: list[PkCard], deck: int, events: Events) -> None:
    pile = state.decks[deck]
    pile[:] = [s._replace(shown=False) for s in pile]  # shuffled: nobody knows where anything is
    pile.extend(Slot(c, state.upside_down) for c in cards)
    state.rng.shuffle(pile)
    for seen in state.known:
        seen[deck].clear()
    events.append(ShuffledIn(seat, tuple(cards), len(cards), deck))


def car_troubles(state: PkState, seat: int, events: Events) -> None:
    """Keep one card of your hand, shuffle the rest into one deck, draw 4."""
    state.stack.append(Frame(DRAWS, seat, count=4))
    if state.hands[seat] and live_decks(state):
        state.stack.append(Frame(DECK, seat, CAR_TROUBLES))
        state.stack.append(Frame(PICK, seat, CAR_TROUBLES, count=1))


def car_kept(state: PkState, top: Frame, events: Events) -> None:
    """The kept card waits with the deck choice; with nothing else in hand there is no choice."""
    if state.hands[top.seat]:
        state.stack[-1] = state.stack[-1]._replace(picks=top.picks)
    else:
        state.stack.pop()
        state.hands[top.seat].extend(top.picks)


def car_deck(state: PkState, top: Frame, deck: int, events: Events) -> None:
    rest, state.hands[top.seat] = state.hands[top.seat], list(top.picks)
    if rest:
        shuffle_into(state, top.seat, rest, deck, events)


def rewind_on_drawn(state: PkState) -> Frame:
    """The drawn card a Rewind card answers (the `drawn` frame below it)."""
    return state.stack.pop()


def double_tap(state: PkState, seat: int, events: Events) -> None:
    drawn_frame = rewind_on_drawn(state)
    state.stack.append(Frame(DECK, seat, DOUBLE_TAP, picks=(drawn_frame.card,)))


def double_tap_deck(state: PkState, top: Frame, deck: int, events: Events) -> None:
    state.stack.append(Frame(AT, top.seat, DOUBLE_TAP, deck, picks=top.picks))


def booby_trap(state: PkState, seat: int, events: Events) -> None:
    drawn_frame = rewind_on_drawn(state)
    state.stack.append(Frame(DECK, seat, BOOBY_TRAP, picks=(drawn_frame.card,)))


def booby_trap_deck(state: PkState, top: Frame, deck: int, events: Events) -> None:
    """On top, face down (the card's own words beat Upside Down): the others know which card only
    if they saw it drawn (a Psycho Killer, a predicament its drawer couldn't keep). The draw is
    done."""
    card = top.picks[0]
    state.decks[deck].append(Slot(card, False))
    returned(state, top.seat, card, deck, 0, events, shown_when_drawn(state, top.seat, card), face_up=False)


def disarm(state: PkState, seat: int, events: Events) -> None:
    if not live_decks(state):
        return
    state.stack.append(Frame(DECK, seat, DISARM))
    state.stack.append(Frame(PICK, seat, DISARM))


def disarm_picked(state: PkState, top: Frame, events: Events) -> None:
    """The cards chosen wait with the deck choice; nothing chosen, nothing to shuffle in."""
    if top.picks:
        state.stack[-1] = state.stack[-1]._replace(picks=top.picks)
    else:
        state.stack.pop()


def disarm_deck(state: PkState, top: Frame, deck: int, events: Events) -> None:
    shuffle_into(state, top.seat, list(top.picks), deck, events)


def found_footage(state: PkState, seat: int, events: Events) -> None:
    if live_decks(state):
        state.stack.append(Frame(DECK, seat, FOUND_FOOTAGE))


def found_footage_deck(state: PkState, top: Frame, deck: int, events: Events) -> None:
    cards = [s.card for s in reversed(state.decks[deck][-3:])]
    if len(state.known[top.seat][deck]) < len(cards):  # it may already know more of that top
        state.known[top.seat][deck] = list(cards)
    events.append(Looked(top.seat, deck, tuple(cards)))
