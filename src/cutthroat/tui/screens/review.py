"""The game review (`cutthroat.review`) of one seat's play in a finished game: made off the UI
thread with a progress bar (Esc stops it: nothing half-made is kept), or read back from the
history; then the decisions, costliest first, each with the hard bot's choice and the estimates
before the move, after the player's and after the bot's (± their standard error). Kill The Kings
adds the hindsight line on top. The highlighted decision is shown in full under the list; Enter
opens the replay at it (`open_decision`), the costly decisions marked on its move bar."""

from __future__ import annotations

import os
import threading
from datetime import timedelta

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from cutthroat.engine.registry import game_info
from cutthroat.review.model import POINTS, Decision, Estimate, Hindsight, Review, ReviewCancelled
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.text import plain
from cutthroat.tui.widgets.footer import KeysFooter

#: Room for a move's words on a list row (the rest: the move number and what it cost), and a
#: row's width (the list's, inside its border).
ROW_WORDS = 56
ROW_WIDTH = 74  # (78 inside the border, less its padding and a scroll bar)


#: The review's own signs in ASCII (the app's filter would make ± a bare "+", → a ">").
ASCII_SIGNS = str.maketrans({"±": "+/-", "→": "->"})


def short(text: str, width: int) -> str:
    """`text` in at most `width` characters (an ellipsis where it was cut)."""
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def figure(e: Estimate, measure: str) -> str:
    """An estimate as shown: "31%±4" (a chance) or "4.3±0.2" (Kill The Kings' points)."""
    if measure == POINTS:
        return f"{e.value:.1f}±{e.error:.1f}"
    return f"{100 * e.value:.0f}%±{100 * e.error:.0f}"


def cost(d: Decision, measure: str) -> str:
    """What the move cost against the bot's: "−14%", "−1.2 pts"; "as hard" when it was the bot's."""
    if d.same:
        return "as hard"
    shown = f"{-d.loss:+.1f}" if measure == POINTS else f"{-100 * d.loss:+.0f}"
    if float(shown) == 0:  # (less than the figure shows: "0.0", not "−0.0" or "+0.0")
        shown = shown[1:]
    return (shown + (" pts" if measure == POINTS else "%")).replace("-", "−")


def row(d: Decision, measure: str, ascii: bool = False) -> str:
    """A decision's two lines in the list (`ROW_WIDTH` wide at most): the move and what it cost;
    the bot's choice (where it differs) and the estimates before → after the move (after the
    bot's)."""
    signs = (lambda text: text.translate(ASCII_SIGNS)) if ascii else (lambda text: text)
    head = f"{d.move:>4}  {short(d.played, ROW_WORDS)}"
    figures = signs(f"{figure(d.before, measure)} → {figure(d.after_played, measure)}")
    if d.same:
        second = figures
    else:
        tail = signs(f" · {figures} (hard {figure(d.after_best, measure)})")
        second = "hard: " + short(d.best, ROW_WIDTH - 6 - len("hard: ") - len(tail)) + tail
    return f"{head:<{ROW_WIDTH - 10}}{cost(d, measure):>10}\n      {second}"


def detail(d: Decision, measure: str, name: str) -> str:
    """The decision in full: what was played, the bot's choice and what the move cost, the three
    estimates and what they rest on."""
    what = "Expected points" if measure == POINTS else "Win chance"
    where = f" ({d.where})" if d.where else ""
    if d.same:
        verdict = "Hard bot: the same move"
    else:
        unit = (f"{d.loss:.1f} points (±{d.loss_error:.1f})" if measure == POINTS else
                f"{100 * d.loss:.0f}% (±{100 * d.loss_error:.0f})")
        verdict = f"Hard bot: {d.best} · the move cost {unit}"
    return "\n".join([
        f"Move {d.move}{where} · {name}: {d.played}", verdict,
        f"{what} {figure(d.before, measure)} before · {figure(d.after_played, measure)} after"
        f" · {figure(d.after_best, measure)} after the bot's",
        f"Each estimate: {d.before.playouts} playouts, ± one standard error."])


def hindsight_line(h: Hindsight) -> str:
    """Kill The Kings' hindsight, in words."""
    line = f"This deal: you {h.player} · hard {h.hard} · perfect play {h.perfect}"
    if h.left_step is None:
        return line + " — you never left the best line."
    return (f"{line} — you left the best line at {h.left_where} (move {h.left_step + 1}): "
            f"{h.left_played}; perfect: {h.left_best}.")


#: A server table's game over: how often, and how far apart, its game is looked for in the
#: player's history (the server keeps it there as the game ends; a moment later on a busy server,
#: and a busy server may take many moments: a minute before the review says it has no moves;
#: the player can leave with Esc at any time, the screen says what it waits for).
WAITS, WAIT_S = 240, 0.25


def at_server_table(game: str, code: str, seat: int):
    """The game just over at server table `code` (this player's `seat`), as the review asks for it
    from the game-over dialog: found in the player's history by the table's code."""
    from datetime import datetime, timezone

    from cutthroat.history.model import FinishedGame

    return FinishedGame(game, {}, (), (seat,), {}, datetime.now(timezone.utc), table=code)


