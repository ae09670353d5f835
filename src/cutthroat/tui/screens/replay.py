"""The replay viewer: a recorded game's real table screen, read-only, stepped through by keys.

The game's own table screen draws the replay: `replay_screen` makes (once per game) a class of
`ReplayScreen` over that game's `TableScreen`, fed through a lens over a `ReplayPort` (the table
as one seat saw it at the current step, or the public view). The replay's keys replace every
key of the table (no move can be made: the port refuses any anyway), and the table's dialogs
(prompts, curtains, round ends, game over) never open. The title row is the move bar: the
game, whose view, where in the game (marked steps — the review's costliest decisions — shown
on it), "move n of N".

Keys: ←/→ a move, PgUp/PgDn a turn (a round in Kill The Kings), Home/End, `g` a move number,
`tab` the seat seen (or the public view), `a` all cards shown (a game that is over), `n`/`N`
the next/previous marked move, `x` export (an SVG of the screen and a plain-text transcript, in
the player's data folder), `?` rules, Esc back.

Opened from a game review (Enter on a decision), the review's panel takes the log's place (the
same width: the table's layout is the same either way): the reviewed decisions in move order,
each with its cost and the hard bot's choice, the current move marked "◂ here", the win chance
(or Kill The Kings' expected points) before → after the move and after the bot's; `r` shows the
log again (and the panel back). At a reviewed move the message line under the hand says the hard
bot's choice and its estimates: "Move 48: Ana drew. Hard would play Skip: 31% → 30% (±2, 64
playouts)".
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Iterable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Click
from textual.screen import Screen
from textual.widgets import Static

from cutthroat.engine.registry import game_info
from cutthroat.lens import Lens, Sight
from cutthroat.replay import Replay, ReplayPort
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.tables.base import TableScreenBase
from cutthroat.tui.tables.shared import SharedTableScreen
from cutthroat.tui.text import escape, fit_lines
from cutthroat.tui.widgets.bound import show
from cutthroat.tui.widgets.event_log import EventLog, to_ascii

#: The log panel is rebuilt (a jump, a step back) from the latest events: at least this many, and
#: as many as its lines (the panel shows the latest only; `x` exports the whole log).
LOG_TAIL = 24
#: The all-cards panel's lines, and its width before it is laid out (80 columns, less its border and padding).
CARDS_LINES, CARDS_WIDTH = 10, 74


class ReviewPanel(Static):
    """The review's panel beside a replay's table: drawn again at each new size (its lines are
    wrapped to its width)."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, ReplayScreen) and screen.started:
            screen.show_review_panel()


