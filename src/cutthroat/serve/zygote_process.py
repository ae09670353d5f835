"""The zygote process (`python -m cutthroat.serve.zygote_process FD SERVER_PID [ENTRY]`, started
by `zygote.Zygote.start`): it imports the app once (`warm`), parses its CSS for every child
(`share_css_parses`), runs it once headless to its painted title (`rehearse`), fills its
allocator's holes (`fill_holes`), freezes what it has (`gc.freeze`) and then, single-threaded,
forks one child per request from the server (the child's set-up: `zygote_child.py`), answering
with each child's pid and pidfd and reporting each exit status when it reaps the child."""

from __future__ import annotations

import ctypes
import json
import os
import signal
import socket
import sys

from cutthroat.serve.zygote import MESSAGE_BYTES, PR_SET_PDEATHSIG, _name, _prctl
from cutthroat.serve.zygote_child import _become_the_app, _failed_to_start


def warm() -> None:
    """Import what an app imports on its way to the title and the lobby, and every table."""
    import importlib
    import pkgutil

    import cutthroat.cli  # noqa: F401
    import cutthroat.tui
    import cutthroat.tui.app  # noqa: F401

    for module in ("textual.drivers.linux_driver", "textual.drivers._writer_thread", "textual._xterm_parser",
                   "textual.drivers.web_driver", "textual.drivers._byte_stream", "textual._binary_encode",
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
    """Run the app once, headless, to its painted title (in a folder of its own, removed after),
    with the toasts and tooltips a player's app has, and open and shut the lobby's prompt (the
    name a player gives first): what each app would otherwise do for the first time itself
    (Python's specialised bytecode, Textual's and Rich's caches, the CSS of the widgets they
    show) is done here once, and shared. Leaves no thread, no event loop, no file and the
    environment as it was; whether it got there."""
    import asyncio
    import shutil
    import tempfile
    import threading

    from cutthroat.tui.app import CutthroatApp
    from cutthroat.tui.screens.lobby import AskScreen
    from cutthroat.tui.screens.title import TitleScreen

    folder = tempfile.mkdtemp(prefix="cutthroat-zygote-")
    saved = dict(os.environ)
    os.environ.update(CUTTHROAT_CONFIG_DIR=os.path.join(folder, "config"),
                      CUTTHROAT_SAVE_DIR=os.path.join(folder, "saves"))

    async def to_the_title() -> bool:
        app = CutthroatApp()
        async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
            for _ in range(int(timeout / 0.05)):
                if isinstance(app.screen, TitleScreen) and app.screen.is_mounted:
                    await pilot.pause()
                    prompt = AskScreen("Your name at the tables:", 20)
                    await app.push_screen(prompt)
                    await pilot.pause()
                    await app.pop_screen()
                    await pilot.pause()
                    return prompt.is_attached is False and isinstance(app.screen, TitleScreen)
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
            data, fds, flags, _ = socket.recv_fds(sock, MESSAGE_BYTES, 3)
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
        # (an ssh session's PTY slave, or a web session's stdin and stdout pipe ends; then its token)
        stdio = 2 if request.get("web") else 1
        wants = stdio + (1 if request.get("token") else 0)
        if len(fds) != wants or flags & socket.MSG_CTRUNC:
            for received in fds:
                os.close(received)
            _send(sock, {"id": ident, "error": "the PTY or pipes (and token) did not arrive"})
            continue
        token = fds[stdio] if wants > stdio else None
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            try:
                _become_the_app(sock, (reader, writer), request, fds[:stdio], token)
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
