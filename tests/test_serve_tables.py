"""The table service against a hostile player, headless (real Unix sockets, app-side clients):
the deal's seed is the server's and told to nobody before game over; names are checked; one
player's tables are capped, closable and expire; tables cost no threads of their own; honest
players' slips (a maker whose first seat is a bot, a player who never came) are handled."""

from __future__ import annotations

import json
import threading
import time

import pytest

from cutthroat.engine.codec import encode
from cutthroat.serve import service as service_module
from cutthroat.serve.client import RemotePort, ServiceError
from cutthroat.serve.store import Store
from helpers_service import Running, seated, two_at_a_table, wait

ONE_HUMAN = [{"kind": "human"}, {"kind": "bot", "level": "random", "name": "Cy"}]


def test_the_seed_is_the_servers_and_no_seat_or_spectator_is_told_it_before_game_over(tmp_path):
    """Ana asks for seed 7: the server deals its own. Nothing Ana, Bob or a spectator receives
    holds the seed, or the state's random generator, until the update that ends the game."""
    running = Running(tmp_path, test_seed=424242)
    try:
        bob, (ana_port, ana_heard), (bob_port, bob_heard), code = two_at_a_table(running, seed=7)
        table = running.service.tables[code]
        session = table.host.session
        assert table.seed == 424242 and session.seed == 424242, "the server's seed, not the one asked for"
        watcher = running.client("p-cy", "Cy")
        watched = RemotePort(watcher, watcher.request("watch", code=code))
        seen: list = []
        watched.listen(seen.append)
        secrets_ = {str(session.seed), str(session.rules.encode_state(session.state).get("rng"))}
        joined = [json.dumps(port.table.to_json()) for port in (ana_port, bob_port, watched)]
        assert all("seed" not in port.table.to_json() for port in (ana_port, bob_port, watched))
        end = time.monotonic() + 180
        while not session.is_over:  # play it out: each seat moves from its own latest update
            assert time.monotonic() < end, "the game did not end"
            for port, heard in ((ana_port, ana_heard), (bob_port, bob_heard)):
                latest = heard[-1] if heard else None
                if latest is not None and latest.legal and not latest.over:
                    port.submit(latest.legal[0])
            time.sleep(0.01)
        wait(lambda: session.is_over and seen and seen[-1].over and ana_heard[-1].over and bob_heard[-1].over)
        before_end = [u for heard in (ana_heard, bob_heard, seen) for u in heard if not u.over]
        wire = joined + [json.dumps(u.to_json()) for u in before_end]
        history = watched.history() + ana_port.history()
        assert before_end and all(u.seed is None for u in before_end)
        for text in wire:
            for secret in secrets_:
                assert f": {secret}," not in text and f": {secret}}}" not in text and f"[{secret}" not in text
        assert history  # (events never hold a seed: they are the game's moves)
        assert {u.seed for heard in (ana_heard, bob_heard, seen) for u in heard if u.over} == {424242}
    finally:
        running.stop()


def test_a_table_made_without_the_test_option_gets_a_fresh_secret_seed(tmp_path):
    running = Running(tmp_path, test_seed=None)
    try:
        ana = running.client("p-ana", "Ana")
        seeds = {running.service.tables[ana.request("create", game="kill-your-friends", config={}, seed=1,
                                                    seats=ONE_HUMAN)["code"]].seed for _ in range(3)}
        assert len(seeds) == 3 and 1 not in seeds and max(seeds) >= 1 << 32  # (63 random bits: no trying them all)
    finally:
        running.stop()


HOSTILE_NAMES = ["\x1b[31mred", "a\u009b31m", "osc\u009d0;x", "\u202eevil", "zero\u200bw", "x" * 11, "", "a\nb"]


def test_hostile_names_are_refused_everywhere_a_name_enters_and_markup_is_only_text(tmp_path):
    running = Running(tmp_path)
    try:
        ana = running.client("p-ana", "Ana")
        for name in HOSTILE_NAMES:
            with pytest.raises(ServiceError) as info:
                ana.request("name", name=name)
            assert "\n" not in str(info.value) and "name" in str(info.value)
            seats = [{"kind": "human"}, {"kind": "bot", "level": "random", "name": name or 5}]
            with pytest.raises(ServiceError, match="seat 2"):
                ana.request("create", game="kill-your-friends", config={}, seats=seats)
        hostile_fields = [  # every other text field of a new table
            {"game": "[/]\x1b[2J"}, {"game": "kill-your-friends", "config": {"\x1b]0;x\x07": "[/]"}},
            {"game": "kill-your-friends", "config": {"sudden-death": "\u202e[b]"}},
            {"game": "kill-your-friends", "config": ["[/]"]}, {"game": "kill-your-friends", "seats": "[/]"},
            {"game": "kill-your-friends", "seats": [{"kind": "[/]"}, {"kind": "human"}]},
            {"game": "kill-your-friends", "seats": [{"kind": "human"}, {"kind": "bot", "level": "\x9b"}]},
        ]
        for fields in hostile_fields:
            request = {"config": {}, "seats": [{"kind": "human"}, {"kind": "human"}], **fields}
            with pytest.raises(ServiceError) as info:
                ana.request("create", **request)
            assert "\n" not in str(info.value) and "\x1b" not in str(info.value) and "\x9b" not in str(info.value)
        assert running.service.store.name("p-ana") == "Ana" and not running.service.tables
        # Markup-like names are names: kept as typed, shown as text by the screens.
        assert ana.request("name", name="  [/]  ")["name"] == "[/]"
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random", "name": "[b]x[/b]"}, {"kind": "human"}]
        code = ana.request("create", game="kill-your-friends", config={}, seats=seats)["code"]
        listed = ana.request("tables")["tables"]
        assert [s["name"] for s in listed[0]["seats"]] == ["[/]", "[b]x[/b]", "Seat 3"]
        # A new name follows the player to the tables still waiting.
        assert ana.request("name", name="Ána")["name"] == "Ána"
        assert running.service.tables[code].seats[0]["name"] == "Ána"
    finally:
        running.stop()


