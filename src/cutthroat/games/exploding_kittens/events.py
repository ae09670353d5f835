"""Exploding Kittens events: typed records with visibility and a redacted public twin.

A private event (`visible_to` some seats) names the card ("You drew Defuse"); everyone else gets
`public()`, the same event with the secret blanked ("Ana drew a card").
"""

from __future__ import annotations

from dataclasses import dataclass

from cutthroat.engine.protocol import Event
from cutthroat.engine.words import counted, seat_name, seat_names, who_won
from cutthroat.games.exploding_kittens.cards import BY_CODE, EkCard

#: Each combo in words: after a verb ("plays a pair"), after a name ("Cy's pair"), and whether
#: it is several things (the verb agrees: "Dee's five different cards go ahead").
COMBO_WORDS = {"pair": ("a pair", "pair", False), "triple": ("three of a kind", "three of a kind", False),
               "five": ("five different cards", "five different cards", True),
               "bark2": ("both Barking Kittens", "Barking Kittens", True)}
COMBO_NAMES = {what: words[0] for what, words in COMBO_WORDS.items()}


def _cards(cards) -> str:
    return ", ".join(c.name for c in cards)


def what_name(what: str) -> str:
    card = BY_CODE.get(what)
    return card.name if card is not None else COMBO_NAMES.get(what, what)


def play_name(what: str) -> tuple[str, bool]:
    """A play as a name's ("Cy's pair", "Ana's Skip"), and whether it is several things."""
    _, named, several = COMBO_WORDS.get(what, (None, what_name(what), False))
    return named, several


def play_title(what: str) -> str:
    """A play as a prompt's title starts: "Pair", "Targeted Attack 2x"."""
    named = play_name(what)[0]
    return named[:1].upper() + named[1:]


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    owed: int
    kind = "turn_started"

    def describe(self, names=()) -> str:
        more = f" ({self.owed} turns to take)" if self.owed > 1 else ""
        return f"{seat_name(names, self.seat)}'s turn{more}"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """`where`: top, bottom, or bury (looked at to put back). `shown`: everyone saw the card."""

    seat: int
    card: EkCard | None
    where: str
    shown: bool
    kind = "drew"

    def visible_to(self):
        return None if self.shown else (self.seat,)

    def public(self):
        return Drew(self.seat, None, self.where, False)

    def describe(self, names=()) -> str:
        who = seat_name(names, self.seat)
        place = {"top": "", "bottom": " from the bottom", "bury": " to bury"}.get(self.where, "")
        if self.card is None:
            return f"{who} drew a card{place}"
        return f"{who} drew {self.card.name}{place}" + ("!" if self.card.is_kitten else "")


@dataclass(frozen=True, slots=True)
class HeldKitten(Event):
    """Private: the drawn Exploding Kitten is held thanks to the Streaking Kitten."""

    seat: int
    kind = "held_kitten"

    def visible_to(self):
        return (self.seat,)

    def public(self):
        return None

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} holds the Exploding Kitten (Streaking Kitten)"


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    cards: tuple[EkCard, ...]
    what: str
    kind = "played"

    def describe(self, names=()) -> str:
        who = seat_name(names, self.seat)
        if self.what in COMBO_NAMES:
            return f"{who} plays {COMBO_NAMES[self.what]}: {_cards(self.cards)}"
        return f"{who} plays {_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class TargetChosen(Event):
    seat: int
    what: str
    target: int
    kind = "target_chosen"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} picks {seat_name(names, self.target)} for {what_name(self.what)}"


@dataclass(frozen=True, slots=True)
class CardNamed(Event):
    seat: int
    card: EkCard
    kind = "card_named"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} names {self.card.name}"


@dataclass(frozen=True, slots=True)
class Noped(Event):
    seat: int
    what: str
    nopes: int
    kind = "noped"

    def describe(self, names=()) -> str:
        state = "Noped" if self.nopes % 2 else "Yup (Nope Noped)"
        return f"{seat_name(names, self.seat)} plays Nope on {what_name(self.what)}: {state}"


