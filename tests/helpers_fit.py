"""What is cut on screen: a line that doesn't fit its widget (wrapped past its height, or wider
than its width), a widget pushed out of its parent's box, a footer key that doesn't fit the row.

`cut(screen)` lists each as a sentence (empty: everything fits). Widgets inside something that
scrolls (the log, a long list) are left alone: there, more than fits is meant to scroll."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Footer


def scrolls(widget: Widget) -> bool:
    """Is the widget inside (or itself) a container that scrolls?"""
    return any(isinstance(node, Widget) and (node.allow_vertical_scroll or node.allow_horizontal_scroll)
               for node in widget.ancestors_with_self)


def cut(screen) -> list[str]:
    found = []
    for widget in screen.walk_children(with_self=False):
        if not widget.display or not widget.visible or scrolls(widget):
            continue
        try:
            geometry = screen.find_widget(widget)
        except Exception:  # (not on screen: under something else, or not laid out)
            continue
        name = f"{type(widget).__name__}#{widget.id or ''}"
        shown = geometry.region.intersection(geometry.clip)
        if shown.size != geometry.region.size and geometry.region.size.area:
            found.append(f"{name}: {geometry.region.size} drawn, {shown.size} shown: {snippet(widget)}")
        box = widget.content_region.size
        if widget.children or not box.area:
            continue
        lines = widget.get_content_height(box, screen.size, box.width)
        if lines > box.height:
            found.append(f"{name}: {lines} lines in {box.height}: {snippet(widget)}")
        if widget.styles.text_wrap == "nowrap" and widget.get_content_width(box, screen.size) > box.width:
            found.append(f"{name}: wider than {box.width}: {snippet(widget)}")
    return found + footer_cut(screen)


def footer_cut(screen) -> list[str]:
    """The footer's keys overlap (or run past) the docked command-palette key at the right."""
    found = []
    for footer in screen.query(Footer):
        keys = [k for k in footer.children if k.display and k.region.area]
        right = footer.region.right
        for key in keys:
            others = [o for o in keys if o is not key and o.region.overlaps(key.region)]
            if key.region.right > right or others:
                found.append(f"footer key {snippet(key)!r} doesn't fit")
    return found


def snippet(widget: Widget) -> str:
    try:
        return " ".join(str(widget.render()).split())[:160]
    except Exception:
        return type(widget).__name__
