"""The host's inline path (`simulate`, tests): with inline workers and nobody listening, bots play
in one loop — no update built, no command queued a move — and exactly the same moves as a table
someone listens to (the general path)."""

from __future__ import annotations

import pytest

from cutthroat.bots import make_bot
from cutthroat.engine.registry import get_rules
from cutthroat.host import InlineWorkers, ManualClock, SeatPort, TableHost
from cutthroat.saves import Seat
from cutthroat.session import Session
from test_host import Flaky

GAMES = ("kill-the-kings", "exploding-kittens", "kill-your-friends", "stab-your-friends", "psycho-killer")


def table(game: str, seed: int, level: str, *, listening: bool, **options) -> tuple[Session, TableHost, list]:
    rules = get_rules(game)
    players = 1 if game == "kill-the-kings" else 4
    session = Session(game, rules.default_config(), seed,
                      [Seat("bot", f"Bot {i + 1}", level) for i in range(players)], undo_allowed=False)
    host = TableHost(session, clock=ManualClock(), workers=InlineWorkers(), max_moves=20_000, **options)
    heard: list = []
    if listening:
        heard.append(host.port(None).listen(heard.append))
    return session, host, heard


def test_a_bots_only_game_nobody_listens_to_is_one_ask_and_no_update(monkeypatch):
    session, host, _ = table("kill-the-kings", 3, "random", listening=False)
    asked, built, views = [], [], []
    monkeypatch.setattr(host, "_ask_bot", lambda *a, f=host._ask_bot: asked.append(a) or f(*a))
    monkeypatch.setattr(host, "_update", lambda *a: built.append(a))
    rules = host.rules
    monkeypatch.setattr(rules, "view", lambda *a, f=rules.view: views.append(a) or f(*a))
    host.start()
    assert session.is_over and len(session.log) > 50
    assert len(asked) == 1, "the first bot was asked through the queue, every later move in the loop"
    assert built == [] and views == [], "nobody listens and the random bot needs no view"
    assert not host._queue


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_the_inline_loop_plays_what_a_listened_table_plays(game, level):
    for seed in (1, 2):
        quiet, quiet_host, _ = table(game, seed, level, listening=False)
        heard, heard_host, updates = table(game, seed, level, listening=True)
        quiet_host.start()
        heard_host.start()
        assert quiet.is_over and heard.is_over
        assert quiet.log == heard.log and quiet.version == heard.version
        assert quiet_host._decisive == heard_host._decisive and quiet_host._held == heard_host._held == []
        assert len(updates) == len(heard.log) + 1 and updates[-1].over


def test_a_failing_bot_nobody_listens_to_is_survived_as_a_listened_one_is(caplog):
    logs, notices = [], []
    for listening in (False, True):
        session = Session("kill-the-kings", {}, 5, [Seat("bot", "Bot", "heuristic")])
        host = TableHost(session, clock=ManualClock(), workers=InlineWorkers(), bots={0: Flaky()})
        if listening:
            host.port(None).listen(lambda update: None)
        with caplog.at_level("ERROR", logger="cutthroat.host"):
            host.start()
        assert session.is_over
        logs.append(session.log)
        notices.append(list(host._notices) if not listening else None)
    assert logs[0] == logs[1]
    assert [title for title, _ in notices[0]] == ["Bot failed", "Bot failed"], "kept for a listener to come"


def test_a_listener_arriving_between_moves_hears_the_next_move():
    """The loop hands over to the general path as soon as a port exists."""
    session, host, _ = table("kill-the-kings", 4, "random", listening=False)
    heard: list = []

    class Listening:
        level = "random"
        needs_view = False

        def __init__(self):
            self.calls = 0

        def choose(self, view, legal):
            self.calls += 1
            if self.calls == 10:  # (from the bot's thread in play; the writer's here)
                port = host._ports[None] = SeatPort(host, None)  # (`listen` would wait for the writer)
                port._listeners.append(heard.append)
            return legal[0]

    host._bots[0] = Listening()
    host.start()
    assert session.is_over
    assert len(heard) == len(session.log) - 9, "every move from the tenth on was told"


@pytest.mark.parametrize("game", ["exploding-kittens", "psycho-killer"])
def test_the_seats_before_an_open_play_are_read_not_replayed(game, monkeypatch):
    """Where a play waits for its choices, who was to act before it is recorded as it starts:
    the same answer as the log replayed, without replaying it (it was a replay a move)."""
    from cutthroat import saves

    checked = 0
    for seed in range(6):
        rules = get_rules(game)
        session = Session(game, rules.default_config(), seed, [Seat("bot", f"B{i}", "random") for i in range(4)],
                          undo_allowed=False)
        bots = {i: make_bot(rules, "random", seed=seed + i)
                for i in range(4)}
        while session.to_act:
            seat = session.to_act[0]
            session.apply(bots[seat].choose(None, session.legal_actions(seat)), seat)
            if session.open_play() is not None:
                replays = []
                monkeypatch.setattr(saves, "replay", lambda *a, f=saves.replay: replays.append(1) or f(*a))
                told = session.settled_to_act()
                assert replays == []
                monkeypatch.undo()
                assert told == rules.to_act(session.settled())
                checked += 1
    assert checked >= 5