@dataclass(frozen=True, slots=True)
class Resolved(Event):
    seat: int
    what: str
    cancelled: bool
    kind = "resolved"

    def describe(self, names=()) -> str:
        named, several = play_name(self.what)
        whose = f"{seat_name(names, self.seat)}'s {named}"
        if self.cancelled:
            return f"{whose} {'are' if several else 'is'} Noped: nothing happens"
        return f"{whose} {'go' if several else 'goes'} ahead"


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    seat: int
    count: int
    cards: tuple[EkCard, ...] = ()  # top first
    kind = "peeked"

    def visible_to(self):
        return (self.seat,)

    def public(self):
        return Peeked(self.seat, self.count)

    def describe(self, names=()) -> str:
        who = seat_name(names, self.seat)
        if not self.cards:
            return f"{who} looks at the top {self.count} card{'s' * (self.count != 1)}"
        return f"{who} sees (top first): {_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Reordered(Event):
    seat: int
    count: int
    shared_with: int
    cards: tuple[EkCard, ...] = ()  # the new order, top first
    kind = "reordered"

    def visible_to(self):
        return (self.seat,) if self.shared_with < 0 else (self.seat, self.shared_with)

    def public(self):
        return Reordered(self.seat, self.count, self.shared_with)

    def describe(self, names=()) -> str:
        who = seat_name(names, self.seat)
        shown = f" and shows them to {seat_name(names, self.shared_with)}" if self.shared_with >= 0 else ""
        if not self.cards:
            return f"{who} puts the top {counted(self.count, 'card')} back{shown}"
        return f"{who} puts back (top first): {_cards(self.cards)}{shown}"


@dataclass(frozen=True, slots=True)
class Marked(Event):
    seat: int
    target: int
    card: EkCard | None
    kind = "marked"

    def describe(self, names=()) -> str:
        if self.card is None:
            return f"{seat_name(names, self.target)} has no card left to mark"
        return f"{seat_name(names, self.seat)} marks {seat_name(names, self.target)}'s {self.card.name}"


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    count: int
    kind = "shuffled"

    def describe(self, names=()) -> str:
        return f"The draw pile is shuffled ({counted(self.count, 'card')})"


@dataclass(frozen=True, slots=True)
class TopBottomSwapped(Event):
    seat: int
    kind = "top_bottom_swapped"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} swaps the top and bottom cards"


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    seat: int
    target: int
    owed: int
    kind = "attacked"

    def describe(self, names=()) -> str:
        if self.seat == self.target:
            return f"{seat_name(names, self.seat)} attacks themselves: {self.owed} turns to take"
        return f"{seat_name(names, self.seat)} attacks {seat_name(names, self.target)}: {self.owed} turns to take"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    how: str  # the card code that ended it
    owed: int  # turns still owed after it
    kind = "turn_ended"

    def describe(self, names=()) -> str:
        left = f" ({self.owed} more to take)" if self.owed else ""
        return f"{seat_name(names, self.seat)} ends a turn with {what_name(self.how)}{left}"


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    direction: int
    kind = "reversed"

    def describe(self, names=()) -> str:
        return "Play now goes " + ("clockwise ↻" if self.direction > 0 else "anticlockwise ↺")


@dataclass(frozen=True, slots=True)
class Stolen(Event):
    """A pair: `card` is known to the two players (and to all if it was marked or a kitten)."""

    thief: int
    victim: int
    card: EkCard | None
    shown: bool
    kind = "stolen"

    def visible_to(self):
        return None if self.shown else (self.thief, self.victim)

    def public(self):
        return Stolen(self.thief, self.victim, None, False)

    def describe(self, names=()) -> str:
        what = self.card.name if self.card is not None else "a card"
        if self.card is None and self.shown:
            return f"{seat_name(names, self.victim)} has no card to steal"
        return f"{seat_name(names, self.thief)} steals {what} from {seat_name(names, self.victim)}"


@dataclass(frozen=True, slots=True)
class Given(Event):
    giver: int
    receiver: int
    card: EkCard
    had: bool
    kind = "given"

    def describe(self, names=()) -> str:
        if not self.had:
            return f"{seat_name(names, self.giver)} has no {self.card.name}"
        return f"{seat_name(names, self.giver)} gives {self.card.name} to {seat_name(names, self.receiver)}"


@dataclass(frozen=True, slots=True)
class TookFromDiscard(Event):
    seat: int
    card: EkCard
    kind = "took_from_discard"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} takes {self.card.name} from the discard pile"


@dataclass(frozen=True, slots=True)
class Exploding(Event):
    seat: int
    cause: str  # drew, handed, stolen, given, streaking, barking
    kind = "exploding"

    def describe(self, names=()) -> str:
        why = {"drew": "drew an Exploding Kitten", "handed": "was handed an Exploding Kitten",
               "stolen": "took an Exploding Kitten", "given": "was given an Exploding Kitten",
               "streaking": "lost the Streaking Kitten: the held kitten explodes",
               "barking": "is barked at"}.get(self.cause, self.cause)
        return f"{seat_name(names, self.seat)} {why}!"


