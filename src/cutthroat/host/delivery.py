"""The table host's delivery: each listening port gets its seat's `SeatUpdate` (the seats first,
the spectator last), a new listener its hello, a hint its snapshot.

A part of `TableHost` (a mixin: the host's state is its own, set in `TableHost.__init__`); a
module of its own so `table.py` reads as the commands and the moves.
"""

from __future__ import annotations

from typing import Any

from cutthroat.engine.protocol import Event
from cutthroat.host.updates import SeatUpdate, told_seed


class Delivery:
    """Telling the seats (see the module's docstring)."""

    def _decision_since(self, seat: int) -> int:
        """The version since which `seat` has been told the position it decides on now (the
        current version where it was told nothing since)."""
        seen = self._seen.get(seat)
        return self.session.version if seen is None else seen[0]

    def _hint_snapshot(self, seat: int):
        state = self.session.state
        if seat is None or seat not in self.rules.to_act(state):
            return None
        return self.rules.view(state, seat), self.rules.legal_actions(state, seat), len(self.session.log)

    def _deliver(self, events: list[Event]) -> None:
        # The seats first, the spectator last (a hot-seat lens decides on the spectator's update,
        # with every seat's of the same change in hand); a snapshot, as ports may be added meanwhile.
        listening = sorted((p for p in list(self._ports.values()) if p.listening), key=lambda p: p.seat is None)
        if listening:
            common = self._common()
            for port in listening:
                port.deliver(self._update(port.seat, events, common))
        self._notices = []

    def _common(self) -> dict[str, Any]:
        session, rules = self.session, self.rules
        state = session.state
        to_act = tuple(rules.to_act(state))
        deadline = None
        if self._deadline is not None and self._deadline[0] == session.version:
            deadline = max(0.0, self._deadline[1] - self.clock.now())
        result = rules.result(state)
        steps = {self._step(state, seat) for seat in to_act}  # (a window nobody can answer: all pass at once)
        return dict(version=session.version, to_act=to_act, stepping=bool(to_act) and None not in steps,
                    paced="paced" in steps,
                    reacting=tuple(s for s in to_act if rules.reaction_default(state, s) is not None),
                    deadline=deadline, skipping=self._skipping, result=result,
                    stats=tuple(dict(s) for s in session.stats) if result is not None else (),
                    notices=tuple(self._notices), out=tuple(rules.out_seats(state)),
                    seed=told_seed(session.seed, daily=bool(session.daily), over=result is not None))

    def _update(self, seat: int | None, events: list[Event], common: dict[str, Any]) -> SeatUpdate:
        session, rules = self.session, self.rules
        mine = tuple(shown for e in events if (shown := e.for_seat(seat)) is not None)
        acting = seat is not None and seat in common["to_act"] and not common["stepping"]
        hidden = self._hidden_play()
        # The others see the table as it was before a play still waiting for its choices.
        view = rules.view(session.state if hidden is None or hidden[0] == seat else session.settled(), seat)
        legal = tuple(rules.legal_actions(session.state, seat)) if acting else ()
        if seat is not None:  # (another's pass leaves a window as it was; their Nope makes a new one)
            decision = (legal, self._decisive if seat in common["reacting"] else None)
            seen = self._seen.get(seat)
            if seen is None or seen[1] != decision:
                self._seen[seat] = (session.version, decision)
        return SeatUpdate(seat=seat, view=view, events=mine, legal=legal,
                          can_undo=acting and session.can_undo,
                          can_take_back=acting and rules.open_play(session.state, seat) > 0, **common)

    def _hello(self, seat: int | None) -> SeatUpdate:
        """The table as it is now, for a new listener."""
        def hello() -> SeatUpdate:
            common = self._common()
            common["notices"] = tuple(self._opening_notices) + common["notices"]
            return self._update(seat, [], common)
        return self._read(hello)
