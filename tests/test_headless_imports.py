"""The engine, games, bots, session and saves run headless: running them never loads Textual."""

from __future__ import annotations

import json
import subprocess
import sys

# Which modules may import Textual is a contract `lint-imports` checks (pyproject.toml,
# tests/test_import_contracts.py). What this file checks is what the contracts can't see: what a
# run actually loads (the headless commands are checked in test_cli.py, the server process in
# test_serve_zygote.py).


def run_fresh(code: str) -> str:
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_every_game_and_its_bots_play_without_textual():
    """Every implemented game's rules via the registry (as `simulate` does), a move played, and
    every level of bot made for it: no Textual module is loaded."""
    code = (
        "import json, sys\n"
        "from cutthroat.engine.registry import GAMES, get_rules\n"
        "from cutthroat.bots import LEVELS, make_bot\n"
        "played = []\n"
        "for g in GAMES:\n"
        "    if g.implemented:\n"
        "        r = get_rules(g.game_id)\n"
        "        s = r.new_game(r.default_config(), 1)\n"
        "        r.apply(s, r.legal_actions(s, r.to_act(s)[0])[0], r.to_act(s)[0])\n"
        "        for level in LEVELS:\n"
        "            make_bot(r, level, seed=1)\n"
        "        played.append(g.game_id)\n"
        "print(json.dumps([played, sorted(m for m in sys.modules if m.split('.')[0] == 'textual')]))\n"
    )
    played, loaded = json.loads(run_fresh(code).strip().splitlines()[-1])
    assert len(played) == 5 and loaded == []


def test_detector_works():
    """Sanity: the check would notice Textual if something did import it."""
    code = (
        "import json, sys\n"
        "try:\n"
        "    import textual.app\n"
        "except ImportError:\n"
        "    print(json.dumps(['textual']))\n"
        "else:\n"
        "    print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'textual')))\n"
    )
    assert "textual" in json.loads(run_fresh(code).strip().splitlines()[-1])


TO_THE_TITLE = """
import json, sys
from cutthroat.cli import build_parser  # (the command's own entry, as `cutthroat` starts)
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.title import TitleScreen

async def pilot(p):
    while not isinstance(p.app.screen, TitleScreen) or not p.app.screen.games:
        await p.pause()
    print(json.dumps({"games": len(p.app.screen.games), "modules": sorted(sys.modules)}))
    p.app.exit()

CutthroatApp().run(headless=True, size=(80, 24), auto_pilot=pilot)
"""
#: Loaded when first used, never to paint the title: a game's rules, bots, tables, the table host,
#: the server's ssh, the save codec, test-only libraries; the history while there is none yet.
NOT_AT_START = ("cutthroat.games", "cutthroat.bots", "cutthroat.tui.tables", "cutthroat.host", "cutthroat.session",
                "cutthroat.serve", "cutthroat.engine.protocol", "cutthroat.engine.codec", "asyncssh", "hypothesis",
                "cutthroat.history")


def test_the_title_with_games_in_progress_loads_no_game(save_dir, monkeypatch):
    """Start-up imports only what the title needs, whatever is in progress: the Continue line
    comes from the save folder's index, not from replaying each game."""
    from cutthroat import in_progress
    from cutthroat.saves import Seat
    from cutthroat.session import Session

    for game, players in (("kill-the-kings", 1), ("exploding-kittens", 3), ("psycho-killer", 2)):
        seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, players)]
        session = Session(game, {}, 1, seats, autosave_path=in_progress.new_path(save_dir, game), kept=True)
        session.autosave()
    assert len(in_progress.games_in_progress(save_dir)) == 3  # (as the last title shown left the index)
    out = json.loads(run_fresh(TO_THE_TITLE).strip().splitlines()[-1])
    assert out["games"] == 3
    loaded = [m for m in out["modules"] if m.startswith(NOT_AT_START)]
    assert loaded == []
