"""`cutthroat simulate` plays the very same games as it did when the baselines were recorded
(tests/data/simulate_baseline/*.json): the same seeds, the same moves, the same figures. A speed-up
of the host or an engine must not change one move.

Each baseline holds the command line, its `--json` output (timing figures left out) and a digest
of every game's action log. To record them again (only after a change meant to alter play):

    CUTTHROAT_RECORD_BASELINE=1 .venv/bin/pytest -q tests/test_simulate_baseline.py
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from cutthroat import cli, session as session_module
from cutthroat.engine.codec import encode

DATA = Path(__file__).parent / "data" / "simulate_baseline"
TIMING = ("seconds", "games_per_second", "decision_ms")
CASES = {  # name → (game, games, seed, bots, more args); small enough to run in a few seconds together
    "ktk-random": ("kill-the-kings", 60, 11, "random", ()),
    "ktk-heuristic": ("kill-the-kings", 30, 12, "heuristic", ()),
    "ek-random": ("exploding-kittens", 8, 13, "random", ()),
    "ek-heuristic": ("exploding-kittens", 6, 14, "heuristic", ()),
    "kyf-random": ("kill-your-friends", 15, 15, "random", ()),
    "kyf-heuristic": ("kill-your-friends", 15, 16, "heuristic", ()),
    "syf-random": ("stab-your-friends", 12, 17, "random", ()),
    "syf-heuristic": ("stab-your-friends", 10, 18, "heuristic", ()),
    "pk-random": ("psycho-killer", 6, 19, "random", ()),
    "pk-heuristic": ("psycho-killer", 4, 20, "heuristic", ()),
    "ktk-psycho-heuristic": ("kill-the-kings", 20, 21, "heuristic", ("--variant", "mode=psycho")),
    "kyf-mixed-5": ("kill-your-friends", 10, 22, "random,heuristic,random,heuristic,heuristic", ("--players", "5")),
    "syf-mixed-3": ("stab-your-friends", 10, 23, "heuristic,random,random", ("--players", "3")),
}


def play(monkeypatch, capsys, argv: list[str]) -> tuple[dict, str]:
    """Run `cutthroat simulate` in this process: its JSON and a digest of every game's log."""
    logs: list = []

    class Recording(session_module.Session):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            logs.append(self.log)  # the list the session appends to (never replaced in simulate)

    monkeypatch.setattr(session_module, "Session", Recording)
    capsys.readouterr()
    assert cli.main(argv) == 0
    output = json.loads(capsys.readouterr().out)
    digest = hashlib.sha256()
    for log in logs:
        digest.update(json.dumps([[seat, encode(action)] for seat, action in log], sort_keys=True).encode())
        digest.update(b"\n")
    return output, digest.hexdigest()


@pytest.mark.parametrize("name", sorted(CASES))
def test_simulate_plays_the_recorded_games(name, monkeypatch, capsys):
    game, games, seed, bots, more = CASES[name]
    argv = ["simulate", game, "--games", str(games), "--seed", str(seed), "--bots", bots, *more, "--json"]
    output, digest = play(monkeypatch, capsys, argv)
    figures = {k: v for k, v in output.items() if k not in TIMING}
    path = DATA / f"{name}.json"
    if os.environ.get("CUTTHROAT_RECORD_BASELINE"):
        path.write_text(json.dumps({"argv": argv, "output": figures, "logs_sha256": digest}, indent=1) + "\n",
                        encoding="utf-8")
    baseline = json.loads(path.read_text(encoding="utf-8"))
    assert baseline["argv"] == argv
    assert figures == baseline["output"]
    assert digest == baseline["logs_sha256"]
