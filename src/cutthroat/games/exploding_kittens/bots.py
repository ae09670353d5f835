"""Exploding Kittens bots: `heuristic` (scores each legal action) and `hard` (the search bot).

The heuristic reads only what its seat may see. It is written against a small "table" reading
(`_Table`) that both an `EkView` and a full state can give, so the same policy drives the search
bot's playouts on determinized states without building a view per move (on a state it reads only
what the seat knows of the pile: `seen[seat]`, face-up cards, and how many kittens are left).

How it thinks. Everything is priced in one currency: points, where 100 = the seat's own life.
- Risk of a draw = P(the card is an Exploding Kitten) × what that costs (a Defuse, or the game;
  nothing with a Streaking Kitten that has room) + P(a face-up Imploding Kitten) × the game.
  P comes from counting: kittens not yet seen against the unknown cards of the pile; a known card
  (own peek, own reinsert, public) is certain. Right after a Defuse by the player before it, it
  suspects the kitten was put on top for it.
- An action's score = −(risk left for this seat) + what it gains − what the card is worth kept.
  Drawing keeps every card; Skip/Attack/… remove the draw's risk but spend a card; See the Future
  and Alter turn a guess into knowledge; combos steal; Attacks and Catomic Bomb hurt the next
  player; Nope is spent on what hurts it (an attack on it, a steal of its Defuse, a play that
  would leave a known kitten for it) or to save its own escape.
- Decisions: kittens go back where the next opponent draws them, futures are reordered so its
  own draws are safe, the cheapest card goes to Garbage Collection, the best card is named/taken.

`hard` is the game-agnostic `SearchBot` (determinized playouts, the heuristic as rollout policy)
given four things from here: the candidates worth searching (the heuristic's best few; a
reinsert's handful of depths; none when the heuristic's best leads by far or a reaction window
doesn't concern it), a determinization that also puts a just-defused kitten on top as the
heuristic suspects, a win model that values a playout cut short after about a round of turns
(what each seat still in holds and where it sits), and a veto: it keeps the heuristic's choice
unless the paired playouts (every candidate on the same deals and dice) say another is better by
more than their noise.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from cutthroat.bots.search import SearchBot
from cutthroat.bots.win_model import WinModel
from cutthroat.engine.protocol import Action
from cutthroat.games.exploding_kittens.cards import (
    ALTER,
    ALTER_NOW,
    ATTACK,
    BARKING,
    BOTTOM,
    BURY,
    CATOMIC,
    DEFUSE,
    EXPLODING,
    FERAL,
    GARBAGE,
    IMPLODING,
    MARK,
    NOPE,
    PERSONAL,
    REVERSE,
    SEE3,
    SEE5,
    SHARE,
    SHUFFLE,
    SKIP,
    STREAKING,
    SUPER_SKIP,
    SWAP,
    TAKE_THAT,
    TARGETED,
    EkCard,
)
from cutthroat.games.exploding_kittens.actions import BARK2, FIVE, PAIR, TRIPLE, combo_kind
from cutthroat.games.exploding_kittens.knowledge import full_deck, unseen_cards
from cutthroat.games.exploding_kittens.state import GC, NAME, REINSERT, REORDER, TAKE, TARGET, WINDOW, order
from cutthroat.games.exploding_kittens.text import hint_reason

#: What a card is worth kept in hand, in points (100 = one's life).
KEEP: dict[EkCard, float] = {
    DEFUSE: 60.0, STREAKING: 30.0, NOPE: 10.0, SUPER_SKIP: 20.0, ATTACK: 25.0, TARGETED: 25.0,
    SKIP: 12.0, REVERSE: 11.0, BURY: 12.0, BOTTOM: 9.0, ALTER: 9.0, ALTER_NOW: 10.0, SHARE: 8.0,
    SEE3: 6.0, SEE5: 7.0, SHUFFLE: 7.0, SWAP: 6.0, CATOMIC: 10.0, TAKE_THAT: 3.0, MARK: 1.0,
    GARBAGE: 2.0, PERSONAL: 0.0, FERAL: 2.0, BARKING: 3.0, EXPLODING: 5.0, IMPLODING: 0.0,
}
CAT_KEEP = 1.0
#: A Defuse spent on a kitten, in points.
DEFUSE_COST = 40.0
LIFE = 100.0
#: P(top is a kitten) assumed right after the player before us defused one (they choose where).
SUSPECT = 0.9
#: Cards that end one owed turn without a draw from the top.
ESCAPES = frozenset({SKIP, REVERSE, SUPER_SKIP, ATTACK, TARGETED, BURY, BOTTOM, CATOMIC})
ATTACK_BONUS = 6.0
#: Ending the turn with a kitten we know of on top: the next player meets it.
LEAVE_BONUS = 8.0
#: Reinsert a kitten at the n-th draw of an opponent (0: the very next one).
REINSERT_SKIP = 0


def keep(card: EkCard) -> float:
    return KEEP.get(card, CAT_KEEP)


class _Table:
    """The facts the heuristic uses, read from a view (own seat) or from a state (any seat)."""

    __slots__ = ("n", "seat", "hand", "counts", "marked", "out", "turn", "direction", "owed",
                 "itt", "barking", "discard", "limbo", "frame", "size", "known",
                 "exp_unknown", "slots_unknown", "deck", "_unseen", "_view", "_state", "suspect",
                 "_cost", "_ctx")

    @classmethod
    def of_view(cls, view) -> "_Table":
        t = cls()
        t.n, t.seat, t.hand, t.counts = view.n, view.seat, view.hand, view.hand_counts
        t.marked, t.out, t.turn, t.direction = view.marked, view.out, view.turn, view.direction
        t.owed, t.itt, t.barking = view.owed, view.itt, view.barking
        t.discard, t.limbo, t.deck = view.discard, view.limbo, view.counts
        t.frame = view.stack[-1] if view.stack else None
        size = t.size = view.pile_count
        known: list[EkCard | None] = [None] * size  # bottom first, like the state's pile
        for depth, card in view.pile_known:
            known[size - 1 - depth] = card
        t.known = known
        t._view, t._state, t._unseen, t._cost, t._ctx = view, None, None, None, None
        unseen = t.unseen()
        t.exp_unknown = unseen[EXPLODING]
        hidden_up = view.face_up - len(view.up_known)  # face-up, place unknown: never on top
        t.slots_unknown = size - len(view.pile_known) - hidden_up
        t._suspect()
        return t

    @classmethod
    def of_state(cls, state, seat: int) -> "_Table":
        t = cls()
        t.n, t.seat, t.hand = state.n, seat, state.hands[seat]
        t.counts = [len(h) for h in state.hands]
        t.marked, t.out, t.turn, t.direction = state.marked, state.out, state.turn, state.direction
        t.owed, t.itt, t.barking = state.owed, state.itt, state.barking
        t.discard, t.limbo, t.deck = state.discard, state.limbo, state.counts
        t.frame = state.stack[-1] if state.stack else None
        pile, up = state.pile, state.up
        t.size = len(pile)
        seen = state.seen[seat]
        if pile and up[-1] and seen[-1] is None:
            seen = seen[:]
            seen[-1] = pile[-1]
        t.known = seen
        exp = slots = 0
        for c, k, u in zip(pile, seen, up):
            if k is None and not u:
                slots += 1
                if c is EXPLODING:
                    exp += 1
        t.exp_unknown, t.slots_unknown = exp, slots
        t._view, t._state, t._unseen, t._cost, t._ctx = None, state, None, None, None
        t._suspect()
        return t

    def _suspect(self) -> None:
        """The player before us just defused and put the kitten back: probably on top for us."""
        self.suspect = (self.frame is None and self.turn == self.seat and bool(self.discard)
                        and self.discard[-1] is DEFUSE and self.size > 0
                        and self.known[-1] is None and self.exp_unknown > 0)

    # -- counting ------------------------------------------------------------------------------
    def unseen(self) -> Counter:
        """Cards this seat can't locate (other hands, unknown pile cards, secret choices)."""
        if self._unseen is None:
            if self._view is not None:
                self._unseen = Counter(unseen_cards(self._view))
            else:  # on a state: the whole deck less what this seat can see
                c = full_deck(self._state)
                c.subtract(self.hand)
                c.subtract(self.discard)
                c.subtract(self.limbo)
                c.subtract(k for k in self.known if k is not None)
                for q, m in enumerate(self.marked):
                    if q != self.seat:
                        c.subtract(m)
                self._unseen = c
        return self._unseen

    def p_exp(self) -> float:
        """P(an unknown, face-down card of the pile is an Exploding Kitten)."""
        if self.slots_unknown <= 0:
            return 0.0
        return min(1.0, self.exp_unknown / self.slots_unknown)

    def card_at(self, depth: int) -> EkCard | None:
        """The card this seat knows at `depth` from the top (None: unknown or out of range)."""
        if 0 <= depth < self.size:
            return self.known[self.size - 1 - depth]
        return None

    def explode_cost(self) -> float:
        cost = self._cost
        if cost is None:
            hand = self.hand
            if STREAKING in hand and hand.count(STREAKING) > hand.count(EXPLODING):
                cost = 0.0
            else:
                cost = DEFUSE_COST if DEFUSE in hand else LIFE
            self._cost = cost
        return cost

    def risk_at(self, depth: int, bottom: bool = False) -> float:
        """Expected points lost drawing the card at `depth` from the top (or the bottom card)."""
        if self.size == 0:
            return 0.0
        i = 0 if bottom else self.size - 1 - depth
        if not 0 <= i < self.size:
            return 0.0
        card = self.known[i]
        if card is None:
            p = self.p_exp()
            if self.suspect and not bottom and depth == 0:
                p = max(p, SUSPECT)
            return p * self.explode_cost()
        if card is EXPLODING:
            return self.explode_cost()
        if card is IMPLODING and (self._is_up(i)):
            return LIFE
        return 0.0

    def _is_up(self, i: int) -> bool:
        if self._state is not None:
            return self._state.up[i]
        depth = self.size - 1 - i
        return depth in self._view.up_known

    # -- seats ---------------------------------------------------------------------------------
    def next_seat(self, p: int) -> int:
        q = p
        for _ in range(self.n):
            q = (q + self.direction) % self.n
            if not self.out[q]:
                return q
        return p

    def opponents(self) -> list[int]:
        return [q for q in range(self.n) if q != self.seat and not self.out[q]]

    def drawers(self, k: int, after_end: bool = False) -> list[int]:
        """Who draws the next `k` cards from the top if everybody just draws: the player to move
        its owed turns (one less if `after_end`: the current turn is ending), then one each."""
        out: list[int] = []
        p = self.turn
        owed = self.owed - (1 if after_end else 0)
        while len(out) < k:
            out += [p] * max(owed, 0)
            p = self.next_seat(p)
            owed = 1
        return out[:k]

    def weakness(self, q: int) -> float:
        """How likely q is to lack a Defuse: few cards, no marked Defuse."""
        w = 4.0 / (1 + self.counts[q])
        if DEFUSE in self.marked[q]:
            w -= 3.0
        return w


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
            nxt = t.next_seat(who) if w != "REVERSE" else _prev(t, who)
            return 40.0 if nxt == me and t.owed <= 1 else 8.0
    if w == "TAKE" and f.target == me:
        return 3.0
    if w == "MARK" and f.target == me:
        return 0.5
    return 0.0


