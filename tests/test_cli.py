"""The command line: play/load argument checks, simulate --json, rules, --version, errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cutthroat import __version__, cli
from cutthroat.games.exploding_kittens.recipes import CUSTOM_EXAMPLE
from cutthroat.games.kill_the_kings import RULES
from cutthroat.saves import Seat


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cutthroat", *args], capture_output=True, text=True, timeout=120)


def test_version_and_help():
    out = run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"cutthroat {__version__}"
    out = run("--help")
    assert out.returncode == 0
    for word in ("play", "load", "simulate", "rules", "kill-the-kings"):
        assert word in out.stdout


def test_help_marks_games_that_cannot_be_played_yet(monkeypatch):
    from dataclasses import replace

    from cutthroat.engine import registry

    stand_in = tuple(replace(g, table=None) if g.game_id == "psycho-killer" else g for g in registry.GAMES)
    monkeypatch.setattr(cli, "GAMES", stand_in)
    text = " ".join(cli.build_parser().format_help().split())
    assert "psycho-killer (no table yet)" in text and "kill-the-kings," in text


def test_a_bad_save_is_named_by_the_path_as_typed(tmp_path, capsys, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "broken.json").write_text("{", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["load", "sub/../sub/broken.json"]) == 2
    assert capsys.readouterr().err.startswith("cutthroat: sub/../sub/broken.json: not valid JSON")


@pytest.mark.parametrize("args", [("--version",), ("rules", "kill-the-kings"),
                                  ("simulate", "kill-the-kings", "--games", "3", "--json")])
def test_headless_commands_never_import_textual(args):
    code = ("import sys; from cutthroat.cli import main\n"
            "try:\n    main(%r)\nexcept SystemExit:\n    pass\n"
            "assert 'textual' not in sys.modules, 'textual imported'\n" % (list(args),))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_rules_prints_the_same_text_as_the_help_screen(capsys):
    assert cli.main(["rules", "kill-the-kings"]) == 0
    printed = capsys.readouterr().out
    assert printed.strip() == RULES.rules_text().strip()
    assert "Psycho" in printed and "Our choice" in printed and "Decision" not in printed


def test_simulate_json_fields_and_determinism(capsys):
    args = ["simulate", "kill-the-kings", "--games", "20", "--seed", "7", "--bots", "heuristic", "--json"]
    assert cli.main(args) == 0
    first = json.loads(capsys.readouterr().out)
    for key in ("game", "games", "seed", "players", "bots", "variants", "errors", "seconds",
                "games_per_second", "mean_actions", "wins", "mean_score", "killer_win_rate", "psycho_win_rate"):
        assert key in first, key
    assert first["game"] == "kill-the-kings" and first["games"] == 20 and first["seed"] == 7
    assert first["errors"] == 0 and first["players"] == 1 and first["bots"] == ["heuristic"]
    assert first["variants"] == {"mode": "killer"}
    assert first["wins"]["heuristic"] == round(first["killer_win_rate"] * 20)
    assert first["decision_ms"]["heuristic"]["decisions"] > 0
    assert cli.main(args) == 0
    second = json.loads(capsys.readouterr().out)
    for volatile in ("seconds", "games_per_second", "decision_ms"):
        first.pop(volatile), second.pop(volatile)
    assert first == second


def test_a_budget_of_playouts_plays_the_same_games_however_slow_the_machine(capsys, monkeypatch):
    """`--playouts N` fixes the hard bot's budget by count: a clock that races (a busy machine)
    changes nothing, and the report says how long its decisions took (mean, p95, max)."""
    import time as time_module

    args = ["simulate", "kill-the-kings", "--games", "1", "--seed", "3", "--bots", "hard", "--playouts", "8",
            "--json"]
    assert cli.main(args) == 0
    first = json.loads(capsys.readouterr().out)
    timing = first["decision_ms"]["hard"]
    assert timing["decisions"] > 0 and 0 <= timing["mean"] <= timing["max"] and timing["p95"] <= timing["max"]
    real = time_module.perf_counter
    ticks = iter(range(10**9))
    monkeypatch.setattr(time_module, "perf_counter", lambda: real() + next(ticks))  # a second per look
    assert cli.main(args) == 0
    second = json.loads(capsys.readouterr().out)
    for volatile in ("seconds", "games_per_second", "decision_ms"):
        first.pop(volatile), second.pop(volatile)
    assert first == second


def test_simulate_psycho_mode_counts_psycho_wins(capsys):
    assert cli.main(["simulate", "kill-the-kings", "--games", "30", "--bots", "heuristic",
                     "--variant", "mode=psycho", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variants"] == {"mode": "psycho"}
    assert report["wins"]["heuristic"] == round(report["psycho_win_rate"] * 30)


def test_simulate_reports_errors_with_nonzero_exit(capsys, monkeypatch):
    def broken_apply(state, action, player=0):
        raise RuntimeError("boom")

    monkeypatch.setattr(RULES, "apply", broken_apply)
    assert cli.main(["simulate", "kill-the-kings", "--games", "3", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["errors"] == 3


@pytest.mark.parametrize("args, fragment", [
    (["simulate", "kill-the-kings", "--games", "2", "--variant", "mode=crazy"], "valid: mode=killer|psycho"),
    (["simulate", "kill-the-kings", "--games", "2", "--variant", "colour=red"], "unknown variant"),
    (["simulate", "kill-the-kings", "--games", "2", "--bots", "genius"], "unknown bot level"),
    (["simulate", "kill-the-kings", "--games", "2", "--players", "3"], "takes 1 player, not 3"),
    (["simulate", "nonsense", "--games", "2"], "unknown game"),
    (["play", "stab-your-friends", "--variant", "first-royal=7", "--players", "4"], "names seat 7"),
    (["play", "kill-the-kings", "--humans", "2"], "--humans"),
    (["play", "kill-the-kings", "--bots", "genius"], "unknown bot level 'genius'"),  # no bot seat: still checked
    (["play", "kill-the-kings", "--humans", "1", "--bots", "hard,typo"], "unknown bot level 'typo'"),
    (["simulate", "kill-the-kings", "--games", "2", "--think", "0"], "--think must be at least 1"),
    (["play", "psycho-killer", "--think", "-5"], "--think must be at least 1"),
    (["simulate", "psycho-killer", "--games", "1", "--playouts", "0"], "--playouts must be at least 1"),
    (["simulate", "psycho-killer", "--games", "1", "--playouts", "8", "--think", "50"], "give one"),
])
def test_bad_input_is_one_line_and_exit_2(args, fragment, capsys):
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


@pytest.mark.parametrize("args, words", [
    (["kill-the-kings", "--bots", "hard"], "--bots gives the bot seats' levels, but every seat is a human's"),
    (["psycho-killer", "--players", "4", "--humans", "4", "--bots", "hard"], "every seat is a human's"),
    (["exploding-kittens", "--variant", f"custom={CUSTOM_EXAMPLE}"],
     "--variant custom applies only with recipe=custom: add --variant recipe=custom"),
    (["kill-your-friends", "--players", "2", "--bots", "hard,random"], "--bots lists 2 levels for 1 bot seat\n"),
    (["kill-the-kings", "--keep"], "--keep is for a game with no human seat (--humans 0)"),
])
def test_play_refuses_what_it_would_ignore(args, words, monkeypatch, capsys):
    """An option that would change nothing is refused in one line, and nothing starts."""
    monkeypatch.setattr(cli, "launch_app", lambda *a, **k: pytest.fail("the app must not start"))
    assert cli.main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_play_takes_the_custom_deck_with_its_recipe(monkeypatch):
    seen = {}
    monkeypatch.setattr(cli, "launch_app", lambda save_dir, start=None, **k: seen.update(start) or 0)
    assert cli.main(["play", "exploding-kittens", "--players", "4", "--variant", "recipe=custom",
                     "--variant", f"custom={CUSTOM_EXAMPLE}"]) == 0
    assert seen["config"]["recipe"] == "custom" and seen["config"]["custom"] == CUSTOM_EXAMPLE


def test_play_of_a_game_with_rules_but_no_table_yet_is_refused(monkeypatch, capsys):
    """A game can land its rules before its table: `play` says so and starts nothing."""
    import dataclasses

    from cutthroat.engine import registry

    info = dataclasses.replace(registry.game_info("psycho-killer"), table=None)
    monkeypatch.setattr(cli, "game_info", lambda game_id: info)
    monkeypatch.setattr(cli, "launch_app", lambda *a, **k: pytest.fail("the app must not start"))
    assert cli.main(["play", "psycho-killer"]) == 2
    err = capsys.readouterr().err
    assert "Psycho Killer has no table yet" in err and err.count("\n") == 1


def test_load_of_a_broken_file_is_refused_and_untouched(tmp_path, capsys):
    bad = tmp_path / "broken.json"
    bad.write_bytes(b'{"format": "cutthroat-save", "vers')
    assert cli.main(["load", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "broken.json" in err and "not valid JSON" in err and err.count("\n") == 1
    assert bad.read_bytes() == b'{"format": "cutthroat-save", "vers'


def test_play_passes_the_variant_seed_and_seats_to_the_app(monkeypatch):
    seen = {}

    def fake_launch(save_dir, start=None, loaded=None, loaded_path=None):
        seen.update(save_dir=save_dir, start=start)
        return 0

    monkeypatch.setattr(cli, "launch_app", fake_launch)
    assert cli.main(["play", "kill-the-kings", "--variant", "mode=psycho", "--seed", "5",
                     "--save-dir", "/tmp/somewhere"]) == 0
    start = seen["start"]
    assert start["game"] == "kill-the-kings" and start["config"] == {"mode": "psycho"} and start["seed"] == 5
    assert [s.kind for s in start["seats"]] == ["human"]
    assert seen["save_dir"] == "/tmp/somewhere"
    assert cli.main(["play", "kill-the-kings", "--humans", "0", "--bots", "hard"]) == 0
    assert [(s.kind, s.level) for s in seen["start"]["seats"]] == [("bot", "hard")]
    assert seen["start"]["keep"] is False  # a watched game is not kept in Continue …
    assert cli.main(["play", "kill-the-kings", "--humans", "0", "--bots", "hard", "--keep"]) == 0
    assert seen["start"]["keep"] is True  # … unless asked


def test_load_hands_the_app_the_file_it_came_from(monkeypatch, tmp_path):
    """So a game in progress loaded by path goes on in its own file, and any other save is copied."""
    from cutthroat.session import Session

    path = tmp_path / "mine.json"
    Session("kill-the-kings", {}, 5, [Seat("human", "You")]).save(path, "mine")
    seen = {}
    monkeypatch.setattr(cli, "launch_app", lambda save_dir, **kw: seen.update(kw) or 0)
    assert cli.main(["load", str(path)]) == 0
    assert seen["loaded_path"] == str(path) and seen["loaded"].name == "mine"


@pytest.mark.parametrize("args, words", [
    (["--authorized-keys", "/nonexistent/keys"], "/nonexistent/keys: no such file (--authorized-keys)"),
    (["--port", "0"], "--port must be 1–65535, not 0"),
])
def test_serve_refuses_bad_flags_in_one_line(args, words, tmp_path):
    done = run("serve", "--data", str(tmp_path / "data"), *args)
    assert done.returncode == 2 and done.stderr.strip() == f"cutthroat: {words}"
    assert not (tmp_path / "data").exists()


def test_serve_refuses_an_authorized_keys_file_without_keys(tmp_path):
    keys = tmp_path / "keys"
    keys.write_text("# nobody yet\nnot a key at all\n")
    done = run("serve", "--data", str(tmp_path / "data"), "--authorized-keys", str(keys))
    assert done.returncode == 2 and done.stderr.strip() == f"cutthroat: {keys}: line 2 holds no public key"


def test_serve_says_when_the_port_is_taken(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("serve", "--data", str(tmp_path / "data"), "--port", str(port), "--allow-root")
    assert done.returncode == 2 and done.stderr.strip().splitlines()[-1].startswith(
        f"cutthroat: can't listen on 127.0.0.1:{port}:")
