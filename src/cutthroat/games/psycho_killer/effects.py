"""Psycho Killer's apply: the move, then `settle` until someone must decide.

How a turn runs. A draw to end the turn pushes `turn_end` and draws. What was drawn may be
answered with a Rewind card (`drawn`), then is accepted: a weapon goes to hand (edition 2: `again`
offers another draw), a Psycho Killer into the drawer's injury pile and an `attack` on everyone
holding weapons, a predicament is played at once (or kept: `hold`). A played card opens a Trip
Over `window` (not a Stop card); when everyone has answered, an even number of Trip Overs lets it
resolve through `EFFECTS`, one function per card, pushing frames for the choices it needs.
`settle` resolves the frames nobody decides (`turn_end`, `forced`, finished windows and attacks)
and, between cards, makes players who may not hold predicaments play them.
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
    BOOK_OF_THE_DEAD,
    CAR_TROUBLES,
    DISARM,
    DOUBLE_TAP,
    DROP_YOUR_KEYS,
    EVERYBODY_HURTS,
    FAST_FORWARD,
    FOUND_FOOTAGE,
    LETS_SPLIT_UP,
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
    Gave,
    Injured,
    Kept,
    Looked,
    Played,
    Returned,
    Reversed,
    ShuffledIn,
    Silenced,
    Stopped,
    TookBack,
    TookDiscard,
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
    left_of,
    score_key,
    shown_when_drawn,
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


# --- cards going back into decks ------------------------------------------------------------------
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


# --- the cards' effects ---------------------------------------------------------------------------
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


def betrayal(state: PkState, seat: int, events: Events) -> None:
    """You alone are attacked: an attack like a Psycho Killer's (Barricade and It's Behind You
    answer it), on you only."""
    if any(c.kind == WEAPON for c in state.hands[seat]):  # no weapons in hand: nothing happens
        events.append(Attacked((seat,)))
        state.stack.append(Frame(ATTACK, seat, BETRAYAL, mask=1 << seat))


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


def lost_in_the_woods(state: PkState, seat: int, events: Events) -> None:
    state.stack.append(Frame(DRAWS, seat, count=2))


def rewind_on_drawn(state: PkState) -> Frame:
    """The drawn card a Rewind card answers (the `drawn` frame below it)."""
    return state.stack.pop()


def double_tap(state: PkState, seat: int, events: Events) -> None:
    drawn_frame = rewind_on_drawn(state)
    state.stack.append(Frame(DECK, seat, DOUBLE_TAP, picks=(drawn_frame.card,)))


def double_tap_deck(state: PkState, top: Frame, deck: int, events: Events) -> None:
    state.stack.append(Frame(AT, top.seat, DOUBLE_TAP, deck, picks=top.picks))


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


def dead_end(state: PkState, seat: int, events: Events) -> None:
    state.direction = -state.direction
    events.append(Reversed(state.direction))


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


def no_signal(state: PkState, seat: int, events: Events) -> None:
    victim = next_seat(state, seat)
    state.silenced[victim] = True
    events.append(Silenced(victim))


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


def behind_you_target(state: PkState, top: Frame, target: int, events: Events) -> None:
    """It's Behind You is played, on `target`: the others may Trip Over it (`DEFENCES`)."""
    take_from_hand(state, top.seat, BEHIND_YOU)
    start_play(state, top.seat, BEHIND_YOU, events, target=target)


def fits(pile, budget: int) -> bool:
    return any(c.kind == WEAPON and c.points <= budget for c in pile)


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
