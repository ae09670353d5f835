"""Load: your saves (newest first), each read and checked before you pick it, then the example
positions shipped with the app (read-only). Your saves can be renamed and deleted.

Confined (a server's player app, `saves.confined()`): your saves are your own folder's files only
(a link in it is not followed), a new name is a plain name, and no path is shown."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cutthroat import in_progress, paths, save_index, saves
from cutthroat.saves import SaveData, SaveError, SaveSummary
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.screens.continue_list import broken, headline, list_css, when
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter

WIDTH = 72


@dataclass
class SaveEntry:
    path: Path
    modified: float
    example: bool
    summary: SaveSummary | None = None
    error: str | None = None
    saved_name: str = ""
    _data: SaveData | None = field(default=None, repr=False)

    @classmethod
    def listed(cls, files: list[Path], directory: Path, example: bool) -> list["SaveEntry"]:
        """The saves of a folder as its index says (`save_index`: a file it doesn't hold as it is
        now is read and checked). The examples, shipped with the app, keep no index."""
        return [cls(e.path, e.modified, example, e.summary, e.error, e.name, e.data)
                for e in save_index.listings(directory, files, keep=not example)]

    @property
    def data(self) -> SaveData | None:
        """The save itself, read and checked now (once); None, with `error` set, if it can't be."""
        if self._data is None and self.error is None:
            try:
                self._data = saves.read(self.path)
            except SaveError as exc:
                self.error = str(exc)
        return self._data

    @property
    def name(self) -> str:
        if self.saved_name.strip():
            return self.saved_name.strip()
        return self.path.stem.replace("-", " ")

    def text(self) -> Text:
        """The save's name (and when, for yours), then its game and how far it has gone, or why
        it is broken."""
        text = headline(self.name, "" if self.example else when(self.modified), WIDTH)
        if self.summary is None:
            return broken(text, self.error)
        text.append(f"\n  {self.summary.title}\n  {self.summary.line}")
        return text


def save_files(directory: Path) -> list[Path]:
    """The saves in a folder, newest first (games in progress live in their own folder)."""
    files = [p for p in saves.listed(directory) if p.name != in_progress.LEGACY_AUTOSAVE]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


