"""The screens' side of the history: reading it, and today's deal (offered on the title, started
from there, its line to share on the game-over dialog). The deal itself — its seed, the bots it
is played against, whether it was played, the share line — is `cutthroat.history.daily`'s; the
seed is never shown."""

from __future__ import annotations

import gc
import threading
from datetime import date
from typing import TYPE_CHECKING

from cutthroat.engine.registry import game_info

if TYPE_CHECKING:
    from cutthroat.history.model import FinishedGame
    from cutthroat.history.store import History
    from cutthroat.session import Session

#: The name the player's seat has at a daily table.
PLAYER = "You"


def today() -> str:
    """Today as the daily deal counts days: the UTC date (`history.daily.day`), so everyone has
    the same deal at the same moment, at home and on a server."""
    from cutthroat.history.daily import day

    return day()


def open_history(app) -> "History | None":
    """The player's history, opened once per app (None: there is none yet, or it can't be read —
    that is said once). Nothing is made on disk by looking."""
    from cutthroat import paths

    history = getattr(app, "_records_history", None)
    if history is not None:
        return history
    path = getattr(app, "history_path", None) or paths.history_path()
    if not path.exists():
        return None  # (no game recorded yet: opening would make the file)
    from cutthroat.history.schema import HistoryError
    from cutthroat.history.store import History

    try:
        history = History.open(path)
    except HistoryError as exc:
        if not getattr(app, "_records_history_said", False):
            from cutthroat.tui.text import escape

            app._records_history_said = True
            app.notify(escape(str(exc)), title="History", severity="error", timeout=8)
        return None
    app._records_history = history
    return history


def stamp(history: "History") -> tuple:
    """What changes whenever the history does: its count of games, and its files' times."""
    times = []
    for path in (history.path, history.path.with_name(history.path.name + "-wal")):
        try:
            times.append(path.stat().st_mtime_ns)
        except OSError:
            times.append(None)
    return (history.count(), *times)


def records_facts(app, history: "History", game_id: str) -> tuple:
    """(stamp, facts, modes, player names) of `game_id` for Records, read once while the history
    is unchanged. Any thread: the title reads its last game's ahead while it is on show, and
    Records then waits for that read rather than making another."""
    with app.__dict__.setdefault("_records_facts_lock", threading.Lock()):
        kept = app.__dict__.setdefault("_records_facts", {})
        read_at = stamp(history)
        if kept.get(game_id, (None,))[0] != read_at:
            kept[game_id] = (read_at, history.facts(game_id), history.modes(game_id),
                             history.player_names(game_id))
            gc.collect(1)  # (the thousands of new facts to the oldest generation now, not traversed by
            #               every young collection while Records draws itself: ~40 ms at 10,000 games)
        return kept[game_id]


def cached_games(app, history: "History", game_id: str) -> "list[FinishedGame] | None":
    """`game_id`'s games as this app last read them, if the history hasn't changed since."""
    cache = getattr(app, "_records_games", {})
    kept = cache.get(game_id)
    return kept[1] if kept is not None and kept[0] == stamp(history) else None


def read_games(app, history: "History", game_id: str) -> "list[FinishedGame]":
    """`game_id`'s games, newest first, read from the history and kept for next time (any thread)."""
    before = stamp(history)
    games = history.games(game_id)
    if not hasattr(app, "_records_games"):
        app._records_games = {}
    app._records_games[game_id] = (before, games)
    return games


def daily_status(app, game_id: str):
    """Today's deal of `game_id` in the player's history (`history.daily.DailyStatus`), its
    counted game with its document (the share line reads it); None without a history."""
    history = open_history(app)
    if history is None:
        return None  # (before the imports: the title's first paint, with no history yet, needs none)
    from dataclasses import replace

    from cutthroat.history.daily import daily_status as status_of

    status = status_of(history, game_id, today())
    played = status.played
    if played is not None and not played.document:  # (the list leaves documents out)
        status = replace(status, played=history.get(played.id) or played)
    return status


def daily_played(app, game_id: str) -> "FinishedGame | None":
    """Today's deal of `game_id` as first played (the attempt that counts), or None."""
    status = daily_status(app, game_id)
    return status.played if status is not None else None


def daily_words(app, game_id: str) -> tuple[bool, str]:
    """(played?, "not yet played", "begun, not finished" or "✓ played: 8 points") for today's
    deal of `game_id`."""
    status = daily_status(app, game_id)
    if status is None or status.played is None:
        return False, status.text if status is not None else "not yet played"
    return True, ("" if app.has_class("-ascii") else "✓ ") + status.text


def daily_blurb(game_id: str) -> str:
    info = game_info(game_id)
    against = "" if info.players == "1" else " against the same bots"
    return (f"One deal a day for each game, the same for everyone{against}; "
            f"d plays it. Only your first try counts in Records.")


def daily_in_progress(app, game_id: str):
    """Today's deal of `game_id` begun and kept as a game in progress (`in_progress.GameInProgress`),
    if there is one here."""
    from cutthroat import in_progress

    names = {game_info(game_id).name, game_info(game_id).short}
    day = today()
    for game in in_progress.games_in_progress(app.save_dir):
        if game.summary is None or game.summary.game not in names or game.open_elsewhere:
            continue
        data = game.data
        if data is not None and data.game == game_id and data.daily == day:
            return game
    return None


def start_daily(app, game_id: str) -> None:
    """Today's deal of `game_id`: the one begun, if it is kept as a game in progress (a second deal
    wouldn't count); else dealt now from the day's seed, variants and bots, the session knowing
    it is one."""
    from cutthroat.history.daily import daily_seats, daily_setup

    begun = daily_in_progress(app, game_id)
    if begun is not None:
        from cutthroat.tui.screens.continue_list import resume

        resume(app, begun)
        return
    setup = daily_setup(game_id, today())
    app.start_game(game_id, dict(setup.config), setup.seed, daily_seats(game_id, PLAYER), daily=setup.date)


def result_words(finished: "FinishedGame") -> str:
    """A finished game's result in a few words, from the player's side: "8 points · won",
    "won", "2nd of 4"; at a hot-seat table, who won."""
    from cutthroat.history.daily import outcome

    if len(finished.seats) == 1:
        return f"{outcome(finished)} · {'won' if finished.winners else 'lost'}"
    if len(finished.humans) > 1:
        names = [finished.seats[w].name for w in finished.winners if w < len(finished.seats)]
        return f"{' and '.join(names)} won" if names else "nobody won"
    return outcome(finished)


def seat_words(finished: "FinishedGame", seat: int) -> str:
    """One seat's part of the result: "won", "2nd", with its score where the game keeps one."""
    from cutthroat.history.daily import _ordinal

    places = finished.placements
    place = "won" if finished.won(seat) else _ordinal(places[seat]) if seat < len(places) else ""
    scores = finished.scores
    score = f"{scores[seat]} pts" if seat < len(scores) and any(scores) else ""
    return " · ".join(w for w in (place, score) if w)


def share_of(session: "Session | None", ascii: bool) -> str | None:
    """A finished daily deal's line to share (plain text, no spoilers); None for any other game."""
    if session is None or not session.daily or not session.is_over:
        return None
    from cutthroat.history.daily import share_line

    return share_line(session.finished_game(), ascii)
