"""Kill The Kings rules: setup, legal actions, apply, view, result.

One seat (0). A round: draw a card, place it under a king (opposite colour, strictly lower) or in
an empty reserve spot; between draws, reserve cards may be played under kings. Five cards under a
king kill it. Bust, stuck, or four kills end the round; three rounds make a game.

The hot path (bot search and `simulate`) is `legal_actions` + `apply`: each action type has one
legality test and one effect (`effects.MOVES`); a refusal's sentence is only worked out (by
`text.refusal`) when there is one.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from cutthroat.engine.protocol import Action, Event, IllegalAction, Result, Rules, Variant
from cutthroat.engine.rng import Rng
from cutthroat.engine.words import counted
from cutthroat.games.kill_the_kings import text
from cutthroat.games.kill_the_kings.actions import (
    ACTION_TYPES,
    DRAW,
    END_ROUND,
    NEXT_ROUND,
    PLACE,
    PLAY_RESERVE,
    RESERVE,
)
from cutthroat.games.kill_the_kings.cards import CARDS_TO_KILL, KINGS, ROUNDS, TARGETS
from cutthroat.games.kill_the_kings.effects import CHECKED, CHECKED_NEXT, MOVES, NEXT, deal
from cutthroat.games.kill_the_kings.events import EVENT_TYPES
from cutthroat.games.kill_the_kings.state import (
    FIT_TABLE,
    GAME_OVER,
    KILLED,
    KING_INDEX,
    PLAY,
    ROUND_OVER,
    KtkState,
    KtkView,
)

# The game's names in one place for the rest of the app and the tests (rules.Place, rules.CardDrawn …).
from cutthroat.games.kill_the_kings.actions import *  # noqa: E402,F401,F403
from cutthroat.games.kill_the_kings.events import *  # noqa: E402,F401,F403
from cutthroat.games.kill_the_kings.state import fits  # noqa: E402,F401
from cutthroat.games.kill_the_kings.text import why_not_fits  # noqa: E402,F401

def _by_mask(actions: tuple) -> tuple[tuple, ...]:
    """For each bit mask over four columns (or spots), the actions whose bit is set, in order:
    `legal_actions` looks its answer up instead of building it."""
    return tuple(tuple(a for i, a in enumerate(actions) if mask >> i & 1) for mask in range(16))


_PLACES = _by_mask(PLACE)
_RESERVES = _by_mask(RESERVE)
#: With a card drawn: [columns it fits (4 bits) | empty spots (4 bits) << 4] → the places, then the spots.
_DRAWN = tuple(_PLACES[mask & 15] + _RESERVES[mask >> 4] for mask in range(256))
_PR0, _PR1, _PR2, _PR3 = (_by_mask(row) for row in PLAY_RESERVE)
_K0, _K1, _K2, _K3 = KING_INDEX


class KillTheKingsRules(Rules):
    game_id = "kill-the-kings"
    name = "Kill The Kings"
    turn_heading = "A turn"
    min_players = 1
    max_players = 1
    variants = (
        Variant("mode", tuple(TARGETS), "killer",
                "Killer: win with 7+ points in 3 rounds. Psycho: win with 11+.",
                title="Mode", labels=("Killer — 7+ points in three rounds", "Psycho — 11+ points"), listed=True),
    )
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    state_type = KtkState
    view_type = KtkView

    # -- setup -----------------------------------------------------------------------------
    def new_game(self, config: dict[str, Any] | None = None, seed: int = 0,
                 players: int | None = None) -> KtkState:
        if players not in (None, 1):
            raise ValueError("Kill The Kings is a solitaire: exactly 1 player")
        config = {**self.default_config(), **(config or {})}
        if config["mode"] not in TARGETS:
            raise ValueError(f"unknown mode {config['mode']!r} (killer or psycho)")
        state = KtkState(mode=config["mode"], rng=Rng(seed))
        deal(state)
        return state

    # -- turn structure --------------------------------------------------------------------
    def to_act(self, state: KtkState) -> list[int]:
        return [] if state.phase == GAME_OVER else [0]

    def legal_actions(self, state: KtkState, player: int = 0) -> list[Action]:
        phase = state.phase
        if phase != PLAY or player != 0:
            return [NEXT_ROUND] if phase == ROUND_OVER and player == 0 else []
        # (`state.tails`, written out: this runs before every move)
        a, b, c, d = state.columns
        t0 = (a[-1].index if len(a) < CARDS_TO_KILL else KILLED) if a else _K0
        t1 = (b[-1].index if len(b) < CARDS_TO_KILL else KILLED) if b else _K1
        t2 = (c[-1].index if len(c) < CARDS_TO_KILL else KILLED) if c else _K2
        t3 = (d[-1].index if len(d) < CARDS_TO_KILL else KILLED) if d else _K3
        drawn = state.drawn
        r0, r1, r2, r3 = state.reserve
        if drawn is not None:
            fit = FIT_TABLE[drawn.index]
            return list(_DRAWN[fit[t0] | fit[t1] << 1 | fit[t2] << 2 | fit[t3] << 3 | (r0 is None) << 4
                               | (r1 is None) << 5 | (r2 is None) << 6 | (r3 is None) << 7])
        out = []
        if r0 is not None:
            fit = FIT_TABLE[r0.index]
            out += _PR0[fit[t0] | fit[t1] << 1 | fit[t2] << 2 | fit[t3] << 3]
        if r1 is not None:
            fit = FIT_TABLE[r1.index]
            out += _PR1[fit[t0] | fit[t1] << 1 | fit[t2] << 2 | fit[t3] << 3]
        if r2 is not None:
            fit = FIT_TABLE[r2.index]
            out += _PR2[fit[t0] | fit[t1] << 1 | fit[t2] << 2 | fit[t3] << 3]
        if r3 is not None:
            fit = FIT_TABLE[r3.index]
            out += _PR3[fit[t0] | fit[t1] << 1 | fit[t2] << 2 | fit[t3] << 3]
        out.append(DRAW if state.deck else END_ROUND)
        return out

    def check(self, state: KtkState, action: Action, player: int | None = 0) -> None:
        """Raise IllegalAction with the reason if `action` may not be applied now."""
        if player not in (None, 0):
            raise IllegalAction("Kill The Kings has a single seat")
        move = MOVES.get(type(action))
        if move is None or (state.phase != PLAY and move is not NEXT) or not move[0](state, action):
            raise IllegalAction(text.refusal(state, action))

    def apply(self, state: KtkState, action: Action, player: int | None = 0) -> list[Event]:
        move = CHECKED.get(type(action))  # check() written out, with the effect: the hot path
        if move is None or player not in (None, 0) or (state.phase != PLAY and move is not CHECKED_NEXT):
            self.check(state, action, player)  # (raises)
        events = move(state, action)
        if events is None:  # not legal: nothing changed
            self.check(state, action, player)  # (raises)
        return events

    def apply_unchecked(self, state: KtkState, action: Action, player: int | None = 0) -> list[Event]:
        return MOVES[type(action)][1](state, action)

    # -- what players see ------------------------------------------------------------------
    def view(self, state: KtkState, player: int | None = 0) -> KtkView:
        return KtkView(
            mode=state.mode,
            target=TARGETS[state.mode],
            round=state.round,
            phase=state.phase,
            kings=KINGS,
            columns=tuple(tuple(c) for c in state.columns),
            reserve=tuple(state.reserve),
            drawn=state.drawn,
            deck_count=len(state.deck),
            remaining=frozenset(state.deck),
            round_points=tuple(state.round_points),
            kings_killed=state.kings_killed,
            end_reason=state.end_reason,
        )

    def scramble(self, state: KtkState, seat: int | None, rng) -> KtkState:
        """The deck's order is the one thing hidden: shuffled again."""
        scrambled = state.copy()
        rng.shuffle(scrambled.deck)
        return scrambled

    def result(self, state: KtkState) -> Result | None:
        if state.phase != GAME_OVER:
            return None
        total = state.total
        target = TARGETS[state.mode]
        won = total >= target
        return Result(
            winners=[0] if won else [],
            scores=[total],
            summary=f"{counted(total, 'point')}: {'win' if won else 'loss'} in {state.mode.title()} mode (target {target})",
            details={"mode": state.mode, "target": target, "round_points": list(state.round_points),
                     "killer_win": total >= TARGETS["killer"], "psycho_win": total >= TARGETS["psycho"]},
        )

    # -- sessions, saves, people -----------------------------------------------------------
    has_undo = True

    def undoable(self, state: KtkState, action: Action) -> bool:
        """Placements and reserve plays can be taken back; a draw (it shows the deck) cannot."""
        return action.kind in ("place", "reserve", "play_reserve") and state.phase == PLAY

    def describe_action(self, view, action: Action, names=()) -> str:
        return text.describe_action(view, action, names)

    def summary_figures(self, results: list[Result]) -> dict[str, Any]:
        n = len(results) or 1
        return {
            "mean_score": round(sum(r.scores[0] for r in results) / n, 3),
            "killer_win_rate": round(sum(r.details["killer_win"] for r in results) / n, 4),
            "psycho_win_rate": round(sum(r.details["psycho_win"] for r in results) / n, 4),
        }

    def progress(self, state) -> str:
        points = state.total
        return f"round {state.round} of {ROUNDS} · {counted(points, 'point')}"

    def rules_text(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


RULES = KillTheKingsRules()
