"""Game states and views, written once: a dataclass's field types give its copy, its JSON codec
and the structural checks a hand-edited save needs; `validate()` adds the cross-field ones.

A state is `@struct class KtkState(Struct): round: Annotated[int, Range(1, 3)] = 1 …`. From the
annotations this module derives, once per class:
- `copy()`: generated code that copies exactly as deep as each field needs (a list of cards is
  a list copy, a list of hands a list of list copies, an interned card or a tuple is shared) —
  bot search copies states thousands of times a decision;
- `to_json()` / `from_json(data)`: cards as their codes, the RNG as its integer state, records
  (nested structs, NamedTuples) as objects; decoding checks every type, range and field name
  and then calls `validate()`, so a broken save gets one line ("turn must be a whole number
  0–2", "state field 'deck' missing") and never a traceback.

Why a small codec of our own and not msgspec: the JSON shape stays exactly the one format-1
saves already have (no migration), cards are interned objects that need `parse` on the way in,
the reasons are sentences a player reads, and the engine keeps no compiled dependency on the
hot path (copying is plain generated Python). Views use the same codec, so every seat update a
port carries can cross a process or network boundary unchanged.

Supported field types: int, bool, str, float, `X | None`, `list[X]`, `tuple[X, ...]`,
fixed `tuple[X, Y]`, `frozenset[X]`, `dict[str, X]`, interned card classes, `Rng`, nested
structs and NamedTuples; `Annotated[int, Range(lo, hi)]` and `Annotated[str, OneOf(...)]` add
ranges.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import Annotated, Any, Callable, ClassVar, get_args, get_origin, get_type_hints

from cutthroat.engine.cards import InternedCard
from cutthroat.engine.rng import Rng

__all__ = ["OneOf", "Range", "Struct", "struct", "expect", "expect_len", "expect_range"]


@dataclass(frozen=True)
class Range:
    """An int field's inclusive bounds."""

    lo: int
    hi: int


@dataclass(frozen=True)
class OneOf:
    """The values a field may take."""

    values: tuple

    def __init__(self, *values) -> None:
        object.__setattr__(self, "values", values)


class Struct:
    """Base of game states and views. Decorate subclasses with `@struct` (a slots dataclass)."""

    __slots__ = ()
    #: The name a decoding error gives the whole object ("state must be an object").
    JSON_NAME: ClassVar[str] = "state"

    def validate(self) -> None:
        """Cross-field checks after decoding (card conservation, lengths that depend on the
        player count …): raise ValueError with a one-line reason."""

    def copy(self):
        return _copier(type(self))(self)

    def to_json(self) -> dict[str, Any]:
        return _codec(type(self)).encode(self)

    @classmethod
    def from_json(cls, data: Any, name: str | None = None):
        """Decode and check `data`; field errors name the field alone ("turn must be …")."""
        _codec(cls)
        return _TOP[cls](data, name or cls.JSON_NAME, "")


def struct(cls=None, /, *, frozen: bool = False):
    """`@struct` / `@struct(frozen=True)`: a slots dataclass whose copy and codec come from its
    field types (the class derives from `Struct`)."""

    def wrap(c):
        c = dataclass(slots=True, frozen=frozen)(c)

        def copy(self):
            """The first copy generates the class's copy function; later ones go straight there."""
            copier = _copier(type(self))
            if type(self) is c:
                c.copy = copier
            return copier(self)

        c.copy = copy  # each struct class its own, so a subclass never copies as its parent
        return c

    return wrap if cls is None else wrap(cls)


def _copier(cls) -> Callable[[Any], Any]:
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _compile_copy(cls)
    return copier


# --- checks the validate hooks share -----------------------------------------------------------
def expect(condition: bool, reason: str) -> None:
    if not condition:
        raise ValueError(reason)


def expect_len(value, length: int, name: str) -> None:
    expect(len(value) == length, f"{name} must be a list of {length}")


def expect_range(values, lo: int, hi: int, name: str) -> None:
    """Every int in `values` (an int or an iterable of them) lies in lo..hi."""
    items = (values,) if isinstance(values, int) else values
    expect(all(lo <= v <= hi for v in items), f"{name} must be a whole number {lo}–{hi}"
           if isinstance(values, int) else f"{name} must hold whole numbers {lo}–{hi}")


# --- one codec per type -------------------------------------------------------------------------
@dataclass
class _Type:
    encode: Callable[[Any], Any]
    decode: Callable[[Any, str, bool], Any]  # (value, path, inside a list)
    copy: str | None  # a copy expression over "{}", or None: immutable, share it


