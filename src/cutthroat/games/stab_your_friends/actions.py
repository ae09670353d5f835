"""Stab Your Friends actions: every decision, and every step of a round, is one of these.

Drawing is an action with no choice (the host takes it at once); an activation step with no
choice (`Activate`) is the table's own move, paced like a bot's; a Bow's or Fireball's target and
a Gobblin Hands move are the choices of the player the card is in front of. `CallOut` is the
house rule's move, taken at any time, out of turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from cutthroat.engine.protocol import Action
from cutthroat.games.stab_your_friends.cards import SyfCard


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the face-up top card of the deck."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put `card` from your hand in front of `target` (yourself included), face down — face up
    if a sideways Crystal is in front of you."""

    card: SyfCard
    target: int
    kind = "place"


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """The next card activates (a step nobody chooses: the table takes it, paced)."""

    kind = "activate"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Bow or Fireball: the other player who takes the damage."""

    seat: int
    kind = "target"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Gobblin Hands: the `index`-th card in front of `source` goes in front of `dest`."""

    source: int
    index: int
    dest: int
    kind = "move"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Gobblin Hands: move nothing (the card says "you may")."""

    kind = "keep"


@dataclass(frozen=True, slots=True)
class CallOut(Action):
    """The royal highness rule (a house rule): `caller` catches `target` forgetting to say
    "royal highness"; `target` loses a life, which no Shield blocks."""

    caller: int
    target: int
    kind = "call_out"


ACTION_TYPES = (Draw, Place, Activate, Target, Move, Keep, CallOut)
DRAW, ACTIVATE, KEEP = Draw(), Activate(), Keep()
TARGETS = tuple(Target(q) for q in range(8))
#: The table's own moves and the moves with no choice: what `describe_action` calls steps.
STEP_KINDS = frozenset({"draw", "activate"})
