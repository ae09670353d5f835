"""Exploding Kittens effects: the pieces of `apply`, each changing a state and appending events.

`apply(state, action, p)` is the whole move, for an action already known to be legal for seat
`p` (the rules check first; search playouts don't). The draw pile's own pieces are in `pile`.
"""

from __future__ import annotations

from cutthroat.engine.protocol import Event, IllegalAction
from cutthroat.engine.seats import next_seat
from cutthroat.games.exploding_kittens import pile as piles
from cutthroat.games.exploding_kittens.actions import BARK2, FIVE, PAIR, TRIPLE, combo_kind
from cutthroat.games.exploding_kittens.cards import (
    ALTER_NOW,
    BARKING,
    DEFUSE,
    EXPLODING,
    IMPLODING,
    NOPE,
    STREAKING,
    TAKE_THAT,
    TARGETED_CARDS,
    EkCard,
)
from cutthroat.games.exploding_kittens.events import (
    Attacked,
    Barked,
    CardNamed,
    Defused,
    Drew,
    Eliminated,
    Exploding,
    GameWon,
    Given,
    Handed,
    HeldKitten,
    Marked,
    Noped,
    Played,
    PutIntoPile,
    Reinserted,
    Resolved,
    Reversed,
    Stolen,
    TakeThatPlaced,
    TargetChosen,
    TookFromDiscard,
    TopBottomSwapped,
    TurnEnded,
    TurnStarted,
)
from cutthroat.games.exploding_kittens.state import (
    GC,
    NAME,
    OVER,
    PLAY,
    REINSERT,
    REORDER,
    TAKE,
    TARGET,
    WINDOW,
    EkState,
    Frame,
    order,
    reinsert_flags,
    to_act,
)

#: Decision (ours): a game this long is stopped and the players still in share the win. Card
#: flow makes every game finite; this is only a guard for the tests and the simulator.
MAX_ACTIONS = 20_000


def _bit(q: int) -> int:
    return 1 << q


# --- the moves, one per action kind ---------------------------------------------------------------
def apply(state: EkState, action, p: int) -> list[Event]:
    """Apply `action` (legal for seat `p`) and return its events."""
    events: list[Event] = []
    state.actions += 1
    move = _MOVES.get(action.kind)
    if move is None:  # pragma: no cover - the rules' check refuses unknown actions
        raise IllegalAction(f"Unknown action {action.kind!r}")
    move(state, action, p, events)
    if state.phase == PLAY and state.actions >= MAX_ACTIONS:
        win(state, state.in_game(), "stalemate", events)
    return events


def _draw(state: EkState, action, p: int, events: list[Event]) -> None:
    draw(state, p, False, events)


def _play(state: EkState, action, p: int, events: list[Event]) -> None:
    play(state, p, action.card, events)


def _combo(state: EkState, action, p: int, events: list[Event]) -> None:
    cards = tuple(action.cards)
    for c in cards:
        remove_played(state, p, c)
    state.discard.extend(cards)
    what = combo_kind(cards)
    events.append(Played(p, cards, what))
    state.stack.append(Frame(TARGET if what != FIVE else WINDOW, p, what, cards))


def _target(state: EkState, action, p: int, events: list[Event]) -> None:
    f = state.stack.pop()
    q = action.player
    events.append(TargetChosen(p, f.what, q))
    if f.what == TRIPLE:
        state.stack.append(f._replace(kind=NAME, target=q))
    elif f.what == BARK2:
        events.append(Barked(p, q))
        explode(state, q, None, False, "barking", events)
    else:
        state.stack.append(f._replace(kind=WINDOW, target=q))


def _name(state: EkState, action, p: int, events: list[Event]) -> None:
    f = state.stack.pop()
    events.append(CardNamed(p, action.card))
    state.stack.append(f._replace(kind=WINDOW, named=action.card))


