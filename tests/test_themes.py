"""The shipped themes load and build Textual themes; bad files are reported, never fatal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.theme import Theme

from cutthroat.paths import data_dir
from cutthroat.themes import (
    CHARACTERS,
    DEFAULT_THEME,
    CardPalette,
    load_themes,
    palette_css_variables,
)

SHIPPED = ("cutthroat-dark", "cutthroat-light", "high-contrast")
CARD_VARIABLES = (
    "card-red",
    "card-black",
    "card-face",
    "card-face-text",
    "card-back",
    "card-highlight",
    "card-hint",
    "card-killed",
)


@pytest.fixture(autouse=True)
def isolated_config(tmp_path, monkeypatch):
    monkeypatch.setenv("CUTTHROAT_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def test_shipped_themes_load_and_build():
    themes, errors = load_themes()
    assert errors == []
    assert set(SHIPPED) <= set(themes)
    assert DEFAULT_THEME in themes
    assert themes["cutthroat-light"].theme.dark is False
    for name in SHIPPED:
        loaded = themes[name]
        assert isinstance(loaded.theme, Theme)
        assert loaded.theme.name == name
        assert loaded.path is not None and loaded.path.name == f"{name}.toml"
        assert loaded.theme.to_color_system().generate()["background"]
        assert set(loaded.palette.characters) == set(CHARACTERS)


def test_palette_variables_reach_the_theme():
    themes, _ = load_themes()
    loaded = themes["high-contrast"]
    variables = loaded.theme.variables
    for name in CARD_VARIABLES:
        assert name in variables
    assert variables["card-red"] == loaded.palette.red
    assert variables["card-face-text"] == loaded.palette.face_text
    assert variables["card-char-pink"] == loaded.palette.characters["pink"]
    # the theme's own extra variables survive alongside the palette
    assert "footer-key-foreground" in variables


def test_default_palette_variables():
    variables = palette_css_variables(CardPalette())
    assert set(CARD_VARIABLES) <= set(variables)
    assert {f"card-char-{name}" for name in CHARACTERS} <= set(variables)


def _copy_shipped(folder: Path) -> None:
    folder.mkdir(parents=True)
    for name in SHIPPED:
        shutil.copy(data_dir("themes") / f"{name}.toml", folder)


@pytest.mark.parametrize(
    "text, reason",
    [
        ("[theme\nname = 'x'", "bad TOML"),
        ("[theme]\nprimary = '#ffffff'\n", "missing theme.name"),
        ("[theme]\nname = 'x'\nprimary = 'not-a-colour'\n", "not a colour"),
        ("[theme]\nname = 'x'\nprimary = '#fff'\ndark = 'yes'\n", "theme.dark"),
        ("[theme]\nname = 'x'\nprimary = 12\n", "colour string"),
        ("[theme]\nname = 'x'\nprimary = '#fff'\n[cards]\nred = 'blood'\n", "cards.red"),
        ("[theme]\nname = 'x'\nprimary = '#fff'\n[cards.characters]\nteal = '#0ff'\n", "teal"),
    ],
)
def test_one_bad_file_among_good_ones(tmp_path, text, reason):
    folder = tmp_path / "themes"
    _copy_shipped(folder)
    (folder / "broken.toml").write_text(text, encoding="utf-8")
    themes, errors = load_themes([folder])
    assert len(errors) == 1
    assert "broken.toml" in errors[0] and reason in errors[0]
    assert "\n" not in errors[0]
    assert set(themes) == set(SHIPPED)


def test_user_theme_dir_is_read_and_overrides(isolated_config):
    user = isolated_config / "themes"
    user.mkdir(parents=True)
    (user / "mine.toml").write_text(
        "[theme]\nname = 'mine'\nprimary = '#ff00ff'\n[cards]\nback = '#123456'\n",
        encoding="utf-8",
    )
    (user / "dark.toml").write_text(
        "[theme]\nname = 'cutthroat-dark'\nprimary = '#00ff00'\n", encoding="utf-8"
    )
    themes, errors = load_themes()
    assert errors == []
    assert themes["mine"].palette.back == "#123456"
    assert themes["mine"].palette.red == CardPalette().red  # omitted keys take defaults
    assert themes["mine"].theme.variables["card-back"] == "#123456"
    assert themes["cutthroat-dark"].theme.primary == "#00ff00"
    assert themes["cutthroat-dark"].path == user / "dark.toml"
    assert "high-contrast" in themes


def test_card_variables_work_in_textual_css():
    """`$card-*` resolve in real CSS, and switching theme switches the palette.

    This is how the app wires it: the default palette as variable defaults (so Textual's own
    themes still parse), the loaded themes registered in `__init__`, before CSS is parsed.
    """
    import asyncio

    from textual.app import App
    from textual.widgets import Static

    themes, _ = load_themes()

    class Probe(App):
        CSS = "Static { background: $card-back; color: $card-char-yellow; }"

        def __init__(self):
            super().__init__()
            for loaded in themes.values():
                self.register_theme(loaded.theme)
            self.theme = "high-contrast"

        def get_theme_variable_defaults(self):
            return palette_css_variables(CardPalette())

        def compose(self):
            yield Static("Q")

    async def run():
        app = Probe()
        async with app.run_test() as pilot:
            seen = [app.query_one(Static).styles.background.hex]
            app.theme = "cutthroat-light"
            await pilot.pause()
            seen.append(app.query_one(Static).styles.background.hex)
            app.theme = "textual-dark"  # a Textual theme: the default palette fills in
            await pilot.pause()
            seen.append(app.query_one(Static).styles.background.hex)
            return seen

    expected = [themes["high-contrast"].palette.back, themes["cutthroat-light"].palette.back]
    expected.append(CardPalette().back)
    assert asyncio.run(run()) == [colour.upper() for colour in expected]


ANSI = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright_black", "bright_red",
        "bright_green", "bright_yellow", "bright_blue", "bright_magenta", "bright_cyan", "bright_white")


def sixteen(colour: str) -> str:
    """The ANSI colour a 16-colour terminal shows for `colour` (TEXTUAL_COLOR_SYSTEM=standard)."""
    from rich.color import Color as RichColor, ColorSystem

    return ANSI[RichColor.parse(colour).downgrade(ColorSystem.STANDARD).number]


@pytest.mark.parametrize("name", ["cutthroat-dark", "cutthroat-light", "high-contrast"])
def test_every_shipped_theme_reads_in_16_colours(name):
    """Red suits stay red; borders, dividers and text stand out from the background."""
    themes, errors = load_themes()
    assert not errors
    loaded = themes[name]
    palette, theme = loaded.palette, loaded.theme
    background = sixteen(theme.background)
    assert sixteen(palette.red) in ("red", "bright_red")
    assert sixteen(palette.face) != sixteen(palette.red) and sixteen(palette.face) != sixteen(palette.black)
    for what in (palette.divider, palette.killed, theme.foreground, theme.primary):
        assert sixteen(what) != background, (what, background)
