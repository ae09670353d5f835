"""The table screen every multi-player game shares: rows of players, the piles, whose turn it
is, a message line, the hand panel and the event log — drawn from one seat's port updates.

The screen keeps the lens's current `Sight` in a reactive; the widgets are bound to it (and to
the hand cursor, the cards picked for a combo and the feedback line) and re-render themselves.
It shows the curtain, a pending decision's prompt and the game-over dialog when the sight calls
for them, and sends each key's action through the port of the seat on screen. A game supplies
the presenter: a subclass that says how its view reads (`seat_line`, `piles_text`, …), what its
keys do, and its prompts. No game logic lives here: the rules' words come from the game's
`text` module, the moves from the update's legal actions.
"""

from __future__ import annotations

from typing import Any, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import agree, past
from cutthroat.host.updates import Hint, SeatUpdate
from cutthroat.lens import HOT_SEAT, Sight
from cutthroat.tui.tables.base import TableScreenBase
from cutthroat.tui.text import escape, fit_lines, lines_of
from cutthroat.tui.widgets.bound import BoundStatic
from cutthroat.tui.widgets.choice import ASIDE, ChoiceScreen
from cutthroat.tui.widgets.event_log import EventLog, to_ascii
from cutthroat.tui.widgets.footer import KeysFooter
from cutthroat.tui.widgets.hand import HandCard, HandPanel, HandShown
from cutthroat.tui.widgets.window_bar import WindowBar

#: Events the curtain's "Meanwhile" leaves out: the next player's turn is what the curtain says.
FILLER = {"turn_started"}


def lower_you(line: str) -> str:
    """A sentence of news told after others (or after a colon): "you", not "You", mid-line."""
    return "you" + line[3:] if line.startswith(("You ", "Your ")) else line


