"""Load: your saves (newest first), then the example positions shipped with the app."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cutthroat import paths
from cutthroat.saves import MAX_BYTES as MAX_LABEL_READ
from cutthroat.session import AUTOSAVE_NAME


def save_label(path: Path) -> str:
    """The name stored in the save, else the file name: read loosely, checked on load."""
    try:
        name = json.loads(path.read_bytes()[:MAX_LABEL_READ]).get("name")
    except (OSError, ValueError, AttributeError):
        name = None
    return name if isinstance(name, str) and name.strip() else path.stem.replace("-", " ")


def save_files(directory: Path) -> list[Path]:
    try:
        files = [p for p in directory.glob("*.json") if p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


class LoadScreen(Screen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(" CUTTHROAT ▸ Load a game", classes="title-bar")
        yield OptionList(id="load-list")
        yield Static("Enter loads · a broken file is reported and left as it is", id="load-help")
        yield Footer()

    def on_mount(self) -> None:
        self.paths: dict[str, Path] = {}
        menu = self.query_one("#load-list", OptionList)
        own = save_files(self.app.save_dir)
        menu.add_option(Option(f"Your saves — {self.app.save_dir}", disabled=True))
        if not own:
            menu.add_option(Option("  (none yet: press s at the table to save)", disabled=True))
        for i, path in enumerate(own):
            when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            label = "autosave (game in progress)" if path.name == AUTOSAVE_NAME else save_label(path)[:46]
            self._add(menu, f"own{i}", f"  {label:<48} {when}", path)
        menu.add_option(None)
        menu.add_option(Option("Examples", disabled=True))
        for i, path in enumerate(sorted(save_files(paths.data_dir("saves")))):
            self._add(menu, f"ex{i}", f"  {save_label(path)}", path)
        menu.focus()
        menu.highlighted = next(
            (i for i in range(menu.option_count) if not menu.get_option_at_index(i).disabled), None)

    def _add(self, menu: OptionList, key: str, label: str, path: Path) -> None:
        self.paths[key] = path
        menu.add_option(Option(label, id=key))

    def action_cursor(self, step: int) -> None:
        menu = self.query_one("#load-list", OptionList)
        (menu.action_cursor_down if step > 0 else menu.action_cursor_up)()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = self.paths.get(event.option.id or "")
        if path is not None:
            self.app.load_file(path)
