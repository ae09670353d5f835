"""Stab Your Friends events: what the log tells. A face-down play is private to its placer (the
others hear that a card was placed, and in front of whom); everything else is public, because
the deck is face up and activation turns every card over."""

from __future__ import annotations

from dataclasses import dataclass

from cutthroat.engine.protocol import Event
from cutthroat.engine.words import counted, seat_name, who_won
from cutthroat.games.stab_your_friends.cards import SyfCard
from cutthroat.games.stab_your_friends.text import WIN_HOW


def _on(names, placer: int, target: int) -> str:
    return "on themselves" if placer == target else f"on {seat_name(names, target)}"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    crown: int
    kind = "round_started"

    def describe(self, names=()) -> str:
        return f"Round {self.round}: {seat_name(names, self.crown)} is the royal highness"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """`card` is None where a table's memory aid is off: the draw was seen, the log doesn't keep it."""

    seat: int
    card: SyfCard | None
    kind = "drew"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} took {self.card.name if self.card else 'the deck top'}"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    count: int
    kind = "reshuffled"

    def describe(self, names=()) -> str:
        return f"The discard pile ({counted(self.count, 'card')}) is shuffled into a new face-up deck"


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """`card` is None in the public twin of a face-down play."""

    seat: int
    target: int
    card: SyfCard | None
    face_up: bool
    kind = "placed"

    def visible_to(self):
        return None if self.face_up else (self.seat,)

    def public(self):
        return self if self.face_up else Placed(self.seat, self.target, None, False)

    def describe(self, names=()) -> str:
        how = f"{self.card.name} face up" if self.face_up else self.card.name if self.card else "a card"
        return f"{seat_name(names, self.seat)} puts {how} {_on(names, self.seat, self.target)}"


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    seat: int
    why: str  # "snake" or "empty"
    kind = "skipped"

    def describe(self, names=()) -> str:
        why = "a Snake is in front of them" if self.why == "snake" else "no cards in hand"
        return f"{seat_name(names, self.seat)} plays nothing: {why}"


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Activation begins: every card in front of each player, face up now."""

    cards: tuple[tuple[SyfCard, ...], ...]
    kind = "revealed"

    def describe(self, names=()) -> str:
        shown = [f"{seat_name(names, q)}: {', '.join(c.name for c in cs)}" for q, cs in enumerate(self.cards) if cs]
        return "Cards turn face up — " + ("; ".join(shown) if shown else "nothing in play")


@dataclass(frozen=True, slots=True)
class Activated(Event):
    """A card fires; `what` says what it did in a few words ("turns sideways", "no Shield")."""

    seat: int
    card: SyfCard
    what: str = ""
    kind = "activated"

    def describe(self, names=()) -> str:
        what = f": {self.what}" if self.what else ""
        return f"{self.card.priority} {self.card.name} ({seat_name(names, self.seat)}){what}"


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """Cards went from one player to another (a potion, Gobblin Hands)."""

    cards: tuple[SyfCard, ...]
    source: int
    dest: int
    kind = "moved"

    def describe(self, names=()) -> str:
        what = ", ".join(c.name for c in self.cards)
        return f"{what}: {seat_name(names, self.source)} → {seat_name(names, self.dest)}"


@dataclass(frozen=True, slots=True)
class Hurt(Event):
    """`seat` loses `amount` lives to `card` (`by`: who dealt it, -1 for nobody in particular)."""

    seat: int
    amount: int
    card: SyfCard | None  # None: the royal penalty
    by: int
    lives: int
    kind = "hurt"

    def describe(self, names=()) -> str:
        source = self.card.name if self.card else "the royal penalty"
        by = f" from {seat_name(names, self.by)}" if self.by >= 0 and self.by != self.seat else ""
        return f"{seat_name(names, self.seat)} takes {self.amount} ({source}{by}): ♥ {self.lives}"


@dataclass(frozen=True, slots=True)
class Blocked(Event):
    seat: int
    card: SyfCard
    kind = "blocked"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)}'s Shield blocks the {self.card.name}"


@dataclass(frozen=True, slots=True)
class Healed(Event):
    seat: int
    lives: int
    kind = "healed"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} regains a life: ♥ {self.lives}"


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A card leaves play outside its own activation (a Crystal after two face-up plays, the
    Shields at the end of the round)."""

    seat: int
    cards: tuple[SyfCard, ...]
    why: str
    kind = "discarded"

    def describe(self, names=()) -> str:
        what = ", ".join(c.name for c in self.cards)
        return f"{seat_name(names, self.seat)}'s {what} {'is' if len(self.cards) == 1 else 'are'} discarded ({self.why})"


@dataclass(frozen=True, slots=True)
class CalledOut(Event):
    caller: int
    target: int
    kind = "called_out"

    def describe(self, names=()) -> str:
        return (f"{seat_name(names, self.caller)} calls out {seat_name(names, self.target)} for not saying "
                "\"royal highness\"")


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    seat: int
    kind = "eliminated"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} is out ✝"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    round: int
    crown: int  # the next royal highness
    kind = "round_ended"

    def describe(self, names=()) -> str:
        return f"Round {self.round} ends: the Crown passes to {seat_name(names, self.crown)}"


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    winners: tuple[int, ...]
    how: str
    kind = "game_won"

    def describe(self, names=()) -> str:
        return f"{who_won(names, self.winners)}: {WIN_HOW.get(self.how, self.how)}"


EVENT_TYPES = (RoundStarted, Drew, Reshuffled, Placed, Skipped, Revealed, Activated, Moved, Hurt, Blocked,
               Healed, Discarded, CalledOut, Eliminated, RoundEnded, GameWon)
