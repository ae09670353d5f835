"""Kill Your Friends in words: why a move is refused, why a card in hand can't be played (or not
on that seat), what a move does, what a seat owes at the start of its turn, how a game was won.

Everything a player reads about a move comes from here: the rules' refusals and the table's
hand notes, prompts and hints are the same sentences. The functions read a seat's view (the
table only has that); those the rules call work on a full state too.
"""

from __future__ import annotations

from typing import Sequence

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import counted, seat_name
from cutthroat.games.kill_your_friends.actions import FORCED_KINDS, REAPER_KILL, REAPER_RESURRECT, REAPER_SAVE
from cutthroat.games.kill_your_friends.cards import (
    CHAOS,
    CHAOS_CARDS,
    CHARACTERS,
    COLOUR_LETTERS,
    HEAD_SWAP_CARD,
    KILL,
    REAPER,
    KyfCard,
)
from cutthroat.games.kill_your_friends.knowledge import deadly
from cutthroat.games.kill_your_friends.state import KyfState, KyfView

Position = KyfState | KyfView

#: How a game was won, as the log, the status line and the game-over dialog say it.
WIN_HOW = {
    "last-standing": "last one standing",
    "empty-hand": "empty hand",
    "reveal": "revealed a hand of their own colour",
    "stalemate": "fewest cards when nothing could progress",
    "kill-target": "reached the kill target",
}

#: What comes first at the start of a turn, in the order the rules take them.
DFA_FIRST = "Death From Above: you must pick up two cards as your turn"
REAPER_FIRST = "The Reaper is on you: you must face it (lose a life, pick up two)"
DEADLY_FIRST = "A 3 is on you: only your own 3 or the Reaper saves you"

#: The prompt for a forced turn (the only legal action), by its kind.
FORCED_PROMPTS = {
    "take_two": "Death From Above: you pick up two cards as your turn",
    "face_reaper": "The Reaper is on you: you lose a life and pick up two",
    "lose_life": "A 3 is on you and you can't save: you lose a life and pick up two",
}

_LABELS = {"draw": "Pick up a card", "pass": "Skip (the deck is empty)", "reveal": "Reveal your hand and win",
           "take_two": "Pick up two (Death From Above)", "face_reaper": "Face the Reaper",
           "lose_life": "Lose a life"}


def card_labels(cards) -> str:
    return " ".join(c.label for c in cards)


def colour_name(colour: int) -> str:
    return CHARACTERS[colour][1]


def _hand(position: Position, p: int):
    return position.hand if isinstance(position, KyfView) else position.hands[p]


# --- refusals -----------------------------------------------------------------------------------
def why_illegal(position: Position, action: Action) -> str:
    """The sentence a player sees when `action` is refused (the action is known to be illegal).
    Works on the state or on the view of the seat to act (the table only has the view)."""
    p = position.turn
    kind = action.kind
    if position.owe[p] and kind != "take_two":
        return DFA_FIRST
    if position.reaper_on == p and kind != "face_reaper":
        return REAPER_FIRST
    on_me = position.attack[p]
    threatened = deadly(position, p)
    if kind in FORCED_KINDS:
        if kind == "lose_life" and threatened:
            return "You hold your own 3: you must save with it"
        return "Nothing forces that now"
    if threatened and kind not in ("save", "reaper"):
        return DEADLY_FIRST
    card = getattr(action, "card", None)
    hand = _hand(position, p)
    if card is not None and card not in hand:
        return f"You don't hold {card.label}"
    if kind == "draw":
        return "The deck is empty: play a card or skip"
    if kind == "pass":
        return "You can only skip when the deck is empty: pick up a card or play one"
    if kind == "reveal":
        if position.head_hunter:
            return "Head Hunter has no reveal win"
        return f"Reveal needs a hand of only your own colour's Kill cards ({colour_name(position.colours[p])})"
    if kind in ("attack", "save", "dump") and (card is None or not card.is_kill):
        return "Only Kill cards attack, save or go on a graveyard"
    if kind == "attack":
        return why_not_attack(position, card, action.victim)
    if kind == "save":
        if card.colour != position.colours[p]:
            return f"You save with your own colour ({colour_name(position.colours[p])}), not {card.label}"
        if not on_me:
            return "There is no attack on you to save from"
        return f"A save must match the top card's number ({on_me[-1].label})"
    if kind == "dump":
        g = action.grave
        if not (0 <= g < position.n) or not position.out[g] or position.head_hunter:
            return "Only a dead player's graveyard takes a dump"
        if position.teams[g] == position.teams[p]:
            return "You can't dump on your own team-mate's grave"
        return f"That graveyard only takes {colour_name(position.colours[g])} Kill cards"
    if kind == "chaos":
        if card is None or card.kind != CHAOS:
            return "That is not a Chaos card"
        if card is not HEAD_SWAP_CARD:
            return f"{card.name} is played without choosing a player"
        return "Head Swap needs another player still in the game"
    if kind == "reaper":
        if REAPER not in hand:
            return "You don't hold the Reaper"
        use, t = action.use, action.target
        if use == REAPER_KILL:
            if not (0 <= t < position.n) or position.out[t]:
                return "The Reaper kills a player still in the game"
            return "You can't send the Reaper to yourself or your team"
        if use == REAPER_SAVE:
            return "There are no Kill cards on you to clear"
        if use == REAPER_RESURRECT:
            return "There is no dead life card (or dead team-mate) to bring back"
    return "That move isn't allowed now"


