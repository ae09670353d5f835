"""Kill Your Friends events: what the log tells. A pick-up is private to its seat (the others
see how many cards, not which); everything else is public."""

from __future__ import annotations

from dataclasses import dataclass

from cutthroat.engine.protocol import Event
from cutthroat.games.kill_your_friends.actions import REAPER_KILL, REAPER_SAVE
from cutthroat.games.kill_your_friends.cards import KyfCard
from cutthroat.engine.words import counted, seat_name, who_won
from cutthroat.games.kill_your_friends.text import WIN_HOW, card_labels


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    kind = "turn_started"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)}'s turn"


@dataclass(frozen=True, slots=True)
class PickedUp(Event):
    """`cards` is what was picked up; the public twin keeps only how many."""

    seat: int
    count: int
    reason: str
    cards: tuple[KyfCard, ...] = ()
    kind = "picked_up"

    def visible_to(self):
        return (self.seat,) if self.cards else None

    def public(self):
        return PickedUp(self.seat, self.count, self.reason)

    def describe(self, names=()) -> str:
        who = seat_name(names, self.seat)
        what = card_labels(self.cards) if self.cards else f"{self.count} card{'s' * (self.count != 1)}"
        if self.count == 0:
            return f"{who} can't pick up: the deck is empty"
        return f"{who} picked up {what}" + (f" ({self.reason})" if self.reason else "")


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int
    kind = "passed"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} skips: the deck is empty"


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    seat: int
    victim: int
    card: KyfCard
    kind = "attacked"

    def describe(self, names=()) -> str:
        deadly = " — deadly!" if self.card.number == 3 else ""
        return f"{seat_name(names, self.seat)} plays {self.card.label} on {seat_name(names, self.victim)}{deadly}"


@dataclass(frozen=True, slots=True)
class Saved(Event):
    seat: int
    card: KyfCard | None  # None: saved with the Reaper
    cleared: tuple[KyfCard, ...]
    kind = "saved"

    def describe(self, names=()) -> str:
        how = self.card.label if self.card else "the Reaper"
        return f"{seat_name(names, self.seat)} saves with {how}, clearing {card_labels(self.cleared)}"


@dataclass(frozen=True, slots=True)
class Dumped(Event):
    seat: int
    grave: int
    card: KyfCard
    kind = "dumped"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} dumps {self.card.label} on {seat_name(names, self.grave)}'s grave"


@dataclass(frozen=True, slots=True)
class ChaosPlayed(Event):
    seat: int
    card: KyfCard
    target: int
    kind = "chaos_played"

    def describe(self, names=()) -> str:
        on = f" on {seat_name(names, self.target)}" if self.target >= 0 else ""
        return f"{seat_name(names, self.seat)} plays {self.card.name}{on}!"


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    seat: int
    target: int
    counts: tuple[int, int]  # cards each now holds
    kind = "hands_swapped"

    def describe(self, names=()) -> str:
        return (f"{seat_name(names, self.seat)} and {seat_name(names, self.target)} swap hands "
                f"(now holding {counted(self.counts[0], 'card')} and {counted(self.counts[1], 'card')})")


@dataclass(frozen=True, slots=True)
class DirectionChanged(Event):
    direction: int
    skipped: int  # the seat whose turn is skipped (2 players), else -1
    kind = "direction_changed"

    def describe(self, names=()) -> str:
        if self.skipped >= 0:
            return f"{seat_name(names, self.skipped)}'s turn is skipped"
        return "Play now goes " + ("clockwise ↻" if self.direction > 0 else "anticlockwise ↺")


@dataclass(frozen=True, slots=True)
class ReaperPlayed(Event):
    seat: int
    use: str
    target: int
    kind = "reaper_played"

    def describe(self, names=()) -> str:
        who = seat_name(names, self.seat)
        if self.use == REAPER_KILL:
            return f"{who} sends the Reaper to {seat_name(names, self.target)}!"
        if self.use == REAPER_SAVE:
            return f"{who} plays the Reaper to clear the Kill cards on them"
        whom = "a life" if self.target == self.seat else seat_name(names, self.target)
        return f"{who} plays the Reaper to resurrect {whom}"


@dataclass(frozen=True, slots=True)
class LifeLost(Event):
    seat: int
    lives_left: int
    cause: str  # "3" or "reaper"
    killer: int
    kind = "life_lost"

    def describe(self, names=()) -> str:
        by = "the Reaper" if self.cause == "reaper" else "a 3"
        left = f"{self.lives_left} life left" if self.lives_left else "no lives left"
        return f"{seat_name(names, self.seat)} loses a life to {by} ({left})"


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    seat: int
    kind = "eliminated"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} is out of the game ✝"


@dataclass(frozen=True, slots=True)
class Resurrected(Event):
    seat: int
    kind = "resurrected"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} is back from the dead ♥"


@dataclass(frozen=True, slots=True)
class KillScored(Event):
    seat: int
    victim: int
    points: int
    kind = "kill_scored"

    def describe(self, names=()) -> str:
        return (f"{seat_name(names, self.seat)} kills {seat_name(names, self.victim)}: "
                f"{self.points} kill{'s' * (self.points != 1)}; {seat_name(names, self.victim)} lives again")


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    deck: int
    kind = "shuffled"

    def describe(self, names=()) -> str:
        return f"The deck is shuffled ({counted(self.deck, 'card')})"


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    seat: int
    cards: tuple[KyfCard, ...]
    kind = "revealed"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} reveals {card_labels(self.cards)}"


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    winners: tuple[int, ...]
    how: str
    kind = "game_won"

    def describe(self, names=()) -> str:
        return f"{who_won(names, self.winners)}: {WIN_HOW.get(self.how, self.how)}"


EVENT_TYPES = (TurnStarted, PickedUp, Passed, Attacked, Saved, Dumped, ChaosPlayed, HandsSwapped,
               DirectionChanged, ReaperPlayed, LifeLost, Eliminated, Resurrected, KillScored, Shuffled,
               Revealed, GameWon)
