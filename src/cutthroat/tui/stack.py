"""Screens that leave the stack safely, however fast the keys come.

Textual hands each key to the focused widget's queue as it arrives, so a burst of keys can be
queued on a dialog before its first key has closed it. A key handled after that (a second digit
in a prompt, a second Enter in a text box) would `dismiss` again, and `dismiss` pops whatever is
on top by then: the lobby under it, then the title, then "Can't pop screen". So a dialog closes
only while it is the screen on top (`SafeDismiss`), and a flow that ends several screens at once
names the screen it ends (`close_screen`) instead of popping blindly.
"""

from __future__ import annotations

from textual.await_complete import AwaitComplete
from textual.screen import Screen


class SafeDismiss:
    """Mix into a Screen: `dismiss` does nothing unless the screen is the one on top (a key
    queued before it closed finds it gone, and is dropped)."""

    def dismiss(self, result=None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete.nothing()
        return super().dismiss(result)


def close_screen(app, screen: Screen | None) -> None:
    """Take `screen` off the stack with every screen above it (a prompt it opened, a dialog a
    burst of keys left there); nothing if it is gone already. The bottom screen always stays."""
    if screen is None or screen not in app.screen_stack:
        return
    while len(app.screen_stack) > 1 and screen in app.screen_stack:
        app.pop_screen()


def pop_if_top(app, screen: Screen) -> None:
    """Pop `screen` if it is the one on top (a callback that closes its own screen, run after a
    burst of keys may have put another screen there)."""
    if app.screen is screen and len(app.screen_stack) > 1:
        app.pop_screen()