class LoadScreen(Screen):
    DEFAULT_CSS = list_css("load")

    BINDINGS = with_ids("load", [
        Binding("escape", "app.pop_screen", "Back", id="load.back"),
        Binding("r", "rename", "Rename", id="load.rename"),
        Binding("d,delete", "delete", "Delete", key_display="d", id="load.delete"),
        Binding("j", "cursor(1)", show=False, id="load.down"),
        Binding("k", "cursor(-1)", show=False, id="load.up"),
    ])

    def compose(self) -> ComposeResult:
        yield Static(" CUTTHROAT ▸ Load a game", classes="title-bar")
        yield OptionList(id="load-list")
        yield Static("Enter loads · r renames · d deletes · examples are read-only", id="load-help")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_list()

    def refresh_list(self, select: Path | None = None) -> None:
        menu = self.query_one("#load-list", OptionList)
        self.entries: dict[str, SaveEntry] = {}
        menu.clear_options()
        own = SaveEntry.listed(save_files(self.app.save_dir), Path(self.app.save_dir), example=False)
        where = "" if saves.confined() else f" — {paths.shown(self.app.save_dir)}"
        menu.add_option(Option(f"Your saves{where}", disabled=True))
        if not own:
            menu.add_option(Option("  (none yet: press s at the table to save)", disabled=True))
        for i, entry in enumerate(own):
            self._add(menu, f"own{i}", entry)
        menu.add_option(None)
        menu.add_option(Option("Examples", disabled=True))
        examples = sorted(save_files(paths.data_dir("saves")), key=lambda p: p.name)
        for i, entry in enumerate(SaveEntry.listed(examples, paths.data_dir("saves"), example=True)):
            self._add(menu, f"ex{i}", entry)
        menu.focus()
        keys = [k for k, e in self.entries.items() if select is None or e.path == select]
        target = menu.get_option_index(keys[0]) if keys else None
        menu.highlighted = target if target is not None else next(
            (i for i in range(menu.option_count) if not menu.get_option_at_index(i).disabled), None)

    def _add(self, menu: OptionList, key: str, entry: SaveEntry) -> None:
        self.entries[key] = entry
        menu.add_option(Option(entry.text(), id=key))

    def selected(self) -> SaveEntry | None:
        menu = self.query_one("#load-list", OptionList)
        if menu.highlighted is None:
            return None
        return self.entries.get(menu.get_option_at_index(menu.highlighted).id or "")

    def action_cursor(self, step: int) -> None:
        menu = self.query_one("#load-list", OptionList)
        (menu.action_cursor_down if step > 0 else menu.action_cursor_up)()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        entry = self.entries.get(event.option.id or "")
        if entry is None:
            return
        data = entry.data  # (read now: the list showed its summary)
        if data is None:
            self.app.notify(entry.error or "", title="Can't load", severity="error", timeout=8)
        else:
            self.app.resume(data, entry.path)

    def _own(self) -> SaveEntry | None:
        entry = self.selected()
        if entry is not None and entry.example:
            self.app.notify("Examples are read-only: load one and save it under your own name",
                            severity="warning")
            return None
        return entry

    def action_delete(self) -> None:
        from cutthroat.tui.screens.confirm import ConfirmScreen

        entry = self._own()
        if entry is None:
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                entry.path.unlink()
                save_index.forget(entry.path)
            except OSError as exc:
                self.app.notify(escape(f"Can't delete {entry.path.name}: {exc.strerror or exc}"), severity="error")
                return
            self.app.notify(escape(f"Deleted {entry.path.name}"))
            self.refresh_list()

        where = entry.path.name if saves.confined() else entry.path
        self.app.push_screen(ConfirmScreen("Delete this save?", f"{entry.name}\n{where}"), answered)

    def action_rename(self) -> None:
        from cutthroat.tui.screens.save import NameScreen

        entry = self._own()
        if entry is None:
            return

        def named(name: str | None) -> None:
            if name:
                self.rename(entry, name)

        self.app.push_screen(NameScreen("Rename save", entry.name, "Enter renames, Esc keeps the name"), named)

    def rename(self, entry: SaveEntry, name: str) -> None:
        """A new name and the file name that goes with it; a name already taken asks first."""
        from cutthroat.tui.screens.confirm import ConfirmScreen
        from cutthroat.tui.screens.save import file_name

        if saves.confined():
            try:
                name = saves.plain_name(name)
            except SaveError as exc:
                self.app.notify(str(exc), title="Not renamed", severity="warning")
                return
        target = entry.path.with_name(file_name(name))
        if saves.confined() and target != entry.path and target.is_symlink():
            self.app.notify("That name can't be used here: pick another", title="Not renamed", severity="warning")
            return

        def go(yes: bool | None = True) -> None:
            if not yes:
                return
            try:
                data = entry.data
                if data is not None:  # the name inside the file too; its date stays when it was played
                    played = entry.path.stat()
                    data.name = name
                    saves.write(target, data)
                    os.utime(target, ns=(played.st_atime_ns, played.st_mtime_ns))
                    save_index.record(target, data)  # (as it is now, its date put back)
                    if target != entry.path:
                        entry.path.unlink()
                        save_index.forget(entry.path)
                else:
                    os.replace(entry.path, target)
            except (SaveError, OSError) as exc:
                reason = exc.strerror if isinstance(exc, OSError) else str(exc)
                self.app.notify(escape(f"Not renamed: {reason}"), severity="error")
                return
            self.app.notify(escape(f"Renamed to {target.name}"))
            self.refresh_list(select=target)

        if target != entry.path and target.exists():
            self.app.push_screen(ConfirmScreen(f"Replace {target.name}?", "A save of that name is there already."),
                                 go)
        else:
            go()
