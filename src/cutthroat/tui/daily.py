"""The screens' side of the history: opening it, today's deal (offered on the title, started from
there, its line to share on the game-over dialog). The deal itself — its seed, the bots it is
played against, whether it was played — is `cutthroat.history.daily`'s; the seed is never shown."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from cutthroat.engine.registry import game_info

if TYPE_CHECKING:
    from cutthroat.history.store import History
    from cutthroat.session import Session

#: The seat that plays a daily deal, and the names of the bots beside it.
PLAYER = "You"
BOT_NAMES = ("Bob", "Cy", "Dee", "Eve", "Fay")


def today() -> str:
    """Today, the player's own day, as the history keeps a daily deal's date."""
    return date.today().isoformat()


def open_history(app) -> "History | None":
    """The player's history (opened once per app), or None if it can't be read (said once)."""
    history = getattr(app, "_records_history", None)
    if history is not None:
        return history
    from cutthroat.history.store import History, default_path

    try:
        history = History.open(default_path())
    except Exception as exc:  # noqa: BLE001 - a broken history file must not stop the title
        if not getattr(app, "_records_history_said", False):
            from cutthroat.tui.text import escape

            app._records_history_said = True
            app.notify(escape(f"Your history can't be read: {exc}"), severity="error", timeout=8)
        return None
    app._records_history = history
    return history


def daily_words(app, game_id: str) -> tuple[bool, str]:
    """(played?, "not yet played" or "✓ played: 8 pts") for today's deal of `game_id`."""
    from cutthroat.history.daily import daily_status

    history = open_history(app)
    status = daily_status(history, game_id, today()) if history is not None else None
    if status is None:
        return False, "not yet played"
    return True, f"✓ played: {result_words(status, brief=True)}"


def result_part(finished, key: str, default=None):
    """A part of a finished game's result (`winners`, `scores`, `summary`)."""
    result = finished.result
    return result.get(key, default) if isinstance(result, dict) else getattr(result, key, default)


def result_words(finished, brief: bool = False) -> str:
    """A finished game's result in a few words, from the player's side: "8 pts · won" (Kill The
    Kings; `brief`: "8 pts"), "won", "lost · Bob won", or who won at a hot-seat table."""
    winners = list(result_part(finished, "winners", []))
    scores = list(result_part(finished, "scores", []))
    if len(finished.seats) == 1:
        points = f"{scores[0]} pts" if scores else ""
        return points if brief and points else f"{points} · {'won' if winners else 'lost'}".strip(" ·")
    names = [finished.seats[w].name for w in winners]
    humans = [i for i, s in enumerate(finished.seats) if s.kind == "human"]
    if len(humans) == 1:
        if humans[0] in winners:
            return "won" if len(winners) == 1 else f"won, with {' and '.join(n for w, n in zip(winners, names) if w != humans[0])}"
        return "lost" if brief or not names else f"lost · {' and '.join(names)} won"
    return f"{' and '.join(names)} won" if names else "nobody won"


def seat_words(finished, seat: int) -> str:
    """One seat's part of the result: "won · 12", "12"."""
    winners = list(result_part(finished, "winners", []))
    scores = list(result_part(finished, "scores", []))
    score = f"{scores[seat]}" if seat < len(scores) else ""
    return " · ".join(w for w in ("won" if seat in winners else "", score) if w)


def daily_blurb(game_id: str) -> str:
    info = game_info(game_id)
    against = "" if info.players == "1" else ", against bots set for the day"
    return f"One deal a day for every game, the same for everyone{against}: only your first try counts."


def start_daily(app, game_id: str) -> None:
    """Today's deal of `game_id`: dealt from the day's seed, the day's seats."""
    from cutthroat.history.daily import daily_seats, daily_seed
    from cutthroat.engine.registry import get_rules

    day = today()
    rules = get_rules(game_id)
    app.start_game(game_id, rules.default_config(), daily_seed(game_id, day), daily_seats(game_id, PLAYER, BOT_NAMES),
                   daily=day)


def share_of(session: "Session | None", ascii: bool) -> str | None:
    """A finished daily deal's line to share (plain text, no spoilers); None for any other game."""
    if session is None or not session.daily or not session.is_over:
        return None
    from cutthroat.history.daily import share_line
    from cutthroat.history.model import FinishedGame

    return share_line(FinishedGame.from_session(session), ascii)
