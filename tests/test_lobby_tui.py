"""The lobby under `cutthroat serve`, by keys (Pilot), against a fake table service: what a
refusal looks like and how long it stays, long rows, changing your name, closing a table you
made, key bursts that must never crash the app, and what a served app does with an error
nobody caught (a line for the player, the traceback in the server's log)."""

from __future__ import annotations

import asyncio
import copy
import os
import threading
import time
from pathlib import Path

import pytest
from textual import events
from textual.widgets import OptionList, Static

from cutthroat.serve.client import ServiceError
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.errors import SORRY
from cutthroat.tui.screens.lobby import AskScreen, LobbyScreen
from cutthroat.tui.screens.title import TitleScreen
from helpers_pilot import async_test, screen_text, text, wait_until

SIZE = (80, 24)


def waiting_table(code: str, maker_is_you: bool = True, title: str = "Exploding Kittens",
                  names: tuple[str, ...] = ("Ana",), free: int = 1) -> dict:
    seats = [{"kind": "human", "level": None, "name": n, "taken": True, "you": maker_is_you and i == 0}
             for i, n in enumerate(names)]
    seats += [{"kind": "human", "level": None, "name": f"Seat {len(seats) + i + 1}", "taken": False, "you": False}
              for i in range(free)]
    return {"code": code, "game": "exploding-kittens", "title": title, "status": "waiting", "seats": seats,
            "yours": maker_is_you}


class FakeService:
    """Just enough of the table service for the lobby: tables are dicts, `refuse[op]` makes a
    request fail with that reason (as the service's one-line refusal), `requests` records them."""

    def __init__(self, tables=(), name: str | None = "Ana") -> None:
        self.player, self.name, self.closed = "p-ana", name, False
        self.tables = [copy.deepcopy(t) for t in tables]
        self.results: list[dict] = []
        self.daily: dict | None = None  # today's leaderboards (None: the server tells none)
        self.refuse: dict[str, str] = {}
        self.requests: list[tuple[str, dict]] = []
        self.on_tables_changed = None  # (the lobby's: called when the list may read differently)

    def changed(self) -> None:
        """The server's word that the list may read differently, from its reader thread as the
        real client's comes."""
        if self.on_tables_changed is not None:  # (not waited for: it waits for the app's loop)
            threading.Thread(target=self.on_tables_changed).start()

    def request(self, op: str, **fields):
        self.requests.append((op, fields))
        if op in self.refuse:
            raise ServiceError(self.refuse[op])
        if op == "watch_tables":
            return {}
        if op == "tables":
            return {"tables": copy.deepcopy(self.tables)}
        if op == "results":
            return {"results": list(self.results)}
        if op == "daily" and self.daily is not None:
            return copy.deepcopy(self.daily)
        if op == "name":
            self.name = fields["name"]
            return {"name": self.name}
        if op == "create":
            code = f"T{len(self.tables) + 1:03d}"
            self.tables.append(waiting_table(code, names=(self.name,), free=1))
            return {"code": code}
        if op in ("join", "watch"):
            table = next((t for t in self.tables if t["code"] == fields["code"]), None)
            if table is None:
                raise ServiceError(f"No open table has the code {fields['code']!r}")
            if table["status"] != "waiting":
                raise ServiceError("(the fake service has no table to play at)")
            return {"code": table["code"], "waiting": True}
        if op == "start_now":
            raise ServiceError("Only the table's maker can start it early")
        if op == "close":
            before = len(self.tables)
            self.tables = [t for t in self.tables if t["code"] != fields["code"]]
            if len(self.tables) == before:
                raise ServiceError(f"No open table has the code {fields['code']!r}")
            return {}
        raise ServiceError(f"no such request: {op!r}")


@pytest.fixture
def error_log(tmp_path, monkeypatch) -> Path:
    """Where a served app writes a traceback (it must stay empty unless a test breaks something)."""
    path = tmp_path / "errors.log"
    monkeypatch.setenv("CUTTHROAT_ERROR_LOG", str(path))
    return path


