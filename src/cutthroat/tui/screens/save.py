"""Save: name the game; it is written atomically into the save directory."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from cutthroat.saves import SaveError
from typing import Callable

from cutthroat.session import AUTOSAVE_NAME


def file_name(name: str) -> str:
    """A safe file name from what the player typed."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower()[:60]
    return f"{slug or 'save'}.json"


class SaveScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, save: Callable[..., object], suggestion: str) -> None:
        """`save(path, name)` writes the game (the app's, for the table on screen)."""
        super().__init__()
        self.save = save
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(id="save-dialog", classes="dialog"):
            yield Static("Save game", classes="dialog-title")
            name = Input(value=self.suggestion, placeholder="name", id="save-name")
            name.cursor_blink = False
            yield name
            yield Static(f"into {self.app.save_dir}  ·  Enter saves, Esc cancels", classes="dialog-help")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.app.notify("Give the save a name", severity="warning")
            return
        target = self.app.save_dir / file_name(name)
        if target.name == AUTOSAVE_NAME:
            self.app.notify("That name is kept for the autosave: pick another", severity="warning")
            return
        try:
            self.save(target, name)
        except SaveError as exc:
            self.app.notify(str(exc), title="Not saved", severity="error")
            return
        self.app.notify(f"Saved as {target.name}")
        self.dismiss(str(target))
