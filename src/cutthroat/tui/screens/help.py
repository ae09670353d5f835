"""The rules reference: the same text `cutthroat rules GAME` prints."""

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from cutthroat.engine.registry import get_rules
from cutthroat.tui.binding_ids import with_ids


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
            yield Markdown(rules.rules_text())
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
