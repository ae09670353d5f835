"""The pace of each player's requests to the table service (`protocol.ClientLink.handle`): a token
bucket a player (all their connections together), `Limits.service_request_burst` at once and then
`Limits.service_requests_per_second`. Over it a request is answered in one line (`SLOW_DOWN`),
does nothing, and the connection goes on. Apart from `limits.py` because it is the service's own
(the requests, and which of them are paced), where those are the doors'.

Paced: every request of the lobby's and the service's (a list of tables, results, leaderboards, a
past daily game, a name, a link code, a table made, closed, started, joined or watched), and any
request it doesn't know. Not paced: `hello`, and a seated player's game (moves, undo, a hint —
searched once a position, a few at a time on the whole server —, the log, leaving), which the game
itself paces. Nor what the server asked for: once a lobby is told that the list of tables may read
differently, its next list, results and leaderboards (`TOLD_ASKS`) are the server's word answered,
free, so a busy server never tells a quiet lobby to slow down."""

from __future__ import annotations

import logging
import time
from typing import Callable

log = logging.getLogger("cutthroat.serve")

SLOW_DOWN = "Slow down: too many requests at once (try again in a moment)"
#: A seated player's own game, and the hello: never paced here.
NOT_PACED = frozenset({"hello", "submit", "undo", "take_back", "hint", "history", "skip_ahead", "share", "leave"})
#: What a lobby asks once told the list of tables may read differently: one of each free per telling.
TOLD_ASKS = frozenset({"tables", "results", "daily"})


class RequestPacing:
    """Each player's bucket: `burst` requests at once, refilled at `per_second`, on `clock` (the
    tests' own). A player is named in the log once when first paced, and again only after their
    bucket has filled up again (a client flooding for hours is one line, not one a request)."""

    def __init__(self, per_second: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # player → (tokens, when counted)
        self._paced: set[str] = set()  # players told to slow down, whose bucket hasn't filled since
        self._prune_at = 4096

    def _tokens(self, player: str, now: float) -> float:
        tokens, at = self._buckets.get(player, (float(self.burst), now))
        return min(float(self.burst), tokens + max(0.0, now - at) * self.per_second)

    def allow(self, player: str) -> bool:
        """One request of `player`'s: True if it is within their pace (and counted)."""
        now = self.clock()
        tokens = self._tokens(player, now)
        if tokens >= self.burst:
            self._paced.discard(player)  # (calm again: a new flood is named again)
        if tokens < 1.0:
            self._buckets[player] = (tokens, now)
            if player not in self._paced:
                self._paced.add(player)
                log.warning("paced the requests of %s: over %d at once or %g a second "
                            "(--service-request-burst, --service-requests-per-second)",
                            player[:12], self.burst, self.per_second)
            return False
        self._buckets[player] = (tokens - 1.0, now)
        if len(self._buckets) > self._prune_at:  # (now and then: a full bucket is no bucket)
            for old in list(self._buckets):
                if self._tokens(old, now) >= self.burst:
                    del self._buckets[old]
                    self._paced.discard(old)
            self._prune_at = max(4096, 2 * len(self._buckets))
        return True
