"""Psycho Killer's apply: the move, then `settle` until someone must decide.

How a turn runs. A draw to end the turn pushes `turn_end` and draws. What was drawn may be
answered with a Rewind card (`drawn`), then is accepted: a weapon goes to hand (edition 2: `again`
offers another draw), a Psycho Killer into the drawer's injury pile and an `attack` on everyone
holding weapons, a predicament is played at once (or kept: `hold`). A played card opens a Trip
Over `window` (not a Stop card); when everyone has answered, an even number of Trip Overs lets it
resolve through `EFFECTS`, one function per card, pushing frames for the choices it needs.
`settle` resolves the frames nobody decides (`turn_end`, `forced`, finished windows and attacks)
and, between cards, makes players who may not hold predicaments play them.

The cards' own effects are here when they work on the turn itself (Betrayal, Slam the Door, Dead
End, No Signal, …); the cards that work on the decks are in `effects_decks.py`, those that move
cards between hands and piles in `effects_hands.py`.
"""

from __future__ import annotations

from typing import Callable

from cutthroat.engine.protocol import Action, Event
from cutthroat.games.psycho_killer.cards import (
    BANDAID,
    BARRICADE,
    BEHIND_YOU,
    BETRAYAL,
    BOOBY_TRAP,
    DISARM,
    DOUBLE_TAP,
    FAST_FORWARD,
    PK,
    PREDICAMENT,
    PSYCHO_KILLER,
    SLAM_THE_DOOR,
    STITCHES,
    STOP,
    TRIP_OVER,
    WEAPON,
    PkCard,
)
from cutthroat.games.psycho_killer.events import (
    Attacked,
    Cancelled,
    DeckGone,
    Defended,
    Drew,
    Evaded,
    GameOver,
    Injured,
    Kept,
    Played,
    Reversed,
    Silenced,
    Stopped,
    Tripped,
    TurnEnded,
    TurnStarted,
)
from cutthroat.games.psycho_killer.state import (
    AGAIN,
    AT,
    ATTACK,
    DECK,
    DRAWN,
    DRAWS,
    FORCED,
    HOLD,
    INNER_DRAW,
    MAX_ACTIONS,
    OVER,
    PICK,
    TARGET,
    TURN_DRAW,
    TURN_END,
    WINDOW,
    Frame,
    PkState,
    Slot,
    live_decks,
    may_hold,
    next_seat,
    order_from,
    score_key,
    shown_when_drawn,
)
from cutthroat.games.psycho_killer.effects_decks import (
    returned, rewind_on_drawn, car_troubles, car_kept, car_deck, double_tap, double_tap_deck,
    booby_trap, booby_trap_deck, disarm, disarm_picked, disarm_deck, found_footage, found_footage_deck,
)
from cutthroat.games.psycho_killer.effects_hands import (
    fits, took_back, everybody_hurts, bandaid, bandaid_target, stitches, stitches_target,
    drop_your_keys, keys_target, give, must_play, keys_given, lets_split_up, split_picked,
    book_of_the_dead, book_taken,
)

Events = list[Event]


# --- dispatch -----------------------------------------------------------------------------------
def play(state: PkState, action: Action, seat: int) -> Events:
    """Apply a legal action by `seat`, then settle."""
    events: Events = []
    state.actions += 1
    kind = action.kind
    top = state.stack[-1] if state.stack else None
    if top is None:
        if kind == "draw":
            state.stack.append(Frame(TURN_END, state.turn))
            draw_card(state, state.turn, action.deck, TURN_DRAW, events)
        else:  # play, play_on
            take_from_hand(state, seat, action.card)
            if action.card.kind == PREDICAMENT and state.hold_your_nerve:
                state.nerve_used = True  # one held predicament a turn
            start_play(state, seat, action.card, events, target=action.target if kind == "play_on" else -1)
    else:
        ANSWERS[top.kind](state, top, action, events)
    settle(state, events)
    if state.phase != OVER and state.actions >= MAX_ACTIONS:
        finish(state, "move-limit", events)
    return events


def take_from_hand(state: PkState, seat: int, card: PkCard) -> None:
    state.hands[seat].remove(card)


def can_play(state: PkState, seat: int) -> bool:
    """No Signal: the silenced player plays no cards during their turn (drawn predicaments and
    Psycho Killers still resolve; out of turn, on others' turns, they play as usual)."""
    return not (state.silenced[seat] and seat == state.turn)


