"""JSON codec for actions and events (states and views encode through `engine.schema`).

Actions and events are dataclasses; they become `{"type": kind, ...fields}` with cards as their
short codes ("QH"). Decoding checks the type name and field names, so a hand-edited save gets a
clear reason instead of a traceback.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterable

from cutthroat.engine.cards import CARD_TYPES, InternedCard
from cutthroat.engine.protocol import Action, Event


class CodecError(ValueError):
    """Data that does not decode; the message is one line fit to show a user."""


def _encode_value(value: Any) -> Any:
    if isinstance(value, InternedCard):
        return value.code
    if isinstance(value, (list, tuple)):
        return [_encode_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode_value(v) for k, v in value.items()}
    return value


def encode(obj: Action | Event) -> dict[str, Any]:
    out: dict[str, Any] = {"type": obj.kind}
    for f in dataclasses.fields(obj):
        out[f.name] = _encode_value(getattr(obj, f.name))
    return out


def _decode_value(value: Any, annotation: Any) -> Any:
    text = str(annotation)
    if value is None and text.replace(" ", "").endswith("|None"):
        return None  # an optional field left empty ("tuple[PkCard, ...] | None": a card list hidden)
    if "tuple" in text:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        return tuple(_decode_value(v, text[text.index("[") + 1:]) for v in value)
    name = re.match(r"\s*(\w*)", text).group(1)  # "Card | None", "Card, ...]" → "Card"
    card_type = CARD_TYPES.get(name)
    if card_type is not None:
        if value is None and "None" in text:
            return None
        if not isinstance(value, str):
            raise ValueError(f"expected a card code like 'QH', got {value!r}")
        return card_type.parse(value)
    return value


def decoder(types: Iterable[type]):
    """A function that turns `{"type": ...}` dicts back into instances of `types`."""
    by_kind = {t.kind: t for t in types}

    def decode(data: Any):
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise CodecError(f"expected an object with a 'type', got {type(data).__name__}")
        cls = by_kind.get(data["type"])
        if cls is None:
            raise CodecError(f"unknown type {data['type']!r}")
        names = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(data) - set(names) - {"type"}
        if extra:
            raise CodecError(f"{data['type']}: unexpected field {sorted(extra)[0]!r}")
        kwargs = {}
        for name, f in names.items():
            if name not in data:
                raise CodecError(f"{data['type']}: missing field {name!r}")
            value = data[name]
            try:
                value = _decode_value(value, f.type)
            except ValueError as exc:
                raise CodecError(f"{data['type']}.{name}: {exc}") from None
            expected = str(f.type)
            if expected == "int" and (not isinstance(value, int) or isinstance(value, bool)):
                raise CodecError(f"{data['type']}.{name}: expected an integer, got {value!r}")
            kwargs[name] = value
        return cls(**kwargs)

    return decode
