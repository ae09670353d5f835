"""Game reviews kept with the game in the history (schema 6 → 7, the `reviews` table): written whole
when complete, read back instead of made again, gone with their game; a cancelled review leaves
nothing."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from helpers_history import fg
from helpers_review import blunder_document

from cutthroat.history import schema
from cutthroat.history.store import History
from cutthroat.review import REVIEW_VERSION, Review, ReviewCancelled
from cutthroat.review.cache import cached_review, run_review


def test_migration_6_to_7_keeps_the_games_and_adds_an_empty_reviews_table(tmp_path):
    path = tmp_path / "h.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    schema.migrate(db, to=6)
    db.execute("INSERT INTO games (game_id, game, options, seats, humans, result, moves, duration_s, finished_at)"
               " VALUES ('before', 'kill-the-kings', '{\"mode\": \"killer\"}', '[{\"name\": \"Ana\", \"kind\":"
               " \"human\"}]', '[0]', '{\"winners\": [0], \"scores\": [9]}', 40, 60.0,"
               " '2026-01-01T00:00:00.000000+00:00')")
    db.close()
    with History.open(path, keep=True) as h:
        id = h.games()[0].id
        assert h._db.execute("PRAGMA user_version").fetchone()[0] == schema.VERSION == 7
        assert [g.game_id for g in h.games()] == ["before"]
        assert h._db.execute("SELECT count(*) FROM reviews").fetchone()[0] == 0
        assert h.keep_review(id, 0, 16, REVIEW_VERSION, {"x": 1})
        assert h.review(id, 0, 16, REVIEW_VERSION) == {"x": 1}
        assert h.review(id, 0, 16, REVIEW_VERSION + 1) is None and h.review(id, 1, 16, REVIEW_VERSION) is None
        assert not h.keep_review(id + 1, 0, 16, REVIEW_VERSION, {"x": 1})  # no such game
        h.delete(id)
        assert h._db.execute("SELECT count(*) FROM reviews").fetchone()[0] == 0


def _kept_game(h: History):
    document, _ = blunder_document("kill-your-friends", after=6, before=10)
    from dataclasses import replace

    id = h.record(replace(fg("kill-your-friends", game_id="kyf"), document=document))
    return h.get(id)


def test_a_complete_review_is_kept_and_read_back_instead_of_made_again(tmp_path, monkeypatch):
    with History.open(tmp_path / "h.sqlite3", keep=True) as h:
        game = _kept_game(h)
        assert cached_review(h, game, 0, 16) is None
        made = run_review(h, game, 0, 16)
        assert cached_review(h, game, 0, 16) == made
        monkeypatch.setattr("cutthroat.review.cache.review_game",
                            lambda *a, **k: pytest.fail("a kept review was made again"))
        assert run_review(h, game, 0, 16) == made
        assert isinstance(made, Review) and made.decisions


def test_a_cancelled_review_leaves_nothing_in_the_history(tmp_path):
    with History.open(tmp_path / "h.sqlite3", keep=True) as h:
        game = _kept_game(h)
        cancel = threading.Event()

        def halfway(done: int, total: int) -> None:
            if done == total // 2:
                cancel.set()
        with pytest.raises(ReviewCancelled):
            run_review(h, game, 0, 16, progress=halfway, cancel=cancel)
        assert h._db.execute("SELECT count(*) FROM reviews").fetchone()[0] == 0
        assert cached_review(h, game, 0, 16) is None