# --- drawing ------------------------------------------------------------------------------------
def draw_card(state: PkState, seat: int, deck: int, how: str, events: Events, label: str = "") -> None:
    pile = state.decks[deck]
    slot = pile.pop()
    card = slot.card
    for seen in state.known:
        if seen[deck]:
            seen[deck].pop(0)
    events.append(Drew(seat, card, deck, label or how, slot.up or slot.shown or shown_when_drawn(state, seat, card)))
    if not pile:
        state.gone[deck] = True
        events.append(DeckGone(deck))
    drawn(state, seat, card, deck, how, events)


def rewinds(state: PkState, seat: int, card: PkCard) -> list[PkCard]:
    """The Rewind cards `seat` may answer the card it just drew with."""
    if not can_play(state, seat):
        return []
    hand, decks = state.hands[seat], live_decks(state)
    options = []
    if DOUBLE_TAP in hand and card is PSYCHO_KILLER and decks:
        options.append(DOUBLE_TAP)
    if SLAM_THE_DOOR in hand and decks:  # a deck to put it under and draw from
        options.append(SLAM_THE_DOOR)
    if BOOBY_TRAP in hand and card.black and decks:
        options.append(BOOBY_TRAP)
    return options


def drawn(state: PkState, seat: int, card: PkCard, deck: int, how: str, events: Events) -> None:
    """A card just drawn waits for its drawer to take it or answer it with a Rewind card. The
    frame comes after every draw, so the stack never tells who holds a Rewind card; with none
    to play, the host takes the card after the bot pause (`rules.paced_action`)."""
    state.stack.append(Frame(DRAWN, seat, card, deck, how=how))


def accept(state: PkState, seat: int, card: PkCard, how: str, events: Events) -> None:
    if card.kind == PK:
        hit_by_pk(state, seat, card, events)
    elif card.kind == PREDICAMENT:
        if may_hold(state, seat) and not card.has(STOP):
            state.stack.append(Frame(HOLD, seat, card))
        else:
            start_play(state, seat, card, events)
    else:
        state.hands[seat].append(card)
        if card.kind == WEAPON and how == TURN_DRAW and state.edition == 2 and live_decks(state):
            state.stack.append(Frame(AGAIN, seat))


# --- the Psycho Killer and the attack -------------------------------------------------------------
def hit_by_pk(state: PkState, seat: int, card: PkCard, events: Events) -> None:
    state.injuries[seat].append(card)
    state.pks += 1
    events.append(Injured(seat, (card,), points_of(state, seat)))
    attacked = [q for q in order_from(state, seat) if any(c.kind == WEAPON for c in state.hands[q])]
    events.append(Attacked(tuple(attacked)))
    if attacked:
        state.stack.append(Frame(ATTACK, seat, card, mask=sum(1 << q for q in attacked)))
    else:
        after_attack(state, events)


def after_attack(state: PkState, events: Events) -> None:
    if state.pks >= state.pk_limit:
        finish(state, "pk-limit", events)


def weapons_to_pile(state: PkState, seat: int, pile: int, events: Events) -> None:
    hand = state.hands[seat]
    weapons = tuple(c for c in hand if c.kind == WEAPON)
    state.hands[seat] = [c for c in hand if c.kind != WEAPON]
    state.injuries[pile].extend(weapons)
    events.append(Injured(pile, weapons, points_of(state, pile)))


def answer_attack(state: PkState, top: Frame, action: Action, events: Events) -> None:
    seat = action.seat
    rest = top.mask & ~(1 << seat)
    state.stack[-1] = top._replace(mask=rest)
    if action.kind == "take_hit":
        weapons_to_pile(state, seat, seat, events)
        return
    if action.card is BARRICADE:
        take_from_hand(state, seat, BARRICADE)
        start_play(state, seat, BARRICADE, events)
    else:  # the player it turns on first (the card stays in hand: the choice may be taken back)
        state.stack.append(Frame(TARGET, seat, BEHIND_YOU))


def barricade_holds(state: PkState, seat: int, target: int, events: Events) -> None:
    events.append(Defended(seat, BARRICADE))


def behind_you_hits(state: PkState, seat: int, target: int, events: Events) -> None:
    events.append(Defended(seat, BEHIND_YOU, target))
    weapons_to_pile(state, seat, target, events)


#: The attack answers, resolved once their Trip Over window lets them go (seat: the attacked
#: player; target: whom It's Behind You turns on). Cancelled, the attack hits their player.
DEFENCES: dict[str, Callable[[PkState, int, int, Events], None]] = {
    "BARRICADE": barricade_holds, "BEHIND": behind_you_hits}


def points_of(state: PkState, seat: int) -> int:
    return score_key(state, seat)[0]


