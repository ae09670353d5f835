"""Card widgets. Colour is never the only signal: every card shows its suit symbol or letter,
legal targets get a double border, the cursor a heavy one, a hint a dashed one and a picked-up
card a tall one (in ASCII: `+=+`, `###`, `+..+` and `|-|`, against a plain card's `+-+`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from cutthroat.engine.cards import Card
from cutthroat.tui.widgets.bound import fixed_size, set_classes  # noqa: F401 - (set_classes: here before)


def card_text(card: Card, ascii_style: bool) -> str:
    return card.code if ascii_style else card.label


class CardBox(Widget):
    """A boxed card (or an empty spot); its border title names the slot ("1", "A", "Deck").

    The frame is drawn on the table and the face is a child inside it: a border then has one
    colour to stand out from, the table's, and does so in 16 colours too (tests/test_themes.py),
    where the card faces and backs take up the light and dark ends the marks would need."""

    DEFAULT_CSS = """
    .card-box {
        width: 7;
        height: 3;
        border: round $card-killed;
        border-title-align: left;
        border-title-color: $foreground;
    }
    /* The face inside the frame: the frame stays on the table's colour (see card.py). */
    .card-face {
        width: 1fr;
        height: 1fr;
        background: $card-face;
        color: $card-face-text;
        content-align: center middle;
        text-style: bold;
    }
    .card-box.-red > .card-face {
        color: $card-red;
    }
    .card-box.-black > .card-face {
        color: $card-black;
    }
    .card-box.-empty > .card-face {
        background: $surface;
        color: $text-muted;
    }
    .card-box.-back > .card-face {
        background: $card-back;
        color: $foreground;
    }
    .card-box.-target {
        border: double $card-highlight;
    }
    .card-box.-selected {
        border: tall $card-hint;  /* a picked-up card: its own shape, not a target's double line */
    }
    .card-box.-hint {
        border: dashed $card-hint;
    }
    .card-box.-cursor {
        border: heavy $accent;
    }
    .card-box.-killed > .card-face {
        background: $card-killed;
        text-style: strike;
    }
    /* ASCII: the filter keeps each border's kind (+-+ plain, += target, +.: hint, |-| picked); the cursor's
       heavy border would turn into +- as well, so it is a thick one there: ### */
    App.-ascii .card-box {
        border: ascii $card-killed;
    }
    App.-ascii .card-box.-target {
        border: double $card-highlight;
    }
    App.-ascii .card-box.-selected {
        border: tall $card-hint;  /* |-| over |_|: neither a target's += nor the cursor's ### */
    }
    App.-ascii .card-box.-hint {
        border: dashed $card-hint;
    }
    App.-ascii .card-box.-cursor {
        border: thick $accent;
    }
    """
    SCOPED_CSS = False  # (its ASCII rules start at the App)

    def __init__(self, title: str = "", *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=f"card-box {classes}".strip())
        self.border_title = title
        self.face = Static("", classes="card-face")
        self.face_text = ""

    def compose(self) -> ComposeResult:
        yield self.face

    def show_card(self, card: Card | None, ascii_style: bool, empty: str = "·") -> None:
        set_classes(self, {"-red": card is not None and card.red, "-black": card is not None and not card.red,
                           "-empty": card is None})
        self.show_face(card_text(card, ascii_style) if card else (empty if not ascii_style else empty.replace("·", ".")))

    def show_text(self, text: str, *classes: str) -> None:
        set_classes(self, {name: name in classes for name in ("-red", "-black", "-empty", "-back")})
        self.show_face(text)

    def show_face(self, text: str) -> None:
        """The face's text; the same text again is left alone (an update lays the screen out anew,
        and a table redraws every card on each key). The face is sized by its box (1fr of it):
        in a box of fixed size a new text needs no layout, only the face repainted."""
        if text != self.face_text:
            self.face_text = text
            self.face.update(text, layout=not fixed_size(self))  # (the face fills its box: the box's size is its)

    def mark(self, *, target: bool = False, cursor: bool = False, hint: bool = False,
             selected: bool = False) -> None:
        set_classes(self, {"-target": target, "-cursor": cursor, "-hint": hint, "-selected": selected})


class CardLine(Static):
    """One card in a column, as text."""

    shown_text = ""

    def show_card(self, card: Card | None, ascii_style: bool) -> None:
        set_classes(self, {"-red": card is not None and card.red, "-black": card is not None and not card.red})
        text = card_text(card, ascii_style) if card else ""
        if text != self.shown_text:  # (the same text again is left alone, as CardBox's face)
            self.shown_text = text
            self.update(text, layout=not fixed_size(self))