def test_names_kept_from_before_are_cleaned_when_the_server_starts(tmp_path):
    store = Store(tmp_path / "cutthroat.db")
    store.set_name("p-old", "\x1b]0;pwned\x07Eve\u202e")
    store.set_name("p-gone", "\u200b\u200b")
    store.close()
    running = Running(tmp_path)
    try:
        assert running.service.store.name("p-old") == "]0;pwnedEv"  # (controls dropped, ten kept)
        assert running.service.store.name("p-gone") == "Player"
    finally:
        running.stop()


def test_one_player_makes_at_most_three_waiting_tables_closes_them_and_a_thousand_requests_change_nothing(tmp_path):
    running = Running(tmp_path)
    try:
        running.service.pacing.burst = 10**6  # (the table cap played here; the pace: test_serve_pacing.py)
        ana, bob = running.client("p-ana", "Ana"), running.client("p-bob", "Bob")
        two_humans = [{"kind": "human"}, {"kind": "human"}]
        codes = [ana.request("create", game="kill-your-friends", config={}, seats=two_humans)["code"]
                 for _ in range(3)]
        refused = 0
        for _ in range(1000):
            try:
                ana.request("create", game="kill-your-friends", config={}, seats=two_humans)
            except ServiceError as exc:
                assert "3 tables waiting" in str(exc)
                refused += 1
        assert refused == 1000 and sorted(running.service.tables) == sorted(codes)
        with pytest.raises(ServiceError, match="Only the table's maker can close it"):
            bob.request("close", code=codes[0])
        ana.request("close", code=codes[0])
        assert codes[0] not in running.service.tables
        assert codes[0] not in [t["code"] for t in bob.request("tables")["tables"]]
        with pytest.raises(ServiceError, match="No open table"):
            bob.request("join", code=codes[0])
        ana.request("create", game="kill-your-friends", config={}, seats=two_humans)  # room again
        bob.request("join", code=codes[1])  # playing now: not closable
        with pytest.raises(ServiceError, match="is playing"):
            ana.request("close", code=codes[1])
    finally:
        running.stop()
    again = Running(tmp_path)  # a closed table stays closed after a restart
    try:
        assert codes[0] not in again.service.tables and codes[1] in again.service.tables
    finally:
        again.stop()


def test_tables_playing_cost_no_threads_of_their_own_and_unfinished_ones_are_capped(tmp_path):
    running = Running(tmp_path)
    try:
        ana = running.client("p-ana", "Ana")
        ana.request("create", game="kill-your-friends", config={}, seats=ONE_HUMAN)
        wait(lambda: all(t.host is not None for t in running.service.tables.values()))
        threads = threading.active_count()
        for _ in range(service_module.LIVE_PER_PLAYER - 1):
            ana.request("create", game="kill-your-friends", config={}, seats=ONE_HUMAN)
        with pytest.raises(ServiceError, match="not yet over"):
            ana.request("create", game="kill-your-friends", config={}, seats=ONE_HUMAN)
        assert len(running.service.tables) == service_module.LIVE_PER_PLAYER
        assert threading.active_count() == threads, "every table shares the service's clock and bot threads"
    finally:
        running.stop()


def test_a_table_nobody_joins_expires(tmp_path):
    running = Running(tmp_path)
    try:
        ana = running.client("p-ana", "Ana")
        code = ana.request("create", game="kill-your-friends", config={},
                           seats=[{"kind": "human"}, {"kind": "human"}])["code"]
        running.service.tables[code].created -= service_module.WAITING_HOURS * 3600 + 1
        running.call(running.service._sweep)
        assert code not in running.service.tables and ana.request("tables")["tables"] == []
    finally:
        running.stop()


