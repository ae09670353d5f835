"""A warm parent for the players' apps: the zygote.

A cold `cutthroat` process spends most of its start-up importing Python (Textual, the app, its
screens); fifty players arriving at once would pay that fifty times over on the server's cores.
The zygote is one process, started with the server (`python -m cutthroat.serve.zygote_process`,
no shell), that imports the app once, freezes what it imported (`gc.freeze()`: the pages stay
shared copy-on-write with every child) and then, single-threaded, forks one child per session:

- The server sends a request over a Unix socket pair (SOCK_SEQPACKET, one JSON object a
  message): the environment and folder the app gets (built by `terminal.AppTerminal`, or the web
  door's `web_session.start_web_app`, by the same rules as a plain start-up), with the session's
  PTY slave (a web session: its stdin's read end and stdout's write end), and the read end of
  the pipe holding the session's token, as SCM_RIGHTS.
- The child does what a plain start-up's `trampoline` does (its own
  session, the PTY its controlling terminal and its stdin/out/err, or a web app's pipes and no
  terminal, every signal back to its default, umask 077), takes that environment and folder,
  re-reads the locale, its stdio and Textual's constants from them as a fresh Python would, and
  runs the app (`cutthroat.cli.run_app`, what `cutthroat` with no arguments runs). It
  holds no other descriptor of the zygote's.
- The zygote answers with the child's pid and a pidfd of it, and reports each child's exit
  status when it reaps it. The server signals the child's process group as it always did.
- The zygote dies with the server: a parent-death signal, and the end of its socket. A child
  does not die with the zygote (a crashed zygote must not end the games being played): it
  lives as long as its PTY, which the server holds, so a killed server hangs every app up (a
  web app: as long as its stdout has a reader, the server; a thread of its own ends it then).
  The server is its subreaper: a child whose zygote died becomes the server's, and is reaped
  (and its exit status known) through its pidfd.

This module is the server's side (`Zygote`, `ZygoteChild`), the standard library only (the
server never imports Textual); the zygote process is `zygote_process.py` and what its child
does to become a player's app is `zygote_child.py`.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import logging
import os
import signal
import socket
import sys
import time

log = logging.getLogger("cutthroat.serve")

SPAWN_SECONDS = 10.0  # a zygote that doesn't answer a request in this long is taken for dead
READY_SECONDS = 20.0  # a session waits this long at most for a zygote on its way up
MESSAGE_BYTES = 1 << 20
PR_SET_PDEATHSIG = 1
PR_SET_NAME = 15
PR_SET_CHILD_SUBREAPER = 36


_libc = None


def _prctl(option: int, value) -> bool:
    global _libc
    try:
        if _libc is None:
            _libc = ctypes.CDLL(None, use_errno=True)  # (the C library already loaded: no search)
        return _libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError, TypeError):
        return False


def _name(name: bytes) -> None:
    """The process's name as `ps -o comm` and `top` show it (its command line stays the
    zygote's: a forked child's is its parent's)."""
    _prctl(PR_SET_NAME, ctypes.c_char_p(name[:15]))


def supported() -> bool:
    """Whether this system can run a zygote (Linux: pidfds, waitid on a pidfd, SCM_RIGHTS)."""
    return (sys.platform.startswith("linux") and hasattr(os, "pidfd_open") and hasattr(os, "P_PIDFD")
            and hasattr(socket, "send_fds") and hasattr(socket, "SOCK_SEQPACKET"))


class ZygoteUnavailable(Exception):
    """No zygote to start this session from: start it plainly."""


# -- the server's side ---------------------------------------------------------------------------
class ZygoteChild:
    """An app process the zygote forked, as the server sees it: what `terminal.AppTerminal`
    uses of an `asyncio.subprocess.Process` (`pid`, `returncode`, `wait()`)."""

    def __init__(self, pid: int, pidfd: int, zygote: "Zygote", started_by) -> None:
        self.pid = pid
        self.pidfd = pidfd
        self.zygote = zygote
        self.started_by = started_by  # (the zygote process that forked it)
        self.returncode: int | None = None
        self.status_known = True  # False: it ended after its zygote, and its status was lost
        self._done = asyncio.get_running_loop().create_future()

    def _ended(self, code: int, known: bool = True) -> None:
        if self.returncode is not None:
            return
        self.returncode, self.status_known = code, known
        if self.pidfd >= 0:
            os.close(self.pidfd)
            self.pidfd = -1
        if not self._done.done():
            self._done.set_result(code)

    async def wait(self) -> int:
        await asyncio.shield(self._done)
        return self.returncode

    async def _orphaned(self) -> None:
        """Its zygote is gone (and reaped): the child is the server's now (subreaper). Wait for
        its end on its pidfd and reap it."""
        loop = asyncio.get_running_loop()
        while self.returncode is None:
            try:
                result = os.waitid(os.P_PIDFD, self.pidfd, os.WEXITED | os.WNOHANG)
            except ChildProcessError:  # (reaped by the zygote, its status never sent)
                self._ended(0, known=False)
                return
            except OSError:
                self._ended(0, known=False)
                return
            if result is not None:
                code = -result.si_status if result.si_code in (os.CLD_KILLED, os.CLD_DUMPED) else result.si_status
                self._ended(code)
                return
            ready = loop.create_future()
            loop.add_reader(self.pidfd, lambda: ready.done() or ready.set_result(None))
            try:
                await ready
            finally:
                if self.pidfd >= 0:
                    loop.remove_reader(self.pidfd)


