"""A stand-in for `cutthroat.history` (being built on the `history` branch) with the API the
screens use, installed only while the real package isn't there. Dropped once it is merged."""

from __future__ import annotations

import hashlib
import sys
import types
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str
    level: str | None = None


@dataclass(frozen=True)
class FinishedGame:
    id: int | None
    game: str
    options: dict
    seats: tuple
    result: dict
    tie_break: str | None
    moves: int
    duration_s: float
    finished_at: datetime
    daily: str | None
    document: dict = field(default_factory=dict)

    @classmethod
    def from_session(cls, session) -> "FinishedGame":
        r = session.result
        return cls(None, session.game, dict(session.config),
                   tuple(Seat(s.name, s.kind, s.level) for s in session.seats),
                   {"winners": list(r.winners), "scores": list(r.scores), "summary": r.summary},
                   None, len(session.log), 60.0, datetime.now(timezone.utc), session.daily)


class History:
    _stores: dict[str, list] = {}

    def __init__(self, path) -> None:
        self.items = History._stores.setdefault(str(path), [])

    @classmethod
    def open(cls, path) -> "History":
        return cls(path)

    def games(self, game=None, since=None, until=None):
        out = [g for g in self.items if (game is None or g.game == game)
               and (since is None or g.finished_at >= since) and (until is None or g.finished_at < until)]
        return sorted(out, key=lambda g: g.finished_at, reverse=True)

    def get(self, id):
        return next((g for g in self.items if g.id == id), None)

    def record(self, fg):
        from dataclasses import replace

        fg = replace(fg, id=len(self.items) + 1)
        self.items.append(fg)
        return fg


def default_path() -> Path:
    import os

    return Path(os.environ["CUTTHROAT_SAVE_DIR"]) / "history.sqlite"


@dataclass
class Ktk:
    best: int | None
    best_date: str | None
    mean: float
    killer_rate: float | None
    psycho_rate: float | None
    kings_per_round: float
    last_scores: list
    target: int | None


@dataclass
class Records:
    played: int
    won: int
    current_streak: int
    best_streak: int
    by_level: dict
    by_seat: dict
    average_placement: float | None
    ktk: Ktk | None


def _human(g, player):
    return [i for i, s in enumerate(g.seats) if s.kind == "human" and (player is None or s.name == player)]


def records(games, game, mode=None, player=None) -> Records:
    games = sorted(games, key=lambda g: g.finished_at)
    won_flags = []
    by_level: dict = {}
    by_seat: dict = {}
    places = []
    for g in games:
        for seat in _human(g, player):
            won = seat in g.result["winners"]
            won_flags.append(won)
            for level in sorted({s.level for s in g.seats if s.kind == "bot"}):
                w, p = by_level.get(level, (0, 0))
                by_level[level] = (w + won, p + 1)
            w, p = by_seat.get(seat, (0, 0))
            by_seat[seat] = (w + won, p + 1)
            places.append(1 if won else 2)
    streak = best = 0
    for w in won_flags:
        streak = streak + 1 if w else 0
        best = max(best, streak)
    ktk = None
    if game == "kill-the-kings":
        scores = [g.result["scores"][0] for g in games]
        top = max(scores) if scores else None
        top_game = next((g for g in games if g.result["scores"][0] == top), None)
        ktk = Ktk(top, top_game.finished_at.date().isoformat() if top_game else None,
                  sum(scores) / len(scores) if scores else 0.0,
                  sum(s >= 7 for s in scores) / len(scores) if scores else None,
                  sum(s >= 11 for s in scores) / len(scores) if scores else None,
                  1.5, scores[-50:], {"killer": 7, "psycho": 11}.get(mode))
    return Records(len(won_flags), sum(won_flags), streak, best, by_level, by_seat,
                   sum(places) / len(places) if places and game != "kill-the-kings" else None, ktk)


def daily_seed(game_id, day) -> int:
    return int.from_bytes(hashlib.sha256(f"{game_id}:{day}".encode()).digest()[:4], "big")


def daily_seats(game_id, player, bot_names):
    from cutthroat.saves import Seat as SaveSeat

    if game_id == "kill-the-kings":
        return [SaveSeat("human", player)]
    return [SaveSeat("human", player), *(SaveSeat("bot", n, "heuristic") for n in bot_names[:3])]


def daily_status(history, game_id, day):
    mine = [g for g in history.games(game=game_id) if g.daily == day]
    return mine[-1] if mine else None


def share_line(fg, ascii) -> str:
    dot = "." if ascii else "·"
    score = fg.result["scores"][0]
    return f"Cutthroat {dot} {fg.game} {dot} {fg.daily} {dot} {score} pts"


def install() -> None:
    """Put the stand-in in place of `cutthroat.history` if that can't be imported."""
    try:
        import cutthroat.history.records  # noqa: F401
        return
    except ImportError:
        pass
    package = types.ModuleType("cutthroat.history")
    package.__path__ = []
    sys.modules["cutthroat.history"] = package
    here = sys.modules[__name__]
    for name, names in {"model": ("FinishedGame", "Seat"), "store": ("History", "default_path"),
                        "records": ("records", "Records"),
                        "daily": ("daily_seed", "daily_seats", "daily_status", "share_line")}.items():
        module = types.ModuleType(f"cutthroat.history.{name}")
        for attr in names:
            setattr(module, attr, getattr(here, attr))
        sys.modules[module.__name__] = module
        setattr(package, name, module)


Any  # noqa: B018
