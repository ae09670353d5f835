"""A warm parent for the players' apps: the zygote.

A cold `cutthroat` process spends most of its start-up importing Python (Textual, the app, its
screens); fifty players arriving at once would pay that fifty times over on the server's cores.
The zygote is one process, started with the server (`python -m cutthroat.serve.zygote`, no
shell), that imports the app once, freezes what it imported (`gc.freeze()`: the pages stay
shared copy-on-write with every child) and then, single-threaded, forks one child per session:

- The server sends a request over a Unix socket pair (SOCK_SEQPACKET, one JSON object a
  message): the environment and folder the app gets (built by `terminal.AppTerminal` by the same
  rules as a plain start-up), with the session's PTY slave, and the read end of the pipe holding
  the session's token, as SCM_RIGHTS.
- The child does what a plain start-up's `terminal._controlling_terminal` does (its own
  session, the PTY its controlling terminal and its stdin/out/err, every signal back to its
  default, umask 077), takes that environment and folder, re-reads the locale and rebuilds its
  stdio from them as a fresh Python would, and runs the app (`cutthroat.cli.run_app`, what
  `cutthroat` with no arguments runs). It
  holds no other descriptor of the zygote's.
- The zygote answers with the child's pid and a pidfd of it, and reports each child's exit
  status when it reaps it. The server signals the child's process group as it always did.
- The zygote dies with the server: a parent-death signal, and the end of its socket. A child
  does not die with the zygote (a crashed zygote must not end the games being played): it
  lives as long as its PTY, which the server holds, so a killed server hangs every app up.
  The server is its subreaper: a child whose zygote died becomes the server's, and is reaped
  (and its exit status known) through its pidfd.

Server side (`Zygote`, `ZygoteChild`) and zygote side (`main`) are in this one module; the
server imports only the standard library from it (never Textual).
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

from cutthroat.serve.trampoline import default_signals

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
                sys.executable, "-P", "-m", "cutthroat.serve.zygote", str(theirs.fileno()), str(os.getpid()),
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

    async def spawn(self, slave: int, env: dict[str, str], cwd: str, token_fd: int | None) -> ZygoteChild:
        """A session's app, forked by the zygote on the PTY `slave`: its child handle."""
        if not (self.alive and self.ready):
            raise ZygoteUnavailable("the zygote is not running")
        loop = asyncio.get_running_loop()
        self._next += 1
        ident = self._next
        answer = loop.create_future()
        self._pending[ident] = answer
        fds = [slave] if token_fd is None else [slave, token_fd]
        message = json.dumps({"id": ident, "env": env, "cwd": cwd, "token": token_fd is not None}).encode()
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


# -- the zygote's side ---------------------------------------------------------------------------
def warm() -> None:
    """Import what an app imports on its way to the title and the lobby, and every table."""
    import importlib
    import pkgutil

    import cutthroat.cli  # noqa: F401
    import cutthroat.tui
    import cutthroat.tui.app  # noqa: F401

    for module in ("textual.drivers.linux_driver", "textual.drivers._writer_thread", "textual._xterm_parser",
                   "textual.layouts.horizontal", "textual.layouts.stream", "textual.widgets._footer",
                   "textual.widgets._label", "cutthroat.serve.client", "cutthroat.serve.limits",
                   "cutthroat.history.daily",
                   "cutthroat.save_index", "secrets", "hmac", "queue", "tty", "termios"):
        try:
            importlib.import_module(module)
        except ImportError:
            pass
    for info in pkgutil.walk_packages(cutthroat.tui.__path__, "cutthroat.tui."):
        try:
            importlib.import_module(info.name)
        except Exception:  # noqa: BLE001 - a module that can't be imported early is imported by its child
            pass


