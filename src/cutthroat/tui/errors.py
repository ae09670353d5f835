"""Where an unexpected error goes under `cutthroat serve`: a log file the server owns.

At home Textual's crash screen (a traceback with locals) helps whoever runs the app. Over ssh the
app's stderr is the player's own terminal, and a traceback would show them server paths, source
and whatever its frames hold; so a served app writes the traceback here and tells the player one
line (`SORRY`). The server's sessions put the log's path in `CUTTHROAT_ERROR_LOG` (its data
folder); without it, `errors.log` beside the player's config folder.
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

from cutthroat import paths

#: All a remote player is told of an unexpected error.
SORRY = "Something went wrong; your seat is kept"
ERROR_LOG_MAX = 10 * 1024 * 1024  # bytes: past this the log takes no more (the operator reads and empties it)


def error_log_path() -> Path:
    """`CUTTHROAT_ERROR_LOG`, else `<CUTTHROAT_CONFIG_DIR>/../errors.log`."""
    env = os.environ.get("CUTTHROAT_ERROR_LOG")
    return Path(env) if env else paths.config_dir().parent / "errors.log"


def log_error(path: Path, error: BaseException, who: str = "?") -> bool:
    """Append `error`'s traceback to `path` (made 0600, its folder if need be); False if it
    couldn't be written (nothing is said anywhere else: stderr is the player's terminal)."""
    when = time.strftime("%Y-%m-%d %H:%M:%S")
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    text = f"--- {when} · app {os.getpid()} · player {who}\n{''.join(lines)}"
    try:
        if path.exists() and path.stat().st_size > ERROR_LOG_MAX:
            return False  # (full: a player who keeps breaking their app can't fill the server's disk)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8", errors="replace") as log:
            log.write(text)
    except OSError:
        return False
    return True
