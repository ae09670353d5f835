"""In a child the zygote (`zygote_process.py`) has just forked: becoming a player's app as a
plain start-up's would be (`terminal.AppTerminal`, or the web door's `start_web_app`): its own
session, the PTY its controlling terminal and its stdio (a web app: its stdin and stdout pipes,
no terminal, and its end with the server's), every signal back to its default, umask 077, the
session's environment and folder, the locale, stdio and Textual constants a fresh Python would
choose from that environment; or, if that fails, one line to the player and the reason to the
operator's log."""

from __future__ import annotations

import os
import signal
import socket
import sys

from cutthroat.serve.trampoline import default_signals
from cutthroat.serve.zygote import _name


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
    PYTHONCOERCECLOCALE say otherwise; PYTHONIOENCODING; line-buffered on a terminal (a web
    app's stdout is a pipe: block-buffered), stderr always."""
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
                                        line_buffering=mode == "w" and not unbuffered and (fd == 2 or os.isatty(fd)),
                                        write_through=mode == "w" and unbuffered))
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams


def _become_the_app(sock: socket.socket, wake: tuple[int, int], request: dict, stdio: list[int],
                    token: int | None) -> None:
    """In the forked child: set up as a plain start-up's app process would be. `stdio`: an ssh
    session's PTY slave (its controlling terminal and stdin, stdout and stderr), or a web
    session's stdin and stdout pipe ends (no terminal; stderr /dev/null, as `start_web_app`'s)."""
    import gc

    gc.enable()
    signal.set_wakeup_fd(-1)
    for fd in (sock.detach(), *wake):
        os.close(fd)
    os.setsid()
    _name(b"cutthroat-app")
    if len(stdio) == 2:
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd, given in enumerate((*stdio, devnull)):
            os.dup2(given, fd)
        for given in (*stdio, devnull):
            if given > 2:
                os.close(given)
    else:
        slave = stdio[0]
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
    _fresh_textual_constants()
    sys.argv = ["cutthroat"]
    if len(stdio) == 2:
        _end_with_the_server()


def _fresh_textual_constants() -> None:
    """Textual reads its `TEXTUAL_*` variables once, when `textual.constants` is imported: the
    zygote read them from its own environment (no driver named: the terminal's), a web app's
    names the web driver, its colours and frame rate. Read again from the app's, as a fresh
    Python would, with the copies a few modules took of them at import."""
    import importlib

    constants = sys.modules.get("textual.constants")  # (only what the zygote imported)
    if constants is None:
        return
    importlib.reload(constants)
    for module, name in (("textual._styles_cache", "DEBUG"), ("textual.filter", "DIM_FACTOR"),
                         ("textual.message_pump", "SLOW_THRESHOLD")):
        if module in sys.modules and hasattr(sys.modules[module], name):
            setattr(sys.modules[module], name, getattr(constants, name))
    screen = sys.modules.get("textual.screen")
    if screen is not None and hasattr(screen, "UPDATE_PERIOD"):
        screen.UPDATE_PERIOD = 1 / constants.MAX_FPS


def _end_with_the_server() -> None:
    """A web app's end when the server's ends, as a plain start-up's parent-death signal gives
    it (this child's parent is the zygote, which it must outlive: a crashed zygote must not end
    the games being played): the server alone holds the read end of the app's stdout, and once
    that is closed (the server gone, even by kill -9), a thread waiting on stdout's write end
    ends the app's process group. No descriptor of its own: poll reports the error unasked."""
    import select
    import threading

    def watch() -> None:
        poller = select.poll()
        poller.register(1, 0)  # (POLLERR: the pipe has no reader left; POLLNVAL: stdout closed)
        while True:
            try:
                events = poller.poll()
            except InterruptedError:
                continue
            for _fd, event in events:
                if event & select.POLLNVAL:
                    return
                if event & (select.POLLERR | select.POLLHUP):
                    try:
                        os.killpg(0, signal.SIGKILL)
                    except OSError:
                        os.kill(os.getpid(), signal.SIGKILL)
                    return

    threading.Thread(target=watch, name="cutthroat-server-watch", daemon=True).start()


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
