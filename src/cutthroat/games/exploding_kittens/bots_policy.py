"""Exploding Kittens' `heuristic` bot: each legal action scored on the seat's `_Table` (how it
thinks: `bots.py`'s docstring), the reaction windows' Nopes, and the pending decisions (a target,
a card named, where a kitten goes back, a future's order, Garbage Collection's card).

A module of its own, between the evaluation it reads (`bots_table.py`) and the search glue that
uses it as its rollout policy and to narrow the root (`bots.py`).
"""

from __future__ import annotations

from typing import Sequence

from cutthroat.bots.policy import PolicyBot, best_scored, noisy_rollout, scoring
from cutthroat.engine.protocol import Action
from cutthroat.engine.seats import previous_seat
from cutthroat.games.exploding_kittens.cards import (
    ALTER, ALTER_NOW, ATTACK, BARKING, BOTTOM, BURY, CATOMIC, DEFUSE, EXPLODING, GARBAGE,
    IMPLODING, MARK, NOPE, PERSONAL, REVERSE, SEE3, SEE5, SHARE, SHUFFLE, SKIP, STREAKING,
    SUPER_SKIP, SWAP, TAKE_THAT, TARGETED, EkCard,
)
from cutthroat.games.exploding_kittens.actions import BARK2, FIVE, PAIR, TRIPLE, combo_kind
from cutthroat.games.exploding_kittens.state import GC, NAME, REINSERT, REORDER, TAKE, TARGET, WINDOW, order
from cutthroat.games.exploding_kittens.bots_table import keep, LIFE, ESCAPES, _Table


ATTACK_BONUS = 6.0


#: Ending the turn with a kitten we know of on top: the next player meets it.
LEAVE_BONUS = 8.0


#: Reinsert a kitten at the n-th draw of an opponent (0: the very next one).
REINSERT_SKIP = 0


