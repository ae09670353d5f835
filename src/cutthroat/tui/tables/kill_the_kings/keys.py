"""The Kill The Kings table's keys: what each key (and a click) does with the drawn card, the
reserve and the cursor, which keys are live (`check_action`), and the hint Enter plays.

A mixin of the table screen (table.py), kept apart so the table module stays one job: table.py
lays out and draws the board and tells the port's news; this module acts. The cursor's slots
are named here, as the keys move it: columns 0–3, reserve spots 4–7, the deck 8.
"""

from __future__ import annotations

from textual.events import Click

from cutthroat.engine.protocol import Action
from cutthroat.games.kill_the_kings.actions import DRAW, PLACE, PLAY_RESERVE, RESERVE
from cutthroat.games.kill_the_kings.cards import SPOT_NAMES
from cutthroat.games.kill_the_kings.text import describe_action, why_not_fits
from cutthroat.host.updates import Hint

# Cursor slots: columns 0–3, reserve spots 4–7, the deck 8.
COLUMN_SLOTS = range(0, 4)
SPOT_SLOTS = range(4, 8)
DECK_SLOT = 8
_SLOT_BY_ID = {**{f"col{c}": c for c in COLUMN_SLOTS}, **{f"spot{s - 4}": s for s in SPOT_SLOTS},
               "deck": DECK_SLOT, "drawn": DECK_SLOT}


class KtkKeys:
    """Acting on the keys (a mixin of the Kill The Kings `TableScreen`)."""

    def act(self, action: Action) -> bool:
        self.message = ""
        reason = self.submit(action)
        if reason is not None:
            self.say(f"✗ {reason}")
            self.app.bell()
            return False
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "menu":
            return self.picked is None  # Esc first drops a picked-up reserve card
        if action in ("save", "rules", "move", "history"):
            return True
        if action in ("activate", "score") and self.sight is not None and self.view.phase in ("round_over", "game_over"):
            return True  # Enter brings the score back after a look at the board
        if action == "score":
            return False
        if self.sight is None or not self.human_turn:
            return False
        view = self.view
        playing = view.phase == "play"
        drawn = view.drawn is not None
        if action == "column":
            return playing and (drawn or self.picked is not None)
        if action == "pick":
            return playing and not drawn and any(view.reserve)
        if action == "reserve_letter":
            return playing and drawn
        if action == "draw":
            return playing and not drawn and view.deck_count > 0
        if action == "undo":
            return self.update.can_undo
        if action == "undo_off":
            return not self.app.settings.undo
        if action == "undo_none":
            return self.app.settings.undo and view.phase == "play"
        if action == "hint":
            return playing
        if action == "cancel":
            return self.picked is not None
        return True

    def action_column(self, c: int) -> None:
        view = self.view
        self.cursor = c
        if view.drawn is not None:
            self.act(PLACE[c])
        elif self.picked is not None:
            if self.act(PLAY_RESERVE[self.picked][c]):
                self.picked = None
                self.refresh_table()
        else:
            self.say("Pick a card first: draw (n) or pick up a reserve card (5–8)")

    def action_spot(self, s: int) -> None:
        view = self.view
        self.cursor = 4 + s
        if view.drawn is not None:
            self.act(RESERVE[s])
            return
        card = view.reserve[s]
        if card is None:
            self.say(f"Reserve {SPOT_NAMES[s]} is empty: reserve spots take drawn cards")
        elif self.picked == s:
            self.picked = None
            self.say("")
        else:
            self.picked = s
            cols, _ = self.targets(view)
            if not cols:
                reasons = {why_not_fits(card, list(view.columns[c]), c) for c in COLUMN_SLOTS}
                self.say(f"✗ {self.label(card)} fits under no king now: " + sorted(r for r in reasons if r)[0])
            else:
                self.say("")

    def action_reserve_letter(self, s: int) -> None:
        self.action_spot(s)

    def action_pick(self, s: int) -> None:
        self.action_spot(s)

    def action_draw(self) -> None:
        self.picked = None
        self.cursor = DECK_SLOT
        self.act(DRAW)

    def action_activate(self) -> None:
        if self.view.phase in ("round_over", "game_over"):
            self.show_round_end()
        elif self.cursor in COLUMN_SLOTS:
            self.action_column(self.cursor)
        elif self.cursor in SPOT_SLOTS:
            self.action_spot(self.cursor - 4)
        else:  # the deck (it never runs out: see rules.md)
            self.action_draw()

    def action_move(self, dx: int, dy: int) -> None:
        top = self.cursor in COLUMN_SLOTS
        if dy:
            top = not top
            pos = (self.cursor if self.cursor in COLUMN_SLOTS else self.cursor - 4)
            self.cursor = min(pos, 3) if top else 4 + min(pos, 4)
        else:
            if top:
                self.cursor = (self.cursor + dx) % 4
            else:
                self.cursor = 4 + (self.cursor - 4 + dx) % 5
        self.refresh_table()

    def on_click(self, event: Click) -> None:
        """Mouse is optional: a click acts like moving the cursor there and pressing Enter."""
        widget = event.widget
        while widget is not None and widget is not self:
            slot = _SLOT_BY_ID.get(widget.id or "")
            if slot is not None:
                if self.human_turn and self.view.phase == "play":
                    self.cursor = slot
                    self.action_activate()
                return
            widget = widget.parent

    def action_undo_off(self) -> None:
        self.say("✗ Undo is off (Settings: Undo)")
        self.app.bell()

    def action_undo_none(self) -> None:
        self.say("✗ Nothing to undo since the last draw (a draw can't be taken back)")
        self.app.bell()

    def action_score(self) -> None:
        self.show_round_end()

    def action_undo(self) -> None:
        self.picked = None
        reason = self.acting_port.undo()
        self.say(reason or "Undone.")

    def action_cancel(self) -> None:
        self.picked = None
        self.say("")

    def show_hint(self, hint: Hint | None, version: int) -> None:
        if hint is None or version != self.update.version:
            return
        action = hint.action
        self.hinted = action
        # The cursor goes where the hint points, so Enter takes it.
        if action.kind == "play_reserve":
            self.picked = action.spot
        if action.kind in ("place", "play_reserve"):
            self.cursor = action.column
        elif action.kind == "reserve":
            self.cursor = 4 + action.spot
        else:  # draw, end the round
            self.cursor = DECK_SLOT
        description = describe_action(self.view, action)
        why = f" — {hint.why}" if hint.why else ""
        self.refresh_table()
        key = self.key_text("activate") or "⏎"
        # The key first: a reason too long for the message lines is cut, never the way to play it.
        self.say(f"Hint ({key} plays it): {description}{why}")
