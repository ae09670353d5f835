"""Every sentence a player reads about a Psycho Killer move: what an action does, why one is
refused, what a frame asks for."""

from __future__ import annotations

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import seat_name
from cutthroat.games.psycho_killer.cards import PREDICAMENT, points, points_words
from cutthroat.games.psycho_killer.state import (AGAIN, AT, ATTACK, DECK, DECK_NAMES, DRAWN, DRAWS, HOLD, OVER, PICK,
                                                 TARGET, WINDOW, PkState, PkView, held_play_left, window_card,
                                                 window_player)

#: What each frame asks its seat, by kind (a card's own words come from `card.name`).
ASKS = {
    WINDOW: "Trip Over it, or let it go",
    ATTACK: "attacked: take it, or defend",
    DRAWN: "takes the card drawn",  # the same words whether or not a Rewind card could answer it
    HOLD: "keep the predicament, or play it",
    AGAIN: "draw again, or stop",
    DRAWS: "draw from either deck",
    TARGET: "choose a player",
    DECK: "choose a deck",
    AT: "where does it go?",
    PICK: "choose cards",
}
PICK_WORDS = {
    "CAR": "the card to keep", "HURTS": "weapons to take back (up to 5 points)", "DISARM": "cards to put back",
    "KEYS": "2 cards to give", "SPLIT": "a card to pass left", "BOOK": "a card from the discard pile",
    "BANDAID": "weapons to take (up to 3 points)", "STITCHES": "weapons to give (up to 3 points)",
}


def deck_name(d: int) -> str:
    return f"deck {DECK_NAMES[d]}"


def describe_action(view: PkView, action: Action, names=()) -> str:
    kind = action.kind
    top = view.top
    if kind == "draw":
        return f"Draw from {deck_name(action.deck)}" + (" again" if top is not None and top.kind == AGAIN else "")
    if kind == "play":
        return f"Play {action.card.name}"
    if kind == "play_on":
        return f"Play {action.card.name} on {seat_name(names, action.target)}"
    if kind == "stop":
        return "Stop drawing"
    if kind == "pass":
        return "Let it go"
    if kind == "trip":
        return "Trip Over!"
    if kind == "take_hit":
        return "Take it: weapons to your injury pile"
    if kind == "defend":
        return f"Play {action.card.name}"
    if kind == "accept":
        return "Take the card"
    if kind == "evade":
        return f"Play {action.card.name}"
    if kind == "keep":
        return "Keep it for later"
    if kind == "play_now":
        return "Play it now"
    if kind == "pick":
        return f"{action.card.name}" + (f" ({points_words(action.card.points)})" if action.card.points else "")
    if kind == "done":
        return "Done"
    if kind == "target":
        return seat_name(names, action.seat)
    if kind == "to_deck":
        return deck_name(action.deck).capitalize()
    if kind == "at":
        return "On top" if action.depth == 0 else f"Under {action.depth} card{'s' * (action.depth != 1)}"
    return kind


def why_illegal(state: PkState, action: Action, seat: int, to_act: list[int]) -> str:
    """One line for a refused move."""
    if state.phase == OVER:
        return "The game is over"
    if seat not in to_act:
        who = seat_name((), to_act[0]) if to_act else "nobody"
        return f"It is {who}'s move, not yours"
    top = state.stack[-1] if state.stack else None
    kind = action.kind
    if top is None:
        if kind == "draw":
            return f"{deck_name(action.deck).capitalize()} is gone: draw from the other" \
                if 0 <= action.deck <= 1 else "There are two decks, A and B"
        if kind in ("play", "play_on"):
            if action.card not in state.hands[seat]:
                return f"You don't hold {action.card.name}"
            return why_unplayable(state, seat, action.card, on_another=kind == "play_on")
        return "Play cards, then draw from either deck"
    if top.kind == DRAWN:  # said to the drawer only
        return "Now: take the card you drew, or answer it with a Rewind card"
    return f"Now: {ASKS.get(top.kind, top.kind)}"


def why_unplayable(position: PkState | PkView, seat: int, card, on_another: bool = False) -> str:
    """Why a card in `seat`'s hand can't be played on its turn now (the hand panel says it too)."""
    if position.silenced[seat]:
        return "No Signal: you can't play cards this turn"
    if card.kind == PREDICAMENT and not held_play_left(position):
        return "Hold Your Nerve: one held predicament a turn, and you have played yours"
    if card.kind == "weapon":
        return "Weapons are never played: they are given, put back, or land in injury piles"
    if card.kind == PREDICAMENT and on_another:
        return "Only a Left for Dead player, with Hold Your Nerve, plays a predicament on another"
    if "rewind" in card.symbols:
        return f"{card.name} answers a card you have just drawn"
    if "play" in card.symbols:
        return f"{card.name} answers " + ("a card being played" if card.code == "TRIP" else "an attack")
    return f"{card.name} would do nothing now"


def frame_words(view: PkView, names=()) -> str:
    """What the top frame asks, in words ("Ana: choose a deck for Disarm")."""
    top = view.top
    if top is None:
        return ""
    if top.kind == PICK:
        return f"{seat_name(names, top.seat)}: {PICK_WORDS.get(top.card.code, 'choose cards')}"
    if top.kind == WINDOW:
        return f"{seat_name(names, window_player(top))} plays {window_card(top).name}: the others may trip it"
    if top.kind == ATTACK:
        return "Attack! Whoever holds weapons takes it, or defends"
    if top.kind == DRAWN:
        return f"{seat_name(names, top.seat)} {ASKS[DRAWN]}"
    about = f" ({top.card.name})" if top.card is not None and top.kind in (TARGET, DECK, AT) else ""
    return f"{seat_name(names, top.seat)}: {ASKS.get(top.kind, top.kind)}{about}"


# --- why the hint -------------------------------------------------------------------------------
#: Why the hard bot's move, by its kind, where the card's own few words (`short`) don't say it.
KIND_REASONS = {
    "stop": "the next draw could hurt more than it helps",
    "pass": "not worth a card",
    "trip": "it stops their card before it works",
    "take_hit": "nothing in hand stops it",
    "accept": "nothing in hand answers it",
    "keep": "it is worth more later",
    "play_now": "it helps most now",
    "done": "nothing more is worth taking",
    "to_deck": "where it hurts you least",
    "at": "where it hurts you least",
}


def _points(cards) -> str:
    return points_words(points(cards))


def hint_reason(view: PkView, action: Action) -> str:
    """Why the hard bot's move, in a few words, from the seat's view alone (fewest injury points
    wins): "it ends your turn (you're on 4 points)", "a rival on 2 points takes it, not you"."""
    kind, seat = action.kind, view.seat
    mine = _points(view.injuries[seat]) if seat is not None else "0 points"
    if kind == "draw":
        seen = bool(view.known[action.deck]) or any(at == 0 for at, _ in view.faces[action.deck])
        if seen:
            return "you know what's on top"
        if view.top is not None and view.top.kind == AGAIN:
            return f"you're on {mine}: another card is worth the risk"
        return f"it ends your turn (you're on {mine})"
    if kind in ("play", "defend", "evade"):
        return action.card.short
    if kind == "play_on":
        return f"a rival on {_points(view.injuries[action.target])} takes it, not you"
    if kind == "pick":
        return _points([action.card]) if action.card.points else action.card.short
    if kind == "target":
        return f"a rival on {_points(view.injuries[action.seat])}"
    return KIND_REASONS.get(kind, "")
