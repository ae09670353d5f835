"""Kill Your Friends bots: `heuristic` (scores each legal play) and `hard` (the search bot).

The heuristic reads only what its seat may see. It is written against a small "table" reading
(`_Table`) that both a `KyfView` and a full state can give, so the same policy also drives the
search bot's playouts on determinized states without building a view per move.
"""

from __future__ import annotations

from typing import Any, Sequence

from cutthroat.bots.policy import PolicyBot, noisy_rollout, scoring, seat_reading
from cutthroat.bots.search import WHOLE_GAME, SearchBot
from cutthroat.bots.win_model import WinModel
from cutthroat.engine.protocol import Action
from cutthroat.engine.seats import next_seat, previous_seat
from cutthroat.games.kill_your_friends.cards import (
    DEATH_FROM_ABOVE_CARD,
    HEAD_SWAP_CARD,
    KILL,
    MEGADEATH_CARD,
    REAPER,
)
from cutthroat.games.kill_your_friends.actions import REAPER_KILL, REAPER_RESURRECT, REAPER_SAVE
from cutthroat.games.kill_your_friends.text import hint_reason


class _Table:
    """The facts the heuristic uses, read from a view (own seat) or from a state (any seat)."""

    __slots__ = ("n", "seat", "hand", "counts", "colours", "teams", "lives", "attack", "reaper_on",
                 "out", "direction", "head_hunter")

    @classmethod
    def of_view(cls, view) -> "_Table":
        t = cls()
        t.n, t.seat, t.hand, t.counts = view.n, view.seat, view.hand, view.hand_counts
        t.colours, t.teams, t.lives, t.attack = view.colours, view.teams, view.lives, view.attack
        t.reaper_on, t.out, t.direction, t.head_hunter = view.reaper_on, view.out, view.direction, view.head_hunter
        return t

    @classmethod
    def of_state(cls, state, seat: int) -> "_Table":
        t = seat_reading(cls, state, seat)
        t.colours, t.teams, t.lives, t.attack = state.colours, state.teams, state.lives, state.attack
        t.reaper_on, t.out, t.direction, t.head_hunter = state.reaper_on, state.out, state.direction, state.head_hunter
        return t

    next_seat = next_seat  # (the next seat still in after p)

    def threat(self, v: int) -> float:
        """How close player v looks to winning: few cards, or a hand that may be all their colour."""
        return 3.0 / (1 + self.counts[v])


def score(t: _Table, action: Action) -> float:
    """Higher is better. Playing a card beats picking one up: an empty hand wins."""
    kind = action.kind
    me = t.seat
    hand = t.hand
    if kind == "reveal":
        return 1000.0
    if kind in ("draw", "pass"):
        return 50.0 if kind == "draw" else 0.0
    last_card = len(hand) == 1 and not t.head_hunter
    if kind == "attack":
        v, card = action.victim, action.card
        if t.reaper_on == v:
            return 60.0  # already doomed: a card here is only a discard
        value = 100.0 + 30 * t.threat(v)
        lives = sum(t.lives[v])
        if card.number == 3:
            value += 60 + (60 if lives == 1 else 0)
        elif t.attack[v] and card.number == t.attack[v][-1].number + 1:
            value += 20
        value += 25 * (2 - lives)
        return value + (800 if last_card else 0)
    if kind == "save":
        top = t.attack[me][-1].number if t.attack[me] else 1
        return 300.0 + 50 * top + (800 if last_card else 0)
    if kind == "dump":
        return 90.0 + (800 if last_card else 0)
    if kind == "reaper":
        if action.use == REAPER_KILL:
            v = action.target
            if sum(t.lives[v]) == 1:
                return 500.0 + 50 * t.threat(v)
            return 40.0 + 100 * t.threat(v)
        if action.use == REAPER_SAVE:
            top = t.attack[me][-1].number if t.attack[me] else 0
            return 250.0 if top == 3 else 30.0
        if action.use == REAPER_RESURRECT:
            return 220.0 if action.target != me else 200.0
    if kind == "chaos":
        card = action.card
        if card is HEAD_SWAP_CARD:
            if len(hand) == 1:
                return -1000.0  # the other player would win with our empty hand
            v = action.target
            gain = (len(hand) - 1) - t.counts[v]
            given = sum(1 for c in hand if c.colour == t.colours[v])
            return 40.0 + 25 * gain - 30 * given if gain >= 2 else 10.0
        if card is MEGADEATH_CARD:
            others = [q for q in range(t.n) if q != me and not t.out[q]]
            return 150.0 + 20 * max(t.threat(q) for q in others) + (800 if last_card else 0)
        nxt = t.next_seat(me)
        if card is DEATH_FROM_ABOVE_CARD:
            delays_doom = t.reaper_on == nxt or (t.attack[nxt] and t.attack[nxt][-1].number == 3)
            return (40.0 if delays_doom else 120.0) + 30 * t.threat(nxt) + (800 if last_card else 0)
        # Run From Your Grave: worth most when the next player is the one about to win.
        prev = t.next_seat(me) if t.n == 2 else previous_seat(t, me)
        return 60.0 + 40 * (t.threat(nxt) - t.threat(prev)) + (800 if last_card else 0)
    return 1.0