# --- playing a card: the Trip Over window ---------------------------------------------------------
def start_play(state: PkState, seat: int, card: PkCard, events: Events, target: int = -1) -> None:
    """A card is played: the others may Trip Over it (not a Stop card), then it resolves."""
    events.append(Played(seat, card, target))
    if card.has(STOP):
        resolve_card(state, seat, card, target, events)
    else:
        state.stack.append(Frame(WINDOW, seat, card, target=target))


def window_seats(state: PkState, top: Frame) -> list[int]:
    """Who still answers the window, in turn order after the card's player: everyone but the
    player of the last Trip Over (the card's player, before any)."""
    skip = top.last if top.last >= 0 else top.seat  # the one who just played: the others answer after them
    return [q for q in order_from(state, skip) if q != skip and not top.mask >> q & 1]


def answer_window(state: PkState, top: Frame, action: Action, events: Events) -> None:
    seat = action.seat
    if action.kind == "pass":
        state.stack[-1] = top._replace(mask=top.mask | 1 << seat)
        return
    take_from_hand(state, seat, TRIP_OVER)
    state.discard.append(TRIP_OVER)
    events.append(Tripped(seat, top.card if top.count % 2 == 0 else TRIP_OVER))
    state.stack[-1] = top._replace(count=top.count + 1, last=seat, mask=0)


def close_window(state: PkState, top: Frame, events: Events) -> None:
    state.stack.pop()
    if top.count % 2:
        state.discard.append(top.card)
        events.append(Cancelled(top.card))
        if top.card.code in DEFENCES:  # the defence is gone: the attack hits after all
            weapons_to_pile(state, top.seat, top.seat, events)
        return
    resolve_card(state, top.seat, top.card, top.target, events)


def resolve_card(state: PkState, seat: int, card: PkCard, target: int, events: Events) -> None:
    """The card's action: it goes to the discard pile, then does what it says (a predicament
    played on another player is resolved by them)."""
    state.discard.append(card)
    if card.code in DEFENCES:
        DEFENCES[card.code](state, seat, target, events)
    else:
        EFFECTS[card.code](state, target if target >= 0 else seat, events)
    if card.has(FAST_FORWARD):
        end_turn(state, events)


# --- answering the card just drawn, a held predicament, draw again ---------------------------------
def answer_drawn(state: PkState, top: Frame, action: Action, events: Events) -> None:
    if action.kind == "accept":
        state.stack.pop()
        accept(state, top.seat, top.card, top.how, events)
        return
    take_from_hand(state, top.seat, action.card)
    events.append(Evaded(top.seat, action.card, top.card, shown_when_drawn(state, top.seat, top.card)))
    start_play(state, top.seat, action.card, events)


def answer_hold(state: PkState, top: Frame, action: Action, events: Events) -> None:
    state.stack.pop()
    if action.kind == "keep":
        state.hands[top.seat].append(top.card)
        events.append(Kept(top.seat, top.card))
    else:
        start_play(state, top.seat, top.card, events)


def answer_again(state: PkState, top: Frame, action: Action, events: Events) -> None:
    state.stack.pop()
    if action.kind == "stop":
        events.append(Stopped(top.seat))
    else:
        draw_card(state, top.seat, action.deck, TURN_DRAW, events, label="again")


def answer_draws(state: PkState, top: Frame, action: Action, events: Events) -> None:
    if top.count <= 1:
        state.stack.pop()
    else:
        state.stack[-1] = top._replace(count=top.count - 1)
    draw_card(state, top.seat, action.deck, INNER_DRAW, events)


# --- choices: a player, a deck, a depth, cards one at a time ---------------------------------------
def answer_target(state: PkState, top: Frame, action: Action, events: Events) -> None:
    state.stack.pop()
    CHOSE_TARGET[top.card.code](state, top, action.seat, events)


def answer_deck(state: PkState, top: Frame, action: Action, events: Events) -> None:
    state.stack.pop()
    CHOSE_DECK[top.card.code](state, top, action.deck, events)


def answer_at(state: PkState, top: Frame, action: Action, events: Events) -> None:
    state.stack.pop()
    card = top.picks[0]
    pile = state.decks[top.deck]
    pile.insert(len(pile) - action.depth, Slot(card, state.upside_down))
    returned(state, top.seat, card, top.deck, action.depth, events, seen=True)  # a Psycho Killer: all saw it


