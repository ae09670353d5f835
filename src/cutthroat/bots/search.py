"""The game-agnostic search bot: determinized playouts at the root (flat Monte Carlo).

It needs two things from a game's rules besides the protocol: `determinize(view, rng)`, a full
state consistent with everything the seat's view shows (hidden cards dealt at random), and
`apply_unchecked(state, action)` for fast playouts. It takes the seat's *view*, never the
state, so it can't peek even by accident. Each round samples a fresh determinization (so no
single guess about hidden cards dominates) and plays every candidate move out on it with the
same dice, using the game's cheap policy for everyone; a move's value is the seat's share of
the wins. Games may narrow the root to their policy's best few moves (`candidates`) and keep
the policy's first choice unless another is clearly better (`veto`) — and then a search whose
budget can't reach the veto's fewest pairs (`veto_pairs`) stops as soon as that is known (at
once for a count, after a playout for time): it could only return the policy's choice. `paired=False` gives the classic UCB1 allocation instead.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Sequence

from cutthroat.engine.protocol import Action, Rules

#: A rollout policy picks an action for the seat to act in a full (determinized) state.
RolloutPolicy = Callable[[Rules, Any, int, list, random.Random], Action]

DEFAULT_THINK_MS = 400

#: A playout's moves unless a game cuts them short (and values the position with `evaluate`):
#: enough for a whole game of any of ours.
WHOLE_GAME = 400

EXPLORATION = 0.7

#: The search's clock (a name of its own, so tests can make time pass as they please).
clock = time.perf_counter

#: The paired search plans its rounds to end within this share of the budget: rounds vary in
#: length, and the last one may run longer than the pace so far.
PLAN_WITHIN = 0.97


def random_rollout(rules: Rules, state: Any, seat: int, legal: list, rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


class PlayoutSearch:
    """What every search bot here shares: its budget (`think_ms` a decision, or `iterations`
    playouts, which makes tests and measurements independent of machine speed), the game's
    rollout policy, an optional cut (`max_depth` moves, then `evaluate(state, seat)`), and the
    game's narrowing of the root to its policy's best few moves (`candidates`, best first)."""

    level = "hard"

    def __init__(self, rules: Rules, seed: int = 0, think_ms: int | None = None, *,
                 rollout: RolloutPolicy = random_rollout, iterations: int | None = None,
                 max_depth: int = WHOLE_GAME, evaluate: Callable[[Any, int], float] | None = None,
                 candidates: Callable[[Any, list], list] | None = None) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else think_ms
        self.rollout = rollout
        self.iterations = iterations
        self.max_depth = max_depth
        self.evaluate = evaluate
        self.candidates = candidates

    def _root_moves(self, view: Any, legal: Sequence[Action]) -> list:
        """The moves worth searching, best first: with a small budget, a few well-measured
        candidates beat many barely-measured ones."""
        return list(self.candidates(view, list(legal)) if self.candidates else legal)

    def _roll_out(self, state: Any, moves: int, rng: random.Random) -> bool:
        """Play up to `moves` moves with the rollout policy (a forced move without asking it);
        has the game ended?"""
        rules = self.rules
        for _ in range(moves):
            to_act = rules.to_act(state)
            if not to_act:
                return True
            p = to_act[0]
            legal = rules.legal_actions(state, p)
            rules.apply_unchecked(state, legal[0] if len(legal) == 1 else self.rollout(rules, state, p, legal, rng))
        return not rules.to_act(state)


class SearchBot(PlayoutSearch):
    """Paired playouts (or UCB1) over the root's candidate moves."""

    def __init__(self, rules: Rules, seed: int = 0, think_ms: int | None = None, *,
                 paired: bool = True, veto: float | None = None, veto_pairs: int = 2,
                 reason: Callable[[Any, Action], str] | None = None, **options: Any) -> None:
        super().__init__(rules, seed, think_ms, **options)
        self.paired = paired
        self.veto = veto
        self.veto_pairs = veto_pairs  # the fewest paired playouts a veto may be overruled on
        self.reason = reason  # the game's words for why a move, read from the seat's view
        self.last_stats: list[tuple[Action, int, float]] = []

    def explain(self, view: Any, legal: Sequence[Action]) -> tuple[Action, str]:
        """The move for a hint, and why in a few words (the game's `reason`: from the seat's
        view only, so a hint on a shared screen tells nothing the seat couldn't see)."""
        action = self.choose(view, legal)
        return action, self.reason(view, action) if self.reason is not None else ""

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        # The budget covers the whole decision, choosing candidates too; a count reads no clock.
        started = clock() if self.iterations is None else 0.0
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        legal = self._root_moves(view, legal)
        self.last_stats = []
        if len(legal) == 1:
            return legal[0]
        if self.paired:
            return self._paired(view, seat, legal, started)
        visits = [0] * len(legal)
        wins = [0.0] * len(legal)
        deadline = started + self.think_ms / 1000
        total = 0
        while True:
            if self.iterations is not None:
                if total >= self.iterations:
                    break
            elif total >= len(legal) and clock() >= deadline:
                break  # (every candidate gets one playout first)
            i = self._select(visits, wins, total)
            wins[i] += self._playout(view, seat, legal[i])
            visits[i] += 1
            total += 1
        self.last_stats = [(a, v, w / v if v else 0.0) for a, v, w in zip(legal, visits, wins)]
        # Most visits, then most wins, then the earlier (policy-preferred) candidate.
        best = max(range(len(legal)), key=lambda k: (visits[k], wins[k], -k))
        return legal[best]

    def _paired(self, view: Any, seat: int, legal: list, started: float) -> Action:
        """Rounds of every candidate on one deal with the same playout dice (common random
        numbers): the comparison between moves is far less noisy than their values. On a clock,
        the search stops as soon as the pace so far says this round would end past the
        deadline, and a round cut short counts for nothing: the decision keeps to its budget."""
        n = len(legal)
        results: list[list[float]] = [[] for _ in legal]
        vetoed = self.veto is not None
        limit = self.iterations
        if limit is not None and vetoed and -(-limit // n) < self.veto_pairs:
            return legal[0]  # too few rounds for the veto ever to overrule the policy
        deadline = started + self.think_ms / 1000 * PLAN_WITHIN
        began = clock() if limit is None else 0.0
        played = 0  # playouts so far, complete rounds and the one under way
        rounds = 0
        while limit is None or rounds * n < limit:
            state = self.rules.determinize(view, self.rng)
            dice = self.rng.getrandbits(64)
            values: list[float] = []
            for j, action in enumerate(legal):
                if limit is None and played:
                    now = clock()
                    pace = max(now - began, 1e-9) / played  # (a coarse clock may not have moved)
                    if vetoed and rounds + (j + (deadline - now) / pace) / n < self.veto_pairs:
                        return legal[0]  # at this pace the veto could never overrule the policy
                    if now + pace * (n - j) > deadline:
                        break  # this round would end past the deadline
                values.append(self._play_from(self.rules.copy(state), seat, action, random.Random(dice)))
                played += 1
            if len(values) < n:
                break  # the clock ran out inside this round: it counts for nothing
            for i, value in enumerate(values):
                results[i].append(value)
            rounds += 1
        if not rounds:
            return legal[0]
        wins = [sum(r) for r in results]
        self.last_stats = [(a, rounds, w / rounds) for a, w in zip(legal, wins)]
        # Most wins, then the earlier (policy-preferred) candidate.
        best = max(range(n), key=lambda k: (wins[k], -k))
        if vetoed and best != 0 and not _clearly_better(results[best], results[0], self.veto, self.veto_pairs):
            best = 0  # the policy's own first choice stands unless the search is sure
        return legal[best]

    @staticmethod
    def _select(visits: list[int], wins: list[float], total: int) -> int:
        for i, v in enumerate(visits):
            if v == 0:
                return i
        log_total = math.log(total)
        best, best_value = 0, -1.0
        for i, v in enumerate(visits):
            value = wins[i] / v + EXPLORATION * math.sqrt(log_total / v)
            if value > best_value:
                best, best_value = i, value
        return best

    def _playout(self, view: Any, seat: int, action: Action) -> float:
        return self._play_from(self.rules.determinize(view, self.rng), seat, action, self.rng)

    def _play_from(self, state: Any, seat: int, action: Action, rng: random.Random) -> float:
        self.rules.apply_unchecked(state, action)
        if not self._roll_out(state, self.max_depth, rng):
            return self.evaluate(state, seat) if self.evaluate else 0.0
        result = self.rules.result(state)
        if result is None or seat not in result.winners:
            return 0.0
        return 1.0 / len(result.winners)


def _clearly_better(a: list[float], b: list[float], z: float, min_pairs: int = 2) -> bool:
    """Is `a` better than `b` by more than z standard errors of their paired differences, over
    at least `min_pairs` pairs? (Two lucky pairs have no variance at all.)"""
    k = min(len(a), len(b))
    if k < max(2, min_pairs):
        return False
    diffs = [x - y for x, y in zip(a, b)]
    mean = sum(diffs) / k
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean > 0 and mean * mean * k > z * z * max(var, 1e-12)
