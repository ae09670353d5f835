"""Exploding Kittens: Recipes for Disaster — setup, whose move, legal actions, check and apply.

Rules spec: shared/rules/exploding-kittens.md (the in-app text: rules.md next to this file).

The package by job: `state` (the state and view, written once, and who is to act), `actions`
(moves and combos), `events`, `effects` and `pile` (the pieces of apply), `knowledge` (views,
determinize, what a seat can work out), `text` (every sentence a player reads about a move).
This module ties them into the `Rules` protocol and re-exports the names the app and the tests
import from it.

Shape. The state keeps a stack of pending decisions (`Frame`s). With the stack empty the player
whose turn it is plays a card, a combo, or draws. A card that needs a player (Targeted Attack,
Mark, I'll Take That, a pair or three of a kind, both Barking Kittens) pushes a `target` frame
(three of a kind then a `name` frame); every Nope-able play then pushes a `window` frame: every
seat still in the game answers (Pass, Nope, or Alter the Future NOW), each Nope reopens it for
everyone but the Noper, and when everyone has answered it resolves (an odd number of Nopes
cancels). Effects that need a choice push their own frame: `reorder` (Alter/Share the Future),
`reinsert` (a defused Exploding Kitten, an Imploding Kitten, Bury), `gc` (Garbage Collection:
every player with cards answers) and `take` (five different: a card from the discard pile).
"""

from __future__ import annotations

from collections import Counter
from importlib import resources
from itertools import permutations
from typing import Any

from cutthroat.engine.protocol import Action, Event, IllegalAction, KnowledgeRules, Result, Variant
from cutthroat.engine.rng import Rng
from cutthroat.games.exploding_kittens import effects, knowledge, text
from cutthroat.games.exploding_kittens.actions import (
    ACTION_TYPES,
    ALTER_NOW_BY,
    CHOOSE,
    DRAW,
    FIVE,
    NOPE_BY,
    PAIR,
    PASS,
    PLAY_OF,
    REINSERT_AT,
    SEATED_KINDS,
    NameCard,
    PlayCombo,
    PutIn,
    Reorder,
    TakeCard,
    combo_kind,
    combos,
)
from cutthroat.games.exploding_kittens.cards import (
    ALTER_NOW,
    BURY,
    DEFUSE,
    EXPLODING,
    IMPLODING,
    MARK,
    NOPE,
    PLAYABLE_ALONE,
    TAKE_THAT,
    TARGETED_CARDS,
    EkCard,
)
from cutthroat.games.exploding_kittens.events import EVENT_TYPES
from cutthroat.games.exploding_kittens.recipes import (
    CUSTOM,
    CUSTOM_EXAMPLE,
    DEFAULT_RECIPE,
    RECIPE_IDS,
    RECIPES,
    recipe_note,
    recipe_setup,
)
from cutthroat.games.exploding_kittens.state import (
    GC,
    NAME,
    OVER,
    PLAY,
    REINSERT,
    REORDER,
    TAKE,
    TARGET,
    WINDOW,
    EkState,
    EkView,
    order,
    to_act,
)

# The game's names in one place for the rest of the app and the tests (rules.Play, rules.Drew …).
from cutthroat.games.exploding_kittens.actions import *  # noqa: E402,F401,F403
from cutthroat.games.exploding_kittens.events import *  # noqa: E402,F401,F403
from cutthroat.games.exploding_kittens.effects import MAX_ACTIONS  # noqa: E402,F401
from cutthroat.games.exploding_kittens.knowledge import drawers, full_deck, kittens_left, unseen_cards  # noqa: E402,F401
from cutthroat.games.exploding_kittens.state import FRAME_KINDS, R_BURY, R_END, R_UP, Frame  # noqa: E402,F401


def setup_problem(config: dict, players: int) -> str | None:
    if not 2 <= players <= 5:
        return f"Exploding Kittens takes 2–5 players, not {players}"
    if str(config.get("five-different", "on")) not in ("on", "off"):
        return "five-different must be on or off"
    return recipe_setup(config, players)[1]