def _pass(state: EkState, action, p: int, events: list[Event]) -> None:
    f = state.stack[-1]
    state.stack[-1] = f._replace(mask=f.mask | _bit(p))
    window_progress(state, events)


def _nope(state: EkState, action, p: int, events: list[Event]) -> None:
    remove_played(state, p, NOPE)
    state.discard.append(NOPE)
    f = state.stack[-1]
    state.stack[-1] = f._replace(nopes=f.nopes + 1, last=p, mask=0)
    events.append(Noped(p, f.what, f.nopes + 1))
    window_progress(state, events)


def _alter_now(state: EkState, action, p: int, events: list[Event]) -> None:
    remove_played(state, p, ALTER_NOW)
    state.discard.append(ALTER_NOW)
    events.append(Played(p, (ALTER_NOW,), ALTER_NOW.code))
    state.stack.append(Frame(WINDOW, p, ALTER_NOW.code, (ALTER_NOW,)))


def _reorder(state: EkState, action, p: int, events: list[Event]) -> None:
    f = pop_frame(state)
    piles.reorder_top(state, f.seat, f.data, f.target, action.order, events)


def _reinsert(state: EkState, action, p: int, events: list[Event]) -> None:
    f = pop_frame(state)
    card = f.cards[0]
    up = f.face_up
    piles.insert(state, len(state.pile) - action.depth, card, up, f.seat)
    events.append(Reinserted(f.seat, card, action.depth, up))
    if f.ends_turn:
        end_turn(state, 1, "", events)


def _put_in(state: EkState, action, p: int, events: list[Event]) -> None:
    put_in(state, p, action.card, events)


def _take(state: EkState, action, p: int, events: list[Event]) -> None:
    pop_frame(state)
    d = state.discard
    del d[len(d) - 1 - d[::-1].index(action.card)]
    state.hands[p].append(action.card)
    events.append(TookFromDiscard(p, action.card))


_MOVES = {"draw": _draw, "play": _play, "combo": _combo, "target": _target, "name": _name,
          "pass": _pass, "nope": _nope, "alter_now": _alter_now, "reorder": _reorder,
          "reinsert": _reinsert, "put_in": _put_in, "take": _take}


# --- hands and the stack ------------------------------------------------------------------------
def remove_played(state: EkState, q: int, card: EkCard) -> None:
    """A card played (or spent) from hand: a marked copy goes first."""
    state.hands[q].remove(card)
    m = state.marked[q]
    if card in m:
        m.remove(card)


def remove_kept(state: EkState, q: int, card: EkCard) -> None:
    """A card given away or put into the pile: an unmarked copy goes first."""
    hand = state.hands[q]
    hand.remove(card)
    m = state.marked[q]
    if card in m and hand.count(card) < m.count(card):
        m.remove(card)


def pop_frame(state: EkState) -> Frame:
    """Pop the top frame; a window under it reopens for everyone."""
    f = state.stack.pop()
    if state.stack and state.stack[-1].kind == WINDOW:
        state.stack[-1] = state.stack[-1]._replace(mask=0)
    return f


# --- playing cards --------------------------------------------------------------------------------
def play(state: EkState, p: int, card: EkCard, events: list[Event]) -> None:
    if card is BARKING:
        bark(state, p, events)
        return
    remove_played(state, p, card)
    state.discard.append(card)
    events.append(Played(p, (card,), card.code))
    state.stack.append(Frame(TARGET if card in TARGETED_CARDS else WINDOW, p, card.code, (card,)))


