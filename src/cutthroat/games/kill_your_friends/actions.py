"""Kill Your Friends actions: every decision is one of these. A turn is exactly one of them;
what a seat owes at the start of its turn (TakeTwo, FaceReaper, LoseLife) is an action too, so
the app can show it and a save can stop right before it. The canonical instances at the end
(one per card and seat) let `legal_actions` look its actions up instead of building them."""

from __future__ import annotations

from dataclasses import dataclass

from cutthroat.engine.protocol import Action
from cutthroat.games.kill_your_friends.cards import ALL_CARDS, HEAD_SWAP_CARD, KyfCard


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Pick up one card from the deck: the whole turn."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The deck is empty and the player can't or won't play: the turn is skipped."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    card: KyfCard
    victim: int
    kind = "attack"


@dataclass(frozen=True, slots=True)
class Save(Action):
    """Own colour, same number as the top card of the attack on you."""

    card: KyfCard
    kind = "save"


@dataclass(frozen=True, slots=True)
class Dump(Action):
    """A Kill card of a dead player's colour onto their graveyard."""

    card: KyfCard
    grave: int
    kind = "dump"


@dataclass(frozen=True, slots=True)
class PlayChaos(Action):
    """A Chaos card; `target` is the Head Swap partner (-1 for the others)."""

    card: KyfCard
    target: int = -1
    kind = "chaos"


REAPER_KILL, REAPER_SAVE, REAPER_RESURRECT = "kill", "save", "resurrect"


@dataclass(frozen=True, slots=True)
class PlayReaper(Action):
    """The Reaper, used one way: kill `target`, save yourself, or resurrect `target` (you or,
    in Co-op, your dead team-mate)."""

    use: str
    target: int
    kind = "reaper"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Show a hand made only of your own colour's Kill cards: you win. The whole turn."""

    kind = "reveal"


@dataclass(frozen=True, slots=True)
class TakeTwo(Action):
    """Death From Above was played on you: pick up two cards as your turn."""

    kind = "take_two"


@dataclass(frozen=True, slots=True)
class FaceReaper(Action):
    """The Reaper is on you: lose a life, pick up two; it and the Kill cards on you are shuffled in."""

    kind = "face_reaper"


@dataclass(frozen=True, slots=True)
class LoseLife(Action):
    """A 3 is on you and you can't save: lose a life and pick up two. The whole turn."""

    kind = "lose_life"


ACTION_TYPES = (Draw, Pass, Attack, Save, Dump, PlayChaos, PlayReaper, Reveal, TakeTwo, FaceReaper,
                LoseLife)
DRAW, PASS, REVEAL = Draw(), Pass(), Reveal()
TAKE_TWO, FACE_REAPER, LOSE_LIFE = TakeTwo(), FaceReaper(), LoseLife()
FORCED_KINDS = frozenset({"take_two", "face_reaper", "lose_life"})

#: Canonical instances by card index and seat: ATTACKS[card.index][victim], DUMPS[card.index][grave] …
_SEATS = range(8)
ATTACKS = tuple(tuple(Attack(c, v) for v in _SEATS) for c in ALL_CARDS)
SAVES = tuple(Save(c) for c in ALL_CARDS)
DUMPS = tuple(tuple(Dump(c, d) for d in _SEATS) for c in ALL_CARDS)
CHAOS_PLAYS = tuple(PlayChaos(c) for c in ALL_CARDS)
HEAD_SWAPS = tuple(PlayChaos(HEAD_SWAP_CARD, v) for v in _SEATS)
REAPER_KILLS = tuple(PlayReaper(REAPER_KILL, v) for v in _SEATS)
REAPER_SAVES = tuple(PlayReaper(REAPER_SAVE, v) for v in _SEATS)
REAPER_RESURRECTS = tuple(PlayReaper(REAPER_RESURRECT, v) for v in _SEATS)
