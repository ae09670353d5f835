"""Kill The Kings reviewed: each decision beside the hard bot's, valued in expected points, and
the deal's hindsight (what a player who knew the deck order could have scored).

A decision's estimates are on the seat's information: deck orders sampled from the cards still
in the deck, the round played out from each candidate move by the bots' fast policy (the same
orders for every move), worth the points banked so far plus this round's plus the rounds still to
come at their measured average. The hindsight uses the real order: the clairvoyant solver."""

from __future__ import annotations

import random
import threading
from typing import Any, Callable

from cutthroat.engine.protocol import Action
from cutthroat.games.kill_the_kings import clairvoyant
from cutthroat.games.kill_the_kings.bots import HardBot, _future_dist, _kills, _table
from cutthroat.games.kill_the_kings.cards import KINGS, round_points
from cutthroat.review.model import Hindsight, ReviewCancelled
from cutthroat.review.search import estimate, mean_error

DECK_SIZE = 48
#: The hindsight's share of a review's progress: the solver's three rounds, then the bot's three.
HINDSIGHT_STEPS = 4


def future_points(rounds_left: int) -> float:
    """The rounds still to come, at their measured average (the same for every move)."""
    return sum(t * p for t, p in _future_dist(rounds_left).items())


def where(state) -> str:
    """"round 1, draw 14": the round and how many cards it has drawn so far."""
    return f"round {state.round}, draw {DECK_SIZE - len(state.deck)}"


def compact(view, action: Action) -> tuple:
    """An action as the search's compact move (kind, card/spot, column)."""
    kind = action.kind
    card = view.drawn
    if kind == "place":
        return "place", card.rank * 2 + card.red, action.column
    if kind == "reserve":
        return "reserve", card.rank * 2 + card.red, -1
    if kind == "play_reserve":
        return "play", sum(1 for c in view.reserve[:action.spot] if c is not None), action.column
    if kind == "draw":
        return "draw", -1, -1
    return "end", -1, -1


def review_decision(bot: HardBot, view, legal: list, played: Action, orders: int, rng: random.Random,
                    cancel: threading.Event | None = None):
    """(the bot's choice, before, after played, after best, loss, loss error), in expected points."""
    best = bot.choose(view, legal)
    base = bot._base(view, legal)
    n, r, k, res, deck = _table(view)
    banked = view.total + future_points(max(0, 3 - view.round))
    moves = [compact(view, base), compact(view, played), compact(view, best)]
    values: list[list[float]] = [[], [], []]
    diffs = []
    for _ in range(orders):
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled
        rng.shuffle(deck)
        got = [banked + round_points(HardBot._play_out(kind, a, b, n, r, k, res, deck, bot.tight))
               for kind, a, b in moves]
        for i, v in enumerate(got):
            values[i].append(v)
        diffs.append(got[2] - got[1])
    loss, loss_error = mean_error(diffs)
    return best, estimate(values[0]), estimate(values[1]), estimate(values[2]), loss, loss_error


# --- hindsight -------------------------------------------------------------------------------
def _solver() -> Callable[[list[tuple], list[int]], list[int]]:
    """Kings a clairvoyant kills from each position (n, r, k, res, must_draw) on `deck` (the
    next card first): the compiled solver where it is built, else the Python reference."""
    if clairvoyant.COMPILED:
        solver = clairvoyant.CompiledSolver()
        return lambda positions, deck: solver.values(deck, solver.prepare(positions))
    return lambda positions, deck: [clairvoyant.solve_py(n, r, k, res, deck, must) for n, r, k, res, must in positions]


def _order(state) -> list[int]:
    """The real deck in the solver's encoding, the next card first."""
    return [c.rank * 2 + c.red for c in reversed(state.deck)]


def _after(view, action: Action) -> tuple | None:
    """The position after `action` for the solver (None: the round ends now)."""
    kind, a, b = compact(view, action)
    if kind == "end":
        return None
    n, r, k, res, _ = _table(view)
    return HardBot._after(kind, a, b, n, r, k, res)


def hindsight(rules, config: dict, seed: int, log: list, budget: int, bot_seed: int,
              cancel: threading.Event | None = None, tick: Callable[[], None] = lambda: None,
              bot: Any = None) -> Hindsight:
    """The deal's hindsight line for the finished game played as `log`; the hard bot (or `bot`)
    plays the same deal at `budget` deck orders a decision. `tick()` is called HINDSIGHT_STEPS
    times as it goes (the solver, then each round of the bot's play)."""
    solve = _solver()
    kings = ([0] * 4, [k.rank for k in KINGS], [int(k.red) for k in KINGS], [], True)
    # The player's game, walked: each round's order as dealt, and the first move off the best line.
    state = rules.new_game(config, seed)
    decks = [_order(state)]
    left: dict[str, Any] = {}
    for step, (seat, action) in enumerate(log):
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled
        legal = rules.legal_actions(state, seat)
        if not left and len(legal) > 1 and state.phase == "play":
            view = rules.view(state, 0)
            order = _order(state)
            positions = [_after(view, a) for a in legal]
            solved = iter(solve([p for p in positions if p is not None], order))
            kills = [_kills([len(c) for c in state.columns]) if p is None else next(solved) for p in positions]
            top = max(kills)
            if kills[legal.index(action)] < top:
                left = {"left_step": step, "left_where": where(state),
                        "left_played": rules.describe_action(view, action),
                        "left_best": rules.describe_action(view, legal[kills.index(top)])}
        rules.apply(state, action, seat)
        if action.kind == "next_round":
            decks.append(_order(state))
    player = state.total
    perfect = sum(round_points(solve([kings], deck)[0]) for deck in decks)
    tick()
    # The hard bot on the same deal (the deck orders come from the seed alone, not from the play).
    bot = bot or HardBot(rules, seed=bot_seed, iterations=budget)
    state = rules.new_game(config, seed)
    while rules.to_act(state):
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled
        legal = rules.legal_actions(state, 0)
        action = bot.choose(rules.view(state, 0), legal)
        rules.apply(state, action, 0)
        if action.kind == "next_round":
            tick()  # (a round of the bot's play done)
    tick()
    return Hindsight(perfect, state.total, player, **left)
