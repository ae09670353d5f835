"""The table service's finished games: a game over is kept once, in the server's history (every
seat with its player) and in each player's own history in their folder (as their app keeps it),
and a lobby's "your last games" read back from the server's. Apart from `service.py` because it is
the service's only writer into the players' folders and reader of the server's history; a mixin of
`TableService` (its data folder and store).
"""

from __future__ import annotations

import logging
from typing import Any

from cutthroat.engine.registry import game_info
from cutthroat.serve.tables import LiveTable
from cutthroat.session import Session

log = logging.getLogger("cutthroat.serve")

RESULTS_LOOKED_AT = 500  # a lobby's "your last games" looks this far back (the server's newest games)


class FinishedGames:
    """`TableService`'s finished games."""

    def results_of(self, player: str, count: int = 5) -> list[dict[str, Any]]:
        """The player's last finished games, newest first: game, code, whether they won."""
        out = []
        for record in reversed(self.store.results(latest=RESULTS_LOOKED_AT)):
            seats = [i for i, s in enumerate(record["players"]) if s.get("player") == player]
            if seats:
                won = any(i in record["result"]["winners"] for i in seats)
                out.append({"code": record["code"], "title": game_info(record["game"]).name, "won": won})
            if len(out) == count:
                break
        return out


    def _keep_finished(self, table: LiveTable, session: Session) -> None:
        """A table's game is over: in the server's history (every seat with its player), and in
        each of its players' own history (`players/<id>/saves/history.sqlite3`, as their app
        keeps it), as that player's game, if their "Keep history" is on. Once per game (its id)."""
        from dataclasses import replace

        from cutthroat.history.store import History
        from cutthroat.paths import history_path
        from cutthroat.settings import load_settings

        players = [s.get("player") if s["kind"] == "human" else None for s in table.seats]
        finished = replace(session.finished_game(players=players), table=table.code)
        if table.daily and table.maker is not None:
            # (`finished.daily` comes from the session: a resumed table's is its save's)
            self.store.daily_begun(table.maker, table.game, table.daily, table.code)  # (if no move was its own)
            finished = replace(finished, daily=table.daily, counted=self.counts(table, table.maker))
        try:
            self.store.record_finished(table.code, finished)
        except Exception as exc:  # noqa: BLE001 - the players' own histories still get it
            log.error("table %s: its finished game wasn't kept: %s", table.code, exc)
        if table.daily:
            self._boards.pop((table.game, table.daily), None)  # (kept now: its leaderboard is read again)
        for seat, player in enumerate(players):
            if player is None:
                continue
            home = self.data / "players" / player
            try:
                if not load_settings(home / "config" / "settings.json")[0].keep_history:
                    continue
                mine = replace(finished, humans=(seat,))
                if table.daily:  # (their copy has no deal to read: the seed is the server's secret that day)
                    mine = replace(mine, document={})
                with History.open(history_path(home / "saves"), keep=True) as history:
                    history.record(mine, daily_rule=not table.daily)
            except Exception as exc:  # noqa: BLE001 - one player's history never stops the table
                log.error("table %s: not kept in %s's history: %s", table.code, player[:12], exc)