def bark(state: EkState, p: int, events: list[Event]) -> None:
    hand = state.hands[p]
    if state.barking[p] or hand.count(BARKING) >= 2:
        remove_played(state, p, BARKING)
        if state.barking[p]:
            state.barking[p] = False
        else:
            remove_played(state, p, BARKING)
        state.limbo += [BARKING, BARKING]
        events.append(Played(p, (BARKING, BARKING), BARK2))
        state.stack.append(Frame(TARGET, p, BARK2, (BARKING, BARKING)))
        return
    remove_played(state, p, BARKING)
    events.append(Played(p, (BARKING,), BARKING.code))
    others = [q for q in order(state) if q != p]
    for q in others:
        if state.barking[q]:
            state.barking[q] = False
            state.limbo += [BARKING, BARKING]
            events.append(Barked(p, q))
            explode(state, q, None, False, "barking", events)
            return
    for q in others:
        if BARKING in state.hands[q]:
            remove_played(state, q, BARKING)
            state.limbo += [BARKING, BARKING]
            events.append(Barked(p, q))
            explode(state, q, None, False, "barking", events)
            return
    state.barking[p] = True
    events.append(Barked(p, -1))


def window_progress(state: EkState, events: list[Event]) -> None:
    """Once everyone has answered, the window closes: an odd number of Nopes cancels."""
    if to_act(state):
        return
    f = pop_frame(state)
    cancelled = f.nopes % 2 == 1
    events.append(Resolved(f.seat, f.what, cancelled))
    if not cancelled:
        resolve(state, f, events)


def resolve(state: EkState, f: Frame, events: list[Event]) -> None:
    """What the card (or combo) in the closed window `f` does."""
    p, w = f.seat, f.what
    pile = state.pile
    if w in ("SEE3", "SEE5"):
        piles.peek(state, p, 3 if w == "SEE3" else 5, events)
    elif w in ("ALTER", "NOW", "SHARE"):
        k = piles.peek(state, p, 3, events)
        to = next_seat(state, p) if w == "SHARE" else -1
        if k >= 2:
            state.stack.append(Frame(REORDER, p, w, target=to, data=k))
        else:
            piles.show_top(state, p, k, to, events)
    elif w == "MARK":
        mark(state, p, f.target, events)
    elif w == "SHUFFLE":
        piles.shuffle(state, events)
    elif w == "GARBAGE":
        bits = 0
        for q in order(state):
            if state.hands[q]:
                bits |= _bit(q)
        if bits:
            state.stack.append(Frame(GC, p, w, (None,) * state.n, mask=bits, data=bits))
        else:
            piles.shuffle(state, events)
    elif w == "SWAP":
        piles.swap_ends(state)
        events.append(TopBottomSwapped(p))
    elif w == "BOTTOM":
        draw(state, p, True, events)
    elif w == "ATTACK":
        attack(state, p, next_seat(state, p), events)
    elif w == "TARGETED":
        attack(state, p, f.target, events)
    elif w == "PERSONAL":
        state.owed += 2
        state.attacked = True
        events.append(Attacked(p, p, state.owed))
    elif w == "SKIP":
        end_turn(state, 1, w, events)
    elif w == "SUPER":
        end_turn(state, state.owed, w, events)
    elif w == "REVERSE":
        state.direction = -state.direction
        events.append(Reversed(state.direction))
        end_turn(state, 1, w, events)
    elif w == "TAKE":
        t = f.target
        if state.itt[t] < 0:
            d = state.discard
            del d[len(d) - 1 - d[::-1].index(TAKE_THAT)]
            state.itt[t] = p
            events.append(TakeThatPlaced(p, t))
    elif w == "BOMB":
        piles.catomic(state, p, events)
        end_turn(state, 1, w, events)
    elif w == "BURY":
        if not pile:
            end_turn(state, 1, w, events)
            return
        card, up = piles.pop_pile(state, False)
        events.append(Drew(p, card, "bury", up))
        state.stack.append(Frame(REINSERT, p, w, (card,), data=reinsert_flags(up, ends_turn=True, buried=True)))
    elif w == PAIR:
        steal(state, p, f.target, events)
    elif w == TRIPLE:
        give(state, f.target, p, f.named, events)
    elif w == FIVE:
        if any(c not in (EXPLODING, IMPLODING) for c in state.discard):
            state.stack.append(Frame(TAKE, p, w))


