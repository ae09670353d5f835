"""Kill Your Friends state ⇄ JSON, with the checks a hand-edited save needs.

Decoding refuses anything structurally wrong and any state whose cards don't add up to the
game's deck exactly (no card created or lost), each with a one-line reason.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cutthroat.engine.rng import Rng
from cutthroat.games.kill_your_friends.cards import REAPER, KyfCard, build_deck
from cutthroat.games.kill_your_friends.rules import HEAD_HUNTER_TARGETS, OVER, PLAY, KyfState

_FIELDS = ("n", "colours", "teams", "lives", "attack", "attackers", "reaper_on", "reaper_by", "out",
           "graveyard", "hands", "deck", "deck_known", "middle", "turn", "direction", "owe", "passes",
           "actions", "points", "sudden_death", "kill_joy", "co_op", "head_hunter", "phase",
           "winners", "how", "eliminations", "rng")
_CARD_LISTS = {"attack", "graveyard", "hands"}


def encode_state(s: KyfState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in _FIELDS:
        value = getattr(s, name)
        if name in _CARD_LISTS:
            value = [[c.code for c in x] for x in value]
        elif name in ("deck", "middle"):
            value = [c.code for c in value]
        elif name == "rng":
            value = value.state
        elif isinstance(value, list):
            value = [x[:] if isinstance(x, list) else x for x in value]
        out[name] = value
    return out


def _int(value: Any, name: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{name} must be a whole number {lo}–{hi}")
    return value


def _list(value: Any, name: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"{name} must be a list" + (f" of {length}" if length is not None else ""))
    return value


def _cards(value: Any, name: str) -> list[KyfCard]:
    return [KyfCard.parse(x) for x in _list(value, name)]


def _bools(value: Any, name: str) -> list[bool]:
    if not all(isinstance(x, bool) for x in _list(value, name)):
        raise ValueError(f"{name} must hold true/false values")
    return list(value)


def decode_state(data: Any) -> KyfState:
    if not isinstance(data, dict):
        raise ValueError("state must be an object")
    if set(data) != set(_FIELDS):
        missing = set(_FIELDS) - set(data)
        name = sorted(missing or set(data) - set(_FIELDS))[0]
        raise ValueError(f"state field {name!r} {'missing' if missing else 'unexpected'}")
    s = KyfState()
    n = s.n = _int(data["n"], "n", 2, 8)
    s.colours = [_int(x, "colours", 0, 7) for x in _list(data["colours"], "colours", n)]
    s.teams = [_int(x, "teams", 0, n - 1) for x in _list(data["teams"], "teams", n)]
    s.lives = [_bools(x, "lives") for x in _list(data["lives"], "lives", n)]
    if not all(1 <= len(x) <= 2 for x in s.lives):
        raise ValueError("each player has one or two life cards")
    s.attack = [_cards(x, "attack") for x in _list(data["attack"], "attack", n)]
    s.attackers = [[_int(y, "attackers", 0, n - 1) for y in _list(x, "attackers")]
                   for x in _list(data["attackers"], "attackers", n)]
    if any(len(a) != len(b) for a, b in zip(s.attack, s.attackers)):
        raise ValueError("attackers must match the attack cards")
    s.reaper_on = _int(data["reaper_on"], "reaper_on", -1, n - 1)
    s.reaper_by = _int(data["reaper_by"], "reaper_by", -1, n - 1)
    s.out = _bools(_list(data["out"], "out", n), "out")
    s.graveyard = [_cards(x, "graveyard") for x in _list(data["graveyard"], "graveyard", n)]
    s.hands = [_cards(x, "hands") for x in _list(data["hands"], "hands", n)]
    s.deck = _cards(data["deck"], "deck")
    s.deck_known = _bools(data["deck_known"], "deck_known")
    if len(s.deck_known) != len(s.deck):
        raise ValueError("deck_known must match the deck")
    s.middle = _cards(data["middle"], "middle")
    s.turn = _int(data["turn"], "turn", 0, n - 1)
    if data["direction"] not in (1, -1):
        raise ValueError("direction must be 1 or -1")
    s.direction = data["direction"]
    s.owe = [_int(x, "owe", 0, 99) for x in _list(data["owe"], "owe", n)]
    s.passes = _int(data["passes"], "passes", 0, 99)
    s.actions = _int(data["actions"], "actions", 0, 10 ** 6)
    s.points = [_int(x, "points", 0, 99) for x in _list(data["points"], "points", n)]
    for flag in ("sudden_death", "co_op"):
        if not isinstance(data[flag], bool):
            raise ValueError(f"{flag} must be true or false")
        setattr(s, flag, data[flag])
    if data["kill_joy"] not in ("off", "remove", "once"):
        raise ValueError("kill_joy must be off, remove or once")
    s.kill_joy = data["kill_joy"]
    s.head_hunter = _int(data["head_hunter"], "head_hunter", 0, len(HEAD_HUNTER_TARGETS))
    if data["phase"] not in (PLAY, OVER):
        raise ValueError(f"unknown phase {data['phase']!r}")
    s.phase = data["phase"]
    s.winners = [_int(x, "winners", 0, n - 1) for x in _list(data["winners"], "winners")]
    if not isinstance(data["how"], str):
        raise ValueError("how must be text")
    s.how = data["how"]
    s.eliminations = [_int(x, "eliminations", 0, n - 1) for x in _list(data["eliminations"], "eliminations")]
    if not isinstance(data["rng"], int) or not 0 <= data["rng"] < 2 ** 64:
        raise ValueError("rng must be a 64-bit integer")
    s.rng = Rng(state=data["rng"])
    if s.reaper_on >= 0 and REAPER in s.all_cards()[:-1]:
        raise ValueError("the Reaper is in two places")
    expected = Counter(build_deck(s.colours, 0 if s.kill_joy == "remove" else 2))
    if Counter(s.all_cards()) != expected:
        raise ValueError("the cards don't add up to the game's deck")
    return s
