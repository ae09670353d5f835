"""What each action does, and how a round moves from phase to phase between decisions.

`play(state, action, seat)` applies one legal action and then runs the round forward until
someone has a decision again (the next drawer, the next player to place a card, the next card to
activate or a choice it needs). Each card's activation is one entry of `ACTIVATIONS`; damage,
elimination and the win are `hurt` and `eliminate`, so every card and the house rule share them.
"""

from __future__ import annotations

from typing import Callable

from cutthroat.engine.protocol import Action, Event
from cutthroat.games.stab_your_friends.actions import CallOut, Move, Place, Target
from cutthroat.games.stab_your_friends.cards import (
    BATTLE_AX,
    BOMB,
    BOW,
    CRYSTAL,
    DAGGER,
    DRINK,
    FIREBALL,
    GOBBLIN_HANDS,
    GOLDEN_LEFT_POTION,
    HAND_SIZE,
    LEFT_POTION,
    LOVE_POTION,
    MAX_LIVES,
    PLAYS_PER_ROUND,
    SHIELD,
    SNAKE,
    SyfCard,
)
from cutthroat.games.stab_your_friends.events import (
    Activated,
    Blocked,
    CalledOut,
    Discarded,
    Drew,
    Eliminated,
    GameWon,
    Healed,
    Hurt,
    Moved,
    Placed,
    Reshuffled,
    Revealed,
    RoundEnded,
    RoundStarted,
    Skipped,
)
from cutthroat.games.stab_your_friends.state import (
    ACTIVATING,
    DRAWING,
    MAX_ROUNDS,
    NOWHERE,
    OVER,
    PLAYING,
    Front,
    SyfState,
    blocked_from_playing,
    left_of,
    plays_face_up,
    seat_order,
)

Events = list[Event]


# --- the one action -----------------------------------------------------------------------------
def play(state: SyfState, action: Action, seat: int) -> Events:
    """Apply a legal action for `seat`, then run the round on to the next decision."""
    events: Events = []
    state.actions += 1
    kind = action.kind
    if kind == "draw":
        draw(state, events)
    elif kind == "place":
        place(state, action, events)
    elif kind == "activate":
        activate(state, events)
    elif kind == "target":
        hit_target(state, action, events)
    elif kind in ("move", "keep"):
        gobble(state, action, events)
    elif kind == "call_out":
        call_out(state, action, events)
    return events


# --- draw ---------------------------------------------------------------------------------------
def start_round(state: SyfState, events: Events) -> None:
    events.append(RoundStarted(state.round, state.crown))
    state.called_out = [False] * state.n
    state.phase = DRAWING
    state.turn = state.crown
    next_drawer(state, events, first=True)


def next_drawer(state: SyfState, events: Events, first: bool = False) -> None:
    """Clockwise from the crown holder, one card at a time, until everyone holds four (or the
    deck and the discard pile are both empty): then the play phase."""
    if not state.deck:
        reshuffle(state, events)
    if state.deck:
        start = state.turn if first else state.turn + 1
        for q in seat_order(state.out, start % state.n):
            if len(state.hands[q]) < HAND_SIZE:
                state.turn = q
                return
    start_play(state, events)


def reshuffle(state: SyfState, events: Events) -> None:
    if state.discard:
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
        events.append(Reshuffled(len(state.deck)))


def draw(state: SyfState, events: Events) -> None:
    card = state.deck.pop()
    state.hands[state.turn].append(card)
    events.append(Drew(state.turn, card))
    next_drawer(state, events)


# --- play ---------------------------------------------------------------------------------------
def start_play(state: SyfState, events: Events) -> None:
    state.phase = PLAYING
    order = seat_order(state.out, state.crown)
    for q in order:
        if blocked_from_playing(state.fronts[q]):
            events.append(Skipped(q, "snake"))
    players = [q for q in order if not blocked_from_playing(state.fronts[q])]
    state.queue = players * PLAYS_PER_ROUND
    next_player(state, events)


def next_player(state: SyfState, events: Events) -> None:
    """The next seat in the queue that is still in and holds a card; none left: activation."""
    queue = state.queue
    while queue:
        q = queue[0]
        if not state.out[q] and state.hands[q]:
            state.turn = q
            return
        queue.pop(0)
        if not state.out[q]:
            events.append(Skipped(q, "empty"))
    start_activation(state, events)


