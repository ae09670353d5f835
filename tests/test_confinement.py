"""Confinement: a server's player app (`saves.confined()`) keeps every file in that player's own
folder. Each attack a hostile player tried over ssh is played here, through the keys and below
them: a save named by a path (`/tmp/evil`, `../x`, another player's folder, `~/x`, a probe of
`/root/.ssh`), a name with control characters or too long, a link in the player's own folder that
leads out of it. Each is refused in one line, nothing is written outside the player's folder (the
file system is compared before and after), and no message shows the data folder's path. A
server's table offers no save key at all. Local play (not confined) keeps its paths."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.widgets import Input, OptionList, Static

from cutthroat import in_progress, saves
from cutthroat.host import InlineWorkers, TableHost
from cutthroat.saves import SaveError, Seat
from cutthroat.session import Session
from cutthroat.settings import load_settings
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.confirm import ConfirmScreen
from cutthroat.tui.screens.load import LoadScreen, save_files
from cutthroat.tui.screens.save import NameScreen, SaveScreen, SaveTargetError, save_target
from cutthroat.tui.tables.base import TableScreenBase
from helpers_pilot import async_test, screen_text, wait_until

SIZE = (80, 24)
KTK = dict(game="kill-the-kings", config={"mode": "killer"}, seed=5, seats=[Seat("human", "You")])

#: What a hostile player typed into the save dialog (and the rename dialog).
ATTACKS = [
    "/tmp/evil",
    "../x",
    "../../players/bob/saves/x",
    "~/x",
    "/root/.ssh/probe",
    "evil\x1b[31m",
    "two\nlines",
    "x" * (saves.SAVE_NAME_MAX + 1),
    ".hidden",
    "..",
    "~",
    "a\\b",
    "sub/dir",
    "nul\x00byte",
    "\u202eevil",  # right-to-left override
    "zero\u200bwidth",
    "csi\u009b31m",  # C1 control
]


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    """A server's data folder with two players; this app runs as alice's, confined."""
    data = tmp_path / "data"
    alice, bob = data / "players" / "alice", data / "players" / "bob"
    for player in (alice, bob):
        (player / "saves").mkdir(parents=True)
        (player / "config").mkdir()
    (alice / "config" / "settings.json").write_text(json.dumps({"bot_speed": "instant"}), encoding="utf-8")
    home = tmp_path / "home"  # the server account's home (`~`)
    home.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    bob_game = played(bob / "saves" / "x.json", name="bob's")
    monkeypatch.setenv("CUTTHROAT_SAVE_DIR", str(alice / "saves"))
    monkeypatch.setenv("CUTTHROAT_CONFIG_DIR", str(alice / "config"))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv(saves.CONFINED_ENV, "1")
    return SimpleNamespace(root=tmp_path, data=data, alice=alice, saves=alice / "saves", bob=bob,
                           home=home, outside=outside, bob_game=bob_game)


def played(path: Path, name: str = "", moves: int = 3) -> Session:
    """A Kill The Kings game a few moves in, saved at `path`."""
    session = Session("kill-the-kings", {"mode": "killer"}, 5, [Seat("human", "You")])
    for _ in range(moves):
        session.apply(session.legal_actions(0)[0])
    session.save(path, name)
    return session


def files_outside(server: SimpleNamespace) -> dict[str, tuple[int, int]]:
    """Every file and folder under the test's root but outside alice's folder (with size and
    mtime), and the real places the attacks named."""
    found = {}
    for path in sorted(server.root.rglob("*")):
        if server.alice in path.parents or path == server.alice:
            continue
        st = path.lstat()
        found[str(path)] = (st.st_size, st.st_mtime_ns)
    for real in ("/tmp/evil.json", "/tmp/evil", "/root/.ssh/probe.json", "/root/.ssh/probe"):
        try:
            st = os.lstat(real)
            found[real] = (st.st_size, st.st_mtime_ns)
        except OSError:
            found[real] = (-1, -1)
    return found


def assert_one_clean_line(message: str, server: SimpleNamespace) -> None:
    assert message and "\n" not in message and "\r" not in message
    assert str(server.data) not in message and str(server.root) not in message
    assert "/" not in message  # no path of any kind
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in message)


def dialog_text(app) -> str:
    """A yes/no dialog's question and detail, as one line."""
    return " ".join(" ".join(str(w.render()).split()) for w in app.screen.query(Static)
                    if w.id in ("confirm-question", "confirm-detail"))


def notices(app) -> list[str]:
    return [f"{n.title or ''} {n.message}".strip() for n in app._notifications]


