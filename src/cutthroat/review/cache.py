"""Reviews kept with their game in the history (`History.keep_review`): read back instead of made
again, keyed by the game's row, the seat, the budget and `REVIEW_VERSION`; written only whole,
once a review is complete (a cancelled one raises before anything is written)."""

from __future__ import annotations

import threading
from typing import Any

from cutthroat.review import Progress, review_game
from cutthroat.review.model import REVIEW_VERSION, Review


def cached_review(history: Any, game: Any, seat: int, budget: int) -> Review | None:
    """The review kept for this game (a `FinishedGame` read from `history`), if any."""
    if history is None or not game.id:
        return None
    doc = history.review(game.id, seat, budget, REVIEW_VERSION)
    if doc is None:
        return None
    try:
        return Review.from_json(doc)
    except ValueError:
        return None  # (unreadable: made again, and kept over it)


def run_review(history: Any, game: Any, seat: int, budget: int, *, progress: Progress | None = None,
               cancel: threading.Event | None = None) -> Review:
    """The game's review: the one kept if there is one, else made (`review_game`) and kept."""
    kept = cached_review(history, game, seat, budget)
    if kept is not None:
        return kept
    review = review_game(game.document, seat, budget, progress=progress, cancel=cancel)
    if history is not None and game.id:
        history.keep_review(game.id, seat, budget, REVIEW_VERSION, review.to_json())
    return review