_CODECS: dict[Any, _Type] = {}
_COPIERS: dict[type, Callable[[Any], Any]] = {}  # class → its generated copy
_TOP: dict[type, Callable[[Any, str, str], Any]] = {}  # record → decode with bare field names


def _codec(tp) -> _Type:
    try:
        return _CODECS[tp]
    except KeyError:
        pass
    except TypeError:  # unhashable annotation
        return _build(tp)
    codec = _CODECS[tp] = _build(tp)
    return codec


def _fail(path: str, many: bool, one: str, plural: str):
    raise ValueError(f"{path} must hold {plural}" if many else f"{path} must be {one}")


def _scalar(kind: type, one: str, plural: str, check: Callable[[Any], bool] | None = None) -> _Type:
    def decode(value, path, many):
        if type(value) is not kind and not (kind is float and type(value) is int):
            _fail(path, many, one, plural)
        if check is not None and not check(value):
            _fail(path, many, one, plural)
        return value

    return _Type(_same, decode, None)


def _same(value):
    return value


def _build(tp) -> _Type:
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        return _annotated(args[0], args[1:])
    if tp is int:
        return _scalar(int, "a whole number", "whole numbers")
    if tp is bool:
        return _scalar(bool, "true or false", "true/false values")
    if tp is str:
        return _scalar(str, "text", "text")
    if tp is float:
        return _scalar(float, "a number", "numbers")
    if tp is Any:
        return _Type(_same, lambda value, path, many: value, None)
    if origin in (typing.Union, types.UnionType):
        return _optional(tp, args)
    if isinstance(tp, type) and issubclass(tp, InternedCard):
        return _card(tp)
    if tp is Rng:
        return _rng()
    if origin is list:
        return _sequence(args[0], list)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(args[0], tuple)
        return _fixed_tuple(args)
    if origin is frozenset:
        return _frozenset(args[0])
    if origin is dict:
        return _dict(*args)
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or _is_namedtuple(tp)):
        return _record(tp)
    raise TypeError(f"no codec for {tp!r}")


def _annotated(base, extras) -> _Type:
    inner = _codec(base)
    for extra in extras:
        if isinstance(extra, Range):
            lo, hi = extra.lo, extra.hi
            one, plural = f"a whole number {lo}–{hi}", f"whole numbers {lo}–{hi}"
            check = (lambda v, lo=lo, hi=hi: lo <= v <= hi)
        elif isinstance(extra, OneOf):
            allowed = extra.values
            one = plural = "one of " + ", ".join(repr(v) for v in allowed)
            check = (lambda v, allowed=allowed: v in allowed)
        else:
            continue

        def decode(value, path, many, inner=inner, check=check, one=one, plural=plural):
            try:
                value = inner.decode(value, path, many)
            except ValueError:
                _fail(path, many, one, plural)
            if not check(value):
                _fail(path, many, one, plural)
            return value

        inner = _Type(inner.encode, decode, inner.copy)
    return inner


def _optional(tp, args) -> _Type:
    rest = [a for a in args if a is not type(None)]
    if len(rest) != 1 or len(args) != 2:
        raise TypeError(f"only `X | None` unions are supported, not {tp!r}")
    inner = _codec(rest[0])

    def encode(value):
        return None if value is None else inner.encode(value)

    def decode(value, path, many):
        return None if value is None else inner.decode(value, path, many)

    copy = None if inner.copy is None else f"(None if {{0}} is None else {inner.copy})"
    return _Type(encode, decode, copy)


def _card(cls: type[InternedCard]) -> _Type:
    parse = cls.parse

    def encode(card):
        return card.code

    def decode(value, path, many):
        try:
            return parse(value)
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None

    return _Type(encode, decode, None)


def _rng() -> _Type:
    def encode(rng):
        return rng.state

    def decode(value, path, many):
        if type(value) is not int or not 0 <= value < 2 ** 64:
            raise ValueError(f"{path} must be a 64-bit integer")
        return Rng(state=value)

    return _Type(encode, decode, "{0}.copy()")


def _sequence(item_type, kind: type) -> _Type:
    item = _codec(item_type)
    enc = item.encode

    def encode(values):
        return [enc(v) for v in values]

    def decode(value, path, many):
        if not isinstance(value, list):
            _fail(path, many, "a list", "lists")
        return kind(item.decode(v, path, True) for v in value)

    if kind is tuple or item.copy is None:
        copy = None if kind is tuple else "{0}[:]"
    else:
        copy = f"[{item.copy.format('x')} for x in {{0}}]"
    if kind is tuple and item.copy is not None:
        raise TypeError("a tuple field must hold immutable items")
    return _Type(encode, decode, copy)


