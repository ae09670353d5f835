"""One player's app process on a pseudo-terminal of its own.

The app is the `cutthroat` program on the slave side of a fresh PTY, the leader of its own
session (so the PTY is its controlling terminal and a resize reaches it as SIGWINCH): forked by
the server's zygote (`zygote.py`: the app already imported), or, without one, started plainly.
Either way it gets the same environment, folder, signals and umask. The server copies bytes
between the player's ssh channel and the master side. Its settings and saves live in the
player's own folder under the server's data directory.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import pty
import signal
import struct
import sys
import termios
import time
from pathlib import Path

from cutthroat.serve import trampoline
from cutthroat.serve.zygote import Zygote, ZygoteChild, ZygoteUnavailable

log = logging.getLogger("cutthroat.serve")


def set_window(fd: int, columns: int, rows: int) -> None:
    """Tell the PTY its size (the kernel sends SIGWINCH to the app when it changes)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def app_command() -> list[str]:
    """A plain start-up's app: `python -P -m cutthroat` (nothing from the player's folder on the
    module path), after the trampoline (`trampoline.command`) has set its process up."""
    return [sys.executable, "-P", "-m", "cutthroat"]


#: All an app keeps of the server's own environment: where programs, libraries and Python's
#: modules are, and the time zone. Nothing else of the operator's reaches a player's app: not their
#: credentials, their terminal's variables, nor Textual's debugging ones (`TEXTUAL_LOG` would have
#: every app write its screens to the operator's file).
KEPT_FROM_SERVER = ("PATH", "TZ", "PYTHONPATH", "LD_LIBRARY_PATH")


def server_environment() -> dict[str, str]:
    """What every app's environment starts from (`KEPT_FROM_SERVER`): the zygote's own."""
    return {key: os.environ[key] for key in KEPT_FROM_SERVER if key in os.environ}


def app_environment(home: Path, term: str | None, lang: str | None, extra_env: dict[str, str]) -> dict[str, str]:
    """A player's app's environment (both doors): the little it keeps of the server's own, the
    player's terminal and language, and their own folder as its home (the session's token is not
    in it: it is handed over through a pipe, `token_pipe`)."""
    env = server_environment()
    # (CUTTHROAT_CONFINED: the app keeps to the player's own folder: `saves.confined()`)
    env.update(HOME=str(home), TERM=term or "xterm-256color", LANG=lang or "C.UTF-8",
               CUTTHROAT_CONFIG_DIR=str(home / "config"),
               CUTTHROAT_SAVE_DIR=str(home / "saves"), CUTTHROAT_CONFINED="1", **extra_env)
    return env


def token_pipe(token: str | None, env: dict[str, str]) -> tuple[int, ...]:
    """The session's service token in a pipe for the app to read once at start-up
    (`client.token_from_environment`), never in its environment: the fds to pass (the caller
    closes them once the app has started)."""
    if token is None:
        return ()
    reader, writer = os.pipe()
    os.write(writer, token.encode())
    os.close(writer)
    env["CUTTHROAT_TOKEN_FD"] = str(reader)
    return (reader,)


