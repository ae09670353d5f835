"""The web door's identities: a browser's player is a random id in an HMAC-signed cookie
(HttpOnly, SameSite=Strict; the key is `web-cookie-secret` in the data folder, 0600, made once).
Apart from `web.py` because it is the door's one secret and the one proof of who a browser is;
nothing here knows HTTP.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
import secrets
from pathlib import Path

log = logging.getLogger("cutthroat.serve")

COOKIE = "cutthroat_player"
SECRET_FILE = "web-cookie-secret"
COOKIE_SECONDS = 400 * 24 * 3600  # (the longest a browser keeps a cookie)
COOKIE_VALUE = re.compile(r"([0-9a-f]{32})\.([0-9a-f]{64})")  # a player id, a dot, its HMAC-SHA256 in hex


def cookie_secret(data: Path) -> bytes:
    """The key that signs players' cookies: made once in the data folder (0600), then read."""
    path = data / SECRET_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as fh:
            os.fchmod(fh.fileno(), 0o600)
            secret = fh.read(256)
        if len(secret) < 32:
            raise OSError(f"{path} is too short to be the web door's key: remove it to make a new one")
        return secret
    secret = secrets.token_bytes(32)
    with os.fdopen(fd, "wb") as fh:
        fh.write(secret)
    log.info("made the web door's cookie key %s", path)
    return secret


def sign(secret: bytes, player: str) -> str:
    return f"{player}.{_mac(secret, player)}"


def verify(secret: bytes, value: str | None) -> str | None:
    """The player a cookie names, if its signature is ours; None for anything else."""
    if not value or len(value) > 200:
        return None
    shape = COOKIE_VALUE.fullmatch(value)  # (its shape first: ASCII only from here on)
    if shape is None:
        return None
    player, mac = shape.groups()
    if not hmac.compare_digest(mac.encode("ascii"), _mac(secret, player).encode("ascii")):
        return None
    return player


def _mac(secret: bytes, player: str) -> str:
    return hmac.new(secret, b"cutthroat web player " + player.encode(), hashlib.sha256).hexdigest()
