"""Psycho Killer moves. Every choice is one small action (a deck, a player, a card at a time),
so legal lists stay short and a table can prompt for each. Window and attack answers name their
seat: several seats answer those at once."""

from __future__ import annotations

from dataclasses import dataclass

from cutthroat.engine.protocol import Action
from cutthroat.games.psycho_killer.cards import PkCard


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of a deck (to end the turn, again after a weapon, or for a predicament)."""

    deck: int
    kind = "draw"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from hand on your turn (an action, or a predicament you held)."""

    card: PkCard
    kind = "play"


@dataclass(frozen=True, slots=True)
class PlayOn(Action):
    """Hold Your Nerve, Left for Dead: play a held predicament on another player."""

    card: PkCard
    target: int
    kind = "play_on"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """Draw no more after a weapon: the turn ends."""

    kind = "stop"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the card being played go ahead (a Trip Over window)."""

    seat: int
    kind = "pass"


@dataclass(frozen=True, slots=True)
class Trip(Action):
    """Play Trip Over on the card being played."""

    seat: int
    kind = "trip"


@dataclass(frozen=True, slots=True)
class TakeHit(Action):
    """Attacked: your weapons go to your injury pile."""

    seat: int
    kind = "take_hit"


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """Attacked: play Barricade (keep your weapons) or It's Behind You (they hit another)."""

    seat: int
    card: PkCard
    kind = "defend"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Take the card just drawn as it is."""

    kind = "accept"


@dataclass(frozen=True, slots=True)
class Evade(Action):
    """Answer the card just drawn with a Rewind card (Slam the Door, Double Tap, Booby Trap)."""

    card: PkCard
    kind = "evade"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the predicament just drawn (Left for Dead, Hold Your Nerve)."""

    kind = "keep"


@dataclass(frozen=True, slots=True)
class PlayNow(Action):
    """Play the predicament just drawn."""

    kind = "play_now"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Choose a card (to keep, give, take, pass or put back)."""

    card: PkCard
    kind = "pick"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """No more cards to choose."""

    kind = "done"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Choose a player."""

    seat: int
    kind = "target"


@dataclass(frozen=True, slots=True)
class ToDeck(Action):
    """Choose a deck."""

    deck: int
    kind = "to_deck"


@dataclass(frozen=True, slots=True)
class At(Action):
    """Double Tap: put the card back with `depth` cards above it (0: on top)."""

    depth: int
    kind = "at"


STOP, ACCEPT, KEEP, PLAY_NOW, DONE = Stop(), Accept(), Keep(), PlayNow(), Done()
DRAWS = (Draw(0), Draw(1))
TO_DECK = (ToDeck(0), ToDeck(1))
TARGETS = tuple(Target(q) for q in range(6))
PASSES = tuple(Pass(q) for q in range(6))
TRIPS = tuple(Trip(q) for q in range(6))
TAKE_HITS = tuple(TakeHit(q) for q in range(6))
#: Actions that name the seat taking them (several seats answer windows and attacks at once).
SEATED_KINDS = frozenset({"pass", "trip", "take_hit", "defend"})
ACTION_TYPES = (Draw, Play, PlayOn, Stop, Pass, Trip, TakeHit, Defend, Accept, Evade, Keep, PlayNow, Pick, Done,
                Target, ToDeck, At)