class SharedTableScreen(TableScreenBase):
    # (no repaint of the whole screen when they change: the widgets bound to them redraw themselves)
    cursor: reactive[int] = reactive(0, repaint=False)
    selected: reactive[frozenset] = reactive(frozenset(), repaint=False)  # hand positions picked for a combo
    message: reactive[str] = reactive("", repaint=False)

    GAME_TITLE = ""
    THINKING = "[$text-muted]Thinking…[/]"
    STEP_WORDS = "the table moves on"  # what the game's own steps are (`rules.paced_action`)
    ID = "table"  # the game's prefix for its widget ids ("ek", "kyf")
    SAVE_NAME = "table"  # a save's suggested name starts with it ("kittens 3p move 12")
    WINDOW_PROMPT = "Answer? Press your seat number:"
    COMPACT_FOOTER = True  # more live keys fit at 80 columns
    UNICODE: dict[str, str] = {}
    ASCII: dict[str, str] = {}
    ASCII_TEXT = str.maketrans({})

    def __init__(self, lens) -> None:
        super().__init__(lens)
        lens.worth_telling = self.news_events  # a hand-off only for news, so no bot plays under a hand
        self.cursor_code: str | None = None  # the card under the cursor, kept across changes
        self.curtain_up = False
        self.prompt_open = False
        self.prompt_screen: Screen | None = None  # the decision's prompt while it is up
        self.prompted = -1  # the version whose decision prompt was opened
        self.turn_started = -1  # the version at which the seat on screen last got a move to make
        self.game_over_shown = False
        self.news = ""
        self.public: list[str] = []  # hot-seat: the public events told since the table opened, in words
        self.looked: dict[int, int] = {}  # hot-seat: how many of them each seat had when it last looked
        self.moved: tuple[int, int] | None = None  # hot-seat: (seat, version) of the move just made on screen
        self.hinted: Action | None = None  # the hint on screen, while Enter plays it
        self.hinted_at: tuple = ()  # where the hint put the cursor and selection (`pointer`)
        self.turns = 0  # how many times the turn has passed from one seat to another
        self.last_turn: int | None = None
        self.looked_in_turn: dict[int, int] = {}  # each seat's last private screen came in which of them
        self.shown_sight: Sight | None = None

    def take_update(self, update: SeatUpdate) -> None:
        if update.seat == self.log_seat:
            turn = getattr(update.view, "turn", None)
            if turn != self.last_turn:
                self.turns, self.last_turn = self.turns + 1, turn
        super().take_update(update)

    def narrate(self, update: SeatUpdate) -> None:
        super().narrate(update)
        if update.seat is None and self.lens.mode == HOT_SEAT:
            self.public += [self.sym_text(agree(e.describe(self.names))) for e in self.shown_events(update.events)
                            if e.kind not in FILLER]
            if self.moved is not None and update.version > self.moved[1]:
                self.looked[self.moved[0]] = len(self.public)  # its own move is no news to it
                self.moved = None

    # -- layout -----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        p, screen = self.ID, SharedTableScreen
        every = (screen.sight, screen.cursor, screen.selected, screen.message)

        def bound(render, part: str, **options) -> BoundStatic:
            """A line of the table, drawn by `render(widget)` whenever the screen's state changes."""
            return BoundStatic(render, id=f"{p}-{part}", classes=f"table-{part}", **options).data_bind(*every)

        yield BoundStatic(lambda w: self.title_bar(w.sight), id=f"{p}-title",
                          classes="title-bar").data_bind(screen.sight)
        with Horizontal(id=f"{p}-main", classes="table-main"):
            with Vertical(id=f"{p}-board", classes=f"table-board {self.board_classes()}"):
                yield bound(lambda w: self.head_text(w.sight.update), "head")
                for seat in range(len(self.names)):
                    yield BoundStatic(lambda w, q=seat: self.seat_line(w.sight, q), id=f"seat-{seat}",
                                      classes="table-seat", style=lambda w, q=seat: self.seat_classes(w.sight, q)
                                      ).data_bind(*every)
                yield bound(lambda w: self.piles_text(w.sight.update), "piles")
                with Vertical(id=f"{p}-bottom", classes="table-bottom"):
                    yield bound(lambda w: self.status_text(w.sight), "status")
                    yield WindowBar(self.WINDOW_PROMPT, self.names, id=f"{p}-window",
                                    classes="table-window").data_bind(screen.sight)
                    yield bound(lambda w: self.message_text(w.sight, w.message, w.content_region.width), "message")
                    yield HandPanel(id=f"{p}-hand", render_hand=lambda w: self.hand_shown(w.sight, w.cursor, w.selected),
                                    room=self.hand_room).data_bind(screen.sight, screen.cursor, screen.selected)
            yield EventLog(id=f"{p}-log", classes="table-log")
        yield KeysFooter(compact=self.COMPACT_FOOTER, show_command_palette=False)  # ^p still opens the palette: its room goes to the table's keys

    def board_classes(self) -> str:
        return ""

    def hand_room(self, panel: HandPanel) -> int | None:
        """The lines the hand panel's cards and note may take without covering the board's rows
        (the panel sits in the part docked at the board's bottom). None: not laid out yet."""
        board, bottom = self.query_one(f"#{self.ID}-board"), self.query_one(f"#{self.ID}-bottom")
        area = board.content_region
        if not area.height:
            return None
        above = [w.region.bottom + w.styles.margin.bottom for w in board.children if w is not bottom and w.display]
        free = area.bottom - max(above, default=area.y)
        for w in bottom.children:
            if w is not panel and w.display:
                free -= w.outer_size.height + w.styles.margin.top + w.styles.margin.bottom
        return free - panel.styles.gutter.height - panel.styles.margin.top - panel.styles.margin.bottom

    def table_started(self) -> None:
        log = self.query_one(EventLog)
        for line in self.intro_lines():
            log.tell(self.sym_text(line))
        history = self.history_events()  # the game so far, as this log may tell it
        if history:
            log.narrate(self.shown_events(history), self.log_seat, self.names, self.ascii_style)
            if self.resumes:
                log.tell(self.sym_text("— resumed here —"))

    def intro_lines(self) -> list[str]:
        return self.seed_lines()

    # -- symbols --------------------------------------------------------------------------------------
    @property
    def sym(self) -> dict[str, str]:
        return self.ASCII if self.ascii_style else self.UNICODE

    def sym_text(self, text: str) -> str:
        return to_ascii(text.translate(self.ASCII_TEXT)) if self.ascii_style else text

    # -- reading the sight -----------------------------------------------------------------------------
    @property
    def update(self) -> SeatUpdate | None:
        return self.sight.update if self.sight is not None else None

    @property
    def mine(self) -> bool:
        """Is the screen a seat's own, with a move to make?"""
        sight = self.sight
        return sight is not None and sight.private and bool(sight.update.legal) and not self.curtain_up

    @property
    def viewer(self) -> int | None:
        """The seat whose own screen this is now (None: shared, or behind the curtain)."""
        sight = self.sight
        return sight.seat if sight is not None and sight.private and not self.curtain_up else None

    def hand(self, view) -> list:
        """A view's hand in the order it is shown (empty for a spectator's view)."""
        return []

    def selected_card(self):
        update = self.update
        cards = self.hand(update.view) if update is not None and self.sight.private else []
        return cards[max(0, min(self.cursor, len(cards) - 1))] if cards else None

    def rules_card(self) -> str | None:
        card = self.selected_card() if self.viewer is not None else None
        return self.card_topic(card) if card is not None else None

    def card_topic(self, card) -> str:
        """What the rules call this card (their entry's name)."""
        return card.name

    def cursor_playable(self) -> bool:
        """Can the card under the cursor be played now? Only then does the footer offer ⏎ play
        (the hand's note says why another card can't)."""
        card = self.selected_card()
        return self.mine and card is not None and card in self.playable(self.update)

    # -- the widgets' text ------------------------------------------------------------------------------
    def title_bar(self, sight: Sight) -> str:
        left, right = self.title_parts(sight.update)
        width = self.size.width or 80
        if len(left) + len(right) + 1 > width:
            left = left[: max(0, width - len(right) - 2)] + "…"
        return escape(self.sym_text(left + " " * max(1, width - len(left) - len(right)) + right))

    def title_parts(self, update: SeatUpdate) -> tuple[str, str]:
        raise NotImplementedError

    def head_text(self, update: SeatUpdate) -> str:
        raise NotImplementedError

    def seat_line(self, sight: Sight, seat: int) -> str:
        raise NotImplementedError

    def seat_classes(self, sight: Sight, seat: int) -> dict[str, bool]:
        view = sight.update.view
        return {"-turn": not sight.update.over and view.turn == seat, "-out": bool(view.out[seat])}

    def piles_text(self, update: SeatUpdate) -> str:
        raise NotImplementedError

    def status_text(self, sight: Sight) -> str:
        raise NotImplementedError

    #: The message line's height (shared.tcss): the message (feedback, a hint, news), then the prompt.
    MESSAGE_LINES = 2

    def message_text(self, sight: Sight, message: str, width: int = 0) -> str:
        """The message above the prompt (what the keys do). A message too long to share the lines
        with the prompt takes them all (the footer still shows the keys); longer still, or a prompt
        too long, it ends in "…" rather than push a line out of view."""
        first = message or self.news
        prompt = self.sym_text(self.prompt_text(sight))  # (ASCII: "<->" as the footer says it, not "<>")
        if first and prompt and width and lines_of(first, width) + lines_of(prompt, width) > self.MESSAGE_LINES:
            prompt = ""
        return fit_lines(f"{first}\n{prompt}" if first and prompt else first or prompt, width, self.MESSAGE_LINES)

    def prompt_text(self, sight: Sight) -> str:
        raise NotImplementedError

    def hand_shown(self, sight: Sight, cursor: int, selected: frozenset) -> HandShown:
        """The hand panel: the seat's cards as chips (playable ones lit), the card under the
        cursor explained below; nothing private unless the screen is the seat's own."""
        if not sight.private:
            return self.hidden_hand(sight)
        view = sight.update.view
        cards = self.hand(view)
        title = self.sym_text(f"{self.whose(sight.seat)} hand · {len(cards)} card{'s' * (len(cards) != 1)}")
        if view.out[sight.seat]:
            who = "You are" if self.is_you(sight.seat) else f"{self.names[sight.seat]} is"  # (plain text)
            return HandShown(placeholder=f"{who} out of the game.", title=title)
        if not cards:
            return HandShown(placeholder="No cards in hand.", title=title)
        playable = self.playable(sight.update) if self.mine else set()
        chips = tuple(HandCard(label, self.chip_style(card), card in playable)
                      for card, label in zip(cards, self.chip_labels(cards, selected)))
        card = cards[max(0, min(cursor, len(cards) - 1))]
        hinted = self.standing_hint()
        if hinted is not None and card is not getattr(hinted, "card", None) and card not in getattr(hinted, "cards", ()):
            note = self.sym_text("[bold]⏎[/] plays the hint above · ←→ a card instead")  # not "Enter: play" this card
        else:
            note = self.hand_note(view, card)
        return HandShown(chips, cursor, title=title, note=note, ascii_style=self.ascii_style)

    def chip_labels(self, cards: Sequence[Any], selected: frozenset) -> list[str]:
        """Each card's chip text (`selected`: the hand positions picked for a combo)."""
        return [card.label for card in cards]

    def chip_style(self, card: Any) -> str:
        raise NotImplementedError

    def hand_note(self, view: Any, card: Any) -> str:
        """The line under the hand: what the card under the cursor does."""
        raise NotImplementedError

    def hidden_hand(self, sight: Sight) -> HandShown:
        """The hand panel when no hand may show: whose turn it waits for, and why."""
        update = sight.update
        if update.over:
            return HandShown(placeholder="The game is over.")
        if self.lens.mode == HOT_SEAT:
            bots = [q for q in update.to_act if self.table.is_bot(q)]
            if update.stepping:
                text = f"Hands are hidden while {self.STEP_WORDS}."
            elif bots:
                text = f"Hands are hidden while {self.names[bots[0]]} plays."
            elif update.reacting:
                text = "Hands are hidden while everyone may answer."
            else:
                text = f"Hands are hidden until {self.names[update.to_act[0]]} takes the screen."
            return HandShown(placeholder=text, title="Hands hidden")
        watched = "Bots only" if not self.table.humans else "Watching"
        return HandShown(placeholder=f"{watched}: every hand is hidden.", title="Watching")

    def thinking(self, update: SeatUpdate, doing: str = "") -> str:
        """`Cy is thinking… (f skips ahead)` while a bot is to act, else ''."""
        bots = [q for q in update.to_act if self.table.is_bot(q)]
        if not bots:
            return ""
        skip = "" if update.skipping else "  (f skips ahead)"
        return f"[$text-muted]{escape(self.names[bots[0]])} is thinking…{escape(doing)}{skip}[/]"

    def waiting_for(self, sight: Sight) -> str:
        """`Waiting for Bob…` while another human (or nobody on screen) is to act."""
        humans = [q for q in sight.update.to_act if not self.table.is_bot(q)]
        return f"[$text-muted]Waiting for {escape(self.names[humans[0]])}…[/]" if humans else ""

    # -- the sight changes ------------------------------------------------------------------------------
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

    # -- acting ------------------------------------------------------------------------------------------
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

    #: The name column's least width (the mockups' layout); a longer name at the table widens it,
    #: so no name is ever cut.
    NAME_COLUMN = 9

    def name_width(self, least: int | None = None) -> int:
        """The name column's width: `least` (default NAME_COLUMN), or the longest name's."""
        return max(self.NAME_COLUMN if least is None else least, *(len(n) for n in self.names))

    def name_cell(self, seat: int, least: int | None = None) -> str:
        """The seat's name, whole, padded to the name column (markup-escaped)."""
        return escape(self.names[seat].ljust(self.name_width(least)))

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
