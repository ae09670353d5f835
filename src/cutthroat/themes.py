"""Themes: `themes/*.toml` files turned into Textual themes plus card palettes.

A theme file has a `[theme]` table (the fields of `textual.theme.Theme`) and a `[cards]` table
(the card palette, with `[cards.characters]` for Kill Your Friends). The palette is copied into
the Textual theme's `variables` as `$card-*` CSS variables, so switching the app's theme switches
the cards too. Only the TUI imports this module, so importing Textual here is fine.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Iterable

from textual.color import Color, ColorParseError
from textual.theme import Theme

from .paths import config_dir, data_dir

DEFAULT_THEME = "cutthroat-dark"

THEME_COLOURS = (
    "primary",
    "secondary",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
    "warning",
    "error",
    "success",
)
CHARACTERS = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "white")

_DEFAULT_CHARACTERS = {
    "red": "#e0443a",
    "orange": "#f08c2e",
    "yellow": "#f2d03b",
    "green": "#4caf50",
    "blue": "#4a90e2",
    "purple": "#a66fd6",
    "pink": "#f07ab0",
    "white": "#e8e8e8",
}


@dataclass(frozen=True)
class CardPalette:
    """The colours of the cards. Defaults are cutthroat-dark's, so a user theme may omit keys."""

    red: str = "#c62828"
    black: str = "#1a1a1a"
    face: str = "#ece6d6"
    face_text: str = "#1a1a1a"
    back: str = "#7a1f24"
    highlight: str = "#f2c94c"
    hint: str = "#5fb3d9"
    killed: str = "#6b6b6b"
    # Borders and dividers: a colour of its own, so they show on a 16-colour terminal too (the
    # panel shade maps to the background there).
    divider: str = "#3a4a40"
    # Kill Your Friends character name -> colour; not hashed, as a dict can't be.
    characters: dict[str, str] = field(
        default_factory=lambda: dict(_DEFAULT_CHARACTERS), hash=False
    )

    def character(self, name: str) -> str:
        """The colour of a Kill Your Friends character, falling back to the default palette."""
        return self.characters.get(name, _DEFAULT_CHARACTERS.get(name, self.face_text))


DEFAULT_PALETTE = CardPalette()
_CARD_KEYS = tuple(f.name for f in fields(CardPalette) if f.name != "characters")


@dataclass(frozen=True)
class LoadedTheme:
    """A theme file after loading: the Textual theme to register and its card palette."""

    theme: Theme
    palette: CardPalette
    path: Path | None = None


def palette_css_variables(palette: CardPalette) -> dict[str, str]:
    """CSS variables for the palette: `card-red`, …, `card-face-text`, `card-char-red`, ….

    They go into each Theme's `variables` (so `.tcss` can say `$card-red`) and, from the default
    palette, into `App.get_theme_variable_defaults` so Textual's own themes still parse.
    """
    variables = {f"card-{key.replace('_', '-')}": getattr(palette, key) for key in _CARD_KEYS}
    for name in CHARACTERS:
        variables[f"card-char-{name}"] = palette.character(name)
    return variables


class ThemeError(ValueError):
    """A theme file that can't be used; the message is one line, shown to the user."""


def _colour(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ThemeError(f"{where} must be a colour string, not {type(value).__name__}")
    try:
        Color.parse(value)
    except ColorParseError:
        raise ThemeError(f"{where} = {value!r} is not a colour") from None
    return value


def _table(data: dict, key: str, where: str) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ThemeError(f"{where} must be a table")
    return value


def _check_keys(table: dict, allowed: Iterable[str], where: str) -> None:
    """Unknown keys are errors: a typo like `primay` should not pass silently."""
    unknown = sorted(set(table) - set(allowed))
    if unknown:
        raise ThemeError(f"unknown key {where}.{unknown[0]}")


def parse_theme(data: dict, path: Path | None = None) -> LoadedTheme:
    """Build a LoadedTheme from a parsed TOML document, or raise ThemeError."""
    spec = data.get("theme")
    if not isinstance(spec, dict):
        raise ThemeError("missing [theme] table")
    _check_keys(
        spec,
        ("name", "dark", "variables", "luminosity_spread", "text_alpha", *THEME_COLOURS),
        "theme",
    )
    name = spec.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ThemeError("missing theme.name")
    if "primary" not in spec:
        raise ThemeError("missing theme.primary")
    dark = spec.get("dark", True)
    if not isinstance(dark, bool):
        raise ThemeError("theme.dark must be true or false")
    colours = {key: _colour(spec[key], f"theme.{key}") for key in THEME_COLOURS if key in spec}
    numbers = {}
    for key in ("luminosity_spread", "text_alpha"):
        if key in spec:
            if isinstance(spec[key], bool) or not isinstance(spec[key], (int, float)):
                raise ThemeError(f"theme.{key} must be a number")
            numbers[key] = float(spec[key])
    variables = _table(spec, "variables", "theme.variables")
    for key, value in variables.items():
        if not isinstance(value, str):
            raise ThemeError(f"theme.variables.{key} must be a string")

    cards = _table(data, "cards", "cards")
    _check_keys(cards, (*_CARD_KEYS, "characters"), "cards")
    characters = _table(cards, "characters", "cards.characters")
    _check_keys(characters, CHARACTERS, "cards.characters")
    palette = CardPalette(
        **{key: _colour(cards[key], f"cards.{key}") for key in _CARD_KEYS if key in cards},
        characters={
            **_DEFAULT_CHARACTERS,
            **{k: _colour(v, f"cards.characters.{k}") for k, v in characters.items()},
        },
    )

    theme = Theme(
        name=name,
        dark=dark,
        variables={**variables, **palette_css_variables(palette)},
        **colours,
        **numbers,
    )
    try:
        theme.to_color_system().generate()  # catch anything Textual itself would choke on
    except Exception as error:  # noqa: BLE001 - any failure means "unusable theme"
        raise ThemeError(f"Textual rejects the theme: {error}") from None
    return LoadedTheme(theme=theme, palette=palette, path=path)


def load_theme_file(path: Path) -> LoadedTheme:
    """Load one theme file, or raise ThemeError with a one-line reason."""
    try:
        with open(path, "rb") as file:
            data = tomllib.load(file)
    except tomllib.TOMLDecodeError as error:
        raise ThemeError(f"bad TOML: {error}") from None
    except UnicodeDecodeError:
        raise ThemeError("bad TOML: not UTF-8 text") from None
    except OSError as error:
        raise ThemeError(f"can't read: {error.strerror or error}") from None
    return parse_theme(data, path)


def theme_dirs() -> list[Path]:
    """Built-in themes first, then the user's, so a user theme can replace a built-in by name."""
    return [data_dir("themes"), config_dir() / "themes"]


def load_themes(
    dirs: Iterable[Path] | None = None,
) -> tuple[dict[str, LoadedTheme], list[str]]:
    """Load every `*.toml` in `dirs` (default: `theme_dirs()`); later files win by name.

    Returns the themes by name and one error line per bad file. A bad file is skipped and
    never stops the others, and a missing folder is simply empty.
    """
    themes: dict[str, LoadedTheme] = {}
    errors: list[str] = []
    for folder in theme_dirs() if dirs is None else dirs:
        folder = Path(folder)
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                loaded = load_theme_file(path)
            except ThemeError as error:
                message = " ".join(str(error).split())  # keep it to one line
                errors.append(f"{path}: {message}")
                continue
            themes[loaded.theme.name] = loaded
    return themes, errors
