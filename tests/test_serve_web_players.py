"""The players' folders under the web door (`serve/players.py`): a new browser is a new player for
free, so the folders that never became a player worth keeping are swept, and their number capped.

- The sweep (no server): of many stale folders that never got a name, every one goes; a fresh
  one, a named one, one with a save or a history, one with a session open, a seat or a link code
  waiting, and anything that isn't a player's folder (or is a symlink) stay.
- A real server (`--unnamed-player-hours` small, `--max-players` small): its start-up sweep
  removes the stale folders; a browser's folder survives sweeps while its session is open and is
  swept once it closes; at the cap a browser without a cookie gets one line (503) and no cookie,
  a new player's websocket is refused, an existing player still plays; once swept, new browsers
  get in again.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("aiohttp", reason="the web door needs the web extra (pip install '.[web]')")

from helpers_serve import eventually  # noqa: E402
from test_serve_web import TITLE, Browser, Screen, WebServer, run  # noqa: E402

from cutthroat.serve.limits import Limits  # noqa: E402
from cutthroat.serve.players import PlayerFolders  # noqa: E402
from cutthroat.serve.store import Store  # noqa: E402

DAY = 24 * 3600


def player(n: int) -> str:
    return f"{n:032x}"


def folder(data: Path, name: str, *files: str, age: float = 2 * DAY) -> Path:
    """A player folder with these files (paths inside it), everything in it `age` seconds old."""
    home = data / "players" / name
    home.mkdir(parents=True, exist_ok=True)
    for path in files:
        (home / path).parent.mkdir(parents=True, exist_ok=True)
        (home / path).write_text("{}")
    backdate(home, age)
    return home


def backdate(home: Path, age: float) -> None:
    when = time.time() - age
    for top, dirs, files in os.walk(home):
        for name in dirs + files:
            os.utime(os.path.join(top, name), (when, when))
    os.utime(home, (when, when))


def test_the_sweep_removes_only_stale_folders_that_never_became_a_player_worth_keeping(tmp_path):
    data = tmp_path / "data"
    stale = [folder(data, player(n), "config/settings.json") for n in range(1, 41)]
    kept = {
        "fresh": folder(data, player(100), "config/settings.json", age=60),
        "named": folder(data, player(101)),
        "saved": folder(data, player(102), "saves/autosave.json"),
        "history": folder(data, player(103), "history.sqlite3"),
        "in a session": folder(data, player(104)),
        "seated": folder(data, player(105)),
        "a link code": folder(data, player(106)),
        "not a player's": folder(data, "notes"),
        "many files": folder(data, player(107), *(f"f{n}" for n in range(250))),
    }
    outside = folder(tmp_path, player(108))  # (a symlinked folder: never followed)
    (data / "players" / player(109)).symlink_to(outside)
    store = Store(data / "cutthroat.db")
    store.set_name(player(101), "Ana")
    service = SimpleNamespace(store=store, link_codes={"CODE": (player(106), 0.0, "?")},
                              tables={"ABCD": SimpleNamespace(seats=[{"player": player(105)}, {"player": None}],
                                                              maker=None)})
    state = SimpleNamespace(data=data, limits=Limits(), sessions={player(104): 1}, service=service)
    folders = PlayerFolders(state)
    try:
        assert folders.count() == 40 + 8 + 1 and folders.full() is False
        assert asyncio.run(folders.sweep()) == 40
        assert not any(home.exists() for home in stale)
        assert all(home.exists() for home in kept.values()), [what for what, home in kept.items()
                                                              if not home.exists()]
        assert (outside / ".").exists() and (data / "players" / player(109)).is_symlink()
        assert asyncio.run(folders.sweep()) == 0  # (nothing more to do)
    finally:
        store.close()
    assert PlayerFolders(SimpleNamespace(data=data, limits=Limits(max_players=9), sessions={}, service=None)).full()


def test_a_browsers_folder_lives_while_its_session_does_and_new_players_are_capped(tmp_path):
    data = tmp_path / "data"
    store = Store(data / "cutthroat.db")
    store.set_name(player(1), "Ana")
    store.close()
    folder(data, player(1))  # Ana: named (her cookie is signed below, once the server made its key)
    folder(data, player(2), "history.sqlite3")
    stale = [folder(data, player(n), "config/settings.json") for n in range(10, 30)]
    server = WebServer(data, "--unnamed-player-hours", "0.0005", "--max-players", "4")  # (1.8 s; swept every 0.9 s)
    try:
        server.wait_for("removed 20 player folders")  # (at start-up)
        assert not any(home.exists() for home in stale)

        async def play() -> None:
            first, second, third = Browser(server), Browser(server), Browser(server)
            try:
                assert (await first.page()).status == 200
                ws = await first.open()
                await Screen(ws).shows(TITLE)
                home = data / "players" / first.player
                assert home.is_dir()
                backdate(home, 2 * DAY)  # (as if unused for days: only its open session keeps it)
                decoy = folder(data, player(99))
                await asyncio.to_thread(eventually, lambda: not decoy.exists(), "a sweep with the session open")
                assert home.is_dir()

                assert (await second.page()).status == 200  # (the 4th folder, with its websocket)
                ws2 = await second.open()
                await Screen(ws2).shows(TITLE)
                async with third.session.get(server.url + "/") as refused:  # (a 5th player: none)
                    assert refused.status == 503 and "Set-Cookie" not in refused.headers
                    assert (await refused.text()).count("\n") == 1 and "as many players" in await refused.text()
                from cutthroat.serve.web_cookie import sign

                secret = (data / "web-cookie-secret").read_bytes()
                third.session.cookie_jar.update_cookies({"cutthroat_player": sign(secret, player(3))})
                assert await third.refused() == 503  # (a signed cookie, but a new player's: no folder made)
                assert not (data / "players" / player(3)).exists()
                third.session.cookie_jar.update_cookies({"cutthroat_player": sign(secret, player(1))})
                assert (await third.page()).status == 200  # (Ana, an existing player: always)
                ws3 = await third.open()
                await Screen(ws3).shows(TITLE)
                await ws3.close()

                await ws.close()
                await ws2.close()
                await asyncio.to_thread(eventually, lambda: not home.exists(), "the first browser's folder swept")
                await asyncio.to_thread(eventually, lambda: not (data / "players" / second.player).exists(),
                                        "the second browser's folder swept")
                fourth = Browser(server)
                try:
                    assert (await fourth.page()).status == 200  # (room again)
                finally:
                    await fourth.close()
            finally:
                for browser in (first, second, third):
                    await browser.close()

        run(play())
        assert (data / "players" / player(1)).is_dir() and (data / "players" / player(2)).is_dir()
    finally:
        assert server.stop() == 0
    assert "Traceback" not in server.text(), server.text()
