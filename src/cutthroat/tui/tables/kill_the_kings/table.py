"""The Kill The Kings table: four king columns, four reserve spots, the deck and the drawn card.

A thin client of the player's port (or, watching a bot, the spectator's): it draws the latest
update's view and legal moves, and sends the keys' moves and undos through the port; the host
plays the bot and paces it.

Keys: 1–4 columns, 5–8 reserve spots (a–d too while a card waits), arrows/jkl move the cursor,
Enter/space act on it, n draw (the next card), u undo, h hint, s save, ? rules,
Esc menu (or drops a picked-up reserve card). What the keys do is keys.py (`KtkKeys`); this
module lays out and draws the board and tells the port's news.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import counted
from cutthroat.games.kill_the_kings.actions import NEXT_ROUND
from cutthroat.games.kill_the_kings.cards import CARDS_TO_KILL, SPOT_NAMES, finishable, round_points
from cutthroat.games.kill_the_kings.state import KtkView, bust_cards
from cutthroat.host.updates import SeatUpdate
from cutthroat.lens import SOLO, WATCH, Lens
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.tables.base import TableScreenBase
from cutthroat.tui.tables.keys import HISTORY_KEY
from cutthroat.tui.tables.kill_the_kings.keys import COLUMN_SLOTS, DECK_SLOT, KtkKeys
from cutthroat.tui.text import fit_lines
from cutthroat.tui.widgets.bound import show
from cutthroat.tui.widgets.card import CardBox, CardLine, card_text
from cutthroat.tui.widgets.event_log import EventLog, to_ascii
from cutthroat.tui.widgets.footer import KeysFooter


def points_so_far(view: KtkView) -> int:
    """The game's points with this round's kills counted as they are made (1, 2, 3, 4 points for
    the 1st–4th king: rules.md, Scoring); a finished round is in the view's total already."""
    playing = len(view.round_points) < view.round
    return view.total + (round_points(view.kings_killed) if playing else 0)


