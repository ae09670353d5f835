"""Exploding Kittens in words: why a move is refused, why a card can't be played, what a move
does, what a pending decision asks, how a seat went out.

Everything here works on the seat's view (the table only has the view); the rules' refusal
builds the view of the seat that tried the move.
"""

from __future__ import annotations

from collections import Counter

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import seat_name
from cutthroat.games.exploding_kittens.actions import FIVE, PAIR, TRIPLE, combo_kind
from cutthroat.games.exploding_kittens.cards import (
    BURY,
    DEFUSE,
    EXPLODING,
    IMPLODING,
    NOPE,
    STREAKING,
    TARGETED_CARDS,
    EkCard,
)
from cutthroat.games.exploding_kittens.events import what_name
from cutthroat.games.exploding_kittens.knowledge import kittens_left
from cutthroat.games.exploding_kittens.state import (
    GC,
    NAME,
    PLAY,
    REINSERT,
    REORDER,
    TAKE,
    TARGET,
    WINDOW,
    EkView,
    Frame,
)

#: Each combo's name, and what it does as the hand panel says it when the combo is selected.
COMBO_NAMES = {PAIR: "Pair", TRIPLE: "Three of a kind", FIVE: "Five different"}
COMBO_EFFECTS = {PAIR: "Pair: steal a random card", TRIPLE: "Three of a kind: name a card",
                 FIVE: "Five different: take from the discard pile"}
#: How a seat went out, as the game-over figures say it.
HOW_OUT = {"exploded": "exploded", "imploded": "imploded", "barked": "barked at"}


def how_out(how: str) -> str:
    return HOW_OUT.get(how, how)


# --- what a move does --------------------------------------------------------------------------
def describe_action(view: EkView | None, action: Action, names=()) -> str:
    """The move in words, for menus and hints ("Play Attack 2x", "Choose Ana")."""
    kind = action.kind
    if kind == "draw":
        return "Draw the top card (ends your turn)"
    if kind == "play":
        return f"Play {action.card.name}"
    if kind == "combo":
        what = combo_kind(action.cards)
        label = COMBO_NAMES.get(what, "Combo")
        return f"{label}: {', '.join(c.name for c in action.cards)}"
    if kind == "target":
        return f"Choose {seat_name(names, action.player)}"
    if kind == "name":
        return f"Name {action.card.name}"
    if kind == "pass":
        return "Let it happen (pass)"
    if kind == "nope":
        return "Nope!"
    if kind == "alter_now":
        return "Play Alter the Future 3x NOW"
    if kind == "reorder":
        return "Put back in order " + " ".join(str(i + 1) for i in action.order)
    if kind == "reinsert":
        return "Put it on top" if action.depth == 0 else f"Put it under {action.depth} card(s)"
    if kind == "put_in":
        return f"Put {action.card.name} into the draw pile"
    if kind == "take":
        return f"Take {action.card.name} from the discard pile"
    return kind


def hint_text(action: Action) -> str:
    """The hard bot's advice in words (the table adds that Enter plays it)."""
    if action.kind == "draw":
        return "draw"
    if action.kind == "combo":
        what = {PAIR: "a pair", TRIPLE: "three of a kind", FIVE: "five different"}[combo_kind(action.cards)]
        return f"play {what}: {', '.join(c.name for c in action.cards)}"
    return f"play {action.card.name}"


# --- what a pending decision asks -----------------------------------------------------------------
def frame_need(f: Frame, names) -> str:
    """What the seat in front of `f` must decide (public words: no secret card named)."""
    what = what_name(f.what)
    if f.kind == TARGET:
        return f"choose a player for {what}"
    if f.kind == NAME:
        return f"name a card for three of a kind on {names[f.target]}"
    if f.kind == REORDER:
        return f"put the top {f.data} cards back in any order"
    if f.kind == REINSERT:
        card = f.cards[0] if f.cards else None
        return f"put {card.name if card is not None else 'the card'} back into the draw pile"
    if f.kind == GC:
        return "put a card into the draw pile (Garbage Collection)"
    if f.kind == TAKE:
        return "take a card from the discard pile (five different)"
    return f"answer the reaction window on {what}"


def window_text(f: Frame, names) -> str:
    """`Bob plays Attack 2x on Ana — Noped once`."""
    who = names[f.seat] if 0 <= f.seat < len(names) else "?"
    text = f"{who} plays {what_name(f.what)}"
    if f.target >= 0:
        text += f" on {names[f.target]}"
    if f.named is not None:
        text += f", naming {f.named.name}"
    if f.nopes:
        state = "Noped: it won't happen" if f.nopes % 2 else "Nope Noped: it goes ahead"
        text += f" — {f.nopes} Nope{'s' * (f.nopes != 1)}, {state}"
    return text


# --- refusals -------------------------------------------------------------------------------------
#: What each pending decision asks for, and the action kinds that answer it.
_NEEDS = {
    WINDOW: ("Answer the reaction window on {what}: Nope or pass", ("pass", "nope", "alter_now")),
    TARGET: ("Choose a player for {what}", ("target",)),
    NAME: ("Name a card for three of a kind", ("name",)),
    REORDER: ("Put the top cards back in an order of your choice", ("reorder",)),
    REINSERT: ("Choose where to put the card back into the draw pile", ("reinsert",)),
    GC: ("Choose a card from your hand to put into the draw pile", ("put_in",)),
    TAKE: ("Choose a card to take from the discard pile", ("take",)),
}


