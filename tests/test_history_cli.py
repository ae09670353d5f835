"""`cutthroat stats` and `cutthroat history`: list, export (JSON, CSV), import, delete."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers_history import fg, ktk_session, play_out

from cutthroat import cli, paths
from cutthroat.history.model import Seat
from cutthroat.history.store import History


@pytest.fixture
def kept(save_dir):
    """A history of three games: a played Kill The Kings game (with its moves), two hand-built."""
    with History.open(paths.history_path(), keep=True) as history:
        history.record(fg(when="2026-11-01T10:00:00", score=8, won=True, round_points=(3, 3, 1), game_id="k1"))
        history.record(fg("psycho-killer", when="2026-11-02T10:00:00", mode="",
                          seats=(Seat("Ana", "human"), Seat("Rex", "bot", "hard")), winners=[1],
                          placements=[2, 1], scores=[-9, -3], game_id="p1"))
        history.record(play_out(ktk_session(seed=21)).finished_game())
    return paths.history_path()


@pytest.mark.parametrize("form", ["--json", "--csv"])
def test_export_then_import_on_another_machine_round_trips(kept, tmp_path, capsys, form):
    assert cli.main(["history", form]) == 0
    export = tmp_path / f"export.{form[2:]}"
    export.write_text(capsys.readouterr().out, encoding="utf-8")
    other = tmp_path / "other"
    assert cli.main(["history", "import", str(export), "--save-dir", str(other)]) == 0
    assert capsys.readouterr().out == "Imported 3 games.\n"
    assert cli.main(["history", "import", str(export), "--save-dir", str(other)]) == 0
    assert capsys.readouterr().out == "Imported 0 games (3 already in your history).\n"
    with History.open(kept, keep=True) as mine, History.open(paths.history_path(other), keep=True) as theirs:
        strip = [{**row, "id": 0} for row in mine.export_rows()]
        assert [{**row, "id": 0} for row in theirs.export_rows()] == strip
        assert strip[-1]["document"]["log"]  # the played game's moves came along


def test_history_lists_newest_first_and_stats_prints_records(kept, capsys):
    assert cli.main(["history"]) == 0
    header, *lines = capsys.readouterr().out.splitlines()
    assert header.split() == ["id", "finished", "game", "players", "result"]
    assert len(lines) == 3 and "Kill The Kings · Killer" in lines[0] and "Psycho Killer" in lines[1]
    assert "Rex (hard)" in lines[1] and "2nd of 2" in lines[1]
    assert cli.main(["stats", "psycho-killer"]) == 0
    text = capsys.readouterr().out
    assert "Games 1   Won 0 (0%)" in text and "vs hard 0% of 1" in text
    assert cli.main(["stats", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["kill-the-kings"]["all"]["played"] == 2 and report["psycho-killer"]["all"]["won"] == 0
    assert cli.main(["stats", "nope"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_delete_needs_a_yes(kept, capsys):
    with History.open(kept, keep=True) as history:
        first = history.games()[-1].id
    assert cli.main(["history", "delete", str(first)]) == 2
    assert "add --yes" in capsys.readouterr().err
    assert cli.main(["history", "delete", str(first), "--yes"]) == 0
    assert cli.main(["history", "delete", str(first), "--yes"]) == 1
    assert f"no game {first}" in capsys.readouterr().err
    assert cli.main(["history", "delete", "--all"]) == 2
    assert "all 2 games" in capsys.readouterr().err
    assert cli.main(["history", "delete", "--all", "--yes"]) == 0
    with History.open(kept, keep=True) as history:
        assert history.games() == []


def test_an_unreadable_history_is_said_and_left_alone(save_dir, capsys):
    path = paths.history_path()
    path.write_bytes(b"garbage" * 100)
    assert cli.main(["history"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cutthroat: ") and "not a history file" in err and err.count("\n") == 1
    assert path.read_bytes() == b"garbage" * 100


@pytest.mark.parametrize("args", [("stats",), ("history", "--json"), ("history", "--csv"), ("history",)])
def test_history_commands_never_import_textual(args):
    code = ("import sys; from cutthroat.cli import main\n"
            "try:\n    main(%r)\nexcept SystemExit:\n    pass\n"
            "assert 'textual' not in sys.modules, 'textual imported'\n" % (list(args),))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_an_import_with_bad_rows_keeps_the_good_ones_and_says_which(kept, tmp_path, capsys):
    assert cli.main(["history", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    bad = [{"game": "kill-the-kings", "seats": ["not a seat"], "result": {}, "finished_at": "2026-01-01T00:00:00"},
           {**rows[0], "result": {"winners": [7], "scores": [1]}, "game_id": "other"},
           {**rows[0], "humans": "nope", "game_id": "other2"}, 42]
    export = tmp_path / "mixed.json"
    export.write_text(json.dumps(bad + rows[1:]), encoding="utf-8")
    assert cli.main(["history", "import", str(export), "--save-dir", str(tmp_path / "new")]) == 0
    out, err = capsys.readouterr()
    assert out == "Imported 2 games; 4 rows skipped.\n"
    lines = err.splitlines()
    assert len(lines) == 4 and all(f"mixed.json: row {n}: not a finished game" in line
                                   for n, line in enumerate(lines, 1)), lines


def test_stats_and_history_in_ascii(kept, capsys, write_settings):
    write_settings(card_style="ascii")  # (what LANG=C picks by itself)
    assert cli.main(["stats"]) == 0 and cli.main(["history"]) == 0
    text = capsys.readouterr().out
    assert text.isascii() and "Killer >=7" in text and "Kill The Kings - Killer" in text