class AppTerminal:
    """A Cutthroat app process on its own PTY: `write` keys to it, `read` its screen bytes."""

    def __init__(self, home: Path, term: str, columns: int, rows: int, lang: str | None = None,
                 extra_env: dict[str, str] | None = None, resize_interval: float = 0.25,
                 token: str | None = None, zygote: Zygote | None = None) -> None:
        self.home = home
        self.zygote = zygote  # the server's zygote (None: every app a plain start-up)
        self.zygote_pid: int | None = None  # the zygote this app was forked by (None: a plain start-up)
        self.extra_env = dict(extra_env or {})
        self.token = token  # the session's service token: handed over through a pipe, never the environment
        self.term = term
        self.size = (columns, rows)
        self.lang = lang
        self.master = -1
        self.process: asyncio.subprocess.Process | ZygoteChild | None = None
        self.resize_interval = resize_interval
        self.wanted = self.size  # the latest size asked for (applied at most once an interval)
        self.resizes_asked = 0  # window changes the player's client sent
        self.resizes = 0  # window changes applied (each one a repaint of the app's screen)
        self._resized_at = float("-inf")
        self._resize_timer: asyncio.TimerHandle | None = None
        self.hung_up = False  # the server sent SIGHUP (the player left, or the server stops)
        self.killed = False  # ... and then SIGKILL: the app did not stop on SIGHUP

    def environment(self) -> dict[str, str]:
        """The app's environment (`app_environment`)."""
        return app_environment(self.home, self.term, self.lang, self.extra_env)

    async def start(self) -> None:
        """The app on a fresh PTY: forked by the server's zygote if it has one running (one on
        its way up is waited for: its imports are what a plain start-up would do anyway), else
        (no zygote, or it died, or it failed this session) a plain start-up of `cutthroat`."""
        env = self.environment()
        zygote = self.zygote
        if zygote is not None:
            if zygote.alive and not zygote.ready:
                await zygote.wait_ready()
            if zygote.alive and zygote.ready:
                try:
                    await self._start_from(zygote, env)
                    return
                except ZygoteUnavailable as exc:
                    log.warning("a session starts plainly: %s", exc)
            zygote.revive()  # (a new zygote for the sessions after this one)
        await self._start_plain(env)

    async def _start_from(self, zygote: Zygote, env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        passed: tuple[int, ...] = ()
        try:
            set_window(slave, *self.size)
            passed = token_pipe(self.token, env)  # (CUTTHROAT_TOKEN_FD: the child's own number for it, set by the zygote)
            self.process = await zygote.spawn(slave, env, str(self.home), passed[0] if passed else None)
        except BaseException:
            os.close(master)  # (hangs up anything a late answer might have started on it)
            raise
        finally:
            os.close(slave)
            for fd in passed:
                os.close(fd)
        self.zygote_pid = zygote.pid
        self.master = master
        os.set_blocking(master, False)

    async def _start_plain(self, env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        set_window(slave, *self.size)
        passed = token_pipe(self.token, env)
        try:
            # (its own session, the PTY its controlling terminal, signals and umask: set up by the
            # exec'd trampoline, no Python run between fork and exec in the threaded server)
            self.process = await asyncio.create_subprocess_exec(
                *trampoline.command(tty=True), *app_command(), stdin=slave, stdout=slave, stderr=slave,
                env=env, cwd=str(self.home), close_fds=True, pass_fds=passed)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
            for fd in passed:
                os.close(fd)
        self.master = master
        os.set_blocking(master, False)

    def resize(self, columns: int, rows: int) -> None:
        """The player's window changed: the app is told the latest size at once, or (a storm of
        changes) once the resize interval since the last change has passed, so a client sending
        resizes as fast as it can costs a few repaints a second, never one each."""
        self.wanted = (columns, rows)
        self.resizes_asked += 1
        if self._resize_timer is not None:
            return  # (the change already waiting applies the latest size)
        wait = self._resized_at + self.resize_interval - time.monotonic()
        if wait <= 0:
            self._apply_size()
        else:
            self._resize_timer = asyncio.get_running_loop().call_later(wait, self._apply_size)

    def _apply_size(self) -> None:
        self._resize_timer = None
        if self.wanted != self.size and self.master >= 0:
            self.size = self.wanted
            set_window(self.master, *self.size)
            self._resized_at = time.monotonic()
            self.resizes += 1

    def write(self, data: bytes) -> None:
        """Keys to the app (a full PTY buffer drops the rest: the app is not reading)."""
        view = memoryview(data)
        while view:
            try:
                sent = os.write(self.master, view)
            except BlockingIOError:
                return
            except OSError:
                return
            view = view[sent:]

    async def read(self) -> bytes:
        """The app's next screen bytes; b"" once it has exited."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                return os.read(self.master, 65536)
            except BlockingIOError:
                ready = loop.create_future()
                loop.add_reader(self.master, lambda: ready.done() or ready.set_result(None))
                try:
                    await ready
                finally:
                    loop.remove_reader(self.master)
            except OSError:  # EIO: the app closed its terminal (it exited)
                return b""

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    def _signal(self, sig: int) -> None:
        if self.running:
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                pass

    def hangup(self) -> None:
        """Ask the app to stop, as a closed terminal does (SIGHUP): it keeps its game in
        Continue (every move is autosaved)."""
        if self.running:
            self.hung_up = True
            self._signal(signal.SIGHUP)

    def kill(self) -> None:
        """The app did not stop when asked: SIGKILL, to its whole process group."""
        if self.running:
            self.killed = True
            self._signal(signal.SIGKILL)

    async def close(self, grace: float = 5.0) -> int:
        """Ask the app to stop (`hangup`), then make sure (`kill` after `grace` seconds); its
        exit status (-N: ended by signal N). The PTY is closed last: only the session that reads
        it calls this."""
        if self._resize_timer is not None:
            self._resize_timer.cancel()
            self._resize_timer = None
        process = self.process
        code = 0
        if process is not None:
            if process.returncode is None:
                self.hangup()
                try:
                    await asyncio.wait_for(process.wait(), grace)
                except asyncio.TimeoutError:
                    self.kill()
                    await process.wait()
            code = process.returncode or 0
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
        return code