def why_unplayable(view: EkView, card: EkCard, combo_hint: str = "play them as a combo") -> str:
    """Why `card`, in the seat's hand, can't be played alone now. `combo_hint` says how to play
    cat cards together (a table names its keys)."""
    if card is DEFUSE:
        return "A Defuse is played only when you draw an Exploding Kitten"
    if card is NOPE:
        return "A Nope is played in a reaction window, on someone else's card"
    if card is STREAKING or card is EXPLODING or card is IMPLODING:
        return f"The {card.name} is never played: it stays in your hand"
    if card.is_cat:
        return f"Cat cards do nothing alone: {combo_hint}"
    if card is BURY and view.itt[view.seat] >= 0:
        return "You can't Bury while an I'll Take That is in front of you"
    if card in TARGETED_CARDS:
        return f"Nobody can be chosen for {card.name}"
    return f"{card.name} can't be played now"


def why_illegal(view: EkView, action: Action) -> str:
    """The sentence the view's seat sees when `action` is refused (known to be illegal)."""
    if view.phase != PLAY:
        return "The game is over"
    player = view.seat
    if player is None or player not in view.to_act:
        return "It is not your move now"
    kind = action.kind
    if view.stack:
        f = view.stack[-1]
        need, expected = _NEEDS[f.kind]
        need = need.format(what=what_name(f.what))
        if kind not in expected:
            return need
        if kind == "nope":
            return "You don't hold a Nope"
        if kind == "alter_now":
            return "You don't hold Alter the Future 3x NOW"
        if kind == "target":
            if action.player == f.seat:
                return "Choose another player"
            return f"That player can't be chosen for {what_name(f.what)}"
        if kind == "name":
            return "Name a card that is in this game"
        if kind == "reorder":
            return f"Give an order of the top {f.data} cards, each once"
        if kind == "reinsert":
            return f"A position from 0 (top) to {view.pile_count} (bottom)"
        if kind == "put_in":
            return "Put in a card from your own hand"
        if kind == "take":
            return "That card isn't in the discard pile (kittens can't be taken)"
        return need
    if kind in ("pass", "nope", "alter_now"):
        return "There is nothing to react to: Nope and NOW are played in a reaction window"
    if kind not in ("draw", "play", "combo"):
        return "Play a card, a combo, or draw"
    hand = view.hand
    if kind == "play":
        card = action.card
        if card not in hand:
            return f"You don't hold {card.name}"
        return why_unplayable(view, card)
    if kind == "combo":
        cards = tuple(action.cards)
        what = combo_kind(cards)
        if what is None:
            return "Not a combo: two or three of the same title, or five different titles"
        if what == FIVE and not view.five_different:
            return "The five-different combo is off in this game"
        if any(Counter(hand)[c] < k for c, k in Counter(cards).items()):
            return "You don't hold those cards"
        if what == PAIR:
            return "Nobody else has a card to steal"
    return "That move isn't allowed now"


# --- why the hint -------------------------------------------------------------------------------
#: Why the hard bot plays a card, by the card: what it does for its player now. `{danger}` is the
#: pile as the seat sees it (`pile_danger`).
PLAY_REASONS = {
    "SKIP": "no draw this turn ({danger})",
    "SUPER": "no draw for all your turns ({danger})",
    "REVERSE": "no draw this turn, and play turns round ({danger})",
    "ATTACK": "no draw, and the next player takes two turns ({danger})",
    "TARGETED": "no draw, and the player you pick takes two turns ({danger})",
    "PERSONAL": "three turns in a row for you ({danger})",
    "BOTTOM": "your draw comes from the bottom, not the top ({danger})",
    "SWAP": "the top card goes to the bottom ({danger})",
    "SHUFFLE": "the pile's order is mixed again ({danger})",
    "BURY": "you draw without keeping it: even a kitten goes back",
    "ALTER": "you see the top 3 and order them before anyone draws",
    "NOW": "you see the top 3 and order them before anyone draws",
    "SHARE": "you see the top 3 and order them before anyone draws",
    "BOMB": "every kitten goes on top, for the players after you",
    "GARBAGE": "everyone puts a card in the pile, then it is mixed",
    "MARK": "a random card of theirs shows to everyone",
    "TAKE": "their next draw comes to you",
}
#: Why the other kinds of move (a combo says what it does: COMBO_EFFECTS).
KIND_REASONS = {
    "nope": "it stops that card before it happens",
    "alter_now": "you order the top 3 before anyone draws",
    "pass": "nothing here is worth a card",
    "target": "the player that suits you best",
    "reinsert": "where it hurts the others most",
}


def pile_danger(view: EkView) -> str:
    """The draw pile's danger as the seat sees it: what it saw on top, else the kittens left."""
    top = view.known_top()[0] if view.pile_count else None
    if top is not None:
        return f"the top card is {'a kitten' if top.is_kitten else 'safe'}: you saw it"
    left, unsure = kittens_left(view)
    return f"{'up to ' if unsure else ''}{left} kitten{'s' * (left != 1)} in {view.pile_count} cards"


def hint_reason(view: EkView, action: Action) -> str:
    """Why the hard bot's move, in a few words, from the seat's view alone ("no draw this turn
    (the top card is a kitten: you saw it)")."""
    kind = action.kind
    danger = pile_danger(view)
    if kind == "draw":
        if view.pile_count and view.known_top()[0] is not None and not view.known_top()[0].is_kitten:
            return danger
        if DEFUSE in view.hand:
            return f"a Defuse in hand covers you ({danger})"
        return f"worth the risk, and your cards keep ({danger})"
    if kind == "play":
        return PLAY_REASONS.get(action.card.code, action.card.text.rstrip(".")).format(danger=danger)
    if kind == "combo":
        what = combo_kind(tuple(action.cards))
        return COMBO_EFFECTS[what].split(": ", 1)[1] if what is not None else ""
    return KIND_REASONS.get(kind, "")
