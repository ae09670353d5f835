"""Widgets bound to the table screen's reactive state (`data_bind`): when the screen's `sight`,
`cursor`, `selected` or `message` changes, each bound widget re-renders itself through the
render function it was given — attributes down, no hand-kept text cache."""

from __future__ import annotations

from typing import Any, Callable

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static


def same_content(shown: Any, new: Any) -> bool:
    """`new` would draw exactly what is shown: the same markup string, or the same text with the
    same styles (`Content`'s own == compares the text alone)."""
    if type(shown) is not type(new):
        return False
    if isinstance(new, str):
        return shown == new
    if isinstance(new, Content):
        return shown.plain == new.plain and shown.spans == new.spans
    return False  # (anything else is drawn again)


def show(widget: Static, content: Any) -> None:
    """`widget.update(content)`, unless it shows that already: every update costs a layout pass,
    and a table redraws all its lines on each key."""
    if not same_content(widget.content, content):
        widget.update(content, layout=not fixed_size(widget))


def set_classes(widget: Widget, wanted: dict[str, bool]) -> None:
    """Each class in `wanted` on or off, the styles updated once (and not at all where nothing
    changed): a style update applies the whole stylesheet to the widget and its children, and
    a table marks every card on each key and each replay step."""
    changed = False
    for name, on in wanted.items():
        if on != (name in widget.classes):
            changed = True
            if on:
                widget.add_class(name, update=False)
            else:
                widget.remove_class(name, update=False)
    if changed:
        widget.update_node_styles()


class BoundStatic(Static):
    """A Static whose text is `render(self)`: the function reads the widget's bound reactives."""

    # (no repaint of their own: `redraw` updates the widget where its text changed, and only then)
    sight: reactive[Any] = reactive(None, always_update=True, repaint=False)
    cursor: reactive[int] = reactive(0, repaint=False)
    selected: reactive[frozenset] = reactive(frozenset(), repaint=False)
    message: reactive[str] = reactive("", repaint=False)

    def __init__(self, render: Callable[["BoundStatic"], str], *, id: str | None = None,
                 classes: str = "", style: Callable[["BoundStatic"], dict[str, bool]] | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.render_text = render
        self.style_classes = style
        self._text: str | None = None

    def redraw(self) -> None:
        if self.sight is None:
            return
        text = self.render_text(self)
        if text != self._text:  # every update costs a repaint (and a layout pass, unless its size is fixed)
            self._text = text
            self.update(text, layout=not fixed_size(self))
        if self.style_classes is not None:
            set_classes(self, self.style_classes(self))

    def on_mount(self) -> None:
        redraw_on_change(self, "sight", "cursor", "selected", "message")

    def on_resize(self) -> None:
        self._text = None
        self.redraw()


def fixed_size(widget) -> bool:
    """Is `widget`'s size independent of its text (a height in cells, a width not `auto`)? Then a
    new text needs no layout pass of the screen, only the widget repainted."""
    styles = widget.styles
    height, width = styles.height, styles.width
    return height is not None and height.is_cells and (width is None or not width.is_auto)


def redraw_on_change(widget, *names: str) -> None:
    """Draw `widget` now and again whenever one of its reactives `names` changes."""
    for name in names:
        widget.watch(widget, name, lambda _value: widget.redraw(), init=False)
    widget.redraw()
