"""Exploding Kittens prompts: where to put a card back (the pile drawn as a strip), the discard
pile browser, and the choices of the other decisions (targets, naming a card, reordering the
future, Garbage Collection, five different, the reaction window) for the shared ChoiceScreen."""

from __future__ import annotations

from typing import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import counted, ordinal
from cutthroat.games.exploding_kittens.actions import FIVE, TRIPLE, Pass, Reorder
from cutthroat.games.exploding_kittens.cards import NOPE, EkCard
from cutthroat.games.exploding_kittens.events import play_title, what_name
from cutthroat.games.exploding_kittens.state import GC, NAME, REORDER, TARGET, EkView
from cutthroat.games.exploding_kittens.text import COMBO_NAMES
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.choice import NOTHING, Choice, keyed, key_of_seat
from cutthroat.tui.widgets.footer import KeysFooter

STRIP = 60  # cards per strip row


def window_choices(view: EkView, legal: Sequence[Action], names: Sequence[str]) -> tuple[list[Choice], str]:
    """The answers to a reaction window, and a note of how many Nopes the seat holds."""
    seat = view.seat
    words = {"nope": "Nope!", "alter_now": "Alter the Future 3x NOW (see and reorder the top 3)"}
    choices = keyed([("Let it happen (pass)", Pass(seat), NOTHING)] +
                    [(words[a.kind], a) for a in legal if a.kind in words])
    nopes = sum(1 for c in view.hand if c is NOPE)
    note = f"{names[seat]}: you hold {nopes} Nope{'s' * (nopes != 1)}." if nopes else \
        f"{names[seat]}: you hold no Nope."
    return choices, note


def decision_choices(view: EkView, legal: Sequence[Action], names: Sequence[str],
                     short: Callable[[EkCard], str]) -> tuple[str, list[Choice], str]:
    """A pending decision other than a window or a reinsert: its title, choices and note."""
    f = view.stack[-1]
    note = ""
    if f.kind == TARGET:
        title = f"{play_title(f.what)}: choose a player"
        rows = []
        for a in legal:
            q = a.player
            marked = view.marked[q]
            extra = f" · marked: {', '.join(c.name for c in marked)}" if marked else ""
            rows.append((f"{names[q]} · {counted(view.hand_counts[q], 'card')}{extra}", a, key_of_seat(q)))
        return title, keyed(rows), note
    if f.kind == REORDER:
        k = f.data
        top = view.known_top()[:k]
        face_up = set(view.up_known)
        share = f" ({names[f.target]} will see them)" if f.target >= 0 else ""

        def card(depth: int) -> str:
            name = short(top[depth]) if top[depth] else "?"
            return f"{name} (face up)" if depth in face_up else name

        choices = keyed(("  ".join(f"{j + 1}.{card(o)}" for j, o in enumerate(action.order)), action)
                        for action in legal if isinstance(action, Reorder))
        note = "Top first: the first card is drawn next."
        if face_up & set(range(k)):
            note += " A face-up Imploding Kitten stays face up: everyone sees where it goes."
        return f"{what_name(f.what)}: put the top {k} back{share}", choices, note
    if f.kind == NAME:
        title, note = f"{COMBO_NAMES[TRIPLE]} on {names[f.target]}: name a card", "If they hold one, they give it to you."
    elif f.kind == GC:
        title, note = "Garbage Collection: put a card into the draw pile", "In secret; then the pile is shuffled."
    else:  # TAKE
        title = f"{COMBO_NAMES[FIVE]}: take a card from the discard pile"
    return title, keyed((a.card.name, a) for a in legal), note


def card_letter(card: EkCard) -> str:
    """One letter for a card in the pile strip: E/I kittens, D Defuse, else the name's first."""
    return {"EXP": "E", "IMP": "I", "DEF": "D"}.get(card.code, card.name[0].lower())


def pile_place(depth: int) -> str:
    """Where a known card lies in the draw pile, as "You know" lines say it: "top", "2nd", "11th"."""
    return "top" if depth == 0 else ordinal(depth + 1)


