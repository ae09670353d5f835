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
  that parent is already gone.

A set-up that fails ends it with status 127 and one line on stderr (no path, no traceback).
"""

from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1
FAILED = 127


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


def _parent_death(parent: int) -> None:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl")
    if os.getppid() != parent:  # (it died before the line above)
        os._exit(1)


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
        if "--parent-death" in options:
            _parent_death(int(options[options.index("--parent-death") + 1]))
        if "--session" in options:
            os.setsid()
        if "--tty" in options:
            import fcntl
            import termios

            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        default_signals()
        os.umask(0o077)
        os.execve(program[0], program, started_environment())
    except (OSError, ValueError, IndexError) as exc:
        reason = os.strerror(exc.errno) if isinstance(exc, OSError) and exc.errno else type(exc).__name__
        try:
            os.write(2, f"\r\nThe game could not start ({reason}).\r\n".encode())
        except OSError:
            pass
        return FAILED
    return FAILED  # (not reached: execv does not return)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