class TableScreen(KtkKeys, TableScreenBase):
    CSS_PATH = "ktk.tcss"
    BINDINGS = with_ids("ktk", [
        # Each family's first key is the footer's (1-4, a-d, 5-8); the rest act unshown.
        Binding("1", "column(0)", "place", key_display="1-4"),
        *[Binding(str(c + 1), f"column({c})", show=False) for c in range(1, 4)],
        Binding("a", "reserve_letter(0)", "reserve", key_display="a-d"),
        *[Binding(key, f"reserve_letter({s})", show=False) for s, key in enumerate("bcd", 1)],
        *[Binding(str(s + 5), f"reserve_letter({s})", show=False) for s in range(4)],
        Binding("5", "pick(0)", "pick reserve", key_display="5-8"),
        *[Binding(str(s + 5), f"pick({s})", show=False) for s in range(1, 4)],
        Binding("n", "draw", "draw"),  # n for the next card: d is reserve D, one meaning a key
        Binding("enter", "score", "score", key_display="⏎"),  # after a look at the board: the dialog again
        Binding("enter,space", "activate", "act", key_display="⏎", show=False),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right,l", "move(1, 0)", show=False),
        Binding("up,k", "move(0, -1)", show=False),
        Binding("down,j", "move(0, 1)", show=False),
        Binding("u", "undo", "undo"),
        Binding("u", "undo_off", show=False),  # with Undo off in Settings, u says so
        Binding("u", "undo_none", show=False),  # nothing to take back: u says why (not in the footer)
        Binding("h", "hint", "hint"),
        Binding("s", "save", "save"),
        Binding("question_mark", "rules", "rules", key_display="?"),
        HISTORY_KEY,
        Binding("escape", "cancel", "drop card"),
        Binding("escape", "menu", "menu"),
    ])

    def __init__(self, lens: Lens) -> None:
        super().__init__(lens)
        self.cursor = DECK_SLOT
        self.aimed_at: int | None = None  # the version whose drawn card the cursor was put on
        self.ending_card: str | None = None  # the card that ended the round, for its dialog
        self.picked: int | None = None  # reserve spot picked up to play
        self.hinted: Action | None = None
        self.message = ""

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status-bar", classes="title-bar")
        with Horizontal(id="table-main"):
            with Vertical(id="board"):
                with Horizontal(id="columns"):
                    for c in COLUMN_SLOTS:
                        with Vertical(classes="king-column", id=f"col{c}"):
                            yield CardBox(str(c + 1), id=f"king{c}", classes="king")
                            for i in range(CARDS_TO_KILL):
                                yield CardLine(id=f"col{c}-{i}", classes="column-card")
                            yield Static(id=f"need{c}", classes="column-status")
                yield Static("Reserve", id="reserve-label")
                with Horizontal(id="bottom-row"):
                    for s in range(4):
                        yield CardBox(SPOT_NAMES[s], id=f"spot{s}", classes="spot")
                    yield CardBox("Deck", id="deck", classes="deck")
                    yield CardBox("Drawn", id="drawn", classes="drawn")
                yield Static(id="message")
                yield Static(id="info")
            yield EventLog(id="log")
        yield KeysFooter(compact=True, show_command_palette=False)  # ^p still opens the palette: its room goes to the table's keys

    def table_started(self) -> None:
        if self.lens.mode == WATCH:  # the round's end waits for the watcher
            self.lens.own_port.pause_on({"round_ended"}, "round end")
        log = self.query_one(EventLog)
        view = self.view
        log.tell(f"Round 1 · {view.mode.title()} mode (target {view.target})")
        for line in self.seed_lines():
            log.tell(line)
        history = self.history_events()  # resumed: the game so far
        if history:
            log.narrate(history, self.log_seat, self.log_names, self.ascii_style)
            log.tell("— resumed here —")
        if view.phase in ("round_over", "game_over"):  # resumed at a round's or the game's end
            self.call_after_refresh(self.show_round_end)

    def watch_sight(self) -> None:
        if self.sight is None or not self.is_mounted:
            return
        if self.picked is not None and self.view.reserve[self.picked] is None:
            self.picked = None
        self.aim_at_target()
        self.refresh_table()

    def aim_at_target(self) -> None:
        """A card just drawn: the cursor goes to its first legal place (a king, else a reserve
        spot), so Enter puts it there; with the card placed it goes back to the deck."""
        view = self.view
        if view.drawn is None:
            if self.aimed_at is not None:
                self.aimed_at, self.cursor = None, DECK_SLOT
            return
        if self.aimed_at == self.update.version:
            return
        cols, spots = self.targets(view)
        self.aimed_at = self.update.version
        if self.cursor in cols or self.cursor - 4 in spots:
            return  # already on a legal place (the player moved it there)
        if cols:
            self.cursor = min(cols)
        elif spots:
            self.cursor = 4 + min(spots)

    # -- reading -------------------------------------------------------------------------------
    @property
    def update(self) -> SeatUpdate:
        return self.sight.update

    @property
    def view(self) -> KtkView:
        return self.sight.update.view

    @property
    def log_names(self) -> tuple[str, ...]:
        """The names the log's lines use: none for a human's game (it reads "You win"), the
        bot's in a watched one ("Hard bot loses": the watcher lost nothing)."""
        return () if self.humans else tuple(self.names)

    @property
    def human_turn(self) -> bool:
        return self.lens.mode == SOLO and bool(self.update.legal)

    def label(self, card) -> str:
        return card_text(card, self.ascii_style)

    def targets(self, view: KtkView) -> tuple[set[int], set[int]]:
        """Legal target columns and reserve spots for the card in hand (drawn or picked up)."""
        legal = self.update.legal
        cols: set[int] = set()
        spots: set[int] = set()
        for action in legal:
            if action.kind == "place":
                cols.add(action.column)
            elif action.kind == "reserve":
                spots.add(action.spot)
            elif action.kind == "play_reserve" and action.spot == self.picked:
                cols.add(action.column)
        return cols, spots

    # -- drawing -------------------------------------------------------------------------------
    def on_resize(self) -> None:
        if self.sight is not None and self.is_mounted:
            self.call_after_refresh(self.refresh_table)  # the message is fitted to the new width

    def refresh_table(self) -> None:
        view = self.view
        ascii_style = self.ascii_style
        total = points_so_far(view)
        kings = view.kings_killed
        bar = (f" CUTTHROAT ▸ Kill The Kings  {view.mode.title()} · Round {view.round}/3 · {kings}/4 kings · "
               f"{counted(total, 'pt')} · target {view.target}")
        show(self.query_one("#status-bar", Static), to_ascii(bar) if ascii_style else bar)
        cols, spots = self.targets(view)
        hint = self.hinted
        for c in COLUMN_SLOTS:
            king = self.query_one(f"#king{c}", CardBox)
            king.show_card(view.kings[c], ascii_style)
            column = view.columns[c]
            king.set_class(len(column) == CARDS_TO_KILL, "-killed")
            king.mark(target=c in cols, cursor=self.cursor == c,
                      hint=hint is not None and getattr(hint, "column", None) == c)
            for i in range(CARDS_TO_KILL):
                self.query_one(f"#col{c}-{i}", CardLine).show_card(column[i] if i < len(column) else None, ascii_style)
            show(self.query_one(f"#need{c}", Static), self.column_status(view, c, c in cols))
        for s in range(4):
            spot = self.query_one(f"#spot{s}", CardBox)
            spot.show_card(view.reserve[s], ascii_style)
            spot.mark(target=s in spots, cursor=self.cursor == 4 + s, selected=self.picked == s,
                      hint=hint is not None and getattr(hint, "spot", None) == s)
        deck = self.query_one("#deck", CardBox)
        deck.show_text(f"{'##' if ascii_style else '▒▒'}{view.deck_count:>3}" if view.deck_count else "empty",
                       "-back" if view.deck_count else "-empty")
        deck.mark(cursor=self.cursor == DECK_SLOT,
                  hint=hint is not None and hint.kind in ("draw", "end_round"))
        self.query_one("#drawn", CardBox).show_card(view.drawn, ascii_style, empty="")
        prompt = self.prompt(view, cols, spots)
        message = self.query_one("#message", Static)  # two lines, whatever the prompt: never pushed out of view
        show(message, fit_lines(to_ascii(prompt) if ascii_style else prompt, message.content_region.width, 2))
        show(self.query_one("#info", Static), self.info_line(view))
        self.refresh_bindings()

    def info_line(self, view: KtkView) -> str:
        rounds = "  ".join(f"R{r + 1} {view.round_points[r] if r < len(view.round_points) else '–'}"
                           for r in range(3))
        by_suit: dict[str, int] = {}
        for card in view.unseen:
            key = card.suit.letter if self.ascii_style else card.suit.symbol
            by_suit[key] = by_suit.get(key, 0) + 1
        left = " ".join(f"{k}{n}" for k, n in by_suit.items())
        text = f"{rounds}  ·  in deck {left or 'none'}"
        return to_ascii(text) if self.ascii_style else text

    def held_card(self, view: KtkView):
        """The card about to be placed: the drawn one, or the reserve card picked up."""
        if view.drawn is not None:
            return view.drawn
        return view.reserve[self.picked] if self.picked is not None else None

    def dooms(self, view: KtkView, c: int) -> bool:
        """Would the held card, put under column `c`, make it unfinishable?"""
        column = view.columns[c]
        last = column[-1] if column else view.kings[c]
        alive = len(column) < CARDS_TO_KILL and last.rank - 1 >= CARDS_TO_KILL - len(column)
        card = self.held_card(view)
        return alive and card is not None and not finishable(card, len(column) + 1)

    def column_status(self, view: KtkView, c: int, target: bool) -> str:
        """Under each king: cards still needed, and a mark when the held card may go there (▲,
        or ▼ where it would doom the column)."""
        column = view.columns[c]
        if len(column) == CARDS_TO_KILL:
            return "x killed" if self.ascii_style else "✝ killed"
        if target and self.dooms(view, c):
            return "v dooms it" if self.ascii_style else "▼ dooms it"
        needed = CARDS_TO_KILL - len(column)
        last = column[-1] if column else view.kings[c]
        status = f"needs {needed}" if last.rank - 1 >= needed else "doomed"
        mark = ("^" if self.ascii_style else "▲") if target else ""
        return f"{status} {mark}".rstrip()

    def prompt(self, view: KtkView, cols: set[int], spots: set[int]) -> str:
        if self.message:
            return self.message
        if view.phase == "game_over":
            return "Game over."
        if view.phase == "round_over":
            return f"Round over — press {self.key_word('activate')} for the next round."
        if not self.human_turn:
            return f"The bot is playing…  ({self.key_word('menu')} for the menu)"
        if view.drawn is not None:
            card = self.label(view.drawn)
            where = []
            if cols:
                where.append("under " + "/".join(str(c + 1) for c in sorted(cols)))
            if spots:
                where.append("in reserve " + "/".join(SPOT_NAMES[s] for s in sorted(spots)))
            if not cols:
                return f"Drawn {card}: no king takes it — place it {' or '.join(where)}"
            return f"Drawn {card}: put it {' or '.join(where)}{self.doom_note(view, cols)}"
        if self.picked is not None:
            card = self.label(view.reserve[self.picked])
            if cols:
                return (f"{card} from reserve {SPOT_NAMES[self.picked]}: play it under "
                        f"{'/'.join(str(c + 1) for c in sorted(cols))} ({self.key_word('cancel')} drops it){self.doom_note(view, cols)}")
            return f"{card} fits under no king right now ({self.key_word('cancel')} drops it)"
        pick = " · 5–8 pick up a reserve card to play it" if any(view.reserve) else ""
        keys = f"{self.key_text('draw')} draw{pick} · {self.key_text('hint')} hint"
        if None not in view.reserve:  # the next card may be the last: say how likely
            return f"Reserve full: {bust_cards(view)} of {counted(view.deck_count, 'card')} left would bust you\n{keys}"
        return keys

    def doom_note(self, view: KtkView, cols: set[int]) -> str:
        doomed = [str(c + 1) for c in sorted(cols) if self.dooms(view, c)]
        if not doomed:
            return ""
        return f"\nunder {'/'.join(doomed)} it dooms the column (▼): never finishable"

    def say(self, text: str) -> None:
        self.message = to_ascii(text) if self.ascii_style else text
        self.refresh_table()

    # -- the port talks back -------------------------------------------------------------------
    def narrate(self, update: SeatUpdate) -> None:
        self.query_one(EventLog).post_message(EventLog.Told(update.events, update.seat, self.log_names,
                                                            self.ascii_style))
        self.hinted = None
        if any(e.kind == "round_ended" for e in update.events):
            ender = next((e.card for e in reversed(update.events) if e.kind in ("busted", "card_placed")), None)
            self.ending_card = ender.label if ender is not None else None
            self.call_after_refresh(self.show_round_end)

    def show_round_end(self) -> None:
        """The round's (or game's) result; a watched bot waits while it is up (the table is held)."""
        from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen, RoundEndScreen

        view = self.view
        card = self.ending_card
        if view.phase == "game_over":
            dialog = GameOverScreen(view, self.seed, card, None if self.humans else self.names[0])
            self.app.push_screen(self.dress_game_over(dialog), self.after_game_over)
        elif view.phase == "round_over":
            self.app.push_screen(RoundEndScreen(view, card), self.after_round_end)

    def after_round_end(self, result: str | None = None) -> None:
        if result == "look":
            self.say(f"The board as round {self.view.round} ended. {self.key_word('score')}: the round's score")
            return
        if self.view.phase == "round_over" and self.human_turn:
            self.act(NEXT_ROUND)
        else:
            self.lens.own_port.release("round end")  # the watched bot deals the next round

    def save_name(self) -> str:
        view = self.view
        return f"kings {view.mode} round {view.round}"