def answer_pick(state: PkState, top: Frame, action: Action, events: Events) -> None:
    if action.kind == "done":
        state.stack.pop()
        PICKED[top.card.code](state, top, events)
        return
    card = action.card
    source = pick_source(state, top)
    source.remove(card)
    state.stack[-1] = top._replace(picks=top.picks + (card,), count=top.count - pick_cost(top, card))


def pick_source(state: PkState, top: Frame) -> list[PkCard]:
    """Where the frame's cards are picked from (they wait in the frame until it is done)."""
    return PICK_FROM[top.card.code](state, top)


def pick_cost(top: Frame, card: PkCard) -> int:
    """What a pick uses up of `count`: points for "up to N points", nothing for a free choice
    (Disarm), else one card."""
    code = top.card.code
    return card.points if code in POINT_PICKS else 0 if code in FREE_PICKS else 1


def pick_options(state: PkState, top: Frame) -> list[PkCard]:
    """The distinct cards the frame's picker may pick next."""
    code = top.card.code
    if code in ONE_AT_A_TIME and top.count <= 0:
        return []
    cards = pick_source(state, top)
    if code == "BOOK":
        cards = cards[:-1]  # not the Book of the Dead being played
    allowed = PICK_ALLOWED.get(code)
    options = []
    for c in cards:
        if c in options or allowed is not None and not allowed(c):
            continue
        if code in POINT_PICKS and c.points > top.count:
            continue
        options.append(c)
    return options


def may_finish_pick(state: PkState, top: Frame) -> bool:
    """Done is allowed: "up to" picks once one is made (or none fits), the free picks (Disarm) at
    any time; the exact ones (a card to keep, two to give, one to pass) never."""
    code = top.card.code
    if code in FREE_PICKS:
        return True
    if code in POINT_PICKS:
        return bool(top.picks) or not pick_options(state, top)
    return False


# --- the cards' effects (the decks' cards: effects_decks.py; the hands' and piles': effects_hands.py)
def betrayal(state: PkState, seat: int, events: Events) -> None:
    """You alone are attacked: an attack like a Psycho Killer's (Barricade and It's Behind You
    answer it), on you only."""
    if any(c.kind == WEAPON for c in state.hands[seat]):  # no weapons in hand: nothing happens
        events.append(Attacked((seat,)))
        state.stack.append(Frame(ATTACK, seat, BETRAYAL, mask=1 << seat))


def lost_in_the_woods(state: PkState, seat: int, events: Events) -> None:
    state.stack.append(Frame(DRAWS, seat, count=2))


def slam_the_door(state: PkState, seat: int, events: Events) -> None:
    """Bottom the card drawn and draw again from the same deck. A deck that still stands holds
    other cards, so the draw is never the same card; a deck the card emptied is gone (Decision),
    so it goes under the other one and the draw is from there."""
    frame = rewind_on_drawn(state)
    card, deck = frame.card, frame.deck
    if state.gone[deck]:
        others = live_decks(state)
        if not others:
            accept(state, seat, card, frame.how, events)
            return
        deck = others[0]
    seen = shown_when_drawn(state, seat, card)  # a PK: all saw it go under
    state.decks[deck].insert(0, Slot(card, state.upside_down, shown=seen))
    returned(state, seat, card, deck, "bottom", events, seen)
    draw_card(state, seat, deck, frame.how, events, label="slam")


def dead_end(state: PkState, seat: int, events: Events) -> None:
    state.direction = -state.direction
    events.append(Reversed(state.direction))


def no_signal(state: PkState, seat: int, events: Events) -> None:
    victim = next_seat(state, seat)
    state.silenced[victim] = True
    events.append(Silenced(victim))


def behind_you_target(state: PkState, top: Frame, target: int, events: Events) -> None:
    """It's Behind You is played, on `target`: the others may Trip Over it (`DEFENCES`)."""
    take_from_hand(state, top.seat, BEHIND_YOU)
    start_play(state, top.seat, BEHIND_YOU, events, target=target)


def no_effect(state: PkState, seat: int, events: Events) -> None:
    """Trip Over acts where it is played (a window)."""


#: What each card does when it resolves, by code (Barricade and It's Behind You: `DEFENCES`).
EFFECTS: dict[str, Callable[[PkState, int, Events], None]] = {
    "CAR": car_troubles, "BETRAYAL": betrayal, "HURTS": everybody_hurts, "WOODS": lost_in_the_woods,
    "DTAP": double_tap, "SLAM": slam_the_door, "BOOBY": booby_trap, "DISARM": disarm, "FOOTAGE": found_footage,
    "DEADEND": dead_end, "KEYS": drop_your_keys, "SPLIT": lets_split_up, "NOSIGNAL": no_signal, "TRIP": no_effect,
    "BOOK": book_of_the_dead, "BANDAID": bandaid, "STITCHES": stitches,
}
CHOSE_TARGET = {"KEYS": keys_target, "BANDAID": bandaid_target, "STITCHES": stitches_target,
                "BEHIND": behind_you_target}
