"""The footer every screen shows: Textual's, redrawn only when the keys it shows change, and with
each key born in the footer's style.

Textual's footer recomposes (every key widget made and mounted anew) on each change of the
screen's bindings — a table refreshes them on every key, though the keys shown are mostly the
same — and each new `FooterKey` starts compact and is then data-bound to its footer's `compact`,
restyling itself once or twice after mounting: together most of the cost of a key press at a
table. Here the footer does nothing when what it would show is the same, says new words on the
keys it has when only words or enabled states changed, and recomposes only when the keys did;
each key is made in its footer's style before it mounts (the command palette's key, not bound,
stays compact as Textual makes it). It looks the same.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown: tuple | None = None  # what the last compose showed

    def keys_to_show(self) -> tuple:
        """Everything the compose reads: each binding shown (key, its display, words, action,
        enabled, tooltip, group), and the footer's own switches."""
        app = self.app
        return (self.compact, self.show_command_palette, tuple(
            (b.key, app.get_key_display(b), b.description, b.action, enabled, tooltip, b.group)
            for (_, b, enabled, tooltip) in self.screen.active_bindings.values() if b.show))

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self.shown = self.keys_to_show()
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):  # (not bound)
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.recompose_if_changed)

    async def recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        now = self.keys_to_show()
        if now == self.shown:
            return
        if not self.relabel(now):
            await self.recompose()
        self.shown = now

    def relabel(self, now: tuple) -> bool:
        """Where only words, tooltips or enabled states changed (the cursor moved onto another
        card), say them on the keys in place of making new ones. False: the keys changed."""
        if self.shown is None or now[:2] != self.shown[:2] or any(group for *_, group in now[2]):
            return False
        firsts: dict[str, tuple] = {}  # what the compose makes: per action, its first binding shown
        for key, display, description, action, enabled, tooltip, _ in now[2]:
            firsts.setdefault(action, (key, display, description, action, enabled, tooltip))
        keys = [k for k in self.query(FooterKey) if not k.has_class("-command-palette")]
        if [(k.key, k.action) for k in keys] != [(f[0], f[3]) for f in firsts.values()]:
            return False
        for widget, (_, display, description, _, enabled, tooltip) in zip(keys, firsts.values()):
            if (widget.key_display, widget.description, not widget._disabled, widget.tooltip or "") != \
                    (display, description, enabled, tooltip or ""):
                widget.key_display, widget.description, widget._disabled = display, description, not enabled
                widget.tooltip = tooltip or None
                widget.set_class(not enabled, "-disabled")
                widget.refresh(layout=True)
        return True