def why_not_attack(position: Position, card: KyfCard, v: int, names: Sequence[str] = ()) -> str:
    """Why the seat to act can't attack seat `v` with the Kill card `card`."""
    p = position.turn
    if not (0 <= v < position.n) or position.out[v]:
        return "You can only attack a player still in the game"
    if v == p:
        return "You can't attack yourself"
    name = seat_name(names, v)
    if position.teams[v] == position.teams[p]:
        return f"{name} is on your own team"
    if position.colours[v] != card.colour:
        return f"{card.label} is {colour_name(card.colour)}: it attacks only that colour"
    seq = position.attack[v]
    if not seq:
        return f"An attack on {name} must start with a 1"
    top = seq[-1]
    if top.number == 3:
        return f"{name} has a 3 on top: nothing goes on top of a 3"
    return f"Next on {name}'s {top.label} must be a {top.number} or a {top.number + 1}"


# --- the hand panel -----------------------------------------------------------------------------
def why_unplayable(position: Position, card: KyfCard, names: Sequence[str] = ()) -> str:
    """Why no legal action uses `card` for the seat to act."""
    p = position.turn
    if position.owe[p]:
        return DFA_FIRST
    if position.reaper_on == p:
        return REAPER_FIRST
    if deadly(position, p):
        return DEADLY_FIRST
    on_me = position.attack[p]
    if card.kind == KILL:
        if card.colour == position.colours[p]:
            if on_me:
                return f"It saves only on a {card.number} (the top card on you is {on_me[-1].label})"
            if position.head_hunter:
                return "Your own colour: it saves you when you're attacked"
            return "Your own colour: it saves you, or keep it for a reveal"
        owners = [v for v in range(position.n) if position.colours[v] == card.colour]
        if not owners:
            return f"Nobody plays {colour_name(card.colour)} in this game"
        alive = [v for v in owners if not position.out[v]]
        if not alive:
            return "Only a dead player's graveyard takes it, and there is none open now"
        return why_not_attack(position, card, alive[0], names)
    if card is REAPER:
        return "Nobody to kill, nothing on you to clear, no dead life card to bring back"
    if card is HEAD_SWAP_CARD:
        return "Nobody else is in the game to swap hands with"
    return "It can't be played now"


def why_not_on(position: Position, card: KyfCard, seat: int, names: Sequence[str] = ()) -> str:
    """Why `card` (playable some other way) can't go on `seat`."""
    p = position.turn
    name = seat_name(names, seat)
    if card.kind == KILL:
        if position.out[seat]:
            if position.head_hunter:
                return "Head Hunter has no graveyards"
            return f"{name}'s grave takes only {COLOUR_LETTERS[position.colours[seat]]} cards"
        if card.colour == position.colours[p]:
            return f"Your own colour doesn't attack: {card.label} saves you" if seat != p else \
                "It saves you only when its number matches the top card on you"
        return why_not_attack(position, card, seat, names)
    if card is REAPER:
        if seat == p:
            return "Nothing to clear and no dead life card: send the Reaper to someone else"
        if position.out[seat]:
            return f"{name} is out of the game"
        return f"{name} is on your team"
    if card is HEAD_SWAP_CARD:
        if seat == p:
            return "Swap hands with another player, not yourself"
        return f"{name} is out of the game"
    return f"{card.label} takes no target: press Enter to play it"


def owes(view: Position, seat: int, you: bool = False) -> str:
    """What a seat must deal with at the start of its turn, in the order the rules take them."""
    if view.owe[seat]:
        return f"{'you pick' if you else 'picks'} up {view.owe[seat]} (Death From Above)"
    if view.reaper_on == seat:
        return "the Reaper is on you" if you else "faces the Reaper"
    if deadly(view, seat):
        return "a 3 is on you: save or lose a life" if you else "has a 3 on them"
    return ""