def served_app(service: FakeService) -> CutthroatApp:
    """An app as `cutthroat serve` starts it, talking to `service`."""
    app = CutthroatApp()
    app.service_path = "(fake)"
    app._service = service
    return app


async def to_lobby(pilot) -> LobbyScreen:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, TitleScreen))
    pilot.app.screen.action_pick("lobby")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen)
                     and pilot.app.screen.tables is not None)
    return pilot.app.screen


def burst(app: CutthroatApp, keys) -> None:
    """Keys as a fast typist (or a paste) sends them: all queued at once, none waiting for the
    screens to change (Pilot's `press` waits after each key, so it can't make a burst)."""
    for key in keys:
        event = events.Key(key, {"enter": "\r", "escape": "\x1b"}.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app._driver.send_message(event)


async def settled(pilot, app: CutthroatApp) -> None:
    """Wait until the app has taken every queued key (its queue and every screen's are empty)."""
    def quiet() -> bool:
        pumps = [app, *app.screen_stack, *(w for s in app.screen_stack for w in s.walk_children())]
        return all(p._message_queue.empty() for p in pumps)

    for _ in range(3):  # (a key may queue more work: quiet three times over)
        await wait_until(pilot, quiet)
        await pilot.pause()


async def wait_without_pilot(condition, timeout: float = 10.0) -> None:
    """`wait_until` without Pilot's pause, which waits for every widget on screen to answer (one
    whose handler raised never will)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


def no_errors(path: Path) -> bool:
    assert not path.exists(), path.read_text()
    return True


def status(lobby: LobbyScreen) -> str:
    return text(lobby.query_one("#lobby-status", Static))


# -- key bursts ---------------------------------------------------------------------------------------
@async_test
async def test_a_burst_of_new_table_keys_never_pops_an_empty_stack(error_log) -> None:
    """`n 1 Enter 1` twenty times, as fast as keys come: tables are made (or refused), dialogs
    open and close, and no dialog closes twice (which popped the lobby, then the title, then
    "Can't pop screen")."""
    service = FakeService()
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        burst(app, ["n", "1", "enter", "1"] * 20)
        await settled(pilot, app)
        assert app.is_running and no_errors(error_log)
        assert isinstance(app.screen_stack[1], TitleScreen)
        assert any(isinstance(s, LobbyScreen) for s in app.screen_stack)


@async_test
async def test_keys_queued_behind_a_dialog_never_close_the_screens_under_it(error_log) -> None:
    """Bursts at every dialog the lobby opens (a code, a name, closing a table, a new table's game
    and time): each dialog closes once, the lobby and the title stay."""
    service = FakeService([waiting_table("ABCD")])
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        for keys in (["c", "Z", "enter", "enter", "escape", "escape"], ["N", "B", "o", "enter", "enter", "1"],
                     ["x", "n", "n", "y", "escape"], ["n", "escape", "escape", "2", "2"],
                     ["enter", "enter", "enter", "w", "w", "s", "s"], ["x", "y", "y", "y", "x", "y"]):
            if not isinstance(app.screen, LobbyScreen):  # (a burst's last Esc may have left it)
                app.pop_screen() if not isinstance(app.screen, TitleScreen) else None
                await to_lobby(pilot)
            burst(app, keys)
            await settled(pilot, app)
            assert app.is_running and no_errors(error_log)
            assert isinstance(app.screen_stack[1], TitleScreen), keys


@async_test
async def test_keys_queued_at_a_local_table_never_pop_an_empty_stack() -> None:
    """At home (not served: an error would end the test): menu, prompts and curtain by bursts."""
    from cutthroat.saves import Seat
    from cutthroat.tui.tables.shared import SharedTableScreen

    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    app = CutthroatApp(start=dict(game="kill-your-friends", config={}, seed=5, seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: any(isinstance(s, SharedTableScreen) for s in app.screen_stack))
        for keys in (["enter", "enter", "escape", "escape", "enter", "enter"], ["escape", "down", "enter"] * 3,
                     ["escape", "escape", "escape", "1", "2", "3", "enter", "escape"]):
            burst(app, keys)
            await settled(pilot, app)
            assert isinstance(app.screen_stack[1], TitleScreen)
            assert any(isinstance(s, SharedTableScreen) for s in app.screen_stack)


# -- what the lobby says ----------------------------------------------------------------------------
@async_test
async def test_a_refusal_stays_under_the_list_while_the_list_refreshes(error_log) -> None:
    """The once-a-second status (the table you wait at) does not overwrite a refused request's
    reason; once its time is up, the status is back."""
    service = FakeService([waiting_table("ABCD")])
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await to_lobby(pilot)
        await pilot.press("enter")  # a seat at ABCD: waiting
        await wait_until(pilot, lambda: "waiting for 1 more player" in status(lobby))
        await pilot.press("c", "Z", "Z", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert status(lobby) == "✗ No open table has the code 'ZZ'"
        asked = len(service.requests)
        for _ in range(2):
            service.changed()
        await wait_until(pilot, lambda: [op for op, _ in service.requests[asked:]].count("tables") >= 2)
        await pilot.pause()
        assert status(lobby) == "✗ No open table has the code 'ZZ'"  # two refreshes later, still there
        lobby.error_until = 0.0  # (its time is up: its timer brings the status back)
        lobby.status_back()
        await wait_until(pilot, lambda: "waiting for 1 more player" in status(lobby))
        assert no_errors(error_log)


@async_test
async def test_the_list_is_read_when_the_server_says_it_changed_and_not_meanwhile(error_log, monkeypatch) -> None:
    """No poll: the lobby asks for the list when it opens and when the server says it may read
    differently (a table made, joined, started, closed or over), never while nothing happens;
    a refusal's time up, the status is back by itself."""
    monkeypatch.setattr(LobbyScreen, "ERROR_SECONDS", 0.05)
    service = FakeService([waiting_table("ABCD")])
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await to_lobby(pilot)
        assert ("watch_tables", {}) in service.requests
        asked = len(service.requests)
        for _ in range(20):
            await pilot.pause(0.05)
        assert [op for op, _ in service.requests[asked:]] == []  # nothing happened: nothing asked
        service.tables.append(waiting_table("EFGH"))
        service.changed()
        await wait_until(pilot, lambda: lobby.table("EFGH") is not None)
        await pilot.press("enter")  # a seat at ABCD: waiting
        await wait_until(pilot, lambda: "waiting for 1 more player" in status(lobby))
        refused, refuse = [], lobby.refuse
        lobby.refuse = lambda reason: (refused.append(reason), refuse(reason))
        await pilot.press("c", "Z", "Z", "enter")
        await wait_until(pilot, lambda: refused == ["No open table has the code 'ZZ'"])
        await wait_until(pilot, lambda: "waiting for 1 more player" in status(lobby))  # (its time up)
        assert no_errors(error_log)


@async_test
async def test_long_rows_cut_names_instead_of_wrapping(error_log) -> None:
    names = tuple(f"Player{i}abc" for i in range(7))
    service = FakeService([waiting_table("ABCD", names=names), waiting_table("EFGH")])
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        row = next(i for i, line in enumerate(lines) if "ABCD" in line)
        assert lines[row].rstrip(" ▎▕|").endswith("· 1 free") and len(lines[row]) <= SIZE[0]  # (the list's border after it)
        assert "EFGH" in lines[row + 1]  # the next table on the next line: nothing wrapped


@async_test
async def test_a_player_changes_their_name_and_a_refused_name_is_asked_again(error_log) -> None:
    service = FakeService()
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await to_lobby(pilot)
        await wait_until(pilot, lambda: "N name" in screen_text(app))  # (in the footer)
        service.refuse["name"] = "A name of 1–10 letters, no control characters"
        await pilot.press("N", *"[/]bad", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, AskScreen) and app.screen.problem)
        assert "✗ A name of 1–10 letters, no control characters" in screen_text(app)
        assert app.screen.query_one("#ask-input").value == "[/]bad"  # (to edit, not to type again)
        del service.refuse["name"]
        await pilot.press(*["backspace"] * 6, *"Zed", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert service.name == "Zed"
        assert text(lobby.query_one("#lobby-title", Static)).endswith("you are Zed")
        assert status(lobby) == "You are Zed at the tables now."
        await pilot.press("N", "escape")  # Esc keeps the name
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert service.name == "Zed" and no_errors(error_log)


@async_test
async def test_the_first_name_prompt_says_why_a_name_was_refused_and_asks_again(error_log) -> None:
    service = FakeService(name=None)
    service.refuse["name"] = "A name can't hold control characters"
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        app.screen.action_pick("lobby")
        await wait_until(pilot, lambda: isinstance(app.screen, AskScreen))
        await pilot.press(*"[/]", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, AskScreen) and app.screen.problem)
        assert "✗ A name can't hold control characters" in screen_text(app)
        del service.refuse["name"]
        await pilot.press("enter")  # the same name, now taken
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert service.name == "[/]"
        assert text(app.screen.query_one("#lobby-title", Static)).endswith("you are [/]")
        assert no_errors(error_log)


