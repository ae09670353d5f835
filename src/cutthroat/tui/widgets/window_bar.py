"""The reaction-window line: who may still answer, and the seconds left on the host's clock.

The host sends how long the window had left when the update was sent; this widget counts down
from there on its own (display only: the host, not the screen, ends the window)."""

from __future__ import annotations

import math
import time
from typing import Sequence

from textual.reactive import reactive
from textual.widgets import Static

from cutthroat.tui.text import escape, parsed, shortened


class WindowBar(Static):
    """`Nope? Press your seat number: 1 Ana · 2 Bob — 3s · p: we all pass` while a shared window
    is open."""

    sight = reactive(None, always_update=True, repaint=False)  # (`redraw` updates it where its text changed)

    def __init__(self, prompt: str, names: Sequence[str], *, id: str | None = None, classes: str = "") -> None:
        super().__init__("", id=id, classes=classes)
        self.prompt = prompt
        self.names = list(names)
        self.ends: float | None = None
        self._text: str | None = None

    def on_mount(self) -> None:
        self.set_interval(0.2, self.redraw)

    def watch_sight(self, sight) -> None:
        deadline = sight.update.deadline if sight is not None and sight.claimable else None
        self.ends = None if deadline is None else time.monotonic() + deadline
        self.display = sight is not None and bool(sight.claimable)
        self.redraw()

    def redraw(self) -> None:
        sight = self.sight
        if sight is None or not sight.claimable:
            return
        left = "" if self.ends is None else f" — [bold]{math.ceil(max(0.0, self.ends - time.monotonic()))}s[/]"
        width = self.parent.content_region.width if self.parent else 0  # (its own is none while hidden)
        for longest, tail in SHORTER:  # the seat numbers and the clock always; the rest if there's room
            seats = " · ".join(f"{q + 1} {escape(shortened(self.names[q], longest))}" if longest else str(q + 1)
                               for q in sight.claimable)
            text = f"{escape(self.prompt)} {seats}{left}{tail}"
            if not width or parsed(text).cell_length <= width:
                break
        if text != self._text:
            self._text = text
            self.update(text, layout=False)  # (one line)


#: The line, shorter and shorter until it fits: how long a name may be (0: the seat number
#: alone), and the ending ("p: we all pass" is in the footer too, so it goes first).
SHORTER = ((10, " · p: we all pass"), (10, ""), (4, ""), (0, ""))

