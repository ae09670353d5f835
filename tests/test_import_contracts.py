"""The layer contracts in pyproject.toml (`[tool.importlinter]`) hold, and would catch a break.

`lint-imports` builds the import graph of the package it finds on the path, so a planted bad
import is checked in a copy of the package in tmp_path, put first on the path.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cutthroat

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(cutthroat.__file__).resolve().parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(cwd: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--config", str(ROOT / "pyproject.toml")],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_contracts_are_kept():
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout and " kept" in run.stdout


PLANTS = {
    # (a file in the copy, what is added to it) -> the contract it breaks
    "engine-imports-textual": ("engine/cards.py", "import textual\n", "Headless"),
    "a-new-serve-module-imports-the-app": ("serve/planted.py", "import cutthroat.tui.app\n", "server process"),
    "a-game-imports-another": ("games/kill_the_kings/cards.py",
                               "import cutthroat.games.psycho_killer.cards\n", "Games never import each other"),
    "the-engine-imports-a-game": ("engine/rng.py", "import cutthroat.games.kill_the_kings\n", "Layers"),
    "a-new-top-level-module-unplaced": ("planted.py", "import cutthroat.engine\n", "Layers"),
    "a-games-rules-import-a-bot-indirectly": ("games/kill_your_friends/effects.py",
                                              "import cutthroat.bots.policy\n", "never import bots"),
}


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_a_planted_bad_import_breaks_a_contract(plant, tmp_path):
    where, line, contract = PLANTS[plant]
    copy = tmp_path / "src" / "cutthroat"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    planted = copy / where
    planted.write_text((planted.read_text(encoding="utf-8") if planted.exists() else "") + line, encoding="utf-8")
    run = lint_imports(tmp_path, pythonpath=tmp_path / "src")
    assert run.returncode != 0, run.stdout
    broken = run.stdout.split("Broken contracts")[-1]
    assert contract in broken, run.stdout


def test_the_copy_unplanted_keeps_every_contract(tmp_path):
    """The plants above fail for what they plant: the same copy, untouched, passes."""
    shutil.copytree(PACKAGE, tmp_path / "src" / "cutthroat", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    run = lint_imports(tmp_path, pythonpath=tmp_path / "src")
    assert run.returncode == 0, run.stdout + run.stderr
