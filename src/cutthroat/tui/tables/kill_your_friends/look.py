"""How Kill Your Friends cards and rows look on screen: a card's colour (the theme's character
colours; Chaos cards and the Reaper their own), the hand's order, a row of Kill cards that gives
way to an ellipsis, what lies on a player, the variants in a few words."""

from __future__ import annotations

from typing import Sequence

from cutthroat.engine.protocol import Action
from cutthroat.games.kill_your_friends.cards import CHAOS, COLOUR_LETTERS, KILL, REAPER, KyfCard
from cutthroat.games.kill_your_friends.state import KyfView

# Engine colour letter -> the theme's `$card-char-*` variable.
_THEME_CHAR = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple", "O": "orange",
               "K": "pink", "W": "white"}
CHAR_STYLE = tuple(f"$card-char-{_THEME_CHAR[letter]}" for letter in COLOUR_LETTERS)
CHAOS_STYLE = "$primary"
REAPER_STYLE = "$foreground"


def action_card(action: Action) -> KyfCard | None:
    card = getattr(action, "card", None)
    return REAPER if card is None and action.kind == "reaper" else card


def action_target(action: Action) -> int:
    """The seat an action is aimed at (-1: none)."""
    kind = action.kind
    if kind == "attack":
        return action.victim
    if kind == "dump":
        return action.grave
    return action.target if kind in ("chaos", "reaper") else -1


def choice_style(variant: str, value: str) -> str | None:
    """The setup screen's character column: each letter in its character's colour."""
    return CHAR_STYLE[COLOUR_LETTERS.index(value)] if variant == "characters" and value in COLOUR_LETTERS else None


def card_style(card: KyfCard) -> str:
    if card.kind == KILL:
        return CHAR_STYLE[card.colour]
    return CHAOS_STYLE if card.kind == CHAOS else REAPER_STYLE


def sort_hand(hand: Sequence[KyfCard], mine: int) -> list[KyfCard]:
    rank = {KILL: 0, CHAOS: 1}
    return sorted(hand, key=lambda c: (rank.get(c.kind, 2), c.colour != mine, c.colour, c.number, c.index))


def variant_text(view: KyfView) -> str:
    parts = []
    if view.sudden_death:
        parts.append("Sudden Death")
    if view.kill_joy != "off":
        parts.append(f"Kill Joy ({view.kill_joy})")
    if view.co_op:
        parts.append("Co-op")
    if view.head_hunter:
        parts.append(f"Head Hunter {view.head_hunter}")
    return " · ".join(parts)


def runs(cards: Sequence[KyfCard]) -> list[tuple[KyfCard, int]]:
    """The cards with repeats counted: R1 R1 R2 → [(R1, 2), (R2, 1)]."""
    out: list[tuple[KyfCard, int]] = []
    for card in cards:
        if out and out[-1][0].label == card.label:
            out[-1] = (card, out[-1][1] + 1)
        else:
            out.append((card, 1))
    return out


def _label(card: KyfCard, count: int, sym: dict[str, str]) -> str:
    return card.label + (f"{sym.get('times', '×')}{count}" if count > 1 else "")


def row_width(items: Sequence[tuple[KyfCard, int]], sym: dict[str, str]) -> int:
    return sum(len(_label(card, count, sym)) + 1 for card, count in items) - 1


def card_row(cards: Sequence[KyfCard], room: int, sym: dict[str, str], deadly_top: bool = False) -> str:
    """`R1 R2 R3` in their colours, in at most `room` columns. Where they don't fit, repeats are
    counted (`R1×2 R2×2 R3`: every card still told), and only then are the oldest dropped, their
    number said (`(+3) R2×2 R3`)."""
    if not cards:
        return ""

    def drawn(items) -> list[str]:
        out = []
        for i, (card, count) in enumerate(items):
            look = "bold reverse" if deadly_top and i == len(items) - 1 else "bold"
            out.append(f"[{look} {card_style(card)}]{_label(card, count, sym)}[/]")
        return out

    for items in ([(card, 1) for card in cards], runs(cards)):
        if row_width(items, sym) <= room:
            return " ".join(drawn(items))
    shown = runs(cards)
    while len(shown) > 1 and len(f"(+{len(cards)}) ") + row_width(shown, sym) > room:
        shown.pop(0)
    hidden = len(cards) - sum(count for _, count in shown)
    return " ".join([f"[$text-muted](+{hidden})[/]", *drawn(shown)])


def attack_text(view: KyfView, seat: int, room: int, sym: dict[str, str]) -> str:
    """What lies on a player: the attack on them (a 3 on top marked deadly), the Reaper, cards
    owed; a dead player's graveyard."""
    if view.out[seat]:
        grave = list(view.attack[seat]) + list(view.graveyard[seat])
        return "[$text-muted]out[/]" + (" " + card_row(grave, room - 4, sym) if grave else "")
    extra, extra_len = [], 0  # (the marks always show: the cards give way to them)
    if view.reaper_on == seat:
        extra.append(f"[bold reverse $error]{sym['skull']}Reaper[/]")
        extra_len += len(f"{sym['skull']}Reaper") + 1
    if view.owe[seat]:
        extra.append(f"[bold $warning]+{view.owe[seat]} owed[/]")
        extra_len += len(f"+{view.owe[seat]} owed") + 1
    seq, parts = view.attack[seat], []
    if seq:
        top_deadly = seq[-1].number == 3
        deadly = f"{sym['skull']}deadly"
        if top_deadly and row_width(runs(seq), sym) > room - extra_len - len(deadly) - 1:
            deadly = sym["skull"]  # the cards come first; the top card is lit as deadly all the same
        parts.append(card_row(seq, room - extra_len - (len(deadly) + 1 if top_deadly else 0), sym,
                              deadly_top=top_deadly))
        if top_deadly:
            parts.append(f"[bold $error]{deadly}[/]")
    return " ".join(parts + extra)