def place(state: SyfState, action: Place, events: Events) -> None:
    seat, card = state.turn, action.card
    face_up = plays_face_up(state.fronts[seat])
    state.hands[seat].remove(card)
    state.fronts[action.target].append(Front(card, seat, face_up))
    events.append(Placed(seat, action.target, card, face_up))
    if face_up:
        state.face_up_plays[seat] += 1
        if state.face_up_plays[seat] >= 2:
            state.face_up_plays[seat] = 0
            fronts = state.fronts[seat]
            crystal = next(i for i, f in enumerate(fronts) if f.sideways and f.card is CRYSTAL)
            state.discard.append(fronts.pop(crystal).card)
            events.append(Discarded(seat, (CRYSTAL,), "two face-up plays"))
    state.queue.pop(0)
    next_player(state, events)


# --- activate -----------------------------------------------------------------------------------
def start_activation(state: SyfState, events: Events) -> None:
    state.phase = ACTIVATING
    state.queue = []
    for q, fronts in enumerate(state.fronts):
        state.fronts[q] = [f._replace(face_up=True, done=False) for f in fronts]
    events.append(Revealed(tuple(tuple(f.card for f in fronts) for fronts in state.fronts)))
    next_card(state, events)


def next_card(state: SyfState, events: Events) -> None:
    """The card to activate next: the lowest red number not yet activated; the same number in
    front of several players in seat order from the royal highness; one player's own in the
    order they lie. None left: the round ends."""
    n, crown = state.n, state.crown
    best, best_key = NOWHERE, None
    for q, fronts in enumerate(state.fronts):
        order = (q - crown) % n
        for i, f in enumerate(fronts):
            if not f.done:
                key = (f.card.priority, order, i)
                if best_key is None or key < best_key:
                    best, best_key = (q, i), key
    state.at = best
    if best_key is None:
        end_round(state, events)
    else:
        state.turn = best[0]


def activate(state: SyfState, events: Events) -> None:
    """The card at `at` leaves its place and does what it does; a card that needs its holder's
    choice waits as `active`."""
    seat, index = state.at
    front = state.fronts[seat].pop(index)
    state.at = NOWHERE
    if ACTIVATIONS[front.card](state, seat, index, front, events):
        state.active = front
        state.turn = seat
    elif state.phase == ACTIVATING:
        next_card(state, events)


def _stay(state: SyfState, seat: int, index: int, front: Front, sideways: bool = True) -> None:
    """Put an activated card back where it lay (done for this phase)."""
    state.fronts[seat].insert(index, front._replace(done=True, sideways=sideways))


def _gone(state: SyfState, front: Front) -> None:
    state.discard.append(front.card)


def _move_all_left(state: SyfState, seats: list[int], events: Events) -> None:
    """Every card in front of each of `seats` goes to the player on that seat's left, all at once."""
    moving = [(q, state.fronts[q], left_of(state.out, q)) for q in seats if state.fronts[q]]
    for q, _, _ in moving:
        state.fronts[q] = []
    for q, cards, dest in moving:
        state.fronts[dest] += cards
        events.append(Moved(tuple(f.card for f in cards), q, dest))


def _golden_left_potion(state, seat, index, front, events) -> bool:
    events.append(Activated(seat, front.card, "every card in play moves left"))
    _gone(state, front)
    _move_all_left(state, state.in_game(), events)
    return False


def _left_potion(state, seat, index, front, events) -> bool:
    events.append(Activated(seat, front.card, "the cards here move left" if state.fronts[seat] else "nothing to move"))
    _gone(state, front)
    _move_all_left(state, [seat], events)
    return False


def _gobblin_hands(state, seat, index, front, events) -> bool:
    if gobblin_moves(state):
        events.append(Activated(seat, front.card, "a card may move"))
        return True
    events.append(Activated(seat, front.card, "no card can move"))
    _gone(state, front)
    return False


def _shield(state, seat, index, front, events) -> bool:
    events.append(Activated(seat, front.card, "raised for this round"))
    _stay(state, seat, index, front, sideways=False)
    return False


