"""What an app process finds itself started with, printed on its terminal as one JSON line:
run by a zygote's child instead of the app (`Zygote(entry="zygote_probe:report")`), or by a
plain Python started the way `AppTerminal` starts the app, to compare the two."""

from __future__ import annotations

import json
import locale
import os
import signal
import sys
from pathlib import Path

MARK = "ZYGOTE-PROBE:"


def _status() -> dict[str, str]:
    lines = Path("/proc/self/status").read_text().splitlines()
    return dict(line.split(":\t", 1) for line in lines if ":\t" in line)


def facts() -> dict:
    from cutthroat import settings
    from cutthroat.serve.client import token_from_environment

    env = dict(os.environ)
    token = token_from_environment()
    status = _status()
    fds = []
    for name in os.listdir("/proc/self/fd"):
        try:
            os.fstat(int(name))
            fds.append(int(name))
        except OSError:
            pass  # (the listing's own)
    umask = os.umask(0o077)
    try:
        foreground = os.tcgetpgrp(0) == os.getpgrp()
    except OSError:  # (a web app: stdin is a pipe)
        foreground = None
    try:
        os.close(os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY))
        ctty = True
    except OSError:
        ctty = False
    return {
        "env": env, "token": token, "token_env_left": [k for k in os.environ if "TOKEN" in k],
        "cwd": os.getcwd(), "umask": umask, "leader": os.getsid(0) == os.getpid(),
        "foreground": foreground, "ctty": ctty,
        "tty": all(map(os.isatty, (0, 1, 2))) and os.ttyname(0) == os.ttyname(1) == os.ttyname(2),
        "fds": sorted(fds), "sig_ignored": status["SigIgn"], "sig_blocked": status["SigBlk"],
        "sig_caught": status["SigCgt"], "ppid": os.getppid(),
        "stdio": [[s.encoding, s.errors, s.line_buffering, s.write_through, type(s.buffer).__name__]
                  for s in (sys.stdout, sys.stderr)] +
                 [[sys.stdin.encoding, sys.stdin.errors]],
        "lc_ctype": locale.setlocale(locale.LC_CTYPE), "locale_encoding": settings.locale_encoding(),
        "card_style": settings.Settings().resolved_card_style(), "textual": textual_constants(),
    }


def textual_constants() -> dict:
    """Textual's constants as the app would use them (read from the environment at import), with
    the copies modules took of them."""
    import textual._styles_cache
    import textual.constants
    import textual.filter
    import textual.message_pump
    import textual.screen

    found = {name: repr(value) for name, value in vars(textual.constants).items() if name.isupper()}
    found.update(UPDATE_PERIOD=textual.screen.UPDATE_PERIOD, styles_DEBUG=textual._styles_cache.DEBUG,
                 DIM_FACTOR=textual.filter.DIM_FACTOR, SLOW_THRESHOLD=textual.message_pump.SLOW_THRESHOLD)
    return found


def report() -> int:
    """The facts, then exit 3."""
    print(MARK + json.dumps(facts()), flush=True)
    return 3


def report_and_wait() -> int:
    """The facts, then wait for a signal (SIGHUP ends it, as it ends the app)."""
    print(MARK + json.dumps(facts()), flush=True)
    while True:
        signal.pause()


def report_and_ignore_hangups() -> int:
    """The facts, then wait, deaf to SIGHUP (only SIGKILL ends it)."""
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    return report_and_wait()
