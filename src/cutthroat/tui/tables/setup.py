"""The setup screen every game shares, its rows generated from the game's rules: a player count,
one row per seat (human or a bot level, a name, and a column for each per-seat variant), a row
for each variant (a choice cycles in place, free text is typed), the rules' note on the setup
(Exploding Kittens: the recipe's cards), a seed and Start. A readiness line refuses an
impossible setup with the rules' own reason; a help line explains the focused field.

Keyboard: ↑/↓ move between rows (keeping the column), Tab/Shift+Tab move field by field,
←/→ (or space) change a choice, type to edit a name, Enter (or Ctrl+S) starts, Esc goes back.
The choices of the last game started are the next one's defaults.
"""

from __future__ import annotations

import importlib
import random
import re
from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual import events
from textual.events import DescendantFocus
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from cutthroat.engine.protocol import Variant
from cutthroat.engine.registry import game_info, get_rules
from cutthroat.names import CODE_POINTS_MAX, first_graphemes, graphemes, name_problem
from cutthroat.saves import NAME_MAX, Seat
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter

NAMES = ("Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")  # each seat's default name
WHO = (("human", "Human"), ("random", "Random bot"), ("heuristic", "Heuristic bot"), ("hard", "Hard bot"))
WHO_HELP = ("Human: plays at this keyboard (2+ humans: hot-seat, a curtain hides hands) · bots: random, "
            "heuristic, hard")
SOLO_HELP = "Human: you play · a bot (random, heuristic, hard): watch it play"
SERVED_HELP = ("Human: seat 1 is you, the others are friends who join by code (under their own names) · "
               "bots: random, heuristic, hard")
NAME_HELP = "The player's name (up to 10 letters)"
SEED_HELP = "Blank for a fresh shuffle; the same seed deals the same game"
HOT_SEAT_NOTE = "a curtain hides each hand between turns"
#: Two variants to a row; the label before each.
LABEL, SECOND_LABEL = 14, 16


class Cycler(Static, can_focus=True):
    """One choice out of a few, changed in place with ←/→ (or space): `‹ Heuristic bot ›`."""

    BINDINGS = with_ids("setup-choice", [
        Binding("left", "step(-1)", "change", key_display="←→", show=False),
        Binding("right,space", "step(1)", show=False),
    ])

    class Changed(Message):
        def __init__(self, cycler: "Cycler") -> None:
            super().__init__()
            self.cycler = cycler

        @property
        def control(self) -> "Cycler":
            return self.cycler

    def __init__(self, options: Sequence[tuple[str, str]], value: str, *, width: int,
                 id: str | None = None, classes: str = "", help: str = "", style=None) -> None:
        super().__init__("", id=id, classes=f"cycler {classes}".strip())
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.label_width = width
        self.help = help
        self.mirror = ""  # shown instead of the choice while disabled
        self.style_value = style  # value → the markup style of its label (a character's colour)

    @property
    def value(self) -> str:
        return self.options[self.index][0]

    def set_value(self, value: str) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
        self.redraw()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        label = escape(self.options[self.index][1].ljust(self.label_width))
        if self.disabled and self.mirror:
            self.update(escape(f"  {self.mirror:<{self.label_width}}  "))
        elif self.style_value is not None:
            style = self.style_value(self.value)  # the letter as a badge in its colour
            self.update(f"‹ [reverse bold {style}] {label[:1]} [/]{label[2:]}  ›")
        else:
            self.update(f"‹ {label} ›")

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.options)
        self.redraw()
        self.post_message(self.Changed(self))


def wrap_items(line: str, width: int) -> str:
    """A note's line of items ("Attack 2x 3, Reverse 4, …") broken into lines of `width` between
    items only, never inside one: a card stays with its count. (An item longer than a line is the
    widget's to wrap.)"""
    if width <= 0:
        return line
    lines: list[str] = []
    for item in re.split(r"(?<=[,.]) ", line):
        if lines and len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(item)
    return "\n".join(lines)


def row_mark() -> Static:
    """The mark before a row, shown while a field of it has the focus (`-focus-row`): the focus
    is not told by the field's background alone, which a 16-colour or monochrome terminal may
    not show."""
    return Static("▸", classes="row-mark")


def steady_input(*args, **kwargs) -> Input:
    """An Input without a blinking cursor: calmer over ssh, stable snapshots."""
    widget = Input(*args, **kwargs)
    widget.cursor_blink = False  # Input takes no cursor_blink argument
    return widget


def _options(v: Variant) -> list[tuple[str, str]]:
    return [(c, v.label(c)) for c in v.choices]


