"""The shared table screen's flow as the sight changes: the news a seat is told, a pending
decision's prompt, the hot-seat curtain, the cursor kept on its card, the game's end.

A mixin of `SharedTableScreen` (shared.py), kept apart so no module of the table grows past a
reader's hour: shared.py lays the table out and words it, this module moves it on as the lens's
sight changes, shared_keys.py acts on the keys. It reads the screen's state (`sight`, `cursor`,
`message`, `public`, `looked`, …) set up in `SharedTableScreen.__init__`.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import agree, past
from cutthroat.host.updates import SeatUpdate
from cutthroat.lens import HOT_SEAT, Sight
from cutthroat.tui.text import escape, lines_of
from cutthroat.tui.widgets.choice import ASIDE, ChoiceScreen


def lower_you(line: str) -> str:
    """A sentence of news told after others (or after a colon): "you", not "You", mid-line."""
    return "you" + line[3:] if line.startswith(("You ", "Your ")) else line


class SharedFlow:
    """The sight changes: news, prompts, the curtain (a mixin of `SharedTableScreen`)."""

    def watch_sight(self, old: Sight | None, sight: Sight | None) -> None:
        if sight is None:
            return
        version_changed = old is None or old.update.version != sight.update.version
        again, self.shown_sight = sight is self.shown_sight, sight  # (the same sight: the screen resumed)
        if version_changed or (old.seat, old.private) != (sight.seat, sight.private):
            self.message, self.hinted = "", None  # feedback was for the last screen, not this seat's
        if version_changed:
            self.selected = frozenset()
            self.close_stale_prompt()
        news = self.news_events(sight.seat, sight.news) if sight.news else ()
        if sight.private and not sight.handoff:
            self.looked[sight.seat] = len(self.public)  # this seat's next curtain tells what comes after
        if news and sight.handoff and self.lens.mode == HOT_SEAT and self.lens.alone is None:
            self.news = ""
            self.show_news(sight, news)  # read before the screen is passed on
        elif news and again:
            pass  # told already
        elif news:
            self.news = ""
            self.tell_news(sight, news)
        elif version_changed or not sight.private:
            self.news = ""
        if sight.private and not sight.handoff and not again:
            self.looked_in_turn[sight.seat] = self.turns
        if sight.handoff and not news:
            self.sight = self.lens.handed_off()  # nothing worth telling after all
            return
        self.keep_cursor(sight)
        self.refresh_bindings()
        self.call_later(self.next_step)

    def news_lines(self, sight: Sight, news) -> list[str]:
        """The seat's news in words, told to it as done: "You picked up R3", "Ana stole Nope from you"."""
        names = list(self.names)
        names[sight.seat] = "You"
        return [agree(past(e.describe(names), names)) for e in news]

    def own_news(self, sight: Sight) -> bool:
        """Is the news on the seat's screen what its own move did this very turn (its screen was
        already its own in this turn: a pair's steal, its Share the Future's cards), not what
        happened since its last turn?"""
        view = sight.update.view
        return getattr(view, "turn", None) == sight.seat and self.looked_in_turn.get(sight.seat) == self.turns

    def tell_news(self, sight: Sight, news) -> None:
        """The seat's private news on its screen: on the message line if it fits there whole, else
        in a box until read (Enter); the prompt of its decision, if any, follows."""
        lines = [self.sym_text(line) for line in self.news_lines(sight, news)]
        own = self.own_news(sight)
        told = "; ".join(lines[:1] + [lower_you(line) for line in lines[1:]])
        text = escape(told) if own else f"[$text-muted]Since your last turn:[/] {escape(lower_you(told))}"
        if lines_of(text, self.message_width()) <= self.MESSAGE_LINES:
            self.news = text
            return
        from cutthroat.tui.widgets.news import NewsScreen

        title = f"{self.names[sight.seat]}: {'just now' if own else 'since your last turn'}"
        self.app.push_screen(NewsScreen(title, lines, "Enter: done"), lambda _=None: self.call_later(self.next_step))

    def message_width(self) -> int:
        """The message line's width (before the first layout: the board's at 80 columns)."""
        widgets = self.query(f"#{self.ID}-message")
        return (widgets.first().content_region.width if widgets else 0) or 50

    def show_news(self, sight: Sight, news) -> None:
        """Hot-seat, at a hand-off: what a seat drew as its turn ended, whole, until it is read
        (Enter); only then does the screen move on to the next player (a curtain). News at the
        start of a seat's own screen is told on its message line instead, as solo: a box there
        would take the first Enter, meant for the move or the prompt."""
        from cutthroat.tui.widgets.news import NewsScreen

        lines = [self.sym_text(line) for line in self.news_lines(sight, news)]
        title = f"{self.names[sight.seat]}, before you pass the screen on"
        self.app.push_screen(NewsScreen(title, lines, "Enter: done"), lambda _=None: self.hand_off())

    def hand_off(self) -> None:
        self.sight = self.lens.handed_off()

    def news_events(self, seat: int, events) -> list:
        """The private news worth telling `seat` on its screen (a game leaves out what the seat
        knew anyway, like the card it chose to play)."""
        return list(events)

    def keep_cursor(self, sight: Sight) -> None:
        """Keep the cursor on the same card as the hand changes; a new turn starts on the first
        card that can be played."""
        cards = self.hand(sight.update.view) if sight.private else []
        codes = [c.code for c in cards]
        if sight.private and sight.update.legal and self.turn_started != sight.update.version:
            self.turn_started = sight.update.version
            playable = self.playable(sight.update)
            first = next((i for i, c in enumerate(cards) if c in playable), None)
            if first is not None:
                self.cursor_code = codes[first]
        cursor = self.cursor
        if self.cursor_code in codes and (cursor >= len(cards) or codes[cursor] != self.cursor_code):
            cursor = codes.index(self.cursor_code)
        cursor = max(0, min(cursor, len(cards) - 1)) if cards else 0
        self.cursor_code = codes[cursor] if cards else None
        self.cursor = cursor

    def playable(self, update: SeatUpdate) -> set:
        return set()

    def next_step(self) -> None:
        """What the sight calls for: the curtain, the game's end, or a decision's prompt."""
        sight = self.sight
        if sight is None or not self.is_attached or self.app.screen is not self:
            return
        if sight.curtain is not None:
            self.show_curtain(sight.curtain)
        elif sight.update.over:
            if not self.game_over_shown:
                self.game_over_shown = True
                self.call_after_refresh(self.show_game_over)
        elif sight.private and sight.update.legal and self.prompted != sight.update.version \
                and not self.prompt_open and not any(self.table.is_bot(q) for q in sight.update.to_act):
            prompt = self.decision_prompt(sight)  # (bots answer a window or Garbage Collection first)
            if prompt is not None:
                self.prompted = sight.update.version  # once a version: put away, Enter opens it again
                self.open_prompt(*prompt)

    def close_stale_prompt(self) -> None:
        """The table moved on while a prompt asks (a window closed by its clock or someone
        else's answer, a turn timed out): the prompt goes, on every screen, rather than wait over
        the next decision for a key that would be dropped. (Under another dialog it stays; its
        answer is dropped when it comes.)"""
        prompt = self.prompt_screen
        if prompt is not None and self.is_attached and self.app.screen is prompt:
            prompt.dismiss(None)

    def decision_prompt(self, sight: Sight) -> tuple[Screen, Any] | None:
        """A pending decision's prompt for the seat on screen and what to do with its answer
        (a callback taking it), or None: the keys decide."""
        return None

    def choice_prompt(self, update: SeatUpdate, title: str, choices, note: str = ""):
        """A pending decision's prompt and what to do with its answer. Where the seat's play still
        waits for this choice (`can_take_back`), Esc takes the play back; else it puts the prompt
        away (Enter brings it back)."""
        if update.can_take_back:
            return ChoiceScreen(title, choices, note=note, esc="take back"), \
                lambda a: self.answer(a) if a is not None else self.take_back()
        return ChoiceScreen(title, choices, note=note), lambda a: a is not None and self.answer(a)

    def answer(self, action: Action) -> None:
        """A prompt's answer, sent if the screen is still this seat's move."""
        if self.mine:
            self.act(action)

    def open_prompt(self, screen: Screen, answer) -> None:
        """Ask, and hand the answer on only if the table is where it was when asked (a stale
        answer is dropped; the decision that stands now gets its own prompt)."""
        self.prompt_open = True
        self.prompt_screen = screen
        asked_at = self.update.version

        def done(value) -> None:
            self.prompt_open = False
            self.prompt_screen = None
            if value is ASIDE:  # put aside: the decision waits (Enter brings it back)
                self.refresh_bindings()
                return
            if self.update.version == asked_at:
                answer(value)
            else:
                self.call_later(self.next_step)

        self.app.push_screen(screen, done)

    # -- the curtain ---------------------------------------------------------------------------------------
    def show_curtain(self, seat: int) -> None:
        from cutthroat.tui.widgets.curtain import CurtainScreen

        if self.curtain_up:
            return
        self.curtain_up = True
        note = self.sym_text(self.curtain_note(self.sight, seat))
        meanwhile = self.public[self.looked.get(seat, 0):]  # what everyone saw since: public, so it may show
        self.app.push_screen(CurtainScreen(self.names[seat], title=self.GAME_TITLE, note=note, meanwhile=meanwhile,
                                           game_id=self.table.game), lambda result: self.after_curtain(result, seat))

    def curtain_note(self, sight: Sight, seat: int) -> str:
        return ""

    def after_curtain(self, result: str | None, seat: int) -> None:
        """`seat` is the one the curtain named: the lens shows their screen only if it is still theirs."""
        self.curtain_up = False
        if result == "ok":
            self.cursor_code, self.turn_started = None, -1
            self.sight = self.lens.pass_curtain(seat)
        else:
            self.sight = self.lens.unclaim()
            self.action_menu()
