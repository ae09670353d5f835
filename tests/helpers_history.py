"""Helpers for history tests: play a session to its end with bots deciding for every seat."""

from __future__ import annotations

from datetime import datetime, timezone

from cutthroat.bots import make_bot
from cutthroat.history.model import FinishedGame, Seat
from cutthroat.saves import Seat as SaveSeat
from cutthroat.session import Session


def play_out(session: Session, level: str = "random", stop_before_end: int | None = None) -> Session:
    """Every seat's moves chosen by a `level` bot until the game is over (or until `stop_before_end`
    moves remain of an identical replay: not used here)."""
    bots = {}
    while not session.is_over:
        seat = session.current_seat
        bot = bots.setdefault(seat, make_bot(session.rules, level, seed=seat))
        session.apply(bot.choose(session.view(seat), session.legal_actions(seat)), seat)
    return session


def ktk_session(seed: int = 5, **kwargs) -> Session:
    return Session("kill-the-kings", {"mode": "killer"}, seed, [SaveSeat("human", "Ana")], **kwargs)


def fg(game="kill-the-kings", *, when="2026-11-01T12:00:00", won=False, score=0, mode="killer", seats=None,
       humans=(0,), winners=None, placements=None, round_points=(), daily=None, counted=True, game_id=None,
       scores=None) -> FinishedGame:
    """A hand-built finished game."""
    seats = tuple(seats or (Seat("Ana", "human"),))
    finished = datetime.fromisoformat(when).replace(tzinfo=timezone.utc)
    if winners is None:
        winners = [humans[0]] if won else []
    options = {"mode": mode} if game == "kill-the-kings" else ({"recipe": mode} if mode else {})
    return FinishedGame(game, options, seats, tuple(humans),
                        {"winners": list(winners), "placements": list(placements or [1] * len(seats)),
                         "scores": list(scores if scores is not None else [score]), "summary": "",
                         "details": {"round_points": list(round_points)}},
                        finished, game_id or f"{game}-{when}", daily=daily, counted=counted)
