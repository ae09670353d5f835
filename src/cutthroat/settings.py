"""User settings in `config_dir()/settings.json`.

Loading never fails: a broken file gives the defaults plus a one-line message (and is left
untouched, so the user can fix it), and each wrong-typed or unknown value falls back on its
own. Saving is atomic, so a crash mid-write can't leave a half-written file. No Textual here.
Confined (a server's player app): the player's own `settings.json` only, never read through a
link, and a message names the file, never its folder.
"""

from __future__ import annotations

import codecs
import json
import locale
import os
import sys
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from .paths import config_dir, write_atomically

CARD_STYLES = ("auto", "unicode", "ascii")
BOT_DELAYS = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}
#: Seconds a hot-seat reaction window (Exploding Kittens' Nope, Psycho Killer's Trip Over) stays open;
#: the spec's default is 3.
NOPE_WINDOWS = {"2": 2.0, "3": 3.0, "5": 5.0, "8": 8.0}
#: The game review's budget: playouts (deals; Kill The Kings: deck orders) per estimate of each
#: decision. "normal" reviews a whole Exploding Kittens game in under a minute on one core
#: (`benchmarks/review.py`).
REVIEW_BUDGETS = {"quick": 16, "normal": 64, "thorough": 256}


@dataclass
class Settings:
    theme: str = "cutthroat-dark"
    card_style: str = "auto"  # "auto" | "unicode" | "ascii"
    bot_speed: str = "normal"  # a key of BOT_DELAYS
    undo: bool = True
    nope_window: str = "3"  # a key of NOPE_WINDOWS
    review_budget: str = "normal"  # a key of REVIEW_BUDGETS
    #: Every finished game is recorded in the player's history (`cutthroat.history`).
    keep_history: bool = True
    last_seed: int | None = None
    #: Per game id, the setup of the last game started (players, who sits where, variants).
    last_setups: dict[str, dict[str, str]] = field(default_factory=dict)
    #: Keys remapped by binding id ("ktk.draw": "n", "ek.draw": "space,d"): see docs/keymap.md.
    keymap: dict[str, str] = field(default_factory=dict)

    def resolved_card_style(self, encoding: str | None = None) -> str:
        """"unicode" or "ascii": "auto" picks ascii when the locale's encoding isn't UTF-8."""
        if self.card_style in ("unicode", "ascii"):
            return self.card_style
        return "unicode" if _is_utf8(encoding or locale_encoding()) else "ascii"

    def bot_delay_seconds(self) -> float:
        """How long a bot pauses before playing, so a human can follow the table."""
        return BOT_DELAYS.get(self.bot_speed, BOT_DELAYS["normal"])

    def nope_window_seconds(self) -> float:
        """How long everyone at a hot-seat table has to claim a reaction window."""
        return NOPE_WINDOWS.get(self.nope_window, NOPE_WINDOWS["3"])

    def review_playouts(self) -> int:
        """The game review's playouts per estimate."""
        return REVIEW_BUDGETS.get(self.review_budget, REVIEW_BUDGETS["normal"])


#: Whether Python runs in UTF-8 mode, if not as `sys.flags.utf8_mode` says: an app forked by the
#: server's zygote is set what a fresh Python would have chosen for its environment (the flag is
#: the zygote's own).
utf8_mode: bool | None = None


def locale_encoding() -> str:
    """The terminal locale's character set, from the locale the user set (LC_ALL, LC_CTYPE, LANG).

    Not what Python reports: started under the C locale, Python coerces it to C.UTF-8 (PEP 538,
    setting LC_CTYPE itself) and turns on its UTF-8 mode, although the terminal may not show
    Unicode. So a C.UTF-8 LC_CTYPE in UTF-8 mode is taken for Python's own, and skipped.
    """
    utf8 = sys.flags.utf8_mode if utf8_mode is None else utf8_mode
    coerced = bool(utf8) and os.environ.get("LC_CTYPE") == "C.UTF-8"
    for variable in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = os.environ.get(variable, "")
        if not value or (variable == "LC_CTYPE" and coerced):
            continue
        if value in ("C", "POSIX"):
            return "ascii"
        if "." in value:
            return value.split(".", 1)[1].split("@", 1)[0]
        break
    else:
        if coerced:
            return "ascii"  # nothing set: the C locale, which Python coerced
    try:
        return locale.nl_langinfo(locale.CODESET) or "ascii"
    except (AttributeError, ValueError):  # no nl_langinfo on Windows
        return locale.getpreferredencoding(False) or "ascii"


def _is_utf8(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


def settings_path() -> Path:
    return config_dir() / "settings.json"


# Which values each field accepts: a tuple of allowed strings, or the accepted types.
_CHOICES = {"card_style": CARD_STYLES, "bot_speed": tuple(BOT_DELAYS), "nope_window": tuple(NOPE_WINDOWS),
            "review_budget": tuple(REVIEW_BUDGETS)}


def _valid(name: str, value: object, default: object) -> bool:
    if name in _CHOICES:
        return value in _CHOICES[name]
    if name == "last_seed":
        return value is None or (isinstance(value, int) and not isinstance(value, bool))
    if name == "keymap":
        return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) and v.strip()
                                               for k, v in value.items())
    if name == "last_setups":
        return isinstance(value, dict) and all(
            isinstance(game, str) and isinstance(setup, dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in setup.items())
            for game, setup in value.items())
    return type(value) is type(default)


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and an error line (None when fine). A missing file is not an error."""
    path = settings_path() if path is None else Path(path)
    strict = _confined()
    shown = path.name if strict else path  # (confined: the player's folder is the server's business)
    if strict and path.is_symlink():  # a link in the player's folder may lead out of it
        return Settings(), f"{shown}: a link, not followed: using defaults"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        reason = (error.strerror or "can't read it") if strict else " ".join(str(error).split())
        return Settings(), f"{shown}: unreadable settings, using defaults ({reason})"  # (an OSError's text names the path)
    except (UnicodeDecodeError, ValueError) as error:
        return Settings(), _set_aside(path, shown, " ".join(str(error).split()))
    if not isinstance(data, dict):
        return Settings(), _set_aside(path, shown, "not a JSON object")
    defaults = Settings()
    values = {}
    for f in fields(Settings):
        default = getattr(defaults, f.name)
        value = data.get(f.name, default)
        values[f.name] = value if _valid(f.name, value, default) else default
    return Settings(**values), None


def _set_aside(path: Path, shown, reason: str) -> str:
    """A settings file that could not be read is never written over (a keymap may be in it):
    renamed beside itself, `settings.json.unreadable` (or `-2`, `-3` …); the line that says so."""
    for n in range(1, 100):
        aside = path.with_name(path.name + ".unreadable" + (f"-{n}" if n > 1 else ""))
        if not aside.exists():
            try:
                os.rename(path, aside)
            except OSError:
                break
            return f"{shown}: unreadable settings ({reason}): kept as {aside.name}, using defaults"
    return f"{shown}: unreadable settings ({reason}): using defaults"


def _confined() -> bool:
    from .saves import confined  # (saves imports the game registry: only when settings load)

    return confined()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically: a temp file in the same folder, fsync, then os.replace over the old."""
    write_atomically(settings_path() if path is None else path, json.dumps(asdict(settings), indent=2) + "\n")
