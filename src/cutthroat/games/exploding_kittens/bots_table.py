"""Exploding Kittens bots' evaluation: what a seat knows of the pile and what each card and each
draw is worth, in points (100 = the seat's own life).

`_Table` is the one reading the bots use, built from a seat's view (`of_view`) or, in the search
bot's playouts, from a full state read as that seat (`of_state`); on it the risk of a draw at any
depth, the cost of exploding, the opponents in drawing order. A module of its own so the policy
(`bots_policy.py`) and the search glue (`bots.py`) read as what they decide, not how they count.
"""

from __future__ import annotations

from collections import Counter

from cutthroat.bots.policy import seat_reading
from cutthroat.engine.seats import next_seat
from cutthroat.games.exploding_kittens.cards import (
    ALTER, ALTER_NOW, ATTACK, BARKING, BOTTOM, BURY, CATOMIC, DEFUSE, EXPLODING, FERAL, GARBAGE,
    IMPLODING, MARK, NOPE, PERSONAL, REVERSE, SEE3, SEE5, SHARE, SHUFFLE, SKIP, STREAKING,
    SUPER_SKIP, SWAP, TAKE_THAT, TARGETED, EkCard,
)
from cutthroat.games.exploding_kittens.knowledge import full_deck, unseen_cards
from cutthroat.games.exploding_kittens.state import order


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
        t = seat_reading(cls, state, seat)
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
    next_seat = next_seat  # (the next seat still in after p)

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
