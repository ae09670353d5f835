"""Plain ASCII on every screen, for terminals that can't show Unicode (a non-UTF-8 locale, or the
ASCII card style): a line filter turns each character that isn't ASCII into one that is, cell
for cell, so layouts stay as they are — borders become + - |, arrows < > ^ v, suits S H D C.
Borders keep their kind, so a card's marks still differ without colour: a double border turns
into = (a legal target), a dashed one into . and : (a hint), a thick one into # (the cursor).
The screens' own ASCII words (cards, marks, "Enter" in the footer) are chosen where they are
drawn; this is the net under them, so nothing non-ASCII ever reaches the terminal."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

#: Characters the screens use, by what they mean.
ASCII_CHARS = {
    "·": ".", "•": "*", "—": "-", "–": "-", "…": ".", "‘": "'", "’": "'", "“": '"', "”": '"',
    "←": "<", "→": ">", "↑": "^", "↓": "v", "↻": "~", "↺": "~", "↶": "<", "⇄": "=", "↔": "=",
    "‹": "<", "›": ">", "≤": "<", "≥": ">", "−": "-", "±": "+", "√": "v",
    "▶": ">", "◀": "<", "▲": "^", "▼": "v", "▸": ">", "◂": "<", "►": ">",
    "⏎": "~", "×": "x", "✗": "x", "✓": "v", "✝": "x", "★": "*", "☆": "*", "♛": "@",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♡": "h", "♢": "d",
    "■": "#", "●": "*", "◆": "!", "⊘": "0", "⏏": "^", "☠": "!", "⚡": "!", "💥": "!",
    "▮": "#", "▒": "#", "░": ".", "▓": "#", "█": "#", "▀": "#", "▄": "#",
    "▘": "#", "▝": "#", "▖": "#", "▗": "#", "▛": "#", "▜": "#", "▙": "#", "▟": "#",
    "▔": "-", "▁": "_", "▂": "_", "▃": "_", "▅": "#", "▆": "#", "▇": "#",
    "═": "=", "╌": ".", "╍": ".", "╎": ":", "╏": ":",
    "▏": "|", "▎": "|", "▍": "|", "▌": "|", "▋": "|", "▊": "|", "▉": "|", "▐": "|", "▕": "|",
    "\xa0": " ",
}


@lru_cache(maxsize=4096)
def ascii_char(char: str) -> str:
    """One character in ASCII, as many cells wide as it was."""
    if char.isascii():
        return char
    width = cell_len(char)
    if char in ASCII_CHARS:
        return ASCII_CHARS[char].ljust(width)
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        vertical, horizontal = "VERTICAL" in name or " UP" in name or "DOWN" in name, "HORIZONTAL" in name
        if ("AND" in name or "ARC" in name or "DIAGONAL" in name) and not ("DASH" in name):
            return "+".ljust(width)
        return ("-" if horizontal and not vertical else "|" if vertical else "+").ljust(width)
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return (plain[:width] or "?").ljust(width)


def ascii_text(text: str) -> str:
    return text if text.isascii() else "".join(ascii_char(c) for c in text)


class AsciiFilter(LineFilter):
    """Every segment's text in ASCII (styles untouched)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [segment if segment.text.isascii() else Segment(ascii_text(segment.text), segment.style,
                                                                segment.control)
                for segment in segments]
