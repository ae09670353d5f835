"""Records read from the history's light rows (each game's mode and home-side fact, kept beside
it) equal the records worked out from the whole games, over random histories of records, deletes
and imports."""

from __future__ import annotations

import tempfile
from pathlib import Path

from helpers_history import fg
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cutthroat.history import records
from cutthroat.history.model import Seat
from cutthroat.history.store import History

SEATS = [(Seat("Ana", "human"),), (Seat("Ana", "human"), Seat("Rex", "bot", "hard")),
         (Seat("Ana", "human"), Seat("Bob", "human"), Seat("Mia", "bot", "heuristic")),
         (Seat("Rex", "bot", "easy"), Seat("ana", "human"), Seat("Zed", "bot", "hard, or odd"))]


@st.composite
def a_game(draw, n: int):
    game = draw(st.sampled_from(["kill-the-kings", "exploding-kittens", "psycho-killer"]))
    day = draw(st.integers(1, 28))
    when = f"2026-11-{day:02d}T{draw(st.integers(0, 23)):02d}:00:00"
    if game == "kill-the-kings":
        score = draw(st.integers(0, 16))
        return fg(game, when=when, score=score, won=score >= 7, mode=draw(st.sampled_from(["killer", "psycho"])),
                  round_points=draw(st.lists(st.sampled_from([0, 1, 3, 6, 10]), max_size=3)),
                  daily=draw(st.sampled_from([None, f"2026-11-{day:02d}"])), game_id=f"g{n}")
    seats = draw(st.sampled_from(SEATS[1:]))
    humans = tuple(i for i, s in enumerate(seats) if s.kind == "human")
    order = draw(st.permutations(range(len(seats))))
    winners = [order[0]] if draw(st.booleans()) else []
    return fg(game, when=when, seats=seats, humans=humans, winners=winners,
              placements=[order.index(q) + 1 for q in range(len(seats))], scores=[0] * len(seats),
              mode=draw(st.sampled_from(["", "nope-sauce"])) if game == "exploding-kittens" else "",
              counted=draw(st.booleans()), game_id=f"g{n}")


@st.composite
def histories(draw):
    steps = []
    for n in range(draw(st.integers(0, 14))):
        steps.append((draw(st.sampled_from(["record", "record", "import", "delete"])), draw(a_game(n))))
    return steps


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories())
def test_records_from_light_rows_equal_records_from_whole_games(steps):
    with tempfile.TemporaryDirectory() as tmp, History.open(Path(tmp) / "h.sqlite3", keep=True) as h:
        for what, game in steps:
            if what == "record":
                h.record(game)
            elif what == "import":
                h.import_rows([game.to_json()])
            else:
                kept = h.games()
                if kept:
                    h.delete(kept[len(kept) // 2].id)
        games = h.games()
        for game_id in ("kill-the-kings", "exploding-kittens", "psycho-killer"):
            facts = h.facts(game_id)
            assert facts == records.entries(games, game_id)
            assert h.player_names(game_id) == records.players(g for g in games if g.game == game_id)
            assert h.modes(game_id) == {g.mode for g in games if g.game == game_id}
            for mode in [None, *h.modes(game_id)]:
                assert records.summed([f for f in facts if mode is None or f.mode == mode], game_id, mode) == \
                    records.records(games, game_id, mode)


def test_records_knows_kill_the_kings_targets_as_its_rules_have_them():
    from cutthroat.games.kill_the_kings.cards import TARGETS

    assert records.TARGETS == TARGETS
