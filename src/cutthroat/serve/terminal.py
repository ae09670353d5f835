"""One player's app process on a pseudo-terminal of its own.

The app is the plain `cutthroat` program, started on the slave side of a fresh PTY as the leader
of its own session (so the PTY is its controlling terminal and a resize reaches it as SIGWINCH);
the server copies bytes between the player's ssh channel and the master side. Its settings and
saves live in the player's own folder under the server's data directory.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import signal
import struct
import sys
import termios
from pathlib import Path


def set_window(fd: int, columns: int, rows: int) -> None:
    """Tell the PTY its size (the kernel sends SIGWINCH to the app when it changes)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _controlling_terminal() -> None:  # runs in the child, before exec
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class AppTerminal:
    """A Cutthroat app process on its own PTY: `write` keys to it, `read` its screen bytes."""

    def __init__(self, home: Path, term: str, columns: int, rows: int, lang: str | None = None,
                 extra_env: dict[str, str] | None = None) -> None:
        self.home = home
        self.extra_env = dict(extra_env or {})
        self.term = term
        self.size = (columns, rows)
        self.lang = lang
        self.master = -1
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        master, slave = pty.openpty()
        set_window(slave, *self.size)
        env = {key: value for key, value in os.environ.items() if not key.startswith(("CUTTHROAT_", "SSH_"))}
        env.update(TERM=self.term or "xterm-256color", LANG=self.lang or "C.UTF-8",
                   CUTTHROAT_CONFIG_DIR=str(self.home / "config"),
                   CUTTHROAT_SAVE_DIR=str(self.home / "saves"), **self.extra_env)
        env.pop("LC_ALL", None)
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "cutthroat", stdin=slave, stdout=slave, stderr=slave,
                env=env, cwd=str(self.home), preexec_fn=_controlling_terminal, close_fds=True)
        finally:
            os.close(slave)
        self.master = master
        os.set_blocking(master, False)

    def resize(self, columns: int, rows: int) -> None:
        if (columns, rows) != self.size and self.master >= 0:
            self.size = (columns, rows)
            set_window(self.master, columns, rows)

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

    async def close(self, grace: float = 5.0) -> int:
        """Ask the app to stop (SIGHUP, as a closed terminal does: it keeps its game in
        Continue), then make sure; the exit status."""
        process = self.process
        code = 0
        if process is not None:
            if process.returncode is None:
                try:
                    os.killpg(process.pid, signal.SIGHUP)
                except ProcessLookupError:
                    pass
                try:
                    await asyncio.wait_for(process.wait(), grace)
                except asyncio.TimeoutError:
                    try:
                        os.killpg(process.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    await process.wait()
            code = process.returncode or 0
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
        return code