def test_the_maker_starts_a_table_early_when_its_first_seat_is_a_bot(tmp_path):
    running = Running(tmp_path)
    try:
        ana = running.client("p-ana", "Ana")
        seats = [{"kind": "bot", "level": "random", "name": "Cy"}, {"kind": "human"}, {"kind": "human"}]
        code = ana.request("create", game="kill-your-friends", config={}, seats=seats)["code"]
        assert ana.request("tables")["tables"][0]["yours"] is True
        ana.request("start_now", code=code)
        table = running.service.tables[code]
        assert table.status == "playing" and [s.kind for s in table.host.info.seats] == ["bot", "human", "bot"]
    finally:
        running.stop()


def test_a_seat_whose_player_never_comes_to_the_table_gets_a_stand_in(tmp_path):
    """Bob takes a seat while the table waits, then his connection goes; Cy's arrival starts the
    table: the table's away time later a bot plays Bob's seat (he never listened to it)."""
    running = Running(tmp_path)
    try:
        ana, bob, cy = (running.client(p, n) for p, n in (("p-ana", "Ana"), ("p-bob", "Bob"), ("p-cy", "Cy")))
        code = ana.request("create", game="kill-your-friends", config={}, away_seconds=1,
                           seats=[{"kind": "human"}] * 3)["code"]
        assert bob.request("join", code=code)["waiting"] is True
        bob.close()
        port, heard = seated(ana, code) if cy.request("join", code=code) else (None, [])
        wait(lambda: any(e.kind == "stand_in" and e.level for u in heard for e in u.events), timeout=15)
        assert running.service.tables[code].host._bot_seats == {1}
    finally:
        running.stop()


def test_a_move_on_an_update_that_has_moved_on_is_refused_over_the_wire(tmp_path):
    """Ana moves; Bob's key, pressed on the screen from before her move, answers a position gone:
    refused, nothing changes. The same move on what he was told since is taken."""
    running = Running(tmp_path)
    try:
        _, (ana_port, ana_heard), (bob_port, bob_heard), code = two_at_a_table(running)
        session = running.service.tables[code].host.session
        ports = {0: (ana_port, ana_heard), 1: (bob_port, bob_heard)}
        mover, heard = ports[session.current_seat]
        other, other_heard = ports[1 - session.current_seat]
        wait(lambda: heard[-1].legal)
        old = heard[-1].version
        assert mover.submit(heard[-1].legal[0], old) is None
        wait(lambda: session.current_seat == other.seat and other_heard[-1].legal)
        log = list(session.log)
        move = other_heard[-1].legal[0]
        assert other.submit(move, old).startswith("The table moved on") and session.log == log
        unanswered = other.client.request("submit", action=encode(move))  # (a client saying nothing)
        assert "version" in unanswered["reason"] and session.log == log
        assert other.submit(move, other_heard[-1].version) is None and session.log[len(log)] == (other.seat, move)
    finally:
        running.stop()


def test_a_hint_is_searched_once_a_position_however_often_it_is_asked(tmp_path):
    """`h` pressed over and over costs one search (a hard bot's: the server's CPU) a position."""
    running = Running(tmp_path)
    try:
        _, (ana_port, ana_heard), (bob_port, bob_heard), code = two_at_a_table(running)
        host = running.service.tables[code].host
        searched = []
        real = host.hint
        host.hint = lambda seat, think_ms=None: searched.append(seat) or real(seat, think_ms)
        mover = ana_port if host.session.current_seat == 0 else bob_port
        hints = [mover.hint() for _ in range(20)]
        assert hints[0] is not None and all(h == hints[0] for h in hints)
        assert searched == [mover.seat]
    finally:
        running.stop()


def test_fresh_keys_from_one_address_are_capped_together(tmp_path):
    """Keys cost nothing to make: five "players" from one address fill 12 waiting tables between
    them, no more; a player elsewhere still makes one. IPv6 clients count by their /64."""
    from cutthroat.serve.limits import address_group

    running = Running(tmp_path)
    try:
        two_humans = [{"kind": "human"}, {"kind": "human"}]
        made, refused = 0, []
        for i in range(5):
            client = running.client(f"p-fake{i}", f"Fake{i}", address="203.0.113.7")
            for _ in range(3):
                try:
                    client.request("create", game="kill-your-friends", config={}, seats=two_humans)
                    made += 1
                except ServiceError as exc:
                    refused.append(str(exc))
        assert made == service_module.WAITING_PER_ADDRESS and len(refused) == 15 - made
        assert all("from your address" in reason for reason in refused)
        elsewhere = running.client("p-ana", "Ana", address="198.51.100.1")
        assert elsewhere.request("create", game="kill-your-friends", config={}, seats=two_humans)["code"]
    finally:
        running.stop()
    assert address_group("2001:db8:1:2:3:4:5:6") == address_group("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert address_group("203.0.113.7") == "203.0.113.7" and address_group("::ffff:203.0.113.7") == "203.0.113.7"