def distinct_orders(state: EkState, k: int) -> list[Reorder]:
    """The orders of the top `k` cards that give different piles: two Tacocats swapped are the
    same pile, so only the first such order is offered."""
    top = [(state.pile[-1 - j], state.up[-1 - j]) for j in range(k)]
    seen: set[tuple] = set()
    orders = []
    for indices in permutations(range(k)):
        result = tuple(top[i] for i in indices)
        if result not in seen:
            seen.add(result)
            orders.append(Reorder(indices))
    return orders


class ExplodingKittensRules(KnowledgeRules):
    knowledge = knowledge  # views, determinizations, scrambles (`KnowledgeRules`)
    game_id = "exploding-kittens"
    name = "Exploding Kittens: Recipes for Disaster"
    turn_heading = "Your turn"
    min_players = 2
    max_players = 5
    #: 2: an exploded player's held Exploding Kitten (Streaking Kitten) is discarded with the hand.
    revision = 2
    variants = (
        Variant("recipe", RECIPE_IDS, DEFAULT_RECIPE,
                "the deck for the game: " + ", ".join(RECIPE_IDS), title="Recipe",
                labels=tuple(RECIPES[r].name for r in RECIPE_IDS), listed=True,
                setup_help=f"The deck for the game: {len(RECIPE_IDS) - 1} recipes or your own (Custom), shown above"),
        Variant("five-different", ("off", "on"), "on",
                "the five-different combo (take any card from the discard pile)", title="Five different"),
        Variant("custom", (), "",
                "CARDS: the Custom recipe's deck: start=N deal=N then CODE=COUNT (EXP DEF SKIP NOPE …)",
                title="Cards", shown_when=("recipe", CUSTOM), example=CUSTOM_EXAMPLE),
    )
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    state_type = EkState
    view_type = EkView
    stat_columns = (("played", "Played"), ("nopes", "Nopes"), ("defused", "Defused"),
                    ("steals", "Steals"), ("drawn", "Drawn"), ("out", "Out"))

    def setup_note(self, config: dict, players: int) -> str:
        return recipe_note(str(config.get("recipe", DEFAULT_RECIPE)), players)

    def setup_problem(self, config: dict, players: int) -> str | None:
        return setup_problem({**self.default_config(), **(config or {})}, players)

    def new_game(self, config: dict[str, Any] | None = None, seed: int = 0,
                 players: int | None = None) -> EkState:
        config = {**self.default_config(), **(config or {})}
        n = players or 4
        problem = setup_problem(config, n)
        if problem:
            raise ValueError(problem)
        setup, _ = recipe_setup(config, n)
        rng = Rng(seed)
        kittens: list[EkCard] = []
        defuses = 0
        deck: list[EkCard] = []
        for card, k in setup.counts:
            if card is EXPLODING or card is IMPLODING:
                kittens += [card] * k
            elif card is DEFUSE:
                defuses = k
            else:
                deck += [card] * k
        rng.shuffle(deck)
        hands = [[DEFUSE] * setup.start for _ in range(n)]
        for _ in range(setup.deal):
            for p in range(n):
                hands[p].append(deck.pop())
        deck += [DEFUSE] * (defuses - setup.start * n) + kittens
        rng.shuffle(deck)
        return EkState(
            n=n, recipe=setup.recipe, five=str(config.get("five-different", "on")) == "on",
            counts=setup.counts, hands=hands, marked=[[] for _ in range(n)],
            pile=deck, up=[False] * len(deck), seen=[[None] * len(deck) for _ in range(n + 1)],
            out=[False] * n, itt=[-1] * n, barking=[False] * n, turn=rng.randbelow(n), rng=rng)

    # -- turn structure --------------------------------------------------------------------
    order = staticmethod(order)

    def to_act(self, state: EkState) -> list[int]:
        return to_act(state)

    def targets(self, state: EkState, what: str, p: int) -> list[int]:
        """The players `p` may choose for `what` (a card code or a combo)."""
        others = [q for q in order(state) if q != p]
        if what == PAIR:
            return [q for q in others if state.hands[q]]
        if what == MARK.code:
            return [q for q in others if len(state.hands[q]) > len(state.marked[q])]
        if what == TAKE_THAT.code:
            return [q for q in others if state.itt[q] < 0]
        return others  # three of a kind, Targeted Attack, both Barking Kittens

    def legal_actions(self, state: EkState, player: int | None = None) -> list[Action]:
        if state.phase != PLAY:
            return []
        if not state.stack:
            if player is not None and player != state.turn:
                return []
            return self._main_actions(state, state.turn)
        f = state.stack[-1]
        kind = f.kind
        if kind == WINDOW:
            seats = to_act(state)
            if player is None:
                player = seats[0]
            if player not in seats:
                return []
            acts: list[Action] = [PASS[player]]
            hand = state.hands[player]
            if NOPE in hand:
                acts.append(NOPE_BY[player])
            if ALTER_NOW in hand:
                acts.append(ALTER_NOW_BY[player])
            return acts
        if kind == GC:
            if player is None:
                player = to_act(state)[0]
            if not f.mask >> player & 1:
                return []
            return [PutIn(player, c) for c in sorted(set(state.hands[player]))]
        if player is not None and player != f.seat:
            return []
        if kind == TARGET:
            return [CHOOSE[q] for q in self.targets(state, f.what, f.seat)]
        if kind == NAME:
            return [NameCard(c) for c, _ in state.counts]
        if kind == REORDER:
            return distinct_orders(state, f.data)
        if kind == REINSERT:
            return list(REINSERT_AT[:len(state.pile) + 1])
        if kind == TAKE:
            return [TakeCard(c) for c in sorted(set(state.discard)) if c not in (EXPLODING, IMPLODING)]
        return []  # pragma: no cover

    def _main_actions(self, state: EkState, p: int) -> list[Action]:
        acts: list[Action] = [DRAW]
        hand = state.hands[p]
        for c in sorted(set(hand)):
            if c not in PLAYABLE_ALONE:
                continue
            if c in TARGETED_CARDS and not self.targets(state, c.code, p):
                continue
            if c is BURY and state.itt[p] >= 0:
                continue
            acts.append(PLAY_OF[c])
        pairs = bool(self.targets(state, PAIR, p))
        for combo in combos(hand, pairs, True, state.five):
            acts.append(PlayCombo(combo))
        return acts

    # -- checking --------------------------------------------------------------------------
    def actor(self, state: EkState, action: Action) -> int | None:
        """Who takes `action` now: the seat it names (window, Garbage Collection), else the one
        seat to act."""
        if action.kind in SEATED_KINDS:
            return action.seat
        seats = to_act(state)
        return seats[0] if len(seats) == 1 else None

    def is_legal(self, state: EkState, action: Action, player: int) -> bool:
        if action in self.legal_actions(state, player):
            return True
        # Five-different sets beyond the listed ones.
        if (action.kind == "combo" and not state.stack and player == state.turn
                and state.phase == PLAY and state.five and len(action.cards) == 5
                and combo_kind(action.cards) == FIVE):
            need = Counter(action.cards)
            have = Counter(state.hands[player])
            return all(have[c] >= k for c, k in need.items())
        return False

    def check(self, state: EkState, action: Action, player: int | None = None) -> int:
        """The seat taking `action`; IllegalAction with the reason if it may not be applied now."""
        if state.phase != PLAY:
            raise IllegalAction("The game is over")
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction("That is not an Exploding Kittens move")
        seats = to_act(state)
        if player is None:
            player = self.actor(state, action)
            if player is None:
                raise IllegalAction("Say which seat takes that move")
        if player not in seats:
            raise IllegalAction(f"It is not player {player + 1}'s move now")
        if action.kind in SEATED_KINDS and action.seat != player:
            raise IllegalAction("That move names another seat")
        if self.is_legal(state, action, player):
            return player
        raise IllegalAction(self.why_illegal(state, action, player))

    def why_illegal(self, state: EkState, action: Action, player: int | None = None) -> str:
        """The refusal's sentence, from the view of the seat that tried the move."""
        if player is None:
            player = self.actor(state, action)
        seat = player if player in to_act(state) else None
        return text.why_illegal(knowledge.view(state, seat), action)

    # -- applying --------------------------------------------------------------------------
    def apply(self, state: EkState, action: Action, player: int | None = None) -> list[Event]:
        player = self.check(state, action, player)
        return effects.apply(state, action, player)

    def apply_unchecked(self, state: EkState, action: Action, player: int | None = None) -> list[Event]:
        """Apply a legal action (search playouts): no check."""
        if player is None:
            player = self.actor(state, action)
        return effects.apply(state, action, player)

    # -- what players see ------------------------------------------------------------------
    def result(self, state: EkState) -> Result | None:
        if state.phase != OVER:
            return None
        how = "last-standing" if len(state.winners) == 1 else "stalemate"
        ranking = list(state.winners) + list(reversed(state.eliminations))
        return Result(
            winners=list(state.winners),
            scores=[1 if p in state.winners else 0 for p in range(state.n)],
            summary="last one standing" if how == "last-standing" else "stopped: too many moves",
            details={"how": how, "eliminations": list(state.eliminations), "ranking": ranking,
                     "actions": state.actions, "recipe": state.recipe},
        )

    # -- what the host asks ------------------------------------------------------------------
    def open_play(self, position, seat: int) -> int:
        """A card (or combo) waiting for its target is one move old; three of a kind waiting for
        the card to name is two (the combo, then the target). Nobody has answered it yet."""
        if position.phase != PLAY or not position.stack:
            return 0
        f = position.stack[-1]
        if f.seat != seat or len(position.stack) != 1:
            return 0
        return {TARGET: 1, NAME: 2}.get(f.kind, 0)

    def reaction_default(self, state: EkState, seat: int) -> Action | None:
        """In an open Nope window a seat that doesn't answer in time passes."""
        if state.phase == PLAY and state.stack and state.stack[-1].kind == WINDOW and seat in to_act(state):
            return PASS[seat]
        return None

    def auto_action(self, state: EkState, seat: int) -> Action | None:
        """The player of a card passes in its own window until someone Nopes it (Noping your own
        fresh play is pointless); a seat with no cards (its hand count is public) passes at once:
        nobody waits for it."""
        if state.phase == PLAY and state.stack:
            f = state.stack[-1]
            if f.kind == WINDOW and (f.seat == seat and f.nopes == 0 or not state.hands[seat]) \
                    and seat in to_act(state):
                return PASS[seat]
        return None

    def describe_action(self, view: EkView, action: Action, names=()) -> str:
        return text.describe_action(view, action, names)

    def tally(self, stats: list[dict[str, Any]], event: Event) -> None:
        """Cards played, Nopes, Defuses, cards stolen or given on request, cards drawn (Bury's
        look aside), and how a seat went out — from public events."""
        if event is None:
            return
        kind = event.kind
        if kind == "played":
            stats[event.seat]["played"] += len(event.cards)
        elif kind == "noped":
            stats[event.seat]["nopes"] += 1
        elif kind == "defused":
            stats[event.seat]["defused"] += 1
        elif kind == "stolen":
            stats[event.thief]["steals"] += 1
        elif kind == "given" and event.had:
            stats[event.receiver]["steals"] += 1
        elif kind == "drew" and event.where != "bury":
            stats[event.seat]["drawn"] += 1
        elif kind == "eliminated":
            stats[event.seat]["out"] = text.how_out(event.how)

    # -- helpers for sessions, the app and saves -------------------------------------------
    def summary_figures(self, results: list[Result]) -> dict[str, Any]:
        n = len(results) or 1
        return {
            "mean_actions": round(sum(r.details["actions"] for r in results) / n, 1),
            "stalemates": sum(1 for r in results if r.details["how"] == "stalemate"),
        }

    def out_seats(self, state) -> tuple[int, ...]:
        return tuple(q for q in range(state.n) if state.out[q])

    def progress(self, state) -> str:
        return f"{len(state.in_game())} of {state.n} still in"

    def rules_text(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


RULES = ExplodingKittensRules()
