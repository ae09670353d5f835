"""How the server starts an app process without running Python code between fork and exec.

`subprocess`'s `preexec_fn` runs Python in the forked child of a process that may have threads
(the server has asyncio's and asyncssh's): CPython documents it as unsafe there (a lock another
thread held at the fork stays held in the child for ever). So the server starts this small
program instead (`command`: `python -I -S trampoline.py ...`, the standard library only, no
site, nothing of the environment read), which sets the process up and then `execve`s the app
(with the environment it was given):

- `--session`: a session of its own (`setsid`); `--tty` also makes its stdin, a PTY's slave,
  its controlling terminal (a resize reaches the app as SIGWINCH; a hang-up as SIGHUP);
- every signal back to its default and none blocked (a server started under `nohup` ignores
  SIGHUP, and an ignored signal is inherited through exec: the app would outlive its player's
  connection), and umask 077 (files private to the server's user);
- `--parent-death PID`: SIGKILL when its parent (PID) dies, even by kill -9; it ends at once if
  that parent is already gone. Linux's parent-death signal (`prctl(PR_SET_PDEATHSIG)`) does it;
  where the C library has no `prctl` (macOS, the BSDs) a watcher does: a small process forked
  before the exec (`_watch`: no descriptor of the app's, in its session, deaf to the terminal's
  signals) that waits for either the parent or the app to end (kqueue's exit note where there is
  kqueue, else a look every `WATCH_SECONDS`) and kills the app if the parent went first. The
  server says so once in its log (`parent_death_signal`).

A set-up that fails ends it with status 127 and one line on stderr (no path, no traceback).
"""

from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1
FAILED = 127
WATCH_SECONDS = 1.0  # without kqueue, a watcher looks this often whether the parent is still there


def command(*, tty: bool = False, parent_death: int | None = None) -> list[str]:
    """The trampoline's command line, to which the app's own (program first) is appended."""
    return [sys.executable, "-I", "-S", os.path.abspath(__file__), "--session",
            *(["--tty"] if tty else []), *(["--parent-death", str(parent_death)] if parent_death else []), "--"]


def default_signals() -> None:
    """Every signal back to its default and none blocked."""
    for sig in signal.valid_signals():
        if sig in (signal.SIGKILL, signal.SIGSTOP):
            continue
        try:
            signal.signal(sig, signal.SIG_DFL)
        except (OSError, ValueError, RuntimeError):
            pass  # (a signal the C library keeps for itself)
    signal.pthread_sigmask(signal.SIG_SETMASK, ())


def started_environment() -> dict[bytes, bytes]:
    """The environment this process was started with, as the server gave it: Python's own
    start-up may have changed it (PEP 538's locale coercion sets LC_CTYPE in the C locale), and
    the app must see what it would have seen started directly (it decides that for itself)."""
    try:
        with open("/proc/self/environ", "rb") as started:
            block = started.read()
    except OSError:
        return dict(os.environb)
    env: dict[bytes, bytes] = {}
    for item in block.split(b"\0"):
        name, equals, value = item.partition(b"=")
        if equals and name:
            env.setdefault(name, value)  # (the first of a name, as getenv finds it)
    return env


def _prctl():
    """The C library's `prctl`, or None where it has none (macOS, the BSDs)."""
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True).prctl  # (the C library already loaded: no search)
    except (OSError, AttributeError):
        return None


def parent_death_signal() -> bool:
    """Whether this system has a parent-death signal (Linux's `prctl`): where it has not, each
    app started with `--parent-death` is ended by a watcher process of its own instead."""
    return _prctl() is not None


def _parent_death(parent: int) -> bool:
    """The parent-death signal set (False: this system has none, a watcher must do it)."""
    import ctypes

    prctl = _prctl()
    if prctl is not None and prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl")
    if os.getppid() != parent:  # (it died before the line above)
        os._exit(1)
    return prctl is not None


def _watch(parent: int) -> None:
    """Where there is no parent-death signal: a process forked now (this one, single-threaded,
    about to exec the app) that kills the app (this process) if `parent` ends first, and ends
    itself when the app does. It holds none of the app's descriptors (the server sees the app's
    pipes close when the app ends) and ignores the terminal's signals (a hang-up ends the app,
    which ends the watcher)."""
    app = os.getpid()
    if os.fork() != 0:
        return
    try:
        os.closerange(0, max(os.sysconf("SC_OPEN_MAX"), 3))
        for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_IGN)
        _until_one_ends(parent, app)
        if os.getppid() == app:  # (still the app's child: the app runs on, its parent gone)
            os.kill(app, signal.SIGKILL)
    finally:
        os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # (there, but not ours to signal)
    return True


def _until_one_ends(parent: int, app: int) -> None:
    """Back once `parent` or `app` (this process's parent) has ended."""
    import select

    if hasattr(select, "kqueue"):  # (macOS, the BSDs: told of the exit, no polling)
        try:
            queue = select.kqueue()
            for pid in (parent, app):
                queue.control([select.kevent(pid, select.KQ_FILTER_PROC, select.KQ_EV_ADD | select.KQ_EV_ONESHOT,
                                             select.KQ_NOTE_EXIT)], 0)
        except ProcessLookupError:
            return  # (one has ended already)
        except OSError:
            pass  # (no exit notes here: looked at instead)
        else:
            if os.getppid() == app and _alive(parent):
                queue.control(None, 1)
            return
    import time

    while os.getppid() == app and _alive(parent):
        time.sleep(WATCH_SECONDS)


def main(argv: list[str]) -> int:
    try:
        split = argv.index("--")
    except ValueError:
        split = len(argv)
    options, program = argv[:split], argv[split + 1:]
    if not program:
        print("trampoline: no program to run", file=sys.stderr)
        return 2
    try:
        parent, signalled = None, True
        if "--parent-death" in options:
            parent = int(options[options.index("--parent-death") + 1])
            signalled = _parent_death(parent)
        if "--session" in options:
            os.setsid()
        if "--tty" in options:
            import fcntl
            import termios

            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        if not signalled:  # (after the set-up: the watcher is in the app's session and process group)
            _watch(parent)
        default_signals()
        os.umask(0o077)
        os.execve(program[0], program, started_environment())
    except Exception as exc:  # noqa: BLE001 - whatever it was, one line and 127, never a traceback
        reason = os.strerror(exc.errno) if isinstance(exc, OSError) and exc.errno else type(exc).__name__
        try:
            os.write(2, f"\r\nThe game could not start ({reason}).\r\n".encode())
        except OSError:
            pass
        return FAILED
    return FAILED  # (not reached: execv does not return)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
