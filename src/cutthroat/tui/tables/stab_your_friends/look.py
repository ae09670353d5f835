"""How Stab Your Friends cards look: a colour by what a card does (and always its name, so
colour is never the only signal), a card in front of a player as a short tag, the priority
track of the activation phase."""

from __future__ import annotations

from cutthroat.games.stab_your_friends.cards import (
    ALL_CARDS,
    BATTLE_AX,
    BOMB,
    BOW,
    CRYSTAL,
    DAGGER,
    DRINK,
    FIREBALL,
    GOBBLIN_HANDS,
    GOLDEN_LEFT_POTION,
    LEFT_POTION,
    LOVE_POTION,
    SHIELD,
    SNAKE,
    SyfCard,
)
from cutthroat.games.stab_your_friends.state import Front
from cutthroat.tui.text import escape

#: A colour by what the card does to the player it is in front of.
CARD_STYLE = {DAGGER: "$error", BOMB: "$error", BATTLE_AX: "$error", BOW: "$warning", FIREBALL: "$warning",
              SHIELD: "$success", LOVE_POTION: "$success", GOLDEN_LEFT_POTION: "$secondary",
              LEFT_POTION: "$secondary", GOBBLIN_HANDS: "$secondary", SNAKE: "$primary", CRYSTAL: "$primary",
              DRINK: "$text-muted"}
PRIORITIES = tuple(sorted({c.priority for c in ALL_CARDS}))


def card_style(card: SyfCard) -> str:
    return CARD_STYLE.get(card, "")


def front_tag(front: Front, sym: dict[str, str], current: bool = False) -> tuple[str, int]:
    """One card in front of a player, as markup and its width: a face-down card is a back (▒),
    with its name when this seat placed it; a sideways card carries ↻; one that already
    activated this phase is dimmed; the one activating now is reversed."""
    card = front.card
    if not front.face_up:
        text = sym["back"] + (card.tag if card is not None else "")
        style = "$text-muted"
    else:
        text = card.tag + (sym["side"] if front.sideways else "")
        style = "$text-muted" if front.done else card_style(card)
    if current:
        style = f"reverse bold {style}"
    return f"[{style}]{escape(text)}[/]", len(text)


def fronts_text(fronts, sym: dict[str, str], width: int, current: int = -1) -> tuple[str, int]:
    """The cards in front of a player side by side, cut to `width` with "+N"; and its width."""
    parts, used = [], 0
    for i, front in enumerate(fronts):
        markup, size = front_tag(front, sym, current == i)
        gap = 1 if parts else 0
        rest = len(fronts) - i - 1
        if used + gap + size + (len(f" +{rest}") if rest else 0) > width:
            more = f"+{len(fronts) - i}"
            parts.append(f"[$text-muted]{more}[/]")
            used += gap + len(more)
            break
        parts.append(markup)
        used += gap + size
    return " ".join(parts), used


def priority_track(firing: int | None, sym: dict[str, str]) -> str:
    """`Priority 1 2 3 4 5 6 [7] 8 …` with the number firing now marked."""
    cells = [f"[reverse bold]{p}[/]" if p == firing else f"[$text-muted]{p}[/]" for p in PRIORITIES]
    return "Priority " + " ".join(cells)
