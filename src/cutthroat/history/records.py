"""Records: pure functions over a list of finished games (`FinishedGame`), for the Records
screen and `cutthroat stats`.

What counts: only counted games (a second attempt at a daily deal is kept, not counted). Each
game is one entry: for `player=None`, the game as the home side played it (won when one of its
human seats won; its best-placed human seat's place and position); for a named player, that
player's seat (a hot-seat game counts for each human seat by its name, case-insensitive).
Streaks run over the games in the order they were finished, across modes unless one is asked for.
"""

from __future__ import annotations

import gc
import json
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple

from cutthroat.history.model import FinishedGame

KTK = "kill-the-kings"
#: Kill The Kings' winning scores per mode, as its rules have them (`kill_the_kings.cards.TARGETS`,
#: checked equal by a test; here so that Records needn't load the game): Killer 7+, Psycho 11+.
TARGETS = {"killer": 7, "psycho": 11}
KILLER, PSYCHO = TARGETS["killer"], TARGETS["psycho"]
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
    last_places: tuple[int, ...] = ()  # the last 50 games' places (1 = first), oldest → newest


class Fact(NamedTuple):
    """One entry of the records: a game as one side played it (the home side, or a named player's
    seat). The history keeps each game's home-side fact beside it (`fact_json`), so Records reads
    these light rows rather than whole games; `records` is the same sum either way."""

    when: str  # finished at, as the history keeps it (ISO 8601, UTC, fixed width: it sorts)
    id: int
    mode: str
    seat: int
    won: bool
    place: int
    score: int  # the seat's score (0 where the game keeps none)
    kings: int  # Kill The Kings: kings killed, over `rounds` rounds
    rounds: int
    levels: tuple[str, ...]  # the bot levels at the table


def _fact(g: FinishedGame, seat: int, won: bool, place: int) -> Fact:
    from cutthroat.history.store import _stamp

    scores = g.result.get("scores", ())
    kings = rounds = 0
    kings_for = {p: k for k, p in enumerate(ROUND_POINTS)}
    details = g.result.get("details")
    for points in (details.get("round_points", ()) if isinstance(details, dict) else ()):
        rounds += 1
        kings += kings_for.get(points, 0)
    levels = tuple(sorted({s.level for i, s in enumerate(g.seats) if s.kind == "bot" and i != seat and s.level}))
    return Fact(_stamp(g.finished_at), g.id, g.mode, seat, bool(won), place,
                scores[seat] if seat < len(scores) else 0, kings, rounds, levels)


def facts_of(g: FinishedGame, player: str | None = None) -> list[Fact]:
    """The entries one game makes (none if it isn't counted): for `player=None`, the home side (won
    when one of its human seats won; its best-placed human seat's place and position); for a named
    player, each of their seats."""
    if not g.counted:
        return []
    result = g.result
    winners = result.get("winners", ())
    places = result.get("placements") or ()

    def place(seat: int) -> int:
        return places[seat] if seat < len(places) else (1 if seat in winners else len(g.seats))

    key = player.casefold() if player is not None else None
    seats = [s for s in g.humans if key is None or g.seats[s].name.casefold() == key]
    if not seats:
        return []
    if key is None:  # the home side: its best-placed human
        best = min(seats, key=lambda s: (s not in winners, place(s), s))
        return [_fact(g, best, any(s in winners for s in seats), place(best))]
    return [_fact(g, s, s in winners, place(s)) for s in seats]


def fact_json(g: FinishedGame) -> str | None:
    """The home-side fact the history keeps beside a game (None: it makes no entry)."""
    facts = facts_of(g)
    if not facts:
        return None
    f = facts[0]
    return json.dumps([f.seat, f.won, f.place, f.score, f.kings, f.rounds, list(f.levels)], ensure_ascii=False)


def names_json(g: FinishedGame) -> str:
    """The names of a game's human seats, as the history keeps them beside it (`players`)."""
    return json.dumps([g.seats[s].name for s in g.humans], ensure_ascii=False)