@async_test
async def test_the_maker_closes_a_waiting_table_and_a_refusal_says_why(error_log) -> None:
    service = FakeService([waiting_table("ABCD"), waiting_table("EFGH"), waiting_table("IJKL", maker_is_you=False)])
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await to_lobby(pilot)
        await pilot.press("enter")  # waiting at ABCD
        await wait_until(pilot, lambda: lobby.waiting == "ABCD")
        await pilot.press("x")
        await wait_until(pilot, lambda: "Close table ABCD?" in screen_text(app))
        await pilot.press("y")
        await wait_until(pilot, lambda: [t["code"] for t in (lobby.tables or [])] == ["EFGH", "IJKL"])
        assert ("close", {"code": "ABCD"}) in service.requests
        assert lobby.waiting is None and status(lobby) == "Table ABCD is closed."
        service.refuse["close"] = "Table EFGH is playing: it ends when its game does"  # (it started meanwhile)
        await pilot.press("x", "y")
        await wait_until(pilot, lambda: status(lobby).startswith("✗"))
        assert status(lobby) == "✗ Table EFGH is playing: it ends when its game does"
        await pilot.press("down")  # IJKL: somebody else's table
        await wait_until(pilot, lambda: lobby.highlighted() == "IJKL")
        assert "close" not in screen_text(app) and not lobby.check_action("close_table", ())
        await pilot.press("x")
        await pilot.pause()
        assert "Close table" not in screen_text(app)
        assert no_errors(error_log)


