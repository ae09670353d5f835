"""A finished daily deal's moves, for its own player's replay and review, once its day is over.

While the day lasts, a daily deal's seed is the server's secret (from it every hidden card of
everyone's attempt at that deal follows), so a player's own history keeps their daily game
without its moves. Once the day is over (its key goes to the server's log then, and anyone may
deal it), the service hands a player the save document of a daily game they played — theirs only,
asked by the table's code: `daily_game`. Every check is made against who asks (the link's
player), never against what the request says.
"""

from __future__ import annotations

from typing import Any


def daily_game(service, player: str, code: Any, day: Any = None) -> dict[str, Any]:
    """The op "daily_game": {"document": the save document} of the daily deal played at table
    `code` (on `day`, if given: a code is used again once its table is gone), if `player` sat
    at it and its day is over; else Refused, in one line, the same for a table that isn't there
    and one that isn't theirs (no telling which codes were daily tables)."""
    from cutthroat.serve.service import Refused

    if not isinstance(code, str) or not code.isascii() or not code.isalnum() or len(code) > 16:
        raise Refused("no such game of yours")
    if day is not None and (not isinstance(day, str) or len(day) > 10):
        raise Refused("no such game of yours")
    code = code.upper()
    # (that table's games only: a request never has the whole server history read and decoded)
    kept = next((g for g in service.store.finished.at_table(code)  # (newest first)
                 if g.daily and (day is None or g.daily == day)
                 and any(s.player == player for s in g.seats)), None)
    if kept is None:
        raise Refused("no such game of yours")
    if kept.daily >= service.today():  # (its seed would tell every hidden card of today's deal)
        raise Refused(f"the daily deal of {kept.daily} can be replayed once its day is over (UTC)")
    if any(t.daily == kept.daily and t.game == kept.game and not t.finished for t in service.tables.values()):
        # (past midnight, a table of that deal plays on until the service's sweep closes it, within
        # a minute, or a resumed one until the first sweep: its player must not be told the cards)
        raise Refused(f"the daily deal of {kept.daily} is still played at a table: try again in a minute")
    game = service.store.finished.get(kept.id)
    if game is None or not game.document.get("log"):
        raise Refused("that game was kept without its moves")
    return {"document": game.document, "day": kept.daily}
