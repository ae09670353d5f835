"""The keys every multi-player table shares; a game's BINDINGS put its own among these."""

from __future__ import annotations

from textual.binding import Binding

MOVE_KEYS = [
    Binding("left", "move(-1)", "card", key_display="←→"),
    Binding("right", "move(1)", show=False),
    Binding("home", "move(-99)", show=False),
    Binding("end", "move(99)", show=False),
]
RESULTS_KEY = Binding("enter", "results", "results", key_display="⏎")


def play_hint_key(keys: str = "enter") -> Binding:
    """Enter right after a hint plays the hinted move whole (target included); a game lists it
    before its own Enter, which takes over once the hint is gone or the cursor has moved. Shown:
    the footer shows one binding a key, the first that acts, so hidden it would hide ⏎ too."""
    return Binding(keys, "play_hint", "play hint", key_display="⏎")


SKIP_KEY = Binding("f", "skip_ahead", "skip ahead")
#: The whole game's log (also in the menu; the footer has no room for it).
HISTORY_KEY = Binding("L", "history", "log", show=False)
#: Hot-seat: a shared reaction window ends at once when the table agrees nobody answers it.
ALL_PASS_KEY = Binding("p", "all_pass", "we all pass")


def closing_keys(save_shown: bool) -> list[Binding]:
    """s save, ? rules, Esc menu: the last keys of every table's footer."""
    return [Binding("s", "save", "save", show=save_shown),
            HISTORY_KEY,
            Binding("question_mark", "rules", "rules", key_display="?"),
            Binding("escape", "menu", "menu")]


def seat_keys(seats: int, description: str, key_display: str) -> list[Binding]:
    """1…n: a seat number (a target, or a claim on a shared reaction window)."""
    return [Binding("1", "seat(0)", description, key_display=key_display),
            *[Binding(str(i + 1), f"seat({i})", show=False) for i in range(1, seats)]]
