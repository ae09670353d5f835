"""Where things live: the user's saves and config, and the data shipped with the app."""

from __future__ import annotations

import os
from pathlib import Path

APP = "cutthroat"


def save_dir(override: str | os.PathLike | None = None) -> Path:
    """`--save-dir`, else `CUTTHROAT_SAVE_DIR`, else the user data dir (platformdirs)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get("CUTTHROAT_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False)) / "saves"


def config_dir() -> Path:
    """Settings and user themes: `CUTTHROAT_CONFIG_DIR`, else the user config dir."""
    env = os.environ.get("CUTTHROAT_CONFIG_DIR")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP, appauthor=False))


def data_dir(name: str) -> Path:
    """A folder shipped with the app (`themes`, `saves`): inside the wheel, or the source tree."""
    packaged = Path(__file__).parent / "_data" / name
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / name
