"""Stab Your Friends rules: setup, legal actions, check and apply, view, result.

2–8 players, 5 lives each; the last one standing wins. A round: everyone draws from the face-up
deck up to four cards, places two cards face down in front of players (themselves included),
then every card turns over and activates, lowest red number first. The package by job: `cards`
(the one table of kinds), `state`, `actions`, `events`, `effects` (what an action does and how a
round runs on), `knowledge` (what a seat knows), `text` (every sentence a player reads).
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from cutthroat.engine.protocol import Action, Event, IllegalAction, KnowledgeRules, Result, Variant
from cutthroat.engine.rng import Rng
from cutthroat.games.stab_your_friends import knowledge
from cutthroat.games.stab_your_friends.actions import ACTION_TYPES, ACTIVATE, DRAW, KEEP, TARGETS, CallOut, Place
from cutthroat.games.stab_your_friends.cards import BOW, FIREBALL, MAX_LIVES, build_deck
from cutthroat.games.stab_your_friends.effects import gobblin_moves, play, start_round
from cutthroat.games.stab_your_friends.events import EVENT_TYPES
from cutthroat.games.stab_your_friends.state import (ACTIVATING, CALL_OUT, DRAWING, OVER, PLAYING, SyfState, SyfView,
                                                     call_out_targets)
from cutthroat.games.stab_your_friends.text import WIN_HOW, describe_action, why_illegal

# The game's names in one place for the rest of the app and the tests (rules.Place, rules.Hurt …).
from cutthroat.games.stab_your_friends.actions import *  # noqa: E402,F401,F403
from cutthroat.games.stab_your_friends.events import *  # noqa: E402,F401,F403

FIRST_ROYAL = ("random",) + tuple(str(q) for q in range(1, 9))


def setup_problem(config: dict, players: int) -> str | None:
    if not 2 <= players <= 8:
        return f"Stab Your Friends takes 2–8 players, not {players}"
    first = str(config.get("first-royal", "random"))
    if first not in FIRST_ROYAL:
        return f"first-royal must be random or a seat 1–{players}, not {first!r}"
    if first != "random" and int(first) > players:
        return f"first-royal names seat {first}, but there are {players} players"
    if str(config.get("royal-call-out", "off")) not in CALL_OUT:
        return f"royal-call-out must be {'|'.join(CALL_OUT)}"
    if str(config.get("memory-aid", "on")) not in ("off", "on"):
        return "memory-aid must be on|off"
    return None


def memory_aid(config: dict) -> bool:
    """Does the table show every player what the others hold (the draws it saw, `k`)? Off, the
    humans remember the draws themselves and see others' hands as counts; the views (and so the
    bots, who remember everything) are the same either way. A save from before the setting: on."""
    return str(config.get("memory-aid", "on")) == "on"


class StabYourFriendsRules(KnowledgeRules):
    knowledge = knowledge  # views, determinizations, scrambles (`KnowledgeRules`)
    game_id = "stab-your-friends"
    name = "Stab Your Friends"
    turn_heading = "A round: three phases"
    min_players = 2
    max_players = 8
    variants = (
        Variant("first-royal", FIRST_ROYAL, "random", "the first royal highness: random, or a seat number",
                title="First royal", labels=("at random", *(f"seat {q}" for q in range(1, 9)))),
        Variant("royal-call-out", CALL_OUT, "off",
                "house rule: a player caught not saying \"royal highness\" loses a life (crown: the royal "
                "highness calls out; anyone: any player may)", bare="crown", title="Royal call-out",
                labels=("off", "the royal highness calls", "anyone calls")),
        Variant("memory-aid", ("off", "on"), "on",
                "on: k shows what everyone holds (every draw was seen); off: only how many cards — "
                "remember the draws yourself (bots always do)",
                title="Memory aid"),
    )
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    anytime_kinds = frozenset({"call_out"})
    state_type = SyfState
    view_type = SyfView
    #: The game-over figures: damage dealt to others (by the card's player, or the Bow's and
    #: Fireball's holder), lives lost, Shield blocks, lives regained.
    stat_columns = (("dealt", "Dealt"), ("lost", "Lost"), ("blocked", "Blocked"), ("healed", "Healed"))

    def setup_problem(self, config: dict, players: int) -> str | None:
        return setup_problem(config, players)

    def new_game(self, config: dict[str, Any] | None = None, seed: int = 0,
                 players: int | None = None) -> SyfState:
        config = {**self.default_config(), **(config or {})}
        n = players or 4
        problem = setup_problem(config, n)
        if problem:
            raise ValueError(problem)
        rng = Rng(seed)
        deck = build_deck()
        rng.shuffle(deck)
        first = str(config["first-royal"])
        crown = rng.randbelow(n) if first == "random" else int(first) - 1
        state = SyfState(n=n, lives=[MAX_LIVES] * n, out=[False] * n, crown=crown, hands=[[] for _ in range(n)],
                         fronts=[[] for _ in range(n)], deck=deck, face_up_plays=[0] * n, called_out=[False] * n,
                         never_forget=[False] * n, call_out=str(config["royal-call-out"]), rng=rng)
        start_round(state, [])
        return state

    def seat_bots(self, state: SyfState, bots: frozenset[int]) -> bool:
        """Bots never forget to say "royal highness": the call-out never names one. Fixed when
        the game is made (a stand-in bot for a player who is away is not one: see rules.md)."""
        state.never_forget = [q in bots for q in range(state.n)]
        return bool(bots)

    def decode_state(self, data: Any) -> SyfState:
        """A save from before `never_forget` marks no seat (its log replays as it was played)."""
        if isinstance(data, dict) and "never_forget" not in data and isinstance(data.get("n"), int):
            data = {**data, "never_forget": [False] * data["n"]}
        return super().decode_state(data)

    # -- turn structure --------------------------------------------------------------------
    def to_act(self, state: SyfState) -> list[int]:
        return [] if state.phase == OVER else [state.turn]

    def legal_actions(self, state: SyfState, player: int | None = None) -> list[Action]:
        p = state.turn
        phase = state.phase
        if phase == OVER or (player is not None and player != p):
            return []
        if phase == DRAWING:
            return [DRAW]
        if phase == PLAYING:
            living = state.in_game()
            return [Place(card, t) for card in sorted(set(state.hands[p])) for t in living]
        active = state.active
        if active is None:
            return [ACTIVATE]
        if active.card is BOW or active.card is FIREBALL:
            return [TARGETS[t] for t in state.in_game() if t != p]
        return [*gobblin_moves(state), KEEP]

    def anytime_actions(self, state: SyfState, seat: int) -> list[Action]:
        """The house rule's call-outs: taken at any time, whoever is to move."""
        return [CallOut(seat, t) for t in call_out_targets(state, seat)]

    def is_legal(self, state: SyfState, action: Action, player: int) -> bool:
        if action.kind == "call_out":
            return action in self.anytime_actions(state, player)
        return action in self.legal_actions(state, player)

    # -- applying --------------------------------------------------------------------------
    def apply(self, state: SyfState, action: Action, player: int | None = None) -> list[Event]:
        seat = (action.caller if action.kind == "call_out" else state.turn) if player is None else player
        if not self.is_legal(state, action, seat):
            raise IllegalAction(why_illegal(state, action, seat))
        return play(state, action, seat)

    def apply_unchecked(self, state: SyfState, action: Action) -> list[Event]:
        return play(state, action, state.turn)

    # -- what the host asks ----------------------------------------------------------------
    def auto_action(self, state: SyfState, seat: int) -> Action | None:
        """Drawing has no choice (the deck is face up): the host takes it at once."""
        return DRAW if state.phase == DRAWING and seat == state.turn else None

    def paced_action(self, state: SyfState, seat: int) -> Action | None:
        """A card activating with no choice to make: the table's own step, paced like a bot's."""
        if state.phase == ACTIVATING and state.active is None and seat == state.turn:
            return ACTIVATE
        return None

    # -- what players see ------------------------------------------------------------------
    # -- the end ---------------------------------------------------------------------------
    def result(self, state: SyfState) -> Result | None:
        if state.phase != OVER:
            return None
        ranking = list(state.winners) + [q for q in reversed(state.eliminations) if q not in state.winners]
        ranking += [q for q in range(state.n) if q not in ranking]
        return Result(
            winners=list(state.winners),
            scores=[1 if p in state.winners else 0 for p in range(state.n)],
            summary=WIN_HOW.get(state.how, state.how),
            details={"how": state.how, "eliminations": list(state.eliminations), "ranking": ranking,
                     "rounds": state.round, "actions": state.actions},
        )

    # -- helpers for sessions, the app and saves -------------------------------------------
    def undoable(self, state: SyfState, action: Action) -> bool:
        return False  # every move is seen by the table

    def describe_action(self, view: SyfView, action: Action, names=()) -> str:
        return describe_action(view, action, names)

    def tally(self, stats: list[dict[str, Any]], event: Event) -> None:
        kind = event.kind
        if kind == "hurt":
            stats[event.seat]["lost"] += event.amount
            if 0 <= event.by < len(stats) and event.by != event.seat:
                stats[event.by]["dealt"] += event.amount
        elif kind == "blocked":
            stats[event.seat]["blocked"] += 1
        elif kind == "healed":
            stats[event.seat]["healed"] += 1

    def summary_figures(self, results: list[Result]) -> dict[str, Any]:
        n = len(results) or 1
        return {"mean_rounds": round(sum(r.details["rounds"] for r in results) / n, 1),
                "mean_actions": round(sum(r.details["actions"] for r in results) / n, 1)}

    def out_seats(self, state) -> tuple[int, ...]:
        return tuple(q for q in range(state.n) if state.out[q])

    def progress(self, state) -> str:
        alive = sum(not out for out in state.out)
        return f"round {state.round} · {alive} of {state.n} alive"

    def rules_text(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


RULES = StabYourFriendsRules()