# --- scoring ----------------------------------------------------------------------------------
def _main_score(t: _Table, action: Action) -> float:
    kind = action.kind
    ctx = t._ctx
    if ctx is None:
        r0 = t.risk_at(0)
        rp = t.p_exp() * t.explode_cost()  # risk of a later unknown draw
        ctx = t._ctx = (r0, rp, t.card_at(0) is not None and r0 > 0, {})
    r0, rp, known_deadly, gains = ctx
    owed = t.owed
    total = r0 + (owed - 1) * rp  # drawing all owed turns
    draw = -total
    if kind == "draw":
        return draw + 1.0  # a card in hand; ties go to drawing
    if kind == "combo":
        cards = action.cards
        what = combo_kind(cards)
        gain = gains.get(what)
        if gain is None:
            gain = gains[what] = _combo_gain(t, what)
        return draw + gain - sum(keep(c) for c in cards)
    card = action.card
    cost = keep(card)
    # Ending the turn with a known kitten on top leaves it for the next player.
    leave = LEAVE_BONUS if known_deadly else 0.0
    if card in (SKIP, REVERSE):
        left = r0 if (owed > 1 and known_deadly) else 0.0
        return -left - (owed - 1) * rp - cost + (leave if owed == 1 else 0.0)
    if card is SUPER_SKIP:
        return -cost + (0.0 if owed > 1 else -2.0) + leave
    if card is ATTACK or card is TARGETED:
        victim = t.next_seat(t.seat)
        bonus = ATTACK_BONUS + 2.0 * t.weakness(victim)
        return -cost + bonus + leave
    if card is BURY:
        left = (owed - 1) * rp
        return -left - cost + leave + 0.5  # we put the kitten back where we like
    if card is BOTTOM:
        return -t.risk_at(0, bottom=True) - (owed - 1) * rp - cost + 1.0 + (
            leave if owed == 1 else 0.0)
    if card is CATOMIC:
        exp_left = t.exp_unknown + sum(1 for k in t.known if k is EXPLODING)
        if owed > 1:
            return -LIFE - cost
        return -cost + (8.0 + 2.0 * t.weakness(t.next_seat(t.seat)) if exp_left else 0.0)
    if card in (SHUFFLE, GARBAGE):
        if t.size == 0:
            return draw - cost - 5
        after = t.exp_unknown + sum(1 for k in t.known if k is EXPLODING)
        after = after / t.size * t.explode_cost()
        gain = max(0.0, r0 - after) + (owed - 1) * 0.0
        return -r0 + gain - (owed - 1) * rp - cost - (3.0 if card is GARBAGE else 0.0)
    if card is SWAP:
        if known_deadly and t.card_at(t.size - 1) is not EXPLODING:
            return -t.risk_at(0, bottom=True) - (owed - 1) * rp - cost
        return draw - cost - 1.0
    if card in (SEE3, SEE5, ALTER, ALTER_NOW, SHARE):
        k = 5 if card is SEE5 else 3
        unknown = sum(1 for d in range(min(k, owed + 1, t.size)) if t.card_at(d) is None)
        if not unknown or t.size == 0:
            if card in (ALTER, ALTER_NOW, SHARE) and known_deadly:
                return draw + 0.9 * r0 - cost
            return draw - cost - 1.0
        later = (owed - 1) * rp
        if card in (ALTER, ALTER_NOW, SHARE):  # we'll move a kitten out of our way
            return -later - cost + 0.5
        escapes = [keep(c) for c in t.hand if c in ESCAPES or c is SHUFFLE or c is SWAP]
        if not escapes:
            return draw + 0.15 * total - cost + 0.5
        # Knowing, we spend our cheapest escape only if the kitten is there.
        cost_top = t.explode_cost()
        p_top = r0 / cost_top if cost_top else 0.0
        return -later - p_top * max(min(escapes) - LEAVE_BONUS, 0.0) - cost + 0.5
    if card is MARK:
        return draw + 1.5 - cost
    if card is TAKE_THAT:
        victim = t.next_seat(t.seat)
        p = t.p_exp()
        return draw + 3.0 - p * t.explode_cost() * 0.5 - (2.0 if t.itt[victim] >= 0 else 0) - cost
    if card is PERSONAL:
        return draw - 2 * rp - 15.0
    if card is BARKING:
        return draw + _bark_gain(t)
    return draw - cost


def _combo_gain(t: _Table, what: str | None) -> float:
    opp = t.opponents()
    if what == PAIR:
        best = max((_steal_value(t, q) for q in opp if t.counts[q]), default=0.0)
        return best + 2.0
    if what == TRIPLE:
        return max(_name_pick(t, q)[1] for q in opp) + 2.0 if opp else 0.0
    if what == FIVE:
        return max((keep(c) for c in t.discard if c not in (EXPLODING, IMPLODING)), default=0.0)
    return 0.0


def _steal_value(t: _Table, q: int) -> float:
    k = t.counts[q]
    if not k:
        return 0.0
    marked = t.marked[q]
    known = sum(keep(c) for c in marked)
    return (known + (k - len(marked)) * 8.0) / k + 2.0 * t.weakness(q)


def _name_pick(t: _Table, q: int) -> tuple[EkCard, float]:
    """The card to name against q and what we expect to get."""
    if t.marked[q]:
        best = max(t.marked[q], key=keep)
        return best, keep(best)
    unseen = t.unseen()
    total = sum(v for v in unseen.values() if v > 0) or 1
    hand_q = t.counts[q]
    best, value = DEFUSE, 0.0
    for c, k in unseen.items():
        if k <= 0 or c in (EXPLODING, IMPLODING):
            continue
        p = min(1.0, k * hand_q / total)
        v = p * keep(c)
        if v > value:
            best, value = c, v
    return best, value