# -- the switch ----------------------------------------------------------------------------------
def test_confined_is_off_for_local_play_and_on_under_a_server(monkeypatch):
    monkeypatch.delenv(saves.CONFINED_ENV, raising=False)
    monkeypatch.delenv("CUTTHROAT_SERVICE", raising=False)
    assert not saves.confined()
    monkeypatch.setenv(saves.CONFINED_ENV, "0")
    assert not saves.confined()
    monkeypatch.setenv(saves.CONFINED_ENV, "1")
    assert saves.confined()
    monkeypatch.delenv(saves.CONFINED_ENV)
    monkeypatch.setenv("CUTTHROAT_SERVICE", "/run/cutthroat/service.sock")  # linked to a server
    assert saves.confined()


# -- the save dialog's target, below the keys ----------------------------------------------------
@pytest.mark.parametrize("typed", ATTACKS, ids=repr)
def test_every_attack_on_the_save_name_is_refused_in_one_line(server, typed):
    before = files_outside(server)
    with pytest.raises(SaveTargetError) as info:
        save_target(typed, server.saves)
    message = str(info.value)
    assert_one_clean_line(message, server)
    assert message in (saves.PLAIN_NAME, f"A save name is at most {saves.SAVE_NAME_MAX} characters")
    assert files_outside(server) == before
    assert list(server.saves.iterdir()) == []


@pytest.mark.parametrize("typed, file", [
    ("Round two", "round-two.json"),
    ("  kill_the_kings move 12 ", "kill_the_kings-move-12.json"),
    ("Åsa-2", "sa-2.json"),
    ("x" * saves.SAVE_NAME_MAX, "x" * saves.SAVE_NAME_MAX + ".json"),
])
def test_a_plain_name_lands_in_the_players_own_folder(server, typed, file):
    target, name = save_target(typed, server.saves)
    assert target == server.saves / file and target.parent == server.saves
    assert name == typed.strip()


def test_a_link_in_the_players_folder_is_never_written_through(server):
    link = server.saves / "evil.json"
    link.symlink_to(server.outside / "evil.json")
    before = files_outside(server)
    with pytest.raises(SaveTargetError) as info:
        save_target("evil", server.saves)
    assert_one_clean_line(str(info.value), server)
    # A save folder that is itself a link (the games-in-progress folder) is never written into.
    (server.saves / "in-progress").symlink_to(server.outside, target_is_directory=True)
    session = Session("kill-the-kings", {"mode": "killer"}, 5, [Seat("human", "You")])
    with pytest.raises(SaveError) as info:
        session.save(server.saves / "in-progress" / "game.json")
    assert_one_clean_line(str(info.value), server)
    with pytest.raises(OSError):
        in_progress.claim(server.saves / "in-progress" / "game.json")
    assert files_outside(server) == before


