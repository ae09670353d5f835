"""The shipped themes load and build Textual themes; bad files are reported, never fatal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.color import Color
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
#: How terminals draw the 16 colours: xterm's (TERM=xterm) and the VGA one (Rich's standard), which
#: differ most where it matters (yellow: (205, 205, 0) there, brown (170, 85, 0) here).
PALETTES = {
    "xterm": ((0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
              (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
              (255, 0, 255), (0, 255, 255), (255, 255, 255)),
    "vga": ((0, 0, 0), (170, 0, 0), (0, 170, 0), (170, 85, 0), (0, 0, 170), (170, 0, 170), (0, 170, 170),
            (170, 170, 170), (85, 85, 85), (255, 85, 85), (85, 255, 85), (255, 255, 85), (85, 85, 255),
            (255, 85, 255), (85, 255, 255), (255, 255, 255)),
}
#: A line on a background reads from this contrast ratio up (WCAG's formula; white on bright white
#: is 1.3 in xterm, grey on black 5.2).
LEGIBLE = 2.0


def sixteen(colour: str) -> str:
    """The ANSI colour a 16-colour terminal shows for `colour` (TEXTUAL_COLOR_SYSTEM=standard)."""
    from rich.color import Color as RichColor, ColorSystem

    return ANSI[RichColor.parse(colour).downgrade(ColorSystem.STANDARD).number]


def contrast(fore: str, back: str) -> float:
    """The contrast of two colours once a 16-colour terminal has them, in its worse palette."""

    def luminance(rgb: tuple[int, int, int]) -> float:
        linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    ratios = []
    for palette in PALETTES.values():
        lights = sorted((luminance(palette[ANSI.index(sixteen(c))]) for c in (fore, back)), reverse=True)
        ratios.append((lights[0] + 0.05) / (lights[1] + 0.05))
    return min(ratios)


@pytest.mark.parametrize("name", ["cutthroat-dark", "cutthroat-light", "high-contrast"])
def test_every_shipped_theme_reads_in_16_colours(name):
    """Red suits stay red; borders, dividers and text stand out from the background, and the
    dialogs' borders and the log's divider from the surface they frame."""
    themes, errors = load_themes()
    assert not errors
    loaded = themes[name]
    palette, theme = loaded.palette, loaded.theme
    assert sixteen(palette.red) in ("red", "bright_red")
    assert sixteen(palette.face) != sixteen(palette.red) and sixteen(palette.face) != sixteen(palette.black)
    for what in (palette.divider, palette.killed, theme.foreground, theme.primary):
        assert contrast(what, theme.background) >= LEGIBLE, (what, theme.background)
    for line in (palette.divider, theme.primary):
        assert contrast(line, theme.surface) >= LEGIBLE, (line, theme.surface)


@pytest.mark.parametrize("name", ["cutthroat-dark", "cutthroat-light", "high-contrast"])
def test_card_borders_read_in_16_colours(name):
    """Every border a card can have (plain, a legal target, picked, a hint, the cursor) stands out
    from what it is drawn on, on every kind of card (a face, the deck's back, an empty spot, a
    killed king), as the app's own CSS draws them at the Kill The Kings table."""
    import asyncio

    from cutthroat.engine.cards import Card
    from cutthroat.saves import Seat
    from cutthroat.tui.app import CutthroatApp
    from cutthroat.tui.widgets.card import CardBox

    looks = {"face": lambda box: box.show_card(Card.parse("KS"), False), "empty": lambda box: box.show_card(None, False),
             "back": lambda box: box.show_text("48", "-back"),
             "killed": lambda box: (box.show_card(Card.parse("KH"), False), box.set_class(True, "-killed"))}
    marks = ({}, {"target": True}, {"selected": True}, {"hint": True}, {"cursor": True})

    async def run() -> list[tuple]:
        app = CutthroatApp(start=dict(game="kill-the-kings", config={}, seed=5, seats=[Seat("human", "You")]))
        seen = []
        async with app.run_test(size=(80, 24)) as pilot:
            app.theme = name
            box = app.screen.query_one("#king0", CardBox)
            for look, show in looks.items():
                box.set_class(False, "-killed")
                show(box)
                for mark in marks:
                    box.mark(**mark)
                    await pilot.pause()
                    _, line = box.styles.border_top
                    _, under = box.background_colors  # what the border's cells are drawn on
                    seen.append((look, mark, line.hex, under.hex))
        return seen

    for look, mark, line, under in asyncio.run(run()):
        assert contrast(line, under) >= LEGIBLE, (look, mark, sixteen(line), sixteen(under))


@pytest.mark.parametrize("name", ["cutthroat-light", "high-contrast"])
def test_the_app_starts_in_the_chosen_theme_parsing_its_styles_once(name, isolated_config, monkeypatch):
    """The settings' theme is on the first painted screen (its colours, its classes) without a
    second parse of every style sheet at start-up (the theme is set before the first one)."""
    import asyncio

    from textual.css.stylesheet import Stylesheet

    from cutthroat.tui.app import CutthroatApp

    isolated_config.mkdir(parents=True, exist_ok=True)
    (isolated_config / "settings.json").write_text(f'{{"theme": "{name}", "bot_speed": "instant"}}', encoding="utf-8")
    reparses = []
    real = Stylesheet.reparse
    monkeypatch.setattr(Stylesheet, "reparse", lambda self: reparses.append(1) or real(self))
    theme = load_themes()[0][name].theme

    async def run():
        app = CutthroatApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.theme == name and f"-theme-{name}" in app.classes
            assert ("-light-mode" in app.classes) == (not theme.dark)
            assert app.screen.styles.background == Color.parse(theme.background)
            assert reparses == []

    asyncio.run(run())
