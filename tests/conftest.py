"""Shared fixtures.

Every test runs with its own empty save and config directories (CUTTHROAT_SAVE_DIR and
CUTTHROAT_CONFIG_DIR point at fresh tmp dirs), so no test reads or writes the real user
folders and the title screen never finds a stray autosave. The config dir starts with a
settings.json holding {"bot_speed": "instant"} so watched bots don't sleep between moves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

DEFAULT_TEST_SETTINGS: dict[str, Any] = {"bot_speed": "instant"}


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """Fresh save + config dirs for every test; returns {"save": ..., "config": ...}."""
    save = tmp_path_factory.mktemp("saves")
    config = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("CUTTHROAT_SAVE_DIR", str(save))
    monkeypatch.setenv("CUTTHROAT_CONFIG_DIR", str(config))
    (config / "settings.json").write_text(json.dumps(DEFAULT_TEST_SETTINGS), encoding="utf-8")
    return {"save": save, "config": config}


@pytest.fixture
def save_dir(isolated_dirs: dict[str, Path]) -> Path:
    return isolated_dirs["save"]


@pytest.fixture
def config_dir(isolated_dirs: dict[str, Path]) -> Path:
    return isolated_dirs["config"]


@pytest.fixture
def write_settings(config_dir: Path) -> Callable[..., Path]:
    """write_settings(card_style="unicode") replaces settings.json (bot_speed instant unless given)."""

    def write(**values: Any) -> Path:
        path = config_dir / "settings.json"
        path.write_text(json.dumps({**DEFAULT_TEST_SETTINGS, **values}), encoding="utf-8")
        return path

    return write


@pytest.fixture
def snap_compare(snap_compare):
    """Every snapshot (80×24 unless told) is also a fit check: the screen it shows has nothing cut
    (tests/helpers_fit.py)."""
    import inspect

    from helpers_fit import cut

    def compare(app, press=(), terminal_size=(80, 24), run_before=None) -> bool:
        found: list[str] = []

        async def checked(pilot) -> None:
            if run_before is not None:
                result = run_before(pilot)
                if inspect.isawaitable(result):
                    await result
            await pilot.press(*press)
            await pilot.pause()
            found.extend(cut(pilot.app.screen))

        same = snap_compare(app, terminal_size=terminal_size, run_before=checked)
        assert not found, "cut at {}×{}:\n".format(*terminal_size) + "\n".join(found)
        return same

    return compare