def test_local_play_still_saves_where_a_path_says(tmp_path, monkeypatch):
    monkeypatch.delenv(saves.CONFINED_ENV, raising=False)
    monkeypatch.delenv("CUTTHROAT_SERVICE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert save_target(f"{tmp_path}/mine", Path("/nowhere")) == (tmp_path / "mine.json", "mine")
    assert save_target("~/mine", Path("/nowhere"))[0] == tmp_path / "mine.json"


# -- reading: lists, links, settings, notices ----------------------------------------------------
def test_lists_show_the_players_own_files_and_follow_no_link(server):
    played(server.saves / "mine.json", name="mine")
    (server.saves / "stolen.json").symlink_to(server.bob / "saves" / "x.json")
    (server.saves / "dangling.json").symlink_to(server.outside / "nothing.json")
    assert save_files(server.saves) == [server.saves / "mine.json"]
    with pytest.raises(SaveError) as info:
        saves.read(server.saves / "stolen.json")
    assert_one_clean_line(str(info.value), server)

    # Continue: a link among the games in progress, and a games-in-progress folder that is a link.
    bob_kept = in_progress.new_path(server.bob / "saves", "kill-the-kings")
    played(bob_kept)
    own_kept = in_progress.new_path(server.saves, "kill-the-kings")
    played(own_kept)
    (own_kept.parent / "bobs.json").symlink_to(bob_kept)
    (server.saves / in_progress.LEGACY_AUTOSAVE).symlink_to(bob_kept)
    assert [g.path for g in in_progress.games_in_progress(server.saves)] == [own_kept]
    elsewhere = server.root / "elsewhere-saves"
    elsewhere.mkdir()
    (elsewhere / "in-progress").symlink_to(bob_kept.parent, target_is_directory=True)
    assert in_progress.games_in_progress(elsewhere) == []


def test_local_lists_are_as_before(tmp_path, monkeypatch):
    monkeypatch.delenv(saves.CONFINED_ENV, raising=False)
    monkeypatch.delenv("CUTTHROAT_SERVICE", raising=False)
    played(tmp_path / "real.json")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    assert sorted(p.name for p in save_files(tmp_path)) == ["link.json", "real.json"]


def test_settings_are_the_players_own_and_never_name_a_folder(server):
    path = server.alice / "config" / "settings.json"
    settings, error = load_settings()
    assert error is None and settings.bot_speed == "instant"
    path.write_text("{broken", encoding="utf-8")
    _, error = load_settings()
    assert error.startswith("settings.json: unreadable settings") and str(server.root) not in error
    path.unlink(missing_ok=True)  # (kept aside as settings.json.unreadable)
    secret = server.bob / "config" / "settings.json"
    secret.write_text(json.dumps({"bot_speed": "slow", "last_seed": 4242}), encoding="utf-8")
    path.symlink_to(secret)  # a link to another player's settings is not read
    settings, error = load_settings()
    assert settings.last_seed is None and settings.bot_speed == "normal"
    assert_one_clean_line(error, server)


def test_a_failed_autosave_says_so_without_a_path(server):
    (server.saves / "in-progress").write_text("a file where the games in progress should be")
    session = Session("kill-the-kings", {"mode": "killer"}, 5, [Seat("human", "You")],
                      autosave_path=in_progress.new_path(server.saves, "kill-the-kings"))
    session.autosave()
    host = TableHost(session, workers=InlineWorkers())
    try:
        hello = host.port(0).listen(lambda update: None)
    finally:
        host.close()
    texts = [text for title, text in hello.notices if title == "Autosave failed"]
    assert len(texts) == 1
    assert_one_clean_line(texts[0], server)
    assert "~" not in texts[0]  # no place elsewhere to offer


# -- through the keys ----------------------------------------------------------------------------
def on_table(app) -> bool:
    return app.host is not None and isinstance(app.screen, TableScreenBase)


async def submit_name(pilot, typed: str) -> None:
    app = pilot.app
    if not isinstance(app.screen, SaveScreen):
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveScreen))
    app.screen.query_one("#save-name", Input).value = typed
    await pilot.press("enter")
    await pilot.pause()


@async_test
async def test_the_save_dialog_refuses_every_attack_and_saves_a_plain_name(server) -> None:
    before = files_outside(server)
    app = CutthroatApp(start=dict(KTK))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: on_table(app))
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveScreen))
        help_text = str(app.screen.query_one(".dialog-help", Static).render())
        assert "/" not in help_text and "letters, digits" in help_text
        assert str(server.root) not in screen_text(app)
        for typed in ATTACKS:
            count = len(app._notifications)
            await submit_name(pilot, typed)
            assert isinstance(app.screen, SaveScreen)  # refused: the dialog stays
            said = notices(app)[count:]
            assert len(said) == 1 and "Not saved" in said[0]
            assert_one_clean_line(said[0], server)
        assert files_outside(server) == before
        assert sorted(p.name for p in server.saves.iterdir()) == ["in-progress"]

        await submit_name(pilot, "Round two")
        await wait_until(pilot, lambda: on_table(app))
        assert notices(app)[-1] == "Saved as Round two"
        assert saves.read(server.saves / "round-two.json").name == "Round two"

        await submit_name(pilot, "round TWO")  # the same file: asks first, naming no folder
        assert isinstance(app.screen, ConfirmScreen)
        assert dialog_text(app) == "Replace round-two.json? A save of that name is there already."
        await pilot.press("y")
        await wait_until(pilot, lambda: on_table(app))
        assert notices(app)[-1] == "Saved as round TWO"
        for message in notices(app):
            assert str(server.root) not in message and "/" not in message
    assert files_outside(server) == before