def facts_from_rows(rows: list[tuple[str, int, str, str]]) -> list[Fact]:
    """Facts from the history's rows (finished_at, id, mode, fact_json), in their order."""
    collecting = gc.isenabled()
    gc.disable()  # (thousands of new objects, none of them garbage: no collections while they come)
    try:
        parsed = json.loads("[" + ",".join(row[3] for row in rows) + "]")  # (one parse, not one a row)
        levels: dict[tuple[str, ...], tuple[str, ...]] = {}  # (the same few sets of levels, kept once)
        make, level = Fact._make, levels.setdefault
        return [make((row[0], row[1], row[2], p[0], p[1], p[2], p[3], p[4], p[5], level(tuple(p[6]), tuple(p[6]))))
                for row, p in zip(rows, parsed)]
    finally:
        if collecting:
            gc.enable()


def players(games: Iterable[FinishedGame]) -> list[str]:
    """The names of the human seats in these games, most games first."""
    return players_of(([g.seats[seat].name for seat in g.humans], 1) for g in games)


def players_of(tables: Iterable[tuple[list[str], int]]) -> list[str]:
    """`players` of games given as (their human seats' names, how many such games), newest first
    (a name written two ways is written as its newest game has it)."""
    seen: dict[str, list] = {}
    for names, n in tables:
        for name in names:
            entry = seen.setdefault(name.casefold(), [name, 0])
            entry[1] += n
    return [name for name, _ in sorted(seen.values(), key=lambda e: (-e[1], e[0].casefold()))]


def entries(games: Iterable[FinishedGame], game: str, mode: str | None = None,
            player: str | None = None) -> list[Fact]:
    """The counted entries of `game` (and `mode`) for `player`, oldest first."""
    return [f for g in sorted(games, key=lambda g: (g.finished_at, g.id))
            if g.game == game and (mode is None or g.mode == mode) for f in facts_of(g, player)]


def records(games: Iterable[FinishedGame], game: str, mode: str | None = None,
            player: str | None = None) -> Records:
    """The records of `game` (a registry id) in `games`: of one mode/recipe if given (Kill The
    Kings' "killer", an Exploding Kittens recipe), for one player (by name) if given."""
    return summed(entries(games, game, mode, player), game, mode, player)


def summed(rows: list[Fact], game: str, mode: str | None = None, player: str | None = None) -> Records:
    """The records of these entries (oldest first, already of `game`, `mode` and `player`)."""
    played = len(rows)
    won = sum(e.won for e in rows)
    best = run = 0
    for e in rows:
        run = run + 1 if e.won else 0
        if run > best:
            best = run
    out = dict(game=game, mode=mode, player=player, played=played, won=won,
               win_rate=won / played if played else 0.0, streak=run, best_streak=best)
    if game == KTK:
        out.update(_ktk(rows))
    else:
        out.update(_multi(rows))
    return Records(**out)


def _ktk(rows: list[Fact]) -> dict:
    if not rows:
        return {}
    scores = [e.score for e in rows]
    top = max(scores)
    first = rows[scores.index(top)]
    by_mode: dict[str, list[int]] = {}
    for e in rows:
        by_mode.setdefault(e.mode, []).append(e.score)
    kings = sum(e.kings for e in rows)
    rounds = sum(e.rounds for e in rows)
    n = len(scores)
    return dict(best_score=top, best_score_date=first.when[:10],
                mean_score={m: round(sum(v) / len(v), 2) for m, v in by_mode.items()},
                killer_rate=sum(s >= KILLER for s in scores) / n, psycho_rate=sum(s >= PSYCHO for s in scores) / n,
                kings_per_round=round(kings / rounds, 2) if rounds else None,
                last_scores=tuple(scores[-LAST:]))


def _multi(rows: list[Fact]) -> dict:
    if not rows:
        return {}
    vs: dict[str, list[int]] = {}
    by_seat: dict[int, list[int]] = {}
    for e in rows:
        for level in e.levels:
            tally = vs.setdefault(level, [0, 0])
            tally[0] += e.won
            tally[1] += 1
        tally = by_seat.setdefault(e.seat + 1, [0, 0])
        tally[0] += e.won
        tally[1] += 1
    return dict(vs_level={k: (v[0], v[1]) for k, v in sorted(vs.items())},
                wins_by_seat={k: (v[0], v[1]) for k, v in sorted(by_seat.items())},
                average_placement=round(sum(e.place for e in rows) / len(rows), 2),
                last_places=tuple(e.place for e in rows[-LAST:]))
