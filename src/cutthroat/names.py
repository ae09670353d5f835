"""Names players give (their own, a seat's, a bot's): checked once where they enter, by Unicode
category, so every screen can show them as plain text.

A name is NFC-normalised and trimmed, and holds no control (Cc), format (Cf: bidi overrides,
zero-width joiners), surrogate, private-use or unassigned character, and no line or paragraph
separator; it is 1 to `NAME_MAX` graphemes long (a letter with its combining marks counts once).
Headless: the service, saves and the setup screen share it.
"""

from __future__ import annotations

import unicodedata

#: A name's length at most, in graphemes: every table shows names whole.
NAME_MAX = 10
#: Code points at most (a grapheme's marks included): a bound on what one name can cost.
CODE_POINTS_MAX = 40

#: Categories no name may hold, with the words a refusal uses.
FORBIDDEN = {
    "Cc": "a control character", "Cf": "an invisible formatting character", "Cs": "a broken character",
    "Co": "a private-use character", "Cn": "an unassigned character", "Zl": "a line break",
    "Zp": "a paragraph break",
}
#: Categories that join the character before them (one grapheme with it).
JOINING = {"Mn", "Mc", "Me"}
EMOJI_MODIFIERS = range(0x1F3FB, 0x1F400)  # skin tones: part of the emoji before them


def graphemes(text: str) -> int:
    """How many graphemes `text` shows: each character, less the marks that join the one before."""
    count = 0
    for i, char in enumerate(text):
        joins = unicodedata.category(char) in JOINING or ord(char) in EMOJI_MODIFIERS
        if not (joins and i):
            count += 1
    return count


def first_graphemes(text: str, count: int) -> str:
    """`text` cut after its first `count` graphemes (a letter keeps its marks)."""
    seen = 0
    for i, char in enumerate(text):
        joins = unicodedata.category(char) in JOINING or ord(char) in EMOJI_MODIFIERS
        if not (joins and i):
            seen += 1
            if seen > count:
                return text[:i]
    return text


def normal(text: str) -> str:
    """The form a name is kept in: NFC, trimmed, inner runs of spaces made one."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def name_problem(text: object) -> str | None:
    """Why `text` can't be a name (one line), or None: it is one (in its `normal` form)."""
    if not isinstance(text, str):
        return "a name is text"
    for char in text:  # (before `normal`, which would make a tab or a line break a space)
        what = FORBIDDEN.get(unicodedata.category(char))
        if what is not None:
            return f"a name can't hold {what} (U+{ord(char):04X})"
    text = normal(text)
    if not text:
        return f"a name of 1–{NAME_MAX} characters"
    if graphemes(text) > NAME_MAX or len(text) > CODE_POINTS_MAX:
        return f"a name of 1–{NAME_MAX} characters"
    if unicodedata.category(text[0]) in JOINING:
        return "a name can't start with a combining mark"
    return None


def clean(text: object, fallback: str) -> str:
    """A stored name made safe (one kept from before names were checked): forbidden characters
    dropped, cut to `NAME_MAX` graphemes; `fallback` if nothing is left."""
    if not isinstance(text, str):
        return fallback
    kept = "".join(c for c in unicodedata.normalize("NFC", text) if unicodedata.category(c) not in FORBIDDEN)
    kept = normal(kept)
    while kept and unicodedata.category(kept[0]) in JOINING:
        kept = kept[1:].lstrip()
    while kept and (graphemes(kept) > NAME_MAX or len(kept) > CODE_POINTS_MAX):
        kept = kept[:-1].rstrip()
    return kept if name_problem(kept) is None else fallback
