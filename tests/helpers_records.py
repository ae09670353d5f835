"""Histories for the Records tests, built from FinishedGame objects (never by playing)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from cutthroat import paths
from cutthroat.history.model import FinishedGame, Seat
from cutthroat.history.store import History

#: "Today" in these tests (the screens ask `cutthroat.tui.daily.today`).
TODAY = "2026-12-03"
#: The moment the screens take for now (`pin_today`): every game here is dated from it.
NOW = datetime(2026, 12, 3, 18, 0, tzinfo=timezone.utc)
#: A fixed spread of Kill The Kings scores, oldest first.
KTK_SCORES = [(i * 7) % 16 if i % 5 else (i * 3) % 9 for i in range(60)]
ROUND_POINTS = (0, 1, 3, 6, 10)


def rounds_for(score: int) -> list[int]:
    """Three rounds' points adding up to `score` (as the game could score them)."""
    out = []
    for _ in range(3):
        best = max(p for p in ROUND_POINTS if p <= score)
        out.append(best)
        score -= best
    return out


def ktk_game(score: int, when: datetime, mode: str = "killer", daily: str | None = None,
             counted: bool = True, n: int = 0) -> FinishedGame:
    target = {"killer": 7, "psycho": 11}[mode]
    return FinishedGame("kill-the-kings", {"mode": mode}, (Seat("You", "human"),), (0,),
                        {"winners": [0] if score >= target else [], "placements": [1], "scores": [score],
                         "summary": f"{score} points", "details": {"round_points": rounds_for(score)}},
                        when, game_id=f"ktk-{n}-{when.isoformat()}", moves=40 + score, duration_s=300.0 + score,
                        daily=daily, counted=counted)


def multi_game(winner: int, when: datetime, humans=("Ana",), game: str = "kill-your-friends",
               levels=("heuristic", "hard", "heuristic"), n: int = 0) -> FinishedGame:
    seats = tuple(Seat(name, "human") for name in humans) + tuple(
        Seat(name, "bot", level) for name, level in zip(("Rex", "Mia", "Zed"), levels[len(humans) - 1:]))
    places = [1 if i == winner else 2 + (i > winner) + i % 2 for i in range(len(seats))]
    return FinishedGame(game, {}, seats, tuple(range(len(humans))),
                        {"winners": [winner], "placements": places, "scores": [0] * len(seats),
                         "summary": f"{seats[winner].name} is the last one standing", "details": {}},
                        when, game_id=f"{game}-{n}-{when.isoformat()}", moves=120, duration_s=600.0)


def played_daily(level: str = "heuristic") -> FinishedGame:
    """Today's Kill The Kings deal (TODAY's), played out by a bot, finished at NOW − 5 min."""
    from dataclasses import replace

    from cutthroat.history.daily import daily_seats, daily_setup
    from cutthroat.session import Session
    from helpers_history import play_out

    setup = daily_setup("kill-the-kings", TODAY)
    session = Session("kill-the-kings", dict(setup.config), setup.seed, daily_seats("kill-the-kings", "You"),
                      daily=TODAY)
    return replace(play_out(session, level).finished_game(), finished_at=NOW - timedelta(minutes=5))


def pin_today(monkeypatch) -> None:
    """The screens' today and now are TODAY and NOW (snapshots and period filters stay put)."""
    from cutthroat.tui import daily
    from cutthroat.tui.screens import records

    monkeypatch.setattr(daily, "today", lambda: TODAY)
    monkeypatch.setattr(records, "now", lambda: NOW)


def fill(daily: bool = True, ktk: bool = True, multi: bool = True) -> History:
    """60 Kill The Kings games (one a day, every fourth in Psycho), today's deal played (`daily`);
    12 Kill Your Friends games (Ana alone, then Ana and Bo hot-seat)."""
    history = History.open(paths.history_path(), keep=True)
    if ktk:
        for i, score in enumerate(KTK_SCORES):
            when = NOW - timedelta(days=len(KTK_SCORES) - i, hours=1)
            history.record(ktk_game(score, when, "psycho" if i % 4 == 3 else "killer", n=i))
        if daily:
            history.record(played_daily())
    if multi:
        for i in range(12):
            humans = ("Ana",) if i < 8 else ("Ana", "Bo")
            history.record(multi_game(i % 3, NOW - timedelta(days=20 - i), humans=humans, n=i))
    return history


def many(count: int) -> History:
    """`count` Kill The Kings games, for the benchmark."""
    history = History.open(paths.history_path(), keep=True)
    for i in range(count):
        history.record(ktk_game((i * 7) % 16, NOW - timedelta(minutes=count - i), "killer", n=i))
    return history