class ReinsertScreen(SafeDismiss, ModalScreen[int | None]):
    """Choose a depth (cards above it) from 0 (top) to the pile size (bottom).

    The pile is drawn top first as a strip: ▒ an unknown card, a letter for a card you know
    (E Exploding, I Imploding face up, D Defuse, …), and the ▼ slot where the card will go.
    `hint` (if given) asks the hard bot for a depth; it runs in a worker thread on `h`."""

    BINDINGS = with_ids("ek-reinsert", [
        Binding("left", "move(-1)", "move", key_display="←→"),
        Binding("right", "move(1)", show=False),
        Binding("home,t", "to(0)", "top", key_display="t"),
        Binding("end,b", "to(-1)", "bottom", key_display="b"),
        Binding("r", "random", "random"),
        Binding("h", "hint", "hint"),
        Binding("enter", "place", "put it here", key_display="⏎"),
    ])

    def __init__(self, card: EkCard | None, size: int, known: Sequence[EkCard | None], *, face_up: bool,
                 drawers: Sequence[str] = (), ascii_style: bool = False, start: int = 0,
                 hint: Callable[[], int | None] | None = None) -> None:
        super().__init__()
        self.card = card
        self.pile_size = size
        self.known = list(known) + [None] * (size - len(known))
        self.face_up = face_up
        self.drawers = list(drawers)
        self.ascii_style = ascii_style
        self.depth = max(0, min(start, size))
        self.hint = hint
        self.hinted: int | None = None

    def compose(self) -> ComposeResult:
        what = self.card.name if self.card is not None else "the card"
        face = " face up (everyone will see where)" if self.face_up else " in secret"
        with Vertical(id="ek-reinsert", classes="dialog"):
            yield Static(escape(f"Put {what} back{face}"), classes="dialog-title")
            yield Static(id="ek-strip")
            yield Static(id="ek-where")
            keys = "←→ move · t top · b bottom · r random" + (" · h hint" if self.hint else "")
            yield Static(f"{keys} · Enter put it here", classes="dialog-help")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.redraw()

    def strip(self) -> str:
        unknown, slot = ("#", "v") if self.ascii_style else ("▒", "▼")
        cells = []
        for i in range(self.pile_size + 1):
            if i == self.depth:
                cells.append(f"[bold reverse $accent]{slot}[/]")
            if i < self.pile_size:
                card = self.known[i]
                if card is None:
                    cells.append(f"[$text-muted]{unknown}[/]")
                else:
                    style = "bold $error" if card.code in ("EXP", "IMP") else "bold"
                    cells.append(f"[{style}]{escape(card_letter(card))}[/]")
        rows = [cells[i:i + STRIP] for i in range(0, len(cells), STRIP)] or [[]]
        lines = ["".join(r) for r in rows]
        lines[0] = "top " + lines[0]
        lines[-1] += " bottom"
        return "\n".join(lines)

    def where(self) -> str:
        d = self.depth
        if d == 0:
            place = "on top: the next card drawn"
        elif d == self.pile_size:
            place = f"at the bottom (under all {self.pile_size})"
        else:
            place = f"under {d} card{'s' * (d != 1)}: the {ordinal(d + 1)} card drawn"
        if d < len(self.drawers):
            place += f" (one draw each: {self.drawers[d]})"
        known = [f"{pile_place(i)} {c.name}" for i, c in enumerate(self.known) if c is not None]
        text = f"[bold]{escape(place)}[/]"
        if self.hinted is not None:
            text += "  [bold $card-hint]◂ hint[/]" if self.hinted == d else ""
        if known:
            text += f"\n[$text-muted]You know: {escape(' · '.join(known[:6]))}[/]"
        return text

    def redraw(self) -> None:
        self.query_one("#ek-strip", Static).update(self.strip())
        self.query_one("#ek-where", Static).update(self.where())

    def action_move(self, step: int) -> None:
        self.depth = max(0, min(self.pile_size, self.depth + step))
        self.redraw()

    def action_to(self, depth: int) -> None:
        self.depth = self.pile_size if depth < 0 else depth
        self.redraw()

    def action_random(self) -> None:
        import random

        self.depth = random.randint(0, self.pile_size)
        self.redraw()

    def action_place(self) -> None:
        self.dismiss(self.depth)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.hint is not None if action == "hint" else True

    def action_hint(self) -> None:
        if self.hint is not None:
            self.run_worker(self.think, thread=True, exclusive=True, group="hint")

    def think(self) -> None:
        depth = self.hint()
        self.app.call_from_thread(self.show_hint, depth)

    def show_hint(self, depth: int | None) -> None:
        if depth is None or not self.is_attached:
            return
        self.hinted = self.depth = max(0, min(depth, self.pile_size))
        self.redraw()


class DiscardScreen(SafeDismiss, ModalScreen[None]):
    """The discard pile, top first (and this turn's Barking Kittens)."""

    BINDINGS = with_ids("ek-discard", [Binding("escape,v,enter,q", "dismiss(None)", "close", key_display="v")])

    def __init__(self, discard: Sequence[EkCard], limbo: Sequence[EkCard] = ()) -> None:
        super().__init__()
        self.discard = list(discard)
        self.limbo = list(limbo)

    def compose(self) -> ComposeResult:
        with Vertical(id="ek-discard", classes="dialog"):
            yield Static(f"Discard pile · {len(self.discard)} card{'s' * (len(self.discard) != 1)} (top first)",
                         classes="dialog-title")
            lines = []
            if self.limbo:
                lines.append(f"[$warning]Played this turn: {escape(', '.join(c.name for c in self.limbo))}[/]")
            for i, card in enumerate(reversed(self.discard)):
                lines.append(f"{i + 1:>3} {escape(card.name)}")
            if not lines:
                lines.append("[$text-muted]Empty.[/]")
            with VerticalScroll(id="ek-discard-list"):
                yield Static("\n".join(lines))
            arrows = "Up/Down" if self.app.has_class("-ascii") else "↑↓"  # (not ^v beside the key v)
            yield Static(f"{arrows} scroll · v or Esc close", classes="dialog-help")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#ek-discard-list").focus()
