"""How Psycho Killer cards look: a colour by kind (and always the name, so colour is never the
only signal), the VHS symbols as glyphs (words in the card's note; letters in ASCII), short
labels for the hand's chips."""

from __future__ import annotations

from cutthroat.games.psycho_killer.cards import (ACTION, EJECT, FAST_FORWARD, PK, PLAY, PREDICAMENT, REWIND, STOP,
                                                 SYMBOL_NAMES, WEAPON, PkCard)

KIND_STYLE = {PK: "$error", WEAPON: "$warning", PREDICAMENT: "$secondary", ACTION: "$primary"}
GLYPHS = {EJECT: "⏏", STOP: "■", REWIND: "◀◀", PLAY: "▶", FAST_FORWARD: "▶▶"}
ASCII_GLYPHS = {EJECT: "[EJ]", STOP: "[ST]", REWIND: "[RW]", PLAY: "[PL]", FAST_FORWARD: "[FF]"}
#: Chip labels that fit the hand panel (the note under it gives the full name and text).
SHORT = {"CAR": "Car Trouble", "HURTS": "Everybody Hurts", "WOODS": "Lost in Woods", "DTAP": "Double Tap",
         "SLAM": "Slam Door", "BOOBY": "Booby Trap", "FOOTAGE": "Footage", "DEADEND": "Dead End",
         "KEYS": "Drop Keys", "SPLIT": "Split Up", "NOSIGNAL": "No Signal", "BOOK": "Book of Dead",
         "BARRICADE": "Barricade", "BEHIND": "Behind You", "BANDAID": "Bandaid", "STITCHES": "Stitches"}


def card_style(card: PkCard) -> str:
    return KIND_STYLE.get(card.kind, "")


def glyphs(card: PkCard, ascii_style: bool) -> str:
    table = ASCII_GLYPHS if ascii_style else GLYPHS
    return "".join(table[s] for s in (EJECT, STOP, REWIND, PLAY, FAST_FORWARD) if s in card.symbols)


def chip_label(card: PkCard, ascii_style: bool) -> str:
    """`◀◀ Slam Door`, `Hook 3`: the symbol first, a weapon's points after."""
    mark = glyphs(card, ascii_style)
    label = SHORT.get(card.code, card.name)
    if card.kind == WEAPON:
        label = f"{label} {card.points}"
    return f"{mark} {label}" if mark else label


def symbol_words(card: PkCard) -> str:
    """`Rewind: after you draw` for the note (the glyph's meaning in words)."""
    words = {EJECT: "played at once when drawn", STOP: "played at once, even Left for Dead; can't be tripped",
             REWIND: "answers the card you just drew", PLAY: "played when it isn't your turn",
             FAST_FORWARD: "ends your turn without a draw"}
    return "; ".join(f"{SYMBOL_NAMES[s]}: {words[s]}" for s in (EJECT, STOP, REWIND, PLAY, FAST_FORWARD)
                     if s in card.symbols)
