"""Binding ids are registered where screens are defined; the index that imports every screen is
read only by the keymap check (no circle: binding_ids imports no screen — a contract in
pyproject.toml — and no screen imports the index)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import cutthroat.tui
from cutthroat.tui.screens_index import SCREEN_MODULES

TUI = Path(cutthroat.tui.__file__).resolve().parent


def modules_calling(name: str) -> set[str]:
    """The tui's modules whose code calls or reads `name` (not merely mentions it in prose)."""
    out = set()
    for path in TUI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load) for n in ast.walk(tree)):
            parts = path.relative_to(TUI.parent.parent).with_suffix("").parts
            out.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def test_every_module_that_registers_ids_is_in_the_index():
    """A new screen's bindings can't escape the keymap check and the README's list."""
    registering = modules_calling("with_ids") - {"cutthroat.tui.binding_ids"}
    assert registering == set(SCREEN_MODULES)


def test_no_module_but_the_app_reads_the_index():
    readers = modules_calling("every_binding_id") | modules_calling("SCREEN_MODULES")
    assert readers <= {"cutthroat.tui.app", "cutthroat.tui.screens_index"}


def test_a_screen_imports_without_the_index():
    """Importing one screen registers its own ids and loads no other screen's module."""
    code = ("import sys\n"
            "from cutthroat.tui.screens import confirm\n"
            "from cutthroat.tui.binding_ids import REGISTERED, keymap_ids\n"
            "assert 'cutthroat.tui.screens_index' not in sys.modules\n"
            "assert any(i.startswith('confirm.') for i in keymap_ids()), sorted(REGISTERED)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