class SetupScreen(Screen):
    """A new game's form, made from the game's rules (`variants`, `setup_problem`, `setup_note`,
    `seat_links`) and its table module's optional `choice_style(variant, value)`."""

    CSS_PATH = "setup.tcss"
    BINDINGS = with_ids("setup", [
        Binding("escape", "app.pop_screen", "back"),
        Binding("ctrl+s", "start", "start", key_display="^s"),
        Binding("enter", "enter", "start", key_display="⏎"),
        Binding("up", "row(-1)", "row", key_display="↑↓", show=False),
        Binding("down", "row(1)", show=False),
    ])

    def __init__(self, game_id: str, on_start=None) -> None:
        """`on_start(game, config, seed, seats)` seats the game (default: the app starts it here;
        the lobby sends it to the server instead)."""
        super().__init__()
        self.game_id = game_id
        self.on_start = on_start
        self.info = game_info(game_id)
        self.rules = get_rules(game_id)
        self.max_seats = min(self.rules.max_players, len(NAMES))
        self.per_seat = [v for v in self.rules.variants if v.per_seat]
        self.rows = [v for v in self.rules.variants if not v.per_seat]
        table = importlib.import_module(self.info.table)
        self.choice_style = getattr(table, "choice_style", None)

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        last = self.app.settings.last_setups.get(self.game_id, {})
        rules = self.rules
        yield Static(f" CUTTHROAT ▸ {self.info.name} ▸ New game", classes="title-bar")
        with Vertical(id="setup-form"):
            counts = [str(n) for n in range(rules.min_players, self.max_seats + 1)]
            players = last.get("players", "4" if "4" in counts else counts[0])
            with Horizontal(classes="setup-line", id="players-line"):
                yield row_mark()
                yield Label("Players", classes="setup-label")
                yield Cycler([(n, n) for n in counts], players, width=2, id="players",
                             help=f"{self.info.players} players")
                keys = ("Up/Down move · Left/Right change · Enter starts" if self.app.has_class("-ascii")
                        else "↑↓ move · ←→ change · type names · Enter starts")  # words for ^v <> in ASCII
                yield Static(f"[$text-muted]{keys}[/]", classes="setup-note")
            heading = "Seat  Who                Name" + "".join(f"          {v.heading}" for v in self.per_seat)
            yield Static(f"[$text-muted]{heading}[/]", id="seat-head")
            for i in range(self.max_seats):
                with Horizontal(classes="seat-line", id=f"seat-line-{i}"):
                    yield row_mark()
                    yield Static(f"  {i + 1}", classes="seat-number")
                    who = last.get(f"who-{i}", "human" if i == 0 else "heuristic")
                    help_text = SERVED_HELP if self.on_start is not None else WHO_HELP if self.max_seats > 1 else SOLO_HELP
                    yield Cycler(WHO, who, width=13, id=f"who-{i}", help=help_text)
                    name = "You" if self.max_seats == 1 else NAMES[i]
                    yield steady_input(name, id=f"name-{i}", max_length=CODE_POINTS_MAX, compact=True,
                                       classes="seat-name")  # (cut to NAME_MAX graphemes, and said, as typed)
                    for v in self.per_seat:
                        style = (lambda value, v=v: self.choice_style(v.name, value)) if self.choice_style else None
                        yield Cycler(_options(v), v.choices[i % len(v.choices)], width=8, id=f"{v.name}-{i}",
                                     help=f"{v.heading}: every player needs their own (a team shares one)",
                                     style=style)
            yield from self.compose_variant_rows(last)
            yield Static(id="setup-note")
            with Horizontal(classes="setup-line", id="seed-line"):
                yield row_mark()
                if self.on_start is None:  # (a server deals from a seed of its own, told to nobody)
                    yield Label("Seed", classes="setup-label")
                    yield steady_input(placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12,
                                       compact=True)
                yield Button("Start", id="start", variant="primary", compact=True)
            yield Static(id="setup-problem")
            yield Static(id="setup-help")
        yield KeysFooter()

    def compose_variant_rows(self, last: dict[str, str]) -> ComposeResult:
        choices = [v for v in self.rows if v.choices]
        widths = [min(36, max((len(v.label(c)) for v in choices[j::2] for c in v.choices), default=1))
                  for j in range(2)]  # one width a column
        for k in range(0, len(choices), 2):
            with Horizontal(classes="setup-line variants", id=f"variants-{k // 2}"):
                yield row_mark()
                for j, v in enumerate(choices[k:k + 2]):
                    yield Label(v.heading, classes="setup-label" + (" second" if j else ""))
                    yield Cycler(_options(v), last.get(v.name, v.default), width=widths[j], id=v.name,
                                 help=v.setup_help or v.help)
        for v in self.rows:
            if not v.choices:
                with Horizontal(classes="setup-line text", id=f"{v.name}-line"):
                    yield row_mark()
                    yield Label(v.heading, classes="setup-label")
                    yield steady_input(last.get(v.name) or v.example or v.default, id=v.name, compact=True)

    def on_resize(self) -> None:
        self.apply_rules()  # (the note's lines are wrapped to its width)

    def on_mount(self) -> None:
        self.query_one("#players-line").display = self.max_seats > 1
        self.apply_rules()
        first = self.query_one("#players" if self.max_seats > 1 else "#who-0")
        first.focus()

    # -- reading the form ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.query_one("#players", Cycler).value) if self.max_seats > 1 else 1

    def value(self, field_id: str) -> str:
        widget = self.query_one(f"#{field_id}")
        return widget.value.strip() if isinstance(widget, Input) else widget.value

    def seat_values(self, name: str) -> str:
        """A per-seat variant's choices, seat by seat (a linked seat takes its partner's)."""
        links = self.rules.seat_links(self.variant_config(), self.players)
        return "".join(self.value(f"{name}-{links.get(i, i)}") for i in range(self.players))

    def variant_config(self) -> dict[str, str]:
        return {v.name: self.value(v.name) for v in self.rows if self.shown(v)}

    def shown(self, v: Variant) -> bool:
        return v.shown_when is None or self.value(v.shown_when[0]) == v.shown_when[1]

    def config(self) -> dict[str, str]:
        """The game's config, as its rules take it: a per-seat variant only when it isn't the
        seats' own defaults."""
        config = self.variant_config()
        links = self.rules.seat_links(config, self.players)
        for v in self.per_seat:
            chosen = self.seat_values(v.name)
            default = "".join(v.choices[links.get(i, i) % len(v.choices)] for i in range(self.players))
            if chosen != default:
                config[v.name] = chosen
        return config

    def seats(self) -> list[Seat]:
        seats = []
        for i in range(self.players):
            kind = self.value(f"who-{i}")
            name = self.query_one(f"#name-{i}", Input).value.strip() or NAMES[i]
            seats.append(Seat("human", name) if kind == "human" else Seat("bot", name, kind))
        return seats

    def problem(self) -> str | None:
        problem = self.rules.setup_problem({**self.rules.default_config(), **self.config()}, self.players)
        if problem:
            return problem
        for i, seat in enumerate(self.seats()):  # (as a save or a server checks it: the game is kept)
            bad = name_problem(seat.name)
            if bad:
                return f"Seat {i + 1}: {bad}"
        names = [s.name.casefold() for s in self.seats()]
        return "Every player needs a different name" if len(set(names)) != len(names) else None

    # -- keeping the form consistent ---------------------------------------------------------------
    def apply_rules(self) -> None:
        n = self.players
        for i in range(self.max_seats):
            self.query_one(f"#seat-line-{i}").display = i < n
        for v in self.rows:
            if not v.choices:
                self.query_one(f"#{v.name}-line").display = self.shown(v)
        links = self.rules.seat_links(self.variant_config(), n)
        for v in self.per_seat:
            for i in range(self.max_seats):
                cycler = self.query_one(f"#{v.name}-{i}", Cycler)
                cycler.disabled = i in links
                cycler.mirror = f"= seat {links[i] + 1}" if i in links else ""
                cycler.redraw()
        note = self.rules.setup_note(self.variant_config(), n)
        head, _, rest = note.partition("\n")
        widget = self.query_one("#setup-note", Static)
        width = widget.content_region.width or self.app.size.width - 17  # (before the first layout)
        rest = "\n".join(wrap_items(line, width) for line in rest.split("\n")) if rest else ""
        widget.update(f"[bold]{escape(head)}[/]" + (f"\n{escape(rest)}" if rest else "") if note else "")
        self.query_one("#setup-note").display = bool(note)
        self.show_problem()

    def show_problem(self) -> None:
        problem = self.problem()
        widget = self.query_one("#setup-problem", Static)
        widget.set_class(problem is not None, "-bad")
        if problem:
            widget.update(f"✗ {escape(problem)}")
            return
        seats = self.seats()
        humans = sum(not s.is_bot for s in seats)
        bots = len(seats) - humans
        if self.max_seats == 1:
            widget.update("✓ Ready: you play" if humans else f"✓ Ready: watch the {seats[0].level} bot play")
            return
        text = f"✓ Ready: {humans} human{'s' * (humans != 1)}, {bots} bot{'s' * (bots != 1)}"
        if self.on_start is not None:  # a server's table: the other humans are friends, by code
            friends = humans - 1
            # (the Who column's help says they play under their own names: this stays one line)
            text += f" — you and {friends} friend{'s' * (friends != 1)} who join{'s' * (friends == 1)} by code" \
                if friends else ""
            widget.update(escape(text))
            return
        widget.update(escape(text + (f" — hot-seat: {HOT_SEAT_NOTE}" if humans >= 2 else "")))

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        self.apply_rules()

    def on_input_changed(self, event: Input.Changed) -> None:
        field = event.input
        if (field.id or "").startswith("name-") and graphemes(field.value) > NAME_MAX:
            kept = first_graphemes(field.value, NAME_MAX)
            self.query_one("#setup-help", Static).update(
                f"[$warning]{escape(f'A name has up to {NAME_MAX} letters: {field.value!r} is cut to {kept!r}')}[/]")
            field.value = kept
            return  # (the change comes again, kept)
        if field.id != "seed":
            self.apply_rules()

    def on_key(self, event: events.Key) -> None:
        """A letter typed on a seat's row goes into its name ("type names"): no Tab needed."""
        focused = self.focused
        seat = (focused.id or "").removeprefix("who-") if isinstance(focused, Cycler) else ""
        if seat.isdigit() and event.is_printable and event.character not in (None, " "):
            event.stop()
            field = self.query_one(f"#name-{seat}", Input)
            field.value = event.character  # a new name (as Tab's select-all would have it)
            field.cursor_position = 1
            field.select_on_focus = False  # this focus selects nothing: the next letter adds on
            self.set_focus(field)  # (now: Widget.focus would wait, and the restore below come first)
            field.call_later(setattr, field, "select_on_focus", True)  # (queued after the focus)

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        widget = event.widget
        for row in self.query(".setup-line, .seat-line"):
            row.set_class(row in widget.ancestors, "-focus-row")
        text = getattr(widget, "help", "")
        if isinstance(widget, Input):
            helps = {v.name: v.setup_help or v.help for v in self.rows}
            text = SEED_HELP if widget.id == "seed" else helps.get(widget.id or "", NAME_HELP)
        elif isinstance(widget, Button):
            text = "Start the game"
        self.query_one("#setup-help", Static).update(f"[$text-muted]{escape(text)}[/]")

    # -- moving around -------------------------------------------------------------------------
    def grid(self) -> list[list[Widget]]:
        """The focusable fields by row, for ↑/↓ (only the seats and rows on show)."""
        rows: list[list[Widget]] = [[self.query_one("#players")]] if self.max_seats > 1 else []
        for i in range(self.players):
            row = [self.query_one(f"#who-{i}"), self.query_one(f"#name-{i}")]
            rows.append(row + [c for v in self.per_seat if not (c := self.query_one(f"#{v.name}-{i}")).disabled])
        choices = [v for v in self.rows if v.choices]
        rows += [[self.query_one(f"#{v.name}") for v in choices[k:k + 2]] for k in range(0, len(choices), 2)]
        rows += [[self.query_one(f"#{v.name}")] for v in self.rows if not v.choices and self.shown(v)]
        rows.append([*self.query("#seed"), self.query_one("#start")])
        return rows

    def action_row(self, step: int) -> None:
        rows = self.grid()
        for r, row in enumerate(rows):
            if self.focused in row:
                target = rows[(r + step) % len(rows)]
                target[min(row.index(self.focused), len(target) - 1)].focus()  # same column, or the last
                return
        rows[0][0].focus()

    def action_enter(self) -> None:
        focused = self.focused
        if isinstance(focused, Input) and focused.id != "seed":
            self.action_row(1)
        else:
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_enter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        if self.problem():
            self.show_problem()
            self.app.bell()
            return
        text = "".join(field.value.strip() for field in self.query("#seed").results(Input))
        seed = int(text) if text else random.randrange(1_000_000)
        settings = self.app.settings
        settings.last_seed = seed
        settings.last_setups = {**settings.last_setups, self.game_id: self.remembered()}
        self.app.persist_settings()
        (self.on_start or self.app.start_game)(self.game_id, self.config(), seed, self.seats())

    def remembered(self) -> dict[str, str]:
        """What the next new game of this kind starts from: the players, who sits where, the variants."""
        kept = {"players": str(self.players), **{v.name: self.value(v.name) for v in self.rows}}
        return {**kept, **{f"who-{i}": self.value(f"who-{i}") for i in range(self.players)}}
