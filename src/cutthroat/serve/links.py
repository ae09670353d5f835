"""The table service's browser links: one-time codes (the lobby's `L`, the `link` request) that
make a browser at the web door an existing player, so one person has one name, history and seat
across both doors. Apart from `service.py` because it is the web door's business only: the
service holds the codes (in memory) because both doors reach it; the web door redeems them.
A mixin of `TableService` (its `web_door` and `link_codes`).
"""

from __future__ import annotations

import logging
import secrets
import time

from cutthroat.serve.tables import Refused

log = logging.getLogger("cutthroat.serve")

LINK_SECONDS = 600  # a browser link code is good for this long, once
LINK_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # (no 0/O, 1/I/L: read off a screen)
LINK_LENGTH = 12  # about 59 bits
LINK_CODES_MAX = 1000  # codes waiting on the server at once (one a player)
LINK_CODES_PER_ADDRESS = 10  # ... of every player connected from one address (or IPv6 /64) together


class BrowserLinks:
    """`TableService`'s link codes: code → (player id, when it expires (monotonic), the address it
    was asked from) in `link_codes`; refused unless `web_door`."""

    web_door: bool
    link_codes: dict[str, tuple[str, float, str]]

    def link_code(self, player: str, address: str = "?") -> str:
        """A one-time code (LINK_SECONDS) that makes a browser `player` (connected from `address`)
        at the web door, so one person has one name, history and seat across both doors. A new one
        replaces the last. At most LINK_CODES_PER_ADDRESS wait from one address (fresh keys are
        fresh players), LINK_CODES_MAX on the server."""
        if not self.web_door:
            raise Refused("This server has no web door (cutthroat serve --web-port)")
        now = time.monotonic()
        self.link_codes = {code: (who, until, where) for code, (who, until, where) in self.link_codes.items()
                           if until > now and who != player}
        near = sum(where == address for _, _, where in self.link_codes.values()) if address != "?" else 0
        if near >= LINK_CODES_PER_ADDRESS:
            raise Refused("Too many browser links waiting from your address: try again in a few minutes")
        if len(self.link_codes) >= LINK_CODES_MAX:
            raise Refused("Too many browser links waiting: try again in a few minutes")
        code = "".join(secrets.choice(LINK_ALPHABET) for _ in range(LINK_LENGTH))
        self.link_codes[code] = (player, now + LINK_SECONDS, address)
        log.info("a browser link code for %s", player[:12])
        return code

    def link_player(self, code: str) -> str | None:
        """The player a link code is for, if it is good, without using it up (the link's page)."""
        found = self.link_codes.get(str(code).upper().replace("-", "")[:40])
        if found is None or found[1] <= time.monotonic():
            return None
        return found[0]

    def redeem_link(self, code: str) -> str | None:
        """The player a link code is for, once (then it is gone); None for a wrong or old one."""
        code = str(code).upper().replace("-", "")[:40]
        found = self.link_codes.pop(code, None)
        if found is None or found[1] <= time.monotonic():
            return None
        return found[0]

