"""No room too big: a module under src/ is at most ~450 lines in tui/tables/ (a game's table) and
~600 anywhere else, unless its docstring gives the reason in a line of its own starting "Size:"
(e.g. "Size: one state machine; split, its transitions would be read across files")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
TABLES = Path("cutthroat/tui/tables")
TABLE_LIMIT, LIMIT = 450, 600

def limit_of(relative: Path) -> int:
    return TABLE_LIMIT if relative.is_relative_to(TABLES) else LIMIT


def gives_a_reason(text: str) -> bool:
    doc = ast.get_docstring(ast.parse(text)) or ""
    return any(line.strip().startswith("Size:") for line in doc.splitlines())


def oversized(root: Path) -> dict[str, int]:
    """Each module under `root` past its limit without a reason: its path (from `root`) → lines."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        text = path.read_text(encoding="utf-8")
        lines = text.count("\n") + (not text.endswith("\n") and bool(text))
        if lines > limit_of(relative) and not gives_a_reason(text):
            out[relative.as_posix()] = lines
    return out


def test_no_module_is_too_big():
    too_big = oversized(SRC)
    assert too_big == {}, ("split these by job, or give the reason in a 'Size:' line of the "
                           f"module's docstring: {too_big}")


@pytest.mark.parametrize("where, lines, doc, flagged", [
    ("cutthroat/games/big.py", 601, "A game module.", True),
    ("cutthroat/games/big.py", 600, "A game module.", False),
    ("cutthroat/games/big.py", 900, "A game module.\n\nSize: one state machine, read as one.", False),
    ("cutthroat/tui/tables/foo/table.py", 451, "A table.", True),
    ("cutthroat/tui/tables/foo/table.py", 450, "A table.", False),
    ("cutthroat/tui/screens/big.py", 451, "A screen.", False),
    ("cutthroat/games/big.py", 700, "A module whose text says Size: in passing.", True),
])
def test_the_check_finds_a_planted_big_module(tmp_path, where, lines, doc, flagged):
    path = tmp_path / where
    path.parent.mkdir(parents=True)
    head = f'"""{doc}"""\n'
    path.write_text(head + "x = 1\n" * (lines - head.count("\n")), encoding="utf-8")
    assert (where in oversized(tmp_path)) == flagged
