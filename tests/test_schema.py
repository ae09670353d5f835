"""engine.schema: copy and JSON codec derived from field types; one-line reasons on bad data."""

from __future__ import annotations

import json
from dataclasses import field
from typing import Annotated, NamedTuple

import pytest

from cutthroat.engine.cards import Card
from cutthroat.engine.rng import Rng
from cutthroat.engine.schema import OneOf, Range, Struct, expect, struct


class Pending(NamedTuple):
    kind: str
    seat: int
    cards: tuple[Card | None, ...] = ()


@struct
class Inner(Struct):
    held: list[Card] = field(default_factory=list)


@struct
class Sample(Struct):
    n: Annotated[int, Range(2, 5)] = 2
    phase: Annotated[str, OneOf("play", "over")] = "play"
    hands: list[list[Card]] = field(default_factory=list)
    lives: list[list[bool]] = field(default_factory=list)
    top: Card | None = None
    stack: list[Pending] = field(default_factory=list)
    counts: tuple[tuple[Card, int], ...] = ()
    seen: frozenset[Card] = frozenset()
    inner: Inner = field(default_factory=Inner)
    rng: Rng = field(default_factory=lambda: Rng(3))

    def validate(self) -> None:
        expect(len(self.hands) == self.n, f"hands must be a list of {self.n}")


def sample() -> Sample:
    c = Card.parse
    return Sample(n=2, hands=[[c("QH"), c("2S")], [c("AC")]], lives=[[True, False], [True]], top=c("KD"),
                  stack=[Pending("window", 1, (c("3H"), None))], counts=((c("4C"), 2),),
                  seen=frozenset({c("5S"), c("6S")}), inner=Inner([c("7D")]))


def test_round_trip_through_json_text():
    s = sample()
    data = json.loads(json.dumps(s.to_json()))
    assert data["hands"] == [["QH", "2S"], ["AC"]]
    assert data["stack"] == [{"kind": "window", "seat": 1, "cards": ["3H", None]}]
    assert data["rng"] == s.rng.state and data["seen"] == ["5S", "6S"]
    back = Sample.from_json(data)
    assert back == s and back.to_json() == data


def test_copy_is_as_deep_as_each_field_needs():
    s = sample()
    t = s.copy()
    assert t == s and t is not s
    assert t.hands is not s.hands and t.hands[0] is not s.hands[0] and t.hands[0][0] is s.hands[0][0]
    assert t.lives[0] is not s.lives[0]
    assert t.stack is not s.stack and t.stack[0] is s.stack[0]  # a NamedTuple is shared
    assert t.inner is not s.inner and t.inner.held is not s.inner.held
    assert t.rng is not s.rng and t.rng == s.rng
    t.hands[0].pop()
    t.rng.next_u64()
    assert len(s.hands[0]) == 2 and t.rng != s.rng


@pytest.mark.parametrize("name,value,reason", [
    ("n", 9, "n must be a whole number 2–5"),
    ("n", True, "n must be a whole number 2–5"),
    ("phase", "lunch", "phase must be one of 'play', 'over'"),
    ("hands", {"0": []}, "hands must be a list"),
    ("hands", [["QH"]], "hands must be a list of 2"),
    ("hands", [["ZZ"], []], "hands: not a card code: 'ZZ'"),
    ("lives", [[1], []], "lives must hold true/false values"),
    ("top", 5, "top: not a card code: 5"),
    ("stack", [{"kind": "x", "seat": 0}], "stack field 'cards' missing"),
    ("stack", [{"kind": "x", "seat": "0", "cards": []}], "stack.seat must be a whole number"),
    ("counts", [["4C"]], "counts must hold lists of 2"),
    ("rng", -1, "rng must be a 64-bit integer"),
    ("inner", [], "inner must be an object"),
])
def test_bad_data_gets_a_one_line_reason(name, value, reason):
    data = sample().to_json()
    data[name] = value
    with pytest.raises(ValueError) as info:
        Sample.from_json(data)
    assert str(info.value) == reason


def test_missing_and_unexpected_fields_and_non_objects():
    data = sample().to_json()
    del data["hands"]
    with pytest.raises(ValueError, match="state field 'hands' missing"):
        Sample.from_json(data)
    data = sample().to_json()
    data["cheat"] = 1
    with pytest.raises(ValueError, match="state field 'cheat' unexpected"):
        Sample.from_json(data)
    with pytest.raises(ValueError, match="state must be an object"):
        Sample.from_json([])