#: How long before its game-over dialog a server table's game may have been kept: a table's code is
#: used again once it is gone, so an older game of the player's at the same code is not this one.
KEPT_BEFORE = timedelta(minutes=10)


def kept_from_table(history, asked):
    """The game `asked` (`at_server_table`) as kept in the player's history, with its moves:
    the latest of its game from its table's code, kept since shortly before it was asked (not an
    older one at the same code); None if there is none yet."""
    since = asked.finished_at - KEPT_BEFORE
    latest = next((g for g in history.games(asked.game) if g.table == asked.table and g.finished_at >= since), None)
    return history.get(latest.id) if latest is not None else None


class ReviewScreen(Screen):
    DEFAULT_CSS = """
    ReviewScreen #review-summary { height: 2; padding: 0 1; }
    ReviewScreen #review-hindsight { height: auto; padding: 0 1; color: $accent; }
    ReviewScreen #review-progress { height: auto; padding: 1 1; }
    ReviewScreen #review-bar { padding: 0 1; }
    ReviewScreen #review-list { height: 1fr; }
    ReviewScreen #review-detail { height: auto; padding: 0 1; }
    """
    BINDINGS = with_ids("review", [
        Binding("escape,q", "back", "back", key_display="esc"),
        Binding("enter", "open", "replay", key_display="⏎", priority=True),
        Binding("tab", "next_seat", "next player"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ])

    def __init__(self, finished, seat: int | None = None, history=None) -> None:
        """`finished`: a `FinishedGame` (its document read from the history if it came without);
        `seat`: the seat reviewed (default: the first human one); `history`: where reviews are
        kept (default: the player's, if there is one)."""
        super().__init__()
        self.finished = finished
        self.seat = seat if seat is not None else (finished.humans[0] if finished.humans else 0)
        self.history = history
        self.cancel = threading.Event()
        self.review: Review | None = None
        self.waits = 0  # (a server table's game, looked for in the history again)

    @property
    def name_of_seat(self) -> str:
        seats = self.finished.seats
        return seats[self.seat].name if self.seat < len(seats) else f"Seat {self.seat + 1}"

    @property
    def whose(self) -> str:
        """Whose decisions: "your " for the lone human named "You" (not "You's "), else "Ana's "."""
        name = self.name_of_seat
        return "your " if name == "You" else f"{name}'s "

    def head(self) -> Content:
        return Content(f" CUTTHROAT ▸ Review · {game_info(self.finished.game).short} · ") + plain(self.name_of_seat)

    def compose(self) -> ComposeResult:
        yield Static(self.head(), classes="title-bar", id="review-head")
        yield Static("", id="review-summary")
        yield Static("", id="review-hindsight")
        yield Static("Reviewing…", id="review-progress")
        yield ProgressBar(id="review-bar")
        yield OptionList(id="review-list")
        yield Static("", id="review-detail")
        yield KeysFooter()

    def on_mount(self) -> None:
        for hidden in ("#review-summary", "#review-hindsight", "#review-list", "#review-detail"):
            self.query_one(hidden).display = False
        if self.history is None:
            from cutthroat.tui.daily import open_history

            self.history = open_history(self.app)
        game = self.finished
        if not game.document and game.id and self.history is not None:
            game = self.history.get(game.id) or game
        if not game.id and game.game_id and self.history is not None:  # (from a game over: kept by now?)
            game = self.history.find(game.game_id) or game
        if not game.id and game.table:  # (a server table's game over)
            game = (kept_from_table(self.history, game) if self.history is not None else None) or game
            if not game.id and self.waits < WAITS:  # (the server keeps it as the game ends: soon)
                self.waits += 1
                self.query_one("#review-progress", Static).update("Waiting for the server to keep this game…")
                self.set_timer(WAIT_S, self.on_mount)
                return
        self.finished = game
        self.query_one("#review-head", Static).update(self.head())  # (its seats' names known now)
        if not game.document.get("log"):
            self.failed("This game has no move list: it can't be reviewed")
            return
        self.start()

    def start(self) -> None:
        """The seat's review: the one kept, or made now."""
        from cutthroat.review.cache import cached_review

        budget = self.app.settings.review_playouts()
        kept = cached_review(self.history, self.finished, self.seat, budget)
        if kept is not None:
            self.show_review(kept)
        else:
            self.make_review(budget, self.seat, self.cancel)

    @work(thread=True, exclusive=True, group="review")
    def make_review(self, budget: int, seat: int, cancel: threading.Event) -> None:
        """The review, made off the UI thread and kept when complete (`cancel` set: dropped). At a
        server, its thread runs at the lowest priority: the cores are every player's, and a review
        takes minutes of one."""
        from cutthroat.review.cache import run_review

        if self.app.served:
            lowest_priority()

        def tell(*call) -> None:
            """Call on the UI thread, unless the review was dropped or the app is closing."""
            if not cancel.is_set():
                try:
                    self.app.call_from_thread(*call)
                except RuntimeError:  # (the app is gone: nobody to tell)
                    cancel.set()

        try:
            review = run_review(self.history, self.finished, seat, budget,
                                progress=lambda done, total: tell(self.show_progress, done, total), cancel=cancel)
        except ReviewCancelled:
            return
        except Exception as exc:  # (a game this version can't replay: said, not a crash)
            tell(self.failed, f"Can't review this game: {exc}")
            return
        tell(self.show_review, review)

    def signs(self, text: str) -> str:
        """`text` with the review's signs as an ASCII screen shows them."""
        return text.translate(ASCII_SIGNS) if self.app.has_class("-ascii") else text

    def show_progress(self, done: int, total: int) -> None:
        if not self.is_attached:
            return
        self.query_one("#review-bar", ProgressBar).update(total=max(total, 1), progress=done)
        self.query_one("#review-progress", Static).update(plain(
            f"Reviewing {self.whose}decisions with the hard bot: {done} of {total} · Esc stops"))

    def failed(self, why: str) -> None:
        self.query_one("#review-progress", Static).update(plain(why))
        self.query_one("#review-bar").display = False

    def show_review(self, review: Review) -> None:
        if not self.is_attached:
            return
        self.review = review
        for gone in ("#review-progress", "#review-bar"):
            self.query_one(gone).display = False
        self.query_one("#review-summary").display = True
        costly = sum(1 for d in review.decisions if d.loss > 0 and not d.same)
        measure = "Expected points" if review.measure == POINTS else "Win chance"
        decisions = len(review.decisions)
        self.query_one("#review-summary", Static).update(self.signs(
            f"{decisions} decision{'s' * (decisions != 1)}, {costly} unlike the hard bot's, costliest first · "
            f"{review.budget} playouts\n{measure}: before → after the move (after the bot's) ± std. error"))
        if review.hindsight is not None:
            line = self.query_one("#review-hindsight", Static)
            line.update(plain(hindsight_line(review.hindsight)))
            line.display = True
        menu = self.query_one("#review-list", OptionList)
        ascii = self.app.has_class("-ascii")
        menu.set_options([Option(plain(row(d, review.measure, ascii)), id=str(i))
                          for i, d in enumerate(review.decisions)])
        menu.display = True
        if review.decisions:
            menu.highlighted = 0
        menu.focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open", "cursor"):
            return self.review is not None and bool(self.review.decisions)
        if action == "next_seat":
            return len(self.finished.humans) > 1
        return True

    def action_next_seat(self) -> None:
        """Hot-seat: the next human's review (the one being made for this seat is stopped)."""
        humans = list(self.finished.humans)
        self.cancel.set()
        self.cancel = threading.Event()
        self.seat = humans[(humans.index(self.seat) + 1) % len(humans)] if self.seat in humans else humans[0]
        self.review = None
        self.query_one("#review-head", Static).update(self.head())
        self.query_one("#review-summary", Static).update("")
        self.query_one("#review-progress", Static).update("Reviewing…")
        for shown, on in (("#review-progress", True), ("#review-bar", True), ("#review-summary", False),
                          ("#review-hindsight", False),
                          ("#review-list", False), ("#review-detail", False)):
            self.query_one(shown).display = on
        self.query_one("#review-bar", ProgressBar).update(total=None, progress=0)
        self.refresh_bindings()
        self.start()

    def action_cursor(self, step: int) -> None:
        menu = self.query_one("#review-list", OptionList)
        (menu.action_cursor_down if step > 0 else menu.action_cursor_up)()

    def action_open(self) -> None:
        highlighted = self.query_one("#review-list", OptionList).highlighted
        if self.review is not None and highlighted is not None and highlighted < len(self.review.decisions):
            self.open_decision(self.review.decisions[highlighted])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.review is not None:
            self.open_decision(self.review.decisions[int(event.option.id or 0)])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted decision in full, under the list."""
        if self.review is None or event.option.id is None:
            return
        box = self.query_one("#review-detail", Static)
        box.update(plain(self.signs(detail(self.review.decisions[int(event.option.id)], self.review.measure,
                                           self.name_of_seat))))
        box.display = True

    def open_decision(self, decision: Decision) -> None:
        """Enter on a decision: the game's replay as the reviewed seat saw it, at that move
        (`decision.move`), the costly decisions marked on its move bar (`n`/`N` go from one to the
        next)."""
        from cutthroat.replay import Replay, ReplayError
        from cutthroat.tui.screens.replay import replay_screen
        from cutthroat.tui.text import escape

        try:
            screen = replay_screen(Replay.from_finished(self.finished), self.seat, decision.move,
                                   self.review.marked_moves if self.review else (), review=self.review)
        except (ReplayError, ValueError) as exc:
            self.app.notify(escape(str(exc)), title="Can't replay", severity="warning")
            return
        self.app.push_screen(screen)

    def action_back(self) -> None:
        """Back; a review still being made is stopped (and nothing of it kept)."""
        self.cancel.set()
        self.dismiss()

    def on_unmount(self) -> None:
        self.cancel.set()


def lowest_priority() -> None:
    """This thread (Linux: a thread has its own nice value) at the lowest CPU priority."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):
        pass  # (elsewhere: as it is)
