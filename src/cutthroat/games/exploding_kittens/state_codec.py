"""Exploding Kittens state ⇄ JSON, with the checks a hand-edited save needs.

Decoding refuses anything structurally wrong, a deck that isn't the recipe's (or, for Custom,
doesn't fit in the box), knowledge of the pile that doesn't match the pile, and any state whose
cards don't add up to the game's deck exactly (no card created or lost) — each with a one-line
reason.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cutthroat.engine.rng import Rng
from cutthroat.games.exploding_kittens.cards import ALL_CARDS, BY_CODE, EkCard
from cutthroat.games.exploding_kittens.recipes import CUSTOM, RECIPES, recipe_setup
from cutthroat.games.exploding_kittens.rules import FRAME_KINDS, OVER, PLAY, EkState, Frame

_FIELDS = ("n", "recipe", "five", "counts", "hands", "marked", "pile", "up", "seen", "discard",
           "limbo", "out", "eliminations", "turn", "direction", "owed", "attacked", "itt", "barking",
           "stack", "phase", "winners", "actions", "rng")
_FRAME_FIELDS = Frame._fields


def _code(card: EkCard | None) -> str | None:
    return None if card is None else card.code


def encode_state(s: EkState) -> dict[str, Any]:
    return {
        "n": s.n,
        "recipe": s.recipe,
        "five": s.five,
        "counts": [[c.code, k] for c, k in s.counts],
        "hands": [[c.code for c in h] for h in s.hands],
        "marked": [[c.code for c in m] for m in s.marked],
        "pile": [c.code for c in s.pile],
        "up": list(s.up),
        "seen": [[_code(c) for c in x] for x in s.seen],
        "discard": [c.code for c in s.discard],
        "limbo": [c.code for c in s.limbo],
        "out": list(s.out),
        "eliminations": list(s.eliminations),
        "turn": s.turn,
        "direction": s.direction,
        "owed": s.owed,
        "attacked": s.attacked,
        "itt": list(s.itt),
        "barking": list(s.barking),
        "stack": [{"kind": f.kind, "seat": f.seat, "what": f.what,
                   "cards": [_code(c) for c in f.cards], "target": f.target,
                   "named": _code(f.named), "nopes": f.nopes, "last": f.last, "mask": f.mask,
                   "data": f.data} for f in s.stack],
        "phase": s.phase,
        "winners": list(s.winners),
        "actions": s.actions,
        "rng": s.rng.state,
    }


def _int(value: Any, name: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{name} must be a whole number {lo}–{hi}")
    return value


def _bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false")
    return value


def _list(value: Any, name: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"{name} must be a list" + (f" of {length}" if length is not None else ""))
    return value


def _card(value: Any, nullable: bool = False) -> EkCard | None:
    if value is None and nullable:
        return None
    return EkCard.parse(value)


def _cards(value: Any, name: str, nullable: bool = False) -> list:
    return [_card(x, nullable) for x in _list(value, name)]


def decode_state(data: Any) -> EkState:
    if not isinstance(data, dict):
        raise ValueError("state must be an object")
    if set(data) != set(_FIELDS):
        missing = set(_FIELDS) - set(data)
        name = sorted(missing or set(data) - set(_FIELDS))[0]
        raise ValueError(f"state field {name!r} {'missing' if missing else 'unexpected'}")
    s = EkState()
    n = s.n = _int(data["n"], "n", 2, 5)
    if data["recipe"] not in RECIPES:
        raise ValueError(f"unknown recipe {data['recipe']!r}")
    s.recipe = data["recipe"]
    s.five = _bool(data["five"], "five")
    counts = []
    for item in _list(data["counts"], "counts"):
        if not (isinstance(item, list) and len(item) == 2):
            raise ValueError("counts must hold [card, count] pairs")
        card = _card(item[0])
        counts.append((card, _int(item[1], f"count of {card.name}", 1, card.box)))
    if len({c for c, _ in counts}) != len(counts):
        raise ValueError("counts name a card twice")
    s.counts = tuple(sorted(counts, key=lambda x: x[0].index))
    if s.recipe != CUSTOM:
        setup, problem = recipe_setup({"recipe": s.recipe}, n)
        if problem:
            raise ValueError(problem)
        if setup.counts != s.counts:
            raise ValueError(f"counts are not the {RECIPES[s.recipe].name} deck for {n} players")
    s.hands = [_cards(h, "hands") for h in _list(data["hands"], "hands", n)]
    s.marked = [_cards(m, "marked") for m in _list(data["marked"], "marked", n)]
    for q in range(n):
        if Counter(s.marked[q]) - Counter(s.hands[q]):
            raise ValueError(f"player {q + 1} has a marked card not in their hand")
    s.pile = _cards(data["pile"], "pile")
    s.up = [_bool(x, "up") for x in _list(data["up"], "up", len(s.pile))]
    if any(u and c.code != "IMP" for c, u in zip(s.pile, s.up)):
        raise ValueError("only an Imploding Kitten lies face up in the pile")
    s.seen = [_cards(x, "seen", nullable=True) for x in _list(data["seen"], "seen", n + 1)]
    for known in s.seen:
        if len(known) != len(s.pile):
            raise ValueError("seen must match the pile")
        if any(c is not None and c is not s.pile[i] for i, c in enumerate(known)):
            raise ValueError("seen names a card that isn't there")
    s.discard = _cards(data["discard"], "discard")
    s.limbo = _cards(data["limbo"], "limbo")
    s.out = [_bool(x, "out") for x in _list(data["out"], "out", n)]
    s.eliminations = [_int(x, "eliminations", 0, n - 1) for x in _list(data["eliminations"], "eliminations")]
    if sorted(s.eliminations) != [q for q in range(n) if s.out[q]]:
        raise ValueError("eliminations must list exactly the players who are out")
    s.turn = _int(data["turn"], "turn", 0, n - 1)
    if data["direction"] not in (1, -1) or isinstance(data["direction"], bool):
        raise ValueError("direction must be 1 or -1")
    s.direction = data["direction"]
    s.owed = _int(data["owed"], "owed", 0, 999)
    s.attacked = _bool(data["attacked"], "attacked")
    s.itt = [_int(x, "itt", -1, n - 1) for x in _list(data["itt"], "itt", n)]
    s.barking = [_bool(x, "barking") for x in _list(data["barking"], "barking", n)]
    s.stack = [_frame(f, n) for f in _list(data["stack"], "stack")]
    if data["phase"] not in (PLAY, OVER):
        raise ValueError(f"unknown phase {data['phase']!r}")
    s.phase = data["phase"]
    s.winners = [_int(x, "winners", 0, n - 1) for x in _list(data["winners"], "winners")]
    s.actions = _int(data["actions"], "actions", 0, 10 ** 7)
    if not isinstance(data["rng"], int) or isinstance(data["rng"], bool) or not 0 <= data["rng"] < 2 ** 64:
        raise ValueError("rng must be a 64-bit integer")
    s.rng = Rng(state=data["rng"])
    if s.phase == PLAY and (s.out[s.turn] or s.owed < 1):
        raise ValueError("the player to move must be in the game and owe a turn")
    expected = Counter({c: k for c, k in s.counts})
    if Counter(s.all_cards()) != expected:
        raise ValueError("the cards don't add up to the game's deck")
    return s


def _frame(data: Any, n: int) -> Frame:
    if not isinstance(data, dict) or set(data) != set(_FRAME_FIELDS):
        raise ValueError(f"each stack frame must be an object with {', '.join(_FRAME_FIELDS)}")
    if data["kind"] not in FRAME_KINDS:
        raise ValueError(f"unknown stack frame kind {data['kind']!r}")
    what = data["what"]
    if not isinstance(what, str):
        raise ValueError("frame what must be text")
    return Frame(
        kind=data["kind"],
        seat=_int(data["seat"], "frame seat", 0, n - 1),
        what=what,
        cards=tuple(_cards(data["cards"], "frame cards", nullable=True)),
        target=_int(data["target"], "frame target", -1, n - 1),
        named=_card(data["named"], nullable=True),
        nopes=_int(data["nopes"], "frame nopes", 0, 99),
        last=_int(data["last"], "frame last", -1, n - 1),
        mask=_int(data["mask"], "frame mask", 0, (1 << n) - 1),
        data=_int(data["data"], "frame data", 0, (1 << n) - 1 if data["kind"] == "gc" else 99),
    )


__all__ = ["decode_state", "encode_state", "ALL_CARDS", "BY_CODE"]
