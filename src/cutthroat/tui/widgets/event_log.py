"""The narration panel: one line per event, newest at the bottom. A line of items joined by " · "
(the opening line's setup) wraps between its items, so no line starts with the separator."""

from __future__ import annotations

from typing import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.message import Message
from textual.widgets import RichLog

from cutthroat.engine.protocol import Event
from cutthroat.engine.words import agree
from cutthroat.tui.text import clean


SEPARATORS = (" · ", " . ")  # (the second: the ASCII look's)


class Items:
    """A log line of items joined by a separator, wrapped at the panel's width between the items:
    the separator stays at the end of a line (where it fits), never starts one. An item longer
    than any line follows on the same line and wraps as any text does."""

    def __init__(self, text: Text, separator: str) -> None:
        self.text, self.separator = text, separator

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width, sep = options.max_width, self.separator
        plain, items, start = self.text.plain, [], 0
        while (at := plain.find(sep, start)) >= 0:
            items.append(self.text[start:at])
            start = at + len(sep)
        items.append(self.text[start:])
        out, used = items[0].copy(), items[0].cell_len
        for item in items[1:]:
            if used + len(sep) + item.cell_len <= width or (item.cell_len > width and used + len(sep) < width):
                out.append(sep)  # (an item too long for any line goes on at once: it wraps as text does)
                used += len(sep) + item.cell_len
            else:
                if used + len(sep.rstrip()) <= width:
                    out.append(sep.rstrip())
                out.append("\n")
                used = item.cell_len
            out.append_text(item)
        yield from out.__rich_console__(console, options)


def wrappable(line: Text | str) -> Text | Items | str:
    """What the panel writes for `line`: a line of items as `Items`, anything else as it is."""
    plain = line.plain if isinstance(line, Text) else line
    for sep in SEPARATORS:
        if sep in plain:
            return Items(line if isinstance(line, Text) else Text(line), sep)
    return line


class EventLog(RichLog):
    """The table's log. Events come to it as `Told` messages (as one seat may see them).

    The panel is narrow and shows the latest; every line is also kept whole in `entries`, for
    the history screen (the game so far, read back by keys)."""

    class Told(Message):
        def __init__(self, events: Sequence[Event], seat: int | None, names: Sequence[str],
                     ascii_style: bool) -> None:
            super().__init__()
            self.events, self.seat, self.names, self.ascii_style = list(events), seat, list(names), ascii_style

    def __init__(self, *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, highlight=False, max_lines=500,
                         min_width=10)
        self.can_focus = False
        self.entries: list[Text | str] = []
        self._wrapped_at = 0
        self._lines_only = False  # (set while lines are written or dropped: see `refresh`)
        self._painting_style: Style | None = None  # (the style of the paint under way: see `render_lines`)

    def render_lines(self, crop):
        """Every line the paint asks for takes the log's style (RichLog works it out again for
        each line, walking the widget's ancestors: most of a scrolled log's repaint): once a paint."""
        self._painting_style = super().rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._painting_style = None

    @property
    def rich_style(self) -> Style:
        painting = self._painting_style
        return painting if painting is not None else super().rich_style

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose: bool = False):
        """A line written (or dropped) changes the log's virtual size, which lays the whole screen
        out again (RichLog's way); but the log keeps its place, and where its lines fit its width
        and its vertical scrollbar takes no room (the tables' style), a layout would change nothing
        on screen: the log is repainted instead."""
        if layout and self._lines_only and self.styles.scrollbar_size_vertical == 0 and \
                not self.show_horizontal_scrollbar and self.virtual_size.width <= self.scrollable_content_region.width:
            layout = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def write(self, *args, **kwargs):
        self._lines_only = True
        try:
            return super().write(*args, **kwargs)
        finally:
            self._lines_only = False

    def clear(self):
        self._lines_only = True
        try:
            return super().clear()
        finally:
            self._lines_only = False

    def on_resize(self, event) -> None:
        """A wider (or narrower) panel wraps its lines again (RichLog wraps once, as written);
        whatever the size, the latest lines are in view (lines written before the panel had a
        size are written on its first, and their own scrolling to the end waits for a refresh)."""
        width = event.size.width
        if self._size_known and width and width != self._wrapped_at:
            self._wrapped_at = width
            self.clear()
            for line in self.entries[-500:]:
                self.write(wrappable(line))
        self.call_next(self.scroll_end, animate=False, immediate=True)  # (after RichLog's own
        # resize handler has written those lines; not after a refresh: a table under a dialog
        # may not be refreshed while the dialog is up)

    def tell(self, line: Text | str) -> None:
        """Write a line to the panel and keep it whole for the history. (Never markup; a control
        character in a name is replaced, as everywhere on screen.)"""
        if isinstance(line, Text):
            line = line.copy()
            line.plain = clean(line.plain)  # (one character for one: the styles stay put)
        else:
            line = clean(line)
        self.entries.append(line)
        self.write(wrappable(line), scroll_end=False)
        if self._size_known:  # the latest in view now, not after a refresh (one under a dialog may wait)
            self.scroll_end(animate=False, immediate=True)

    def mark(self) -> tuple[int, int, int, int] | None:
        """Where the log ends now, for `back_to` (None while its lines wait for a size)."""
        if not self._size_known or self._deferred_renders:
            return None
        return len(self.entries), len(self.lines), self._start_line, self._wrapped_at

    def back_to(self, mark: tuple[int, int, int, int] | None) -> bool:
        """Drop every line told since `mark` (a replay stepping back). False, and nothing
        changed, if the log can't: wrapped again or trimmed since, or not written yet."""
        now = self.mark()
        if mark is None or now is None or now[2:] != mark[2:] or now[:2] < mark[:2]:
            return False
        entries, lines = mark[:2]
        del self.entries[entries:]
        del self.lines[lines:]
        self._line_cache.clear()
        self._widest_line_width = max((line.cell_length for line in self.lines), default=0)
        self._lines_only = True
        try:
            self.virtual_size = Size(self._widest_line_width, len(self.lines))
        finally:
            self._lines_only = False
        self.scroll_end(animate=False, immediate=True)
        self.refresh()
        return True

    def on_event_log_told(self, message: "EventLog.Told") -> None:
        self.narrate(message.events, message.seat, message.names, ascii_style=message.ascii_style)

    def narrate(self, events: Sequence[Event], seat: int | None = None, names: Sequence[str] = (),
                ascii_style: bool = False) -> None:
        for event in events:
            shown = event.for_seat(seat)
            if shown is None:
                continue
            text = agree(shown.describe(names))
            if ascii_style:
                text = to_ascii(text)
            self.tell(Text(text, style=_STYLES.get(shown.kind, "")))


_STYLES = {
    "king_killed": "bold",
    "busted": "bold",
    "round_started": "underline",
    "round_ended": "bold",
    "game_ended": "bold reverse",
}

_ASCII = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "→": "->", "—": "-", "–": "-",
                        "✝": "x", "▸": ">", "·": ".", "…": "...", "▲": "^", "▼": "v", "✗": "x", "▒": "#"})


def to_ascii(text: str) -> str:
    return text.translate(_ASCII)
