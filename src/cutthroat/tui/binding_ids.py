"""Binding ids, so players can remap any key in their settings file (Textual's keymap).

Every screen's `BINDINGS = with_ids("ktk", [...])`: each binding without an id gets
`<screen>.<action>` ("ktk.draw", "ktk.column-0", "ek.move-minus-1"); a second binding of the same
action in one list gets "-2". Ids are registered where screens are defined; this module imports no
screen: `screens_index.every_binding_id()` imports them all and lists every id (for a keymap and
docs/keymap.md's table)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterable

from textual.binding import Binding

#: screen prefix -> its bindings, as registered (for docs/keymap.md and for checking a keymap).
REGISTERED: dict[str, list[Binding]] = {}


def binding_id(prefix: str, action: str) -> str:
    words = re.sub(r"-(\d)", r"minus-\1", action.lower())
    return f"{prefix}.{re.sub(r'[^a-z0-9]+', '-', words).strip('-')}"


def with_ids(prefix: str, bindings: Iterable[Binding]) -> list[Binding]:
    out: list[Binding] = []
    seen: dict[str, int] = {}
    for b in bindings:
        if b.id is None:
            base = binding_id(prefix, b.action)
            seen[base] = seen.get(base, 0) + 1
            b = replace(b, id=base if seen[base] == 1 else f"{base}-{seen[base]}")
        out.append(b)
    REGISTERED.setdefault(prefix, []).extend(out)
    return out


def keys_of(binding: Binding) -> list[str]:
    return [k.strip() for k in binding.key.split(",") if k.strip()]


def keymap_clashes(keymap: dict[str, str]) -> dict[str, str]:
    """The keymap's entries that would take a key another action of the same screen (or the app)
    holds, each with its one-line reason: Textual would quietly take the key from that action."""
    clashes: dict[str, str] = {}
    app_bindings = REGISTERED.get("app", [])
    for bindings in REGISTERED.values():
        for own in bindings:
            if own.id not in keymap:
                continue
            wanted = [k.strip() for k in keymap[own.id].split(",") if k.strip()]
            for other in [*bindings, *app_bindings]:
                if other.action == own.action:
                    continue
                held = [k.strip() for k in keymap[other.id].split(",")] if other.id in keymap else keys_of(other)
                taken = [k for k in wanted if k in held and k not in keys_of(own)]
                if taken:
                    clashes[own.id] = f"{own.id} can't take {taken[0]}: it is {other.id}'s key"
                    break
    return clashes


def with_shared_keys_kept(keymap: dict[str, str]) -> dict[str, str]:
    """`keymap`, plus each binding that shares a key with a remapped one, named at its own keys.
    Textual takes a remapped binding's old key from every binding on it (Esc is both "drop card"
    and "menu" at Kill The Kings): named again, the others keep their key."""
    kept = dict(keymap)
    for bindings in REGISTERED.values():
        for own in bindings:
            if own.id not in keymap:
                continue
            for other in bindings:
                if other.id and other.id not in kept and set(keys_of(other)) & set(keys_of(own)):
                    kept[other.id] = other.key
    return kept


def keymap_ids() -> dict[str, Binding]:
    """Every binding id registered so far (by the screens imported so far), id -> its binding."""
    return {b.id: b for bindings in REGISTERED.values() for b in bindings if b.id}
