"""A player's requests to the table service are paced: a burst, then a steady rate (a token
bucket a player, `serve/pacing.py`). The attack played: one player floods the service with
requests (reads of the history, renames) over its real socket; past the burst each is answered
"slow down" in one line and does nothing, the connection stays usable, and another player's
requests are answered all along. Counted on a clock of the test's own, never timed."""

from __future__ import annotations

import json
import logging
import socket

from cutthroat.cli import _serve_limits, build_parser
from cutthroat.serve.limits import Limits
from cutthroat.serve.pacing import SLOW_DOWN, RequestPacing
from cutthroat.serve.service import TableService
from helpers_service import Running

LIMITS = Limits(service_request_burst=10, service_requests_per_second=2)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Raw:
    """A hostile client on the service's socket: any lines at once, the replies read back."""

    def __init__(self, running: Running, player: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(60)
        self.sock.connect(str(running.service.socket_path))
        self.lines = self.sock.makefile("rb")
        self.next = 0
        assert self.ask([{"op": "hello", "token": running.service.new_token(player)}])[0]["player"] == player

    def ask(self, requests: list[dict]) -> list[dict]:
        """Every request sent in one write; their replies (in order), pushes left out."""
        ids = []
        for request in requests:
            self.next += 1
            ids.append(self.next)
        self.sock.sendall(b"".join(json.dumps({"id": i, **r}).encode() + b"\n" for i, r in zip(ids, requests)))
        replies = {}
        while len(replies) < len(ids):
            message = json.loads(self.lines.readline())
            if "re" in message:
                replies[message["re"]] = message
        return [replies[i] for i in ids]

    def close(self) -> None:
        self.lines.close()
        self.sock.close()


def paced(running: Running) -> Clock:
    clock = Clock()
    running.service.pacing = RequestPacing(LIMITS.service_requests_per_second, LIMITS.service_request_burst, clock)
    return clock


def slowed(replies: list[dict]) -> list[bool]:
    return [r.get("error") == SLOW_DOWN for r in replies]


def test_a_flood_of_requests_from_one_player_is_paced_while_another_is_answered(tmp_path, caplog):
    running = Running(tmp_path)
    try:
        clock = paced(running)
        mallory, bob = Raw(running, "p-mallory"), running.client("p-bob", "Bob")
        ops = ["results", "daily", "tables", "no-such-op"]
        with caplog.at_level(logging.INFO, logger="cutthroat.serve"):
            flood = mallory.ask([{"op": ops[i % len(ops)]} for i in range(200)])
            assert slowed(flood) == [False] * 10 + [True] * 190  # (the burst, then nothing)
            assert "results" in flood[0] and "games" in flood[1] and "tables" in flood[2]
            assert flood[3]["error"] == "take a seat first"  # (an op it doesn't know is paced too)
            for _ in range(3):  # (meanwhile another player is answered, every time)
                assert bob.request("results") == {"re": bob._next, "results": []}
                assert bob.request("daily")["games"]
            assert slowed(mallory.ask([{"op": "results"}] * 5)) == [True] * 5  # (still over: a flood goes on)
            clock.now += 1.0  # (a second: two more)
            assert slowed(mallory.ask([{"op": "results"}] * 5)) == [False, False, True, True, True]
            clock.now += 60.0  # (calm for a minute: the burst again, never more)
            assert slowed(mallory.ask([{"op": "tables"}] * 12)) == [False] * 10 + [True] * 2
        told = [r.getMessage() for r in caplog.records if "paced the requests" in r.getMessage()]
        assert told == [told[0]] * 2 and "p-mallory" in told[0]  # (once a flood, not once a request)
        mallory.close()
    finally:
        running.stop()


def test_a_paced_rename_or_table_changes_nothing_and_the_connection_goes_on(tmp_path):
    running = Running(tmp_path)
    try:
        clock = paced(running)
        mallory = Raw(running, "p-mallory")
        renames = mallory.ask([{"op": "name", "name": f"M{i}"} for i in range(30)])
        assert slowed(renames) == [False] * 10 + [True] * 20
        assert running.service.store.name("p-mallory") == "M9"  # (the last one answered)
        made = mallory.ask([{"op": "create", "game": "kill-your-friends", "config": {},
                             "seats": [{"kind": "human"}, {"kind": "human"}]}])
        assert slowed(made) == [True] and not running.service.tables
        clock.now += 0.5  # (one more)
        made = mallory.ask([{"op": "create", "game": "kill-your-friends", "config": {},
                             "seats": [{"kind": "human"}, {"kind": "human"}]}])[0]
        assert list(running.service.tables) == [made["code"]]
        mallory.close()
    finally:
        running.stop()


def test_a_seated_players_game_and_a_lobby_told_of_a_change_are_not_paced(tmp_path):
    """What the server asked for is answered: a lobby told the list may read differently gets
    its next list, results and leaderboards even when paced (once a telling); a seated player's
    moves and hints are the game's to pace."""
    running = Running(tmp_path)
    try:
        clock = paced(running)
        ana, bob = Raw(running, "p-ana"), running.client("p-bob", "Bob")
        assert not any(slowed(ana.ask([{"op": "watch_tables"}] + [{"op": "results"}] * 9)))
        assert slowed(ana.ask([{"op": "tables"}])) == [True]
        bob.request("create", game="kill-your-friends", config={}, seats=[{"kind": "human"}, {"kind": "human"}])
        while True:  # (the telling: a push, read before the asks it invites)
            message = json.loads(ana.lines.readline())
            if message.get("lobby") == "tables":
                break
        told = ana.ask([{"op": "tables"}, {"op": "results"}, {"op": "daily"}, {"op": "tables"}])
        assert slowed(told) == [False, False, False, True]
        assert len(told[0]["tables"]) == 1
        code = told[0]["tables"][0]["code"]
        seated = ana.ask([{"op": "join", "code": code}])  # (paced: a lobby's own ask)
        assert slowed(seated) == [True]
        clock.now += 0.5
        seated = ana.ask([{"op": "join", "code": code}])[0]
        assert seated["seat"] is not None and "hello" in seated
        game = ana.ask([{"op": "history"}, {"op": "hint"}, {"op": "undo"}] * 10)  # (the game's own: not paced)
        assert not any(slowed(game))
        ana.close()
    finally:
        running.stop()


def test_the_pace_is_a_limit_with_its_flags(tmp_path):
    service = TableService(tmp_path)
    try:
        assert (service.pacing.burst, service.pacing.per_second) == (40, 4)  # (Limits' defaults)
    finally:
        service.store.close()
        service.workers.close()
        service._timers.close()
    args = build_parser().parse_args(["serve", "--service-request-burst", "5", "--service-requests-per-second", "1"])
    limits = _serve_limits(args)
    assert (limits.service_request_burst, limits.service_requests_per_second) == (5, 1)
    assert (Limits().service_request_burst, Limits().service_requests_per_second) == (40, 4)
