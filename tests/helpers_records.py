"""Histories for the Records tests, built from FinishedGame objects (never by playing)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import fake_history

fake_history.install()  # (until the history branch is merged: then the real package is used)

from cutthroat.history.model import FinishedGame, Seat  # noqa: E402
from cutthroat.history.store import History, default_path  # noqa: E402

#: "Today" in these tests (Records and the title ask `cutthroat.tui.daily.today`).
TODAY = "2026-12-03"
NOON = datetime(2026, 12, 3, 12, 0, tzinfo=timezone.utc)
#: A fixed spread of Kill The Kings scores, oldest first.
KTK_SCORES = [(i * 7) % 16 if i % 5 else (i * 3) % 9 for i in range(60)]


def ktk_game(score: int, when: datetime, mode: str = "killer", daily: str | None = None) -> FinishedGame:
    target = {"killer": 7, "psycho": 11}[mode]
    return FinishedGame(None, "kill-the-kings", {"mode": mode}, (Seat("You", "human"),),
                        {"winners": [0] if score >= target else [], "scores": [score], "summary": f"{score} points"},
                        None, 40 + score, 300.0 + score, when, daily, {})


def multi_game(winner: int, when: datetime, levels=("heuristic", "hard", "heuristic"),
               humans=("Ana",), game: str = "kill-your-friends") -> FinishedGame:
    seats = tuple(Seat(n, "human") for n in humans) + tuple(
        Seat(n, "bot", lv) for n, lv in zip(("Bob", "Cy", "Dee", "Eve"), levels[: 4 - len(humans)]))
    return FinishedGame(None, game, {}, seats,
                        {"winners": [winner], "scores": [0] * len(seats), "summary": "last one standing"},
                        None, 120, 600.0, when, None, {})


def fill(path=None, today_daily: int | None = 8) -> History:
    """60 Kill The Kings games (one a day to today, killer then psycho), today's deal played for
    `today_daily` points, and 12 Kill Your Friends games (Ana alone, then Ana and Bo hot-seat)."""
    history = History.open(path or default_path())
    for i, score in enumerate(KTK_SCORES):
        when = NOON - timedelta(days=len(KTK_SCORES) - i)
        history.record(ktk_game(score, when, "psycho" if i % 4 == 3 else "killer"))
    if today_daily is not None:
        history.record(ktk_game(today_daily, NOON, daily=TODAY))
    for i in range(12):
        humans = ("Ana",) if i < 8 else ("Ana", "Bo")
        history.record(multi_game(i % 3, NOON - timedelta(days=20 - i), humans=humans))
    return history
