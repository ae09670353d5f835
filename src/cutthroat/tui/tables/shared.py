"""The table screen every multi-player game shares: rows of players, the piles, whose turn it
is, a message line, the hand panel and the event log — drawn from one seat's port updates.

The screen keeps the lens's current `Sight` in a reactive; the widgets are bound to it (and to
the hand cursor, the cards picked for a combo and the feedback line) and re-render themselves.
It shows the curtain, a pending decision's prompt and the game-over dialog when the sight calls
for them, and sends each key's action through the port of the seat on screen. A game supplies
the presenter: a subclass that says how its view reads (`seat_line`, `piles_text`, …), what its
keys do, and its prompts. No game logic lives here: the rules' words come from the game's
`text` module, the moves from the update's legal actions.

The screen is three modules, one job each: this one holds its state, lays the table out and
words the widgets; shared_flow.py (`SharedFlow`) moves it on as the sight changes (news,
prompts, the curtain); shared_keys.py (`SharedKeys`) acts on the keys and hints.
"""

from __future__ import annotations

from typing import Any, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import agree
from cutthroat.host.updates import SeatUpdate
from cutthroat.lens import HOT_SEAT, Sight
from cutthroat.tui.tables.base import TableScreenBase
from cutthroat.tui.tables.shared_flow import SharedFlow
from cutthroat.tui.tables.shared_keys import SharedKeys
from cutthroat.tui.text import escape, fit_lines, lines_of
from cutthroat.tui.widgets.bound import BoundStatic
from cutthroat.tui.widgets.event_log import EventLog, to_ascii
from cutthroat.tui.widgets.footer import KeysFooter
from cutthroat.tui.widgets.hand import HandCard, HandPanel, HandShown
from cutthroat.tui.widgets.window_bar import WindowBar

#: Events the curtain's "Meanwhile" leaves out: the next player's turn is what the curtain says.
FILLER = {"turn_started"}


class SharedTableScreen(SharedKeys, SharedFlow, TableScreenBase):
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

    def frame(self, update: SeatUpdate | None = None) -> Any:
        """The decision pending on top of the view's stack, in the games whose view keeps one
        (Exploding Kittens, Psycho Killer); None when none is, or the game is over."""
        view = (update or self.update).view
        stack = getattr(view, "stack", None)
        return stack[-1] if stack and view.phase != "over" else None

    def main_turn(self) -> bool:
        """The seat on screen is to make its turn's own move (no decision pending)."""
        return self.mine and self.frame() is None

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

    def title_left(self, *parts: str) -> str:
        """The title bar's left: " CUTTHROAT ▸ " the game's title, then the parts given (the
        empty ones left out), each after a " · "."""
        return f" CUTTHROAT ▸ {self.GAME_TITLE}" + "".join(f" · {part}" for part in parts if part)

    def turn_mark(self, sight: Sight, seat: int) -> str:
        """A seat row's first column: the turn mark on the seat whose turn it is, else a space."""
        return self.sym["turn"] if not sight.update.over and sight.update.view.turn == seat else " "

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

    def step_words(self, update: SeatUpdate) -> str:
        """What the table's own steps are doing now (`STEP_WORDS`; a game with steps of more than one
        kind says which)."""
        return self.STEP_WORDS

    def hidden_hand(self, sight: Sight) -> HandShown:
        """The hand panel when no hand may show: whose turn it waits for, and why."""
        update = sight.update
        if update.over:
            return HandShown(placeholder="The game is over.")
        if self.lens.mode == HOT_SEAT:
            bots = [q for q in update.to_act if self.table.is_bot(q)]
            if update.stepping:
                text = f"Hands are hidden while {self.step_words(update)}."
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

    #: The name column's least width (the mockups' layout); a longer name at the table widens it,
    #: so no name is ever cut.
    NAME_COLUMN = 9

    def name_width(self, least: int | None = None) -> int:
        """The name column's width: `least` (default NAME_COLUMN), or the longest name's."""
        return max(self.NAME_COLUMN if least is None else least, *(len(n) for n in self.names))

    def name_cell(self, seat: int, least: int | None = None) -> str:
        """The seat's name, whole, padded to the name column (markup-escaped)."""
        return escape(self.names[seat].ljust(self.name_width(least)))