def card_effect(card: KyfCard) -> str:
    """What a Chaos card or the Reaper does, as the hand panel says it ('' for a Kill card)."""
    if card.kind == CHAOS:
        return f"{CHAOS_CARDS[card.code][2]}. "
    if card is REAPER:
        return "kill anyone, clear the cards on you, or bring back a life. "
    return ""


def choice_title(card: KyfCard) -> str:
    """The title of the prompt that asks how (or on whom) to play `card`."""
    if card is REAPER:
        return "The Reaper: how will you use it?"
    if card is HEAD_SWAP_CARD:
        return "Head Swap: swap hands with whom?"
    return f"{card.label}: on whom?"


# --- what a move does ---------------------------------------------------------------------------
def describe_action(view: KyfView, action: Action, names: Sequence[str] = ()) -> str:
    """The move in words for hints, prompts and menus, as the seat to act sees it ("R3 on Bob's
    R2 — deadly!", "save yourself: clear the 2 cards on you")."""
    p = view.turn
    kind = action.kind
    if kind == "attack":
        v = action.victim
        seq = view.attack[v] if 0 <= v < view.n else ()
        on = f"{seat_name(names, v)}'s {seq[-1].label}" if seq else seat_name(names, v)  # (the top card)
        deadly_note = " — deadly!" if action.card.number == 3 else ""
        return f"{action.card.label} on {on}{deadly_note}"
    if kind == "save":
        k = len(view.attack[p])
        return f"save yourself with {action.card.label} (clears {k} card{'s' * (k != 1)})"
    if kind == "dump":
        return f"{action.card.label} on {seat_name(names, action.grave)}'s grave"
    if kind == "chaos":
        t = action.target
        if t >= 0:
            count = view.hand_counts[t] if t < view.n else 0
            return f"swap hands with {seat_name(names, t)} ({counted(count, 'card')})"
        return f"play {action.card.name}"
    if kind == "reaper":
        if action.use == REAPER_KILL:
            return f"send the Reaper to {seat_name(names, action.target)}"
        if action.use == REAPER_SAVE:
            k = len(view.attack[p])
            return f"save yourself: clear the {k} card{'s' * (k != 1)} on you"
        if action.use == REAPER_RESURRECT:
            t = action.target
            return "bring back a dead life card" if t == p else f"bring {seat_name(names, t)} back"
    return _LABELS.get(kind, kind)


# --- why the hint -------------------------------------------------------------------------------
#: Why the hard bot plays a Chaos card, by its code.
CHAOS_REASONS = {
    "HS": "their {count} for your {mine}",
    "MD": "everyone else picks up 2, then you go again",
    "DFA": "the next player spends their turn picking up 2",
    "RFG": "play turns round",
}
#: Why the other kinds of move; `{k}` is the number of Kill cards on the seat, `{lives}` its lives.
KIND_REASONS = {
    "save": "it clears the {k} card{s} on you before a 3 comes",
    "dump": "one card fewer in hand, gone for good",
    "draw": "nothing in hand is worth playing yet",
    "pass": "the deck is empty and nothing is worth playing",
    "reveal": "your hand is all your own colour: you win",
    "take_two": "Death From Above: it is your whole turn",
    "face_reaper": "the Reaper is on you: it is your whole turn",
    "lose_life": "a 3 is on you and nothing saves you",
}
REAPER_REASONS = {
    REAPER_KILL: "it can't be defended: a life for them",
    REAPER_SAVE: "it clears the {k} card{s} on you",
    REAPER_RESURRECT: "a dead life card back",
}


def hint_reason(view: KyfView, action: Action) -> str:
    """Why the hard bot's move, in a few words, from the seat's view alone ("a 3 is deadly: a
    life unless they save")."""
    kind, p = action.kind, view.turn
    k = len(view.attack[p])
    if kind in ("attack", "save", "dump", "chaos", "reaper") and len(view.hand) == 1 \
            and not view.head_hunter and getattr(action, "card", None) is not HEAD_SWAP_CARD:
        return "your last card: an empty hand wins"
    if kind == "attack":
        seq = view.attack[action.victim]
        if action.card.number == 3:
            return "a 3 is deadly: a life unless they save"
        return "starts an attack on them" if not seq else f"their attack climbs to {action.card.number}: a 3 kills"
    if kind == "chaos":
        count = view.hand_counts[action.target] if action.target >= 0 else 0
        return CHAOS_REASONS[action.card.code].format(count=counted(count, "card"), mine=len(view.hand) - 1)
    if kind in ("save", "reaper") and getattr(action, "use", REAPER_SAVE) == REAPER_SAVE and deadly(view, p):
        return "the 3 on you would cost a life"
    words = REAPER_REASONS.get(action.use, "") if kind == "reaper" else KIND_REASONS.get(kind, "")
    return words.format(k=k, s="s" * (k != 1))