def seat_of(action: Action) -> int:
    """The seat a move is aimed at (a victim, a Head Swap or Reaper target, a graveyard), or -1."""
    seat = getattr(action, "victim", -1)
    if seat < 0:
        seat = getattr(action, "target", -1)
    return seat if seat >= 0 else getattr(action, "grave", -1)


def best_action(t: _Table, legal: Sequence[Action]) -> Action:
    """The best-scored move; of equals aimed at different seats, the one aimed at the first of
    them to play after this seat (the rules list them by seat number, and the first of equals
    would pick on seat 0: docs/bots.md)."""
    n, me, step = t.n, t.seat, t.direction
    best, best_key = legal[0], (float("-inf"), 0)
    for a in legal:
        q = seat_of(a)
        key = (score(t, a), -((q - me) * step % n) if q >= 0 else -n)
        if key > best_key:
            best, best_key = a, key
    return best


class HeuristicBot(PolicyBot):
    """Reveals and empties its hand when it can, saves early, kills the weakest, keeps the Reaper
    for a knock-out or a last-resort save, Head Swaps down to a small hand, dumps dead colours."""

    read = staticmethod(_Table.of_view)
    policy = staticmethod(scoring(best_action))
    lone_move_unread = True


#: The heuristic on a determinized state, with a little noise so playouts differ.
heuristic_rollout = noisy_rollout(_Table.of_state, best_action, 0.1)


ROOT_CANDIDATES = 4


def root_candidates(view, legal: list) -> list:
    """The heuristic's best few moves, best first: what the search compares."""
    table = _Table.of_view(view)
    n, me, step = table.n, table.seat, table.direction

    def after(a: Action) -> int:  # equals: the first to play after this seat first
        q = seat_of(a)
        return (q - me) * step % n if q >= 0 else n

    first = best_action(table, legal)
    ranked = [first] + sorted((a for a in legal if a != first), key=lambda a: (-score(table, a), after(a)))
    return ranked[:ROOT_CANDIDATES]


def seats_in(state) -> list[int]:
    """The seats still in, from the player to move, in the direction of play."""
    n, turn, step = state.n, state.turn, state.direction
    return [q for q in ((turn + i * step) % n for i in range(n)) if not state.out[q]]


WIN_FEATURES = ("lives", "cards", "cards not own Kill", "a reveal in hand", "a 3 on", "attack top",
                "the Reaper on", "holds the Reaper", "to move", "next to move")


def win_features(state, q: int, place: int) -> tuple:
    """What the win model weighs for seat q, `place` seats from the player to move."""
    hand = state.hands[q]
    colour = state.colours[q]
    own = sum(1 for c in hand if c.kind == KILL and c.colour == colour)
    attack = state.attack[q]
    top = attack[-1].number if attack else 0
    return (sum(state.lives[q]), len(hand), len(hand) - own, bool(hand) and own == len(hand),
            top == 3, top, state.reaper_on == q, REAPER in hand, place == 0, place == 1)


#: A playout stops after this many moves (a round of turns or so; a game among heuristics is
#: about 65) and the position is valued by the win model.
PLAYOUT_MOVES = 15

#: Fitted to 4,971 positions of heuristic self-play (`benchmarks/win_model.py kill-your-friends`);
#: on held-out positions -1.027 nats a position against -1.162 for "all equal".
WIN_MODEL = WinModel(WIN_FEATURES, win_features, seats_in,
                     (0.990, 0.219, -0.337, 1.143, 0.070, -0.240, -0.754, 0.300, 0.082, 0.057))


def value_cut_short(state, seat: int) -> float:
    """A playout cut short: the seat's team's chance on the win model, or in Head Hunter (which
    the model doesn't know) its share of the lead on kills."""
    if state.head_hunter:
        best = max(state.points)
        leaders = [q for q in range(state.n) if state.points[q] == best]
        return 1.0 / len(leaders) if seat in leaders else 0.0
    team = state.teams[seat]
    return sum(WIN_MODEL.chance(state, q) for q in range(state.n) if state.teams[q] == team)


class HardBot(SearchBot):
    """The shared search bot over the heuristic's best few moves, keeping the heuristic's choice
    unless another is better by a standard error. In the standard game its playouts stop after
    PLAYOUT_MOVES moves, valued by WIN_MODEL; in Co-op and Head Hunter, whose wins the model
    wasn't fitted to (a team's, a kill count), they play the game out."""

    def __init__(self, rules, seed: int = 0, think_ms: int | None = None, **options: Any) -> None:
        options = {"rollout": heuristic_rollout, "candidates": root_candidates, "veto": 1.0,
                   "evaluate": value_cut_short, "reason": hint_reason, **options}
        super().__init__(rules, seed, think_ms, **options)
        self.short = options.pop("max_depth", PLAYOUT_MOVES)

    def choose(self, view, legal: Sequence[Action]) -> Action:
        self.max_depth = WHOLE_GAME if view.co_op or view.head_hunter else self.short
        return super().choose(view, legal)


BOTS = {"heuristic": HeuristicBot, "hard": HardBot}
