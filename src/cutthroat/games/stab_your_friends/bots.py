"""Stab Your Friends bots: `heuristic` (scores each legal move) and `hard` (the search bot).

The heuristic is written against a small reading of the table (`_Table`) that a seat's view and
a full state both give, so the same policy drives the search bot's playouts on determinized
states without building a view per move. What it knows: every hand (the deck is face up), the
cards it placed itself, how many unknown cards others placed in front of whom.

How it plays: harmful cards (Dagger, Bomb, Battle Ax on a shielded player, Fireball) in front of
the weakest rival, to finish them; good cards (Shield, Love Potion, Bow, Gobblin Hands) in
front of itself; a Left Potion in front of itself when rivals have placed cards there; a Snake
on the strongest rival; Drinks where they do no harm. In activation it hits the weakest rival
and moves the worst card in front of it onto a rival (or the best onto itself).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from cutthroat.bots.policy import PolicyBot
from cutthroat.bots.search import SearchBot
from cutthroat.engine.protocol import Action
from cutthroat.games.stab_your_friends.cards import (
    BATTLE_AX,
    BOMB,
    BOW,
    CRYSTAL,
    DAGGER,
    FIREBALL,
    GOBBLIN_HANDS,
    GOLDEN_LEFT_POTION,
    LEFT_POTION,
    LOVE_POTION,
    MAX_LIVES,
    SHIELD,
    SNAKE,
    SyfCard,
)
from cutthroat.games.stab_your_friends.text import hint_reason

#: How much a card hurts the player it is in front of (damage to expect), by kind.
HARM = {DAGGER: 1.0, BOMB: 0.8, FIREBALL: 0.6, BATTLE_AX: 0.0}
#: How much a card helps the player it is in front of.
HELP = {SHIELD: 0.7, LOVE_POTION: 0.9, BOW: 0.6, GOBBLIN_HANDS: 0.5, FIREBALL: -0.2}


class _Table:
    """The facts the heuristic uses, from a view (its own seat) or a full state (any seat)."""

    __slots__ = ("n", "seat", "hand", "lives", "out", "fronts", "crown", "active")

    @classmethod
    def of_view(cls, view) -> "_Table":
        t = cls()
        t.n, t.seat, t.hand, t.lives, t.out = view.n, view.seat, view.hand, view.lives, view.out
        t.fronts, t.crown, t.active = view.fronts, view.crown, view.active
        return t

    @classmethod
    def of_state(cls, state, seat: int) -> "_Table":
        t = cls()
        t.n, t.seat, t.hand, t.lives, t.out = state.n, seat, state.hands[seat], state.lives, state.out
        t.fronts, t.crown, t.active = state.fronts, state.crown, state.active
        return t

    def rivals(self) -> list[int]:
        return [q for q in range(self.n) if q != self.seat and not self.out[q]]

    def has_shield(self, q: int) -> bool:
        return any(f.card is SHIELD for f in self.fronts[q])

    def unknown_on(self, q: int) -> int:
        """Cards placed in front of `q` by others that this seat can't see (or, on a full
        state, everything others placed there face down)."""
        return sum(1 for f in self.fronts[q] if f.by != self.seat and not f.face_up)


def weakness(t: _Table, q: int) -> float:
    """Higher for a rival closer to going out (few lives, no Shield)."""
    return (MAX_LIVES + 1 - t.lives[q]) + (0.0 if t.has_shield(q) else 0.5)


def place_score(t: _Table, card: SyfCard, target: int) -> float:
    me = t.seat
    mine = target == me
    if card is BATTLE_AX:
        return (1.2 if t.has_shield(target) else 0.1) * (-1 if mine else 1)
    if card in HARM and card is not FIREBALL:
        return -HARM[card] * 2 if mine else HARM[card] * weakness(t, target) / 3
    if card is FIREBALL:
        return -0.5 if mine else 0.5 * weakness(t, target) / 3
    if card is LOVE_POTION:
        return (1.0 if t.lives[me] < MAX_LIVES else 0.05) if mine else -0.3
    if card is SHIELD:
        return 0.4 + 0.3 * t.unknown_on(me) if mine else -0.2
    if card is BOW or card is GOBBLIN_HANDS:
        return 0.6 if mine else -0.4
    if card is LEFT_POTION:
        return 0.3 * t.unknown_on(me) - 0.1 if mine else -0.05
    if card is GOLDEN_LEFT_POTION:
        return 0.1 * t.unknown_on(me)
    if card is SNAKE:
        return -0.6 if mine else 0.3 + 0.05 * t.lives[target]
    if card is CRYSTAL:
        return -0.2 if mine else 0.15
    return 0.05 if mine else 0.0  # a Drink: nobody minds


def move_score(t: _Table, source: int, index: int, dest: int) -> float:
    front = t.fronts[source][index]
    card, me = front.card, t.seat
    if card is None:
        return -1.0
    harm = 1.0 if card is BOMB and front.sideways else 0.0 if front.done else HARM.get(card, 0.0)
    if card is BATTLE_AX and not front.done:
        harm = 2.0 if t.has_shield(source) else 0.0
    good = HELP.get(card, 0.0) if not front.done or card is SHIELD else 0.0
    value = 0.0
    if source == me:
        value += harm - good
    elif dest == me:
        value += good - harm
    if dest != me:
        value += harm * weakness(t, dest) / 3 - good
    if source != me and dest != me:
        value -= 0.3  # moving between rivals rarely helps
    return value


def choose(t: _Table, legal: Sequence[Action], rng: random.Random | None = None) -> Action:
    """The heuristic's move. Equal scores are broken at random (or, with no rng, clockwise from
    the chooser), so a table of bots doesn't all pick on the same seat."""
    if len(legal) == 1:
        return legal[0]
    tie = rng.random if rng is not None else None

    def tied(score: float, seat: int) -> tuple[float, float]:
        return score, tie() if tie is not None else -((seat - t.seat) % t.n)

    kind = legal[0].kind
    if kind == "place":
        return max(legal, key=lambda a: tied(place_score(t, a.card, a.target), a.target))
    if kind == "target":
        return max(legal, key=lambda a: tied(weakness(t, a.seat), a.seat))
    if kind in ("move", "keep"):
        return max(legal, key=lambda a: tied(move_score(t, a.source, a.index, a.dest), a.dest)
                   if a.kind == "move" else (0.0, 0.0))
    return legal[0]


