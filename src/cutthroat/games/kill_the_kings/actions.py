"""Kill The Kings actions: every decision is one of these (canonical instances below, so
`legal_actions` allocates nothing)."""

from __future__ import annotations

from dataclasses import dataclass

from cutthroat.engine.protocol import Action
from cutthroat.games.kill_the_kings.cards import COLUMNS, RESERVE_SPOTS


@dataclass(frozen=True, slots=True)
class Draw(Action):
    kind = "draw"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the drawn card under the king of `column` (0–3)."""

    column: int
    kind = "place"


@dataclass(frozen=True, slots=True)
class Reserve(Action):
    """Put the drawn card into the empty reserve `spot` (0–3)."""

    spot: int
    kind = "reserve"


@dataclass(frozen=True, slots=True)
class PlayReserve(Action):
    """Move the card in reserve `spot` under the king of `column` (only with no drawn card waiting)."""

    spot: int
    column: int
    kind = "play_reserve"


@dataclass(frozen=True, slots=True)
class EndRound(Action):
    """With the deck empty, stop here rather than play a reserve card (spec: stuck)."""

    kind = "end_round"


@dataclass(frozen=True, slots=True)
class NextRound(Action):
    kind = "next_round"


ACTION_TYPES = (Draw, Place, Reserve, PlayReserve, EndRound, NextRound)
DRAW = Draw()
END_ROUND = EndRound()
NEXT_ROUND = NextRound()
PLACE = tuple(Place(c) for c in range(COLUMNS))
RESERVE = tuple(Reserve(s) for s in range(RESERVE_SPOTS))
PLAY_RESERVE = tuple(tuple(PlayReserve(s, c) for c in range(COLUMNS)) for s in range(RESERVE_SPOTS))