@async_test
async def test_a_player_waiting_at_a_table_its_maker_closed_is_told(error_log) -> None:
    service = FakeService([waiting_table("ABCD", maker_is_you=False)])
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await to_lobby(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: lobby.waiting == "ABCD")
        service.tables = []
        service.changed()
        await wait_until(pilot, lambda: status(lobby) == "✗ Table ABCD was closed")
        assert lobby.waiting is None and no_errors(error_log)


@async_test
async def test_the_title_continue_takes_a_served_player_back_to_their_table(error_log) -> None:
    playing = {**waiting_table("ABCD", names=("Ana", "Bob"), free=0), "status": "playing"}
    service = FakeService([playing])
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause()
        assert "Continue: back to your table ABCD" in screen_text(app)
        assert "no game in progress" not in screen_text(app)
        app.screen.action_pick("continue")
        await wait_until(pilot, lambda: ("join", {"code": "ABCD"}) in service.requests)
        assert isinstance(app.screen, LobbyScreen) and no_errors(error_log)


# -- an error nobody caught, under `cutthroat serve` --------------------------------------------------
class Broken(FakeService):
    """A service whose `fail` requests raise an error the lobby doesn't expect."""

    def __init__(self, *args, fail: set[str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fail = fail

    def request(self, op: str, **fields):
        if op in self.fail:
            raise KeyError(f"/srv/secret/path {op}")
        return super().request(op, **fields)


@async_test
async def test_a_served_error_goes_to_the_servers_log_and_the_player_back_to_the_lobby(error_log) -> None:
    service = Broken([waiting_table("ABCD")], fail={"watch"})
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        await pilot.press("w")
        await wait_until(pilot, lambda: error_log.exists() and any(n.message == SORRY for n in app._notifications))
        logged = error_log.read_text()
        assert "Traceback" in logged and "/srv/secret/path watch" in logged and "player p-ana" in logged
        assert error_log.stat().st_mode & 0o777 == 0o600
        assert isinstance(app.screen, LobbyScreen) and app.is_running
        assert "Traceback" not in screen_text(app) and "secret" not in screen_text(app)
        # A screen over the lobby that fails: back to the lobby.
        from cutthroat.tui.screens.rules import RulesScreen

        class Failing(RulesScreen):
            def on_mount(self) -> None:
                raise RuntimeError("a table that can't be drawn")

        await pilot.press("r")  # (a key: the player is there)
        app.push_screen(Failing("exploding-kittens"))
        # (Pilot's own waits can't be used while the broken screen is up: it never answers them.)
        await wait_without_pilot(lambda: "a table that can't be drawn" in error_log.read_text())
        await wait_without_pilot(lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables is not None)
        await pilot.press("n")  # a fresh lobby, and it takes keys
        await wait_until(pilot, lambda: "A new table: which game?" in screen_text(app))
        assert app.is_running
    assert not app.return_code


@async_test
async def test_a_served_error_that_keeps_coming_ends_the_app_with_one_line(error_log, capsys) -> None:
    """The lobby's own reading of the list failing each time: once got over, then the app ends cleanly,
    the player told one line (no traceback on their terminal)."""
    service = Broken([waiting_table("ABCD")], fail=set())
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        service.fail.add("tables")
        for _ in range(5):  # (the server says the list changed: the lobby's reading it fails, again)
            if not app.is_running:
                break
            service.changed()
            for _ in range(100):
                if not app.is_running:
                    break
                await asyncio.sleep(0.02)
        await wait_without_pilot(lambda: not app.is_running, timeout=20)
    assert app.return_code == 1
    assert error_log.read_text().count("Traceback") >= 2
    err = capsys.readouterr().err
    assert SORRY in err and "Traceback" not in err and "secret" not in err


def test_the_session_token_is_read_once_and_leaves_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("CUTTHROAT_SERVICE", "/run/cutthroat.sock")
    monkeypatch.setenv("CUTTHROAT_TOKEN", "t0k3n")
    app = CutthroatApp()
    assert "CUTTHROAT_TOKEN" not in os.environ
    assert app.served and app.service_path == "/run/cutthroat.sock" and app._service_token == "t0k3n"
    monkeypatch.delenv("CUTTHROAT_SERVICE")
    assert app.served  # (what it was started with, whatever the environment says now)
    reader, writer = os.pipe()  # as the server hands it over: through a pipe, never the environment
    os.write(writer, b"p1p3d")
    os.close(writer)
    monkeypatch.setenv("CUTTHROAT_SERVICE", "/run/cutthroat.sock")
    monkeypatch.setenv("CUTTHROAT_TOKEN_FD", str(reader))
    assert CutthroatApp()._service_token == "p1p3d" and "CUTTHROAT_TOKEN_FD" not in os.environ
    with pytest.raises(OSError):
        os.fstat(reader)  # (read once, then closed)


# -- at a real server table ---------------------------------------------------------------------------
@async_test
async def test_at_a_server_table_you_is_your_seat_only_and_only_a_real_return_is_a_resume(tmp_path, monkeypatch,
                                                                                           error_log) -> None:
    """Bob waits at Ana's table; Cy sits down, it starts and Ana moves before Bob's screen opens: his log tells the
    game so far, without "— resumed here —", and only his own row says "you". Back in the lobby,
    Enter takes his seat again: now it is a resume. Watching: the panel says so (not "Bots only")."""
    from cutthroat.tui.tables.shared import SharedTableScreen
    from cutthroat.tui.widgets.event_log import EventLog
    from helpers_service import Running, seated, wait

    running = Running(tmp_path / "server")
    try:
        ana = running.client("p-ana", "Ana")
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
        code = ana.request("create", game="exploding-kittens", config={}, seats=seats)["code"]
        monkeypatch.setenv("CUTTHROAT_SERVICE", str(running.service.socket_path))
        monkeypatch.setenv("CUTTHROAT_TOKEN", running.service.new_token("p-bob"))
        app = CutthroatApp()
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
            app.screen.action_pick("lobby")
            await wait_until(pilot, lambda: isinstance(app.screen, AskScreen) and app.focused is not None)
            await pilot.press(*"Bob", "enter")
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables)
            lobby = app.screen
            await pilot.press("enter")  # the free seat: Bob waits for the table to start
            await wait_until(pilot, lambda: lobby.waiting == code)
            # Cy sits down (the table starts) and it moves on, all before Bob's lobby looks again.
            cy = running.client("p-cy", "Cy")
            cy.request("join", code=code)
            ports = [seated(client, code)[0] for client in (ana, running.client("p-bob", "Bob"), cy)]
            session = running.service.tables[code].host.session
            seat = session.to_act[0]
            assert ports[seat].submit(session.legal_actions(seat)[0]) is None
            wait(lambda: session.version > 0)
            ports[1].unlisten(lambda update: None)  # (Bob's other connection leaves his seat)
            await wait_until(pilot, lambda: isinstance(app.screen, SharedTableScreen) and app.screen.started)
            table = app.screen
            await wait_until(pilot, lambda: len(table.query_one(EventLog).entries) > 1)  # (the move made)
            entries = [str(e) for e in table.query_one(EventLog).entries]
            assert "— resumed here —" not in entries
            rows = [text(table.query_one(f"#seat-{q}", Static)) for q in range(3)]
            assert "you" in rows[1] and "you" not in rows[0] and "human" in rows[0], rows

            app.back_to_lobby()  # (the menu's "Back to the lobby")
            await wait_until(pilot, lambda: app.screen is lobby)
            await wait_until(pilot, lambda: lobby.table(code) and lobby.table(code)["status"] == "playing")
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, SharedTableScreen) and app.screen is not table
                             and app.screen.started)
            again = app.screen
            await wait_until(pilot, lambda: "— resumed here —" in [str(e) for e in again.query_one(EventLog).entries])

            app.back_to_lobby()
            await wait_until(pilot, lambda: app.screen is lobby)
            await pilot.press("w")
            await wait_until(pilot, lambda: isinstance(app.screen, SharedTableScreen) and app.screen.lens.mode == "watch")
            watching = app.screen
            await wait_until(pilot, lambda: "Watching: every hand is hidden." in text(watching.query_one("#hand-cards")))
            assert no_errors(error_log)
    finally:
        running.stop()