@async_test
async def test_load_lists_only_the_players_folder_and_renames_by_plain_name(server) -> None:
    played(server.saves / "mine.json", name="mine")
    (server.saves / "stolen.json").symlink_to(server.bob / "saves" / "x.json")
    before = files_outside(server)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(LoadScreen())
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen) and hasattr(app.screen, "entries"))
        load = app.screen
        assert [e.path for k, e in load.entries.items() if k.startswith("own")] == [server.saves / "mine.json"]
        menu = load.query_one("#load-list", OptionList)
        assert str(menu.get_option_at_index(0).prompt) == "Your saves"
        assert str(server.root) not in screen_text(app)

        for typed in ["../../players/bob/saves/x", "/tmp/evil", "~/x", "evil\x1b[2J"]:
            count = len(app._notifications)
            await pilot.press("r")
            await wait_until(pilot, lambda: isinstance(app.screen, NameScreen))
            app.screen.query_one("#save-name", Input).value = typed
            await pilot.press("enter")
            await wait_until(pilot, lambda: app.screen is load)
            said = notices(app)[count:]
            assert len(said) == 1 and "Not renamed" in said[0]
            assert_one_clean_line(said[0], server)
        kept = sorted(p.name for p in server.saves.iterdir() if not p.name.startswith(".index."))  # (the lists' cache)
        assert kept == ["mine.json", "stolen.json"]

        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, NameScreen))
        app.screen.query_one("#save-name", Input).value = "fine name"
        await pilot.press("enter")
        await wait_until(pilot, lambda: (server.saves / "fine-name.json").exists())
        assert not (server.saves / "mine.json").exists()

        await wait_until(pilot, lambda: app.screen is load and load.selected() is not None
                         and load.selected().path.name == "fine-name.json")
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert dialog_text(app) == "Delete this save? fine name fine-name.json"
        await pilot.press("y")
        await wait_until(pilot, lambda: not (server.saves / "fine-name.json").exists())
        for message in notices(app):
            assert str(server.root) not in message and "/" not in message
    assert files_outside(server) == before
    assert (server.saves / "stolen.json").is_symlink()  # a link is left alone, never followed


@async_test
async def test_continue_shows_only_the_players_games_in_progress(server) -> None:
    from cutthroat.tui.screens.continue_list import ContinueScreen

    bob_kept = in_progress.new_path(server.bob / "saves", "kill-the-kings")
    played(bob_kept)
    (server.saves / "in-progress").mkdir()
    (server.saves / "in-progress" / bob_kept.name).symlink_to(bob_kept)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ContinueScreen())
        await wait_until(pilot, lambda: isinstance(app.screen, ContinueScreen) and hasattr(app.screen, "games"))
        assert app.screen.games == []
        assert "No game in progress" in screen_text(app)


# -- a server's table ----------------------------------------------------------------------------
def footer_actions(app) -> set[str]:
    return {b.binding.action for b in app.screen.active_bindings.values() if b.binding.show}


@async_test
async def test_a_server_table_offers_no_save_key(server) -> None:
    """A seat at a table played elsewhere (`app.host` None, the screen on one seat's port): no `s`
    in the footer, and pressing it saves nothing and shows nothing of the server."""
    from cutthroat.host import SystemClock, ThreadWorkers
    from cutthroat.lens import Lens
    from cutthroat.tui.tables import table_screen

    seats = [Seat("human", "Ana"), Seat("bot", "Eve", "random"), Seat("bot", "Max", "random")]
    before = files_outside(server)
    app = CutthroatApp(start=dict(game="kill-your-friends", config={}, seed=3, seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: on_table(app))
        assert "save" in footer_actions(app)  # a local table (the same game) offers it
        app.leave_table()
        session = Session("kill-your-friends", {}, 3, seats)
        host = TableHost(session, clock=SystemClock(), workers=ThreadWorkers())
        try:
            app.push_screen(table_screen(Lens.for_port(host.port(0))))
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreenBase))
            await pilot.pause()
            assert app.host is None
            assert "save" not in footer_actions(app)
            assert " save" not in screen_text(app).splitlines()[-1]
            count = len(app._notifications)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, TableScreenBase) and not isinstance(app.screen, SaveScreen)
            for message in notices(app)[count:]:
                assert_one_clean_line(message, server)
        finally:
            host.close()
    after = files_outside(server)
    assert after == before
    assert sorted(p.name for p in server.saves.iterdir()) in ([], ["in-progress"])


@async_test
async def test_a_confined_player_has_no_screenshot_command_writing_outside_their_folder(monkeypatch, tmp_path) -> None:
    """Textual's palette offers "Screenshot" (an SVG in the server user's Downloads, its path in a
    toast): not to a server's player."""
    from cutthroat.tui.app import CutthroatApp

    monkeypatch.setenv("CUTTHROAT_CONFINED", "1")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path / "Downloads"))
    app = CutthroatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Theme" in titles and "Screenshot" not in titles
        app.action_screenshot()
        await pilot.pause()
        assert not list(tmp_path.rglob("*.svg"))
        monkeypatch.delenv("CUTTHROAT_CONFINED")
        assert "Screenshot" in [c.title for c in app.get_system_commands(app.screen)]  # at home: yours
