"""A chart of scores, one column a game (oldest left): Textual's `Sparkline` beside a value axis,
or, on an ASCII screen, the same bars drawn in `#` and `.` (the ASCII filter would turn the
sparkline's eighth-blocks into a mix of `_` and `#` that no longer reads as heights)."""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Sparkline, Static

#: Rows of bars.
CHART_ROWS = 3


def axis_labels(values: Sequence[float], rows: int = CHART_ROWS, ends: tuple[str, str] | None = None,
                flat_row: int = 0) -> list[str]:
    """The axis beside the bars, top row first: the highest value, the lowest, blank between
    (`ends`: the words for the top and the bottom instead, and nothing between). Every value the
    same: that value once, on `flat_row` (where the bars' tops are: the sparkline fills its rows,
    the ASCII bars stay on the bottom one), not "3" at the top and "3" at the bottom."""
    top, bottom = max(values), min(values)
    labels = [""] * rows
    if top == bottom and ends is None:
        labels[flat_row] = _number(top)
    else:
        labels[0], labels[-1] = ends or (_number(top), _number(bottom))
    if rows > 2 and top - bottom >= 4 and ends is None:
        labels[rows // 2] = _number(round((top + bottom) / 2))
    width = max(len(label) for label in labels)
    return [f"{label:>{width}} ┤" if label else f"{'':>{width}} │" for label in labels]


def _number(value: float) -> str:
    return f"{value:g}"


def ascii_bars(values: Sequence[float], rows: int = CHART_ROWS) -> list[str]:
    """The bars in ASCII, top row first: `#` a full cell, `.` a bar's top half, from the lowest
    value (one `.`) to the highest (every row `#`), as the sparkline scales them."""
    low, high = min(values), max(values)
    extent = (high - low) or 1
    halves = [1 + round((v - low) / extent * (rows * 2 - 1)) for v in values]  # 1 … rows*2
    lines = []
    for row in reversed(range(rows)):
        line = ""
        for h in halves:
            filled = h - row * 2
            line += "#" if filled >= 2 else "." if filled == 1 else " "
        lines.append(line.rstrip())
    return lines


class ScoreChart(Horizontal):
    """`values` as bars, one column each, with the axis on the left (`show` changes them)."""

    DEFAULT_CSS = """
    ScoreChart { height: 3; width: 100%; }
    ScoreChart > .chart-axis { width: auto; height: 3; color: $text-muted; margin-right: 1; }
    ScoreChart > Sparkline { height: 3; }
    ScoreChart > .chart-ascii { height: 3; width: 1fr; }
    """

    def __init__(self, values: Sequence[float] = (), *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.values = list(values) or [0]
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        yield Static(classes="chart-axis")
        yield Sparkline(summary_function=max)
        yield Static(classes="chart-ascii")

    def on_mount(self) -> None:
        self.show(self.values, self.ascii)

    def show(self, values: Sequence[float], ascii: bool, ends: tuple[str, str] | None = None) -> None:
        """`ends`: the axis's words for the top and the bottom (else the highest and lowest value)."""
        self.values, self.ascii = list(values) or [0], ascii
        self.query_one(".chart-axis", Static).update("\n".join(axis_labels(self.values, ends=ends,
                                                                        flat_row=-1 if ascii else 0)))
        sparkline = self.query_one(Sparkline)
        sparkline.display = not ascii
        sparkline.styles.width = len(self.values)  # one column a game
        sparkline.data = self.values
        bars = self.query_one(".chart-ascii", Static)
        bars.display = ascii
        bars.update("\n".join(ascii_bars(self.values)))
