"""A screen's compositor that renders, for a partial update, only the widgets the update touches.

Textual's compositor paints a partial update from one crop: the rectangle around every region
that changed. A table changes its title row (the top line), its message lines and its log on one
key, and the rectangle around those is the whole screen: every widget's lines were asked for
(about 60 widgets at Kill The Kings' board), to paint a few lines; and Textual tests the crop
against a widget's clip (its container's), so the footer, whose clip is the whole screen, was
drawn for any change at all. Here a widget is asked only where its own visible part overlaps a
changed region. What is painted is the same: the update writes only the changed regions' spans,
and the widget in front at any cell of a span overlaps the region that span came from, so it is
rendered (tests/test_replay_paint.py applies the frames sent at each step, as a terminal would,
and compares them with a full repaint).

(Textual 8's private `_get_renders` and `_visible_widgets`: pinned in pyproject.toml.)
"""

from __future__ import annotations

from textual._compositor import Compositor
from textual.geometry import Region


class TouchedCompositor(Compositor):
    def __init__(self) -> None:
        super().__init__()
        self._changed: list[Region] | None = None  # the regions of the partial update being painted

    def render_partial_update(self):
        self._changed = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = None

    def _get_renders(self, crop: Region | None = None):
        changed = self._changed
        if not changed:
            return super()._get_renders(crop)
        everything = self.visible_widgets
        touched = {}
        for widget, (region, clip) in everything.items():
            shown = clip.intersection(region)
            if any(shown.overlaps(r) for r in changed):
                touched[widget] = (region, clip)
        self._visible_widgets = touched
        try:
            return list(super()._get_renders(crop))
        finally:
            self._visible_widgets = everything
