"""Every sentence a Stab Your Friends player reads about a move: what it does, and why one is
refused. The table, the hints and the command line all take their words from here."""

from __future__ import annotations

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import a_or_an, counted, seat_name
from cutthroat.games.stab_your_friends.cards import GOBBLIN_HANDS
from cutthroat.games.stab_your_friends.state import ACTIVATING, DRAWING, OVER, PLAYING, SyfState, SyfView, plays_face_up

WIN_HOW = {"last-standing": "the last one standing", "round-limit": "the most lives when the round limit came"}
PHASE_NAMES = {DRAWING: "Draw", PLAYING: "Play", ACTIVATING: "Activation", OVER: "Game over"}


def _whom(names, seat: int | None, target: int) -> str:
    return "yourself" if seat == target else seat_name(names, target)


def describe_action(view: SyfView | None, action: Action, names=()) -> str:
    """The move in words, for menus and hints ("Bow face down in front of Bob")."""
    kind = action.kind
    seat = view.seat if view is not None else None
    if kind == "draw":
        top = view.deck_top.name if view is not None and view.deck_top else "the top card"
        return f"Take {top} from the deck"
    if kind == "place":
        up = view is not None and seat is not None and plays_face_up(view.fronts[seat])
        return f"{action.card.name} face {'up' if up else 'down'} in front of {_whom(names, seat, action.target)}"
    if kind == "activate":
        card = view.current if view is not None else None
        if card is None:
            return "The next card activates"
        return f"{card.card.priority} {card.card.name} activates ({seat_name(names, view.at[0])})"
    if kind == "target":
        return f"Hit {seat_name(names, action.seat)}"
    if kind == "move":
        front = view.fronts[action.source][action.index] if view is not None else None
        what = front.card.name if front is not None and front.card is not None else "a card"
        return f"Move {what}: {seat_name(names, action.source)} → {seat_name(names, action.dest)}"
    if kind == "keep":
        return "Move nothing"
    if kind == "call_out":
        return f"Call out {seat_name(names, action.target)}"
    return kind


def why_illegal(state: SyfState, action: Action, seat: int) -> str:
    """The reason a player would want for a refused move (the move is known to be illegal)."""
    phase, kind = state.phase, action.kind
    if phase == OVER:
        return "The game is over"
    if kind == "call_out":
        return why_not_call_out(state, action, seat)
    if seat != state.turn:
        return f"It is {seat_name((), state.turn)}'s move, not yours"
    expected = {DRAWING: "draw", PLAYING: "place"}.get(phase)
    if phase == ACTIVATING:
        front = state.active
        if front is None:
            return "The next card activates now"
        expected = "move" if front.card is GOBBLIN_HANDS else "target"
    if kind != expected and not (expected == "move" and kind == "keep"):
        return {DRAWING: "Draw phase: take the top card of the deck",
                PLAYING: "Play phase: put a card from your hand in front of a player",
                }.get(phase, f"First {_need(state)}")
    if kind == "place":
        if action.card not in state.hands[seat]:
            return f"You don't hold {a_or_an(action.card.name)}"
        return _why_not_player(state, action.target, "A card goes in front of a player still in")
    if kind == "target":
        if action.seat == seat:
            return f"{state.active.card.name}: pick another player, not yourself"
        return _why_not_player(state, action.seat, "Pick a player still in")
    if kind == "move":
        return why_not_move(state, action)
    return "That move can't be made now"


def _need(state: SyfState) -> str:
    front = state.active
    if front is None:
        return "the next card activates"
    if front.card is GOBBLIN_HANDS:
        return "choose Gobblin Hands' move (or move nothing)"
    return f"pick the player your {front.card.name} hits"


def _why_not_player(state: SyfState, q: int, otherwise: str) -> str:
    if not 0 <= q < state.n:
        return f"There is no player {q + 1}"
    if state.out[q]:
        return f"Player {q + 1} is out of the game"
    return otherwise


def why_not_move(state: SyfState, action) -> str:
    if not 0 <= action.source < state.n or state.out[action.source]:
        return "Move a card from a player still in"
    if not 0 <= action.index < len(state.fronts[action.source]):
        return "There is no such card in front of that player"
    fronts = state.fronts[action.source]
    front = fronts[action.index]
    if front.card is GOBBLIN_HANDS:
        return "Gobblin Hands can't move another Gobblin Hands"
    if action.dest == action.source:
        return "Move it to another player"
    if front in fronts[:action.index]:  # the moves offered take the first of identical cards
        return _why_not_player(state, action.dest, f"That {front.card.name} is the same as one before it: "
                                                   "move that one")
    return _why_not_player(state, action.dest, "Move it to a player still in")


def why_not_call_out(state: SyfState, action, seat: int | None = None) -> str:
    if seat is not None and state.call_out != "off" and action.caller != seat:
        return f"That call-out is {seat_name((), action.caller)}'s to make, not yours"
    reason = why_caller_cannot(state, action.caller)
    if reason is not None:
        return reason
    if action.target == action.caller:
        return "Call out another player"
    if action.target == state.crown:
        return "Nobody calls out the royal highness: they are the one addressed"
    if 0 <= action.target < state.n and state.never_forget[action.target]:
        return "A bot never forgets to say \"royal highness\": call out a person"
    return _why_not_player(state, action.target, "Call out a player still in")


def why_caller_cannot(table, caller: int) -> str | None:
    """Why `caller` may make no call-out now (a state or a view), or None if they may."""
    if table.call_out == "off":
        return "The royal call-out is a house rule, and it is off"
    if table.phase == OVER:
        return "The game is over"
    if not 0 <= caller < table.n or table.out[caller]:
        return "Only a player still in can call someone out"
    if table.call_out == "crown" and caller != table.crown:
        return "Only the royal highness calls players out"
    if table.called_out[caller]:
        return "One call-out each per round, and this round's is made"
    return None


# --- why the hint -------------------------------------------------------------------------------
#: The cards that hurt whoever they lie in front of.
HARMFUL = {"AX", "FIRE", "DAGGER", "BOMB", "SNAKE", "CRYSTAL"}
#: Why the other kinds of move (a placed card says what it does and for whom: `hint_reason`).
KIND_REASONS = {
    "draw": "every turn starts with a draw",
    "activate": "the next card in front of you acts",
    "keep": "no move helps you",
    "call_out": "the house rule: calling them out costs them",
}


def _lives(view: SyfView, seat: int) -> str:
    return counted(view.lives[seat], "life", "lives")


def hint_reason(view: SyfView, action: Action) -> str:
    """Why the hard bot's move, in a few words, from the seat's view alone ("1 damage (lose a
    life), for a rival on 2 lives")."""
    kind, seat = action.kind, view.seat
    if kind == "place":
        mine, harms = action.target == seat, action.card.code in HARMFUL
        if harms and not mine:
            return f"{action.card.short}: for a rival on {_lives(view, action.target)}"
        return f"{action.card.short}: {'good for you' if mine and not harms else 'nowhere better for it'}"
    if kind == "target":
        rivals = [q for q in range(view.n) if q != seat and not view.out[q]]
        weakest = view.lives[action.seat] == min(view.lives[q] for q in rivals)
        return f"{'the weakest rival' if weakest else 'a rival'}, on {_lives(view, action.seat)}"
    if kind == "move":
        card = view.fronts[action.source][action.index].card
        what = card.short if card is not None else "that card"
        towards = "you" if action.dest == seat else f"a rival on {_lives(view, action.dest)}"
        return f"{what}: now in front of {towards}"
    return KIND_REASONS.get(kind, "")
