"""The table host's timers: the reaction window's deadline, the turn clock of a server's table
(a timed-out human's one move made for them), and the bot pause before the table's own paced step.

A part of `TableHost` (a mixin: the host's state is its own, set in `TableHost.__init__`); a
module of its own so `table.py` reads as the commands and the moves. Every timer posts a command
to the host's queue, so a timer never races a move.
"""

from __future__ import annotations

from cutthroat.bots import make_bot
from cutthroat.engine.protocol import Action, IllegalAction, TimeUp


class Timers:
    """Deadlines, the turn clock and the bot pause (see the module's docstring)."""

    def _cancel_deadline(self) -> None:
        if self._deadline_timer is not None:
            self._deadline_timer.cancel()
        self._deadline_timer = None
        self._deadline = None

    def _cancel_timers(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.cancel()
        self._bot_timer = None
        self._asked = None
        self._cancel_deadline()
        self._cancel_turn_timer()

    def _cancel_turn_timer(self) -> None:
        if self._turn_timer is not None:
            self._turn_timer[1].cancel()
        self._turn_timer = None

    def _turn_seats(self, state, to_act) -> list[int]:
        """The humans to make a move that is not a reaction (the turn timer's seats)."""
        return [s for s in to_act if s not in self._bot_seats and self.rules.reaction_default(state, s) is None]

    def _time_turn(self, state, version: int, to_act: list[int]) -> None:
        """Humans to make a move that is not a reaction: the turn's clock starts (once a version)."""
        if self.turn_seconds is None or not self._turn_seats(state, to_act):
            self._cancel_turn_timer()
            return
        if self._turn_timer is not None and self._turn_timer[0] == version:
            return
        self._cancel_turn_timer()
        when = self.clock.now() + self.turn_seconds
        self._turn_timer = (version, self.clock.call_at(when, lambda: self._post(lambda: self._turn_up(version))))

    def _turn_up(self, version: int) -> None:
        """The turn timer ran out: the smallest move (`rules.quiet_kinds`), else a heuristic bot's,
        for each human still to make theirs (several, where all choose at once)."""
        session = self.session
        if version != session.version or self._holds or self.closed:
            return
        self._turn_timer = None
        for seat in self._turn_seats(session.state, self.rules.to_act(session.state)):
            state = session.state
            if seat not in self.rules.to_act(state):
                continue
            view, legal = self.rules.view(state, seat), self.rules.legal_actions(state, seat)
            if not legal:
                continue
            action = self._quiet_move(view, legal)
            move = self.rules.describe_action(view, action)
            try:
                events = session.apply(action, seat)
            except IllegalAction:
                continue
            self._changed([TimeUp(seat, move), *events])

    def _quiet_move(self, view, legal: list[Action]) -> Action:
        """The move a stand-in makes for one timed-out turn."""
        for kind in self.rules.quiet_kinds:
            quiet = next((a for a in legal if a.kind == kind), None)
            if quiet is not None:
                return quiet
        bot = make_bot(self.rules, "heuristic", seed=self.session.seed * 37 + len(self.session.log))
        try:
            return bot.choose(view, legal)
        except Exception:  # noqa: BLE001 - a failing bot still may not stall the table
            return legal[0]

    def _pace(self, state, version: int, to_act: list[int]) -> bool:
        """The table's own step (`rules.paced_action`): taken after the bot pause, or at once
        while skipping ahead. True when one is on its way."""
        seat = to_act[0]
        action = self.rules.paced_action(state, seat)
        if action is None:
            return False
        if self._deadline is not None:
            self._cancel_deadline()
        if self._asked == (seat, version):
            return True
        self._asked = (seat, version)
        step = lambda: self._auto(seat, action, version)  # noqa: E731
        if self._skipping or self.bot_delay <= 0:
            self._queue.append(step)
        else:
            if self._bot_timer is not None:
                self._bot_timer.cancel()
            self._bot_timer = self.clock.call_at(self.clock.now() + self.bot_delay, lambda: self._post(step))
        return True

    def _auto(self, seat: int, action: Action, version: int) -> None:
        if version == self.session.version and not self.closed:
            self._move(seat, action)

    def _timeout(self, version: int) -> None:
        """The reaction window's time ran out: everyone still answering plays the default."""
        if version != self.session.version or self._holds or self._claim is not None or self.closed:
            return
        self._deadline_timer = None
        self._expired = True  # the passes that follow show the window's time as up, not restarted
        try:
            rules, state = self.rules, self.session.state
            late = [(seat, rules.reaction_default(state, seat)) for seat in rules.to_act(state)
                    if not self.info.is_bot(seat)]
            for seat, default in late:
                state = self.session.state
                if default is not None and seat in rules.to_act(state) and rules.reaction_default(state, seat) == default:
                    self._move(seat, default)
        finally:
            self._expired = False
        if self._deadline is not None:  # a window still open (a seat had no default): its own time
            self._deadline = None
            self._told()
