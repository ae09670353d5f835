"""Exploding Kittens setup: 2–5 seats (Human with a name, or a bot level), the recipe (its
description and card list at this player count), the five-different combo, a seed. A recipe that
doesn't take this many players is refused with the engine's own reason. The seats, seed, keys
and readiness line are the shared `SeatSetupScreen`'s.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.markup import escape
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from cutthroat.games.exploding_kittens.recipes import CUSTOM, DEFAULT_RECIPE, RECIPES
from cutthroat.games.exploding_kittens.rules import RULES
from cutthroat.tui.tables.seat_setup import Cycler, SeatSetupScreen, steady_input

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


class SetupScreen(SeatSetupScreen):
    CSS_PATH = "ek.tcss"
    GAME_ID = "exploding-kittens"
    GAME_NAME = "Exploding Kittens"
    MAX_SEATS = 5
    PLAYERS_HELP = "2–5 players (some recipes need 3 or more, some at most 4)"
    INPUT_HELP = {"custom": "Custom deck: start=N deal=N then CODE=COUNT (EXP DEF SKIP NOPE …)"}
    FORM_ID = "ek-setup"
    STYLE_PREFIX = "ek-"

    def compose_game_rows(self) -> ComposeResult:
        with Horizontal(classes="ek-setup-line", id="ek-recipe-line"):
            yield Label("Recipe", classes="ek-setup-label")
            yield Cycler(RECIPE_OPTIONS, DEFAULT_RECIPE, width=21, id="recipe",
                         help="←→ picks the recipe: its cards at this player count are listed below it")
            yield Label("Five different", classes="ek-setup-label ek-short")
            yield Cycler(ON_OFF, "on", width=3, id="five", help=VARIANT_HELP["five-different"])
        yield Static(id="ek-recipe-text")
        yield steady_input(DEFAULT_CUSTOM, id="custom", compact=True)

    def config(self) -> dict[str, str]:
        config = {"recipe": self.value("recipe"), "five-different": self.value("five")}
        if config["recipe"] == CUSTOM:
            config["custom"] = self.query_one("#custom", Input).value.strip()
        return config

    def rules_problem(self) -> str | None:
        return RULES.setup_problem(self.config(), self.players)

    def apply_game_rules(self) -> None:
        rid = self.value("recipe")
        self.query_one("#ek-recipe-text", Static).update(recipe_text(rid, self.players))
        self.query_one("#custom", Input).display = rid == CUSTOM

    def game_rows(self) -> list[list[Widget]]:
        rows: list[list[Widget]] = [[self.query_one("#recipe"), self.query_one("#five")]]
        if self.value("recipe") == CUSTOM:
            rows.append([self.query_one("#custom")])
        return rows
