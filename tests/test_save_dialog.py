"""The save dialog's target: a plain name into the save directory, or a path as typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from cutthroat.tui.screens.save import SaveTargetError, file_name, save_target


def test_a_plain_name_goes_into_the_save_directory(tmp_path):
    assert save_target("  My game! ", tmp_path) == (tmp_path / "my-game.json", "My game!")
    assert file_name("???") == "save.json"


def test_a_path_is_taken_as_typed_with_json_added(tmp_path):
    (tmp_path / "x").mkdir()
    assert save_target(f"{tmp_path}/x/elsewhere.json", Path("/nowhere")) == (tmp_path / "x" / "elsewhere.json",
                                                                              "elsewhere")
    assert save_target(f"{tmp_path}/x/mine", Path("/nowhere"))[0] == tmp_path / "x" / "mine.json"


def test_home_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert save_target("~/round-two", Path("/nowhere"))[0] == tmp_path / "round-two.json"


@pytest.mark.parametrize("typed, reason", [
    ("", "Give the save a name"),
    ("{tmp}/", "is a folder: add a file name"),
    ("{tmp}", "is a folder: add a file name"),
    ("{tmp}/missing/mine", "no folder {tmp}/missing"),
])
def test_a_place_that_cannot_be_a_save_is_refused_with_the_reason(tmp_path, typed, reason):
    with pytest.raises(SaveTargetError) as info:
        save_target(typed.format(tmp=tmp_path), tmp_path)
    assert reason.format(tmp=tmp_path) in str(info.value) and "\n" not in str(info.value)


def test_confined_a_plain_name_only_whatever_the_environment_says(tmp_path):
    """`confined=True` (a server's player app): no path, no `~`, no `..`; `False`: paths as typed."""
    assert save_target("Round two", tmp_path, confined=True) == (tmp_path / "round-two.json", "Round two")
    for typed in ("/tmp/evil", "../x", "~/x", "a\x1bb", ".hidden"):
        with pytest.raises(SaveTargetError, match="plain name"):
            save_target(typed, tmp_path, confined=True)
    (tmp_path / "x").mkdir()
    assert save_target(f"{tmp_path}/x/mine", Path("/nowhere"), confined=False)[0] == tmp_path / "x" / "mine.json"
