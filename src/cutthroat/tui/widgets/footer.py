"""The footer every screen shows: Textual's, with each key born in the footer's style.

Textual's `FooterKey` starts compact and is then data-bound to its footer's `compact`, so each
key of a footer recompose (which comes with every change of the live keys) restyled itself once
or twice after mounting — most of the cost of a key press at a table. Here each key is made in
its footer's style before it mounts (the command palette's key, not bound, stays compact as
Textual makes it); it looks the same.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):  # (not bound)
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget
