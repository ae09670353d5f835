"""The history of finished games: schema and migrations, the store, records, the daily deal."""

from __future__ import annotations

import json
import sqlite3
from datetime import date

import pytest
from helpers_history import fg, ktk_session, play_out

from cutthroat import saves
from cutthroat.engine.registry import IMPLEMENTED, get_rules
from cutthroat.history import daily, records, schema
from cutthroat.history.model import Seat
from cutthroat.history.recorder import recorder
from cutthroat.history.schema import HistoryError
from cutthroat.history.store import History
from cutthroat.saves import Seat as SaveSeat
from cutthroat.session import Session


# -- schema ------------------------------------------------------------------------------------------
def test_a_new_file_is_at_the_latest_version_in_wal(tmp_path):
    with History.open(tmp_path / "h.sqlite3", keep=True) as h:
        assert h._db.execute("PRAGMA user_version").fetchone()[0] == schema.VERSION
        assert h._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert oct((tmp_path / "h.sqlite3").stat().st_mode & 0o777) == "0o600"


@pytest.mark.parametrize("start", range(schema.VERSION))
def test_migrates_from_every_earlier_version(tmp_path, start):
    path = tmp_path / "h.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    schema.migrate(db, to=start)
    if start >= 1:  # a game kept by that version survives the migration
        db.execute("INSERT INTO games (game_id, game, options, seats, humans, result, moves, duration_s, finished_at)"
                   " VALUES ('old', 'kill-the-kings', '{\"mode\": \"killer\"}', '[{\"name\": \"Ana\", \"kind\": \"human\"}]',"
                   " '[0]', '{\"winners\": [0], \"scores\": [9]}', 40, 60.0, '2026-01-01T00:00:00.000000+00:00')")
        db.execute("INSERT INTO documents VALUES (1, '{}')")
        db.execute("INSERT INTO games (game_id, game, options, seats, humans, result, moves, duration_s, finished_at)"
                   " VALUES ('old-2', 'psycho-killer', '{}', '[{\"name\": \"Ana\", \"kind\": \"human\"}, {\"name\":"
                   " \"Rex\", \"kind\": \"bot\", \"level\": \"hard\"}]', '[0]', '{\"winners\": [1], \"placements\":"
                   " [2, 1], \"scores\": [9, 3]}', 40, 60.0, '2026-01-02T00:00:00.000000+00:00')")
        if start >= 6:  # (from version 6 on, Cutthroat writes a game's facts as it keeps it)
            schema._facts(db)
    db.close()
    with History.open(path, keep=True) as h:
        assert h._db.execute("PRAGMA user_version").fetchone()[0] == schema.VERSION
        kept = h.games()
        assert [g.game_id for g in kept] == (["old-2", "old"] if start >= 1 else [])
        if kept:
            assert kept[1].counted and kept[1].daily is None and kept[1].scores == [9]
        assert h.record(fg(when="2026-02-01T00:00:00")) is not None
        # the games kept before are summed from their light rows as from the whole games
        assert h.facts("kill-the-kings") == records.entries(h.games(), "kill-the-kings")
        assert len(h.facts("kill-the-kings")) == (2 if start >= 1 else 1)
        assert h.facts("psycho-killer") == records.entries(h.games(), "psycho-killer")
        if start >= 1:
            assert [(f.won, f.place, f.levels) for f in h.facts("psycho-killer")] == [(False, 2, ("hard",))]
            assert h.player_names("psycho-killer") == ["Ana"] and h.modes("psycho-killer") == {""}


@pytest.mark.parametrize("content", [b"this is not sqlite at all\n" * 10,
                                     b"SQLite format 3\x00" + b"\xff" * 4000])
def test_a_file_it_cannot_read_is_refused_and_left_untouched(tmp_path, content):
    path = tmp_path / "h.sqlite3"
    path.write_bytes(content)
    with pytest.raises(HistoryError) as caught:
        History.open(path, keep=True)
    assert "\n" not in str(caught.value) and "left as it is" in str(caught.value)
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.sqlite3"]


def test_a_newer_version_or_foreign_tables_are_refused(tmp_path):
    newer = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(newer)
    db.execute(f"PRAGMA user_version = {schema.VERSION + 1}")
    db.close()
    with pytest.raises(HistoryError, match="newer Cutthroat"):
        History.open(newer, keep=True)
    other = tmp_path / "other.sqlite3"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE mine (x)")
    db.commit()
    db.close()
    before = other.read_bytes()
    with pytest.raises(HistoryError, match="other tables"):
        History.open(other, keep=True)
    assert other.read_bytes() == before


# -- the store ---------------------------------------------------------------------------------------
def test_record_once_per_game_id_and_newest_first(tmp_path):
    with History.open(tmp_path / "h.sqlite3", keep=True) as h:
        a = h.record(fg(when="2026-11-01T10:00:00", game_id="a", score=5))
        b = h.record(fg(when="2026-11-02T10:00:00", game_id="b", score=8))
        assert h.record(fg(when="2026-11-03T10:00:00", game_id="a", score=9)) == a
        assert [g.id for g in h.games()] == [b, a]
        assert h.get(a).scores == [5]
        assert [g.game_id for g in h.games(since=date(2026, 11, 2))] == ["b"]
        assert [g.game_id for g in h.games(until=date(2026, 11, 1))] == ["a"]
        assert h.games(game="psycho-killer") == []
        assert h.delete(a) and not h.delete(a)
        assert h.delete_all() == 1 and h.games() == []


def test_record_returns_none_with_keep_history_off(tmp_path, write_settings):
    with History.open(tmp_path / "h.sqlite3", keep=False) as h:
        assert h.record(fg()) is None and h.games() == []
    write_settings(keep_history=False)
    with History.open(tmp_path / "h.sqlite3") as h:  # (the player's setting)
        assert h.record(fg()) is None
    write_settings(keep_history=True)
    with History.open(tmp_path / "h.sqlite3") as h:
        assert h.record(fg()) is not None


def test_export_import_round_trip(tmp_path):
    session = play_out(ktk_session(seed=3))
    with History.open(tmp_path / "a.sqlite3", keep=True) as h:
        h.record(session.finished_game())
        h.record(fg(when="2026-11-05T10:00:00", daily="2026-11-05", game_id="d1"))
        h.record(fg(when="2026-11-05T11:00:00", daily="2026-11-05", game_id="d2"))
        rows = json.loads(json.dumps(h.export_rows()))
    with History.open(tmp_path / "b.sqlite3", keep=True) as h2:
        assert h2.import_rows(rows) == (3, 0, [])
        assert h2.import_rows(rows) == (0, 3, [])
        assert [r | {"id": 0} for r in h2.export_rows()] == [r | {"id": 0} for r in rows]
        assert [g.counted for g in h2.games()] == [True, False, True]  # (newest first: the played one, d2, d1)
        assert h2.import_rows([{"nope": 1}])[2][0].startswith("row 1: not a finished game")


# -- a session's game recorded ---------------------------------------------------------------------
def test_a_session_records_its_game_once_and_the_document_replays(tmp_path):
    path = tmp_path / "h.sqlite3"
    session = play_out(ktk_session(seed=11, recorder=recorder(path, keep=True)))
    assert session.recorded is not None
    with History.open(path, keep=True) as h:
        (kept,) = h.games()
        game = h.get(kept.id)
    assert game.game_id == session.game_id and game.moves == len(session.log)
    assert game.scores == session.result().scores and game.humans == (0,)
    assert game.seats == (Seat("Ana", "human"),)
    replayed = saves.parse(json.dumps(game.document).encode())
    state = saves.replay(session.rules, replayed.config, replayed.seed, 1, replayed.log)
    assert session.rules.result(state).scores == game.scores
    assert session.rules.result(state).details == session.result().details


# -- records -----------------------------------------------------------------------------------------
def test_ktk_records_from_a_hand_built_history():
    games = [
        fg(when="2026-11-01T10:00:00", score=8, won=True, round_points=(3, 3, 1)),             # killer, win
        fg(when="2026-11-02T10:00:00", score=12, won=True, mode="psycho", round_points=(6, 3, 3)),  # psycho win
        fg(when="2026-11-03T10:00:00", score=4, won=False, round_points=(1, 3, 0)),             # killer loss
        fg(when="2026-11-04T10:00:00", score=7, won=True, round_points=(3, 3, 1)),              # killer win
        fg(when="2026-11-05T10:00:00", score=12, won=True, mode="psycho", round_points=(6, 6, 0)),  # psycho win
        fg(when="2026-11-06T10:00:00", score=0, won=False, daily="2026-11-06", counted=False),  # not counted
    ]
    every = records.records(games, "kill-the-kings")
    assert (every.played, every.won, every.streak, every.best_streak) == (5, 4, 2, 2)
    assert every.win_rate == pytest.approx(0.8)
    assert (every.best_score, every.best_score_date) == (12, "2026-11-02")
    assert every.mean_score == {"killer": pytest.approx(19 / 3, abs=0.01), "psycho": 12.0}
    assert every.killer_rate == pytest.approx(4 / 5) and every.psycho_rate == pytest.approx(2 / 5)
    # kings: (2+2+1) + (3+2+2) + (1+2+0) + (2+2+1) + (3+3+0) = 26 in 15 rounds
    assert every.kings_per_round == pytest.approx(26 / 15, abs=0.01)
    assert every.last_scores == (8, 12, 4, 7, 12)
    killer = records.records(games, "kill-the-kings", mode="killer")
    assert (killer.played, killer.won, killer.streak, killer.best_streak) == (3, 2, 1, 1)
    psycho = records.records(games, "kill-the-kings", mode="psycho")
    assert (psycho.streak, psycho.best_streak) == (2, 2)


def test_multi_player_records_by_level_seat_and_hot_seat_names():
    ana, bob = Seat("Ana", "human"), Seat("Bob", "human")
    heur, hard = Seat("Rex", "bot", "heuristic"), Seat("Mia", "bot", "hard")
    g = "psycho-killer"
    games = [
        fg(g, when="2026-11-01T10:00:00", seats=(ana, heur, hard), winners=[0], placements=[1, 2, 3], mode=""),
        fg(g, when="2026-11-02T10:00:00", seats=(heur, ana, hard), humans=(1,), winners=[2], placements=[3, 2, 1],
           mode=""),
        fg(g, when="2026-11-03T10:00:00", seats=(ana, heur), winners=[0], placements=[1, 2], mode=""),
        # hot-seat: Ana and Bob; Bob wins
        fg(g, when="2026-11-04T10:00:00", seats=(ana, bob, hard), humans=(0, 1), winners=[1], placements=[3, 1, 2],
           mode=""),
    ]
    home = records.records(games, g)
    assert (home.played, home.won, home.streak, home.best_streak) == (4, 3, 2, 2)
    assert home.vs_level == {"heuristic": (2, 3), "hard": (2, 3)}
    assert home.wins_by_seat == {1: (2, 2), 2: (1, 2)}  # the hot-seat game: Bob's seat 2 (best placed)
    assert home.average_placement == pytest.approx((1 + 2 + 1 + 1) / 4)
    assert home.last_places == (1, 2, 1, 1)  # (the chart's, oldest first)
    ana_only = records.records(games, g, player="ana")
    assert (ana_only.played, ana_only.won, ana_only.streak, ana_only.best_streak) == (4, 2, 0, 1)
    assert ana_only.vs_level == {"hard": (1, 3), "heuristic": (2, 3)}
    assert ana_only.average_placement == pytest.approx((1 + 2 + 1 + 3) / 4)
    assert ana_only.last_places == (1, 2, 1, 3)
    bob_only = records.records(games, g, player="Bob")
    assert (bob_only.played, bob_only.won, bob_only.wins_by_seat) == (1, 1, {2: (1, 1)})
    assert records.players(games) == ["Ana", "Bob"]


