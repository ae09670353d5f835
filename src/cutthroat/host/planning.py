"""The table host's planning: after each change, what comes next (an answer nobody is asked for,
a bot to ask, a deadline for a reaction window; the order is in `table.py`'s docstring), and the
bots: made on first use, asked off the caller's thread, or all answered in one loop with inline
workers while nobody listens.

A part of `TableHost` (a mixin: the host's state is its own, set in `TableHost.__init__`); a
module of its own so `table.py` reads as the commands and the moves.
"""

from __future__ import annotations

import logging
from typing import Any

from cutthroat.bots import make_bot
from cutthroat.engine.protocol import Action, IllegalAction

log = logging.getLogger("cutthroat.host")


class Planning:
    """What comes next after each change, and the bots (see the module's docstring)."""

    def _plan(self, ask_now: bool = False) -> tuple[int, int] | None:
        """Plan what comes next (see `table.py`'s docstring). `ask_now` (the inline bots' loop):
        a bot to ask at once, with nothing else queued, is returned as (seat, version) for the
        caller to ask, not queued."""
        session, rules = self.session, self.rules
        state, version = session.state, session.version
        to_act = rules.to_act(state)
        if not to_act or self.closed or not self.started:
            self._cancel_timers()
            return
        if self.max_moves is not None and len(session.log) >= self.max_moves:
            self._cancel_timers()
            if self.strict:
                raise RuntimeError(f"no end after {self.max_moves} moves")
            return
        for seat in (to_act if self._answers_alone else ()):
            auto = rules.auto_action(state, seat)
            if auto is None and seat in self.quick_pass:
                default = rules.reaction_default(state, seat)
                if default is not None and rules.legal_actions(state, seat) == [default]:
                    auto = default
            if auto is not None:
                self._queue.append(lambda seat=seat, auto=auto, v=version: self._auto(seat, auto, v))
                return
        if self._holds:
            return
        if self._paces and self._pace(state, version, to_act):
            return
        bot_seats = self._bot_seats
        for seat in to_act:  # the first bot to act is asked
            if seat in bot_seats:
                break
        else:
            seat = None
        if seat is not None:
            if self._deadline is not None:
                self._cancel_deadline()
            if self._asked == (seat, version):
                return
            self._asked = (seat, version)
            # The bot pause: none for reactions, while skipping ahead, or for an answer at once.
            delay = self.bot_delay
            if delay > 0 and (self._skipping or len(to_act) > 1 or rules.answered_at_once(state, seat) or (
                    self._reactions and rules.reaction_default(state, seat) is not None)):
                delay = 0.0
            if delay > 0:
                ask = lambda: self._ask_bot(seat, version)  # noqa: E731
                if self._bot_timer is not None:
                    self._bot_timer.cancel()
                self._bot_timer = self.clock.call_at(self.clock.now() + delay, lambda: self._post(ask))
            elif ask_now and not self._queue:
                return seat, version
            else:
                self._queue.append(lambda: self._ask_bot(seat, version))
            return None
        self._skipping = False
        self._time_turn(state, version, to_act)
        reacting = [seat for seat in to_act if rules.reaction_default(state, seat) is not None] \
            if self._reactions else []
        if not reacting or self.window_seconds is None or self._claim is not None:
            if self._deadline is not None:
                self._cancel_deadline()
        elif self._expired:
            self._deadline = (version, self.clock.now())  # time's up: the remaining passes follow
        elif self._deadline is None or self._deadline[0] != version:
            self._cancel_deadline()
            when = self.clock.now() + self.window_seconds
            self._deadline = (version, when)
            self._deadline_timer = self.clock.call_at(when, lambda: self._post(lambda: self._timeout(version)))

    def _step(self, state, seat: int) -> str | None:
        """Is the next move taken without asking anyone? "paced": the table's own step, after the
        bot pause (a card activating), a moment everyone watches; "at once": an answer nobody
        needs to be asked for (a draw with no choice), the seat's own; None: someone decides."""
        rules = self.rules
        if self._paces and rules.paced_action(state, seat) is not None:
            return "paced"
        if self._answers_alone and rules.auto_action(state, seat) is not None:
            return "at once"
        return None

    def _bot(self, seat: int):
        bot = self._bots.get(seat)
        if bot is None:  # made on first use
            level = self.info.seats[seat].level or "heuristic"
            bot = self._bots[seat] = make_bot(self.rules, level, seed=self.session.seed * 31 + seat,
                                              think_ms=self.session.think_ms)
        return bot

    def _ask_bot(self, seat: int, version: int) -> None:
        self._bot_timer = None
        session = self.session
        if version != session.version or self._holds or self.closed:  # (same version: still to act)
            if self._asked == (seat, version):
                self._asked = None
            return
        if self._inline:  # we are the writer already: answer now
            self._bots_inline(seat, version)
            return
        bot = self._bot(seat)
        view = self.rules.view(session.state, seat) if getattr(bot, "needs_view", True) else None
        legal = self.rules.legal_actions(session.state, seat)

        def think() -> None:
            try:
                action, error = bot.choose(view, legal), None
            except Exception as exc:  # noqa: BLE001 - survived in _bot_answer
                action, error = None, exc
            self._post(lambda: self._bot_answer(seat, version, action, error, legal))

        self.workers.run(think)

    def _bots_inline(self, seat: int, version: int) -> None:
        """Inline workers: the bot to act answers now, and while nobody listens (no port, no
        pause, nothing else queued) the next bot too, in this loop: a move costs the bot's choice,
        one `apply` and the plan — no update built, no command queued. The same moves, in the
        same order, as the general path (`_bot_answer`, `_move`, `_changed`), which takes over
        at the first move anything else needs."""
        session, rules = self.session, self.rules
        # (Bound once: the loop runs for every move of a bots-only game.)
        legal_actions, to_act, view, apply = rules.legal_actions, rules.to_act, rules.view, session.apply
        reaction_default = rules.reaction_default if self._reactions else None
        choosers: dict[int, tuple[Any, bool]] = {}  # seat → (its bot's choose, does it need a view?)
        open_plays = self._open_plays
        # Only a command changes these (none runs in this loop): where the table has no pause, no
        # answer made alone, no table's step and no reaction clock, the plan is the first bot to
        # act, asked at once — worked out here; else (and at the end) `_plan` says.
        bot_seats, max_moves, log = self._bot_seats, self.max_moves, session.log
        if max_moves is None:
            max_moves = float("inf")
        plain = not (self._answers_alone or self._paces or self._holds) and self.bot_delay <= 0 and \
            self._deadline is None and self.started
        while True:
            known = choosers.get(seat)
            if known is None:
                bot = self._bot(seat)
                known = choosers[seat] = (bot.choose, getattr(bot, "needs_view", True))
            choose, needs_view = known
            state = session.state
            legal = legal_actions(state, seat)
            try:
                action = choose(view(state, seat) if needs_view else None, legal)
            except Exception as exc:  # noqa: BLE001 - survived in _bot_answer
                self._bot_answer(seat, version, None, exc, legal)
                return
            if self._ports or self._pauses:  # someone to tell, or a pause to set: the general path
                self._bot_answer(seat, version, action, None, legal)
                return
            # `_bot_answer` (nothing ran since the plan asked: the answer is not stale) and `_move`
            self._asked = None
            default = reaction_default(state, seat) if reaction_default is not None else None
            try:
                events = apply(action, seat)
            except IllegalAction as exc:
                self._bot_failed(seat, IllegalAction(exc.reason), legal)
                return
            if default is None or action != default:
                self._decisive += 1
            # `_changed` with nobody to tell: a play waiting for its choices still holds its events
            self._claim = None
            if session.autosave_error != self._autosave_error:
                self._note_autosave()
            following = None
            if plain and len(log) < max_moves and not self._queue and not self.closed:
                version = session.version
                for seat in to_act(state):  # (the same state: a move changes it in place)
                    if seat in bot_seats:
                        following = self._asked = (seat, version)
                        break
            if following is None:
                following = self._plan(ask_now=True)
            if open_plays:
                self._held += events
                if self._hidden_play() is None:
                    self._held = []
            if following is None:
                return
            seat, version = following

    def _bot_answer(self, seat: int, version: int, action: Action | None, error: Exception | None,
                    legal: list[Action]) -> None:
        if self._asked == (seat, version):
            self._asked = None
        if version != self.session.version or self._holds or self.closed or seat not in self._bot_seats:
            return  # stale (or paused, or the seat's player is back): the plan asks again
        if error is None:
            reason = self._move(seat, action)
            if reason is None:
                return
            error = IllegalAction(reason)
        self._bot_failed(seat, error, legal)

    def _bot_failed(self, seat: int, error: Exception, legal: list[Action]) -> None:
        """A bot raised or answered illegally: strict, it raises; else a legal move instead."""
        if self.strict:
            raise error
        name = self.info.seats[seat].name
        log.error("bot in seat %s (%s) failed: %r", seat, name, error, exc_info=error)
        fallback = self.rules.reaction_default(self.session.state, seat) or legal[0]
        # Everyone hears of it, so in public words: the fallback may be a secret (a kitten's depth).
        self._notices.append(("Bot failed", f"{name}'s bot failed ({type(error).__name__}); "
                                            "it plays a legal move instead"))
        self._move(seat, fallback)