# --- turns ------------------------------------------------------------------------------------------
def end_turn(state: EkState, count: int, how: str, events: list[Event]) -> None:
    """The player to move ends `count` of their owed turns (`how`: the card, "" for a draw)."""
    p = state.turn
    state.owed -= count
    if state.limbo:
        state.discard += state.limbo
        state.limbo = []
    if how:
        events.append(TurnEnded(p, how, max(state.owed, 0)))
    if state.owed > 0:
        events.append(TurnStarted(p, state.owed))
        return
    start_turn(state, next_seat(state, p), 1, False, events)


def start_turn(state: EkState, q: int, owed: int, attacked: bool, events: list[Event]) -> None:
    if state.limbo:
        state.discard += state.limbo
        state.limbo = []
    state.turn = q
    state.owed = owed
    state.attacked = attacked
    events.append(TurnStarted(q, owed))


def attack(state: EkState, p: int, target: int, events: list[Event]) -> None:
    owed = (state.owed if state.attacked else 0) + 2
    events.append(Attacked(p, target, owed))
    start_turn(state, target, owed, True, events)


def win(state: EkState, winners: list[int], how: str, events: list[Event]) -> None:
    state.phase = OVER
    state.winners = list(winners)
    state.stack = []
    if state.limbo:
        state.discard += state.limbo
        state.limbo = []
    events.append(GameWon(tuple(winners), how))


# --- drawing and kittens -------------------------------------------------------------------------
def draw(state: EkState, p: int, bottom: bool, events: list[Event]) -> None:
    where = "bottom" if bottom else "top"
    if not state.pile:  # never with the kitten checks; kept for safety
        events.append(Drew(p, None, where, True))
        end_turn(state, 1, "", events)
        return
    card, up = piles.pop_pile(state, bottom)
    owner = state.itt[p]
    if owner >= 0:
        state.itt[p] = -1
        state.discard.append(TAKE_THAT)
    if card is IMPLODING:
        events.append(Drew(p, card, where, True))
        if up:
            eliminate(state, p, [card], "imploded", events)
        else:
            state.stack.append(Frame(REINSERT, p, card.code, (card,), data=reinsert_flags(up=True, ends_turn=True)))
        return
    if owner >= 0:
        shown = card is EXPLODING
        events.append(Handed(p, owner, card, shown))
        if shown:
            explode(state, owner, card, True, "handed", events)
        else:
            state.hands[owner].append(card)
            end_turn(state, 1, "", events)
        return
    hand = state.hands[p]
    if card is EXPLODING:
        if hand.count(EXPLODING) < hand.count(STREAKING):
            hand.append(card)
            events.append(Drew(p, card, where, False))
            events.append(HeldKitten(p))
            end_turn(state, 1, "", events)
            return
        events.append(Drew(p, card, where, True))
        explode(state, p, card, True, "drew", events)
        return
    hand.append(card)
    events.append(Drew(p, card, where, False))
    end_turn(state, 1, "", events)


def explode(state: EkState, q: int, kitten: EkCard | None, end: bool, cause: str, events: list[Event]) -> None:
    """`q` must Defuse or explode. With a kitten card a Defuse lets them put it back;
    `end`: the draw that caused it ends the turn of the player to move afterwards."""
    events.append(Exploding(q, cause))
    if DEFUSE in state.hands[q]:
        remove_played(state, q, DEFUSE)
        state.discard.append(DEFUSE)
        events.append(Defused(q))
        if kitten is not None:
            state.stack.append(Frame(REINSERT, q, kitten.code, (kitten,), data=reinsert_flags(ends_turn=end)))
        elif end:
            end_turn(state, 1, "", events)
        return
    was_turn = q == state.turn
    eliminate(state, q, [kitten] if kitten is not None else [],
              "barked" if cause == "barking" else "exploded", events)
    if state.phase == PLAY and end and not was_turn:
        end_turn(state, 1, "", events)