def share_css_parses(limit: int = 2048) -> bool:
    """Every app's CSS parsed once, in the zygote, for all its children: Textual keeps what it
    parsed per stylesheet (and an app makes a fresh one whenever its variables change: its
    theme, each screen's CSS), so each app would parse the same CSS again, a fifth of its CPU to
    the title. Here the parse is also kept process-wide, keyed by the CSS, where it was read
    from, its scope and the variables it was parsed with (what the result depends on), filled by
    the rehearsal and inherited by every child. At most `limit` parses are kept. False (and
    nothing changed) if this Textual's stylesheet isn't the one this was written for."""
    try:
        from textual.css.stylesheet import Stylesheet
    except ImportError:
        return False
    original = getattr(Stylesheet, "_parse_rules", None)
    if original is None or getattr(original, "shared", False) or not hasattr(Stylesheet(), "_variables"):
        return False
    parsed: dict = {}

    def _parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        try:
            key = (css, read_from, is_default_rules, tie_breaker, scope, frozenset(self._variables.items()))
            rules = parsed.get(key)
        except TypeError:  # (something unhashable: parsed as Textual would)
            return original(self, css, read_from, is_default_rules, tie_breaker, scope)
        if rules is None:
            rules = original(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(parsed) < limit:
                parsed[key] = rules
        return list(rules)  # (a list of its own for each caller, as Textual's cache doesn't promise)

    _parse_rules.shared = True
    Stylesheet._parse_rules = _parse_rules
    return True


def rehearse(timeout: float = 20.0) -> bool:
    """Run the app once, headless, to its painted title (in a folder of its own, removed after):
    what each app would otherwise do for the first time itself (Python's specialised bytecode,
    Textual's and Rich's caches) is done here once, and shared. Leaves no thread, no event loop,
    no file and the environment as it was; whether it got there."""
    import asyncio
    import shutil
    import tempfile
    import threading

    from cutthroat.tui.app import CutthroatApp
    from cutthroat.tui.screens.title import TitleScreen

    folder = tempfile.mkdtemp(prefix="cutthroat-zygote-")
    saved = dict(os.environ)
    os.environ.update(CUTTHROAT_CONFIG_DIR=os.path.join(folder, "config"),
                      CUTTHROAT_SAVE_DIR=os.path.join(folder, "saves"))

    async def to_the_title() -> bool:
        app = CutthroatApp()
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(int(timeout / 0.05)):
                if isinstance(app.screen, TitleScreen) and app.screen.is_mounted:
                    await pilot.pause()
                    return True
                await pilot.pause(0.05)
        return False

    try:
        return asyncio.run(to_the_title()) and threading.active_count() == 1
    except Exception:  # noqa: BLE001 - a rehearsal that fails costs each child its own first time
        return False
    finally:
        os.environ.clear()
        os.environ.update(saved)
        shutil.rmtree(folder, ignore_errors=True)


_KEPT: list = []  # (the zygote's: what fills its allocator's holes, kept for every child)


def _small_block_stats() -> list[tuple[int, int]]:
    """(block size, free blocks) of each of Python's small-block size classes, from
    `sys._debugmallocstats` (which writes to the C stderr: read through a pipe)."""
    reader, writer = os.pipe()
    saved = os.dup(2)
    try:
        sys.stderr.flush()
        os.dup2(writer, 2)
        sys._debugmallocstats()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(writer)
    chunks = []
    try:
        os.set_blocking(reader, False)
        while True:
            try:
                chunk = os.read(reader, 65536)
            except BlockingIOError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(reader)
    stats = []
    for line in b"".join(chunks).decode("ascii", "replace").splitlines():
        fields = line.split()
        if len(fields) == 5 and all(f.isdigit() for f in fields):
            stats.append((int(fields[1]), int(fields[4])))
    return stats


def fill_holes(passes: int = 2) -> int:
    """Fill the free blocks of the zygote's partly used small-block pools (the holes its imports
    and rehearsal left) with objects it keeps: a child's own allocations then go to fresh pages
    of its own instead of into a hole in a page it shares with the zygote (each such write
    copies the whole page into the child). Blocks filled."""
    filled = 0
    for _ in range(passes):
        try:
            stats = _small_block_stats()
        except (OSError, AttributeError):
            return filled
        for size, free in stats:
            length = size - 33  # (a bytes object of this length is one block of this size)
            if length < 2 or not free:
                continue
            _KEPT.extend(bytes(length) for _ in range(free))
            filled += free
    return filled


def _reset_signals() -> None:
    """`default_signals`, then Python's own start-up choices (SIGINT raises KeyboardInterrupt,
    SIGPIPE and SIGXFSZ ignored), as in a fresh `python`: the child runs no `exec`."""
    default_signals()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for name in ("SIGPIPE", "SIGXFSZ"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)


def _fresh_stdio() -> None:
    """The locale, UTF-8 mode and stdin, stdout and stderr (on the PTY) that a fresh Python
    would choose from this environment (PEP 538 and 540): the C or POSIX locale coerced to
    C.UTF-8 (LC_CTYPE set in the environment) with UTF-8 mode on, unless PYTHONUTF8 or
    PYTHONCOERCECLOCALE say otherwise; PYTHONIOENCODING; line-buffered on the terminal."""
    import codecs
    import io
    import locale

    from cutthroat import settings

    env = os.environ
    try:
        locale.setlocale(locale.LC_CTYPE, "")
    except locale.Error:
        locale.setlocale(locale.LC_CTYPE, "C")
    legacy = locale.setlocale(locale.LC_CTYPE) in ("C", "POSIX")
    utf8 = {"1": True, "0": False}.get(env.get("PYTHONUTF8", ""), legacy)
    if legacy and env.get("PYTHONCOERCECLOCALE") != "0" and not env.get("LC_ALL"):
        for target in ("C.UTF-8", "C.utf8", "UTF-8"):
            try:
                locale.setlocale(locale.LC_CTYPE, target)
            except locale.Error:
                continue
            env["LC_CTYPE"] = target
            break
    settings.utf8_mode = utf8  # (what `sys.flags.utf8_mode` would say in a fresh Python: the zygote's says its own)
    encoding = "utf-8" if utf8 else (locale.getpreferredencoding(False) or "utf-8")
    try:
        if codecs.lookup(encoding).name == "utf-8":
            encoding = "utf-8"  # (Python's own spelling)
    except LookupError:
        pass
    # (surrogateescape in UTF-8 mode, in the C locale and in a coercion target's: as Python's)
    errors = ("surrogateescape" if utf8 or legacy or locale.setlocale(locale.LC_CTYPE) in ("C.UTF-8", "C.utf8", "UTF-8")
              else "strict")
    asked = env.get("PYTHONIOENCODING", "")
    if asked:
        named, _, how = asked.partition(":")
        encoding, errors = named or encoding, how or errors
    unbuffered = bool(env.get("PYTHONUNBUFFERED"))  # (-u is never given: `Zygote.start`, `_start_plain`)
    streams = []
    for fd, mode in ((0, "r"), (1, "w"), (2, "w")):
        raw = io.FileIO(fd, mode + "b", closefd=False)
        if mode == "r":
            buffered = io.BufferedReader(raw)
        else:  # (as Python's own: unbuffered, or line-buffered on a terminal and stderr always)
            buffered = raw if unbuffered else io.BufferedWriter(raw)
        streams.append(io.TextIOWrapper(buffered, encoding=encoding,
                                        errors="backslashreplace" if fd == 2 else errors,
                                        line_buffering=mode == "w" and not unbuffered,
                                        write_through=mode == "w" and unbuffered))
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams


def _become_the_app(sock: socket.socket, wake: tuple[int, int], request: dict, slave: int,
                    token: int | None) -> None:
    """In the forked child: set up as a plain start-up's app process would be."""
    import gc

    gc.enable()
    signal.set_wakeup_fd(-1)
    for fd in (sock.detach(), *wake):
        os.close(fd)
    os.setsid()
    _name(b"cutthroat-app")
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    os.close(slave)
    import fcntl
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    env = {str(k): str(v) for k, v in request.get("env", {}).items()}
    if token is not None:
        os.dup2(token, 3)
        if token != 3:
            os.close(token)
        env["CUTTHROAT_TOKEN_FD"] = "3"
        os.closerange(4, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 1024)
    else:
        env.pop("CUTTHROAT_TOKEN_FD", None)
        os.closerange(3, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 1024)
    _reset_signals()
    os.umask(0o077)
    os.environ.clear()
    os.environ.update(env)
    os.chdir(request["cwd"])
    _fresh_stdio()
    sys.argv = ["cutthroat"]


def _failed_to_start(request: dict, error: BaseException) -> None:
    """In a forked child whose set-up failed: the traceback to the server's app error log (never
    to the player's terminal: it would show them the server's paths and source), one line to the
    player, and an end at once (not through the zygote's own exit handlers)."""
    from pathlib import Path

    from cutthroat.tui.errors import SORRY, log_error

    where = (request.get("env") or {}).get("CUTTHROAT_ERROR_LOG")
    if where:
        log_error(Path(where), error, who="(its app did not start)")
    try:
        os.write(2, f"\r\n{SORRY}\r\n".encode())
    except OSError:
        pass  # (no terminal yet: the player's connection just ends)
    os._exit(127)


def _send(sock: socket.socket, message: dict, fds: list[int] = ()) -> None:
    """A message to the server; if it is gone (stopped, or stopping), the zygote's work is over."""
    try:
        socket.send_fds(sock, [json.dumps(message).encode()], list(fds))
    except OSError:
        raise SystemExit(0) from None


def main(argv: list[str] | None = None) -> int:
    import gc
    import select
    import threading

    argv = sys.argv[1:] if argv is None else argv
    fd, server = int(argv[0]), int(argv[1])
    entry = argv[2] if len(argv) > 2 else None  # (tests: what each child runs instead of the app)
    _prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL))
    _name(b"cutthroat-zyg")
    if os.getppid() != server:
        return 0  # (the server is already gone)
    sock = socket.socket(fileno=fd)
    # As the gc module's documentation has it for fork without exec: no collection in the zygote
    # (a freed object leaves a hole a child's allocation would fill, copying the page), everything
    # frozen before the forks (a child's collections never write to the zygote's objects), and
    # collections back on in each child.
    gc.disable()
    warm()
    share_css_parses()
    rehearse()
    gc.collect()  # (the rehearsal's own app, garbage now: not frozen into every child)
    fill_holes()  # (measured: 0.7 MB less written by each child to its title, of 16 MB)
    if threading.active_count() != 1:
        return 0  # (a thread outlived the rehearsal: forking now could copy a held lock into every app)
    gc.freeze()
    reader, writer = os.pipe()
    os.set_blocking(reader, False)
    os.set_blocking(writer, False)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(writer)
    _send(sock, {"ready": True})  # (the server may have stopped meanwhile: then this one ends)
    while True:
        try:
            readable, _, _ = select.select([sock, reader], [], [])
        except InterruptedError:
            continue
        if reader in readable:
            try:
                while os.read(reader, 512):
                    pass
            except BlockingIOError:
                pass
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            _send(sock, {"exit": pid, "code": os.waitstatus_to_exitcode(status)})
        if sock not in readable:
            continue
        try:
            data, fds, flags, _ = socket.recv_fds(sock, MESSAGE_BYTES, 2)
        except InterruptedError:
            continue
        except OSError:
            return 0
        if not data:
            return 0  # the server is gone (or stopping)
        try:
            request = json.loads(data)
            ident = request["id"]
        except (ValueError, KeyError, TypeError):
            for received in fds:
                os.close(received)
            continue
        wants = 2 if request.get("token") else 1
        if len(fds) != wants or flags & socket.MSG_CTRUNC:
            for received in fds:
                os.close(received)
            _send(sock, {"id": ident, "error": "the PTY (and token) did not arrive"})
            continue
        slave, token = fds[0], (fds[1] if wants == 2 else None)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            try:
                _become_the_app(sock, (reader, writer), request, slave, token)
            except BaseException as exc:  # noqa: BLE001 - set-up failed: the operator's log has why
                _failed_to_start(request, exc)
            if entry is not None:
                import importlib

                module, _, name = entry.partition(":")
                return getattr(importlib.import_module(module), name)()
            from cutthroat.cli import run_app

            return run_app()  # (and then the interpreter ends as a plain start-up's does)
        for received in fds:
            os.close(received)
        pidfd = os.pidfd_open(pid)
        try:
            _send(sock, {"id": ident, "pid": pid}, [pidfd])
        finally:
            os.close(pidfd)


if __name__ == "__main__":
    raise SystemExit(main())