def _bark_gain(t: _Table) -> float:
    me = t.seat
    if t.barking[me] or t.hand.count(BARKING) >= 2:
        return 10.0  # both: on anyone we like
    if any(t.barking[q] for q in t.opponents()):
        return 12.0  # the other one lies face up in front of someone
    gone = (list(t.discard) + list(t.limbo)).count(BARKING)
    if gone:
        return -1.0
    unseen = t.unseen()
    total = sum(v for v in unseen.values() if v > 0) or 1
    in_hands = sum(t.counts[q] - len(t.marked[q]) for q in t.opponents())
    p_hand = min(1.0, in_hands / total)
    return 8.0 * p_hand - 1.0


# --- windows: Nope what hurts, Nope back what helps ----------------------------------------------
def _harm(t: _Table, f) -> float:
    """Points this seat loses if the play in window `f` resolves (negative: it gains)."""
    me, who, w = t.seat, f.seat, f.what
    if who == me:  # our own play: losing it costs what we played it for
        if w in ("ATTACK", "TARGETED", "SUPER", "SKIP", "REVERSE", "BURY", "BOTTOM", "BOMB"):
            return -(t.risk_at(0) + 6.0)
        if w in (PAIR, TRIPLE, FIVE):
            return -5.0
        return -1.0
    victim_next = t.next_seat(who) == me
    if w == "ATTACK" and victim_next or w == "TARGETED" and f.target == me:
        owe = (t.owed if t.turn == who and _attacked(t) else 0) + 2
        return 6.0 + owe * (t.p_exp() * t.explode_cost() + 2.0)
    if w == PAIR and f.target == me:
        hand = t.hand
        return 3.0 + 60.0 * hand.count(DEFUSE) / max(1, len(hand))
    if w == TRIPLE and f.target == me:
        return keep(f.named) if f.named in t.hand else 0.0
    if w == "BOMB" and victim_next and t.owed <= 1:
        return 30.0
    if w == FIVE:
        return 6.0 if DEFUSE in t.discard else 1.0
    if w in ("SKIP", "REVERSE", "SUPER", "BURY", "BOTTOM", "SHUFFLE", "SWAP") and t.turn == who:
        top = t.card_at(0)
        if top is EXPLODING or (top is IMPLODING and t.risk_at(0) >= LIFE):
            # They dodge a kitten we know of; if we are next it comes to us.
            nxt = t.next_seat(who) if w != "REVERSE" else previous_seat(t, who)
            return 40.0 if nxt == me and t.owed <= 1 else 8.0
    if w == "TAKE" and f.target == me:
        return 3.0
    if w == "MARK" and f.target == me:
        return 0.5
    return 0.0


def _attacked(t: _Table) -> bool:
    v = t._view if t._view is not None else t._state
    return bool(v.attacked)


def _window_score(t: _Table, action: Action) -> float:
    f = t.frame
    kind = action.kind
    harm = _harm(t, f)
    happens = f.nopes % 2 == 0
    if kind == "pass":
        return 0.0
    if kind == "nope":
        value = harm if happens else -harm  # a Nope flips whether it happens
        return value - keep(NOPE)
    if kind == "alter_now":
        # Out of turn only when the player to move is us and we fear the top (rare), or to
        # rescue ourselves from a kitten we know is coming.
        if t.turn == t.seat and t.card_at(0) is not None and t.risk_at(0) > 0:
            return t.risk_at(0) * 0.9 - keep(ALTER_NOW)
        return -keep(ALTER_NOW)
    return -1.0


# --- pending decisions ---------------------------------------------------------------------------
def _target_score(t: _Table, action: Action) -> float:
    f = t.frame
    q = action.player
    w = f.what
    if w == "TARGETED" or w == BARK2:
        return t.weakness(q) + (0.5 if q == t.next_seat(t.seat) else 0.0)
    if w == "MARK":
        return t.counts[q] - len(t.marked[q])
    if w == "TAKE":
        return 2.0 if q == t.next_seat(t.seat) else -0.1 * t.counts[q]
    if w == PAIR:
        return _steal_value(t, q)
    if w == TRIPLE:
        return _name_pick(t, q)[1]
    return 0.0


