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


#: The suite's longest tests, longest first (the slowest durations of a full run, 2026-12-03, less
#: the ones made short since): collected first, so `-n 2 --dist worksteal` starts them at once and
#: the two workers end together on short tests instead of one ending alone on a long one. A test
#: that grows long belongs here (test_suite_order.py checks every name here still exists).
LONG_FIRST = (
    "test_serve_web_browser.py::test_two_browser_players_and_an_ssh_player_play_one_table_each_seeing_only_their_hand",
    "test_footer_keys.py::test_every_key_the_footer_shows_acts[",
    "test_player_text.py::test_tables_logs_and_game_over_show_hostile_names_as_they_are",
    "test_pk_tui.py::test_hot_seat_nothing_private_in_a_shared_moment_and_a_curtain_before_each_private_screen",
    "test_tui_pilot.py::test_whole_game_from_title_by_keys",
    "test_serve_web.py::test_garbage_a_flood_an_oversized_message_and_an_idle_browser_hurt_nobody",
    "test_pk_hot_seat.py::test_hot_seat_psycho_killer_shows_nothing_private_in_a_shared_moment",
    "test_syf_tui.py::test_a_solo_game_by_keys_to_the_game_over_dialog",
    "test_serve_web_browser.py::test_two_browsers_get_the_title_type_without_a_click_and_are_two_players",
    "test_serve.py::test_four_players_join_one_table_by_code_and_play_it_to_game_over",
    "test_syf_tui.py::test_hot_seat_nothing_private_in_a_shared_moment_and_a_curtain_before_each_private_screen",
    "test_serve.py::test_a_dropped_player_and_a_killed_server_come_back_to_the_same_position",
    "test_kyf_hot_seat.py::test_no_hand_shows_outside_its_own_seats_private_turn",
    "test_pk_tui.py::test_a_solo_game_by_keys_to_the_game_over_dialog",
    "test_serve_hostile.py::test_a_resize_storm_costs_a_few_repaints_a_second_and_the_latest_size_wins",
    "test_serve_hostile.py::test_a_markup_name_a_key_burst_a_save_path_and_the_seed_hurt_nobody",
    "test_legible.py::test_the_setup_marks_the_focused_row",
    "test_serve_zygote.py::test_a_zygote_child_is_set_up_as_a_plain_start_up_and_hangs_up_and_is_killed",
    "test_player_text.py::test_the_lobby_shows_hostile_names_and_titles_as_they_are",
    "test_syf_properties.py::test_random_play_keeps_every_property",
    "test_serve_zygote.py::test_sessions_start_from_the_zygote_and_a_dead_zygote_gives_a_plain_start_up",
    "test_syf_hot_seat.py::test_no_hand_shows_while_a_bot_plays_or_a_card_activates",
    "test_serve_hostile.py::test_a_server_started_with_sighup_ignored_still_hangs_up_its_apps",
    "test_serve_hostile.py::test_a_hundred_idle_connections_are_refused_or_closed_and_players_play_on",
    "test_kyf_tui.py::test_setup_refuses_impossible_setups_with_the_reason",
    "test_serve_web.py::test_one_address_holds_its_cap_across_both_doors_not_once_on_each",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Long tests first (LONG_FIRST's order), the rest as collected (a stable sort: every xdist
    worker collects the same order, as it must)."""
    def rank(item: pytest.Item) -> int:
        where = item.nodeid.rpartition("/")[2]
        return next((i for i, long in enumerate(LONG_FIRST) if where.startswith(long)), len(LONG_FIRST))

    items.sort(key=rank)
