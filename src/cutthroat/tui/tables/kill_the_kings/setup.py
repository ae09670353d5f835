"""Kill The Kings setup: Killer or Psycho mode, who plays, an optional seed."""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, RadioButton, RadioSet, Static

from cutthroat.saves import Seat

PLAYERS = (("you", "You"), ("heuristic", "Watch the heuristic bot"), ("hard", "Watch the hard bot"))


class SetupScreen(Screen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(" CUTTHROAT ▸ Kill The Kings ▸ New game", classes="title-bar")
        with Vertical(id="setup-form"):
            yield Label("Mode — declare it before you start")
            psycho = self.app.settings.last_mode == "psycho"  # the mode you played last time
            with RadioSet(id="mode"):
                yield RadioButton("Killer — win with 7+ points in three rounds", value=not psycho, id="mode-killer")
                yield RadioButton("Psycho — win with 11+ points in three rounds", value=psycho, id="mode-psycho")
            yield Label("Player")
            with RadioSet(id="player"):
                for key, label in PLAYERS:
                    yield RadioButton(label, value=key == "you", id=f"player-{key}")
            yield Label("Seed (blank for a fresh shuffle; the same seed deals the same game)")
            with Horizontal(id="seed-row"):
                seed = Input(placeholder="random", id="seed", restrict=r"[0-9]*", max_length=12)
                seed.cursor_blink = False  # steady cursor: calmer over ssh, stable snapshots
                yield seed
                yield Button("Start", id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#mode", RadioSet).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        mode = "psycho" if self.query_one("#mode-psycho", RadioButton).value else "killer"
        player = next(k for k, _ in PLAYERS if self.query_one(f"#player-{k}", RadioButton).value)
        text = self.query_one("#seed", Input).value.strip()
        seed = int(text) if text else random.randrange(1_000_000)
        seat = Seat("human", "You") if player == "you" else Seat("bot", f"{player.title()} bot", player)
        self.app.settings.last_mode = mode
        self.app.settings.last_seed = seed
        self.app.persist_settings()
        self.app.start_game("kill-the-kings", {"mode": mode}, seed, [seat])