CHOSE_DECK = {"CAR": car_deck, "DTAP": double_tap_deck, "BOOBY": booby_trap_deck, "DISARM": disarm_deck,
              "FOOTAGE": found_footage_deck}
PICKED = {"CAR": car_kept, "HURTS": took_back, "DISARM": disarm_picked, "KEYS": keys_given, "SPLIT": split_picked,
          "BOOK": book_taken, "BANDAID": took_back, "STITCHES": took_back}
PICK_FROM: dict[str, Callable[[PkState, Frame], list]] = {
    "CAR": lambda s, f: s.hands[f.seat], "HURTS": lambda s, f: s.injuries[f.seat],
    "DISARM": lambda s, f: s.hands[f.seat], "KEYS": lambda s, f: s.hands[f.seat],
    "SPLIT": lambda s, f: s.hands[f.seat], "BOOK": lambda s, f: s.discard,
    "BANDAID": lambda s, f: s.injuries[f.target], "STITCHES": lambda s, f: s.injuries[f.seat],
}
PICK_ALLOWED = {"HURTS": lambda c: c.kind == WEAPON, "BANDAID": lambda c: c.kind == WEAPON,
                "STITCHES": lambda c: c.kind == WEAPON, "DISARM": lambda c: c.kind in (WEAPON, PREDICAMENT)}
POINT_PICKS = frozenset({"HURTS", "BANDAID", "STITCHES"})  # "up to N points"
FREE_PICKS = frozenset({"DISARM"})  # any number, none included
ONE_AT_A_TIME = frozenset({"CAR", "KEYS", "SPLIT", "BOOK"})  # exactly `count` cards


# --- settling ---------------------------------------------------------------------------------
def settle(state: PkState, events: Events) -> None:
    """Resolve what nobody decides, until a seat must choose or the game is over."""
    while state.phase != OVER:
        top = state.stack[-1] if state.stack else None
        if top is None or top.kind in (TURN_END, DRAWS, AGAIN):
            if force_held_predicament(state, events):
                continue
        if top is None:
            if not live_decks(state):
                finish(state, "no-cards", events)
            return
        kind = top.kind
        if kind == TURN_END:
            state.stack.pop()
            end_turn(state, events)
        elif kind == FORCED:
            state.stack.pop()
            start_play(state, top.seat, top.card, events)
        elif kind == WINDOW and not window_seats(state, top):
            close_window(state, top, events)
        elif kind == ATTACK and not top.mask:
            state.stack.pop()
            after_attack(state, events)
        elif kind in (DRAWS, AGAIN) and not live_decks(state):
            state.stack.pop()
        elif kind == PICK and not pick_options(state, top):
            state.stack.pop()  # nothing more to pick: done
            PICKED[top.card.code](state, top, events)
        else:
            return


def force_held_predicament(state: PkState, events: Events) -> bool:
    """A player who may not hold predicaments (no longer Left for Dead) plays them at once, one
    at a time, in turn order; a Stop predicament (taken back from the discard pile) nobody holds."""
    for q in order_from(state, state.turn):
        holds = may_hold(state, q)
        forced = [c for c in state.hands[q] if c.kind == PREDICAMENT and (not holds or c.has(STOP))]
        if forced:
            for card in forced:
                take_from_hand(state, q, card)
            must_play(state, q, forced, events)
            return True
    return False


def end_turn(state: PkState, events: Events) -> None:
    seat = state.turn
    events.append(TurnEnded(seat))
    state.silenced[seat] = False
    state.nerve_used = False
    state.turn = next_seat(state, seat)
    events.append(TurnStarted(state.turn))


def finish(state: PkState, how: str, events: Events) -> None:
    state.phase = OVER
    best = min(score_key(state, q) for q in range(state.n))
    state.winners = [q for q in range(state.n) if score_key(state, q) == best]
    state.how = how
    events.append(GameOver(tuple(state.winners), how))


ANSWERS: dict[str, Callable[[PkState, Frame, Action, Events], None]] = {
    WINDOW: answer_window, ATTACK: answer_attack, DRAWN: answer_drawn, HOLD: answer_hold, AGAIN: answer_again,
    DRAWS: answer_draws, TARGET: answer_target, DECK: answer_deck, AT: answer_at, PICK: answer_pick,
}
