"""Exploding Kittens setup: 2–5 seats (Human with a name, or a bot level), the recipe (its
description and card list at this player count), the five-different combo, a seed. A recipe that
doesn't take this many players is refused with the engine's own reason.

Keyboard: ↑/↓ move between rows, Tab/Shift+Tab field by field, ←/→ (or space) change a choice,
type to edit a name, Enter (or Ctrl+S) starts, Esc goes back.
"""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus
from textual.markup import escape
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Static

from cutthroat.games.exploding_kittens.recipes import CUSTOM, DEFAULT_RECIPE, RECIPES
from cutthroat.games.exploding_kittens.rules import RULES
from cutthroat.saves import Seat
from cutthroat.tui.tables.kill_your_friends.setup import Cycler

GAME_ID = "exploding-kittens"
MAX_SEATS = 5
NAMES = ("Ana", "Bob", "Cy", "Dee", "Eve")
WHO = (("human", "Human"), ("random", "Random bot"), ("heuristic", "Heuristic bot"), ("hard", "Hard bot"))
RECIPE_OPTIONS = tuple((r.id, r.name) for r in RECIPES.values())
ON_OFF = (("on", "on"), ("off", "off"))
VARIANT_HELP = {v.name: v.help for v in RULES.variants}
DEFAULT_CUSTOM = "start=1 deal=5 EXP=3 DEF=4 SKIP=4 NOPE=4 ATTACK=4 SEE3=4 TACO=4 FERAL=4 SHUFFLE=3"


def recipe_text(rid: str, players: int) -> str:
    """The recipe's blurb, what each player starts with and its cards at `players` (markup)."""
    recipe = RECIPES[rid]
    span = f"{recipe.min_players}–{recipe.max_players} players"
    if rid == CUSTOM:
        return f"[$text-muted]{span} · {escape(recipe.blurb)}[/]"
    head = f"[bold]{escape(recipe.blurb)}[/] [$text-muted]{span}[/]"
    if not recipe.min_players <= players <= recipe.max_players:
        return f"{head}\n[$text-muted]{escape(recipe.describe())}[/]"
    start, deal = recipe.starting_defuses(players), recipe.dealt(players)
    each = f"Each: {start} Defuse{'s' * (start != 1)} + {deal} cards. "
    return f"{head}\n{escape(each + recipe.describe(players))}"


class SetupScreen(Screen):
    CSS_PATH = "ek.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "back"),
        Binding("ctrl+s", "start", "start", key_display="^s"),
        Binding("enter", "enter", "start", key_display="⏎"),
        Binding("up", "row(-1)", "row", key_display="↑↓", show=False),
        Binding("down", "row(1)", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(" CUTTHROAT ▸ Exploding Kittens ▸ New game", classes="title-bar")
        with Vertical(id="ek-setup"):
            with Horizontal(classes="ek-setup-line"):
                yield Label("Players", classes="ek-setup-label")
                yield Cycler([(str(n), str(n)) for n in range(2, MAX_SEATS + 1)], "4", width=2, id="players",
                             help="2–5 players (some recipes need 3 or more, some at most 4)")
                yield Static("[$text-muted]↑↓ move · ←→ change · type names · Enter starts[/]",
                             classes="ek-setup-note")
            yield Static("[$text-muted]Seat  Who                Name[/]", id="ek-seat-head")
            for i in range(MAX_SEATS):
                with Horizontal(classes="ek-seat-line", id=f"seat-line-{i}"):
                    yield Static(f"  {i + 1}", classes="ek-seat-number")
                    yield Cycler(WHO, "human" if i == 0 else "heuristic", width=13, id=f"who-{i}",
                                 help="Human: plays at this keyboard (2+ humans: hot-seat, a curtain hides "
                                      "hands) · bots: random, heuristic, hard")
                    name = Input(NAMES[i], id=f"name-{i}", max_length=10, compact=True, classes="ek-seat-name")
                    name.cursor_blink = False
                    yield name
            with Horizontal(classes="ek-setup-line", id="ek-recipe-line"):
                yield Label("Recipe", classes="ek-setup-label")
                yield Cycler(RECIPE_OPTIONS, DEFAULT_RECIPE, width=21, id="recipe",
                             help="←→ picks the recipe: its cards at this player count are listed below it")
                yield Label("Five different", classes="ek-setup-label ek-short")
                yield Cycler(ON_OFF, "on", width=3, id="five", help=VARIANT_HELP["five-different"])
            yield Static(id="ek-recipe-text")
            custom = Input(DEFAULT_CUSTOM, id="custom", compact=True)
            custom.cursor_blink = False
            yield custom
            with Horizontal(classes="ek-setup-line", id="ek-seed-line"):
                yield Label("Seed", classes="ek-setup-label")
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

    def config(self) -> dict[str, str]:
        config = {"recipe": self.value("recipe"), "five-different": self.value("five")}
        if config["recipe"] == CUSTOM:
            config["custom"] = self.query_one("#custom", Input).value.strip()
        return config

    def seats(self) -> list[Seat]:
        seats = []
        for i in range(self.players):
            kind = self.value(f"who-{i}")
            name = self.query_one(f"#name-{i}", Input).value.strip() or NAMES[i]
            seats.append(Seat("human", name) if kind == "human" else Seat("bot", name, kind))
        return seats

    def problem(self) -> str | None:
        problem = RULES.setup_problem(self.config(), self.players)
        if problem:
            return problem
        names = [s.name.casefold() for s in self.seats()]
        if len(set(names)) != len(names):
            return "Every player needs a different name"
        return None

    # -- keeping the form consistent -------------------------------------------------------------
    def apply_rules(self) -> None:
        n = self.players
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-line-{i}").display = i < n
        rid = self.value("recipe")
        self.query_one("#ek-recipe-text", Static).update(recipe_text(rid, n))
        self.query_one("#custom", Input).display = rid == CUSTOM
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
                text += " — hot-seat: a curtain hides each hand"
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
            text = {"seed": "Blank for a fresh shuffle; the same seed deals the same game",
                    "custom": "Custom deck: start=N deal=N then CODE=COUNT (EXP DEF SKIP NOPE …)"}.get(
                widget.id or "", "The player's name (up to 10 letters)")
        elif isinstance(widget, Button):
            text = "Start the game"
        self.query_one("#setup-help", Static).update(f"[$text-muted]{escape(text)}[/]")

    # -- moving around -------------------------------------------------------------------------
    def grid(self) -> list[list[Widget]]:
        rows: list[list[Widget]] = [[self.query_one("#players")]]
        for i in range(self.players):
            rows.append([self.query_one(f"#who-{i}"), self.query_one(f"#name-{i}")])
        rows.append([self.query_one("#recipe"), self.query_one("#five")])
        if self.value("recipe") == CUSTOM:
            rows.append([self.query_one("#custom")])
        rows.append([self.query_one("#seed"), self.query_one("#start")])
        return rows

    def action_row(self, step: int) -> None:
        rows = self.grid()
        focused = self.focused
        for r, row in enumerate(rows):
            if focused in row:
                c = row.index(focused)
                target = rows[(r + step) % len(rows)]
                target[min(c, len(target) - 1)].focus()
                return
        rows[0][0].focus()

    def action_enter(self) -> None:
        focused = self.focused
        if isinstance(focused, Input) and focused.id not in ("seed",):
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
