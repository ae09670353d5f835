"""The table service's daily deals: each player's own attempt at today's deal (dealt from the
server's secret daily seed, against the fixed daily bots), today's leaderboards, and the day's
key revealed to the log once the day is over. Apart from `service.py` because it is its own
feature with its own rules (only a player's first attempt counts; no clock, no stand-in); a mixin
of `TableService` (its store, tables and table-making).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from cutthroat.engine.registry import GAMES
from cutthroat.serve.tables import AWAY_SECONDS, LiveTable
from cutthroat.session import Session

if TYPE_CHECKING:
    from cutthroat.serve.service import TableService

log = logging.getLogger("cutthroat.serve")


class DailyDeals:
    """`TableService`'s daily deals."""

    def daily_seed(self, game_id: str, when=None) -> int:
        """This server's daily deal of a game: made from its own secret (`history.daily`), so no
        player can deal it at home before the day is over."""
        from cutthroat.history.daily import server_daily_seed

        return server_daily_seed(self.data, game_id, when)

    def today(self) -> str:
        """The daily deal's day now (UTC)."""
        from cutthroat.history.daily import day

        return day()

    def reveal_days(self, today: str | None = None) -> str | None:
        """Once a day is over, its daily key goes to the server's log (once a run): with it anyone
        can check that day's deals (`history.daily.seed_from_day_key`). Never a day not yet over.
        The key logged, in hex, or None."""
        from datetime import date, timedelta

        from cutthroat.history.daily import revealed_day_key

        today = today or self.today()
        yesterday = (date.fromisoformat(today) - timedelta(days=1)).isoformat()
        if getattr(self, "_revealed", None) == yesterday:
            return None
        key = revealed_day_key(self.data, yesterday, today)
        if key is None:
            return None
        self._revealed = yesterday
        log.info("daily deal of %s is over: its key is %s (each game's seed: HMAC-SHA256(key, game id), "
                 "first 8 bytes >> 1)", yesterday, key.hex())
        return key.hex()

    def daily_start(self, player: str, name: str, game: Any, address: str = "?") -> LiveTable:
        """`player`'s table for today's deal of `game`: theirs already if one is playing, else a
        new one (against the fixed daily bots), dealt from the server's secret daily seed. Only
        their first attempt of the day counts (from its first move); later ones are played, not
        counted. Capped as other tables are."""
        from cutthroat.history.daily import DAILY_BOTS, daily_seats

        info, rules = self._playable(game)
        today = self.today()
        for table in self.tables.values():
            if table.daily == today and table.game == info.game_id and table.maker == player and not table.finished:
                return table  # (their attempt goes on: one daily table a game at once)
        self._room_for_another(player, "try later")
        seats = [{"kind": s.kind, "level": s.level, "name": s.name, "player": None}
                 for s in daily_seats(info.game_id, name)]
        code = self._new_code()
        table = LiveTable(code, info.game_id, rules.default_config(), self.daily_seed(info.game_id, today), seats,
                          player, time.time(), AWAY_SECONDS, None, address=address, daily=today)
        self.tables[code] = table
        log.info("table %s: %s's daily deal of %s (%s, %d bots)", code, player[:12], today, info.game_id,
                 len(DAILY_BOTS.get(info.game_id, ())))
        self._sit(table, 0, player, name)  # (every other seat a bot: it starts)
        return table


    def counts(self, table: LiveTable, player: str) -> bool:
        """Does `player`'s game at daily `table` count: their first attempt at that day's deal?"""
        first = self.store.daily_attempts(player, table.game, table.daily)
        return not first or first[0] == table.code

    def daily_boards(self, player: str, rows: int = 5) -> dict[str, Any]:
        """Today's leaderboards, one a game (read only): each player's counted result, best first
        (ties: the earlier finish), at most `rows` of them and `player`'s own row if it is lower;
        and `player`'s own status ("not yet played", "playing", "played: 8 points", …)."""
        from cutthroat.history.daily import DAILY_BOTS

        today = self.today()
        boards = []
        for info in GAMES:
            if not info.playable or (info.players != "1" and info.game_id not in DAILY_BOTS):
                continue
            if (info.game_id, today) not in self._boards:
                self._boards = {k: v for k, v in self._boards.items() if k[1] == today}
                self._boards[info.game_id, today] = self._ranked(info.game_id, today)
            ranked = self._boards[info.game_id, today]
            board = [{"rank": i + 1, "name": self.name_of(p), "result": text, "you": p == player}
                     for i, (p, text, _) in enumerate(ranked)]
            shown = board[:rows]
            mine = next((r for r in board if r["you"]), None)
            if mine is not None and mine not in shown:
                shown[-1] = mine
            boards.append({"game": info.game_id, "title": info.name, "players": len(ranked), "board": shown,
                           "status": self._daily_status(player, info.game_id, today, mine)})
        return {"date": today, "games": boards}

    def _daily_status(self, player: str, game: str, today: str, mine: dict | None) -> str:
        if any(t.daily == today and t.game == game and t.maker == player and not t.finished
               for t in self.tables.values()):
            return "playing"
        if mine is not None:
            return f"played: {mine['result']}"
        if self.store.daily_attempts(player, game, today):
            return "played, not counted"
        return "not yet played"

    def _ranked(self, game: str, today: str) -> list[tuple[str, str, tuple]]:
        """(player, result in words, sort key) of each player's best counted result today, best
        first. Kill The Kings: more points; the others: a better place (a win first), then fewer
        moves for a win; then, for all, the earlier finish."""
        from datetime import date

        from cutthroat.history.daily import outcome

        best: dict[str, tuple[tuple, str]] = {}
        for g in self.store.finished.games(game, since=date.fromisoformat(today)):
            if g.daily != today or not g.counted or not g.humans:
                continue
            seat = g.humans[0]
            who = g.seats[seat].player
            if who is None:
                continue
            if len(g.seats) == 1:
                key = (-(g.scores[seat] if g.scores else 0), 0, g.finished_at.timestamp())
            else:
                place = g.placements[seat] if seat < len(g.placements) else len(g.seats)
                key = (place, g.moves if g.won(seat) else 0, g.finished_at.timestamp())
            words = board_words(outcome(g), g, seat)
            if who not in best or key < best[who][0]:
                best[who] = (key, words)
        return [(p, words, key) for p, (key, words) in sorted(best.items(), key=lambda kv: kv[1][0])]


def board_words(words: str, game, seat: int) -> str:
    """The leaderboard's words for a result: "8 points"; "won in 40 moves"; "2nd of 4"."""
    return f"won in {game.moves} moves" if len(game.seats) > 1 and game.won(seat) else words


class DailyAttempt:
    """A daily table's session's recorder: its first move of the player's own notes the attempt
    (only a player's first attempt of the day counts). The finish is kept by the service."""

    def __init__(self, service: TableService, table: LiveTable) -> None:
        self.service, self.table = service, table

    def begun(self, session: Session) -> None:
        table = self.table
        if table.maker is not None:
            self.service.store.daily_begun(table.maker, table.game, table.daily, table.code)

    def __call__(self, session: Session) -> None:
        return None  # (the service keeps the finished game: `TableService._keep_finished`)


