"""The recipes: which cards make the deck for one game, as ONE data table.

A count is an expression of the player count p: "4", "p", "p-1", "p+2", or an override for one
player count with "|N@P" ("7|5@5": 7, but 5 at p=5). Every recipe is checked the same way: the
player count is allowed, there are at least p-1 kittens (Exploding + Imploding; p with a Streaking
Kitten), it fits in the box, and there are enough Defuses and other cards to deal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cutthroat.engine.words import counted
from cutthroat.games.exploding_kittens.cards import (
    ALL_CARDS,
    BY_CODE,
    DEFUSE,
    EXPLODING,
    IMPLODING,
    STREAKING,
    EkCard,
)

#: id, name, players, starting Defuses, other cards dealt, blurb, cards.
RECIPES_TABLE: tuple[tuple[str, str, str, str, str, str, str], ...] = (
    ("nope-sauce", "Nope Sauce", "2-5", "1", "7|5@5",
     "The classic, with plenty of Nopes.",
     "EXP p-1, DEF p, NOPE 8, SHUFFLE 4, SKIP 4, ALTER 2, SWAP 2, ATTACK 3, TARGETED 2, BOMB 1, "
     "BURY 3, TACO 4, FERAL 6, REVERSE 4"),
    ("lightning-kittens", "Lightning Kittens", "2-4", "1", "1",
     "A tiny, fast deck.",
     "EXP p-1, DEF p, SKIP 4, REVERSE 2, NOPE 2"),
    ("cat-fight", "Cat Fight", "2-4", "1", "2",
     "Attacks and out-of-turn futures.",
     "EXP p-1, DEF p, ATTACK 4, TARGETED 2, NOPE 3, NOW 2, REVERSE 3"),
    ("black-hole", "Black Hole", "3-5", "0", "7|5@5",
     "No Defuses: only Imploding Kittens.",
     "IMP p-1, SKIP 5, NOPE 4, SHUFFLE 5, ALTER 3, SHARE 4, REVERSE 4, SWAP 3, BOTTOM 3, TACO 3, "
     "RAINBOW 3, FERAL 4"),
    ("danger-mode", "Danger Mode", "2-4", "1", "7",
     "Six Exploding Kittens and a Streaking Kitten.",
     "EXP 6, DEF p, ATTACK 4, TARGETED 4, SUPER 1, SHUFFLE 3, REVERSE 5, BOTTOM 2, STREAK 1, "
     "TACO 4, RAINBOW 4, ZOMBIE 4, FERAL 4"),
    ("eye-for-an-eye", "Eye for an Eye", "3-5", "1", "7",
     "Futures, marks and one Imploding Kitten.",
     "EXP p-2, IMP 1, DEF p+1, SEE3 5, ALTER 3, NOW 2, SHARE 4, MARK 4, SHUFFLE 2, TACO 4, "
     "RAINBOW 4, ZOMBIE 4, ATTACK 4, SKIP 4"),
    ("sticky-fingers", "Sticky Fingers", "2-5", "1", "7|5@5",
     "Steal everything.",
     "EXP p, DEF p+1, ATTACK 4, SKIP 4, MARK 4, TAKE 4, STREAK 1, TACO 4, RAINBOW 4, ZOMBIE 4, "
     "BEARD 4, FERAL 6"),
    ("meowsochist", "Meowsochist", "2-5", "1", "5",
     "Attack yourself, collect garbage.",
     "EXP p, DEF p+3, PERSONAL 4, TAKE 2, REVERSE 3, NOW 2, SHARE 3, GARBAGE 2, TACO 4, "
     "RAINBOW 4, FERAL 6, STREAK 1"),
    ("power-play", "Power Play", "3-5", "1", "7",
     "A bit of everything.",
     "EXP p-1, IMP 1, STREAK 1, DEF p+2, NOPE 4, SEE3 3, SHARE 4, ATTACK 4, BURY 2, BOTTOM 2, "
     "SKIP 4, SUPER 2, TACO 4, FERAL 6, GARBAGE 2"),
    ("sharing-is-caring", "Sharing Is Caring", "3-5", "1", "5",
     "Share, mark and take; Barking Kittens.",
     "EXP p-1, DEF p+1, MARK 4, SHARE 4, SKIP 4, TAKE 4, TACO 4, RAINBOW 4, ZOMBIE 4, FERAL 4, "
     "BARK 2"),
    ("mind-games", "Mind Games", "2-5", "1", "5",
     "See the future, bury the danger.",
     "EXP p-1, DEF p, BURY 4, SEE3 6, SKIP 4, MARK 4, BOTTOM 2, REVERSE 4, TACO 4, RAINBOW 4, "
     "ZOMBIE 4"),
    ("card-hoarders", "Card Hoarders", "2-4", "1", "5",
     "Few kittens, lots of cats.",
     "EXP 1|2@4, IMP 1, DEF p, SEE3 4, SHARE 4, SWAP 3, BOTTOM 2, SHUFFLE 3, TACO 4, RAINBOW 4, "
     "ZOMBIE 4, NOPE 4"),
    ("attack-of-the-attacks", "Attack of the Attacks", "2-5", "1", "7|5@5",
     "Attacks on attacks.",
     "EXP p-1, DEF p+1, ATTACK 4|6@5, TARGETED 4, SKIP 4, SUPER 2, REVERSE 3, SEE3 3, TACO 4, "
     "RAINBOW 4, ZOMBIE 4, NOPE 4, BOMB 1"),
    ("custom", "Custom", "2-5", "chosen", "chosen",
     "Any counts within the box (config key `custom`, e.g. \"start=1 deal=5 EXP=3 DEF=4 SKIP=4\").",
     ""),
)

DEFAULT_RECIPE = "nope-sauce"
CUSTOM = "custom"
#: A Custom deck to start from (the setup screen's Cards row begins with it).
CUSTOM_EXAMPLE = "start=1 deal=5 EXP=3 DEF=4 SKIP=4 NOPE=4 ATTACK=4 SEE3=4 TACO=4 FERAL=4 SHUFFLE=3"
RECIPE_IDS: tuple[str, ...] = tuple(row[0] for row in RECIPES_TABLE)
_EXPR = re.compile(r"^(p|\d+)([+-]\d+)?(?:\|(\d+)@(\d+))?$")


def eval_count(expr: str, p: int) -> int:
    """'p-1' at p=4 → 3; '7|5@5' at p=5 → 5."""
    m = _EXPR.match(expr.replace(" ", ""))
    if not m:
        raise ValueError(f"bad count expression {expr!r}")
    base, offset, override, at = m.groups()
    if override is not None and int(at) == p:
        return int(override)
    value = p if base == "p" else int(base)
    return value + (int(offset) if offset else 0)


@dataclass(frozen=True)
class Recipe:
    id: str
    name: str
    min_players: int
    max_players: int
    start: str  # starting Defuses expression ("chosen" for Custom)
    deal: str
    blurb: str
    cards: tuple[tuple[str, str], ...]  # (code, expression)

    def counts(self, p: int) -> dict[EkCard, int]:
        return {BY_CODE[code]: eval_count(expr, p) for code, expr in self.cards}

    def starting_defuses(self, p: int) -> int:
        return eval_count(self.start, p)

    def dealt(self, p: int) -> int:
        return eval_count(self.deal, p)

    def describe(self, p: int | None = None) -> str:
        if p is None:
            return ", ".join(f"{BY_CODE[c].name} {e}" for c, e in self.cards)
        return ", ".join(f"{card.name} {k}" for card, k in self.counts(p).items() if k)


def _parse_row(row) -> Recipe:
    rid, name, players, start, deal, blurb, cards = row
    lo, hi = (int(x) for x in players.split("-"))
    pairs = []
    for item in filter(None, (x.strip() for x in cards.split(","))):
        code, expr = item.split(None, 1)
        assert code in BY_CODE, code
        pairs.append((code, expr.strip()))
    return Recipe(rid, name, lo, hi, start, deal, blurb, tuple(pairs))


RECIPES: dict[str, Recipe] = {row[0]: _parse_row(row) for row in RECIPES_TABLE}


@dataclass(frozen=True)
class Setup:
    """One game's deck: the counts of every title, starting Defuses and cards dealt per player."""

    recipe: str
    counts: tuple[tuple[EkCard, int], ...]  # titles with a count > 0, in box order
    start: int
    deal: int

    def as_dict(self) -> dict[EkCard, int]:
        return dict(self.counts)