def _battle_ax(state, seat, index, front, events) -> bool:
    _gone(state, front)
    shields = [i for i, f in enumerate(state.fronts[seat]) if f.card is SHIELD]
    if not shields:
        events.append(Activated(seat, front.card, "no Shield: nothing happens"))
        return False
    events.append(Activated(seat, front.card, "it breaks the Shield"))
    state.discard.append(state.fronts[seat].pop(shields[0]).card)
    hurt(state, seat, 2, BATTLE_AX, front.by, events, blockable=False)
    return False


def _bow(state, seat, index, front, events) -> bool:
    events.append(Activated(seat, front.card, "a player to hit"))
    return True


def _fireball(state, seat, index, front, events) -> bool:
    events.append(Activated(seat, front.card, "1 damage to its holder first"))
    hurt(state, seat, 1, FIREBALL, front.by, events)
    if state.out[seat] or state.phase == OVER:
        _gone(state, front)  # eliminated (and so discarded with everything else), or the game is won
        return False
    return True


def _dagger(state, seat, index, front, events) -> bool:
    events.append(Activated(seat, front.card))
    _gone(state, front)
    hurt(state, seat, 1, DAGGER, front.by, events)
    return False


def _bomb(state, seat, index, front, events) -> bool:
    if not front.sideways:
        events.append(Activated(seat, front.card, "turns sideways: it goes off next time"))
        _stay(state, seat, index, front)
        return False
    events.append(Activated(seat, front.card, "it goes off"))
    _gone(state, front)
    hurt(state, seat, 1, BOMB, front.by, events)
    return False


def _love_potion(state, seat, index, front, events) -> bool:
    _gone(state, front)
    if state.lives[seat] >= MAX_LIVES:
        events.append(Activated(seat, front.card, "already at full health"))
        return False
    events.append(Activated(seat, front.card))
    state.lives[seat] += 1
    events.append(Healed(seat, state.lives[seat]))
    return False


def _snake(state, seat, index, front, events) -> bool:
    if not front.sideways:
        events.append(Activated(seat, front.card, "turns sideways: no plays next round"))
        _stay(state, seat, index, front)
        return False
    events.append(Activated(seat, front.card, "discarded"))
    _gone(state, front)
    return False


def _crystal(state, seat, index, front, events) -> bool:
    if not front.sideways:
        events.append(Activated(seat, front.card, "turns sideways: plays go face up"))
    else:  # Decision: it leaves only after two face-up plays
        events.append(Activated(seat, front.card, "stays until two face-up plays"))
    _stay(state, seat, index, front)
    return False


def _drink(state, seat, index, front, events) -> bool:
    events.append(Activated(seat, front.card, "no effect"))
    _gone(state, front)
    return False


#: Each card's activation: (state, holder, where it lay, the card, events) → does its holder
#: choose next? (The card has left its place; it is put back only if it stays.)
ACTIVATIONS: dict[SyfCard, Callable[..., bool]] = {
    GOLDEN_LEFT_POTION: _golden_left_potion, LEFT_POTION: _left_potion, GOBBLIN_HANDS: _gobblin_hands,
    SHIELD: _shield, BATTLE_AX: _battle_ax, BOW: _bow, FIREBALL: _fireball, DAGGER: _dagger, BOMB: _bomb,
    LOVE_POTION: _love_potion, SNAKE: _snake, CRYSTAL: _crystal, DRINK: _drink,
}


# --- choices ------------------------------------------------------------------------------------
def gobblin_moves(state: SyfState) -> list[Move]:
    """Every move Gobblin Hands allows: any card in play but a Gobblin Hands (the Crown is not a
    card here), from any player to any other player. Identical cards in front of one player give
    one move."""
    moves = []
    living = state.in_game()
    for q in living:
        seen = set()
        for i, f in enumerate(state.fronts[q]):
            if f.card is GOBBLIN_HANDS or f in seen:
                continue
            seen.add(f)
            moves += [Move(q, i, d) for d in living if d != q]
    return moves


def hit_target(state: SyfState, action: Target, events: Events) -> None:
    """A Bow's or a Fireball's target takes 1 damage."""
    front, seat = _resolve(state)
    hurt(state, action.seat, 1, front.card, seat, events)
    _after_choice(state, events)