@async_test
async def test_a_server_tables_setup_has_no_seed_to_type_and_sends_none(error_log) -> None:
    """The server deals from a seed of its own (told to nobody before game over), so its setup
    offers no seed field, and the lobby's `create` carries no seed."""
    from cutthroat.tui.tables.setup import SetupScreen

    service = FakeService()
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        await pilot.press("n")
        await wait_until(pilot, lambda: "which game" in screen_text(app))
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert not app.screen.query("#seed") and "Seed" not in screen_text(app)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: "Time for a move" in screen_text(app))
        await pilot.press("3")
        await wait_until(pilot, lambda: any(op == "create" for op, _ in service.requests))
        assert all("seed" not in fields for op, fields in service.requests if op == "create")


def test_an_error_before_the_app_runs_reaches_the_log_not_the_player(monkeypatch, error_log, capsys) -> None:
    """Under `cutthroat serve` stderr is the player's terminal: an error starting the app (outside
    Textual's own handling) is logged for the operator and the player gets one line."""
    from cutthroat import cli

    def broken(self, *args, **kwargs):
        raise RuntimeError("/srv/secret/path broke")

    monkeypatch.setenv("CUTTHROAT_SERVICE", "/run/cutthroat.sock")
    monkeypatch.setattr(CutthroatApp, "__init__", broken)
    assert cli.launch_app(None) == 1
    told = capsys.readouterr().err
    assert SORRY in told and "Traceback" not in told and "/srv/secret" not in told
    assert "RuntimeError: /srv/secret/path broke" in error_log.read_text()