class ReplayScreen(TableScreenBase, inherit_bindings=False):
    """Mixed in before a game's table screen (`replay_screen`): its keys are the only keys."""

    DEFAULT_CSS = """
    .replay-review {
        width: 25; border-left: solid $card-divider; background: $surface; padding: 0 1; height: 1fr;
    }
    App.-ascii .replay-review { border-left: ascii $card-divider; }
    #replay-cards {
        layer: replay-cards; dock: bottom; height: auto; max-height: 12;  /* CARDS_LINES + its border */ margin: 0 0 1 0; padding: 0 1;
        border: round $accent; border-title-color: $accent; background: $panel; display: none;
    }
    """
    COMPACT_FOOTER = True
    BINDINGS = with_ids("replay", [
        Binding("left", "step(-1)", "move", key_display="←→"),
        Binding("right", "step(1)", show=False),
        Binding("pageup", "turn(-1)", "turn", key_display="pgup/dn"),
        Binding("pagedown", "turn(1)", show=False),
        Binding("home", "to_start", show=False),
        Binding("end", "to_end", show=False),
        Binding("g", "go", "go to"),
        Binding("tab", "seat", "seat"),
        Binding("tab", "seat_refused", show=False),  # (one view only: the key says why)
        Binding("a", "all_cards", "all cards"),
        Binding("a", "all_cards_refused", show=False),  # (not over: the key says why)
        Binding("n", "mark(1)", "next mark"),
        Binding("N", "mark(-1)", show=False),
        Binding("r", "review_panel", show=False),  # (the panel says so: the footer has no room)
        Binding("x", "export", "export"),
        Binding("question_mark", "rules", "rules", key_display="?", show=False),
        Binding("escape,q", "back", "back", key_display="esc"),
    ])

    def __init__(self, replay: Replay, seat: int | None | type = ..., step: int = 0,
                 marked_steps: Iterable[int] = (), all_cards: bool = False, review=None) -> None:
        seen = replay.seen_as()
        seat = seen[0] if seat is ... else seat
        reason = replay.refusal(seat)
        if reason is not None:
            raise ValueError(reason)
        self.replay = replay
        self.step = max(0, min(replay.count, step))
        self.marked = sorted({m for m in marked_steps if 0 <= m <= replay.count})
        self.all_cards = all_cards and replay.over
        self.port = ReplayPort(replay, seat, self.step)
        self.seen_seat = seat
        super().__init__(Lens.for_port(self.port))
        self.resumes = False
        self.intro: list = []
        self.move_words = ""
        self.log_marks: dict[int, tuple | None] = {}  # step → where the log ended at it (`EventLog.mark`)
        self.log_first = 1  # the first move whose events the log tells (after the opening lines)
        self.review = review  # the game review this replay was opened from (its panel), or None
        self.reviewed = {d.move: d for d in review.decisions} if review is not None else {}
        self.review_shown = review is not None

    # -- the table, read-only ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from super().compose()
        # Over the table, on a layer of its own: the table keeps its whole layout beneath.
        self.styles.layers = ("default", "replay-cards")
        yield Static(id="replay-cards")

    def table_started(self) -> None:
        # Nobody here plays: the table names every seat ("Ana's turn", not "Your turn"), whoever
        # watches it. (Set once the log's seat is chosen: the seat seen.)
        self.humans = []
        super().table_started()  # (the game's opening lines: history_events gives it none)
        self.intro = list(self.query_one(EventLog).entries)
        if self.review is not None:  # the review's panel, in the log's place and of its width
            log = self.query_one(EventLog)
            log.parent.mount(ReviewPanel(id="replay-review", classes="replay-review"), after=log)
            log.display = False
        self.show_step(self.step, rebuild=True)

    def history_events(self) -> list:
        return []  # the log is the replay's to tell, in step

    def next_step(self) -> None:
        pass  # no prompt, curtain or game-over dialog opens at a replay

    def show_round_end(self) -> None:
        pass  # (Kill The Kings' round and game dialogs)

    def thinking(self, update, doing: str = "") -> str:
        return ""

    def on_click(self, event: Click) -> None:
        event.prevent_default()  # a click plays nothing here either

    def on_screen_suspend(self) -> None:
        pass

    def on_screen_resume(self) -> None:
        self.sight = self.sight  # (drawn again: the table's own resume would ask a host)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mark":
            return bool(self.marked)
        if action == "review_panel":
            return self.review is not None
        if action == "export":  # (at a server the files would stay on its disk, out of the player's reach)
            from cutthroat import saves

            return not saves.confined()
        if action in ("all_cards", "all_cards_refused"):
            return self.replay.over == (action == "all_cards")
        if action in ("seat", "seat_refused"):
            return (len(self.replay.seen_as()) > 1) == (action == "seat")
        return True

    # -- stepping ---------------------------------------------------------------------------------
    def show_step(self, n: int, rebuild: bool = False) -> None:
        """The table at step `n`: the seat's view, the log up to it, the move's words."""
        replay, seat = self.replay, self.seen_seat
        n = max(0, min(replay.count, n))
        before, self.step = self.step, n
        self.port.step = n
        log = self.query_one(EventLog)
        if n == before + 1 and not rebuild:
            self.log_marks[before] = log.mark()  # (where a step back to it takes the log)
            self.tell(log, replay.told(n, seat))
        elif n < before and not rebuild and log.back_to(self.log_marks.get(n)) and \
                (self.log_first <= 1 or len(log.lines) >= log.size.height):
            for later in [m for m in self.log_marks if m > n]:
                del self.log_marks[later]
        else:
            self.rebuild_log(log, n)
        update = replay.update(n, seat, told=False)
        self.lens.latest.pop(seat, None)  # (a step back is no late update: the lens takes it)
        sight = self.lens.receive(update)
        self.move_words = self.step_words()  # (before the table is drawn: drawn once a step)
        if not isinstance(self, SharedTableScreen):
            self.message = self.move_words  # Kill The Kings: its prompt line shows its message
        self.sight = sight
        self.show_cards()
        self.show_review_panel()

    def rebuild_log(self, log: EventLog, n: int) -> None:
        """The log at step `n` told afresh: the opening lines, then the latest moves' events
        (enough to fill the panel), each move's end marked for a step back."""
        replay, seat = self.replay, self.seen_seat
        log.clear()
        log.entries = []
        for line in self.intro:
            log.tell(line)
        tail, first, told = max(LOG_TAIL, log.size.height + 2), n + 1, 0
        while first > 1 and told < tail:
            first -= 1
            told += len(self.shown_events(list(replay.told(first, seat))))
        if first > 1:
            log.tell(f"… {len(self.shown_events(replay.history(first - 1, seat)))} earlier events")
        self.log_marks, self.log_first = {}, first
        for step in range(first, n + 1):
            self.log_marks[step - 1] = log.mark()
            self.tell(log, replay.told(step, seat))

    def tell(self, log: EventLog, events) -> None:
        names = getattr(self, "log_names", self.names)  # (Kill The Kings' log has its own names)
        log.narrate(self.shown_events(list(events)), self.log_seat, names, self.ascii_style)

    def step_words(self) -> str:
        """The move just made, in words (markup), for the table's message line."""
        n = self.step
        decision = self.reviewed.get(n)
        if decision is not None:  # a reviewed move: its words as the review has them, and the bot's choice
            name = self.names[self.review.seat] if self.review.seat < len(self.names) else "Seat"
            words = f"Move {n}, {name}: {decision.played.rstrip('.')}. {self.verdict(decision)}"
        elif n == 0:
            words = "The deal: ←→ steps through the game"
        else:
            words = f"Move {n}: {self.replay.describe_step(n, self.seen_seat)}"
        if n in self.marked:
            words = f"◆ {words}"
        if self.ascii_style:  # (± as the review's ASCII says it: the app's filter would make it a bare "+")
            words = to_ascii(words.translate(getattr(self, "ASCII_TEXT", {})).replace("±", "+/-"))
        return escape(words)

    # -- the review's panel and verdicts --------------------------------------------------------
    def figure(self, value: float) -> str:
        from cutthroat.review.model import POINTS

        return f"{value:.1f}" if self.review.measure == POINTS else f"{100 * value:.0f}%"

    def verdict(self, d) -> str:
        """"Hard: Play Skip · 31% → 30% (±2, 64 playouts)": the bot's choice at a reviewed
        move, and the estimates before → after the bot's move."""
        from cutthroat.review.model import POINTS

        best = "the same move" if d.same else d.best.rstrip(".")
        error = f"{d.after_best.error:.1f}" if self.review.measure == POINTS else f"{100 * d.after_best.error:.0f}"
        return (f"Hard: {best} · {self.figure(d.before.value)} → {self.figure(d.after_best.value)}"
                f" (±{error}, {d.after_best.playouts} playouts)")

    def review_lines(self, width: int) -> tuple[list[str], int]:
        """The panel's list, in move order: each decision unlike the bot's (and the current
        move's), its cost and the bot's choice, wrapped at `width`; and the index of the line
        marked "◂ here"."""
        import textwrap

        from cutthroat.tui.screens.review import cost

        review, step = self.review, self.step
        lines: list[str] = []
        here = 0
        listed = sorted(d for d in self.reviewed if not self.reviewed[d].same or d == step)
        if step not in listed:
            listed = sorted(listed + [step])
        for move in listed:
            d = self.reviewed.get(move)
            mark = " ◂\xa0here" if move == step else ""  # (never wrapped apart)
            if move == step:
                here = len(lines)
            if d is None:
                lines.append(f"{move:>3}{mark}")
                continue
            lines += textwrap.wrap(f"{move:>3} {d.played}{mark}", width, subsequent_indent="    ") or [""]
            second = cost(d, review.measure) if d.same else f"{cost(d, review.measure)} (hard: {d.best})"
            lines += textwrap.wrap(second, width, initial_indent="    ", subsequent_indent="    ")
        return [line.replace("\xa0", " ") for line in lines], here

    def show_review_panel(self) -> None:
        if self.review is None:
            return
        panel, log = self.query_one("#replay-review", Static), self.query_one(EventLog)
        if panel.styles.width != log.styles.width:  # (the log's width, whatever the game's style sheet makes it)
            panel.styles.width = log.styles.width
        panel.display = self.review_shown
        log.display = not self.review_shown
        if not self.review_shown:
            return
        import textwrap

        from cutthroat.review.model import POINTS

        width = panel.content_region.width or 22
        height = panel.content_region.height or 20
        name = self.names[self.review.seat] if self.review.seat < len(self.names) else f"Seat {self.review.seat + 1}"
        head = textwrap.wrap(f"Review · {name}", width)[:1] + [f"{self.key_text('review_panel')}: the log"]
        d = self.reviewed.get(self.step)
        tail: list[str] = []
        if d is not None:
            what = "points" if self.review.measure == POINTS else "win chance"
            tail = textwrap.wrap(f"{what} {self.figure(d.before.value)}→{self.figure(d.after_played.value)} "
                                 f"(hard: {self.figure(d.after_best.value)})", width)
        lines, here = self.review_lines(width)
        room = max(1, height - len(head) - len(tail) - (1 if tail else 0))
        first = max(0, min(here - room // 3, len(lines) - room))
        shown = lines[first:first + room]
        body = head + shown + ([""] * (room - len(shown)) + [""] + tail if tail else [])
        text = "\n".join(body)
        if self.ascii_style:
            text = to_ascii(text.replace("◂", "<").replace("−", "-").replace("±", "+/-"))
        text = escape(text)
        first_line, _, rest = text.partition("\n")  # (the head in bold: after escaping, the only markup)
        text = f"[bold]{first_line}[/]\n{rest}"
        show(panel, text)

    def action_review_panel(self) -> None:
        """`r`: the review's panel or the log, in turn."""
        self.review_shown = not self.review_shown
        self.show_review_panel()
        if not self.review_shown:  # (the footer has no room for `r`: say how to come back)
            self.app.notify(f"{self.key_text('review_panel')}: the review again", timeout=4)

    def message_text(self, sight: Sight, message: str, width: int = 0) -> str:
        return super().message_text(sight, message or self.move_words, width)

    def show_cards(self) -> None:
        panel = self.query_one("#replay-cards", Static)
        panel.display = self.all_cards
        if self.all_cards:
            lines = self.replay.revealed(self.step)
            text = "\n".join(lines)
            width = panel.content_region.width or CARDS_WIDTH
            panel.update(fit_lines(escape(to_ascii(text) if self.ascii_style else text), width, CARDS_LINES))
            panel.border_title = "All cards shown"

    def prompt_text(self, sight: Sight) -> str:
        """The table's prompt line: who is to move next, or how it ended."""
        update = sight.update
        if update.over:
            return f"[$text-muted]Game over: {escape(update.result.summary)}[/]"
        movers = [self.names[q] for q in update.to_act]
        if not movers:
            return ""
        return f"[$text-muted]{escape(', '.join(movers))} to move next[/]"

    def action_step(self, delta: int) -> None:
        self.show_step(self.step + delta)

    def action_turn(self, delta: int) -> None:
        replay = self.replay
        self.show_step(replay.next_turn(self.step) if delta > 0 else replay.previous_turn(self.step))

    def action_to_start(self) -> None:
        self.show_step(0)

    def action_to_end(self) -> None:
        self.show_step(self.replay.count)

    def action_mark(self, delta: int) -> None:
        marks = self.marked
        target = next((m for m in marks if m > self.step), None) if delta > 0 else \
            next((m for m in reversed(marks) if m < self.step), None)
        if target is None:
            self.app.notify("No marked move " + ("after this one" if delta > 0 else "before this one"))
            return
        self.show_step(target)

    def action_go(self) -> None:
        from cutthroat.tui.screens.save import NameScreen

        count = self.replay.count
        self.app.push_screen(NameScreen("Go to move", str(self.step),
                                        f"a move number, 0 (the deal) to {count}  ·  Enter goes, Esc cancels",
                                        refusal=self.not_a_move),
                             self.go_to)

    def not_a_move(self, typed: str) -> str | None:
        """Why `typed` is no move number of this game (the dialog stays to type it again), or None."""
        count = self.replay.count
        if not (typed.isascii() and typed.isdigit()) or int(typed) > count:
            return f"A move number is a whole number from 0 to {count}"
        return None

    def go_to(self, typed: str | None) -> None:
        if typed is not None:
            self.show_step(int(typed))

    def action_seat_refused(self) -> None:
        self.app.notify(escape(self.replay.refusal(0) or "Only the public view can be seen"), severity="warning")

    def action_all_cards_refused(self) -> None:
        self.action_all_cards()

    def action_seat(self) -> None:
        seen = self.replay.seen_as()
        after = seen[(seen.index(self.seen_seat) + 1) % len(seen)]
        self.app.switch_screen(replay_screen(self.replay, after, self.step, self.marked, self.all_cards, self.review))

    def action_all_cards(self) -> None:
        reason = self.replay.all_cards_refusal()
        if reason is not None:
            self.app.notify(reason, severity="warning")
            return
        self.all_cards = not self.all_cards
        self.sight = self.sight  # (the move bar says so)
        self.show_cards()

    def action_back(self) -> None:
        self.app.pop_screen()

    # -- export ---------------------------------------------------------------------------------------
    def action_export(self) -> None:
        """The screen as SVG and the game as plain text, in the player's data folder (at home only)."""
        from cutthroat import saves

        if saves.confined():
            return
        folder = self.app.history_path.parent / "exports"
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        stem = f"replay-{self.replay.game}-{stamp}-move{self.step}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            svg = self.app.save_screenshot(f"{stem}.svg", str(folder))
            text_path = folder / f"{stem}.txt"
            text_path.write_text(self.replay.transcript(), encoding="utf-8")
        except OSError as exc:
            self.app.notify(f"Not exported: {exc.strerror or 'the system refused'}", severity="error")
            return
        self.app.notify(escape(f"{stem}.svg (the screen) and .txt (the game) in {folder}"), title="Exported",
                        timeout=8)
        self.exported = (svg, str(text_path))

    # -- the move bar -------------------------------------------------------------------------------
    def bar_text(self, width: int) -> str:
        """The title row: the game and whose view, a bar of the whole game (● here, ◆ a marked
        move), "move n of N"."""
        replay = self.replay
        ascii_style = self.ascii_style
        seen = "public view" if self.seen_seat is None else f"as {self.names[self.seen_seat]}"
        if self.all_cards:
            seen += " · all cards"
        left = f" REPLAY ▸ {game_info(replay.game).short} · {seen} "
        right = f" move {self.step} of {replay.count} "
        room = width - len(left) - len(right)
        if room < 8:
            left = left[: max(0, width - len(right) - 1)]
            bar = left + " " * max(0, width - len(left) - len(right)) + right
            return to_ascii(bar) if ascii_style else bar
        cells = room - 2
        count = max(1, replay.count)
        line = ["-" if ascii_style else "─"] * cells
        for m in self.marked:
            line[min(cells - 1, m * cells // (count + 1))] = "!" if ascii_style else "◆"
        line[min(cells - 1, self.step * cells // (count + 1))] = "o" if ascii_style else "●"
        bar = f"{left} {''.join(line)} {right}"
        return to_ascii(bar) if ascii_style else bar

    def title_bar(self, sight: Sight) -> str:
        return escape(self.bar_text(self.size.width or 80))

    def refresh_table(self) -> None:  # (Kill The Kings: its status bar is the move bar)
        super().refresh_table()
        show(self.query_one("#status-bar", Static), escape(self.bar_text(self.size.width or 80)))


_CLASSES: dict[type, type] = {}


def replay_screen(replay: Replay, seat: int | None | type = ..., step: int = 0,
                  marked_steps: Iterable[int] = (), all_cards: bool = False, review=None) -> Screen:
    """The replay of `replay` on its game's own table screen (`seat`: whose view, None for the
    public's; by default the first the replay may show). ValueError if that seat may not be seen."""
    from cutthroat.tui.tables import table_class

    table = table_class(replay.game)
    cls = _CLASSES.get(table)
    if cls is None:  # (its module the table's: the table's style sheets are found beside it)
        cls = _CLASSES[table] = type(f"Replay{table.__module__.split('.')[-2].title().replace('_', '')}",
                                     (ReplayScreen, table), {"__module__": table.__module__})
    return cls(replay, seat, step, marked_steps, all_cards, review)
