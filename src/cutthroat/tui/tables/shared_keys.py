"""The shared table screen's keys: acting through the seat's port, the keys every game's table
shares (cursor, seat numbers in a window, skip ahead, results) and the hint Enter plays.

A mixin of `SharedTableScreen` (shared.py), kept apart so no module of the table grows past a
reader's hour: shared.py lays the table out and words it, shared_flow.py moves it on as the
sight changes, this module acts on the keys. A game's own keys live in its table module, which
extends `check_action` here (None: the game decides).
"""

from __future__ import annotations

from textual.screen import Screen

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import agree
from cutthroat.host.updates import Hint, SeatUpdate
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.hand import HandPanel


class SharedKeys:
    """Acting, the shared keys and hints (a mixin of `SharedTableScreen`)."""

    def act(self, action: Action) -> bool:
        sight = self.sight
        reason = self.submit(action)
        if reason is not None:
            self.refuse(reason)
            return False
        if sight is not None and sight.private:
            self.moved = (sight.seat, sight.update.version)
        self.message = ""
        return True

    def take_back(self) -> None:
        """Esc in a play's target (or naming) prompt: the cards go back to the hand."""
        if self.mine:
            reason = self.acting_port.take_back()
            if reason is not None:
                self.refuse(reason)

    def say(self, text: str) -> None:
        self.message = text

    def refuse(self, reason: str) -> None:
        self.say(f"[$error]{self.sym.get('x', '✗')} {escape(self.sym_text(reason))}[/]")
        self.app.bell()

    def refresh_bindings(self) -> None:
        """The footer again, its seat numbers fitted to the seats that answer now."""
        if self.sight is not None:
            self.fit_seat_keys(self.answering_seats() or None)  # (none answer: the key isn't shown)
        super().refresh_bindings()

    def answering_seats(self) -> list[int] | None:
        """The seats whose number key acts now (None: any seat's): a shared window's claimants."""
        claimable = self.sight.claimable if self.sight is not None else None
        return list(claimable) if claimable else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        if action == "save":
            return self.app.host is not None  # a server's table is kept by the server: no `s` there
        if action in ("rules", "menu", "history") or update is None:
            return True
        if action == "results":
            return update.over
        if action == "skip_ahead":
            return any(self.table.is_bot(q) for q in update.to_act) and not update.skipping
        if action == "seat" and self.sight.claimable:
            return not self.curtain_up
        if action == "all_pass":
            return bool(self.sight.claimable) and not self.curtain_up
        if action == "move":  # (one card: nowhere to move)
            return self.sight.private and len(self.hand(update.view)) > 1 and not self.curtain_up
        if action == "hint":  # (not again while its hint stands: h would show the same)
            return self.mine and self.hint_offered(update) and self.standing_hint() is None
        if action == "play_hint":
            return self.standing_hint() is not None
        return None  # the game's own keys decide

    def decision_key(self, action: str) -> bool | None:
        """After the shared keys, in the games whose decisions wait on the view's stack (Exploding
        Kittens, Psycho Killer): none of the game's keys once it is over or behind the curtain
        (nor a seat number outside a window); Enter `answer` while a decision waits for the seat
        on screen with its prompt put away. None: the game's own keys decide."""
        if self.update.over or self.curtain_up or action == "seat":
            return False
        if action == "answer":
            return self.mine and self.frame() is not None and not self.prompt_open
        return None

    def hint_offered(self, update: SeatUpdate) -> bool:
        return True

    def action_move(self, step: int) -> None:
        count = len(self.hand(self.update.view)) if self.update is not None else 0
        if count:
            if abs(step) > 1:
                self.cursor = max(0, min(count - 1, self.cursor + step))
            else:
                self.cursor = (self.cursor + step) % count
            card = self.selected_card()
            self.cursor_code = card.code if card is not None else None
        self.message = ""

    def action_all_pass(self) -> None:
        self.lens.all_pass()

    def action_seat(self, seat: int) -> None:
        sight = self.sight
        if sight is not None and sight.claimable:
            if seat >= len(self.names):
                self.refuse(f"There is no seat {seat + 1}")
            elif seat not in sight.claimable:
                self.refuse(f"{self.names[seat]} isn't asked in this window")
            else:
                self.sight = self.lens.claim(seat)
            return
        self.seat_key(seat)

    def seat_key(self, seat: int) -> None:
        """A seat number pressed outside a shared window (Kill Your Friends: a target)."""

    def action_skip_ahead(self) -> None:
        self.lens.own_port.skip_ahead()

    def action_results(self) -> None:
        self.show_game_over()

    def show_game_over(self) -> None:
        if self.app.screen is not self:
            self.game_over_shown = False  # again on resume
            return
        self.app.push_screen(self.dress_game_over(self.game_over_screen(self.update)), self.after_game_over)

    def game_over_screen(self, update: SeatUpdate) -> Screen:
        raise NotImplementedError

    # -- hints ----------------------------------------------------------------------------------------
    def show_hint(self, hint: Hint | None, version: int) -> None:
        if not self.mine or self.update.version != version:
            return  # the table moved on: the hint belongs to nobody on screen now
        if hint is None:
            self.say("[$text-muted]No hint available.[/]")
            return
        action = hint.action
        self.hinted = None  # (while the cursor moves to it)
        self.point_at(action)
        self.hinted, self.hinted_at = action, self.pointer()
        described = agree(self.rules.describe_action(self.update.view, action, self.names))
        words = self.hint_words(action, described) + (f" — {hint.why}" if hint.why else "")  # (a reason may hold brackets)
        key = escape(self.sym_text(self.key_text("play_hint") or "⏎"))
        # The key first: a reason too long for the message lines is cut, never the way to play it.
        self.say(f"[bold $card-hint]Hint[/] ([bold]{key}[/] plays it): {escape(self.sym_text(words))}")
        for panel in self.query(HandPanel):  # its note says what Enter does now
            panel.redraw()
        self.refresh_bindings()  # ⏎ plays the hint now: the footer says so

    def pointer(self) -> tuple:
        """Where the player points now: the cursor and the cards picked for a combo."""
        return self.cursor, self.selected

    def standing_hint(self) -> Action | None:
        """The hinted move while Enter plays it: the seat's own move at the position it was
        found for (a change forgets it), the cursor and selection still where it put them."""
        if self.hinted is None or not self.mine or self.pointer() != self.hinted_at:
            return None
        return self.hinted if self.hinted in self.update.legal else None

    def watch_cursor(self) -> None:
        self.forget_moved_hint()
        self.refresh_bindings()  # ⏎ play is offered for a card that can be played

    def watch_selected(self) -> None:
        self.forget_moved_hint()
        self.refresh_bindings()

    def forget_moved_hint(self) -> None:
        """The player moved the cursor (or the selection) off the hint: Enter does what the
        cursor says from now on, and the hint's line goes."""
        if self.hinted is not None and self.pointer() != self.hinted_at:
            self.hinted = None
            self.message = ""

    def action_play_hint(self) -> None:
        """Enter after a hint: the hinted move, whole (its target or choice included)."""
        hinted = self.standing_hint()
        if hinted is not None:
            self.act(hinted)

    def point_at(self, action: Action) -> None:
        """Put the cursor (and a combo's selection) where the hinted move is."""

    def hint_words(self, action: Action, described: str) -> str:
        return described

    def save_name(self) -> str:
        update = self.update
        return f"{self.SAVE_NAME} {len(self.names)}p move {update.version if update else 0}"
