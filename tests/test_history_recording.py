"""Every finished game with a human seat is recorded in the player's history exactly once: at a
local table and a hot-seat one (through the keys), resumed from Continue, finished again after a
crash, and after a kill -9 mid-game or mid-write."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from helpers_pilot import async_test, session_of, wait_until
from test_tui_pilot import keys_for

from cutthroat import in_progress, paths, saves
from cutthroat.bots import make_bot
from cutthroat.history.store import History
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.game_over import GameOverScreen as PartyGameOver
from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen

REPO = Path(__file__).resolve().parents[1]
SIZE = (80, 24)


def history_games() -> list:
    path = paths.history_path()
    if not path.exists():
        return []
    with History.open(path, keep=True) as history:
        return history.games()


def ktk_one_move_from_the_end(save_dir: Path, seed: int = 5):
    """A human's Kill The Kings game, kept in progress, one move before its end; and that move."""
    whole = Session("kill-the-kings", {"mode": "killer"}, seed, [Seat("human", "You")])
    bot = make_bot(whole.rules, "heuristic", seed=1)
    while not whole.is_over:
        whole.apply(bot.choose(whole.view(0), whole.legal_actions(0)))
    session = Session("kill-the-kings", {"mode": "killer"}, seed, [Seat("human", "You")],
                      autosave_path=in_progress.new_path(save_dir, "kill-the-kings"))
    for seat, action in whole.log[:-1]:
        session.apply(action, seat)
    assert session.autosave_path.exists()
    return session, whole.log[-1][1], whole.result()


async def finish_from_continue(app, pilot, last) -> None:
    await pilot.press("enter")  # Continue (one game: it resumes at once)
    await wait_until(pilot, lambda: app.host is not None and app.host.session.log)
    await pilot.press(*keys_for(last))
    await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))


@async_test
async def test_a_solo_game_resumed_from_continue_is_recorded_once_even_finished_again(save_dir: Path) -> None:
    session, last, result = ktk_one_move_from_the_end(save_dir)
    before_end = session.autosave_path.read_bytes()
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await finish_from_continue(app, pilot, last)
        finished = app.host.session
        assert finished.recorded is not None
    (game,) = history_games()
    assert (game.id, game.game_id) == (finished.recorded, session.game_id)
    assert game.scores == result.scores and game.moves == len(session.log) + 1
    assert game.seats[0].name == "You" and game.humans == (0,)
    assert not session.autosave_path.exists()
    # Killed after the game was recorded but before its autosave went: it comes back, and ends again.
    session.autosave_path.write_bytes(before_end)
    again = CutthroatApp()
    async with again.run_test(size=SIZE) as pilot:
        await finish_from_continue(again, pilot, last)
        assert again.host.session.recorded == game.id
    assert [g.id for g in history_games()] == [game.id]
    # The document replays to the same result.
    with History.open(paths.history_path(), keep=True) as history:
        document = history.get(game.id).document
    data = saves.parse(json.dumps(document).encode())
    assert data.state is not None and data.game_id == session.game_id
    assert saves.get_rules("kill-the-kings").result(data.state).scores == result.scores


@async_test
async def test_keep_history_off_records_nothing(save_dir: Path, write_settings) -> None:
    write_settings(keep_history=False)
    _, last, _ = ktk_one_move_from_the_end(save_dir, seed=6)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await finish_from_continue(app, pilot, last)
        assert app.host.session.recorded is None
    assert history_games() == []


@async_test
async def test_a_hot_seat_game_is_recorded_once_for_both_human_seats(save_dir: Path) -> None:
    """Exploding Kittens, Ana and Bob hot-seat against two bots, resumed once both are out: the
    bots play it to its end (seed 10, random moves: both humans explode by move 109)."""
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Rex", "random"), Seat("bot", "Mia", "random")]
    session = Session("exploding-kittens", {}, 10, seats,
                      autosave_path=in_progress.new_path(save_dir, "exploding-kittens"))
    rng = random.Random(10)
    while not {0, 1} <= set(session.state.eliminations):
        mover = session.to_act[0]
        session.apply(rng.choice(session.legal_actions(mover)), mover)
    assert not session.is_over and session.autosave_path.exists()
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Continue
        await wait_until(pilot, lambda: isinstance(app.screen, PartyGameOver), timeout=60)
        finished = session_of(app)
        assert finished.is_over and finished.recorded is not None
    (game,) = history_games()
    assert game.game == "exploding-kittens" and game.game_id == session.game_id
    assert game.humans == (0, 1) and [s.kind for s in game.seats] == ["human", "human", "bot", "bot"]
    assert game.seats[2].level == "random" and not set(game.winners) & {0, 1}
    assert sorted(game.placements[:2]) == [3, 4]