def parse_custom(text: str) -> tuple[dict[EkCard, int], int, int]:
    """'start=1 deal=5 EXP=3 DEF=4 SKIP=4' (spaces or commas) → (counts, start, deal)."""
    counts: dict[EkCard, int] = {}
    start = deal = None
    for item in re.split(r"[\s,;]+", str(text).strip()):
        if not item:
            continue
        key, sep, value = item.partition("=")
        if not sep or not value.isdigit():
            raise ValueError(f"custom recipe: {item!r} is not NAME=NUMBER")
        key, number = key.strip(), int(value)
        if key.lower() == "start":
            start = number
        elif key.lower() == "deal":
            deal = number
        elif key.upper() in BY_CODE:
            counts[BY_CODE[key.upper()]] = number
        else:
            raise ValueError(f"custom recipe: unknown card {key!r} "
                             f"(cards: {' '.join(c.code for c in ALL_CARDS)})")
    if start is None or deal is None:
        raise ValueError("custom recipe: give start=N (Defuses each) and deal=N (cards each)")
    return counts, start, deal


def check_counts(counts: dict[EkCard, int], start: int, deal: int, p: int) -> str | None:
    """The checks every recipe (and Custom) must pass at p players, or None."""
    for card, k in counts.items():
        if k < 0:
            return f"{card.name}: a negative count"
        if k > card.box:
            return f"it doesn't fit in the box: {k} × {card.name}, the box has {card.box}"
    kittens = counts.get(EXPLODING, 0) + counts.get(IMPLODING, 0)
    need = p if counts.get(STREAKING, 0) else p - 1
    if kittens < need:
        streak = " (p with a Streaking Kitten)" if counts.get(STREAKING, 0) else ""
        return f"it needs at least {need} Exploding/Imploding Kittens at {p} players{streak}, not {kittens}"
    if counts.get(DEFUSE, 0) < start * p:
        return f"{start} starting Defuse{'s' * (start != 1)} each needs {start * p} Defuses, not {counts.get(DEFUSE, 0)}"
    others = sum(k for c, k in counts.items() if c not in (EXPLODING, IMPLODING, DEFUSE))
    if others < deal * p:
        return f"dealing {deal} cards each needs {deal * p} other cards, not {others}"
    return None


