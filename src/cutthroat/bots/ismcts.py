"""Information-set Monte Carlo tree search (single-observer ISMCTS; Cowling, Powley & Whitehouse
2012), game-agnostic through the rules protocol.

One tree for the whole decision, its nodes the sequences of actions taken from the seat's
current position; every iteration deals a fresh determinization (`rules.determinize(view, rng)`)
and walks the tree only through actions legal in that deal. Because a move may be legal in one
deal and not in another, a child's UCB exploration term counts the times it was *available*
(its parent visited while it was legal), not the parent's visits. A node's value is the share
of the wins of the player who chose the move into it, so every seat plays for itself in the
tree. Below the tree the game's rollout policy plays the game out. Moves forced in a deal
(one legal action) are applied without a node of their own.

It takes the same budgets as `SearchBot` (`think_ms` or `iterations`), the same optional
`candidates` to narrow the root to the policy's best few, best first (tried first as well), and
the same `max_depth` and `evaluate` to cut a playout short (its moves in the tree count too).
Below the root a node grows its moves one at a time as its visits mount (progressive widening),
the policy's own move first. Measured against the paired search at the same playouts, it plays
worse at the budgets our bots get (`benchmarks/ismcts.py`, figures in docs/bots.md), so `hard` is
the paired search; this stays for games with deeper decisions and the measurements.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from cutthroat.bots import search
from cutthroat.bots.search import EXPLORATION, PLAN_WITHIN, PlayoutSearch
from cutthroat.engine.protocol import Action, Rules

#: Below the root a node with v visits holds up to 1 + WIDENING·√v moves.
WIDENING = 0.5


class Node:
    """Statistics of one move in the tree: chosen by `player`; `reward` is that player's summed
    win share over the `visits` iterations through it; `avail` counts the parent's visits in
    which the move was legal."""

    __slots__ = ("player", "children", "visits", "avail", "reward")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class InfoSetSearchBot(PlayoutSearch):
    def __init__(self, rules: Rules, seed: int = 0, think_ms: int | None = None, *,
                 exploration: float = EXPLORATION, widening: float = WIDENING, **options: Any) -> None:
        super().__init__(rules, seed, think_ms, **options)
        self.exploration = exploration
        self.widening = widening
        self.root: Node | None = None  # the last decision's tree (tests read it)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        started = search.clock() if self.iterations is None else 0.0
        if len(legal) == 1:
            return legal[0]
        root_moves = self._root_moves(view, legal)
        if len(root_moves) == 1:
            return root_moves[0]
        root = self.root = Node(view.seat)
        deadline = started + self.think_ms / 1000 * PLAN_WITHIN
        began = search.clock() if self.iterations is None else 0.0
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done:
                now = search.clock()
                if now + max(now - began, 1e-9) / done > deadline:
                    break  # at this pace, one more iteration would end past the deadline
            self._iterate(view, root, root_moves)
            done += 1
        # Most visits, then the earlier (policy-preferred) move.
        return max(enumerate(root_moves),
                   key=lambda im: (root.children[im[1]].visits if im[1] in root.children else -1,
                                   -im[0]))[1]

    def _iterate(self, view: Any, root: Node, root_moves: list) -> None:
        rules, rng = self.rules, self.rng
        state = rules.determinize(view, rng)
        node, path = root, []
        legal: list = root_moves
        moves = 0  # applied so far, in the tree and out of it: a playout's depth counts both
        while moves < self.max_depth:
            if node is not root:
                to_act = rules.to_act(state)
                if not to_act:
                    break
                player = to_act[0]
                legal = rules.legal_actions(state, player)
                if len(legal) == 1:
                    rules.apply_unchecked(state, legal[0])
                    moves += 1
                    continue
            else:
                player = view.seat
            children = node.children
            untried = [a for a in legal if a not in children]
            tried = 0
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
                    tried += 1
            # Below the root, a node grows a new move only as its visits mount (progressive
            # widening): the policy's own move first, so few visits still meet sensible play.
            widen = node is root or not tried or tried < 1 + self.widening * math.sqrt(node.visits)
            if untried and widen:
                # Expand one move: the root's candidates in order (best first); elsewhere the
                # policy's own choice where it's untried, else one at random.
                if node is root:
                    action = untried[0]
                else:
                    pick = self.rollout(rules, state, player, legal, rng)
                    action = pick if pick in untried else untried[rng.randrange(len(untried))]
                child = children[action] = Node(player)
                child.avail = 1
                rules.apply_unchecked(state, action)
                moves += 1
                path.append(child)
                break
            log_c = self.exploration
            best, best_value = None, -1.0
            for a in legal:
                child = children.get(a)
                if child is None:
                    continue
                value = child.reward / child.visits + log_c * math.sqrt(math.log(child.avail) / child.visits)
                if value > best_value:
                    best, best_value = a, value
            node = children[best]
            rules.apply_unchecked(state, best)
            moves += 1
            path.append(node)
        shares = self._play_out(state, {c.player for c in path}, self.max_depth - moves) if path else {}
        for child in path:
            child.visits += 1
            child.reward += shares.get(child.player, 0.0)

    def _play_out(self, state: Any, players: set[int], moves: int) -> dict[int, float]:
        """Each winner's share of the win at the end of the rollout; a rollout cut short after
        `moves` gives `players` the game's `evaluate` of the position (or nothing)."""
        if not self._roll_out(state, moves, self.rng):
            return {q: self.evaluate(state, q) for q in players} if self.evaluate else {}
        result = self.rules.result(state)
        if result is None or not result.winners:
            return {}
        share = 1.0 / len(result.winners)
        return {w: share for w in result.winners}
