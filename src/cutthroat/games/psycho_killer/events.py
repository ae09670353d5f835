"""Psycho Killer events. A draw is private (the drawer sees the card; the others see which deck)
unless the card is played at once for all to see (a Psycho Killer, a predicament its drawer may
not keep) or lay face up; a predicament kept, cards given or put back face down are seen by the
players concerned. The engine says which (`seen`): an event can't tell who may keep a card."""

from __future__ import annotations

from dataclasses import dataclass

from cutthroat.engine.protocol import Event
from cutthroat.engine.words import seat_name, seat_names, who_won
from cutthroat.games.psycho_killer.cards import PkCard, points_words
from cutthroat.games.psycho_killer.state import DECK_NAMES


def _cards(cards) -> str:
    return ", ".join(c.name for c in cards) or "nothing"


def _count(k: int) -> str:
    return f"{k} card{'s' * (k != 1)}"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    kind = "turn_started"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)}'s turn"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """`card` None: the public twin of a private draw. `how`: turn, again, inner, slam."""

    seat: int
    card: PkCard | None
    deck: int
    how: str = "turn"
    seen: bool = False  # everyone sees it: played at once, or it lay face up or where all knew it was
    kind = "drew"

    def visible_to(self):
        return None if self.card is None or self.seen else (self.seat,)

    def public(self):
        return self if self.card is None or self.seen else Drew(self.seat, None, self.deck, self.how)

    def describe(self, names=()) -> str:
        what = self.card.name if self.card is not None else "a card"
        again = " again" if self.how == "again" else ""
        return f"{seat_name(names, self.seat)} drew {what} from deck {DECK_NAMES[self.deck]}{again}"


@dataclass(frozen=True, slots=True)
class DeckGone(Event):
    deck: int
    kind = "deck_gone"

    def describe(self, names=()) -> str:
        return f"Deck {DECK_NAMES[self.deck]} has run out: it is gone"


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    card: PkCard
    target: int = -1  # Hold Your Nerve: the player it is played on
    kind = "played"

    def describe(self, names=()) -> str:
        on = f" on {seat_name(names, self.target)}" if self.target >= 0 else ""
        return f"{seat_name(names, self.seat)} plays {self.card.name}{on}"


@dataclass(frozen=True, slots=True)
class Tripped(Event):
    seat: int
    card: PkCard  # the card it trips
    kind = "tripped"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} plays Trip Over on {self.card.name}"


@dataclass(frozen=True, slots=True)
class Cancelled(Event):
    card: PkCard
    kind = "cancelled"

    def describe(self, names=()) -> str:
        return f"{self.card.name} is cancelled"


@dataclass(frozen=True, slots=True)
class Injured(Event):
    """Cards went into an injury pile (a Psycho Killer, weapons when attacked)."""

    seat: int
    cards: tuple[PkCard, ...]
    total: int  # the pile's points now
    kind = "injured"

    def describe(self, names=()) -> str:
        return f"{_cards(self.cards)} into {seat_name(names, self.seat)}'s injury pile ({points_words(self.total)})"


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    seats: tuple[int, ...]
    kind = "attacked"

    def describe(self, names=()) -> str:
        if not self.seats:
            return "Nobody holds a weapon: nobody is attacked"
        return f"Attack! {seat_names(names, self.seats)} hold{'s' * (len(self.seats) == 1)} weapons"


@dataclass(frozen=True, slots=True)
class Defended(Event):
    seat: int
    card: PkCard
    target: int = -1  # It's Behind You: whose pile the weapons went to
    kind = "defended"

    def describe(self, names=()) -> str:
        if self.target >= 0:
            return f"{seat_name(names, self.seat)}: It's Behind You! The weapons hit {seat_name(names, self.target)}"
        return f"{seat_name(names, self.seat)}'s {self.card.name} holds: the weapons stay in hand"


@dataclass(frozen=True, slots=True)
class Evaded(Event):
    """A Rewind card answers the card just drawn (shown to all: it is played)."""

    seat: int
    card: PkCard  # the Rewind card
    drawn: PkCard | None  # None to those who may not see it
    seen: bool = False  # everyone saw the card drawn
    kind = "evaded"

    def visible_to(self):
        return None if self.drawn is None or self.seen else (self.seat,)

    def public(self):
        return self if self.drawn is None or self.seen else Evaded(self.seat, self.card, None)

    def describe(self, names=()) -> str:
        what = self.drawn.name if self.drawn is not None else "the card drawn"
        return f"{seat_name(names, self.seat)} answers {what} with {self.card.name}"


