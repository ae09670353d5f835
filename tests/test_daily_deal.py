"""A daily deal's session: marked as such through save and resume, and its seed never told."""

from __future__ import annotations

import random

from cutthroat import saves
from cutthroat.host import InlineWorkers, ManualClock, TableHost
from cutthroat.saves import Seat
from cutthroat.session import Session


def finished(session: Session) -> Session:
    rng = random.Random(1)
    while not session.is_over:
        seat = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(seat)), seat)
    return session


def test_daily_marker_survives_save_and_resume(tmp_path):
    session = Session("kill-the-kings", {"mode": "killer"}, 77, [Seat("human", "You")], daily="2026-12-03")
    path = session.save(tmp_path / "daily.json")
    assert saves.read(path).daily == "2026-12-03"
    assert Session.load(path).daily == "2026-12-03"
    plain = Session("kill-the-kings", {"mode": "killer"}, 77, [Seat("human", "You")])
    assert saves.read(plain.save(tmp_path / "plain.json")).daily is None


def test_the_daily_seed_is_never_told():
    solo = Session("kill-the-kings", {"mode": "killer"}, 77, [Seat("human", "You")], daily="2026-12-03")
    host = TableHost(finished(solo), clock=ManualClock(), workers=InlineWorkers())
    assert "seed" not in host.info.to_json()
    assert host._common()["seed"] is None
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "heuristic"), Seat("bot", "Cy", "heuristic")]
    multi = finished(Session("kill-your-friends", {}, 5, seats, daily="2026-12-03"))
    assert TableHost(multi, clock=ManualClock(), workers=InlineWorkers())._common()["seed"] is None
    # (any other finished game tells its seed at the end)
    other = finished(Session("kill-your-friends", {}, 5, seats))
    assert TableHost(other, clock=ManualClock(), workers=InlineWorkers())._common()["seed"] == 5
    host.close()
