"""What everyone knows of each hand. The deck is face up, so every draw was seen: a player's
hand is public until they place cards face down, and then it is "these cards, less the ones
placed". This dialog says so from the seat's view (`pools`, `hidden`), so nobody has to keep
count in their head the way they would at a real table — unless the table's memory aid is off
(a setup choice): then it tells how many cards each player holds, and remembering is the game."""

from __future__ import annotations

from collections import Counter

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from cutthroat.games.stab_your_friends.state import SyfView
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter


def cards_text(cards) -> str:
    """`Bow ×2, Dagger` in red-number order."""
    counts = Counter(cards)
    return ", ".join(c.name + (f" ×{counts[c]}" if counts[c] > 1 else "")
                     for c in sorted(counts, key=lambda c: c.priority)) or "nothing"


def known_lines(view: SyfView, names, aid: bool = True) -> list[str]:
    """One markup line per player still in: what they hold, as far as this view knows (without
    the memory aid, another player's hand as a count)."""
    lines = []
    for q in view.in_game():
        name = escape(f"{q + 1} {names[q]}" + (" (you)" if q == view.seat else ""))
        held, pool = view.hand_counts[q], escape(cards_text(view.pools[q]))
        if not aid and q != view.seat:
            known = f"{held} card{'s' * (held != 1)}" if held else "no cards"
        elif view.hidden[q]:
            known = (f"{held} of these {len(view.pools[q])}: {pool} "
                     f"[$text-muted]({view.hidden[q]} placed face down)[/]")
        else:
            known = f"{held} card{'s' * (held != 1)}: {pool}" if held else "no cards"
        lines.append(f"[bold]{name}[/] [$text-muted]·[/] {known}")
    return lines


class KnownHandsScreen(SafeDismiss, ModalScreen[None]):
    BINDINGS = with_ids("syf-known", [Binding("escape,k,enter", "dismiss(None)", "close", key_display="k")])

    def __init__(self, view: SyfView, names, translate=lambda text: text, aid: bool = True) -> None:
        super().__init__()
        self.view_, self.names, self.translate, self.aid = view, list(names), translate, aid

    def compose(self) -> ComposeResult:
        title = ("What everyone holds (every draw was seen)" if self.aid
                 else "How many cards everyone holds (memory aid off)")
        with Vertical(id="syf-known", classes="dialog"):
            yield Static(title, classes="dialog-title")
            yield Static(self.translate("\n".join(known_lines(self.view_, self.names, self.aid))))
            yield Static("k or Esc close", classes="dialog-help")
        yield KeysFooter()