# -- the daily deal ----------------------------------------------------------------------------------
def test_daily_seed_is_documented_and_differs_by_game_and_day():
    import hashlib

    seed = daily.daily_seed("kill-the-kings", date(2026, 12, 3))
    expected = int.from_bytes(hashlib.sha256(b"cutthroat-daily|kill-the-kings|2026-12-03").digest()[:8], "big") >> 1
    assert seed == expected == daily.daily_seed("kill-the-kings", "2026-12-03")  # any machine: no state
    assert seed != daily.daily_seed("kill-the-kings", "2026-12-04")
    assert seed != daily.daily_seed("psycho-killer", "2026-12-03")
    assert 0 <= seed < 2 ** 63
    assert daily.daily_setup("psycho-killer", "2026-12-03").bots == daily.DAILY_BOTS["psycho-killer"]


def test_a_second_attempt_at_the_daily_is_kept_but_not_counted(tmp_path):
    with History.open(tmp_path / "h.sqlite3", keep=True) as h:
        assert daily.daily_status(h, "kill-the-kings", "2026-12-03").text == "not yet played"
        first = h.record(fg(when="2026-12-03T08:00:00", daily="2026-12-03", score=8, game_id="one"))
        second = h.record(fg(when="2026-12-03T09:00:00", daily="2026-12-03", score=12, game_id="two"))
        assert h.get(first).counted and not h.get(second).counted
        status = daily.daily_status(h, "kill-the-kings", "2026-12-03")
        assert status.played.id == first and status.attempts == 2 and status.text == "played: 8 points"
        assert records.records(h.games(), "kill-the-kings").played == 1


def test_share_line_unicode_and_ascii():
    session = play_out(ktk_session(seed=daily.daily_seed("kill-the-kings", "2026-12-03"), daily="2026-12-03"))
    game = session.finished_game()
    points = game.scores[0]
    line = daily.share_line(game)
    assert line.startswith(f"Cutthroat · Kill The Kings · 2026-12-03 · {points} point")
    assert " R1 " in line and " R3 " in line
    plain = daily.share_line(game, ascii=True)
    assert plain.isascii() and plain.startswith("Cutthroat | Kill The Kings | 2026-12-03 | ")
    assert "♠" not in plain
    kings = daily.kings_by_round(game)
    assert sum(len(r) for r in kings) == sum(records.ROUND_POINTS.index(p)
                                             for p in game.result["details"]["round_points"])


