"""A multi-player decision reviewed with the game's hard bot (a `SearchBot`): its choice on the
seat's view at the review's budget, then paired estimates of the seat's chance to win before the
move, after the player's move and after the bot's, all on the same determinized deals with the
same playout dice (common random numbers), so the difference between the moves is far less noisy
than their values. The playouts are the hard bot's own: its determinization, rollout policy, cut
(`max_depth`) and win model (`evaluate`); Psycho Killer's, whole games for its bot, are cut short
for the review and valued by the game's calibrated win model (`cut_short`).

A cut estimate's stated error is its playouts' spread with the model's own error added (in the
share of its playouts the model valued: none near the end, where all are played out), as
measured against whole-game playouts by `python benchmarks/review.py --compare`
(`win_model.CUT_MODEL_ERROR`, docs/benchmarks.md). A move's cost (`loss`) keeps its paired
playouts' spread: both moves are valued by the same model on the same deals."""

from __future__ import annotations

import math
import random
import threading
from typing import Any, Sequence

from cutthroat.engine.protocol import Action
from cutthroat.review.model import Estimate, ReviewCancelled


#: A playout "to the end": more moves than any game of ours lasts (Psycho Killer ends itself at 5,000).
TO_THE_END = 100_000


def mean_error(values: Sequence[float]) -> tuple[float, float]:
    """A mean and its standard error."""
    n = len(values)
    if not n:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def estimate(values: Sequence[float], model_error: float = 0.0) -> Estimate:
    """The mean of `values`, its error the playouts' standard error and `model_error` (that of
    the valuation of a cut playout) in quadrature."""
    mean, error = mean_error(values)
    return Estimate(round(mean, 4), round(math.hypot(error, model_error), 4), len(values))


def play_from(bot: Any, state: Any, seat: int, action: Action, rng: random.Random) -> float:
    """The seat's share of the win after `action` (taken by `seat`, checked), the game then
    played out by the bot's rollout policy (cut short and valued as the bot does)."""
    return played_out(bot, state, seat, action, rng)[0]


def played_out(bot: Any, state: Any, seat: int, action: Action, rng: random.Random) -> tuple[float, bool]:
    """`play_from`'s value, and whether the playout was cut (valued, not played to the end)."""
    rules = bot.rules
    rules.apply(state, action, seat)
    if not bot._roll_out(state, bot.max_depth, rng) and not _play_on(bot, state, rng):
        return (bot.evaluate(state, seat) if bot.evaluate else 0.0), True
    return _share(rules, state, seat), False


def cut_short(bot: Any, game_id: str, config: dict | None = None) -> Any:
    """The review's bot for `game_id`: Psycho Killer's playouts stop after
    `win_model.PLAYOUT_MOVES` moves, at the first position after them where the game lets them
    (`win_model.may_stop`: a turn's start, two Psycho Killers or more to come), each seat then
    valued by its calibrated win model (a whole game is about 370 moves of playout; the hard
    bot's own playouts stay whole). A setup the model wasn't fitted to (`win_model.fitted`:
    edition 1, a variant) plays its playouts to the end, however long. Other games' bots are the
    hard bot as it plays."""
    if game_id == "psycho-killer":
        from cutthroat.games.psycho_killer import win_model

        if not win_model.fitted(config or {}):
            bot.max_depth, bot.evaluate = TO_THE_END, None
            return bot
        bot.max_depth, bot.may_stop = win_model.PLAYOUT_MOVES, win_model.may_stop
        bot.model_error = win_model.CUT_MODEL_ERROR
        bot.evaluate = _playing_on(bot, win_model.chance, random.Random(bot.rng.getrandbits(64)))
    return bot


def _play_on(bot: Any, state: Any, rng: random.Random) -> bool:
    """A playout past its cut, on until the game lets it stop (`bot.may_stop`) or ends: has
    the game ended?"""
    may_stop = getattr(bot, "may_stop", None)
    while may_stop is not None and not may_stop(state):
        if bot._roll_out(state, 1, rng):
            return True
    return not bot.rules.to_act(state)


def _share(rules: Any, state: Any, seat: int) -> float:
    result = rules.result(state)
    return 1.0 / len(result.winners) if result is not None and seat in result.winners else 0.0


def _playing_on(bot: Any, value: Any, rng: random.Random):
    """The bot's own valuation of a cut playout (its choice of move): played on with `rng` until
    it may stop, then `value(state, seat)`."""
    def evaluate(state: Any, seat: int) -> float:
        if _play_on(bot, state, rng):
            return _share(bot.rules, state, seat)
        return value(state, seat)
    return evaluate


def review_decision(bot: Any, view: Any, seat: int, legal: list, played: Action, deals: int,
                    rng: random.Random, cancel: threading.Event | None = None):
    """(the bot's choice, before, after played, after best, loss, loss error)."""
    best = bot.choose(view, legal)
    return (best,) + estimates(bot, view, seat, played, best, deals, rng, cancel)


def estimates(bot: Any, view: Any, seat: int, played: Action, best: Action, deals: int, rng: random.Random,
              cancel: threading.Event | None = None):
    """(before, after played, after best, loss, loss error) on `deals` paired deals."""
    rules = bot.rules  # (Exploding Kittens: the rules as its bot sees them, guessing a suspected kitten)
    before, after_played, after_best, diffs = [], [], [], []
    for _ in range(deals):
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled
        state = rules.determinize(view, rng)
        dice = rng.getrandbits(64)
        options = rules.legal_actions(state, seat)
        pick = options[0] if len(options) == 1 else bot.rollout(rules, state, seat, options, random.Random(~dice))
        # (The same move on the same deal with the same dice plays out the same: played once.)
        p = played_out(bot, rules.copy(state), seat, played, random.Random(dice))
        q = p if best == played else played_out(bot, rules.copy(state), seat, best, random.Random(dice))
        b = p if pick == played else q if pick == best else played_out(bot, rules.copy(state), seat, pick,
                                                                       random.Random(dice))
        before.append(b)
        after_played.append(p)
        after_best.append(q)
        diffs.append(q[0] - p[0])
    loss, loss_error = mean_error(diffs)
    model = getattr(bot, "model_error", 0.0)  # (a cut playout's valuation: `cut_short`)

    def stated(outcomes: list[tuple[float, bool]]) -> Estimate:
        # (the model's error in the share of the playouts it valued: none where all were played
        # to the end, as near a game's end: a lost position is 0%±0, not ±4)
        cut = sum(1 for _, was_cut in outcomes if was_cut) / len(outcomes) if outcomes else 0.0
        return estimate([v for v, _ in outcomes], model * cut)

    return stated(before), stated(after_played), stated(after_best), loss, loss_error
