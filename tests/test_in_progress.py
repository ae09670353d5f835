"""Games in progress, headless: one autosave per game, locks between windows and processes, the
Continue list's entries, and a real process killed at random moments losing at most one move."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cutthroat import in_progress, save_index, saves
from cutthroat.bots import make_bot
from cutthroat.engine.registry import IMPLEMENTED, get_rules
from cutthroat.saves import Seat
from cutthroat.session import Session

REPO = Path(__file__).resolve().parents[1]


def bot_move(session: Session):
    """The same move for the same position in any process: a random bot seeded by the move number."""
    seat = session.current_seat
    bot = make_bot(session.rules, "random", seed=len(session.log))
    return bot.choose(session.view(seat), session.legal_actions(seat)), seat


def new_table(save_dir: Path, game: str, seed: int, players: int) -> Session:
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, players)]
    return Session(game, {}, seed, seats, autosave_path=in_progress.new_path(save_dir, game))


def test_each_table_gets_its_own_file(save_dir):
    paths = {in_progress.new_path(save_dir, "kill-the-kings") for _ in range(50)}
    assert len(paths) == 50
    assert all(p.parent == save_dir / "in-progress" and p.name.startswith("kill-the-kings-") for p in paths)


def test_two_sessions_on_one_save_dir_interleave_and_both_resume_exactly(save_dir):
    ktk = new_table(save_dir, "kill-the-kings", 7, 1)
    ek = new_table(save_dir, "exploding-kittens", 3, 3)
    for _ in range(40):
        for session in (ktk, ek):
            if not session.is_over:
                session.apply(*bot_move(session))
    listed = in_progress.games_in_progress(save_dir)
    assert sorted(g.path for g in listed) == sorted([ktk.autosave_path, ek.autosave_path])
    for session in (ktk, ek):
        again = Session.load(session.autosave_path)
        assert again.log == session.log
        assert again.rules.encode_state(again.state) == session.rules.encode_state(session.state)


def until_a_human_decides(session: Session, human: int) -> int:
    """Play on as a table does until `human` has a decision of their own to make: bots play
    (seeded), and the table answers for the human where nobody asks them (an answer with no
    choice, the table's own step, a reaction window whose time ran out). Returns how many of
    those answers it gave."""
    rules, answered = session.rules, 0
    for _ in range(500):
        state = session.state
        to_act = rules.to_act(state)
        bots = [seat for seat in to_act if seat != human]
        answer = None
        if human in to_act:
            answer = rules.auto_action(state, human) or rules.paced_action(state, human) or \
                rules.reaction_default(state, human)
        if answer is not None:
            session.apply(answer, human)
            answered += 1
        elif bots:
            bot = make_bot(rules, "random", seed=len(session.log))
            session.apply(bot.choose(session.view(bots[0]), session.legal_actions(bots[0])), bots[0])
        else:
            return answered
    raise AssertionError("the human was never asked")


@pytest.mark.parametrize("game", [g.game_id for g in IMPLEMENTED])
def test_a_deal_no_human_has_played_is_not_a_game_in_progress(save_dir, game):
    """Every `cutthroat play` was kept from its deal, so the Continue list filled with games
    nobody played. Bots moving first, and the answers the table gives for a human who wasn't
    asked (a Nope window's pass when its time runs out, a draw with no choice), keep nothing;
    the human's first decision (Kill The Kings: the first move) keeps the game from then on."""
    rules = get_rules(game)
    if rules.max_players == 1:
        seats, human = [Seat("human", "You")], 0
    else:  # a bot in the first seat
        seats, human = [Seat("bot", "Bo", "random"), Seat("human", "Ana"), Seat("bot", "Cy", "random")], 1
    session = Session(game, {}, 0, seats, autosave_path=in_progress.new_path(save_dir, game))
    session.autosave()  # as a table does when it opens
    answered = until_a_human_decides(session, human)
    assert session.autosave_error is None and not session.autosave_path.exists()
    assert in_progress.games_in_progress(save_dir) == []
    if game in ("exploding-kittens", "stab-your-friends", "psycho-killer"):
        assert answered > 0  # (the table did answer for the human, and that kept nothing)
    bot = make_bot(session.rules, "random", seed=1)
    session.apply(bot.choose(session.view(human), session.legal_actions(human)), human)
    assert [g.path for g in in_progress.games_in_progress(save_dir)] == [session.autosave_path]
    assert Session.load(session.autosave_path).log == session.log


def test_a_resumed_game_and_a_kept_watched_game_are_kept_from_the_start(save_dir):
    """A save that goes on has been played (or asked for): it is a game in progress at once."""
    played = new_table(save_dir, "psycho-killer", 4, 4)
    played.apply(*bot_move(played))
    named = played.save(save_dir / "mine.json", "mine")
    again = Session.load(named, autosave_path=in_progress.new_path(save_dir, "psycho-killer"))
    again.autosave()
    assert again.kept and again.autosave_path.exists()
    watched = Session("kill-the-kings", {}, 3, [Seat("bot", "Hard bot", "hard")], kept=True,
                      autosave_path=in_progress.new_path(save_dir, "kill-the-kings"))
    watched.autosave()
    assert watched.autosave_path.exists()


def test_an_unwritable_save_dir_is_said_before_the_first_move(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    session = new_table(blocked, "kill-the-kings", 7, 1)
    session.autosave()
    assert session.autosave_error and session.autosave_error.startswith("can't write ")


def test_a_lock_left_by_a_game_never_kept_goes_with_the_next_listing(save_dir):
    """A table killed (-9) before its game was kept leaves its lock and nothing else."""
    session = new_table(save_dir, "kill-the-kings", 7, 1)
    code = ("import sys, os, signal; from cutthroat import in_progress\n"
            "held = in_progress.claim(sys.argv[1]); os.kill(os.getpid(), signal.SIGKILL)")
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    died = subprocess.run([sys.executable, "-c", code, str(session.autosave_path)], env=env, capture_output=True)
    assert died.returncode == -signal.SIGKILL, died.stderr
    locks = save_dir / "in-progress" / ".locks"
    assert len(list(locks.iterdir())) == 1
    kept = new_table(save_dir, "kill-the-kings", 8, 1)
    claim = in_progress.claim(kept.autosave_path)  # a table open, its game not kept yet: its lock stays
    try:
        assert in_progress.games_in_progress(save_dir) == []
        assert [p.name for p in locks.iterdir()] == [f"{kept.autosave_path.name}.lock"]
    finally:
        claim.release()


def test_a_finished_game_removes_only_its_own_file(save_dir):
    other = new_table(save_dir, "kill-the-kings", 1, 1)
    other.apply(*bot_move(other))
    session = new_table(save_dir, "kill-the-kings", 2, 1)
    while not session.is_over:
        session.apply(*bot_move(session))
    assert not session.autosave_path.exists()
    assert [g.path for g in in_progress.games_in_progress(save_dir)] == [other.autosave_path]


def test_continue_list_is_newest_first_with_details_and_broken_files_marked(save_dir):
    older = new_table(save_dir, "kill-the-kings", 7, 1)
    for _ in range(5):
        older.apply(*bot_move(older))
    os.utime(older.autosave_path, (time.time() - 3600, time.time() - 3600))
    newer = new_table(save_dir, "psycho-killer", 4, 4)
    for _ in range(9):
        newer.apply(*bot_move(newer))
    broken = save_dir / "in-progress" / "exploding-kittens-broken.json"
    broken.write_text('{"format": "cutthroat-save", "vers', encoding="utf-8")
    os.utime(broken, (time.time() - 7200, time.time() - 7200))

    games = in_progress.games_in_progress(save_dir)
    assert [g.path for g in games] == [newer.autosave_path, older.autosave_path, broken]
    pk, ktk, bad = games
    assert pk.summary.title == "Psycho Killer"
    assert pk.summary.line == "Ana + 3 bots · 9 moves · 0 of 5 Psycho Killers out"
    assert ktk.summary.title == "Kill The Kings · Killer"
    assert ktk.summary.line.startswith("Ana · 5 moves · round 1 of 3 · 0 points")
    assert bad.data is None and bad.summary is None
    assert bad.error.startswith("exploding-kittens-broken.json: not valid JSON") and "\n" not in bad.error
    assert broken.read_text(encoding="utf-8") == '{"format": "cutthroat-save", "vers'  # left as it was


def test_a_version_1_autosave_is_listed(save_dir):
    session = Session("kill-the-kings", {}, 3, [Seat("human", "You")], autosave_path=save_dir / "autosave.json")
    session.apply(*bot_move(session))
    doc = json.loads((save_dir / "autosave.json").read_text())
    doc["version"] = 1  # as format 1 wrote it: no rules revision
    del doc["revision"]
    (save_dir / "autosave.json").write_text(json.dumps(doc), encoding="utf-8")
    (game,) = in_progress.games_in_progress(save_dir)
    assert game.path == save_dir / "autosave.json" and game.resumable
    assert in_progress.is_in_progress(save_dir, game.path)


def test_a_claim_keeps_a_second_window_out_until_released(save_dir):
    session = new_table(save_dir, "kill-the-kings", 7, 1)
    session.apply(*bot_move(session))
    claim = in_progress.claim(session.autosave_path)
    assert claim is not None
    assert in_progress.claim(session.autosave_path) is None  # another window of this process
    assert in_progress.is_claimed(session.autosave_path)
    (game,) = in_progress.games_in_progress(save_dir)
    assert game.open_elsewhere and not game.resumable
    assert "open in another window" in in_progress.delete(session.autosave_path)
    assert session.autosave_path.exists()
    claim.release()
    assert not in_progress.is_claimed(session.autosave_path)
    assert in_progress.delete(session.autosave_path) is None
    assert not session.autosave_path.exists()
    assert not list((save_dir / "in-progress" / ".locks").iterdir())  # the lock went with it


def test_a_claim_holds_against_another_process_and_dies_with_it(save_dir):
    session = new_table(save_dir, "kill-the-kings", 7, 1)
    session.apply(*bot_move(session))
    code = ("import sys, time; from cutthroat import in_progress\n"
            "c = in_progress.claim(sys.argv[1]); print('held' if c else 'busy', flush=True); time.sleep(60)")
    holder = subprocess.Popen([sys.executable, "-c", code, str(session.autosave_path)], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        assert in_progress.is_claimed(session.autosave_path)
        assert in_progress.claim(session.autosave_path) is None
    finally:
        holder.kill()
        holder.wait()
    claim = in_progress.claim(session.autosave_path)  # kill -9 let it go
    assert claim is not None
    claim.release()


PLAYER = """
import sys
from pathlib import Path
from cutthroat import in_progress
from cutthroat.bots import make_bot
from cutthroat.saves import Seat
from cutthroat.session import Session

path = Path(sys.argv[1])
claim = in_progress.claim(path)  # as a table does: this game is ours while we play it
assert claim is not None, "open elsewhere"
if path.exists():
    session = Session.load(path, autosave_path=path)
else:
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, 4)]
    session = Session("psycho-killer", {}, 11, seats, autosave_path=path)
while not session.is_over and sys.stdin.readline():  # one move for each line the test sends
    seat = session.current_seat
    bot = make_bot(session.rules, "random", seed=len(session.log))
    session.apply(bot.choose(session.view(seat), session.legal_actions(seat)), seat)
    print(len(session.log), flush=True)
"""


def reference_log() -> list:
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, 4)]
    session = Session("psycho-killer", {}, 11, seats)
    while not session.is_over:
        session.apply(*bot_move(session))
    return session.log


def moves_until_kept(log) -> int:
    """How many moves of `log` are played before the game is kept (its first human decision)."""
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot{i}", "random") for i in range(1, 4)]
    session = Session("psycho-killer", {}, 11, seats)
    for player, action in log:
        session.apply(action, player)
        if session.kept:
            return len(session.log)
    raise AssertionError("no human decision in the whole game")


def test_kill_9_at_random_moments_loses_at_most_the_last_move(save_dir):
    """A real process plays and is killed -9 at random moments, again and again; each time its
    game loads (never a broken file) with every move it reported done, at most one more; the
    game played on across the kills is the very game played without them. The test lets the
    player make a few moves at a time (a line each), so however slow the machine, every round
    ends in a kill somewhere in those moves, and 16 rounds never reach the end of the game."""
    path = save_dir / "in-progress" / "psycho-killer-crash.json"
    rng = random.Random(20261201)
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    reference = reference_log()
    most_moves, rounds = 16, 16
    assert len(reference) > most_moves * rounds
    kept_from = moves_until_kept(reference)  # before Ana's first decision there is no game to keep
    for _ in range(rounds):
        player = subprocess.Popen([sys.executable, "-c", PLAYER, str(path)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, env=env)
        player.stdin.write("\n" * rng.randint(1, most_moves))
        player.stdin.flush()
        first = player.stdout.readline()  # started playing
        time.sleep(rng.uniform(0.0, 0.01))  # somewhere in its moves, or waiting for more
        player.send_signal(signal.SIGKILL)
        rest = player.stdout.read()  # (not communicate(): it would skip what readline buffered)
        player.stdin.close()
        player.stdout.close()
        assert player.wait() == -signal.SIGKILL
        done = [int(n) for n in (first + rest).split()]
        assert done
        if not path.exists():  # killed before it was a game in progress (or in its first write)
            assert done[-1] <= kept_from
            continue
        data = saves.read(path)  # raises on a broken file
        assert done[-1] <= len(data.log) <= done[-1] + 1
        assert data.log == reference[:len(data.log)]
    if path.exists():  # play the rest without kills
        subprocess.run([sys.executable, "-c", PLAYER, str(path)], input="\n" * len(reference), text=True,
                       stdout=subprocess.DEVNULL, env=env, check=True)
    assert not path.exists()  # the game ended and took its file
    assert not list(path.parent.glob(".*.tmp"))  # and no temp file of a killed write is left



# -- what the lists say ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [g.game_id for g in IMPLEMENTED])
def test_every_game_says_how_far_it_has_gone_in_public_words(game):
    rules = get_rules(game)
    players = rules.min_players if rules.max_players == 1 else 3
    state = rules.new_game(rules.default_config(), 3, players)
    words = rules.progress(state)
    assert words and "\n" not in words and len(words) <= 40
    for seat in range(players):  # only what everyone sees: the same whatever the hidden cards are
        assert rules.progress(rules.scramble(state, None, random.Random(seat))) == words


def test_progress_follows_the_game():
    rules = get_rules("kill-the-kings")
    session = Session("kill-the-kings", {}, 5, [Seat("human", "You")])
    assert rules.progress(session.state) == "round 1 of 3 · 0 points"
    bot = make_bot(rules, "heuristic", seed=1)
    while session.state.round < 2:
        session.apply(bot.choose(session.view(0), session.legal_actions(0)))
    points = session.state.total
    assert rules.progress(session.state) == f"round 2 of 3 · {points} point{'s' * (points != 1)}"


def test_setup_text_names_listed_variants_and_those_off_their_default():
    ktk, ek, kyf, pk = (get_rules(g) for g in ("kill-the-kings", "exploding-kittens", "kill-your-friends",
                                                "psycho-killer"))
    assert saves.setup_text(ktk, {"mode": "killer"}) == "Killer"  # listed: named even at its default
    assert saves.setup_text(ktk, {"mode": "psycho"}) == "Psycho"
    assert saves.setup_text(ek, ek.default_config()) == "Nope Sauce"
    assert saves.setup_text(ek, {**ek.default_config(), "five-different": "off"}) == "Nope Sauce · Five different off"
    assert saves.setup_text(kyf, kyf.default_config()) == ""
    assert saves.setup_text(kyf, {"head-hunter": "5", "co-op": "on"}) == "Co-op · Head Hunter: 5 kills"
    assert saves.setup_text(pk, {"quickie": "on", "edition": "1"}) == "Edition: edition 1 · Quickie"


def test_players_text_counts_bots():
    human, bot = Seat("human", "Ana"), Seat("bot", "Bob", "hard")
    assert saves.players_text([human]) == "Ana"
    assert saves.players_text([human, bot, bot]) == "Ana + 2 bots"
    assert saves.players_text([human, Seat("human", "Cy"), bot]) == "Ana, Cy + 1 bot"
    assert saves.players_text([bot, bot]) == "bots only"


def test_only_the_in_progress_folder_and_the_old_autosave_are_games_in_progress(save_dir):
    assert in_progress.is_in_progress(save_dir, in_progress.new_path(save_dir, "kill-the-kings"))
    assert in_progress.is_in_progress(save_dir, save_dir / "autosave.json")
    assert not in_progress.is_in_progress(save_dir, save_dir / "my-game.json")
    assert not in_progress.is_in_progress(save_dir, REPO / "saves" / "pk-draw-again.json")


# -- the lists' index (save_index) ---------------------------------------------------------------
def kept_games(save_dir: Path, count: int, moves: int = 3) -> list[Session]:
    """`count` Kill The Kings games in progress, `moves` moves each (ages apart: newest last)."""
    sessions = []
    for seed in range(count):
        session = new_table(save_dir, "kill-the-kings", seed, 1)
        for _ in range(moves + seed):
            session.apply(*bot_move(session))
        sessions.append(session)
    return sessions


def summaries(games) -> dict[Path, tuple]:
    return {g.path: (g.modified, g.summary, g.error) for g in games}


def counting_reads(monkeypatch) -> list[Path]:
    """Every `saves.read` from now on, by path."""
    reads, real = [], saves.read
    monkeypatch.setattr(saves, "read", lambda path, *a, **k: reads.append(Path(path)) or real(path, *a, **k))
    return reads


def index_doc(save_dir: Path) -> dict:
    return json.loads((save_dir / "in-progress" / save_index.INDEX).read_text(encoding="utf-8"))


def test_the_index_spares_reading_a_game_that_has_not_changed(save_dir, monkeypatch):
    kept_games(save_dir, 3)
    first = in_progress.games_in_progress(save_dir)  # (each game recorded as it was saved, or read here)
    reads = counting_reads(monkeypatch)
    again = in_progress.games_in_progress(save_dir)
    assert reads == []
    assert summaries(again) == summaries(first) and all(g.summary is not None for g in again)
    assert again[0].data is not None and reads == [again[0].path]  # read when asked for: to resume it


def test_autosaves_keep_the_index_up_to_date(save_dir, monkeypatch):
    (session,) = kept_games(save_dir, 1)
    in_progress.games_in_progress(save_dir)  # the folder has its index from now on
    for _ in range(4):
        session.apply(*bot_move(session))
    more = new_table(save_dir, "kill-the-kings", 9, 1)
    more.apply(*bot_move(more))
    reads = counting_reads(monkeypatch)
    games = in_progress.games_in_progress(save_dir)
    assert reads == []  # each autosave wrote its entry
    fresh = {g.path: g.summary.moves for g in games}
    assert fresh == {session.autosave_path: len(session.log), more.autosave_path: 1}


def test_a_game_changed_behind_the_index_is_read_again(save_dir, monkeypatch):
    one, two = kept_games(save_dir, 2)
    in_progress.games_in_progress(save_dir)
    os.replace(two.autosave_path, one.autosave_path)  # (another program, not through saves.write)
    reads = counting_reads(monkeypatch)
    (game,) = in_progress.games_in_progress(save_dir)
    assert reads == [one.autosave_path]
    assert game.summary.moves == len(two.log)
    assert set(index_doc(save_dir)["files"]) == {one.autosave_path.name}  # the gone one dropped too
    reads.clear()
    assert [g.summary.moves for g in in_progress.games_in_progress(save_dir)] == [len(two.log)] and reads == []


@pytest.mark.parametrize("index", [b"{\"format\": \"cutthroat-save-ind", b"\xff\xfe", b"[]",
                                   b'{"format": "something-else", "version": 1, "files": {}}',
                                   b'{"format": "cutthroat-save-index", "version": 1, "app_version": "0", "files": {}}'])
def test_a_corrupt_or_foreign_index_is_rebuilt_and_every_game_still_shows(save_dir, monkeypatch, index):
    sessions = kept_games(save_dir, 3)
    expected = summaries(in_progress.games_in_progress(save_dir))
    (save_dir / "in-progress" / save_index.INDEX).write_bytes(index)
    reads = counting_reads(monkeypatch)
    assert summaries(in_progress.games_in_progress(save_dir)) == expected
    assert sorted(reads) == sorted(s.autosave_path for s in sessions)
    assert set(index_doc(save_dir)["files"]) == {s.autosave_path.name for s in sessions}  # rebuilt
    reads.clear()
    assert summaries(in_progress.games_in_progress(save_dir)) == expected and reads == []


def test_an_index_entry_that_lies_about_a_file_is_not_trusted(save_dir):
    (session,) = kept_games(save_dir, 1)
    in_progress.games_in_progress(save_dir)
    doc = index_doc(save_dir)
    entry = doc["files"][session.autosave_path.name]
    entry["key"][1] -= 1  # the file is not the one summarized
    entry["summary"][3] = 999
    (save_dir / "in-progress" / save_index.INDEX).write_text(json.dumps(doc), encoding="utf-8")
    (game,) = in_progress.games_in_progress(save_dir)
    assert game.summary.moves == len(session.log)


def test_a_deleted_or_finished_game_disappears_from_the_list_and_the_index(save_dir):
    one, two, three = kept_games(save_dir, 3)
    in_progress.games_in_progress(save_dir)
    assert in_progress.delete(one.autosave_path) is None
    while not two.is_over:
        two.apply(*bot_move(two))
    assert set(index_doc(save_dir)["files"]) == {three.autosave_path.name}
    assert [g.path for g in in_progress.games_in_progress(save_dir)] == [three.autosave_path]
    three.autosave_path.unlink()  # behind its back
    assert in_progress.games_in_progress(save_dir) == []
    assert index_doc(save_dir)["files"] == {}


WRITER = """
import sys
from pathlib import Path
from cutthroat import saves
folder, template, tag, count = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
data = saves.read(template)
print("ready", flush=True)
sys.stdin.readline()  # all start together
for i in range(count):
    saves.write(folder / f"kill-the-kings-{tag}-{i}.json", data)
"""


def test_two_processes_saving_at_once_lose_no_index_entry(save_dir, monkeypatch):
    (session,) = kept_games(save_dir, 1)
    in_progress.games_in_progress(save_dir)
    folder = save_dir / "in-progress"
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(session.autosave_path), tag, "60"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for tag in "ab"]
    for w in writers:
        assert w.stdout.readline() == "ready\n"
    for w in writers:
        w.stdin.write("go\n")
        w.stdin.flush()
    for w in writers:
        assert w.wait(timeout=120) == 0
    names = {session.autosave_path.name} | {f"kill-the-kings-{tag}-{i}.json" for tag in "ab" for i in range(60)}
    assert set(index_doc(save_dir)["files"]) == names
    reads = counting_reads(monkeypatch)
    assert len(in_progress.games_in_progress(save_dir)) == 121 and reads == []


def test_the_index_is_private_and_never_listed_as_a_game(save_dir):
    (session,) = kept_games(save_dir, 1)
    (game,) = in_progress.games_in_progress(save_dir)
    folder = save_dir / "in-progress"
    for name in (save_index.INDEX, save_index.LOCK):
        assert (folder / name).stat().st_mode & 0o777 == 0o600
    assert game.path == session.autosave_path
    assert not list(folder.glob(f".{save_index.INDEX}.*"))  # no temp file left



def test_a_malformed_entry_costs_only_its_own_file_a_read(save_dir, monkeypatch):
    one, two = kept_games(save_dir, 2)
    in_progress.games_in_progress(save_dir)
    doc = index_doc(save_dir)
    doc["files"][one.autosave_path.name]["summary"] = "nonsense"
    (save_dir / "in-progress" / save_index.INDEX).write_text(json.dumps(doc), encoding="utf-8")
    reads = counting_reads(monkeypatch)
    games = in_progress.games_in_progress(save_dir)
    assert reads == [one.autosave_path]
    assert {g.path: g.summary.moves for g in games} == {one.autosave_path: len(one.log), two.autosave_path: len(two.log)}
