"""A finished game as the history keeps it (`FinishedGame`), and how one is made from a session's
save data and result (`finished_game`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

KINDS = ("human", "bot")


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" | "bot"
    level: str | None = None  # a bot's level
    #: A server's player id for a human seat at a server table (None at home).
    player: str | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"name": self.name, "kind": self.kind, "level": self.level}
        if self.player is not None:
            out["player"] = self.player
        return out

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "Seat":
        kind = doc.get("kind")
        if kind not in KINDS or not isinstance(doc.get("name"), str):
            raise ValueError("a seat needs a name and a kind (human/bot)")
        level = doc.get("level")
        player = doc.get("player")
        return cls(doc["name"], kind, level if isinstance(level, str) else None,
                   player if isinstance(player, str) else None)


@dataclass(frozen=True)
class FinishedGame:
    """One finished game.

    `id` is the history's row number (0 before it is recorded); `game_id` the game's own id, the
    same for every session of that game (resumed from Continue, loaded from a save), so a game is
    recorded once. `humans`: the seats whose player owns this history (every human seat at home;
    at a server table, that player's seat). `result`: {"winners": [seat…], "placements": [place of
    each seat, 1 = first], "scores": [each seat's], "summary": text, "details": the game's own}.
    `table`: the server table's code, for a game played at one. `daily`: the daily deal's date (YYYY-MM-DD) or None; `counted`: False for a second attempt at a
    daily deal (kept, but not in the records). `document`: the save document (seed + actions), so
    the game can be replayed."""

    game: str
    options: dict[str, str]
    seats: tuple[Seat, ...]
    humans: tuple[int, ...]
    result: dict[str, Any]
    finished_at: datetime
    game_id: str = ""
    tie_break: str = ""
    moves: int = 0
    duration_s: float = 0.0
    daily: str | None = None
    counted: bool = True
    document: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    id: int = 0
    table: str = ""  # the server table's code, for a game played at one ("" at home)

    # -- reading --------------------------------------------------------------------------------
    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self.result.get("winners", ()))

    @property
    def scores(self) -> list[int]:
        return list(self.result.get("scores", ()))

    @property
    def placements(self) -> list[int]:
        return list(self.result.get("placements", ()))

    def won(self, seat: int) -> bool:
        return seat in self.winners

    @property
    def mode(self) -> str:
        """The option that names the game's kind: Kill The Kings' mode, Exploding Kittens'
        recipe; "" for the others."""
        return self.options.get("mode") or self.options.get("recipe") or ""

    # -- as rows ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """One row of an export (`History.export_rows`): plain JSON."""
        return {"id": self.id, "game_id": self.game_id, "game": self.game, "options": dict(self.options),
                "seats": [s.to_json() for s in self.seats], "humans": list(self.humans),
                "result": self.result, "tie_break": self.tie_break, "moves": self.moves,
                "duration_s": self.duration_s, "finished_at": self.finished_at.isoformat(),
                "daily": self.daily, "counted": self.counted, "table": self.table, "document": self.document}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "FinishedGame":
        """The game an export's row holds; ValueError (one line) if it isn't one."""
        if not isinstance(doc, dict):
            raise ValueError("not a finished game (not an object)")
        try:
            finished = datetime.fromisoformat(doc["finished_at"])
            if finished.tzinfo is None:
                finished = finished.replace(tzinfo=timezone.utc)
            options = doc.get("options") or {}
            result = doc["result"]
            document = doc.get("document") or {}
            if isinstance(options, str):
                options = json.loads(options)
            if isinstance(result, str):
                result = json.loads(result)
            if isinstance(document, str):
                document = json.loads(document) if document else {}
            seats = doc["seats"]
            if isinstance(seats, str):
                seats = json.loads(seats)
            humans = doc.get("humans", [])
            if isinstance(humans, str):
                humans = json.loads(humans)
            if not isinstance(doc["game"], str) or not isinstance(result, dict) or not isinstance(options, dict):
                raise ValueError("game, result and options are needed")
            if not isinstance(seats, list) or not seats or not all(isinstance(s, dict) for s in seats):
                raise ValueError("seats must be a list of seats")
            for key in ("winners", "placements", "scores"):
                value = result.get(key, [])
                if not isinstance(value, list) or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                          for v in value):
                    raise ValueError(f"the result's {key} must be a list of numbers")
            if not all(isinstance(w, int) and 0 <= w < len(seats) for w in result.get("winners", [])):
                raise ValueError("a winner that isn't a seat")
            if not isinstance(humans, list) or not all(isinstance(h, int) and 0 <= h < len(seats) for h in humans):
                raise ValueError("humans must be seat numbers")
            daily = doc.get("daily") or None
            counted = doc.get("counted", True)
            if isinstance(counted, str):
                counted = counted.strip().lower() in ("1", "true", "yes")
            return cls(doc["game"], {str(k): str(v) for k, v in options.items()},
                       tuple(Seat.from_json(s) for s in seats), tuple(int(h) for h in humans), result,
                       finished.astimezone(timezone.utc), str(doc.get("game_id") or ""),
                       str(doc.get("tie_break") or ""), int(doc.get("moves") or 0),
                       float(doc.get("duration_s") or 0.0), daily if isinstance(daily, str) else None,
                       bool(counted), document if isinstance(document, dict) else {}, int(doc.get("id") or 0),
                       str(doc.get("table") or ""))
        except (KeyError, TypeError, ValueError, AttributeError, json.JSONDecodeError) as exc:
            raise ValueError(f"not a finished game ({exc.__class__.__name__}: {exc})") from None


def placements_of(result) -> list[int]:
    """Each seat's place, 1 = first: the game's `ranking` if it gives one, else the winners, then
    the seats out last to first, then the rest; winners all share first place."""
    n = len(result.scores)
    ranking = list(result.details.get("ranking") or [])
    if not ranking:
        ranking = list(result.winners) + [q for q in reversed(result.details.get("eliminations", []))
                                          if q not in result.winners]
        ranking += [q for q in range(n) if q not in ranking]
    places = [0] * n
    for i, seat in enumerate(ranking):
        if 0 <= seat < n and not places[seat]:
            places[seat] = 1 if seat in result.winners else i + 1
    return [p or n for p in places]


def finished_game(data, result, *, game_id: str, duration_s: float = 0.0, finished_at: datetime | None = None,
                  daily: str | None = None, humans: tuple[int, ...] | None = None,
                  players: list[str | None] | None = None) -> FinishedGame:
    """The FinishedGame of a game over: `data` its SaveData (seats, config, seed, log), `result`
    its rules' Result. `humans` defaults to every human seat; `players` names a server's player id
    per seat."""
    from cutthroat import saves

    seats = tuple(Seat(s.name, s.kind, s.level, (players[i] if players else None))
                  for i, s in enumerate(data.seats))
    if humans is None:
        humans = tuple(i for i, s in enumerate(seats) if s.kind == "human")
    details = _plain(result.details)
    return FinishedGame(
        game=data.game, options=dict(data.config), seats=seats, humans=tuple(humans),
        result={"winners": list(result.winners), "placements": placements_of(result),
                "scores": list(result.scores), "summary": result.summary, "details": details},
        finished_at=(finished_at or datetime.now(timezone.utc)).astimezone(timezone.utc),
        game_id=game_id, tie_break=tie_break_text(result),
        moves=len(data.log), duration_s=round(float(duration_s), 1), daily=daily,
        document=saves.to_json(data))


#: Endings decided by a count rather than by who was left standing: the summary says how.
COUNTED_ENDINGS = ("stalemate", "round-limit", "move-limit", "kill-target")


def tie_break_text(result) -> str:
    """How the winner was picked when it wasn't the last one standing: the seats tied on Psycho
    Killer's injury points split by fewest Psycho Killers, then fewest weapons; an ending by count
    (a stalemate, the round limit) in the game's own words. "" when nothing was broken."""
    details = result.details
    points = details.get("points")
    if points and result.winners:
        best = points[result.winners[0]]
        tied = [q for q, p in enumerate(points) if p == best]
        if len(tied) > len(result.winners):
            pks, weapons = details.get("pks", []), details.get("weapons", [])
            w = result.winners[0]
            by_pk = pks and any(pks[q] != pks[w] for q in tied)
            return (f"tied on {best} injury points: fewest Psycho Killers" if by_pk else
                    f"tied on {best} injury points: fewest weapons" if weapons else f"tied on {best} points")
    if details.get("how") in COUNTED_ENDINGS:
        return result.summary
    return ""


def _plain(value):
    """A result's details as plain JSON values."""
    return json.loads(json.dumps(value, default=str))
