"""The setup screen shared by the games for several seats (Exploding Kittens, Kill Your Friends):
a player count, one row per seat (human or a bot level, a name), the game's own rows, a seed and
Start, a readiness line that refuses an impossible setup with its reason, and a help line.

Keyboard: ↑/↓ move between rows (keeping the column), Tab/Shift+Tab move field by field,
←/→ (or space) change a choice, type to edit a name, Enter (or Ctrl+S) starts, Esc goes back.
"""

from __future__ import annotations

import random
from typing import ClassVar, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus
from textual.markup import escape
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Static

from cutthroat.saves import Seat

NAMES = ("Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")  # each seat's default name
WHO = (("human", "Human"), ("random", "Random bot"), ("heuristic", "Heuristic bot"), ("hard", "Hard bot"))
WHO_HELP = ("Human: plays at this keyboard (2+ humans: hot-seat, a curtain hides hands) · bots: random, "
            "heuristic, hard")
NAME_HELP = "The player's name (up to 10 letters)"
SEED_HELP = "Blank for a fresh shuffle; the same seed deals the same game"


class Cycler(Static, can_focus=True):
    """One choice out of a few, changed in place with ←/→ (or space): `‹ Heuristic bot ›`."""

    BINDINGS = [
        Binding("left", "step(-1)", "change", key_display="←→", show=False),
        Binding("right,space", "step(1)", show=False),
    ]

    class Changed(Message):
        def __init__(self, cycler: "Cycler") -> None:
            super().__init__()
            self.cycler = cycler

        @property
        def control(self) -> "Cycler":
            return self.cycler

    def __init__(self, options: Sequence[tuple[str, str]], value: str, *, width: int,
                 id: str | None = None, classes: str = "", help: str = "") -> None:
        super().__init__("", id=id, classes=f"cycler {classes}".strip())
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.label_width = width
        self.help = help
        self.mirror = ""  # shown instead of the choice while disabled

    @property
    def value(self) -> str:
        return self.options[self.index][0]

    def set_value(self, value: str, notify: bool = False) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
        self.redraw()
        if notify:
            self.post_message(self.Changed(self))

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        label = self.options[self.index][1]
        if self.disabled and self.mirror:
            self.update(escape(f"  {self.mirror:<{self.label_width}}  "))
        else:
            self.update("‹ " + self.styled(escape(label.ljust(self.label_width))) + " ›")

    def styled(self, text: str) -> str:
        return text

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.options)
        self.redraw()
        self.post_message(self.Changed(self))


def steady_input(*args, **kwargs) -> Input:
    """An Input without a blinking cursor: calmer over ssh, stable snapshots."""
    widget = Input(*args, **kwargs)
    widget.cursor_blink = False  # Input takes no cursor_blink argument
    return widget