@dataclass(frozen=True, slots=True)
class Returned(Event):
    """A card went back into a deck: `where` top, bottom, or a depth; `card` None if unseen.
    `seen`: everyone knew the card (it was drawn for all to see, and not put back face down)."""

    seat: int
    card: PkCard | None
    deck: int
    where: str
    face_up: bool = False
    seen: bool = False
    kind = "returned"

    def visible_to(self):
        return None if self.card is None or self.seen or self.face_up else (self.seat,)

    def public(self):
        shown = self.card is None or self.seen or self.face_up
        return self if shown else Returned(self.seat, None, self.deck, self.where, self.face_up)

    def describe(self, names=()) -> str:
        what = self.card.name if self.card is not None else "a card"
        up = " face up" if self.face_up else ""
        where = {"top": "on top of", "bottom": "at the bottom of"}.get(self.where, "into")
        return f"{seat_name(names, self.seat)} puts {what}{up} {where} deck {DECK_NAMES[self.deck]}"


@dataclass(frozen=True, slots=True)
class Kept(Event):
    """A drawn predicament kept in hand: the others learn only that it was a predicament."""

    seat: int
    card: PkCard | None
    kind = "kept"

    def visible_to(self):
        return None if self.card is None else (self.seat,)

    def public(self):
        return Kept(self.seat, None)

    def describe(self, names=()) -> str:
        what = self.card.name if self.card is not None else "a predicament"
        return f"{seat_name(names, self.seat)} keeps {what} for later"


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    seat: int
    kind = "stopped"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} draws no more"


@dataclass(frozen=True, slots=True)
class ShuffledIn(Event):
    """Cards from a hand shuffled into a deck (Disarm, Car Troubles): the player sees which."""

    seat: int
    cards: tuple[PkCard, ...] | None
    count: int
    deck: int
    kind = "shuffled_in"

    def visible_to(self):
        return (self.seat,)

    def public(self):
        return ShuffledIn(self.seat, None, self.count, self.deck)

    def describe(self, names=()) -> str:
        what = _cards(self.cards) if self.cards is not None else _count(self.count)
        return f"{seat_name(names, self.seat)} shuffles {what} into deck {DECK_NAMES[self.deck]}"


@dataclass(frozen=True, slots=True)
class Looked(Event):
    seat: int
    deck: int
    cards: tuple[PkCard, ...] | None
    kind = "looked"

    def visible_to(self):
        return (self.seat,)

    def public(self):
        return Looked(self.seat, self.deck, None)

    def describe(self, names=()) -> str:
        seen = f": {_cards(self.cards)} (top first)" if self.cards is not None else ""
        return f"{seat_name(names, self.seat)} looks at the top of deck {DECK_NAMES[self.deck]}{seen}"


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    direction: int
    kind = "reversed"

    def describe(self, names=()) -> str:
        return "Dead End: play turns " + ("clockwise" if self.direction == 1 else "anticlockwise")


@dataclass(frozen=True, slots=True)
class Gave(Event):
    """Cards from one hand into another (Drop Your Keys, Let's Split Up): the two see which."""

    seat: int
    to: int
    cards: tuple[PkCard, ...] | None
    count: int
    kind = "gave"

    def visible_to(self):
        return (self.seat, self.to)

    def public(self):
        return Gave(self.seat, self.to, None, self.count)

    def describe(self, names=()) -> str:
        what = _cards(self.cards) if self.cards is not None else _count(self.count)
        return f"{seat_name(names, self.seat)} gives {what} to {seat_name(names, self.to)}"


@dataclass(frozen=True, slots=True)
class Silenced(Event):
    seat: int
    kind = "silenced"

    def describe(self, names=()) -> str:
        return f"No Signal: {seat_name(names, self.seat)} plays no cards next turn"


@dataclass(frozen=True, slots=True)
class TookBack(Event):
    """Weapons out of an injury pile into a hand (Bandaid, Stitches, Everybody Hurts): public."""

    seat: int  # whose hand
    pile: int  # whose injury pile
    cards: tuple[PkCard, ...]
    kind = "took_back"

    def describe(self, names=()) -> str:
        pile = "their own" if self.pile == self.seat else f"{seat_name(names, self.pile)}'s"
        return f"{seat_name(names, self.seat)} takes {_cards(self.cards)} from {pile} injury pile"


@dataclass(frozen=True, slots=True)
class TookDiscard(Event):
    seat: int
    card: PkCard
    kind = "took_discard"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} takes {self.card.name} from the discard pile"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    kind = "turn_ended"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)}'s turn ends"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[int, ...]
    how: str
    kind = "game_over"

    def describe(self, names=()) -> str:
        return f"{who_won(names, self.winners)}: {HOW.get(self.how, self.how)}"


HOW = {"pk-limit": "the last Psycho Killer is out", "no-cards": "no card is left to draw",
       "move-limit": "the game was stopped after too many moves"}
EVENT_TYPES = (TurnStarted, Drew, DeckGone, Played, Tripped, Cancelled, Injured, Attacked, Defended, Evaded, Returned,
               Kept, Stopped, ShuffledIn, Looked, Reversed, Gave, Silenced, TookBack, TookDiscard, TurnEnded, GameOver)
