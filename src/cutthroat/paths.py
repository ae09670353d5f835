"""Where things live: the user's saves and config, and the data shipped with the app."""

from __future__ import annotations

import os
import tempfile
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


def player_data_dir(save_override: str | os.PathLike | None = None) -> Path:
    """The player's data folder: the user data dir (platformdirs), which holds `saves/`; with the
    saves moved (`--save-dir`, `CUTTHROAT_SAVE_DIR`, a server's player), that folder itself."""
    if save_override or os.environ.get("CUTTHROAT_SAVE_DIR"):
        return save_dir(save_override)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False))


HISTORY_FILE = "history.sqlite3"


def history_path(save_override: str | os.PathLike | None = None) -> Path:
    """The player's history of finished games: `history.sqlite3` in their data folder."""
    return player_data_dir(save_override) / HISTORY_FILE


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


def shown(path: str | os.PathLike) -> str:
    """A path as a player reads it: `~/…` under their home folder."""
    path = Path(path)
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)


def write_atomically(path: str | os.PathLike, text: str, durable: bool = True) -> Path:
    """Write `text` so a crash leaves the old file or the new one, never half of either:
    a temp file beside the target (mode 0600), flushed and fsynced, then renamed over it.
    Not `durable` (a cache): not fsynced, still renamed whole."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
