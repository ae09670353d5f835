"""The table service's tables: what one live table is (`LiveTable`: its setup, seats, host and
timers, and what the lobby shows of it), and the refusal every service request may end in
(`Refused`). Apart from `service.py` so that the modules of the service (its clients, daily deals,
links, finished games) share them without importing the service itself.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from cutthroat.engine.registry import game_info
from cutthroat.host import TableHost

AWAY_SECONDS = 60.0  # a seat left empty this long (a dropped connection) gets a stand-in bot
TURN_SECONDS = 90.0  # a human's time for a move (then a bot makes that one move for them)


def _seconds(value: Any, default: float, least: float) -> float:
    """A table's time setting from a request: a number of seconds within [least, an hour]."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return default
    return max(least, min(float(value), 3600.0))


class Refused(Exception):
    """A request the service says no to, with the one-line reason the client shows."""


@dataclass
class LiveTable:
    """One table: its setup, who sits where, and (once every human seat is taken) its host."""

    code: str
    game: str
    config: dict[str, str]
    seed: int
    seats: list[dict[str, Any]]  # {"kind", "level", "name", "player"}: a human seat's player, or None
    maker: str | None = None  # the player who made it (may start it early, or close it while it waits)
    created: float = field(default_factory=time.time)  # (wall clock: a waiting table expires)
    away_seconds: float = AWAY_SECONDS  # the table's own: how long an empty seat waits for its player
    turn_seconds: float = TURN_SECONDS  # the table's own: a human's time for a move
    address: str = "?"  # where its maker connected from (fresh keys are still one client: capped too)
    host: TableHost | None = None
    finished: bool = False
    present: dict[int, int] = field(default_factory=dict)  # seat → screens listening to it now
    away: dict[int, Any] = field(default_factory=dict)  # seat → the timer that brings a stand-in
    hints: dict[tuple, Any] = field(default_factory=dict)  # (seat, version) → the hint found there
    #: Today's deal (its date): one player's attempt against the fixed bots, dealt from the
    #: server's secret daily seed. Nobody else sees it listed, joins or watches it; no clock, no
    #: stand-in (the attempt is the player's own); closed once its day is over.
    daily: str | None = None

    @property
    def status(self) -> str:
        return "over" if self.finished else "playing" if self.host is not None else "waiting"

    def setup(self) -> dict[str, Any]:
        return {"game": self.game, "config": self.config, "seed": self.seed, "seats": self.seats,
                "maker": self.maker, "created": self.created,
                "away_seconds": self.away_seconds, "turn_seconds": self.turn_seconds,
                **({"daily": self.daily} if self.daily else {})}

    def summary(self, player: str) -> dict[str, Any]:
        """What the lobby shows of it: game, code, seats (taken or free, yours), status."""
        return {"code": self.code, "game": self.game, "title": game_info(self.game).name,
                "status": self.status, "yours": self.maker == player, "daily": bool(self.daily),
                "seats": [{"kind": s["kind"], "level": s.get("level"), "name": s["name"],
                           "taken": s["kind"] == "bot" or s.get("player") is not None,
                           "you": s.get("player") == player} for s in self.seats]}

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s["kind"] == "human" and s.get("player") is None), None)

    def seat_of(self, player: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.get("player") == player), None)

    def seen_by(self, player: str) -> bool:
        """May `player` see this table (list, join, watch it)? A daily table: its player only."""
        return not self.daily or self.seat_of(player) is not None