def _attacked(t: _Table) -> bool:
    v = t._view if t._view is not None else t._state
    return bool(v.attacked)


def _prev(t: _Table, p: int) -> int:
    q = p
    for _ in range(t.n):
        q = (q - t.direction) % t.n
        if not t.out[q]:
            return q
    return p


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
    best, best_score = legal[0], float("-inf")
    for a in legal:
        s = score(t, a)
        if s > best_score:
            best, best_score = a, s
    return best


class HeuristicBot:
    """Counts kittens against the pile; keeps its Defuses; escapes a known (or likely) kitten on
    top with Skip/Attack/Bury/…, looks ahead with See/Alter the Future when the risk is real;
    steals with cat combos; puts defused kittens back for the next player; Nopes what hurts it."""

    level = "heuristic"

    def __init__(self, rules=None, seed: int = 0, think_ms: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return best_action(_Table.of_view(view), legal)


def heuristic_rollout(rules, state: Any, seat: int, legal: list, rng: random.Random) -> Action:
    """The heuristic on a determinized state (reading only what `seat` knows of the pile), with a
    little noise so playouts differ."""
    if rng.random() < 0.05:
        return legal[rng.randrange(len(legal))]
    return best_action(_Table.of_state(state, seat), legal)


def candidates(t: _Table, legal: Sequence[Action], limit: int = 4) -> list[Action]:
    """The few actions worth searching, the heuristic's choice first: the best-scored plays on
    the main turn, a handful of depths for a reinsert, the likeliest names, the cheapest
    Garbage Collection cards. Windows, targets and reorders are few: all of them."""
    first = best_action(t, legal)
    f = t.frame
    if f is None:
        scored = sorted(((_main_score(t, a), i) for i, a in enumerate(legal)), reverse=True)
        if len(scored) > 1 and scored[0][0] - scored[1][0] >= CLEAR_GAP:
            return [first]  # nothing else comes close
        ranked = [legal[i] for _, i in scored]
    elif f.kind == WINDOW and (_harm(t, f) if f.nopes % 2 == 0 else -_harm(t, f)) < 2.0 and not any(
            a.kind == "alter_now" for a in legal):
        return [first]  # nothing at stake for us: let it happen
    elif f.kind in (WINDOW, TARGET, REORDER):
        ranked = list(legal)
    elif f.kind == REINSERT:
        size = t.size
        depths = {first.depth, 0, 1, 2, 3, size // 2, size}
        ranked = [a for a in legal if a.depth in depths]
    elif f.kind == NAME:
        unseen = t.unseen()
        ranked = sorted(legal, key=lambda a: -max(unseen[a.card], 0) * keep(a.card))
    elif f.kind == GC:
        ranked = sorted(legal, key=lambda a: keep(a.card))
    else:
        ranked = sorted(legal, key=lambda a: -keep(a.card))
    out = [first] + [a for a in ranked if a != first]
    return out if f is not None and f.kind in (WINDOW, TARGET, REORDER, REINSERT) else out[:limit]


#: The search skips a main-turn decision whose best play leads the next by this many points.
CLEAR_GAP = 20.0


class _Knowing:
    """The rules as the search bot sees them: `determinize` also guesses what the seat infers
    but can't see (a kitten the player before it just defused is probably on top)."""

    def __init__(self, rules) -> None:
        self._rules = rules
        self.suspect = False

    def __getattr__(self, name):
        value = getattr(self._rules, name)
        setattr(self, name, value)  # found once: playouts call these a million times
        return value

    def determinize(self, view, rng):
        state = self._rules.determinize(view, rng)
        if self.suspect and rng.random() < SUSPECT:
            pile, seen = state.pile, state.seen[view.seat]
            if pile and pile[-1] is not EXPLODING:
                spots = [i for i, c in enumerate(pile) if c is EXPLODING and seen[i] is None
                         and not state.up[i]]
                if spots:
                    i = spots[rng.randrange(len(spots))]
                    pile[i], pile[-1] = pile[-1], pile[i]
        return state


#: A playout stops after this many moves (about one round of turns) and the position is valued
#: by the win model: a whole game is about 120 moves, so short playouts buy several times more
#: deals in a decision's budget (see the README).
PLAYOUT_MOVES = 15

WIN_FEATURES = ("Defuses", "holds a Defuse", "escapes", "Nopes", "other cards", "to move",
                "next to move")


def win_features(state, q: int, place: int) -> tuple:
    """What the win model weighs for seat q, `place` seats from the player to move."""
    defuses = escapes = nopes = 0
    hand = state.hands[q]
    for card in hand:
        if card is DEFUSE:
            defuses += 1
        elif card is NOPE:
            nopes += 1
        elif card in ESCAPES:
            escapes += 1
    return (defuses, defuses > 0, escapes, nopes, len(hand) - defuses - escapes - nopes,
            place == 0, place == 1)


#: Fitted to 9,190 positions of heuristic self-play (`benchmarks/win_model.py
#: exploding-kittens`); on held-out positions -1.022 nats a position against -1.247 for "all
#: equal".
WIN_MODEL = WinModel(WIN_FEATURES, win_features, order,
                     (0.861, 0.214, 0.434, 0.327, 0.232, 0.099, -0.144))


class HardBot(SearchBot):
    """The game-agnostic search bot (paired determinized playouts, the heuristic as the rollout
    policy) with three game-specific touches: it searches only the heuristic's few best
    candidates, its deals guess what the heuristic suspects, and its playouts stop after
    PLAYOUT_MOVES moves, valued by WIN_MODEL; it keeps the heuristic's choice unless the paired
    results say another is better by `confidence` standard errors."""

    def __init__(self, rules, seed: int = 0, think_ms: int | None = None, *,
                 rollout=heuristic_rollout, iterations: int | None = None, limit: int = 4,
                 confidence: float = 1.0, max_depth: int = PLAYOUT_MOVES, evaluate=WIN_MODEL.chance,
                 **kwargs) -> None:
        self.knowing = _Knowing(rules)
        super().__init__(self.knowing, seed, think_ms, rollout=rollout, iterations=iterations,
                         candidates=self._candidates, veto=confidence, max_depth=max_depth,
                         evaluate=evaluate, reason=hint_reason, **kwargs)
        self.limit = limit

    def _candidates(self, view, legal: list) -> list[Action]:
        table = _Table.of_view(view)
        self.knowing.suspect = table.suspect
        return candidates(table, legal, self.limit)


BOTS = {"heuristic": HeuristicBot, "hard": HardBot}
