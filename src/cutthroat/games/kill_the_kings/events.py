"""Kill The Kings events: what the log tells. The game has one seat, so every event is public."""

from __future__ import annotations

from dataclasses import dataclass

from cutthroat.engine.cards import Card
from cutthroat.engine.protocol import Event
from cutthroat.engine.words import agree, counted
from cutthroat.games.kill_the_kings.cards import SPOT_NAMES


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    kind = "round_started"

    def describe(self, names=()) -> str:
        return f"Round {self.round} begins"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    card: Card
    deck_left: int
    kind = "card_drawn"

    def describe(self, names=()) -> str:
        return f"Drew {self.card.label}"


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    card: Card
    column: int
    from_spot: int  # -1: the drawn card
    kind = "card_placed"

    def describe(self, names=()) -> str:
        if self.from_spot >= 0:  # (short enough for the log's column: "J♠ from reserve A → 2" left "2" alone)
            return f"Reserve {SPOT_NAMES[self.from_spot]}: {self.card.label} → {self.column + 1}"
        return f"{self.card.label} → {self.column + 1}"


@dataclass(frozen=True, slots=True)
class CardReserved(Event):
    card: Card
    spot: int
    kind = "card_reserved"

    def describe(self, names=()) -> str:
        return f"{self.card.label} → reserve {SPOT_NAMES[self.spot]}"


@dataclass(frozen=True, slots=True)
class KingKilled(Event):
    king: Card
    column: int
    points: int
    kind = "king_killed"

    def describe(self, names=()) -> str:
        return f"{self.king.label} killed! +{self.points}"


@dataclass(frozen=True, slots=True)
class Busted(Event):
    card: Card
    kind = "busted"

    def describe(self, names=()) -> str:
        return f"Bust: {self.card.label} fits nowhere and the reserve is full"


@dataclass(frozen=True, slots=True)
class Stuck(Event):
    chosen: bool
    kind = "stuck"

    def describe(self, names=()) -> str:
        return "Round ended by choice" if self.chosen else "Stuck: deck empty, no reserve card fits"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    round: int
    kings: int
    points: int
    total: int
    reason: str  # "all_killed" | "bust" | "stuck" | "ended"
    kind = "round_ended"

    def describe(self, names=()) -> str:
        return f"Round {self.round} over: {counted(self.kings, 'king')}, +{self.points} (total {self.total})"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    total: int
    mode: str
    target: int
    won: bool
    kind = "game_ended"

    def describe(self, names=()) -> str:
        """The player by name where a name is given (a watched bot), else "You"."""
        verdict = agree(f"{names[0] if names else 'You'} {'wins' if self.won else 'loses'}")
        return f"Game over: {counted(self.total, 'point')} — {verdict} ({self.mode.title()} needs {self.target})"


EVENT_TYPES = (RoundStarted, CardDrawn, CardPlaced, CardReserved, KingKilled, Busted, Stuck,
               RoundEnded, GameEnded)