# -- kill -9 -------------------------------------------------------------------------------------
PLAYER = """
import sys
from pathlib import Path
from cutthroat.bots import make_bot
from cutthroat.history.recorder import recorder
from cutthroat.saves import Seat
from cutthroat.session import Session

path, history = Path(sys.argv[1]), Path(sys.argv[2])
if path.exists():
    session = Session.load(path, autosave_path=path, recorder=recorder(history, keep=True))
else:
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, 4)]
    session = Session("psycho-killer", {}, 11, seats, autosave_path=path, recorder=recorder(history, keep=True))
while not session.is_over and sys.stdin.readline():  # one move for each line the test sends
    seat = session.current_seat
    bot = make_bot(session.rules, "random", seed=len(session.log))
    session.apply(bot.choose(session.view(seat), session.legal_actions(seat)), seat)
    print(len(session.log), flush=True)
print("recorded", session.recorded, flush=True)
"""


def test_a_game_killed_mid_game_and_resumed_is_recorded_once(save_dir: Path, tmp_path: Path) -> None:
    path = save_dir / "in-progress" / "psycho-killer-crash.json"
    history = tmp_path / "history.sqlite3"
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    player = subprocess.Popen([sys.executable, "-c", PLAYER, str(path), str(history)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    player.stdin.write("\n" * 40)
    player.stdin.flush()
    for _ in range(40):  # forty moves made (and kept), then it waits for more: killed there
        player.stdout.readline()
    player.send_signal(signal.SIGKILL)
    assert player.wait() == -signal.SIGKILL
    player.stdin.close()
    player.stdout.close()
    game_id = saves.read(path).game_id
    assert game_id and not history.exists()
    done = subprocess.run([sys.executable, "-c", PLAYER, str(path), str(history)], input="\n" * 5000, text=True,
                          capture_output=True, env=env, check=True)
    assert "recorded 1" in done.stdout
    with History.open(history, keep=True) as kept:
        (game,) = kept.games()
        assert game.game_id == game_id and kept.get(game.id).document["game_id"] == game_id
    assert not path.exists()


WRITER = """
import sys
from datetime import datetime, timezone
from cutthroat.history.model import FinishedGame, Seat
from cutthroat.history.store import History

history = History.open(sys.argv[1], keep=True)
n = int(sys.argv[2])
while sys.stdin.readline():
    n += 1
    game = FinishedGame("kill-the-kings", {"mode": "killer"}, (Seat("Ana", "human"),), (0,),
                        {"winners": [], "scores": [n % 31]}, datetime.now(timezone.utc), game_id=f"g{n}",
                        document={"padding": "x" * 20000})
    print(history.record(game), flush=True)
"""


def test_kill_9_during_writes_loses_nothing_already_there(tmp_path: Path) -> None:
    """A process records games as fast as it can and is killed -9 at random moments; each time,
    the history opens and holds every game it said it recorded (and nothing half-written)."""
    history = tmp_path / "history.sqlite3"
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    rng = random.Random(303)
    recorded: set[int] = set()
    for round_ in range(6):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(history), str(round_ * 1000)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        writer.stdin.write("\n" * 400)
        writer.stdin.flush()
        for _ in range(rng.randint(1, 30)):  # killed somewhere in its writes
            recorded.add(int(writer.stdout.readline()))
        writer.send_signal(signal.SIGKILL)
        recorded.update(int(line) for line in writer.stdout.read().split())
        assert writer.wait() == -signal.SIGKILL
        writer.stdin.close()
        writer.stdout.close()
        with History.open(history, keep=True) as kept:
            ids = {g.id for g in kept.games()}
            assert recorded <= ids
            assert all(kept.get(i).document["padding"] == "x" * 20000 for i in ids)


@async_test
async def test_settings_delete_the_whole_history_after_a_yes(save_dir: Path) -> None:
    from helpers_history import fg
    from helpers_pilot import screen_text

    from cutthroat.tui.screens.confirm import ConfirmScreen
    from cutthroat.tui.screens.settings import SettingsScreen

    with History.open(paths.history_path(), keep=True) as history:
        history.record(fg(game_id="a", when="2026-11-01T10:00:00"))
        history.record(fg(game_id="b", when="2026-11-02T10:00:00"))
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.press("D")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "2 finished games: your records start again from nothing." in screen_text(app)
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        assert len(history_games()) == 2
        await pilot.press("D")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: not history_games())
        assert isinstance(app.screen, SettingsScreen)


@async_test
async def test_the_keep_history_setting_is_remembered(config_dir: Path) -> None:
    from textual.widgets import Select

    from cutthroat.tui.screens.settings import SettingsScreen

    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#keep_history", Select).focus()
        await pilot.press("enter", "down", "enter")  # On -> Off
        await wait_until(pilot, lambda: app.settings.keep_history is False)
    assert json.loads((config_dir / "settings.json").read_text(encoding="utf-8"))["keep_history"] is False