class HeuristicBot(PolicyBot):
    read = staticmethod(_Table.of_view)
    policy = staticmethod(choose)


def _rollout(rules, state, seat: int, legal: list, rng: random.Random) -> Action:
    return choose(_Table.of_state(state, seat), legal, rng)


def _candidates(view, legal: list, keep: int = 6) -> list:
    """The heuristic's best few moves, best first; equals clockwise from the chooser (the rules
    list them by seat number, and the first of equals would pick on seat 0)."""
    t = _Table.of_view(view)
    kind = legal[0].kind

    def after(q: int) -> int:
        return (q - t.seat) % t.n

    if kind == "place":
        ranked = sorted(legal, key=lambda a: (-place_score(t, a.card, a.target), after(a.target)))
    elif kind in ("move", "keep"):
        ranked = sorted(legal, key=lambda a: (-move_score(t, a.source, a.index, a.dest), after(a.dest))
                        if a.kind == "move" else (-0.0, 0))
    elif kind == "target":
        ranked = sorted(legal, key=lambda a: (-weakness(t, a.seat), after(a.seat)))
    else:
        ranked = list(legal)
    return ranked[:keep]


def _hard(rules, seed: int = 0, think_ms: int | None = None, **options: Any) -> SearchBot:
    return SearchBot(rules, seed, think_ms, rollout=_rollout, candidates=_candidates, veto=0.5, reason=hint_reason,
                     **options)


BOTS = {"heuristic": HeuristicBot, "hard": _hard}
