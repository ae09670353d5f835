"""Settings survive a round trip, and a broken or odd file never stops the app."""

from __future__ import annotations

import json

import pytest

import cutthroat.settings as settings_module
from cutthroat.settings import Settings, load_settings, save_settings


@pytest.fixture(autouse=True)
def isolated_config(tmp_path, monkeypatch):
    monkeypatch.setenv("CUTTHROAT_CONFIG_DIR", str(tmp_path))
    return tmp_path


def test_missing_file_gives_defaults_without_error():
    assert load_settings() == (Settings(), None)


def test_round_trip(isolated_config):
    original = Settings(
        theme="high-contrast",
        card_style="ascii",
        bot_speed="slow",
        undo=False,
        nope_window="8",
        last_seed=1234,
        last_setups={"kill-the-kings": {"mode": "psycho"}},
    )
    save_settings(original)
    path = isolated_config / "settings.json"
    assert path.is_file()
    assert load_settings() == (original, None)
    assert [p.name for p in isolated_config.iterdir()] == ["settings.json"]  # no temp left


def test_explicit_path(tmp_path):
    path = tmp_path / "nested" / "s.json"
    save_settings(Settings(bot_speed="instant"), path)
    loaded, error = load_settings(path)
    assert error is None and loaded.bot_speed == "instant"


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "\xff\xfe garbage"])
def test_broken_file_gives_defaults_and_is_kept_aside_never_written_over(isolated_config, text):
    """A file that could not be read may hold a keymap: it is renamed aside (said in one line),
    and the next save of settings writes a new file beside it, never over it."""
    path = isolated_config / "settings.json"
    path.write_bytes(text.encode("latin-1"))
    settings, error = load_settings()
    assert settings == Settings()
    assert error and "\n" not in error and "kept as settings.json.unreadable" in error
    aside = isolated_config / "settings.json.unreadable"
    assert not path.exists() and aside.read_bytes() == text.encode("latin-1")
    save_settings(Settings(bot_speed="instant"))
    assert aside.read_bytes() == text.encode("latin-1") and load_settings()[0].bot_speed == "instant"
    path.write_bytes(text.encode("latin-1"))  # broken again: a second one is kept too
    assert "kept as settings.json.unreadable-2" in load_settings()[1]
    assert aside.read_bytes() == text.encode("latin-1")


def test_wrong_types_and_unknown_keys_fall_back(isolated_config):
    (isolated_config / "settings.json").write_text(
        json.dumps(
            {
                "theme": 7,
                "card_style": "emoji",
                "bot_speed": "fast",
                "undo": "yes",
                "nope_window": 3,
                "last_seed": True,
                "last_setups": {"kill-the-kings": {"mode": 3}},
                "volume": 11,
            }
        )
    )
    settings, error = load_settings()
    assert error is None
    assert settings == Settings(bot_speed="fast")


def test_bot_delay():
    assert Settings(bot_speed="instant").bot_delay_seconds() == 0
    delays = [Settings(bot_speed=s).bot_delay_seconds() for s in ("fast", "normal", "slow")]
    assert delays == sorted(delays) and delays[0] > 0


def test_nope_window():
    assert Settings().nope_window_seconds() == 3.0  # the spec's default
    assert Settings(nope_window="8").nope_window_seconds() == 8.0
    assert Settings(nope_window="forever").nope_window_seconds() == 3.0


def test_card_style_auto_follows_locale(monkeypatch):
    monkeypatch.setattr(settings_module, "locale_encoding", lambda: "ANSI_X3.4-1968")
    assert Settings().resolved_card_style() == "ascii"
    assert Settings(card_style="unicode").resolved_card_style() == "unicode"
    monkeypatch.setattr(settings_module, "locale_encoding", lambda: "UTF-8")
    assert Settings().resolved_card_style() == "unicode"
    assert Settings(card_style="ascii").resolved_card_style() == "ascii"
    assert Settings().resolved_card_style("ISO-8859-1") == "ascii"


@pytest.mark.parametrize("env, style", [
    ({"LANG": "C"}, "ascii"),
    ({"LC_ALL": "C", "LANG": "C.UTF-8"}, "ascii"),
    ({}, "ascii"),  # nothing set: the C locale
    ({"LANG": "en_US.ISO-8859-1"}, "ascii"),
    ({"LANG": "C.UTF-8"}, "unicode"),
    ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, "unicode"),
])
def test_auto_card_style_follows_the_locale_the_user_set(env, style):
    """In a fresh Python, as the app starts: under the C locale Python coerces LC_CTYPE to
    C.UTF-8 and says utf-8, but the terminal may not show Unicode."""
    import os
    import subprocess
    import sys

    clean = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_CTYPE", "PYTHONUTF8")}
    code = "from cutthroat.settings import Settings; print(Settings().resolved_card_style())"
    out = subprocess.run([sys.executable, "-c", code], env={**clean, **env}, capture_output=True, text=True,
                         timeout=60)
    assert out.stdout.strip() == style, out.stderr