def recipe_setup(config: dict, p: int) -> tuple[Setup | None, str | None]:
    """The game's deck for `config` at `p` players, or the reason it can't be played."""
    rid = str(config.get("recipe", DEFAULT_RECIPE))
    recipe = RECIPES.get(rid)
    if recipe is None:
        return None, f"unknown recipe {rid!r} (recipes: {', '.join(RECIPE_IDS)})"
    if not recipe.min_players <= p <= recipe.max_players:
        return None, (f"{recipe.name} takes {recipe.min_players}–{recipe.max_players} players, "
                      f"not {p}")
    if rid == CUSTOM:
        try:
            counts, start, deal = parse_custom(config.get("custom", ""))
        except ValueError as exc:
            return None, str(exc)
    else:
        counts, start, deal = recipe.counts(p), recipe.starting_defuses(p), recipe.dealt(p)
    problem = check_counts(counts, start, deal, p)
    if problem:
        return None, f"{recipe.name} at {p} players: {problem}"
    ordered = tuple((c, counts[c]) for c in ALL_CARDS if counts.get(c, 0) > 0)
    return Setup(rid, ordered, start, deal), None


def recipe_note(rid: str, players: int) -> str:
    """The recipe for the setup screen: its blurb and player counts, then what each player starts
    with and its cards at this player count."""
    recipe = RECIPES[rid]
    head = f"{recipe.blurb} {recipe.min_players}–{recipe.max_players} players"
    if rid == CUSTOM:
        return head
    if not recipe.min_players <= players <= recipe.max_players:
        return f"{head}\n{recipe.describe()}"
    start, deal = recipe.starting_defuses(players), recipe.dealt(players)
    return f"{head}\nEach: {counted(start, 'Defuse')} + {counted(deal, 'card')}. {recipe.describe(players)}"