class SeatSetupScreen(Screen):
    """A new game's form: the seats and seed here, the game's own rows and rules in a subclass.

    A subclass sets the class attributes below and fills in the hooks: `config`,
    `compose_game_rows` and `game_rows` (its rows between the seats and the seed), and where it
    needs them `compose_seat_columns`/`seat_row` (columns after a seat's name), `apply_game_rules`
    and `rules_problem`.
    """

    GAME_ID: ClassVar[str]
    GAME_NAME: ClassVar[str]  # in the title bar
    MAX_SEATS: ClassVar[int]  # at most len(NAMES)
    PLAYERS_HELP: ClassVar[str]
    SEAT_COLUMNS: ClassVar[str] = "Seat  Who                Name"  # the heading over the seats
    HOT_SEAT_NOTE: ClassVar[str] = "a curtain hides each hand"  # readiness line, 2+ humans
    INPUT_HELP: ClassVar[dict[str, str]] = {}  # help for the game's own Inputs, by id
    FORM_ID: ClassVar[str]  # the form's id in the game's stylesheet
    STYLE_PREFIX: ClassVar[str] = ""  # the game's stylesheet prefixes its setup classes with this

    BINDINGS = [
        Binding("escape", "app.pop_screen", "back"),
        Binding("ctrl+s", "start", "start", key_display="^s"),
        Binding("enter", "enter", "start", key_display="⏎"),
        Binding("up", "row(-1)", "row", key_display="↑↓", show=False),
        Binding("down", "row(1)", show=False),
    ]

    def compose(self) -> ComposeResult:
        p = self.STYLE_PREFIX
        yield Static(f" CUTTHROAT ▸ {self.GAME_NAME} ▸ New game", classes="title-bar")
        with Vertical(id=self.FORM_ID):
            with Horizontal(classes=f"{p}setup-line"):
                yield Label("Players", classes=f"{p}setup-label")
                yield Cycler([(str(n), str(n)) for n in range(2, self.MAX_SEATS + 1)], "4", width=2,
                             id="players", help=self.PLAYERS_HELP)
                yield Static("[$text-muted]↑↓ move · ←→ change · type names · Enter starts[/]",
                             classes=f"{p}setup-note")
            yield Static(f"[$text-muted]{self.SEAT_COLUMNS}[/]", id=f"{p}seat-head")
            for i in range(self.MAX_SEATS):
                with Horizontal(classes=f"{p}seat-line", id=f"seat-line-{i}"):
                    yield Static(f"  {i + 1}", classes=f"{p}seat-number")
                    yield Cycler(WHO, "human" if i == 0 else "heuristic", width=13, id=f"who-{i}",
                                 help=WHO_HELP)
                    yield steady_input(NAMES[i], id=f"name-{i}", max_length=10, compact=True,
                                       classes=f"{p}seat-name")
                    yield from self.compose_seat_columns(i)
            yield from self.compose_game_rows()
            with Horizontal(classes=f"{p}setup-line", id=f"{p}seed-line"):
                yield Label("Seed", classes=f"{p}setup-label")
                yield steady_input(placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12,
                                   compact=True)
                yield Button("Start", id="start", variant="primary", compact=True)
            yield Static(id="setup-problem")
            yield Static(id="setup-help")
        yield Footer()

    def compose_seat_columns(self, seat: int) -> ComposeResult:
        """The game's own columns after seat `seat`'s name (none by default)."""
        yield from ()

    def compose_game_rows(self) -> ComposeResult:
        """The game's own rows, between the seats and the seed."""
        yield from ()

    def on_mount(self) -> None:
        self.apply_rules()
        self.query_one("#players", Cycler).focus()

    # -- reading the form ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.query_one("#players", Cycler).value)

    def value(self, cycler_id: str) -> str:
        return self.query_one(f"#{cycler_id}", Cycler).value

    def config(self) -> dict[str, str]:
        """The game's config, as its rules take it."""
        raise NotImplementedError

    def seats(self) -> list[Seat]:
        seats = []
        for i in range(self.players):
            kind = self.value(f"who-{i}")
            name = self.query_one(f"#name-{i}", Input).value.strip() or NAMES[i]
            seats.append(Seat("human", name) if kind == "human" else Seat("bot", name, kind))
        return seats

    def rules_problem(self) -> str | None:
        """Why the game's rules refuse this config at this player count, if they do."""
        return None

    def problem(self) -> str | None:
        problem = self.rules_problem()
        if problem:
            return problem
        names = [s.name.casefold() for s in self.seats()]
        if len(set(names)) != len(names):
            return "Every player needs a different name"
        return None

    # -- keeping the form consistent -------------------------------------------------------------
    def apply_rules(self) -> None:
        n = self.players
        for i in range(self.MAX_SEATS):
            self.query_one(f"#seat-line-{i}").display = i < n
        self.apply_game_rules()
        self.show_problem()

    def apply_game_rules(self) -> None:
        """Bring the game's own fields in line with the rest of the form after any choice."""

    def show_problem(self) -> None:
        problem = self.problem()
        widget = self.query_one("#setup-problem", Static)
        widget.set_class(problem is not None, "-bad")
        if problem:
            widget.update(f"✗ {escape(problem)}")
        else:
            seats = self.seats()
            humans = sum(not s.is_bot for s in seats)
            bots = len(seats) - humans
            text = f"✓ Ready: {humans} human{'s' * (humans != 1)}, {bots} bot{'s' * (bots != 1)}"
            if humans >= 2:
                text += f" — hot-seat: {self.HOT_SEAT_NOTE}"
            widget.update(escape(text))

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        self.apply_rules()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "seed":
            self.show_problem()

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        widget = event.widget
        text = getattr(widget, "help", "")
        if isinstance(widget, Input):
            text = {"seed": SEED_HELP, **self.INPUT_HELP}.get(widget.id or "", NAME_HELP)
        elif isinstance(widget, Button):
            text = "Start the game"
        self.query_one("#setup-help", Static).update(f"[$text-muted]{escape(text)}[/]")

    # -- moving around -------------------------------------------------------------------------
    def grid(self) -> list[list[Widget]]:
        """The focusable fields by row, for ↑/↓ (only the seats in play)."""
        rows: list[list[Widget]] = [[self.query_one("#players")]]
        rows.extend(self.seat_row(i) for i in range(self.players))
        rows.extend(self.game_rows())
        rows.append([self.query_one("#seed"), self.query_one("#start")])
        return rows

    def seat_row(self, seat: int) -> list[Widget]:
        return [self.query_one(f"#who-{seat}"), self.query_one(f"#name-{seat}")]

    def game_rows(self) -> list[list[Widget]]:
        """The game's own rows of fields, between the seats and the seed."""
        return []

    def action_row(self, step: int) -> None:
        rows = self.grid()
        focused = self.focused
        for r, row in enumerate(rows):
            if focused in row:
                c = row.index(focused)
                target = rows[(r + step) % len(rows)]
                # Same column; past a shorter row's end, its last field.
                target[min(c, len(target) - 1)].focus()
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
        problem = self.problem()
        if problem:
            self.show_problem()
            self.app.bell()
            return
        text = self.query_one("#seed", Input).value.strip()
        seed = int(text) if text else random.randrange(1_000_000)
        self.app.settings.last_seed = seed
        self.app.persist_settings()
        self.app.start_game(self.GAME_ID, self.config(), seed, self.seats())
