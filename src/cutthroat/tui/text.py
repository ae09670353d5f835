"""Text from players on screen: data, never markup and never a terminal control.

Textual reads a `str` given to a Static, an Option, a border title or a notification as content
markup, so a player named `[/]` would crash every screen showing the name (MarkupError) and one
named `[b]x` would restyle it. Every string that came from a player (names, table titles, save
notes, a server's refusal that may quote them) reaches a widget through this module:

- `escape(text)` for a piece of text inside our own markup (`f"[bold]{escape(name)}[/]"`);
- `plain(text)` for a whole line with no markup of ours: a `Content`, which is never parsed;
- `clean(text)` for a Rich `Text` or anything else that isn't parsed but still goes to the terminal.

All three replace control characters (C0, DEL and C1: ESC, CSI U+009B, OSC U+009D …) with U+FFFD,
so nothing a player types can reach another player's terminal as a command. The server refuses
such names already; the screen doesn't count on it.

Textual's own `textual.markup.escape` misses some markup (`[$x]`, `[ b]`, `[B]x` are still read as
tags) and doubles a trailing backslash; `escape` here is exact for every string.
"""

from __future__ import annotations

from functools import lru_cache

from textual.content import Content

#: What a control character shows as.
REPLACEMENT = "\ufffd"
#: C0 (but newline: our own multi-line text keeps it; a tab is a space), DEL and C1.
_CONTROLS = {c: REPLACEMENT for c in (*range(0x00, 0x20), *range(0x7F, 0xA0)) if c != 0x0A}
_CONTROLS[0x09] = " "
#: The same for one line of text (a name, a row): a newline is a control there too.
_LINE_CONTROLS = {**_CONTROLS, 0x0A: REPLACEMENT}
#: An invisible character put after a trailing backslash (see `escape`).
WORD_JOINER = "\u2060"


def clean(text: object) -> str:
    """`text` with every control character but a newline replaced (a tab becomes a space)."""
    return str(text).translate(_CONTROLS)


def clean_line(text: object) -> str:
    """`text` as one line: every control character replaced, a newline too."""
    return str(text).translate(_LINE_CONTROLS)


def escape(text: object) -> str:
    """`text` as markup that shows exactly `text`, wherever it is put in our own markup.

    Textual's markup reads a `[` as a tag unless a backslash comes right before it, and removes
    that one backslash: so each `[` gets one, and nothing else changes. A backslash at the very end
    would do the same to the `[` of whatever tag follows (`[b]Ana\\[/]` never closes), so it gets
    an invisible word joiner after it."""
    escaped = clean(text).replace("[", "\\[")
    return escaped + WORD_JOINER if escaped.endswith("\\") else escaped


def plain(text: object) -> Content:
    """A whole line of text as it is: a Content (never read as markup), controls replaced."""
    return Content(clean(text))


@lru_cache(maxsize=2048)
def parsed(markup: str) -> Content:
    """`Content.from_markup(markup)`, parsed once: the tables measure the same lines on every key
    and replay step (a seat's row, the message), and parsing markup is most of what measuring
    costs. (A Content is never changed in place: its methods make new ones.)"""
    return Content.from_markup(markup)


def lines_of(markup: str, width: int) -> int:
    """How many lines `markup` takes, wrapped at `width` columns."""
    return len(parsed(markup).wrap(width))


def first_fitting(variants: list[str], width: int) -> str:
    """The first of `variants` (longest words first) that takes one line at `width` columns; the
    last, shortest one if none does (width 0: not laid out yet, the first)."""
    if width <= 0:
        return variants[0]
    return next((v for v in variants if lines_of(v, width) == 1), variants[-1])


def fit_lines(markup: str, width: int, height: int) -> str:
    """`markup` wrapped at `width` columns, cut to `height` lines: the last line kept ends in "…".
    (Width 0: not laid out yet, as it is.)"""
    if width <= 0:
        return markup
    lines = parsed(markup).wrap(width)
    if len(lines) <= height:
        return markup
    kept = lines[:height]
    kept[-1] = (kept[-1].truncate(width - 1) + "…") if kept[-1].cell_length >= width else kept[-1] + "…"
    return "\n".join(line.markup for line in kept)


def shortened(text: str, longest: int) -> str:
    """`text` cut to `longest` characters, its last one "…" (a name where a row has no room)."""
    return text if len(text) <= longest else text[: longest - 1] + "…"
