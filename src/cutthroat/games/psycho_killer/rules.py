"""Psycho Killer — setup, whose move, legal actions, check and apply.

Rules spec: shared/rules/psycho-killer.md (the in-app text: rules.md next to this file).

The package by job: `cards` (the manifest, one table), `state` (state, view, frames), `actions`,
`events`, `effects` (apply: draws, the attack, the Trip Over window, each card's effect, settle),
`knowledge` (views, determinize), `text` (every sentence about a move). This module ties them
into the `Rules` protocol and re-exports the names the app and the tests import from it.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from cutthroat.engine.protocol import Action, Event, IllegalAction, KnowledgeRules, Result, Variant
from cutthroat.engine.rng import Rng
from cutthroat.games.psycho_killer import knowledge
from cutthroat.games.psycho_killer.actions import (
    ACCEPT,
    ACTION_TYPES,
    DONE,
    DRAWS,
    KEEP,
    PASSES,
    PLAY_NOW,
    SEATED_KINDS,
    STOP,
    TAKE_HITS,
    TARGETS,
    TO_DECK,
    TRIPS,
    At,
    Defend,
    Evade,
    Pick,
    Play,
    PlayOn,
)
from cutthroat.games.psycho_killer.cards import (
    ACTION,
    BANDAID,
    BARRICADE,
    BEHIND_YOU,
    BOOK_OF_THE_DEAD,
    DISARM,
    DROP_YOUR_KEYS,
    FOUND_FOOTAGE,
    HAND_KEEP,
    PLAY,
    PREDICAMENT,
    REWIND,
    STITCHES,
    TRIP_OVER,
    build_deck,
)
from cutthroat.games.psycho_killer.effects import (
    can_play,
    fits,
    may_finish_pick,
    pick_options,
    play,
    rewinds,
    window_seats,
)
from cutthroat.games.psycho_killer.events import EVENT_TYPES, HOW
from cutthroat.games.psycho_killer.state import (
    AGAIN,
    AT,
    ATTACK,
    DECK,
    DRAWN,
    DRAWS as DRAWS_FRAME,
    HOLD,
    OVER,
    PICK,
    TARGET,
    WINDOW,
    PkState,
    PkView,
    Slot,
    held_play_left,
    left_for_dead,
    live_decks,
    order_from,
    score_key,
)
from cutthroat.games.psycho_killer.text import describe_action, why_illegal

from cutthroat.games.psycho_killer.actions import *  # noqa: E402,F401,F403
from cutthroat.games.psycho_killer.events import *  # noqa: E402,F401,F403


class PsychoKillerRules(KnowledgeRules):
    knowledge = knowledge  # views, determinizations, scrambles (`KnowledgeRules`)
    game_id = "psycho-killer"
    name = "Psycho Killer"
    turn_heading = "Edition 2 (the default)"
    min_players = 2
    max_players = 6
    variants = (  # (in pairs on the setup screen: Hold Your Nerve's name fits the second column)
        Variant("edition", ("2", "1"), "2", "edition 2: two decks, no starting hands, draw again after a weapon; "
                "edition 1: one deck, 7 cards dealt", title="Edition", labels=("edition 2", "edition 1")),
        Variant("hold-your-nerve", ("off", "on"), "off", "everyone may keep predicaments; Left for Dead, you may "
                "play one on another player", bare="on", title="Hold Your Nerve"),
        Variant("upside-down", ("off", "on"), "off", "cards put back into a deck go face up: everyone sees them "
                "coming", bare="on", title="Upside Down"),
        Variant("quickie", ("off", "on"), "off", "the game ends at the third Psycho Killer", bare="on",
                title="Quickie"),
    )
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    state_type = PkState
    view_type = PkView
    #: The game-over figures, counted from public events (the score's own columns come from the
    #: result): times attacked, attacks defended, Trip Overs played.
    stat_columns = (("attacked", "Attacked"), ("defended", "Defended"), ("trips", "Trips"))
    #: 2: Barricade and It's Behind You open a Trip Over window; Hold Your Nerve plays one held
    #: predicament a turn (`nerve_used`, a state field a revision 1 snapshot lacks).
    revision = 2

    def setup_problem(self, config: dict, players: int) -> str | None:
        if not 2 <= players <= 6:
            return f"Psycho Killer takes 2–6 players, not {players}"
        for variant in self.variants:
            value = str(config.get(variant.name, variant.default))
            if value not in variant.choices:
                return f"{variant.name} must be {'|'.join(variant.choices)}, not {value!r}"
        return None

    def new_game(self, config: dict[str, Any] | None = None, seed: int = 0,
                 players: int | None = None) -> PkState:
        config = {**self.default_config(), **(config or {})}
        n = players or 4
        problem = self.setup_problem(config, n)
        if problem:
            raise ValueError(problem)
        rng = Rng(seed)
        edition = int(config["edition"])
        cards = build_deck()
        hands: list[list] = [[] for _ in range(n)]
        if edition == 1:  # black cards out, 7 dealt each, black cards shuffled back in: one deck
            rest = [c for c in cards if not c.black]
            rng.shuffle(rest)
            for q in range(n):
                hands[q] = [rest.pop() for _ in range(HAND_KEEP)]
            deck = rest + [c for c in cards if c.black]
            rng.shuffle(deck)
            decks, gone = [[Slot(c) for c in deck], []], [False, True]
        else:  # Decision: the shuffled cards dealt alternately into two decks
            rng.shuffle(cards)
            decks, gone = [[Slot(c) for c in cards[0::2]], [Slot(c) for c in cards[1::2]]], [False, False]
        return PkState(n=n, edition=edition, upside_down=config["upside-down"] == "on",
                       hold_your_nerve=config["hold-your-nerve"] == "on",
                       pk_limit=3 if config["quickie"] == "on" else 5, decks=decks, gone=gone, hands=hands,
                       injuries=[[] for _ in range(n)], known=[[[], []] for _ in range(n)], silenced=[False] * n,
                       turn=rng.randbelow(n), rng=rng)

    # -- turn structure --------------------------------------------------------------------
    def to_act(self, state: PkState) -> list[int]:
        if state.phase == OVER:
            return []
        if not state.stack:
            return [state.turn]
        top = state.stack[-1]
        if top.kind == WINDOW:
            return window_seats(state, top)
        if top.kind == ATTACK:
            return [q for q in order_from(state, top.seat) if top.mask >> q & 1]
        return [top.seat]

    def legal_actions(self, state: PkState, player: int | None = None) -> list[Action]:
        seats = self.to_act(state)
        if not seats:
            return []
        p = seats[0] if player is None else player
        if p not in seats:
            return []
        if not state.stack:
            return self._turn_actions(state, p)
        top = state.stack[-1]
        kind = top.kind
        hand = state.hands[p]
        if kind == WINDOW:
            return [PASSES[p]] + ([TRIPS[p]] if TRIP_OVER in hand and can_play(state, p) else [])
        if kind == ATTACK:
            acts: list[Action] = [TAKE_HITS[p]]
            if can_play(state, p):
                acts += [Defend(p, c) for c in (BARRICADE, BEHIND_YOU) if c in hand]
            return acts
        if kind == DRAWN:
            return [ACCEPT] + [Evade(c) for c in rewinds(state, p, top.card)]
        if kind == HOLD:
            return [KEEP, PLAY_NOW]
        if kind == AGAIN:
            return [STOP] + [DRAWS[d] for d in live_decks(state)]
        if kind == DRAWS_FRAME:
            return [DRAWS[d] for d in live_decks(state)]
        if kind == TARGET:
            return [TARGETS[q] for q in self.targets(state, top.card, p)]
        if kind == DECK:
            decks = live_decks(state) if top.card is FOUND_FOOTAGE else live_decks(state)
            return [TO_DECK[d] for d in decks]
        if kind == AT:
            return [At(k) for k in range(len(state.decks[top.deck]) + 1)]
        if kind == PICK:
            return [Pick(c) for c in pick_options(state, top)] + ([DONE] if may_finish_pick(state, top) else [])
        return []  # pragma: no cover

    def targets(self, state: PkState, card, p: int) -> list[int]:
        others = [q for q in order_from(state, p) if q != p]
        if card is BANDAID:
            return [q for q in order_from(state, p) if fits(state.injuries[q], 3)]
        return others  # Drop Your Keys, Stitches, It's Behind You

    def _turn_actions(self, state: PkState, p: int) -> list[Action]:
        acts: list[Action] = [DRAWS[d] for d in live_decks(state)]
        if not can_play(state, p):
            return acts
        hand = state.hands[p]
        for card in sorted(set(hand), key=lambda c: c.index):
            if card.kind == PREDICAMENT:
                if not held_play_left(state):
                    continue
                acts.append(Play(card))
                if state.hold_your_nerve and left_for_dead(state, p):
                    acts += [PlayOn(card, q) for q in order_from(state, p) if q != p]
            elif card.kind == ACTION and self._playable_on_turn(state, p, card):
                acts.append(Play(card))
        return acts

    def _playable_on_turn(self, state: PkState, p: int, card) -> bool:
        """An action card on your own turn: not the answers (Rewind: to a draw; Play symbol: to a
        card being played or an attack), and not when it could do nothing it must do."""
        if card.has(REWIND) or card.has(PLAY):
            return False
        if card is DROP_YOUR_KEYS:
            return len(state.hands[p]) >= 3  # two more cards to give
        if card is BOOK_OF_THE_DEAD:
            return bool(state.discard)
        if card is FOUND_FOOTAGE:
            return bool(live_decks(state))
        if card is DISARM:
            return bool(live_decks(state))
        if card is STITCHES:
            return fits(state.injuries[p], 3)
        if card is BANDAID:
            return any(fits(pile, 3) for pile in state.injuries)
        return True

    # -- checking and applying ---------------------------------------------------------------
    def actor(self, state: PkState, action: Action) -> int | None:
        if action.kind in SEATED_KINDS:
            return action.seat
        seats = self.to_act(state)
        return seats[0] if len(seats) == 1 else None

    def apply(self, state: PkState, action: Action, player: int | None = None) -> list[Event]:
        seat = self.actor(state, action) if player is None else player
        if seat is None or action not in self.legal_actions(state, seat):
            raise IllegalAction(why_illegal(state, action, -1 if seat is None else seat, self.to_act(state)))
        return play(state, action, seat)

    def apply_unchecked(self, state: PkState, action: Action) -> list[Event]:
        seat = self.actor(state, action)
        return play(state, action, seat if seat is not None else self.to_act(state)[0])

    def open_play(self, position, seat: int) -> int:
        """It's Behind You, played against an attack, waits for the player it turns on: one
        move, taken back whole (the attack asks again)."""
        stack = position.stack
        if position.phase == OVER or not stack:
            return 0
        top = stack[-1]
        return int(top.kind == TARGET and top.card is BEHIND_YOU and top.seat == seat)

    def reaction_default(self, state: PkState, seat: int) -> Action | None:
        """In a Trip Over window a seat that doesn't answer lets the card go. (An attack is no
        timed window: whoever may defend decides, however long it takes.)"""
        if state.phase == OVER or not state.stack or seat not in self.to_act(state):
            return None
        return PASSES[seat] if state.stack[-1].kind == WINDOW else None

    def auto_action(self, state: PkState, seat: int) -> Action | None:
        """The card just drawn, taken at once for a drawer with no Rewind card to answer it with
        (the frame comes after every draw, and a bot that could answer it does so at once too:
        `answered_at_once`, so neither the stack nor the wait tells who holds one); attacked with
        nothing to defend with, the weapons simply go; in a Trip Over window, a seat with no
        cards (its hand count is public) lets the card go at once: nobody waits for it."""
        if state.phase == OVER or not state.stack:
            return None
        top = state.stack[-1]
        if top.kind == WINDOW and not state.hands[seat] and seat in self.to_act(state):
            return PASSES[seat]
        if top.kind == DRAWN and top.seat == seat and not rewinds(state, seat, top.card):
            return ACCEPT
        if top.kind == ATTACK and top.mask >> seat & 1 and self.legal_actions(state, seat) == [TAKE_HITS[seat]]:
            return TAKE_HITS[seat]
        return None

    def answered_at_once(self, state: PkState, seat: int) -> bool:
        return bool(state.stack) and state.stack[-1].kind == DRAWN

    # -- what players see ------------------------------------------------------------------
    def decode_state(self, data: Any) -> PkState:
        """A revision 1 snapshot has no `nerve_used`: nobody had played a held predicament under
        the one-a-turn rule yet."""
        if isinstance(data, dict) and "nerve_used" not in data:
            data = {**data, "nerve_used": False}
        return super().decode_state(data)

    # -- the end ---------------------------------------------------------------------------
    def result(self, state: PkState) -> Result | None:
        if state.phase != OVER:
            return None
        keys = [score_key(state, q) for q in range(state.n)]
        ranking = sorted(range(state.n), key=lambda q: keys[q])
        return Result(
            winners=list(state.winners),
            scores=[-k[0] for k in keys],
            summary=HOW.get(state.how, state.how),
            details={"how": state.how, "ranking": ranking, "points": [k[0] for k in keys],
                     "pks": [k[1] for k in keys], "weapons": [k[2] for k in keys], "actions": state.actions},
        )

    # -- helpers for sessions, the app and saves -------------------------------------------
    def undoable(self, state: PkState, action: Action) -> bool:
        return False

    def describe_action(self, view: PkView, action: Action, names=()) -> str:
        return describe_action(view, action, names)

    def tally(self, stats: list[dict[str, Any]], event: Event) -> None:
        kind = event.kind
        if kind == "attacked":
            for q in event.seats:
                stats[q]["attacked"] += 1
        elif kind == "defended":
            stats[event.seat]["defended"] += 1
        elif kind == "tripped":
            stats[event.seat]["trips"] += 1

    def summary_figures(self, results: list[Result]) -> dict[str, Any]:
        n = len(results) or 1
        return {"mean_actions": round(sum(r.details["actions"] for r in results) / n, 1),
                "mean_winning_points": round(sum(min(r.details["points"]) for r in results) / n, 1)}

    def progress(self, state) -> str:
        return f"{state.pks} of {state.pk_limit} Psycho Killers out"

    def rules_text(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


RULES = PsychoKillerRules()
