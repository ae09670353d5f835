"""The rules reference: the keys at the table and what a turn is first, then the rest of the
game's rules (the text `cutthroat rules GAME` prints)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from cutthroat.engine.registry import game_info, get_rules
from cutthroat.tui.binding_ids import with_ids

#: How a key is written where the binding gives no key_display.
KEY_NAMES = {"question_mark": "?", "escape": "Esc", "enter": "Enter", "space": "Space"}


def table_keys(game_id: str, keymap: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """The table's keys as (key, what it does), from its bindings as the player's `keymap` moved
    them: one entry a key, its meanings joined ("Esc: drop card / menu")."""
    if not game_info(game_id).table:
        return []
    from cutthroat.tui.tables import table_class

    keys: dict[str, list[str]] = {}
    for binding in table_class(game_id).BINDINGS:
        if not binding.description:
            continue
        moved = (keymap or {}).get(binding.id or "")
        first = (moved or binding.key).split(",")[0].strip()
        key = (None if moved else binding.key_display) or KEY_NAMES.get(first, first)
        if binding.description not in keys.setdefault(key, []):
            keys[key].append(binding.description)
    return [(key, " / ".join(does)) for key, does in keys.items()]


def rules_markdown(game_id: str, keymap: dict[str, str] | None = None) -> str:
    """The rules screen's text: the rules' opening, the table's keys, the turn section, then
    every other section in the rules' own order."""
    rules = get_rules(game_id)
    text = rules.rules_text()
    opening, *sections = text.split("\n## ")
    turn = next((s for s in sections if s.split("\n", 1)[0] == rules.turn_heading), None)
    rest = [s for s in sections if s is not turn]
    keys = table_keys(game_id, keymap)
    parts = [opening.rstrip()]
    if keys:
        parts.append("## Keys at the table\n" + " · ".join(f"`{k}` {does}" for k, does in keys)
                     + "\n\nPrompts show their own keys. `L` reads back the whole game's log.")
    if turn is not None:
        parts.append("## " + turn.rstrip())
    parts += ["## " + s.rstrip() for s in rest]
    return "\n\n".join(parts) + "\n"


class HelpScreen(Screen):
    BINDINGS = with_ids("rules", [
        Binding("escape,q,question_mark", "app.pop_screen", "Back"),
        Binding("j,down", "scroll(1)", "Scroll", show=False),
        Binding("k,up", "scroll(-1)", "Scroll", show=False),
    ])

    def __init__(self, game_id: str = "kill-the-kings") -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        rules = get_rules(self.game_id)
        yield Static(f" CUTTHROAT ▸ Rules ▸ {rules.name}", classes="title-bar")
        with VerticalScroll(id="help-scroll"):
            yield Markdown(rules_markdown(self.game_id, self.app._keymap))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