@dataclass(frozen=True, slots=True)
class Defused(Event):
    seat: int
    kind = "defused"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} plays a Defuse"


@dataclass(frozen=True, slots=True)
class Reinserted(Event):
    """A kitten (or a buried card) put back: `depth` cards above it. Public when face up."""

    seat: int
    card: EkCard | None
    depth: int
    public_position: bool
    kind = "reinserted"

    def visible_to(self):
        return None if self.public_position else (self.seat,)

    def public(self):
        return Reinserted(self.seat, None, -1, False)

    def describe(self, names=()) -> str:
        who = seat_name(names, self.seat)
        if self.depth < 0:
            return f"{who} puts a card back into the draw pile in secret"
        what = self.card.name if self.card is not None else "the card"
        face = " face up" if self.public_position else ""
        where = "on top" if self.depth == 0 else f"under {self.depth} card{'s' * (self.depth != 1)}"
        return f"{who} puts {what}{face} back {where}"


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    seat: int
    how: str  # exploded, imploded, barked
    kind = "eliminated"

    def describe(self, names=()) -> str:
        verb = "implodes" if self.how == "imploded" else "explodes"
        return f"{seat_name(names, self.seat)} {verb} and is out of the game 💥"


@dataclass(frozen=True, slots=True)
class Handed(Event):
    """I'll Take That: the drawer's card goes to the owner (shown to all if a kitten)."""

    drawer: int
    owner: int
    card: EkCard | None
    shown: bool
    kind = "handed"

    def visible_to(self):
        return None if self.shown else (self.drawer, self.owner)

    def public(self):
        return Handed(self.drawer, self.owner, None, False)

    def describe(self, names=()) -> str:
        what = self.card.name if self.card is not None else "the card"
        return f"{seat_name(names, self.drawer)} draws and hands {what} to {seat_name(names, self.owner)} (I'll Take That)"


@dataclass(frozen=True, slots=True)
class TakeThatPlaced(Event):
    seat: int
    target: int
    kind = "take_that_placed"

    def describe(self, names=()) -> str:
        return f"{seat_name(names, self.seat)} puts I'll Take That in front of {seat_name(names, self.target)}"


@dataclass(frozen=True, slots=True)
class PutIntoPile(Event):
    """Garbage Collection: the card a player puts in (secret)."""

    seat: int
    card: EkCard | None
    kind = "put_into_pile"

    def visible_to(self):
        return (self.seat,)

    def public(self):
        return PutIntoPile(self.seat, None)

    def describe(self, names=()) -> str:
        what = self.card.name if self.card is not None else "a card"
        return f"{seat_name(names, self.seat)} puts {what} into the draw pile"


@dataclass(frozen=True, slots=True)
class CatomicBombed(Event):
    seat: int
    kittens: int
    kind = "catomic_bombed"

    def describe(self, names=()) -> str:
        return (f"Catomic Bomb! {self.kittens} Exploding Kitten{'s' * (self.kittens != 1)} "
                f"now on top of the draw pile")


@dataclass(frozen=True, slots=True)
class Barked(Event):
    seat: int
    target: int  # -1: nobody holds the other one: it stays face up in front of `seat`
    kind = "barked"

    def describe(self, names=()) -> str:
        if self.target < 0:
            return f"{seat_name(names, self.seat)}'s Barking Kitten stays face up in front of them"
        return f"{seat_name(names, self.seat)}'s Barking Kitten finds {seat_name(names, self.target)}!"


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    winners: tuple[int, ...]
    how: str
    kind = "game_won"

    def describe(self, names=()) -> str:
        if self.how == "stalemate":
            return f"The game is stopped after too many moves: {seat_names(names, self.winners)} share the win"
        return f"{who_won(names, self.winners)}: last one standing"


EVENT_TYPES = (TurnStarted, Drew, HeldKitten, Played, TargetChosen, CardNamed, Noped, Resolved,
               Peeked, Reordered, Marked, Shuffled, TopBottomSwapped, Attacked, TurnEnded, Reversed,
               Stolen, Given, TookFromDiscard, Exploding, Defused, Reinserted, Eliminated, Handed,
               TakeThatPlaced, PutIntoPile, CatomicBombed, Barked, GameWon)
