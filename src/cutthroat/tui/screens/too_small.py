"""Shown instead of a broken layout when the terminal is smaller than 80×24."""

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen):
    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
    }
    #too-small-message {
        width: auto;
        text-align: center;
        color: $warning;
        text-style: bold;
    }
    """

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(id="too-small-message")

    def on_mount(self) -> None:
        self.update_size(self.app.size.width, self.app.size.height)

    def update_size(self, width: int, height: int) -> None:
        from cutthroat.tui.app import MIN_HEIGHT, MIN_WIDTH

        messages = self.query("#too-small-message")
        if not messages:
            return  # not composed yet; on_mount fills it in
        # Short lines: it must read whole in a 40×12 terminal too.
        messages.first(Static).update(
            f"Make the window larger\n\nCutthroat needs {MIN_WIDTH}×{MIN_HEIGHT};\nthis terminal is "
            f"{width}×{height}.\n\nThe game is paused\nand nothing is lost."
        )