def test_the_error_log_stops_growing_at_its_cap(tmp_path) -> None:
    from cutthroat.tui import errors

    path = tmp_path / "app-errors.log"
    path.write_bytes(b"x" * (errors.ERROR_LOG_MAX + 1))
    assert errors.log_error(path, RuntimeError("again")) is False
    assert path.stat().st_size == errors.ERROR_LOG_MAX + 1


# -- today's deal ------------------------------------------------------------------------------------
HOSTILE = "[b]Zed[/b]"  # (a name is at most 10 characters)


def daily_boards() -> dict:
    """Today's leaderboards as the service tells them: Kill The Kings with a hostile name on it,
    Kill Your Friends not yet played."""
    ktk = [{"rank": 1, "name": "Bob", "result": "9 points", "you": False},
           {"rank": 2, "name": HOSTILE, "result": "9 points", "you": False},
           {"rank": 3, "name": "Ana", "result": "7 points", "you": True}]
    return {"date": "2026-12-03", "games": [
        {"game": "kill-the-kings", "title": "Kill The Kings", "players": 3, "board": ktk,
         "status": "played: 7 points"},
        {"game": "kill-your-friends", "title": "Kill Your Friends", "players": 0, "board": [],
         "status": "not yet played"}]}


def daily_panel(lobby: LobbyScreen) -> str:
    return text(lobby.query_one("#lobby-daily", Static))


