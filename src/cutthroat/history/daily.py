"""The daily deal: one deal a day for every game, the same for everyone.

The seed (documented in docs/playing.md, "The daily deal"): the first 8 bytes of
`sha256("cutthroat-daily|<game id>|<YYYY-MM-DD>")`, big-endian, shifted right by one (a
non-negative 63-bit integer). So any two machines deal the same cards for a game and a date, and
every game and day has its own deal. The multi-player games are played against fixed bots
(`DAILY_BOTS`), with the rules' default variants. Only the first attempt at a day's deal is
counted in the records (`History.record` flags a later one), and `share_line` says how it went
without giving the deal away.

A server's daily deal can't be public (a player could play it at home first): its seed is made
from a random secret kept in the server's data folder (`daily-secret`, 0600), HMAC-SHA256'd with
the date, then with the game id (`server_daily_seed`). A day's key may be published once that day
is over (`revealed_day_key`), so players can check the seeds afterwards; it tells nothing of any
other day.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path

from cutthroat.history.model import FinishedGame

#: The bots at each multi-player game's daily table (the player takes seat 1).
DAILY_BOTS: dict[str, tuple[str, ...]] = {
    "exploding-kittens": ("heuristic", "hard", "heuristic"),
    "kill-your-friends": ("heuristic", "hard", "heuristic"),
    "stab-your-friends": ("heuristic", "hard", "heuristic"),
    "psycho-killer": ("heuristic", "hard", "heuristic"),
}
BOT_NAMES = ("Rex", "Mia", "Zed", "Ivy", "Max")
SECRET_FILE = "daily-secret"


def day(when: date | datetime | str | None = None) -> str:
    """A date as the daily deal names it: YYYY-MM-DD (today, UTC, if not given)."""
    if when is None:
        when = datetime.now(timezone.utc).date()
    if isinstance(when, datetime):
        when = when.astimezone(timezone.utc).date() if when.tzinfo else when.date()
    if isinstance(when, str):
        when = date.fromisoformat(when)
    return when.isoformat()


def daily_seed(game_id: str, when: date | datetime | str | None = None) -> int:
    """The day's deal for a game, the same on every machine (see the module's docstring)."""
    digest = hashlib.sha256(f"cutthroat-daily|{game_id}|{day(when)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class DailySetup:
    game: str
    date: str
    seed: int
    config: dict[str, str]
    bots: tuple[str, ...]  # the levels of the bots in seats 2, 3, …


def daily_setup(game_id: str, when: date | datetime | str | None = None) -> DailySetup:
    """Everything that makes the day's deal: seed, variants (the rules' defaults), bot levels."""
    from cutthroat.engine.registry import get_rules

    return DailySetup(game_id, day(when), daily_seed(game_id, when), get_rules(game_id).default_config(),
                      DAILY_BOTS.get(game_id, ()))


def daily_seats(game_id: str, name: str) -> list:
    """The daily table's seats (`saves.Seat`): the player, then the fixed bots."""
    from cutthroat.saves import Seat

    return [Seat("human", name)] + [Seat("bot", BOT_NAMES[i % len(BOT_NAMES)], level)
                                    for i, level in enumerate(DAILY_BOTS.get(game_id, ()))]


@dataclass(frozen=True)
class DailyStatus:
    game: str
    date: str
    played: FinishedGame | None  # the attempt that counts, finished, if any
    attempts: int  # every attempt finished and kept, the first included
    begun: int = 0  # attempts begun (from their first move), finished or not

    @property
    def counts(self) -> bool:
        """Would a game of this deal begun now count in the records? (None begun yet.)"""
        return self.played is None and not self.begun

    @property
    def text(self) -> str:
        """"not yet played", "begun, not finished" or "played: 8 points" / "played: won"."""
        if self.played is not None:
            return f"played: {outcome(self.played)}"
        return "begun, not finished" if self.begun else "not yet played"


def daily_status(history, game_id: str, when: date | datetime | str | None = None) -> DailyStatus:
    """Has the day's deal of a game been played (in this history)? The counted attempt, if so;
    a deal begun and never finished was the day's attempt too (`DailyStatus.counts`)."""
    today = day(when)
    tries = [g for g in history.games(game_id, since=date.fromisoformat(today)) if g.daily == today]
    counted = [g for g in tries if g.counted]
    first = min(counted, key=lambda g: (g.finished_at, g.id)) if counted else None
    return DailyStatus(game_id, today, first, len(tries), len(history.daily_attempts(game_id, today)))


