"""Save: a plain name (into the save directory) or a path (`~` expanded), written atomically.
A name already taken asks before replacing; a place that can't be written is refused with the
reason, and the game goes on.

Confined (a server's player app, `saves.confined()`): a plain name only (letters, digits, spaces,
- and _), always into the player's own save folder; anything else is refused in one line and
nothing is written, and no message names a folder or a path."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from cutthroat import in_progress, paths, saves
from cutthroat.saves import SaveError
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter


class SaveTargetError(ValueError):
    """What the player typed can't be a save file; the message is one line."""


def file_name(name: str) -> str:
    """A safe file name from a plain name."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower()[:60]
    return f"{slug or 'save'}.json"


def save_target(typed: str, save_dir: Path, confined: bool | None = None) -> tuple[Path, str]:
    """The file and the save's name for what was typed: a plain name goes into the save
    directory; anything with a slash or a leading `~` is a path (".json" added if missing).
    Confined (the default: `saves.confined()`), only a plain name, and the save directory."""
    if saves.confined() if confined is None else confined:
        try:
            name = saves.plain_name(typed)
        except SaveError as exc:
            raise SaveTargetError(str(exc)) from None
        target = save_dir / file_name(name)
        if target.is_symlink():  # made by someone else: never written through, nor replaced
            raise SaveTargetError("That name can't be used here: pick another")
        return target, name
    typed = typed.strip()
    if not typed:
        raise SaveTargetError("Give the save a name")
    if "/" not in typed and not typed.startswith("~"):
        return save_dir / file_name(typed), typed
    path = Path(typed).expanduser()
    if typed.endswith("/") or path.is_dir():
        raise SaveTargetError(f"{typed} is a folder: add a file name")
    if path.suffix.lower() != ".json":
        path = path.with_name(path.name + ".json")
    if not path.parent.is_dir():
        raise SaveTargetError(f"no folder {path.parent}")
    if not os.access(path.parent, os.W_OK):
        raise SaveTargetError(f"can't write in {path.parent} (permission denied)")
    return path, path.stem


class NameScreen(ModalScreen[str | None]):
    """Ask for a name (or a path); answers the stripped text, or None on Esc."""

    BINDINGS = with_ids("name", [Binding("escape", "dismiss(None)", "Cancel", id="name.cancel")])

    def __init__(self, title: str, suggestion: str, help_text: str,
                 refusal: Callable[[str], str | None] | None = None) -> None:
        """`refusal(typed)`: why the text can't be taken (said, and the dialog stays to be
        typed again), or None."""
        super().__init__()
        self.title_text = title
        self.suggestion = suggestion
        self.help_text = help_text
        self.refusal = refusal

    def compose(self) -> ComposeResult:
        with Vertical(id="save-dialog", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            name = Input(value=self.suggestion, placeholder="name", id="save-name")
            name.cursor_blink = False
            yield name
            yield Static(self.help_text, classes="dialog-help")
        yield KeysFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self.app.notify("Give it a name", severity="warning")
            return
        reason = self.refusal(event.value.strip()) if self.refusal is not None else None
        if reason:
            self.app.notify(reason, severity="warning")
            return
        self.submit(event.value.strip())

    def submit(self, typed: str) -> None:
        self.dismiss(typed)


class SaveScreen(NameScreen):
    def __init__(self, save: Callable[..., object], suggestion: str) -> None:
        """`save(path, name)` writes the game (the app's, for the table on screen)."""
        super().__init__("Save game", suggestion, "")
        self.save = save

    def compose(self) -> ComposeResult:
        if saves.confined():  # the player's own folder, which is nobody's business to show
            self.help_text = "a name: letters, digits, spaces, - and _  ·  Enter saves, Esc cancels"
        else:
            self.help_text = (f"a name (saved in {paths.shown(self.app.save_dir)}) or a path such as "
                              "~/games/mine.json  ·  Enter saves, Esc cancels")
        yield from super().compose()

    def submit(self, typed: str) -> None:
        from cutthroat.tui.screens.confirm import ConfirmScreen

        try:
            target, name = save_target(typed, self.app.save_dir)
        except SaveTargetError as exc:
            self.app.notify(str(exc), title="Not saved", severity="warning")
            return
        if in_progress.is_in_progress(self.app.save_dir, target) or target.name == in_progress.LEGACY_AUTOSAVE:
            self.app.notify("That place is kept for games in progress: pick another", severity="warning")
            return
        if target.exists():
            where = "A save of that name is there already." if saves.confined() else \
                f"A save is there already:\n{target}"
            self.app.push_screen(ConfirmScreen(f"Replace {target.name}?", where),
                                 lambda yes: self.write(target, name) if yes else None)
            return
        self.write(target, name)

    def write(self, target: Path, name: str) -> None:
        try:
            self.save(target, name)
        except SaveError as exc:
            self.app.notify(str(exc), title="Not saved", severity="error")
            return
        if saves.confined():
            self.app.notify(escape(f"Saved as {name}"))
        else:  # the file's name on a line of its own, whole; its folder below
            self.app.notify(escape(f"{target.name}\nin {paths.shown(target.parent)}"), title="Saved as")
        self.dismiss(str(target))