class Zygote:
    """The server's handle on its zygote: `start` it, `spawn` a session's app from it; if it
    dies, sessions start plainly (`ZygoteUnavailable`) and the next one asks for a new zygote
    (`revive`: at once after a zygote that was ready, after a growing pause after one that died
    on its way up)."""

    def __init__(self, env: dict[str, str], entry: str | None = None) -> None:
        self.env = dict(env)
        self.entry = entry  # tests only: "module:function" each child runs instead of the app
        self.process: asyncio.subprocess.Process | None = None
        self.sock: socket.socket | None = None
        self.ready = False
        self.starts = 0
        self._next = 0
        self._pending: dict[int, asyncio.Future] = {}
        self.children: dict[int, ZygoteChild] = {}
        self._tasks: set[asyncio.Task] = set()
        self._started_at = 0.0
        self._backoff = 5.0
        self._restart_at = 0.0
        self._ready_event: asyncio.Event | None = None
        self.closing = False

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None and self.sock is not None

    async def start(self) -> None:
        """Start the zygote (it reports ready once its imports are done: `wait_ready`)."""
        # (a child whose zygote died becomes ours: reaped here, its status known)
        _prctl(PR_SET_CHILD_SUBREAPER, ctypes.c_ulong(1))
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-P", "-m", "cutthroat.serve.zygote_process", str(theirs.fileno()), str(os.getpid()),
                *([self.entry] if self.entry else []),
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=None,
                env=self.env, pass_fds=(theirs.fileno(),), close_fds=True, start_new_session=True)
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self.sock = ours
        self.ready = False
        self.starts += 1
        self._started_at = time.monotonic()
        self._ready_event = asyncio.Event()
        self._spawn_task(self._read(ours, self.process))

    def _spawn_task(self, coro) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def wait_ready(self, timeout: float = READY_SECONDS) -> bool:
        if self._ready_event is None:
            return False
        try:
            await asyncio.wait_for(self._ready_event.wait(), timeout)
        except asyncio.TimeoutError:
            if self.alive and not self.ready:  # (stuck on its way up: the next one after a pause)
                log.error("the zygote (pid %s) was not ready in %g s: stopped", self.pid, timeout)
                self._stop_process()
            return False
        return self.ready

    def revive(self) -> None:
        """A session found the zygote gone: start a new one (in the background), unless one
        that died on its way up asks for a pause first."""
        if self.closing or self.alive or time.monotonic() < self._restart_at:
            return
        self._spawn_task(self._revive())

    async def _revive(self) -> None:
        if self.closing or self.alive:
            return
        try:
            await self.start()
        except OSError as exc:
            log.error("could not start the zygote: %s", exc)

    async def spawn(self, stdio: int | tuple[int, int], env: dict[str, str], cwd: str,
                    token_fd: int | None) -> ZygoteChild:
        """A session's app, forked by the zygote: its child handle. `stdio` is an ssh session's
        PTY slave, or a web session's (stdin's read end, stdout's write end): a web app, whose
        stderr is /dev/null, with no terminal at all."""
        if not (self.alive and self.ready):
            raise ZygoteUnavailable("the zygote is not running")
        loop = asyncio.get_running_loop()
        self._next += 1
        ident = self._next
        answer = loop.create_future()
        self._pending[ident] = answer
        web = not isinstance(stdio, int)
        fds = [*(stdio if web else (stdio,)), *(() if token_fd is None else (token_fd,))]
        message = json.dumps({"id": ident, "env": env, "cwd": cwd, "token": token_fd is not None,
                              **({"web": True} if web else {})}).encode()
        try:
            socket.send_fds(self.sock, [message], fds)
            child = await asyncio.wait_for(answer, SPAWN_SECONDS)
        except asyncio.TimeoutError:
            log.error("the zygote (pid %s) did not answer in %g s: stopped; sessions start plainly", self.pid,
                      SPAWN_SECONDS)
            self._stop_process()
            raise ZygoteUnavailable("the zygote did not answer") from None
        except (OSError, ConnectionError) as exc:
            raise ZygoteUnavailable(f"the zygote is gone ({exc})") from None
        finally:
            self._pending.pop(ident, None)
        return child

    def _stop_process(self) -> None:
        if self.process is not None and self.process.returncode is None:
            try:
                self.process.kill()
            except ProcessLookupError:
                pass

    async def _read(self, sock: socket.socket, process: asyncio.subprocess.Process) -> None:
        """The zygote's messages (ready; a child's pid and pidfd; a child's exit) until it ends."""
        loop = asyncio.get_running_loop()
        ready_event, started_at = self._ready_event, self._started_at
        try:
            while True:
                try:
                    data, fds, _flags, _ = socket.recv_fds(sock, MESSAGE_BYTES, 1)
                except BlockingIOError:
                    ready = loop.create_future()
                    loop.add_reader(sock.fileno(), lambda: ready.done() or ready.set_result(None))
                    try:
                        await ready
                    finally:
                        loop.remove_reader(sock.fileno())
                    continue
                except OSError:
                    break
                if not data:
                    break
                try:
                    message = json.loads(data)
                except ValueError:
                    message = {}
                self._message(message, fds, sock, process)
        finally:
            if self.sock is sock:
                self.sock = None
                self.ready = False
            sock.close()
            for answer in self._pending.values():
                if not answer.done():
                    answer.set_exception(ConnectionError("the zygote ended"))
            if process.returncode is None and not self.closing:  # (closing: it ends on its own, or `close` kills it)
                try:
                    process.kill()
                except ProcessLookupError:
                    pass
            code = await process.wait()
            if not self.closing:
                if ready_event.is_set():
                    self._backoff, self._restart_at = 5.0, 0.0
                else:  # (it died on its way up: wait before the next try, longer each time)
                    self._restart_at = time.monotonic() + self._backoff
                    self._backoff = min(300.0, self._backoff * 2)
                log.warning("the zygote (pid %d) ended (status %d, after %.0f s): sessions start plainly until a "
                            "new one is ready", process.pid, code, time.monotonic() - started_at)
            ready_event.set()  # (nobody waits for a ready that won't come)
            # Its children still running are ours now (subreaper): each is reaped on its pidfd.
            for pid, child in list(self.children.items()):
                if child.started_by is process:
                    del self.children[pid]
                    if child.returncode is None and child.pidfd >= 0:
                        self._spawn_task(child._orphaned())

    def _message(self, message: dict, fds: list[int], sock: socket.socket,
                 process: asyncio.subprocess.Process) -> None:
        if message.get("ready"):
            for fd in fds:
                os.close(fd)
            if sock is not self.sock:
                return
            self.ready = True
            if self._ready_event is not None:
                self._ready_event.set()
            log.info("the zygote is ready (pid %d, %.1f s): sessions start from it", self.pid,
                     time.monotonic() - self._started_at)
        elif "id" in message:
            answer = self._pending.get(message["id"])
            pid = message.get("pid")
            if answer is None or answer.done() or not isinstance(pid, int) or not fds:
                for fd in fds:
                    os.close(fd)
                if isinstance(pid, int):  # (too late: its session gave up on it, or started plainly)
                    for kill in (os.killpg, os.kill):  # (its group, or itself before its setsid)
                        try:
                            kill(pid, signal.SIGKILL)
                        except OSError:
                            pass
                if answer is not None and not answer.done():
                    answer.set_exception(ConnectionError(message.get("error") or "no child"))
                return
            # (known from now on: its exit may be the very next message, before `spawn` resumes)
            child = self.children[pid] = ZygoteChild(pid, fds[0], self, process)
            answer.set_result(child)
        elif "exit" in message:
            for fd in fds:
                os.close(fd)
            child = self.children.pop(message["exit"], None)
            if child is not None:
                child._ended(int(message.get("code", 0)))
        else:
            for fd in fds:
                os.close(fd)

    async def close(self, grace: float = 5.0) -> None:
        """The server stops: the zygote's socket closed (it exits), then killed if need be."""
        self.closing = True
        for task in list(self._tasks):
            if task.get_coro().__name__ == "_revive":
                task.cancel()
        process, sock = self.process, self.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), grace)
            except asyncio.TimeoutError:
                self._stop_process()
                await process.wait()
        for task in list(self._tasks):
            task.cancel()