def outcome(game: FinishedGame, ascii: bool = False) -> str:
    """The result in a few words, no spoilers: "8 points"; "won", "2nd of 4"."""
    from cutthroat.engine.words import counted

    seat = game.humans[0] if game.humans else 0
    if len(game.seats) == 1:
        return counted(game.scores[seat] if game.scores else 0, "point")
    if game.won(seat):
        return "won"
    place = game.placements[seat] if seat < len(game.placements) else len(game.seats)
    return f"{_ordinal(place)} of {len(game.seats)}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


SUITS = {"S": ("♠", "S"), "H": ("♥", "H"), "D": ("♦", "D"), "C": ("♣", "C"), "?": ("?", "?")}


def share_line(game: FinishedGame, ascii: bool = False) -> str:
    """The line to share, plain text, no spoilers: `Cutthroat · Kill The Kings · 2026-12-03 ·
    8 points · R1 ♠♥♦ R2 ♣ R3 –` (the kings killed each round, by suit); multi-player: how it
    ended for the player ("won", "2nd of 4"). `ascii`: the same in ASCII (`|` for `·`, letters
    for suits, `-` for a round without a king), for a terminal under LANG=C."""
    from cutthroat.engine.registry import game_info

    dot = " | " if ascii else " · "
    when = game.daily or game.finished_at.date().isoformat()
    parts = ["Cutthroat", game_info(game.game).name, when, outcome(game, ascii)]
    if game.game == "kill-the-kings":
        rounds = kings_by_round(game)
        if rounds:
            parts.append(" ".join(f"R{i} " + ("".join(SUITS[s][1 if ascii else 0] for s in suits) or
                                              ("-" if ascii else "–"))
                                  for i, suits in enumerate(rounds, 1)))
    line = dot.join(parts)
    return line.encode("ascii", "replace").decode() if ascii else line


def kings_by_round(game: FinishedGame) -> list[list[str]]:
    """Kill The Kings: the suits (S H D C) of the kings killed in each round, from the game's
    document replayed; from the round points alone (as many `?`) without one."""
    if game.document:
        try:
            import json

            from cutthroat import saves

            data = saves.parse(json.dumps(game.document).encode(), "history")
            rules = saves.get_rules(data.game)
            state = rules.copy(data.base) if data.base is not None else \
                rules.new_game(data.config, data.seed, len(data.seats))
            played = len(game.result.get("details", {}).get("round_points", [])) or 3
            rounds: list[list[str]] = [[] for _ in range(played)]
            current = 1
            for seat, action in data.log:
                for event in rules.apply(state, action, seat):
                    if event.kind == "round_started":
                        current = event.round
                    elif event.kind == "king_killed" and 1 <= current <= played:
                        rounds[current - 1].append(_suit(event.king))
            return rounds
        except Exception:  # noqa: BLE001 - a document that won't replay: the points say enough
            pass
    from cutthroat.history.records import ROUND_POINTS

    points = game.result.get("details", {}).get("round_points", [])
    return [["?"] * (ROUND_POINTS.index(p) if p in ROUND_POINTS else 0) for p in points]


def _suit(card) -> str:
    letter = getattr(getattr(card, "suit", None), "letter", "?")
    return letter if letter in SUITS else "?"


# -- a server's daily deal -------------------------------------------------------------------------
def server_secret(data: str | os.PathLike) -> bytes:
    """The server's daily secret: 32 random bytes in `data/daily-secret` (0600), made once."""
    path = Path(data) / SECRET_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        os.chmod(path, 0o600, follow_symlinks=False)
        secret = path.read_bytes()
        if len(secret) < 32:
            raise ValueError(f"{SECRET_FILE}: too short to be the daily secret") from None
        return secret
    secret = secrets.token_bytes(32)
    try:
        os.write(fd, secret)
        os.fsync(fd)
    finally:
        os.close(fd)
    return secret


def server_day_key(secret: bytes, when: date | datetime | str | None = None) -> bytes:
    return hmac.new(secret, f"cutthroat-server-daily|{day(when)}".encode(), hashlib.sha256).digest()


def seed_from_day_key(key: bytes, game_id: str) -> int:
    """A server's daily seed for a game, from that day's key (a player can check it once the key
    is published)."""
    return int.from_bytes(hmac.new(key, game_id.encode(), hashlib.sha256).digest()[:8], "big") >> 1


def server_daily_seed(data: str | os.PathLike, game_id: str, when: date | datetime | str | None = None) -> int:
    """The server's daily deal for a game: secret until the day is over."""
    return seed_from_day_key(server_day_key(server_secret(data), when), game_id)


def revealed_day_key(data: str | os.PathLike, when: date | datetime | str,
                     today: date | datetime | str | None = None) -> bytes | None:
    """A day's key, once that day is over (None before): it proves the day's seeds afterwards."""
    if day(when) >= day(today):
        return None
    return server_day_key(server_secret(data), when)