def gobble(state: SyfState, action: Action, events: Events) -> None:
    front, seat = _resolve(state)
    if isinstance(action, Move):
        moved = state.fronts[action.source].pop(action.index)
        state.fronts[action.dest].append(moved)
        events.append(Moved((moved.card,), action.source, action.dest))
    else:
        events.append(Activated(seat, front.card, "moves nothing"))
    _after_choice(state, events)


def _resolve(state: SyfState) -> tuple[Front, int]:
    front = state.active
    state.active = None
    state.discard.append(front.card)
    return front, state.turn


def _after_choice(state: SyfState, events: Events) -> None:
    if state.phase == ACTIVATING:
        next_card(state, events)


# --- damage, elimination, the win ---------------------------------------------------------------
def hurt(state: SyfState, seat: int, amount: int, card: SyfCard | None, by: int, events: Events,
         blockable: bool = True) -> None:
    """`seat` takes `amount` damage from `card`; a Shield in front of them takes it instead,
    unless the damage is a Battle Ax's or the royal penalty (`blockable=False`)."""
    if state.out[seat]:
        return
    fronts = state.fronts[seat]
    if blockable:
        shield = next((i for i, f in enumerate(fronts) if f.card is SHIELD), None)
        if shield is not None:
            state.discard.append(fronts.pop(shield).card)
            events.append(Blocked(seat, card))
            return
    lost = min(amount, state.lives[seat])  # what it cost them (a 2-damage Ax on a last life: 1)
    state.lives[seat] -= lost
    events.append(Hurt(seat, lost, card, by, state.lives[seat]))
    if state.lives[seat] == 0:
        eliminate(state, seat, events)


def eliminate(state: SyfState, seat: int, events: Events) -> None:
    """Out at once: the hand and every card in front go to the discard pile. One player left
    wins at once, whatever is still to activate."""
    state.out[seat] = True
    state.eliminations.append(seat)
    if state.active is not None and state.turn == seat:  # out while choosing (the house rule)
        state.discard.append(state.active.card)
        state.active = None
    state.discard += state.hands[seat]
    state.discard += [f.card for f in state.fronts[seat]]
    state.hands[seat], state.fronts[seat] = [], []
    events.append(Eliminated(seat))
    living = state.in_game()
    if len(living) == 1:
        finish(state, living, "last-standing", events)


def finish(state: SyfState, winners: list[int], how: str, events: Events) -> None:
    if state.active is not None:
        state.discard.append(state.active.card)
        state.active = None
    state.phase, state.winners, state.how = OVER, winners, how
    state.queue, state.at = [], NOWHERE
    events.append(GameWon(tuple(winners), how))


# --- the end of a round -------------------------------------------------------------------------
def end_round(state: SyfState, events: Events) -> None:
    """Unused Shields are discarded, the cards that stay are ready to activate again, and the
    Crown passes to the next player on the left."""
    for q, fronts in enumerate(state.fronts):
        shields = tuple(f.card for f in fronts if f.card is SHIELD)
        if shields:
            state.discard += shields
            events.append(Discarded(q, shields, "the round is over"))
        state.fronts[q] = [f._replace(done=False) for f in fronts if f.card is not SHIELD]
    state.at = NOWHERE
    state.crown = left_of(state.out, state.crown)
    events.append(RoundEnded(state.round, state.crown))
    if state.round >= MAX_ROUNDS:
        living = state.in_game()
        most = max(state.lives[q] for q in living)
        finish(state, [q for q in living if state.lives[q] == most], "round-limit", events)
        return
    state.round += 1
    start_round(state, events)


# --- the house rule -----------------------------------------------------------------------------
def call_out(state: SyfState, action: CallOut, events: Events) -> None:
    """The target loses a life (no Shield blocks it); the round then goes on without them if it
    was their last."""
    events.append(CalledOut(action.caller, action.target))
    state.called_out[action.caller] = True
    hurt(state, action.target, 1, None, action.caller, events, blockable=False)
    if state.phase == OVER or not state.out[action.target]:
        return
    if state.phase == DRAWING and state.turn == action.target:
        next_drawer(state, events)
    elif state.phase == PLAYING:
        next_player(state, events)
    elif state.phase == ACTIVATING and state.active is None:
        next_card(state, events)  # their cards are gone: the next card may lie elsewhere now