@async_test
async def test_the_lobby_shows_todays_leaderboard_with_names_as_data_and_g_shows_the_next(error_log) -> None:
    service = FakeService([waiting_table("ABCD")])
    service.daily = daily_boards()
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await to_lobby(pilot)
        await wait_until(pilot, lambda: "Today's deal" in daily_panel(lobby))
        lines = daily_panel(lobby).splitlines()
        assert lines[0] == "Today's deal · Kill The Kings · played: 7 points · g: next game (1/2)"
        assert [line.split() for line in lines[1:]] == [["1.", "Bob", "9", "points"],
                                                        ["2.", HOSTILE, "9", "points"],
                                                        ["3.", "Ana", "7", "points", "←", "you"]]
        assert HOSTILE in screen_text(app)  # (shown as it is: never markup)
        await pilot.press("g")
        await wait_until(pilot, lambda: "Kill Your Friends · not yet played · g: next game (2/2)" in daily_panel(lobby))
        assert "Nobody has played it yet today: t deals it for you" in daily_panel(lobby)
        await pilot.press("G")
        await wait_until(pilot, lambda: "Kill The Kings" in daily_panel(lobby))
        # A deal already played: t asks first (another go won't count); n keeps the lobby.
        await pilot.press("t")
        await wait_until(pilot, lambda: "Only your first attempt of the day counts" in screen_text(app))
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is lobby)
        assert not any(op == "daily_start" for op, _ in service.requests)
        assert no_errors(error_log)


@async_test
async def test_a_server_without_todays_deal_shows_no_panel(error_log) -> None:
    app = served_app(FakeService())
    async with app.run_test(size=SIZE) as pilot:
        lobby = await to_lobby(pilot)
        await pilot.press("t", "g")
        assert daily_panel(lobby) == "" and "today's deal" not in screen_text(app)
        assert no_errors(error_log)


