"""A small prompt: pick one of N labelled options.

Every prompt keys its choices by one rule (`keyed`): a player is their seat number and a deck
its letter, as at the table; any other choice is numbered 1–9 in list order, then lettered (a, b,
c…, in a list that also names players); 0 is the choice that does nothing (pass, Done, Move
nothing). A choice keeps its key across a prompt's steps.

Each option has a key (a digit or letter shown before its label: press it to pick at once);
↑/↓ (or j/k) and Enter pick the highlighted one (the legend says so in words where the screen is
ASCII); Esc dismisses with None (what that means, the caller says: `esc`).
Where Esc answers (passes, takes the play back), Tab puts the prompt aside (ASIDE) instead: the
decision waits, and the table's keys (menu, save, the discard pile) work meanwhile.
Tables use it for targets, the Reaper's use, a Head Swap partner and the like.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter


#: What a prompt put aside with Tab answers: nothing yet (Enter on the table brings it back).
ASIDE = object()

#: Keys for the choices of a list, in order (j and k move the cursor).
KEYS = "123456789abcdefghilmnopqrstuvwxyz"
LETTERS = KEYS[9:]
#: A row's `key` in `keyed`: the choice that does nothing (key 0).
NOTHING = "0"


@dataclass(frozen=True)
class Choice:
    key: str  # one character, pressed to pick this option ("": reached with ↑↓ only)
    label: str  # plain text (not markup)
    value: Any


def keyed(rows: Iterable[tuple]) -> list[Choice]:
    """Choices keyed by the one rule. A row is (label, value) for a choice numbered in list
    order, or (label, value, key) for one with its own key: a seat's number (`key_of_seat`), a
    deck's letter, NOTHING, or KEYS[i] for a place kept across steps."""
    rows = list(rows)
    named = any(len(row) > 2 and row[2].isdigit() and row[2] != NOTHING for row in rows)
    free = iter(LETTERS if named else KEYS)
    return [Choice(row[2] if len(row) > 2 else next(free, ""), row[0], row[1]) for row in rows]


def key_of_seat(seat: int) -> str:
    return str(seat + 1)


class ChoiceScreen(SafeDismiss, ModalScreen[Any]):
    #: CSS, not DEFAULT_CSS: the width must win over app.tcss's `.dialog` (a DEFAULT_CSS rule never does).
    CSS = """
    #choice-dialog {
        width: 56;
    }
    #choice-list {
        height: auto;
        max-height: 10;
        border: none;
    }
    #choice-note {
        color: $text-muted;
    }
    """

    BINDINGS = with_ids("choice", [
        Binding("escape", "dismiss(None)", "cancel"),
        Binding("tab", "aside", "later"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ])

    def __init__(self, title: str, choices: Sequence[Choice], note: str = "",
                 esc: str = "put away") -> None:
        """`esc` says what Esc does here, truly: "cancel" only where nothing is spent yet, "pass"
        where putting the prompt away answers it, else "put away": the decision waits (Enter)."""
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.note = note
        self.esc = esc
        # The footer says what Esc does here, as the help line does.
        bindings = self._bindings.key_to_bindings
        bindings["escape"] = [replace(b, description=esc) for b in bindings.get("escape", [])]

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-dialog", classes="dialog"):
            yield Static(escape(self.title_text), classes="dialog-title")
            if self.note:
                yield Static(escape(self.note), id="choice-note")
            yield OptionList(
                *(Option(f"{escape(c.key)}  {escape(c.label)}", id=str(i)) for i, c in enumerate(self.choices)),
                id="choice-list",
            )
            keys = "/".join(c.key for c in self.choices if c.key)  # a long list: the first ones only have keys
            # In ASCII the arrows and ⏎ would be ^v ~ (^ is also a crown, ~ no key at all): words
            moves = "Up/Down, Enter: choose" if self.app.has_class("-ascii") else "↑↓ ⏎ choose"
            aside = " · Tab later" if self.answers_on_esc else ""
            legend = f"{keys} or {moves}" if keys else moves
            yield Static(f"{escape(legend)} · Esc {escape(self.esc)}{aside}", classes="dialog-help")
        yield KeysFooter()

    @property
    def answers_on_esc(self) -> bool:
        return self.esc not in ("cancel", "put away")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.answers_on_esc if action == "aside" else True

    def action_aside(self) -> None:
        self.dismiss(ASIDE)

    def on_mount(self) -> None:
        for menu in self.query(OptionList):  # none if the app closed while this was opening
            menu.focus()

    def action_cursor(self, step: int) -> None:
        menu = self.query_one(OptionList)
        (menu.action_cursor_down if step > 0 else menu.action_cursor_up)()

    def on_key(self, event: events.Key) -> None:
        if event.character is None or event.character in ("j", "k"):
            return
        for choice in self.choices:
            if choice.key == event.character:
                event.stop()
                self.dismiss(choice.value)
                return

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[int(event.option.id or 0)].value)
