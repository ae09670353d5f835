"""The hand panel: a row of cards with a cursor, playable ones lit, a note about the selected one.

Game-agnostic: a table gives it `HandCard`s (a plain label, a colour style such as
"$card-char-red", whether it can be played now) and the note to show under them — typically
what the selected card would do, or why it can't be played. Colour is never the only signal:
playable cards are drawn in reverse video and bold, the others plain; the cursor card is
underlined with a ▲ (ASCII: ^) under it. Cards wrap onto more rows when the hand is wide.

The note wraps with its lines lined up (a hanging indent as deep as the note's own first one: the
chip's padding), and takes no more lines than the table leaves it (`room`): a longer one ends in
"…" — so a note says its key or verdict first, and only its card text can be cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import Static

from textual.content import Content

from cutthroat.tui.text import escape, lines_of, parsed

#: The fewest lines a note gets, even where the table leaves it less (the key and some words).
NOTE_LINES = 2


def fit_note(markup: str, width: int, height: int | None = None, ellipsis: str = "…") -> str:
    """`markup` wrapped at `width` with a hanging indent (its wrapped lines start where its first
    line's text does), in at most `height` lines: the last one kept ends in "…" (`ellipsis`)."""
    if width <= 0:
        return markup
    content = parsed(markup)
    lines = content.wrap(width)
    if len(lines) > 1:
        plain = content.plain
        indent = len(plain) - len(plain.lstrip(" "))
        if indent:
            first, *rest = content.wrap(width - indent)
            lines = [first, *(Content(" " * indent) + line for line in rest)]
    if height is not None and len(lines) > height:
        lines = lines[:max(1, height)]
        last = lines[-1]
        if last.cell_length + len(ellipsis) > width:
            last = last.truncate(width - len(ellipsis))
        lines[-1] = last.rstrip().rstrip(",;:·.") + ellipsis
    return "\n".join(line.markup for line in lines)


@dataclass(frozen=True)
class HandCard:
    label: str
    style: str = ""  # a Textual style for the card's colour ("$card-char-red", "bold $accent")
    playable: bool = False


def chip(label: str, style: str, lit: bool, cursor: bool = False) -> str:
    """Markup for one card: ` R2 ` (reverse video when lit, underlined at the cursor)."""
    parts = [style] if style else []
    if lit:
        parts += ["bold", "reverse"]
    if cursor:
        parts.append("underline")
    text = f" {escape(label)} "
    return f"[{' '.join(parts)}]{text}[/]" if parts else text


@dataclass(frozen=True)
class HandShown:
    """What the panel shows: the cards (none: the placeholder), the cursor, a title and a note.
    The title and the placeholder are plain text (they may name a player); the note is markup."""

    cards: tuple[HandCard, ...] = ()
    cursor: int = 0
    title: str = ""
    note: str = ""
    placeholder: str = ""
    ascii_style: bool = False


class HandPanel(Vertical):
    """Border title: whose hand. Body: card rows with a marker row under each, then the note.

    Bound to a table screen's `sight`, `cursor` and `selected` (`data_bind`), it redraws itself
    through `render_hand(panel) -> HandShown` whenever one of them changes."""

    DEFAULT_CSS = """
    .hand-panel {
        height: auto;
        border: round $card-divider;
        border-title-color: $primary;
        border-title-style: bold;
        padding: 0 1;
    }
    App.-ascii .hand-panel {
        border: ascii $card-divider;
    }
    .hand-cards {
        height: auto;
    }
    .hand-note {
        height: auto;
    }
    .hand-panel.-empty .hand-note {
        display: none;
    }
    """
    SCOPED_CSS = False  # (its ASCII rule starts at the App)

    DEFAULT_WIDTH = 56
    # (no repaint of their own: `redraw` updates the parts whose text changed, and only those)
    sight: reactive[Any] = reactive(None, always_update=True, repaint=False)
    cursor: reactive[int] = reactive(0, repaint=False)
    selected: reactive[frozenset] = reactive(frozenset(), repaint=False)

    def __init__(self, *, id: str | None = None, classes: str = "",
                 render_hand: Callable[["HandPanel"], HandShown] | None = None,
                 room: Callable[["HandPanel"], int | None] | None = None) -> None:
        super().__init__(id=id, classes=f"hand-panel {classes}".strip())
        self.render_hand = render_hand
        self.room = room  # the lines the table leaves the cards and the note (None: not laid out)
        self.cards: list[HandCard] = []
        self.at = 0  # the cursor's card, once clamped to the hand
        self.note = ""
        self.placeholder = ""
        self.marker = "▲"
        self.ascii_style = False
        self.can_focus = False
        self._shown: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="hand-cards", classes="hand-cards")
        yield Static(id="hand-note", classes="hand-note")

    def show(self, cards: Sequence[HandCard], cursor: int, *, title: str = "", note: str = "",
             placeholder: str = "", ascii_style: bool = False) -> None:
        """Draw `cards` (or `placeholder` when there are none to show) with `note` (markup) below."""
        self.marker = "^" if ascii_style else "▲"
        self.ascii_style = ascii_style
        self.cards = list(cards)
        self.at = max(0, min(cursor, len(self.cards) - 1)) if self.cards else 0
        self.note = note
        self.placeholder = placeholder
        border_title = escape(title) if title else None
        if border_title != self.border_title:  # (a title set again repaints the panel)
            self.border_title = border_title
        self._draw()

    def redraw(self) -> None:
        if self.render_hand is None or self.sight is None or not self.is_mounted:
            return
        shown = self.render_hand(self)
        self.show(shown.cards, shown.cursor, title=shown.title, note=shown.note,
                  placeholder=shown.placeholder, ascii_style=shown.ascii_style)

    def on_mount(self) -> None:
        from cutthroat.tui.widgets.bound import redraw_on_change

        redraw_on_change(self, "sight", "cursor", "selected")

    def on_resize(self, event: Resize) -> None:
        self._draw()

    def _put(self, selector: str, content: str) -> None:
        """Update only on change: every update costs a layout pass, unless the part takes as many
        lines as before (its width is the panel's, its height its lines): then a repaint does."""
        before = self._shown.get(selector)
        if before != content:
            self._shown[selector] = content
            part = self.query_one(selector, Static)
            width = part.content_region.width
            same_height = before is not None and width > 0 and lines_of(before, width) == lines_of(content, width)
            part.update(content, layout=not same_height)

    def _draw(self) -> None:
        body = self.query_one("#hand-cards", Static)
        self.set_class(not self.cards, "-empty")
        if not self.cards:
            self._put("#hand-cards", f"[$text-muted]{escape(self.placeholder)}[/]" if self.placeholder else "")
            self._put("#hand-note", "")
            return
        width = body.size.width or self.DEFAULT_WIDTH
        rows: list[tuple[list[str], list[str]]] = [([], [])]
        used = 0
        for i, card in enumerate(self.cards):
            size = len(card.label) + 2
            if used and used + 1 + size > width:
                rows.append(([], []))
                used = 0
            cells, marks = rows[-1]
            if used:
                cells.append(" ")
                marks.append(" ")
                used += 1
            at = i == self.at
            cells.append(chip(card.label, card.style, card.playable, at))
            if at:
                left = (size - 1) // 2
                marks.append(" " * left + f"[bold $accent]{self.marker}[/]" + " " * (size - 1 - left))
            else:
                marks.append(" " * size)
            used += size
        lines = []
        for cells, marks in rows:
            lines.append("".join(cells))
            lines.append("".join(marks).rstrip())
        self._put("#hand-cards", "\n".join(lines))
        room = self.room(self) if self.room is not None else None
        height = None if room is None else max(NOTE_LINES, room - len(lines))
        note = self.query_one("#hand-note", Static)
        self._put("#hand-note", fit_note(self.note, note.content_region.width or width, height,
                                         "..." if self.ascii_style else "…"))
