"""What a game review holds (`Review`), as plain JSON for the history's cache."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

#: Bumped whenever the review's method changes what it finds: a cached review of another version
#: is not read back (it is made again).
REVIEW_VERSION = 3  # 2: Psycho Killer's playouts cut short, valued by its win model; 3: its ± by the share cut

#: What the estimates measure: a multi-player game's chance of winning, Kill The Kings' points.
WIN, POINTS = "win", "points"


class ReviewCancelled(Exception):
    """The review was stopped (its cancel flag set) before it was complete."""


@dataclass(frozen=True)
class Estimate:
    """A mean over `playouts` determinized playouts and its standard error (a chance 0–1, or
    Kill The Kings' expected points)."""

    value: float
    error: float
    playouts: int


@dataclass(frozen=True)
class Decision:
    """One decision the reviewed seat made: where (`step`, an index into the game's action list;
    `move` = step + 1), what it played and what the hard bot would have, in words as the seat saw
    them, and the estimates: before the move (play going on by the bots' playout policy), after
    the player's move, after the bot's. `loss` is after-bot minus after-player, on the same
    deals (its `loss_error` from the paired differences): what the move cost."""

    step: int
    played: str
    best: str
    same: bool
    before: Estimate
    after_played: Estimate
    after_best: Estimate
    loss: float
    loss_error: float
    where: str = ""  # Kill The Kings: "round 1, draw 14"

    @property
    def move(self) -> int:
        return self.step + 1


@dataclass(frozen=True)
class Hindsight:
    """Kill The Kings: the deal's best score for a player who knew the deck order (the
    clairvoyant solver, round by round), the hard bot's score on the same deal, the player's, and
    the first move where the player left the best line (None: they never did)."""

    perfect: int
    hard: int
    player: int
    left_step: int | None = None
    left_where: str = ""  # "round 1, draw 14"
    left_played: str = ""
    left_best: str = ""


@dataclass(frozen=True)
class Review:
    game: str
    seat: int
    budget: int  # playouts (deals, or Kill The Kings' deck orders) per estimate
    measure: str  # WIN or POINTS
    decisions: tuple[Decision, ...]  # costliest first
    hindsight: Hindsight | None = None
    version: int = REVIEW_VERSION
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def marked_steps(self) -> list[int]:
        """The steps (indices into the action list) of the decisions that cost something,
        costliest first."""
        return [d.step for d in self.decisions if d.loss > 0 and not d.same]

    @property
    def marked_moves(self) -> list[int]:
        """The same as the replay numbers them: move n is the position after the n-th action
        (`Decision.move`), marked on its move bar."""
        return [step + 1 for step in self.marked_steps]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "Review":
        """A review read back from the cache; ValueError if it isn't one."""
        try:
            decisions = tuple(
                Decision(**{**d, "before": Estimate(**d["before"]), "after_played": Estimate(**d["after_played"]),
                            "after_best": Estimate(**d["after_best"])}) for d in doc["decisions"])
            hindsight = Hindsight(**doc["hindsight"]) if doc.get("hindsight") else None
            return cls(doc["game"], int(doc["seat"]), int(doc["budget"]), doc["measure"], decisions, hindsight,
                       int(doc.get("version", 0)), dict(doc.get("extra") or {}))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a review ({exc.__class__.__name__}: {exc})") from None