def _fixed_tuple(args) -> _Type:
    items = [_codec(a) for a in args]
    if any(i.copy is not None for i in items):
        raise TypeError("a tuple field must hold immutable items")

    def encode(values):
        return [i.encode(v) for i, v in zip(items, values)]

    def decode(value, path, many):
        if not isinstance(value, list) or len(value) != len(items):
            _fail(path, many, f"a list of {len(items)}", f"lists of {len(items)}")
        return tuple(i.decode(v, path, many) for i, v in zip(items, value))

    return _Type(encode, decode, None)


def _frozenset(item_type) -> _Type:
    item = _codec(item_type)

    def encode(values):
        return [item.encode(v) for v in sorted(values)]

    def decode(value, path, many):
        if not isinstance(value, list):
            _fail(path, many, "a list", "lists")
        return frozenset(item.decode(v, path, True) for v in value)

    return _Type(encode, decode, None)


def _dict(key_type, value_type) -> _Type:
    if key_type is not str:
        raise TypeError(f"dict fields need str keys (JSON's), not {key_type!r}")
    item = _codec(value_type)

    def encode(values):
        return {str(k): item.encode(v) for k, v in values.items()}

    def decode(value, path, many):
        if not isinstance(value, dict):
            _fail(path, many, "an object", "objects")
        return {str(k): item.decode(v, f"{path}.{k}", False) for k, v in value.items()}

    if item.copy is not None:
        raise TypeError("a dict field must hold immutable values")
    return _Type(encode, decode, "dict({0})")


def _is_namedtuple(tp) -> bool:
    return issubclass(tp, tuple) and hasattr(tp, "_fields")


def _record_fields(cls) -> list[tuple[str, Any]]:
    hints = get_type_hints(cls, include_extras=True)
    if _is_namedtuple(cls):
        return [(name, hints[name]) for name in cls._fields]
    return [(f.name, hints[f.name]) for f in dataclasses.fields(cls)]


def _record(cls) -> _Type:
    placeholder = _Type(None, None, None)  # type: ignore[arg-type]
    _CODECS[cls] = placeholder  # recursive records resolve to this while building
    try:
        fields = [(name, _codec(tp)) for name, tp in _record_fields(cls)]
    except BaseException:
        del _CODECS[cls]  # not a half-built codec for the next caller
        raise
    names = {name for name, _ in fields}
    frozen = _is_namedtuple(cls) or cls.__dataclass_params__.frozen
    if frozen and any(codec.copy is not None for _, codec in fields):
        del _CODECS[cls]
        raise TypeError(f"{cls.__name__} is shared when copied (frozen), so its fields must be immutable")

    def encode(obj):
        return {name: codec.encode(getattr(obj, name)) for name, codec in fields}

    def decode_fields(value, path: str, prefix: str):
        if not isinstance(value, dict):
            raise ValueError(f"{path} must be an object")
        if value.keys() != names:
            missing = names - value.keys()
            name = sorted(missing or set(value) - names)[0]
            raise ValueError(f"{path} field {name!r} {'missing' if missing else 'unexpected'}")
        obj = cls(**{name: codec.decode(value[name], prefix + name, False) for name, codec in fields})
        validate = getattr(obj, "validate", None)
        if validate is not None:
            validate()
        return obj

    def decode(value, path, many):
        return decode_fields(value, path, f"{path}.")

    _TOP[cls] = decode_fields
    codec = _Type(encode, decode, None if frozen else "{0}.copy()")
    placeholder.encode, placeholder.decode, placeholder.copy = codec.encode, codec.decode, codec.copy
    return codec


def _compile_copy(cls) -> Callable[[Any], Any]:
    """`def copy(self): s = new(cls); s.a = self.a; s.hands = [x[:] for x in self.hands] …`."""
    if cls.__dataclass_params__.frozen:
        return lambda self: self
    lines = ["def copy(self):", "    s = _new(_cls)"]
    for name, tp in _record_fields(cls):
        expression = _codec(tp).copy
        value = f"self.{name}"
        lines.append(f"    s.{name} = {expression.format(value) if expression else value}")
    lines.append("    return s")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - code generated from the class's own fields
    copy = namespace["copy"]
    copy.__doc__ = f"A copy of this {cls.__name__}, as deep as each field needs."
    return copy
