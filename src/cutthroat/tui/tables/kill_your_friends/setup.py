"""Kill Your Friends setup: 2–8 seats (human or a bot level, a name, a character), the variants,
a seed. Impossible setups are refused with the rules' own reason.

Keyboard: ↑/↓ move between rows (keeping the column), Tab/Shift+Tab move field by field,
←/→ (or space) change a choice, type to edit a name, Enter (or Ctrl+S) starts, Esc goes back.
"""

from __future__ import annotations

import random
from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus
from textual.markup import escape
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Static

from cutthroat.games.kill_your_friends.cards import CHARACTERS, COLOUR_LETTERS
from cutthroat.games.kill_your_friends.rules import HEAD_HUNTER_TARGETS, RULES, setup_problem
from cutthroat.saves import Seat

GAME_ID = "kill-your-friends"
MAX_SEATS = 8
NAMES = ("Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
WHO = (("human", "Human"), ("random", "Random bot"), ("heuristic", "Heuristic bot"), ("hard", "Hard bot"))
CHAR_OPTIONS = tuple((letter, f"{letter} {name}") for letter, name in CHARACTERS)
ON_OFF = (("off", "off"), ("on", "on"))
KILL_JOY = (("off", "off"), ("remove", "remove Head Swap"), ("once", "Head Swap once"))
HEAD_HUNTER = (("off", "off"), *((t, f"{t} kill{'s' * (t != '1')}") for t in HEAD_HUNTER_TARGETS))
VARIANT_HELP = {v.name: v.help for v in RULES.variants}
_CHAR_THEME = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple", "O": "orange",
               "K": "pink", "W": "white"}


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


class CharacterCycler(Cycler):
    """A character: its letter badge in the character's colour, then the name."""

    def styled(self, text: str) -> str:
        letter = self.value
        return f"[reverse bold $card-char-{_CHAR_THEME[letter]}] {letter} [/]{text[2:]} "


