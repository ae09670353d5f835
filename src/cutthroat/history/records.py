"""Records: pure functions over a list of finished games (`FinishedGame`), for the Records
screen and `cutthroat stats`.

What counts: only counted games (a second attempt at a daily deal is kept, not counted). Each
game is one entry: for `player=None`, the game as the home side played it (won when one of its
human seats won; its best-placed human seat's place and position); for a named player, that
player's seat (a hot-seat game counts for each human seat by its name, case-insensitive).
Streaks run over the games in the order they were finished, across modes unless one is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from cutthroat.history.model import FinishedGame

KTK = "kill-the-kings"
#: Kill The Kings' winning scores (the rules' `TARGETS`: Killer 7+, Psycho 11+ points).
KILLER, PSYCHO = 7, 11
#: Points a round scores for 0–4 kings killed (1 + 2 + 3 + 4 …).
ROUND_POINTS = (0, 1, 3, 6, 10)
LAST = 50


@dataclass(frozen=True)
class Records:
    game: str
    mode: str | None = None
    player: str | None = None
    played: int = 0
    won: int = 0
    win_rate: float = 0.0  # 0–1 (0 with nothing played)
    #: Multi-player: for each bot level at the table, (games won, games played) against it.
    vs_level: dict[str, tuple[int, int]] = field(default_factory=dict)
    streak: int = 0  # wins in a row, up to the latest game
    best_streak: int = 0
    # -- Kill The Kings ----------------------------------------------------------------------------
    best_score: int | None = None
    best_score_date: str | None = None  # YYYY-MM-DD (UTC) of the first game that scored it
    mean_score: dict[str, float] = field(default_factory=dict)  # per mode
    killer_rate: float | None = None  # share of games with 7+ points (Killer's target)
    psycho_rate: float | None = None  # share of games with 11+ points (Psycho's target)
    kings_per_round: float | None = None
    last_scores: tuple[int, ...] = ()  # the last 50 games' scores, oldest → newest
    # -- multi-player ------------------------------------------------------------------------------
    wins_by_seat: dict[int, tuple[int, int]] = field(default_factory=dict)  # position (1 = first) → (won, of)
    average_placement: float | None = None


@dataclass(frozen=True)
class _Entry:
    game: FinishedGame
    seat: int
    won: bool
    place: int


def players(games: Iterable[FinishedGame]) -> list[str]:
    """The names of the human seats in these games, most games first."""
    seen: dict[str, list] = {}
    for g in games:
        for seat in g.humans:
            name = g.seats[seat].name
            entry = seen.setdefault(name.casefold(), [name, 0])
            entry[1] += 1
    return [name for name, _ in sorted(seen.values(), key=lambda e: (-e[1], e[0].casefold()))]


def entries(games: Iterable[FinishedGame], game: str, mode: str | None = None,
            player: str | None = None) -> list[_Entry]:
    """The counted entries of `game` (and `mode`) for `player`, oldest first."""
    out = []
    key = player.casefold() if player is not None else None
    for g in sorted(games, key=lambda g: (g.finished_at, g.id)):
        if g.game != game or not g.counted or (mode is not None and g.mode != mode):
            continue
        result = g.result
        winners = result.get("winners", ())
        places = result.get("placements") or ()

        def place(seat: int) -> int:
            return places[seat] if seat < len(places) else (1 if seat in winners else len(g.seats))

        humans = g.humans
        if key is None and len(humans) == 1:  # (nearly every game: one player)
            seat = humans[0]
            out.append(_Entry(g, seat, seat in winners, place(seat)))
            continue
        seats = [s for s in humans if key is None or g.seats[s].name.casefold() == key]
        if not seats:
            continue
        if key is None:  # the home side: its best-placed human
            best = min(seats, key=lambda s: (s not in winners, place(s), s))
            out.append(_Entry(g, best, any(s in winners for s in seats), place(best)))
        else:
            out.extend(_Entry(g, s, s in winners, place(s)) for s in seats)
    return out


def records(games: Iterable[FinishedGame], game: str, mode: str | None = None,
            player: str | None = None) -> Records:
    """The records of `game` (a registry id) in `games`: of one mode/recipe if given (Kill The
    Kings' "killer", an Exploding Kittens recipe), for one player (by name) if given."""
    games = list(games)
    rows = entries(games, game, mode, player)
    played = len(rows)
    won = sum(e.won for e in rows)
    streak = best = run = 0
    for e in rows:
        run = run + 1 if e.won else 0
        best = max(best, run)
    streak = run
    out = dict(game=game, mode=mode, player=player, played=played, won=won,
               win_rate=won / played if played else 0.0, streak=streak, best_streak=best)
    if game == KTK:
        out.update(_ktk(rows))
    else:
        out.update(_multi(rows))
    return Records(**out)


def _ktk(rows: list[_Entry]) -> dict:
    if not rows:
        return {}
    def score(e: _Entry) -> int:
        scores = e.game.result.get("scores", ())
        return scores[e.seat] if e.seat < len(scores) else 0

    scores = [score(e) for e in rows]
    top = max(scores)
    first = next(e for e, s in zip(rows, scores) if s == top)
    by_mode: dict[str, list[int]] = {}
    for e, s in zip(rows, scores):
        by_mode.setdefault(e.game.mode, []).append(s)
    kings = rounds = 0
    kings_for = {p: k for k, p in enumerate(ROUND_POINTS)}
    for e in rows:
        for points in e.game.result.get("details", {}).get("round_points", ()):
            rounds += 1
            kings += kings_for.get(points, 0)
    n = len(scores)
    return dict(best_score=top, best_score_date=first.game.finished_at.date().isoformat(),
                mean_score={m: round(sum(v) / len(v), 2) for m, v in by_mode.items()},
                killer_rate=sum(s >= KILLER for s in scores) / n, psycho_rate=sum(s >= PSYCHO for s in scores) / n,
                kings_per_round=round(kings / rounds, 2) if rounds else None,
                last_scores=tuple(scores[-LAST:]))


def _multi(rows: list[_Entry]) -> dict:
    if not rows:
        return {}
    vs: dict[str, list[int]] = {}
    by_seat: dict[int, list[int]] = {}
    for e in rows:
        levels = {s.level for i, s in enumerate(e.game.seats) if s.kind == "bot" and i != e.seat and s.level}
        for level in levels:
            tally = vs.setdefault(level, [0, 0])
            tally[0] += e.won
            tally[1] += 1
        tally = by_seat.setdefault(e.seat + 1, [0, 0])
        tally[0] += e.won
        tally[1] += 1
    return dict(vs_level={k: (v[0], v[1]) for k, v in sorted(vs.items())},
                wins_by_seat={k: (v[0], v[1]) for k, v in sorted(by_seat.items())},
                average_placement=round(sum(e.place for e in rows) / len(rows), 2))