def test_a_servers_daily_seed_is_secret_until_the_day_is_over(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    seed = daily.server_daily_seed(one, "psycho-killer", "2026-12-03")
    assert oct((one / daily.SECRET_FILE).stat().st_mode & 0o777) == "0o600"
    assert seed == daily.server_daily_seed(one, "psycho-killer", "2026-12-03")  # kept
    assert seed != daily.daily_seed("psycho-killer", "2026-12-03")  # not the public derivation
    assert seed != daily.server_daily_seed(two, "psycho-killer", "2026-12-03")  # another secret, another deal
    assert seed != daily.server_daily_seed(one, "psycho-killer", "2026-12-04")
    assert daily.revealed_day_key(one, "2026-12-03", today="2026-12-03") is None
    key = daily.revealed_day_key(one, "2026-12-03", today="2026-12-04")
    assert daily.seed_from_day_key(key, "psycho-killer") == seed


@pytest.mark.parametrize("game", [g.game_id for g in IMPLEMENTED])
def test_every_games_recorded_document_replays_to_its_result(tmp_path, game):
    rules = get_rules(game)
    players = 1 if rules.max_players == 1 else 3
    seats = [SaveSeat("human", "Ana")] + [SaveSeat("bot", f"Bot{i}", "random") for i in range(1, players)]
    session = play_out(Session(game, {}, 7, seats, recorder=recorder(tmp_path / "h.sqlite3", keep=True)))
    with History.open(tmp_path / "h.sqlite3", keep=True) as h:
        kept = h.get(session.recorded)
    data = saves.parse(json.dumps(kept.document).encode())
    replayed = rules.result(saves.replay(rules, data.config, data.seed, len(data.seats), data.log, None, data.base))
    assert (replayed.winners, replayed.scores) == (kept.result["winners"], kept.result["scores"])
    assert kept.moves == len(data.log) and kept.humans == (0,) and len(kept.placements) == players
    assert all(kept.placements[w] == 1 for w in kept.winners)


def test_a_daily_deal_begun_and_dropped_was_the_days_attempt(tmp_path):
    """Begun (its first move), seen and dropped: a second try at the same deal isn't counted,
    while the first, finished later, is."""
    path = tmp_path / "h.sqlite3"
    today = "2026-12-03"
    seed = daily.daily_seed("kill-the-kings", today)
    first = ktk_session(seed=seed, daily=today, recorder=recorder(path, keep=True))
    bot_moves = play_out(ktk_session(seed=seed)).log
    first.apply(bot_moves[0][1], 0)  # begun
    with History.open(path, keep=True) as h:
        status = daily.daily_status(h, "kill-the-kings", today)
        assert (status.text, status.counts, status.begun) == ("begun, not finished", False, 1)
    second = play_out(ktk_session(seed=seed, daily=today, recorder=recorder(path, keep=True)))
    play_out(first)
    with History.open(path, keep=True) as h:
        assert not h.get(second.recorded).counted and h.get(first.recorded).counted
        status = daily.daily_status(h, "kill-the-kings", today)
        assert status.played.game_id == first.game_id and status.attempts == 2 and status.begun == 2
        assert daily.daily_status(h, "kill-the-kings", "2026-12-04").counts


def test_games_read_again_see_every_change_from_any_connection(tmp_path):
    path = tmp_path / "h.sqlite3"
    with History.open(path, keep=True) as mine, History.open(path, keep=True) as other:
        mine.record(fg(game_id="a", when="2026-11-01T10:00:00"))
        assert [g.game_id for g in mine.games()] == ["a"]
        assert mine.games() == mine.games()  # (read once: the file hasn't changed)
        other.record(fg(game_id="b", when="2026-11-02T10:00:00"))  # another window's game
        assert [g.game_id for g in mine.games()] == ["b", "a"]
        mine.delete(mine.find("a").id)
        assert [g.game_id for g in mine.games()] == ["b"]
        other.delete_all()
        assert mine.games() == []


def test_a_link_where_the_history_should_be_is_not_followed(tmp_path):
    target = tmp_path / "elsewhere.sqlite3"
    with History.open(target, keep=True) as h:
        h.record(fg())
    before = target.read_bytes()
    link = tmp_path / "history.sqlite3"
    link.symlink_to(target)
    with pytest.raises(HistoryError, match="a link, not followed"):
        History.open(link, keep=True)
    assert target.read_bytes() == before


def test_the_history_lives_in_the_players_data_folder(tmp_path, monkeypatch):
    from cutthroat import paths

    assert paths.history_path(tmp_path / "mine") == tmp_path / "mine" / "history.sqlite3"  # --save-dir
    monkeypatch.setenv("CUTTHROAT_SAVE_DIR", str(tmp_path / "saves"))  # (a server's player: their folder)
    assert paths.history_path() == tmp_path / "saves" / "history.sqlite3"
    monkeypatch.delenv("CUTTHROAT_SAVE_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.history_path() == tmp_path / "data" / "cutthroat" / "history.sqlite3"  # beside saves/
    assert paths.save_dir() == tmp_path / "data" / "cutthroat" / "saves"


@pytest.mark.parametrize("game", [g.game_id for g in IMPLEMENTED])
def test_every_games_daily_deal_is_playable_and_recorded_as_the_days(tmp_path, game):
    setup = daily.daily_setup(game, "2026-12-03")
    seats = daily.daily_seats(game, "Ana")
    assert [s.level for s in seats[1:]] == list(daily.DAILY_BOTS.get(game, ()))
    session = play_out(Session(game, setup.config, setup.seed, seats, daily=setup.date,
                               recorder=recorder(tmp_path / "h.sqlite3", keep=True)))
    with History.open(tmp_path / "h.sqlite3", keep=True) as h:
        status = daily.daily_status(h, game, "2026-12-03")
        assert status.played.id == session.recorded and status.played.daily == "2026-12-03"
        from cutthroat.engine.registry import game_info
        assert daily.share_line(status.played).startswith(f"Cutthroat · {game_info(game).name} · 2026-12-03 · ")