@async_test
async def test_todays_deal_from_the_lobby_is_played_counted_and_its_seed_never_shown(tmp_path, monkeypatch,
                                                                                       error_log) -> None:
    """`t` deals Ana today's Kill The Kings at the server; played to its end, its dialog has the
    line to share and `n` goes back to the lobby, whose board has her result; the seed is on no screen she sees (the table, its game-over dialog, the
    lobby), nor in what the lobby was told."""
    from cutthroat.tui.tables.base import TableScreenBase
    from helpers_service import Running, wait

    running = Running(tmp_path / "server")
    try:
        monkeypatch.setenv("CUTTHROAT_SERVICE", str(running.service.socket_path))
        monkeypatch.setenv("CUTTHROAT_TOKEN", running.service.new_token("p-ana"))
        running.service.store.set_name("p-ana", "Ana")
        seed = str(running.service.daily_seed("kill-the-kings"))
        app = CutthroatApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await to_lobby(pilot)
            await wait_until(pilot, lambda: "Kill The Kings · not yet played" in daily_panel(lobby))
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreenBase))
            table = app.screen
            code = next(iter(running.service.tables))
            assert running.service.tables[code].daily and running.service.tables[code].seed == int(seed)
            assert seed not in screen_text(app)
            # Ana's moves, from her other connection to the same seat (her attempt goes on there).
            other = running.client("p-ana", "Ana")
            joined = other.request("daily_start", game="kill-the-kings")
            assert joined["code"] == code
            from cutthroat.serve.client import RemotePort

            port = RemotePort(other, joined)
            heard = [port.listen(lambda u: heard.append(u))]
            session = running.service.tables[code].host.session
            while not session.is_over:
                wait(lambda: session.is_over or (heard[-1].version == session.version and heard[-1].legal))
                if not session.is_over:
                    port.submit(heard[-1].legal[0])
            await wait_until(pilot, lambda: "today's deal" in screen_text(app))  # (the game-over dialog)
            assert seed not in screen_text(app)
            points = session.result().scores[0]
            # Its line to share, from the server (which alone knows the deal); `n` goes to the lobby.
            await wait_until(pilot, lambda: "n back to the lobby" in screen_text(app).splitlines()[-1])  # (footer)
            shown = screen_text(app)
            assert f"Cutthroat · Kill The Kings · {running.service.today()} · {points} point" in shown
            assert "n: back to the lobby" in shown and "new seed" not in shown
            await pilot.press("n")
            await wait_until(pilot, lambda: app.screen is lobby and "· played: " in daily_panel(lobby))
            assert f"1. Ana" in daily_panel(lobby) and f"{points} point" in daily_panel(lobby)
            assert seed not in screen_text(app) and seed not in repr(lobby.boards)
            assert table is not app.screen and no_errors(error_log)
    finally:
        running.stop()


def test_a_row_of_short_names_shows_every_name() -> None:
    """Names of three letters or fewer are shown, not counted ("+1 more" was shown for "Bob")."""
    from cutthroat.tui.screens.lobby import table_line

    assert table_line(waiting_table("ABCD", names=("Ana", "Bob"))).endswith("waiting  Ana (you) · Bob · 1 free")
    assert table_line(waiting_table("EFGH", maker_is_you=False, names=("Cy",), free=2)).endswith("Cy · 2 free")



def test_a_row_names_the_game_by_its_short_name_not_cut_mid_word() -> None:
    """The server sends a game's full name; the row shows it up to its colon ("Exploding Kittens",
    never "Exploding Kittens: Rec")."""
    from cutthroat.tui.screens.lobby import table_line

    line = table_line(waiting_table("ASHP", title="Exploding Kittens: Recipes for Disaster"))
    assert line.startswith("ASHP  Exploding Kittens      waiting  Ana (you)") and "Rec" not in line, line

@async_test
async def test_your_daily_table_is_not_in_the_list_but_the_title_continue_goes_back_to_it(error_log) -> None:
    daily = {**waiting_table("DAYS", names=("Ana",), free=0, title="Kill The Kings"), "status": "playing",
             "daily": True}
    service = FakeService([daily, waiting_table("ABCD", maker_is_you=False, names=("Bob",))])
    app = served_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause()
        assert "Continue: back to today's deal of Kill The Kings" in screen_text(app)
        assert "Your attempt at today's deal of Kill The Kings: it goes on there." in screen_text(app)
        lobby = await to_lobby(pilot)
        assert [t["code"] for t in lobby.tables] == ["ABCD"] and "DAYS" not in screen_text(app)
        app.pop_screen()
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        app.screen.action_pick("continue")
        await wait_until(pilot, lambda: ("join", {"code": "DAYS"}) in service.requests)
        assert no_errors(error_log)