class SetupScreen(Screen):
    CSS_PATH = "kyf.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "back"),
        Binding("ctrl+s", "start", "start", key_display="^s"),
        Binding("enter", "enter", "start", key_display="⏎"),
        Binding("up", "row(-1)", "row", key_display="↑↓", show=False),
        Binding("down", "row(1)", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(" CUTTHROAT ▸ Kill Your Friends ▸ New game", classes="title-bar")
        with Vertical(id="kyf-setup"):
            with Horizontal(classes="setup-line"):
                yield Label("Players", classes="setup-label")
                yield Cycler([(str(n), str(n)) for n in range(2, MAX_SEATS + 1)], "4", width=2, id="players",
                             help="2–6 players; up to 8 with Sudden Death")
                yield Static("[$text-muted]↑↓ move · ←→ change · type names · Enter starts[/]", classes="setup-note")
            yield Static("[$text-muted]Seat  Who                Name          Character[/]", id="seat-head")
            for i in range(MAX_SEATS):
                with Horizontal(classes="seat-line", id=f"seat-line-{i}"):
                    yield Static(f"  {i + 1}", classes="seat-number")
                    yield Cycler(WHO, "human" if i == 0 else "heuristic", width=13, id=f"who-{i}",
                                 help="Human: plays at this keyboard (2+ humans: hot-seat, a curtain hides "
                                      "hands) · bots: random, heuristic, hard")
                    name = Input(NAMES[i], id=f"name-{i}", max_length=10, compact=True, classes="seat-name")
                    name.cursor_blink = False  # steady cursor: calmer over ssh, stable snapshots
                    yield name
                    yield CharacterCycler(CHAR_OPTIONS, COLOUR_LETTERS[i], width=8, id=f"char-{i}",
                                          help="Character: every player (every team in Co-op) needs its own")
            with Horizontal(classes="setup-line variants", id="variants-1"):
                yield Label("Sudden Death", classes="setup-label")
                yield Cycler(ON_OFF, "off", width=3, id="sudden-death", help=VARIANT_HELP["sudden-death"])
                yield Label("Kill Joy", classes="setup-label short")
                yield Cycler(KILL_JOY, "off", width=15, id="kill-joy", help=VARIANT_HELP["kill-joy"])
            with Horizontal(classes="setup-line variants"):
                yield Label("Co-op", classes="setup-label")
                yield Cycler(ON_OFF, "off", width=3, id="co-op", help=VARIANT_HELP["co-op"])
                yield Label("Head Hunter", classes="setup-label short")
                yield Cycler(HEAD_HUNTER, "off", width=15, id="head-hunter", help=VARIANT_HELP["head-hunter"])
            with Horizontal(classes="setup-line", id="seed-line"):
                yield Label("Seed", classes="setup-label")
                seed = Input(placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12, compact=True)
                seed.cursor_blink = False
                yield seed
                yield Button("Start", id="start", variant="primary", compact=True)
            yield Static(id="setup-problem")
            yield Static(id="setup-help")
        yield Footer()

    def on_mount(self) -> None:
        self.apply_rules()
        self.query_one("#players", Cycler).focus()

    # -- reading the form ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.query_one("#players", Cycler).value)

    def value(self, cycler_id: str) -> str:
        return self.query_one(f"#{cycler_id}", Cycler).value

    def characters(self) -> str:
        n = self.players
        co_op = self.value("co-op") == "on"
        letters = []
        for i in range(n):
            source = i - n // 2 if co_op and i >= n // 2 else i
            letters.append(self.value(f"char-{source}"))
        return "".join(letters)

    def config(self) -> dict[str, str]:
        config = {
            "sudden-death": self.value("sudden-death"),
            "kill-joy": self.value("kill-joy"),
            "co-op": self.value("co-op"),
            "head-hunter": self.value("head-hunter"),
        }
        # The rules' own default deal (seat i plays colour i; Co-op teams i and i+n/2) needs no
        # `characters` key; only a changed line-up is spelled out.
        n = self.players
        teams = [i % (n // 2) for i in range(n)] if config["co-op"] == "on" else list(range(n))
        characters = self.characters()
        if characters != "".join(COLOUR_LETTERS[t] for t in teams):
            config["characters"] = characters
        return config

    def seats(self) -> list[Seat]:
        seats = []
        for i in range(self.players):
            kind = self.value(f"who-{i}")
            name = self.query_one(f"#name-{i}", Input).value.strip() or NAMES[i]
            seats.append(Seat("human", name) if kind == "human" else Seat("bot", name, kind))
        return seats

    def problem(self) -> str | None:
        problem = setup_problem(self.config(), self.players)
        if problem:
            return problem
        names = [s.name.casefold() for s in self.seats()]
        if len(set(names)) != len(names):
            return "Every player needs a different name"
        return None

    # -- keeping the form consistent -------------------------------------------------------------
    def apply_rules(self) -> None:
        n = self.players
        co_op = self.value("co-op") == "on"
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-line-{i}").display = i < n
            char = self.query_one(f"#char-{i}", Cycler)
            mirrored = co_op and n // 2 <= i < n
            char.disabled = mirrored
            char.mirror = f"= seat {i - n // 2 + 1}" if mirrored else ""
            char.redraw()
        self.show_problem()

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
                text += " — hot-seat: a curtain hides each hand between turns"
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
            text = ("Blank for a fresh shuffle; the same seed deals the same game" if widget.id == "seed"
                    else "The player's name (up to 10 letters)")
        elif isinstance(widget, Button):
            text = "Start the game"
        self.query_one("#setup-help", Static).update(f"[$text-muted]{escape(text)}[/]")

    # -- moving around -------------------------------------------------------------------------
    def grid(self) -> list[list[Widget]]:
        rows: list[list[Widget]] = [[self.query_one("#players")]]
        for i in range(self.players):
            row = [self.query_one(f"#who-{i}"), self.query_one(f"#name-{i}")]
            char = self.query_one(f"#char-{i}")
            if not char.disabled:
                row.append(char)
            rows.append(row)
        rows.append([self.query_one("#sudden-death"), self.query_one("#kill-joy")])
        rows.append([self.query_one("#co-op"), self.query_one("#head-hunter")])
        rows.append([self.query_one("#seed"), self.query_one("#start")])
        return rows

    def action_row(self, step: int) -> None:
        rows = self.grid()
        focused = self.focused
        for r, row in enumerate(rows):
            if focused in row:
                c = row.index(focused)
                target = rows[(r + step) % len(rows)]
                # The seat columns are Who/Name/Character; the variant rows have two columns.
                if len(row) == 3 and len(target) == 2 and c == 2:
                    c = 1
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
        self.app.start_game(GAME_ID, self.config(), seed, self.seats())
