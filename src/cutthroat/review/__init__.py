"""The game review: a finished game walked move by move, and at every decision the reviewed seat
made (a point where it had more than one legal move) the hard bot's choice on the same
information (the seat's view; hidden cards dealt at random as the bot deals them), with estimates
of the seat's chance of winning (Kill The Kings: expected points) before the move, after the
player's and after the bot's. Decisions come costliest first. Kill The Kings adds the hindsight
line (`ktk.hindsight`).

Headless (no Textual): `review_game` runs on a worker thread with a progress callback and a
cancel flag, and is deterministic for a given game, seat, budget and seed."""

from __future__ import annotations

import random
import threading
from typing import Any, Callable

from cutthroat.review.model import (
    POINTS,
    REVIEW_VERSION,
    WIN,
    Decision,
    Estimate,
    Hindsight,
    Review,
    ReviewCancelled,
)

__all__ = ["Decision", "Estimate", "Hindsight", "Review", "ReviewCancelled", "REVIEW_VERSION", "review_game",
           "decision_points"]

#: progress(done, total): called as the review goes (units: decisions, then the hindsight's steps).
Progress = Callable[[int, int], None]


def _game(document: dict[str, Any]):
    """The game's rules and SaveData from its save document."""
    import json

    from cutthroat import saves
    from cutthroat.engine.registry import get_rules

    data = saves.parse(json.dumps(document).encode("utf-8"), "game")
    return get_rules(data.game), data


def decision_points(rules, data, seat: int):
    """Each decision `seat` made, as (step, state before it, its legal moves, the move played);
    and whether the game is over."""
    from cutthroat.saves import first_position

    state = first_position(rules, data.config, data.seed, len(data.seats), data.base)
    out = []
    for step, (player, action) in enumerate(data.log):
        if player == seat and player in rules.to_act(state) and action.kind not in rules.anytime_kinds:
            legal = rules.legal_actions(state, seat)
            if len(legal) > 1 and rules.is_legal(state, action, seat):
                out.append((step, rules.copy(state), legal, action))
        rules.apply(state, action, player)
    return out, rules.result(state) is not None


def review_game(document: dict[str, Any], seat: int, budget: int, *, seed: int = 0,
                progress: Progress | None = None, cancel: threading.Event | None = None) -> Review:
    """The review of `seat`'s play in the finished game `document` (a save document: seed and
    actions), `budget` playouts per estimate. Raises ReviewCancelled if `cancel` is set before
    it is done (nothing is returned: nothing half-made can be kept)."""
    from cutthroat.bots import make_bot

    rules, data = _game(document)
    names = [s.name for s in data.seats]
    points = data.game == "kill-the-kings"
    decisions_at, over = decision_points(rules, data, seat)
    hindsight_too = points and over and data.base is None
    from cutthroat.review.ktk import HINDSIGHT_STEPS

    total = len(decisions_at) + (HINDSIGHT_STEPS if hindsight_too else 0)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    if progress is not None:
        progress(0, total)
    decisions = []
    for step, state, legal, played in decisions_at:
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled
        view = rules.view(state, seat)
        rng = random.Random(seed * 1_000_003 + step)
        bot = make_bot(rules, "hard", seed=seed * 7919 + step, playouts=budget)
        if points:
            from cutthroat.review import ktk

            best, before, after_p, after_b, loss, error = ktk.review_decision(bot, view, legal, played, budget, rng,
                                                                              cancel)
            place = ktk.where(state)
        else:
            from cutthroat.review import search

            search.cut_short(bot, data.game, data.config)
            best, before, after_p, after_b, loss, error = search.review_decision(bot, view, seat, legal, played,
                                                                                 budget, rng, cancel)
            place = ""
        # (Kill The Kings: a card to reserve A or to reserve B is the same move.)
        same = best == played or (points and ktk.compact(view, best) == ktk.compact(view, played))
        decisions.append(Decision(step, rules.describe_action(view, played, names),
                                  rules.describe_action(view, best, names), same, before, after_p, after_b,
                                  0.0 if same else round(loss, 4), 0.0 if same else round(error, 4), place))
        tick()
    hindsight = None
    if hindsight_too:
        from cutthroat.review import ktk

        hindsight = ktk.hindsight(rules, data.config, data.seed, data.log, budget, seed, cancel, tick)
    decisions.sort(key=lambda d: (-d.loss, d.step))
    return Review(data.game, seat, budget, POINTS if points else WIN, tuple(decisions), hindsight)
