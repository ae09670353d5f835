"""What a seat's port carries: the table's fixed facts once (`TableInfo`), then one `SeatUpdate`
after every change. Both round-trip through JSON (views by their schema, actions and events by
the engine codec), so a port can cross a process or network boundary unchanged."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cutthroat.engine.codec import decoder, encode
from cutthroat.engine.protocol import TABLE_EVENT_TYPES, Action, Event, Result
from cutthroat.engine.registry import get_rules


def told_seed(seed: int | None, *, daily: bool, over: bool) -> int | None:
    """The seed where it may be told: once the game is over, at every table (solo too: the deck's
    order follows from it, so a solo player could read their own deck); a daily deal's never (it
    is everyone's deal that day)."""
    return seed if over and not daily else None


@dataclass(frozen=True)
class Hint:
    """The hard bot's move for a seat, and why in a few words ("" where its bot gives none)."""

    action: Action
    why: str = ""


@dataclass(frozen=True)
class SeatInfo:
    name: str
    kind: str  # "human" | "bot"
    level: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass(frozen=True)
class TableInfo:
    """What never changes at a table: the game, its setup, who sits where. Never the deal's seed:
    every hidden card follows from it, so it is told once the game is over (`SeatUpdate.seed`)."""

    game: str
    config: dict[str, str]
    seats: tuple[SeatInfo, ...]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].is_bot

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "config": dict(self.config),
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "TableInfo":
        seats = tuple(SeatInfo(s["name"], s["kind"], s.get("level")) for s in data["seats"])
        return cls(data["game"], dict(data["config"]), seats)


@dataclass(frozen=True)
class SeatUpdate:
    """One seat's news after a change: its view, what it may do, what happened as it may see it.

    `seat` None is the spectator: the public view, public events. `legal` is empty unless the seat
    is to act and decides. `reacting` are the seats answering a reaction window; `deadline` is the
    seconds they had left when this was sent (None: no clock). `stats` and `result` come once it
    is over.
    """

    seat: int | None
    version: int
    view: Any
    legal: tuple[Action, ...] = ()
    events: tuple[Event, ...] = ()
    to_act: tuple[int, ...] = ()
    reacting: tuple[int, ...] = ()
    deadline: float | None = None
    can_undo: bool = False
    can_take_back: bool = False  # the seat's play waits for its choices: Esc takes it back
    skipping: bool = False
    stepping: bool = False  # every seat to act moves unasked (`paced_action`, `auto_action`): nobody decides
    paced: bool = False  # that move is the table's own step after the bot pause (`paced_action`): all watch it
    result: Result | None = None
    stats: tuple[dict[str, Any], ...] = ()
    notices: tuple[tuple[str, str], ...] = ()  # (title, text): the table's own news (a bot failed …)
    out: tuple[int, ...] = ()  # seats out of the game (public)
    seed: int | None = None  # the deal's seed, told once the game is over (never before: it gives every hand)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def private_events(self) -> list[Event]:
        """The events only this seat (and maybe a few others) saw: its private news."""
        return [e for e in self.events if e.private]

    def to_json(self) -> dict[str, Any]:
        result = self.result
        return {
            "seat": self.seat,
            "version": self.version,
            "view": self.view.to_json(),
            "legal": [encode(a) for a in self.legal],
            "events": [encode(e) for e in self.events],
            "to_act": list(self.to_act),
            "reacting": list(self.reacting),
            "deadline": self.deadline,
            "can_undo": self.can_undo,
            "can_take_back": self.can_take_back,
            "skipping": self.skipping,
            "stepping": self.stepping,
            "paced": self.paced,
            "result": None if result is None else {"winners": list(result.winners), "scores": list(result.scores),
                                                   "summary": result.summary, "details": result.details},
            "stats": [dict(s) for s in self.stats],
            "notices": [list(n) for n in self.notices],
            "out": list(self.out),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], game: str) -> "SeatUpdate":
        rules = get_rules(game)
        decode_action, decode_event = decoder(rules.action_types), decoder(rules.event_types + TABLE_EVENT_TYPES)
        result = data["result"]
        return cls(
            seat=data["seat"],
            version=data["version"],
            view=rules.view_type.from_json(data["view"]),
            legal=tuple(decode_action(a) for a in data["legal"]),
            events=tuple(decode_event(e) for e in data["events"]),
            to_act=tuple(data["to_act"]),
            reacting=tuple(data["reacting"]),
            deadline=data["deadline"],
            can_undo=data["can_undo"],
            can_take_back=data["can_take_back"],
            skipping=data["skipping"],
            stepping=data["stepping"],
            paced=data.get("paced", False),
            result=None if result is None else Result(list(result["winners"]), list(result["scores"]),
                                                      result["summary"], dict(result["details"])),
            stats=tuple(dict(s) for s in data["stats"]),
            notices=tuple((title, text) for title, text in data["notices"]),
            out=tuple(data.get("out", ())),
            seed=data.get("seed"),
        )
