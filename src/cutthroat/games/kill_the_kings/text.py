"""Kill The Kings in words: why a move is refused, what a move does, how a round ended.

Everything a player reads about a move comes from here (the table shows these same sentences),
and works on the state or on the view (the table only has the view).
"""

from __future__ import annotations

from typing import Any

from cutthroat.engine.cards import Card
from cutthroat.engine.protocol import Action
from cutthroat.engine.words import counted
from cutthroat.games.kill_the_kings.cards import (CARDS_TO_KILL, COLUMNS, KINGS, RESERVE_SPOTS, SPOT_NAMES,
                                                  finishable)
from cutthroat.games.kill_the_kings.state import GAME_OVER, PLAY, bust_cards

#: How a round ended, as the round-end and game-over dialogs say it.
END_REASONS = {
    "all_killed": "all four kings killed",
    "bust": "bust — the drawn card fit nowhere and the reserve was full",
    "stuck": "stuck — the deck ran out and no reserve card fit",
    "ended": "ended with the deck empty",
}


def column_name(c: int) -> str:
    return f"column {c + 1} ({KINGS[c].label})"


def why_not_fits(card: Card, column, c: int) -> str | None:
    """Why `card` can't go under column `c` (None: it can)."""
    if len(column) >= CARDS_TO_KILL:
        return f"{KINGS[c].label} is already killed: its column takes no more cards"
    above = column[-1] if column else KINGS[c]
    if card.red == above.red:
        colour = "black" if card.red else "red"
        return f"{card.label} can't go under {above.label}: it needs a {colour} card"
    if card.rank >= above.rank:
        return f"{card.label} can't go under {above.label}: it must be lower"
    return None


def _index(value: Any, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _deck_left(position) -> int:
    deck = getattr(position, "deck", None)
    return len(deck) if deck is not None else position.deck_count


def refusal(position, action: Action) -> str:
    """Why the rules refuse `action` in this state or view (it is known to be illegal)."""
    kind = getattr(action, "kind", None)
    if kind not in ("draw", "place", "reserve", "play_reserve", "end_round", "next_round"):
        return f"Not a Kill The Kings action: {action!r}"
    phase = position.phase
    if kind == "next_round" or phase != PLAY:
        if phase == GAME_OVER:
            return "The game is over"
        return "The round is over: start the next round" if phase != PLAY else "The round is still being played"
    drawn = position.drawn
    if kind in ("draw", "end_round"):
        if drawn is not None:
            return f"Place the drawn {drawn.label} first"
        if kind == "draw":
            return "The deck is empty"
        return "The round can only be ended once the deck is empty"
    if kind == "place":
        if not _index(action.column, COLUMNS):
            return f"No column {action.column!r}: columns are 1–4"
        if drawn is None:
            return "Draw a card first: only a drawn card can be placed"
        return why_not_fits(drawn, position.columns[action.column], action.column) or "That card can't go there"
    if kind == "reserve":
        if not _index(action.spot, RESERVE_SPOTS):
            return f"No reserve spot {action.spot!r}: spots are A–D"
        if drawn is None:
            return "Draw a card first: only a drawn card goes into reserve"
        return f"Reserve {SPOT_NAMES[action.spot]} already holds {position.reserve[action.spot].label}"
    if not _index(action.spot, RESERVE_SPOTS) or not _index(action.column, COLUMNS):
        return "Reserve spots are A–D and columns 1–4"
    if drawn is not None:
        return f"Place the drawn {drawn.label} first: reserve cards wait until then"
    card = position.reserve[action.spot]
    if card is None:
        return f"Reserve {SPOT_NAMES[action.spot]} is empty"
    return why_not_fits(card, position.columns[action.column], action.column) or "That card can't go there"


def describe_action(position, action: Action, names=()) -> str:
    """A move in words, for hints and menus ("put 7♦ under column 3 (K♦)")."""
    kind = action.kind
    drawn = position.drawn.label if position.drawn else "the drawn card"
    if kind == "draw":
        return "draw a card"
    if kind == "place":
        return f"put {drawn} under {column_name(action.column)}"
    if kind == "reserve":
        return f"put {drawn} in reserve {SPOT_NAMES[action.spot]}"
    if kind == "play_reserve":
        card = position.reserve[action.spot]
        label = card.label if card else "?"
        return f"play {label} from reserve {SPOT_NAMES[action.spot]} under {column_name(action.column)}"
    if kind == "end_round":
        return "end the round"
    return "start the next round"


#: What the hard bot plays for, in words (its `decide` says which).
GOALS = {
    "target": "going for {target} points",
    "points": "{target} is out of reach: banking points",
}


def hint_reason(view, action: Action, goal: str) -> str:
    """Why the hard bot's move, in a few words ("a snug fit keeps column 3 alive · going for 7
    points"): what the move does for the board, then what the bot plays for."""
    kind = action.kind
    full = None not in view.reserve
    words = ""
    if kind in ("place", "play_reserve"):
        card = view.drawn if kind == "place" else view.reserve[action.spot]
        column = view.columns[action.column]
        above = column[-1] if column else view.kings[action.column]
        left = CARDS_TO_KILL - len(column) - 1
        name = f"column {action.column + 1}"
        if left == 0:
            words = f"kills {KINGS[action.column].label}"
        elif not finishable(card, len(column) + 1):
            words = f"nowhere better for it: {name} can no longer be finished"
        elif above.rank - card.rank <= 1:
            words = f"a snug fit keeps {name} alive"
        else:
            words = f"{name} stays alive (needs {left} more)"
        if kind == "play_reserve" and full:
            words += "; a free spot makes the next draw safe"
    elif kind == "reserve":
        card = view.drawn
        fits_at = [c for c in range(COLUMNS) if why_not_fits(card, view.columns[c], c) is None]
        if not fits_at:
            words = "no king takes it: it waits in reserve"
        elif not any(finishable(card, len(view.columns[c]) + 1) for c in fits_at):
            words = "any king would spoil its column: it waits in reserve"
        else:
            words = "it waits in reserve for a better spot, keeping options open"
    elif kind == "draw":
        if full:
            words = (f"no reserve card fits well enough to play; {bust_cards(view)} of "
                     f"{counted(view.deck_count, 'card')} would bust you")
        else:
            words = "a free reserve spot makes the draw safe"
    elif kind == "end_round":
        words = "the deck is empty and nothing more fits"
    aim = GOALS.get(goal, "").format(target=view.target)
    return " · ".join(w for w in (words, aim) if w)