def _name_choice(t: _Table, legal: Sequence[Action]) -> Action:
    card, _ = _name_pick(t, t.frame.target)
    for a in legal:
        if a.card is card:
            return a
    return max(legal, key=lambda a: keep(a.card) if a.card not in (EXPLODING, IMPLODING) else -1)


def _deadly(card: EkCard | None, up: bool) -> bool:
    return card is EXPLODING or (card is IMPLODING and up)


def _reinsert_choice(t: _Table, legal: Sequence[Action]) -> Action:
    f = t.frame
    card = f.cards[0]
    up = f.face_up
    ends = f.ends_turn
    size = t.size
    if _deadly(card, up) or card is IMPLODING:
        # Where the next opponent draws it, if everyone just draws.
        drawers = t.drawers(size + 1, after_end=ends and t.turn == t.seat)
        theirs = [d for d, q in enumerate(drawers) if q != t.seat]
        depth = theirs[min(REINSERT_SKIP, len(theirs) - 1)] if theirs else size
        return _depth(legal, min(depth, size))
    if f.buried:
        mine = t.drawers(1, after_end=ends)
        if keep(card) >= 9 and mine and mine[0] == t.seat:
            return _depth(legal, 0)
    return _depth(legal, size)  # anything else: out of everyone's way


def _depth(legal: Sequence[Action], depth: int) -> Action:
    for a in legal:
        if a.depth == depth:
            return a
    return legal[-1]


def _reorder_choice(t: _Table, legal: Sequence[Action]) -> Action:
    k = t.frame.data
    top = [t.card_at(d) for d in range(k)]
    ups = [t.size - 1 - d >= 0 and t.card_at(d) is IMPLODING and t.risk_at(d) >= LIFE
           for d in range(k)]
    drawers = t.drawers(k)
    cost = t.explode_cost()
    best, best_score = legal[0], float("-inf")
    for a in legal:
        s = 0.0
        for d, i in enumerate(a.order):
            c, u = top[i], ups[i]
            mine = drawers[d] == t.seat if d < len(drawers) else False
            if _deadly(c, u):
                if mine:
                    s -= (LIFE if c is IMPLODING else cost) * (0.9 ** d)
                else:
                    s += 10.0 * (0.8 ** d)
            elif c is not None and mine:
                s += 0.2 * keep(c)
        if s > best_score:
            best, best_score = a, s
    return best


def _gc_choice(t: _Table, legal: Sequence[Action]) -> Action:
    hand = t.hand
    def price(a):
        c = a.card
        v = keep(c)
        if c is STREAKING and EXPLODING in hand:
            v = 200.0  # would explode the held kitten
        return v
    return min(legal, key=price)


def best_action(t: _Table, legal: Sequence[Action]) -> Action:
    f = t.frame
    if f is None:
        score = _main_score
    else:
        kind = f.kind
        if kind == WINDOW:
            score = _window_score
        elif kind == TARGET:
            score = _target_score
        elif kind == NAME:
            return _name_choice(t, legal)
        elif kind == REINSERT:
            return _reinsert_choice(t, legal)
        elif kind == REORDER:
            return _reorder_choice(t, legal)
        elif kind == GC:
            return _gc_choice(t, legal)
        elif kind == TAKE:
            return max(legal, key=lambda a: keep(a.card))
        else:  # pragma: no cover
            return legal[0]
    return best_scored(score, t, legal)


class HeuristicBot(PolicyBot):
    """Counts kittens against the pile; keeps its Defuses; escapes a known (or likely) kitten on
    top with Skip/Attack/Bury/…, looks ahead with See/Alter the Future when the risk is real;
    steals with cat combos; puts defused kittens back for the next player; Nopes what hurts it."""

    read = staticmethod(_Table.of_view)
    policy = staticmethod(scoring(best_action))
    lone_move_unread = True


#: The heuristic on a determinized state (reading only what `seat` knows of the pile), with a
#: little noise so playouts differ.
heuristic_rollout = noisy_rollout(_Table.of_state, best_action, 0.05)