def check_streaking(state: EkState, q: int, events: list[Event]) -> None:
    """After `q` lost a card: a held Exploding Kitten without its Streaking Kitten explodes."""
    hand = state.hands[q]
    if state.phase == PLAY and not state.out[q] and hand.count(EXPLODING) > hand.count(STREAKING):
        remove_kept(state, q, EXPLODING)
        explode(state, q, EXPLODING, False, "streaking", events)


def eliminate(state: EkState, q: int, extra: list[EkCard], how: str, events: list[Event]) -> None:
    state.out[q] = True
    state.eliminations.append(q)
    # The seed: "Discard all of your cards, including the Exploding Kitten" — a kitten held under
    # a Streaking Kitten too (a recipe with one has a kitten for every player, so none runs short).
    state.discard += state.hands[q] + extra
    state.hands[q] = []
    state.marked[q] = []
    if state.itt[q] >= 0:
        state.itt[q] = -1
        state.discard.append(TAKE_THAT)
    for x in range(state.n):
        if state.itt[x] == q:
            state.itt[x] = -1
            state.discard.append(TAKE_THAT)
    if state.barking[q]:
        state.barking[q] = False
        state.discard.append(BARKING)
    events.append(Eliminated(q, how))
    alive = state.in_game()
    if len(alive) == 1:
        win(state, alive, "last-standing", events)
        return
    if q == state.turn:
        start_turn(state, next_seat(state, q), 1, False, events)


# --- card effects on players ----------------------------------------------------------------------
def mark(state: EkState, p: int, t: int, events: list[Event]) -> None:
    pool = list(state.hands[t])
    for c in state.marked[t]:
        pool.remove(c)
    if not pool:
        events.append(Marked(p, t, None))
        return
    card = pool[state.rng.randbelow(len(pool))]
    state.marked[t].append(card)
    events.append(Marked(p, t, card))


def steal(state: EkState, p: int, t: int, events: list[Event]) -> None:
    hand = state.hands[t]
    if not hand:
        events.append(Stolen(p, t, None, True))
        return
    i = state.rng.randbelow(len(hand))
    card = hand[i]
    was_marked = hand[:i].count(card) < state.marked[t].count(card)
    del hand[i]
    if was_marked:
        state.marked[t].remove(card)
    events.append(Stolen(p, t, card, was_marked or card is EXPLODING))
    receive(state, p, card, "stolen", events)
    if card is STREAKING:
        check_streaking(state, t, events)


def give(state: EkState, t: int, p: int, named: EkCard, events: list[Event]) -> None:
    if named not in state.hands[t]:
        events.append(Given(t, p, named, False))
        return
    remove_kept(state, t, named)
    events.append(Given(t, p, named, True))
    receive(state, p, named, "given", events)
    if named is STREAKING:
        check_streaking(state, t, events)


def receive(state: EkState, p: int, card: EkCard, cause: str, events: list[Event]) -> None:
    if card is EXPLODING:
        explode(state, p, card, False, cause, events)
    else:
        state.hands[p].append(card)


def put_in(state: EkState, q: int, card: EkCard, events: list[Event]) -> None:
    """Garbage Collection: `q`'s card goes in; once everyone has chosen, in they go and shuffle."""
    remove_kept(state, q, card)
    f = state.stack[-1]
    chosen = list(f.cards)
    chosen[q] = card
    f = f._replace(cards=tuple(chosen), mask=f.mask & ~_bit(q))
    state.stack[-1] = f
    events.append(PutIntoPile(q, card))
    if f.mask:
        return
    pop_frame(state)
    piles.add_face_down(state, [c for c in chosen if c is not None])
    piles.shuffle(state, events)
    for x in order(state):
        if f.data >> x & 1:
            check_streaking(state, x, events)
