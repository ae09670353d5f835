"""Exploding Kittens: Recipes for Disaster — state, legal actions, apply, view, determinize.

Rules spec: shared/rules/exploding-kittens.md (the in-app text: rules.md next to this file).

Shape. The state keeps a stack of pending decisions (`Frame`s). With the stack empty the player
whose turn it is plays a card, a combo, or draws. A card that needs a player (Targeted Attack,
Mark, I'll Take That, a pair or three of a kind, both Barking Kittens) pushes a `target` frame
(three of a kind then a `name` frame); every Nope-able play then pushes a `window` frame: every
seat still in the game answers (Pass, Nope, or Alter the Future NOW), each Nope reopens it for
everyone but the Noper, and when everyone has answered it resolves (an odd number of Nopes
cancels). Effects that need a choice push their own frame: `reorder` (Alter/Share the Future),
`reinsert` (a defused Exploding Kitten, an Imploding Kitten, Bury), `gc` (Garbage Collection:
every player with cards answers) and `take` (five different: a card from the discard pile).

The draw pile is a list with the top card last. `up[i]` says pile[i] is face up (Imploding
Kitten); `seen[q][i]` is the card seat q knows at pile[i] (or None); `seen[n]` is what everyone
knows (Catomic Bomb's kittens, a face-up Imploding Kitten's position until a shuffle).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from importlib import resources
from itertools import combinations, permutations
from typing import Any, NamedTuple

from cutthroat.engine.protocol import Action, Event, IllegalAction, Result, Rules, Variant
from cutthroat.engine.rng import Rng
from cutthroat.games.exploding_kittens.cards import (
    ALL_CARDS,
    ALTER_NOW,
    BARKING,
    BY_CODE,
    CAT,
    CAT_TITLES,
    DEFUSE,
    EXPLODING,
    FERAL,
    FERAL_GROUP,
    IMPLODING,
    KITTEN,
    MARK,
    NOPE,
    PLAYABLE_ALONE,
    STREAKING,
    TAKE_THAT,
    TARGETED,
    TARGETED_CARDS,
    BURY,
    EkCard,
)
from cutthroat.games.exploding_kittens.events import (
    EVENT_TYPES,
    Attacked,
    Barked,
    CardNamed,
    CatomicBombed,
    Defused,
    Drew,
    Eliminated,
    Exploding,
    GameWon,
    Given,
    Handed,
    HeldKitten,
    Marked,
    Noped,
    Peeked,
    Played,
    PutIntoPile,
    Reinserted,
    Reordered,
    Resolved,
    Reversed,
    Shuffled,
    Stolen,
    TakeThatPlaced,
    TargetChosen,
    TookFromDiscard,
    TopBottomSwapped,
    TurnEnded,
    TurnStarted,
    what_name,
)
from cutthroat.games.exploding_kittens.recipes import (
    DEFAULT_RECIPE,
    RECIPE_IDS,
    RECIPES,
    recipe_setup,
)

PLAY, OVER = "play", "over"
#: Decision (ours): a game this long is stopped and the players still in share the win. Card
#: flow makes every game finite; this is only a guard for the tests and the simulator.
MAX_ACTIONS = 20_000
#: Five-different sets listed by legal_actions at most (apply accepts any valid set).
FIVE_LIMIT = 40

# Frame kinds.
TARGET, NAME, WINDOW, REORDER, REINSERT, GC, TAKE = (
    "target", "name", "window", "reorder", "reinsert", "gc", "take")
FRAME_KINDS = (TARGET, NAME, WINDOW, REORDER, REINSERT, GC, TAKE)
# Reinsert flags.
R_UP, R_END, R_BURY = 1, 2, 4
PAIR, TRIPLE, FIVE, BARK2 = "pair", "triple", "five", "bark2"
COMBOS = (PAIR, TRIPLE, FIVE)


class Frame(NamedTuple):
    """One pending decision. Fields by kind:
    target/name: seat chooses for `what` (card code or combo) played as `cards` (target, then named).
    window: `seat` played `what` (`cards`, `target`, `named`); `nopes` so far, `last` Noper,
        `mask` = seats that have answered since the window last opened.
    reorder: seat puts back the top `data` cards; `target` = the Share the Future recipient.
    reinsert: seat puts `cards[0]` back; `data` = R_UP | R_END | R_BURY flags.
    gc: `data` = seats taking part (bits), `mask` = seats still to choose; `cards[q]` chosen.
    take: seat takes a card from the discard pile (five different)."""

    kind: str
    seat: int
    what: str = ""
    cards: tuple = ()
    target: int = -1
    named: EkCard | None = None
    nopes: int = 0
    last: int = -1
    mask: int = 0
    data: int = 0


# --- actions ------------------------------------------------------------------------------
def _index(card: EkCard) -> int:
    return card.index


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """End the turn by drawing the top card."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one card from hand on your turn (a player, if needed, is chosen next)."""

    card: EkCard
    kind = "play"


@dataclass(frozen=True, slots=True)
class PlayCombo(Action):
    """Two of a kind, three of a kind or five different titles (Feral Cats as cat cards)."""

    cards: tuple[EkCard, ...]
    kind = "combo"

    def __post_init__(self) -> None:  # one spelling per combo: box order
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_index)))


@dataclass(frozen=True, slots=True)
class ChooseTarget(Action):
    player: int
    kind = "target"


@dataclass(frozen=True, slots=True)
class NameCard(Action):
    card: EkCard
    kind = "name"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Answer a reaction window (or let it be): offered to every seat in the window."""

    seat: int
    kind = "pass"


@dataclass(frozen=True, slots=True)
class PlayNope(Action):
    seat: int
    kind = "nope"


@dataclass(frozen=True, slots=True)
class AlterNow(Action):
    """Alter the Future 3x NOW played in a reaction window (on anyone's turn)."""

    seat: int
    kind = "alter_now"


@dataclass(frozen=True, slots=True)
class Reorder(Action):
    """New order of the top cards, top first, as indices of the current top cards (0 = top)."""

    order: tuple[int, ...]
    kind = "reorder"


@dataclass(frozen=True, slots=True)
class Reinsert(Action):
    """Put the card back with `depth` cards above it (0 = on top, pile size = at the bottom)."""

    depth: int
    kind = "reinsert"


@dataclass(frozen=True, slots=True)
class PutIn(Action):
    """Garbage Collection: put this card from your hand into the draw pile."""

    seat: int
    card: EkCard
    kind = "put_in"


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Five different: take this card from the discard pile."""

    card: EkCard
    kind = "take"


DRAW = Draw()
ACTION_TYPES = (Draw, Play, PlayCombo, ChooseTarget, NameCard, Pass, PlayNope, AlterNow, Reorder,
                Reinsert, PutIn, TakeCard)
SEATED_KINDS = frozenset({"pass", "nope", "alter_now", "put_in"})


# --- state --------------------------------------------------------------------------------
class EkState:
    __slots__ = ("n", "recipe", "five", "counts", "hands", "marked", "pile", "up", "seen",
                 "discard", "limbo", "out", "eliminations", "turn", "direction", "owed",
                 "attacked", "itt", "barking", "stack", "phase", "winners", "actions", "rng")

    def __init__(self) -> None:
        self.n = 0
        self.recipe = DEFAULT_RECIPE
        self.five = True  # five-different combo on
        self.counts: tuple[tuple[EkCard, int], ...] = ()  # the game's cards
        self.hands: list[list[EkCard]] = []
        self.marked: list[list[EkCard]] = []  # per seat: marked cards (a sub-multiset of the hand)
        self.pile: list[EkCard] = []  # top = pile[-1]
        self.up: list[bool] = []
        self.seen: list[list[EkCard | None]] = []  # n + 1 lists aligned with pile; [n] = public
        self.discard: list[EkCard] = []  # top = discard[-1]
        self.limbo: list[EkCard] = []  # Barking Kittens played this turn (discarded at its end)
        self.out: list[bool] = []
        self.eliminations: list[int] = []
        self.turn = 0
        self.direction = 1
        self.owed = 1  # turns the player to move still owes, this one included
        self.attacked = False  # those turns come from an attack (Attack, Targeted, Personal)
        self.itt: list[int] = []  # per seat: who put I'll Take That in front of them (-1 none)
        self.barking: list[bool] = []  # per seat: a Barking Kitten face up in front of them
        self.stack: list[Frame] = []
        self.phase = PLAY
        self.winners: list[int] = []
        self.actions = 0
        self.rng = Rng(0)

    def copy(self) -> "EkState":
        s = EkState.__new__(EkState)
        s.n = self.n
        s.recipe = self.recipe
        s.five = self.five
        s.counts = self.counts
        s.hands = [h[:] for h in self.hands]
        s.marked = [m[:] for m in self.marked]
        s.pile = self.pile[:]
        s.up = self.up[:]
        s.seen = [x[:] for x in self.seen]
        s.discard = self.discard[:]
        s.limbo = self.limbo[:]
        s.out = self.out[:]
        s.eliminations = self.eliminations[:]
        s.turn = self.turn
        s.direction = self.direction
        s.owed = self.owed
        s.attacked = self.attacked
        s.itt = self.itt[:]
        s.barking = self.barking[:]
        s.stack = self.stack[:]
        s.phase = self.phase
        s.winners = self.winners[:]
        s.actions = self.actions
        s.rng = Rng(state=self.rng.state)
        return s

    def all_cards(self) -> list[EkCard]:
        """Every card of the game wherever it is (conservation tests count these)."""
        cards = [c for h in self.hands for c in h] + self.pile + self.discard + self.limbo
        cards += [TAKE_THAT] * sum(1 for x in self.itt if x >= 0)
        cards += [BARKING] * sum(self.barking)
        for f in self.stack:
            if f.kind == REINSERT:
                cards.append(f.cards[0])
            elif f.kind == GC:
                cards += [c for c in f.cards if c is not None]
        return cards

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EkState) and all(
            getattr(self, k) == getattr(other, k) for k in EkState.__slots__)

    def __repr__(self) -> str:
        top = self.stack[-1].kind if self.stack else "main"
        return (f"EkState(turn {self.turn} owes {self.owed}, {top}, hands "
                f"{[len(h) for h in self.hands]}, pile {len(self.pile)})")


@dataclass(frozen=True, slots=True)
class EkView:
    """What one seat may see (seat None: a spectator)."""

    seat: int | None
    n: int
    recipe: str
    five_different: bool
    counts: tuple[tuple[EkCard, int], ...]
    hand: tuple[EkCard, ...]
    hand_counts: tuple[int, ...]
    marked: tuple[tuple[EkCard, ...], ...]  # everyone's marked cards (shown to all)
    pile_count: int
    pile_known: tuple[tuple[int, EkCard], ...]  # (depth from the top, card) this seat knows
    pile_public: tuple[tuple[int, EkCard], ...]  # (depth, card) everyone knows
    face_up: int  # face-up Imploding Kittens in the pile (position known or not)
    up_known: tuple[int, ...]  # depths of the face-up cards whose place this seat knows
    discard: tuple[EkCard, ...]
    limbo: tuple[EkCard, ...]
    out: tuple[bool, ...]
    eliminations: tuple[int, ...]
    turn: int
    direction: int
    owed: int
    attacked: bool
    itt: tuple[int, ...]
    barking: tuple[bool, ...]
    stack: tuple[Frame, ...]  # secrets of other seats blanked (None)
    to_act: tuple[int, ...]
    phase: str
    winners: tuple[int, ...]
    actions: int

    @property
    def pending(self) -> Frame | None:
        """The decision in front of this seat, if any."""
        if self.stack and self.seat in self.to_act:
            return self.stack[-1]
        return None

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def known_top(self) -> list[EkCard | None]:
        """What this seat knows of the pile, top first (None = unknown)."""
        out: list[EkCard | None] = [None] * self.pile_count
        for depth, card in self.pile_known:
            out[depth] = card
        return out


# --- combos -------------------------------------------------------------------------------
def combo_kind(cards) -> str | None:
    """'pair', 'triple', 'five' or None: Feral Cats count as any cat title (never a non-cat),
    kittens are never part of a combo."""
    cards = list(cards)
    k = len(cards)
    if k not in (2, 3, 5) or any(c.group == KITTEN for c in cards):
        return None
    if k in (2, 3):
        if all(c is cards[0] for c in cards):
            return PAIR if k == 2 else TRIPLE
        if all(c.is_cat for c in cards) and len({c for c in cards if c is not FERAL}) == 1:
            return PAIR if k == 2 else TRIPLE
        return None
    plain = [c for c in cards if c is not FERAL]
    if len(set(plain)) != len(plain):
        return None
    cats = sum(1 for c in plain if c.group == CAT)
    if cats + (k - len(plain)) > len(CAT_TITLES):
        return None
    return FIVE


def _combos(hand: list[EkCard], pairs: bool, triples: bool, fives: bool) -> list[tuple]:
    counts = Counter(c for c in hand if c.group != KITTEN)
    kinds = sorted(counts)
    ferals = counts.get(FERAL, 0)
    out: list[tuple] = []
    for c in kinds:
        k = counts[c]
        if pairs and k >= 2:
            out.append((c, c))
        if triples and k >= 3:
            out.append((c, c, c))
        if c.group == CAT and ferals:
            if pairs:
                out.append((c, FERAL))
            if triples and k >= 2:
                out.append((c, c, FERAL))
            if triples and ferals >= 2:
                out.append((c, FERAL, FERAL))
    if fives:
        plain = [c for c in kinds if c is not FERAL]
        listed = 0
        for used in range(0, min(ferals, len(CAT_TITLES)) + 1):
            for combo in combinations(plain, 5 - used):
                if sum(1 for c in combo if c.group == CAT) + used > len(CAT_TITLES):
                    continue
                out.append(tuple(sorted(combo + (FERAL,) * used, key=_index)))
                listed += 1
                if listed >= FIVE_LIMIT:
                    return out
    return out


def _bit(q: int) -> int:
    return 1 << q


# --- setup ----------------------------------------------------------------------------------
def setup_problem(config: dict, players: int) -> str | None:
    if not 2 <= players <= 5:
        return f"Exploding Kittens takes 2–5 players, not {players}"
    if str(config.get("five-different", "on")) not in ("on", "off"):
        return "five-different must be on or off"
    return recipe_setup(config, players)[1]


class ExplodingKittensRules(Rules):
    game_id = "exploding-kittens"
    name = "Exploding Kittens: Recipes for Disaster"
    min_players = 2
    max_players = 5
    variants = (
        Variant("recipe", RECIPE_IDS, DEFAULT_RECIPE,
                "the deck for the game: " + ", ".join(RECIPE_IDS)),
        Variant("five-different", ("off", "on"), "on",
                "the five-different combo (take any card from the discard pile)"),
    )
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES

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
        s = EkState()
        s.n = n
        s.recipe = setup.recipe
        s.five = str(config.get("five-different", "on")) == "on"
        s.counts = setup.counts
        s.rng = rng = Rng(seed)
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
        s.hands = [[DEFUSE] * setup.start for _ in range(n)]
        for _ in range(setup.deal):
            for p in range(n):
                s.hands[p].append(deck.pop())
        deck += [DEFUSE] * (defuses - setup.start * n) + kittens
        rng.shuffle(deck)
        s.pile = deck
        s.up = [False] * len(deck)
        s.seen = [[None] * len(deck) for _ in range(n + 1)]
        s.marked = [[] for _ in range(n)]
        s.out = [False] * n
        s.itt = [-1] * n
        s.barking = [False] * n
        s.turn = rng.randbelow(n)
        return s

    # -- turn structure --------------------------------------------------------------------
    @staticmethod
    def order(state: EkState) -> list[int]:
        """Seats still in, from the player to move, in the direction of play."""
        out, n, d = state.out, state.n, state.direction
        return [q for q in ((state.turn + i * d) % n for i in range(n)) if not out[q]]

    def to_act(self, state: EkState) -> list[int]:
        if state.phase != PLAY:
            return []
        if not state.stack:
            return [state.turn]
        f = state.stack[-1]
        if f.kind == WINDOW:
            return [q for q in self.order(state) if not f.mask >> q & 1 and q != f.last]
        if f.kind == GC:
            return [q for q in self.order(state) if f.mask >> q & 1]
        return [f.seat]

    def targets(self, state: EkState, what: str, p: int) -> list[int]:
        """The players `p` may choose for `what` (a card code or a combo)."""
        others = [q for q in self.order(state) if q != p]
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
            seats = self.to_act(state)
            if player is None:
                player = seats[0]
            if player not in seats:
                return []
            acts: list[Action] = [Pass(player)]
            hand = state.hands[player]
            if NOPE in hand:
                acts.append(PlayNope(player))
            if ALTER_NOW in hand:
                acts.append(AlterNow(player))
            return acts
        if kind == GC:
            if player is None:
                player = self.to_act(state)[0]
            if not f.mask >> player & 1:
                return []
            return [PutIn(player, c) for c in sorted(set(state.hands[player]))]
        if player is not None and player != f.seat:
            return []
        if kind == TARGET:
            return [ChooseTarget(q) for q in self.targets(state, f.what, f.seat)]
        if kind == NAME:
            return [NameCard(c) for c, _ in state.counts]
        if kind == REORDER:
            return [Reorder(o) for o in permutations(range(f.data))]
        if kind == REINSERT:
            return [Reinsert(d) for d in range(len(state.pile) + 1)]
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
            acts.append(Play(c))
        pairs = bool(self.targets(state, PAIR, p))
        for combo in _combos(hand, pairs, True, state.five):
            acts.append(PlayCombo(combo))
        return acts

    # -- checking --------------------------------------------------------------------------
    def actor(self, state: EkState, action: Action) -> int | None:
        """Who takes `action` now: the seat it names (window, Garbage Collection), else the one
        seat to act."""
        if action.kind in SEATED_KINDS:
            return action.seat
        seats = self.to_act(state)
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
        if state.phase != PLAY:
            raise IllegalAction("The game is over")
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction("That is not an Exploding Kittens move")
        seats = self.to_act(state)
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
        raise IllegalAction(why_illegal(self, state, action, player))

    # -- applying --------------------------------------------------------------------------
    def apply(self, state: EkState, action: Action, player: int | None = None) -> list[Event]:
        player = self.check(state, action, player)
        return self._apply(state, action, player)

    def apply_unchecked(self, state: EkState, action: Action, player: int | None = None) -> list[Event]:
        """Apply a legal action (search playouts): no check."""
        if player is None:
            player = self.actor(state, action)
        return self._apply(state, action, player)

    def _apply(self, state: EkState, action: Action, p: int) -> list[Event]:
        events: list[Event] = []
        state.actions += 1
        kind = action.kind
        if kind == "draw":
            self._draw(state, p, False, events)
        elif kind == "play":
            self._play(state, p, action.card, events)
        elif kind == "combo":
            cards = tuple(action.cards)
            for c in cards:
                self._remove_played(state, p, c)
            state.discard.extend(cards)
            what = combo_kind(cards)
            events.append(Played(p, cards, what))
            state.stack.append(Frame(TARGET if what != FIVE else WINDOW, p, what, cards))
        elif kind == "target":
            f = state.stack.pop()
            q = action.player
            events.append(TargetChosen(p, f.what, q))
            if f.what == TRIPLE:
                state.stack.append(f._replace(kind=NAME, target=q))
            elif f.what == BARK2:
                events.append(Barked(p, q))
                self._explode(state, q, None, False, "barking", events)
            else:
                state.stack.append(f._replace(kind=WINDOW, target=q))
        elif kind == "name":
            f = state.stack.pop()
            events.append(CardNamed(p, action.card))
            state.stack.append(f._replace(kind=WINDOW, named=action.card))
        elif kind == "pass":
            f = state.stack[-1]
            state.stack[-1] = f._replace(mask=f.mask | _bit(p))
            self._window_progress(state, events)
        elif kind == "nope":
            self._remove_played(state, p, NOPE)
            state.discard.append(NOPE)
            f = state.stack[-1]
            state.stack[-1] = f._replace(nopes=f.nopes + 1, last=p, mask=0)
            events.append(Noped(p, f.what, f.nopes + 1))
            self._window_progress(state, events)
        elif kind == "alter_now":
            self._remove_played(state, p, ALTER_NOW)
            state.discard.append(ALTER_NOW)
            events.append(Played(p, (ALTER_NOW,), ALTER_NOW.code))
            state.stack.append(Frame(WINDOW, p, ALTER_NOW.code, (ALTER_NOW,)))
        elif kind == "reorder":
            self._reorder(state, action.order, events)
        elif kind == "reinsert":
            self._reinsert(state, action.depth, events)
        elif kind == "put_in":
            self._put_in(state, p, action.card, events)
        elif kind == "take":
            self._pop(state)
            d = state.discard
            del d[len(d) - 1 - d[::-1].index(action.card)]
            state.hands[p].append(action.card)
            events.append(TookFromDiscard(p, action.card))
        else:  # pragma: no cover - check() refuses unknown actions
            raise IllegalAction(f"Unknown action {kind!r}")
        if state.phase == PLAY and state.actions >= MAX_ACTIONS:
            self._win(state, state.in_game(), "stalemate", events)
        return events

    # -- the pieces of apply ---------------------------------------------------------------
    @staticmethod
    def _remove_played(state: EkState, q: int, card: EkCard) -> None:
        """A card played (or spent) from hand: a marked copy goes first."""
        state.hands[q].remove(card)
        m = state.marked[q]
        if card in m:
            m.remove(card)

    @staticmethod
    def _remove_kept(state: EkState, q: int, card: EkCard) -> None:
        """A card given away or put into the pile: an unmarked copy goes first."""
        hand = state.hands[q]
        hand.remove(card)
        m = state.marked[q]
        if card in m and hand.count(card) < m.count(card):
            m.remove(card)

    def _pop(self, state: EkState) -> Frame:
        """Pop the top frame; a window under it reopens for everyone."""
        f = state.stack.pop()
        if state.stack and state.stack[-1].kind == WINDOW:
            state.stack[-1] = state.stack[-1]._replace(mask=0)
        return f

    def _next(self, state: EkState, p: int) -> int:
        n, d, out = state.n, state.direction, state.out
        q = p
        for _ in range(n):
            q = (q + d) % n
            if not out[q]:
                return q
        return p

    def _play(self, state: EkState, p: int, card: EkCard, events: list[Event]) -> None:
        if card is BARKING:
            self._bark(state, p, events)
            return
        self._remove_played(state, p, card)
        state.discard.append(card)
        events.append(Played(p, (card,), card.code))
        state.stack.append(Frame(TARGET if card in TARGETED_CARDS else WINDOW, p, card.code, (card,)))

    def _bark(self, state: EkState, p: int, events: list[Event]) -> None:
        hand = state.hands[p]
        if state.barking[p] or hand.count(BARKING) >= 2:
            self._remove_played(state, p, BARKING)
            if state.barking[p]:
                state.barking[p] = False
            else:
                self._remove_played(state, p, BARKING)
            state.limbo += [BARKING, BARKING]
            events.append(Played(p, (BARKING, BARKING), BARK2))
            state.stack.append(Frame(TARGET, p, BARK2, (BARKING, BARKING)))
            return
        self._remove_played(state, p, BARKING)
        events.append(Played(p, (BARKING,), BARKING.code))
        others = [q for q in self.order(state) if q != p]
        for q in others:
            if state.barking[q]:
                state.barking[q] = False
                state.limbo += [BARKING, BARKING]
                events.append(Barked(p, q))
                self._explode(state, q, None, False, "barking", events)
                return
        for q in others:
            if BARKING in state.hands[q]:
                self._remove_played(state, q, BARKING)
                state.limbo += [BARKING, BARKING]
                events.append(Barked(p, q))
                self._explode(state, q, None, False, "barking", events)
                return
        state.barking[p] = True
        events.append(Barked(p, -1))

    def _window_progress(self, state: EkState, events: list[Event]) -> None:
        if self.to_act(state):
            return
        f = self._pop(state)
        cancelled = f.nopes % 2 == 1
        events.append(Resolved(f.seat, f.what, cancelled))
        if not cancelled:
            self._resolve(state, f, events)

    def _resolve(self, state: EkState, f: Frame, events: list[Event]) -> None:
        p, w = f.seat, f.what
        pile = state.pile
        if w in ("SEE3", "SEE5"):
            self._peek(state, p, 3 if w == "SEE3" else 5, events)
        elif w in ("ALTER", "NOW", "SHARE"):
            k = self._peek(state, p, 3, events)
            to = self._next(state, p) if w == "SHARE" else -1
            if k >= 2:
                state.stack.append(Frame(REORDER, p, w, target=to, data=k))
            else:
                self._after_reorder(state, p, k, to, events)
        elif w == "MARK":
            self._mark(state, p, f.target, events)
        elif w == "SHUFFLE":
            self._shuffle(state, events)
        elif w == "GARBAGE":
            bits = 0
            for q in self.order(state):
                if state.hands[q]:
                    bits |= _bit(q)
            if bits:
                state.stack.append(Frame(GC, p, w, (None,) * state.n, mask=bits, data=bits))
            else:
                self._shuffle(state, events)
        elif w == "SWAP":
            if len(pile) >= 2:
                pile[0], pile[-1] = pile[-1], pile[0]
                state.up[0], state.up[-1] = state.up[-1], state.up[0]
                for s in state.seen:
                    s[0], s[-1] = s[-1], s[0]
            events.append(TopBottomSwapped(p))
        elif w == "BOTTOM":
            self._draw(state, p, True, events)
        elif w == "ATTACK":
            self._attack(state, p, self._next(state, p), events)
        elif w == "TARGETED":
            self._attack(state, p, f.target, events)
        elif w == "PERSONAL":
            state.owed += 2
            state.attacked = True
            events.append(Attacked(p, p, state.owed))
        elif w == "SKIP":
            self._end_turn(state, 1, w, events)
        elif w == "SUPER":
            self._end_turn(state, state.owed, w, events)
        elif w == "REVERSE":
            state.direction = -state.direction
            events.append(Reversed(state.direction))
            self._end_turn(state, 1, w, events)
        elif w == "TAKE":
            t = f.target
            if state.itt[t] < 0:
                d = state.discard
                del d[len(d) - 1 - d[::-1].index(TAKE_THAT)]
                state.itt[t] = p
                events.append(TakeThatPlaced(p, t))
        elif w == "BOMB":
            self._catomic(state, p, events)
            self._end_turn(state, 1, w, events)
        elif w == "BURY":
            if not pile:
                self._end_turn(state, 1, w, events)
                return
            card, up = self._pop_pile(state, False)
            events.append(Drew(p, card, "bury", up))
            state.stack.append(Frame(REINSERT, p, w, (card,), data=R_BURY | R_END | (R_UP if up else 0)))
        elif w == PAIR:
            self._steal(state, p, f.target, events)
        elif w == TRIPLE:
            self._give(state, f.target, p, f.named, events)
        elif w == FIVE:
            if any(c not in (EXPLODING, IMPLODING) for c in state.discard):
                state.stack.append(Frame(TAKE, p, w))

    # pile helpers -------------------------------------------------------------------------
    @staticmethod
    def _pop_pile(state: EkState, bottom: bool) -> tuple[EkCard, bool]:
        if bottom:
            for s in state.seen:
                del s[0]
            return state.pile.pop(0), state.up.pop(0)
        for s in state.seen:
            s.pop()
        return state.pile.pop(), state.up.pop()

    def _peek(self, state: EkState, p: int, k: int, events: list[Event]) -> int:
        pile = state.pile
        k = min(k, len(pile))
        mine = state.seen[p]
        for j in range(1, k + 1):
            mine[-j] = pile[-j]
        events.append(Peeked(p, k, tuple(pile[-j] for j in range(1, k + 1))))
        return k

    def _after_reorder(self, state: EkState, p: int, k: int, to: int, events: list[Event]) -> None:
        pile = state.pile
        if to >= 0:
            shown = state.seen[to]
            for j in range(1, k + 1):
                shown[-j] = pile[-j]
        events.append(Reordered(p, k, to, tuple(pile[-j] for j in range(1, k + 1))))

    def _reorder(self, state: EkState, order: tuple[int, ...], events: list[Event]) -> None:
        f = self._pop(state)
        p, k, to = f.seat, f.data, f.target
        pile, up = state.pile, state.up
        old = [pile[-1 - j] for j in range(k)]
        old_up = [up[-1 - j] for j in range(k)]
        for j, i in enumerate(order):
            pile[-1 - j] = old[i]
            up[-1 - j] = old_up[i]
        for q, known in enumerate(state.seen):
            for j in range(k):
                idx = len(pile) - 1 - j
                known[idx] = pile[idx] if (q == p or up[idx]) else None
        self._after_reorder(state, p, k, to, events)

    def _insert(self, state: EkState, idx: int, card: EkCard, up: bool, knower: int) -> None:
        """Put `card` into the pile at `idx`. Face up, everyone sees where it goes. Face down
        (in secret), only `knower` does: the others can't tell whether the cards they knew
        moved down one place, so they no longer know where any face-down card lies (keeping
        their knowledge at its old places would give away where the secret card went). A
        face-up card they knew stays known: it can be seen moving down."""
        pile, ups = state.pile, state.up
        pile.insert(idx, card)
        ups.insert(idx, up)
        for q, known in enumerate(state.seen):
            if up or q == knower:
                known.insert(idx, card)
            else:  # face-up cards stay in sight (where this seat knew them); the rest is lost
                known.insert(idx, None)
                for i, u in enumerate(ups):
                    if not u:
                        known[i] = None

    def _reinsert(self, state: EkState, depth: int, events: list[Event]) -> None:
        f = self._pop(state)
        card = f.cards[0]
        up = bool(f.data & R_UP)
        self._insert(state, len(state.pile) - depth, card, up, f.seat)
        events.append(Reinserted(f.seat, card, depth, up))
        if f.data & R_END:
            self._end_turn(state, 1, "", events)

    def _shuffle(self, state: EkState, events: list[Event] | None) -> None:
        pile, up = state.pile, state.up
        idx = list(range(len(pile)))
        state.rng.shuffle(idx)
        state.pile = [pile[i] for i in idx]
        state.up = [up[i] for i in idx]
        state.seen = [[None] * len(idx) for _ in range(state.n + 1)]
        if events is not None:
            events.append(Shuffled(len(idx)))

    def _catomic(self, state: EkState, p: int, events: list[Event]) -> None:
        kittens = [c for c in state.pile if c is EXPLODING]
        rest = [(c, u) for c, u in zip(state.pile, state.up) if c is not EXPLODING]
        state.rng.shuffle(rest)
        state.pile = [c for c, _ in rest] + kittens
        state.up = [u for _, u in rest] + [False] * len(kittens)
        size = len(state.pile)
        state.seen = [[None] * len(rest) + [EXPLODING] * len(kittens) for _ in range(state.n + 1)]
        assert all(len(s) == size for s in state.seen)
        events.append(CatomicBombed(p, len(kittens)))

    # turns ---------------------------------------------------------------------------------
    def _end_turn(self, state: EkState, count: int, how: str, events: list[Event]) -> None:
        p = state.turn
        state.owed -= count
        if state.limbo:
            state.discard += state.limbo
            state.limbo = []
        if how:
            events.append(TurnEnded(p, how, max(state.owed, 0)))
        if state.owed > 0:
            events.append(TurnStarted(p, state.owed))
            return
        self._start_turn(state, self._next(state, p), 1, False, events)

    @staticmethod
    def _start_turn(state: EkState, q: int, owed: int, attacked: bool, events: list[Event]) -> None:
        if state.limbo:
            state.discard += state.limbo
            state.limbo = []
        state.turn = q
        state.owed = owed
        state.attacked = attacked
        events.append(TurnStarted(q, owed))

    def _attack(self, state: EkState, p: int, target: int, events: list[Event]) -> None:
        owed = (state.owed if state.attacked else 0) + 2
        events.append(Attacked(p, target, owed))
        self._start_turn(state, target, owed, True, events)

    # drawing and kittens ------------------------------------------------------------------------
    def _draw(self, state: EkState, p: int, bottom: bool, events: list[Event]) -> None:
        where = "bottom" if bottom else "top"
        if not state.pile:  # never with the kitten checks; kept for safety
            events.append(Drew(p, None, where, True))
            self._end_turn(state, 1, "", events)
            return
        card, up = self._pop_pile(state, bottom)
        owner = state.itt[p]
        if owner >= 0:
            state.itt[p] = -1
            state.discard.append(TAKE_THAT)
        if card is IMPLODING:
            events.append(Drew(p, card, where, True))
            if up:
                self._eliminate(state, p, [card], "imploded", events)
            else:
                state.stack.append(Frame(REINSERT, p, card.code, (card,), data=R_UP | R_END))
            return
        if owner >= 0:
            shown = card is EXPLODING
            events.append(Handed(p, owner, card, shown))
            if shown:
                self._explode(state, owner, card, True, "handed", events)
            else:
                state.hands[owner].append(card)
                self._end_turn(state, 1, "", events)
            return
        hand = state.hands[p]
        if card is EXPLODING:
            if hand.count(EXPLODING) < hand.count(STREAKING):
                hand.append(card)
                events.append(Drew(p, card, where, False))
                events.append(HeldKitten(p))
                self._end_turn(state, 1, "", events)
                return
            events.append(Drew(p, card, where, True))
            self._explode(state, p, card, True, "drew", events)
            return
        hand.append(card)
        events.append(Drew(p, card, where, False))
        self._end_turn(state, 1, "", events)

    def _explode(self, state: EkState, q: int, kitten: EkCard | None, end_turn: bool, cause: str,
                 events: list[Event]) -> None:
        """`q` must Defuse or explode. With a kitten card a Defuse lets them put it back;
        `end_turn`: the draw that caused it ends the turn of the player to move afterwards."""
        events.append(Exploding(q, cause))
        if DEFUSE in state.hands[q]:
            self._remove_played(state, q, DEFUSE)
            state.discard.append(DEFUSE)
            events.append(Defused(q))
            if kitten is not None:
                state.stack.append(Frame(REINSERT, q, kitten.code, (kitten,), data=R_END if end_turn else 0))
            elif end_turn:
                self._end_turn(state, 1, "", events)
            return
        was_turn = q == state.turn
        self._eliminate(state, q, [kitten] if kitten is not None else [],
                        "barked" if cause == "barking" else "exploded", events)
        if state.phase == PLAY and end_turn and not was_turn:
            self._end_turn(state, 1, "", events)

    def _check_streaking(self, state: EkState, q: int, events: list[Event]) -> None:
        """After `q` lost a card: a held Exploding Kitten without its Streaking Kitten explodes."""
        hand = state.hands[q]
        if state.phase == PLAY and not state.out[q] and hand.count(EXPLODING) > hand.count(STREAKING):
            self._remove_kept(state, q, EXPLODING)
            self._explode(state, q, EXPLODING, False, "streaking", events)

    def _eliminate(self, state: EkState, q: int, extra: list[EkCard], how: str,
                   events: list[Event]) -> None:
        state.out[q] = True
        state.eliminations.append(q)
        hand = state.hands[q]
        # Decision: a held Exploding Kitten (Streaking Kitten) is shuffled back into the draw
        # pile, not discarded, so there are always kittens enough for the players left.
        held = [c for c in hand if c is EXPLODING]
        state.discard += [c for c in hand if c is not EXPLODING] + extra
        state.hands[q] = []
        if held:
            state.pile += held
            state.up += [False] * len(held)
            for known in state.seen:
                known += [None] * len(held)
            self._shuffle(state, events)
        state.marked[q] = []
        if state.itt[q] >= 0:
            state.itt[q] = -1
            state.discard.append(TAKE_THAT)
        for x in range(state.n):
            if state.itt[x] == q:
                state.itt[x] = -1
                state.discard.append(TAKE_THAT)
        if state.barking[q]:
            state.barking[q] = False
            state.discard.append(BARKING)
        events.append(Eliminated(q, how))
        alive = state.in_game()
        if len(alive) == 1:
            self._win(state, alive, "last-standing", events)
            return
        if q == state.turn:
            self._start_turn(state, self._next(state, q), 1, False, events)

    @staticmethod
    def _win(state: EkState, winners: list[int], how: str, events: list[Event]) -> None:
        state.phase = OVER
        state.winners = list(winners)
        state.stack = []
        if state.limbo:
            state.discard += state.limbo
            state.limbo = []
        events.append(GameWon(tuple(winners), how))

    # card effects ------------------------------------------------------------------------------
    def _mark(self, state: EkState, p: int, t: int, events: list[Event]) -> None:
        pool = list(state.hands[t])
        for c in state.marked[t]:
            pool.remove(c)
        if not pool:
            events.append(Marked(p, t, None))
            return
        card = pool[state.rng.randbelow(len(pool))]
        state.marked[t].append(card)
        events.append(Marked(p, t, card))

    def _steal(self, state: EkState, p: int, t: int, events: list[Event]) -> None:
        hand = state.hands[t]
        if not hand:
            events.append(Stolen(p, t, None, True))
            return
        i = state.rng.randbelow(len(hand))
        card = hand[i]
        was_marked = hand[:i].count(card) < state.marked[t].count(card)
        del hand[i]
        if was_marked:
            state.marked[t].remove(card)
        events.append(Stolen(p, t, card, was_marked or card is EXPLODING))
        self._receive(state, p, card, "stolen", events)
        if card is STREAKING:
            self._check_streaking(state, t, events)

    def _give(self, state: EkState, t: int, p: int, named: EkCard, events: list[Event]) -> None:
        if named not in state.hands[t]:
            events.append(Given(t, p, named, False))
            return
        self._remove_kept(state, t, named)
        events.append(Given(t, p, named, True))
        self._receive(state, p, named, "given", events)
        if named is STREAKING:
            self._check_streaking(state, t, events)

    def _receive(self, state: EkState, p: int, card: EkCard, cause: str, events: list[Event]) -> None:
        if card is EXPLODING:
            self._explode(state, p, card, False, cause, events)
        else:
            state.hands[p].append(card)

    def _put_in(self, state: EkState, q: int, card: EkCard, events: list[Event]) -> None:
        self._remove_kept(state, q, card)
        f = state.stack[-1]
        chosen = list(f.cards)
        chosen[q] = card
        f = f._replace(cards=tuple(chosen), mask=f.mask & ~_bit(q))
        state.stack[-1] = f
        events.append(PutIntoPile(q, card))
        if f.mask:
            return
        self._pop(state)
        for c in chosen:
            if c is not None:
                state.pile.append(c)
                state.up.append(False)
                for s in state.seen:
                    s.append(None)
        self._shuffle(state, events)
        for x in self.order(state):
            if f.data >> x & 1:
                self._check_streaking(state, x, events)

    # -- what players see ------------------------------------------------------------------
    def view(self, state: EkState, player: int | None = None) -> EkView:
        size = len(state.pile)
        known = state.seen[player] if player is not None else state.seen[state.n]
        pile_known = [(size - 1 - i, c) for i, c in enumerate(known) if c is not None]
        if size and state.up[-1] and known[-1] is None:
            pile_known.append((0, state.pile[-1]))
        pile_known.sort(key=lambda x: x[0])
        up_known = tuple(sorted(size - 1 - i for i, u in enumerate(state.up)
                                if u and (known[i] is not None or i == size - 1)))
        public = state.seen[state.n]
        pile_public = tuple(sorted((size - 1 - i, c) for i, c in enumerate(public) if c is not None))
        return EkView(
            seat=player,
            n=state.n,
            recipe=state.recipe,
            five_different=state.five,
            counts=state.counts,
            hand=tuple(state.hands[player]) if player is not None else (),
            hand_counts=tuple(len(h) for h in state.hands),
            marked=tuple(tuple(sorted(m)) for m in state.marked),
            pile_count=size,
            pile_known=tuple(pile_known),
            pile_public=pile_public,
            face_up=sum(state.up),
            up_known=up_known,
            discard=tuple(state.discard),
            limbo=tuple(state.limbo),
            out=tuple(state.out),
            eliminations=tuple(state.eliminations),
            turn=state.turn,
            direction=state.direction,
            owed=state.owed,
            attacked=state.attacked,
            itt=tuple(state.itt),
            barking=tuple(state.barking),
            stack=tuple(_redact(f, player) for f in state.stack),
            to_act=tuple(self.to_act(state)),
            phase=state.phase,
            winners=tuple(state.winners),
            actions=state.actions,
        )

    def determinize(self, view: EkView, rng) -> EkState:
        """A full state consistent with everything `view`'s seat knows; unknown cards dealt at
        random. Kittens go to the pile (opponents are never guessed to hold one)."""
        seat = view.seat
        s = EkState()
        s.n = n = view.n
        s.recipe, s.five, s.counts = view.recipe, view.five_different, view.counts
        s.discard, s.limbo = list(view.discard), list(view.limbo)
        s.out, s.eliminations = list(view.out), list(view.eliminations)
        s.turn, s.direction, s.owed, s.attacked = view.turn, view.direction, view.owed, view.attacked
        s.itt, s.barking = list(view.itt), list(view.barking)
        s.phase, s.winners, s.actions = view.phase, list(view.winners), view.actions
        s.marked = [list(m) for m in view.marked]
        rand = (lambda k: rng.randrange(k)) if hasattr(rng, "randrange") else rng.randbelow
        unseen = unseen_cards(view)
        size = view.pile_count
        pile: list[EkCard | None] = [None] * size
        up = [False] * size
        for depth, card in view.pile_known:
            pile[size - 1 - depth] = card
        for depth in view.up_known:
            up[size - 1 - depth] = True
        # Face-up Imploding Kittens whose place is unknown: anywhere unknown but the top (a
        # face-up card on top shows itself).
        free = [i for i in range(size - 1) if pile[i] is None]
        for _ in range(view.face_up - len(view.up_known)):
            i = free.pop(rand(len(free)))
            pile[i] = IMPLODING
            up[i] = True
            unseen.remove(IMPLODING)
        _shuffle(unseen, rand)
        kittens = [c for c in unseen if c is EXPLODING or c is IMPLODING]
        others = [c for c in unseen if c is not EXPLODING and c is not IMPLODING]

        def deal() -> EkCard:
            return others.pop() if others else kittens.pop()

        hands: list[list[EkCard]] = []
        for q in range(n):
            if q == seat:
                hands.append(list(view.hand))
                continue
            h = list(view.marked[q])
            h += [deal() for _ in range(view.hand_counts[q] - len(h))]
            hands.append(h)
        s.hands = hands
        stack = []
        for f in view.stack:
            if f.kind == GC:
                chosen = list(f.cards)
                for q in range(n):
                    if f.data >> q & 1 and not f.mask >> q & 1 and chosen[q] is None:
                        chosen[q] = deal()
                f = f._replace(cards=tuple(chosen))
            elif f.kind == REINSERT and f.cards[0] is None:
                rest = others + kittens
                i = rand(len(rest))
                card = rest[i]
                if i < len(others):
                    del others[i]
                else:
                    del kittens[i - len(others)]
                f = f._replace(cards=(card,))
            stack.append(f)
        s.stack = stack
        rest = others + kittens
        _shuffle(rest, rand)
        for i in range(size):
            if pile[i] is None:
                pile[i] = rest.pop()
        assert not rest, "determinize: cards left over"
        s.pile = pile  # type: ignore[assignment]
        s.up = up
        public: list[EkCard | None] = [None] * size
        for depth, card in view.pile_public:
            public[size - 1 - depth] = card
        s.seen = [list(public) for _ in range(n + 1)]
        if seat is not None:
            mine = s.seen[seat]
            for depth, card in view.pile_known:
                mine[size - 1 - depth] = card
        s.rng = Rng(rng.getrandbits(63) if hasattr(rng, "getrandbits") else rng.next_u64())
        return s

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

    # -- helpers for sessions, the app and saves -------------------------------------------
    def undoable(self, state: EkState, action: Action) -> bool:
        return False

    def describe_action(self, state: EkState, action: Action, names=()) -> str:
        return describe_action(action, names)

    def why_illegal(self, state: EkState, action: Action, player: int | None = None) -> str:
        return why_illegal(self, state, action, player)

    def encode_state(self, state: EkState) -> dict[str, Any]:
        from cutthroat.games.exploding_kittens.state_codec import encode_state

        return encode_state(state)

    def decode_state(self, data: Any) -> EkState:
        from cutthroat.games.exploding_kittens.state_codec import decode_state

        return decode_state(data)

    def summary_figures(self, results: list[Result]) -> dict[str, Any]:
        n = len(results) or 1
        return {
            "mean_actions": round(sum(r.details["actions"] for r in results) / n, 1),
            "stalemates": sum(1 for r in results if r.details["how"] == "stalemate"),
        }

    def rules_text(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


def _shuffle(items: list, rand) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rand(i + 1)
        items[i], items[j] = items[j], items[i]


def _redact(f: Frame, seat: int | None) -> Frame:
    if f.kind == GC:
        return f._replace(cards=tuple(c if q == seat else None for q, c in enumerate(f.cards)))
    if f.kind == REINSERT and f.data & R_BURY and not f.data & R_UP and f.seat != seat:
        return f._replace(cards=(None,))
    return f


def full_deck(view_or_state) -> Counter:
    return Counter({c: k for c, k in view_or_state.counts})


def unseen_cards(view: EkView) -> list[EkCard]:
    """The cards `view`'s seat can't locate: in other hands (unmarked), face down in the pile
    where it doesn't know them, chosen in secret for Garbage Collection, being buried."""
    counts = full_deck(view)
    known = list(view.hand) + list(view.discard) + list(view.limbo)
    known += [c for q, m in enumerate(view.marked) if q != view.seat for c in m]
    known += [TAKE_THAT] * sum(1 for x in view.itt if x >= 0) + [BARKING] * sum(view.barking)
    known += [c for _, c in view.pile_known]
    for f in view.stack:
        if f.kind == GC:
            known += [c for c in f.cards if c is not None]
        elif f.kind == REINSERT and f.cards[0] is not None:
            known.append(f.cards[0])
    counts.subtract(known)
    return [c for c in ALL_CARDS for _ in range(max(counts.get(c, 0), 0))]


# --- reasons and descriptions for people --------------------------------------------------------
def _seat_name(names, q: int) -> str:
    return names[q] if 0 <= q < len(names) else f"Player {q + 1}"


def describe_action(action: Action, names=()) -> str:
    kind = action.kind
    if kind == "draw":
        return "Draw the top card (ends your turn)"
    if kind == "play":
        return f"Play {action.card.name}"
    if kind == "combo":
        what = combo_kind(action.cards)
        label = {PAIR: "Pair", TRIPLE: "Three of a kind", FIVE: "Five different"}.get(what, "Combo")
        return f"{label}: {', '.join(c.name for c in action.cards)}"
    if kind == "target":
        return f"Choose {_seat_name(names, action.player)}"
    if kind == "name":
        return f"Name {action.card.name}"
    if kind == "pass":
        return "Let it happen (pass)"
    if kind == "nope":
        return "Nope!"
    if kind == "alter_now":
        return "Play Alter the Future 3x NOW"
    if kind == "reorder":
        return "Put back in order " + " ".join(str(i + 1) for i in action.order)
    if kind == "reinsert":
        return "Put it on top" if action.depth == 0 else f"Put it under {action.depth} card(s)"
    if kind == "put_in":
        return f"Put {action.card.name} into the draw pile"
    if kind == "take":
        return f"Take {action.card.name} from the discard pile"
    return kind


def why_illegal(rules: ExplodingKittensRules, state: EkState, action: Action,
                player: int | None = None) -> str:
    """The sentence a player sees when `action` is refused (known to be illegal)."""
    if state.phase != PLAY:
        return "The game is over"
    seats = rules.to_act(state)
    if player is None:
        player = rules.actor(state, action)
    if player is None or player not in seats:
        return "It is not your move now"
    kind = action.kind
    if state.stack:
        f = state.stack[-1]
        need = {
            WINDOW: f"Answer the reaction window on {what_name(f.what)}: Nope or pass",
            TARGET: f"Choose a player for {what_name(f.what)}",
            NAME: "Name a card for three of a kind",
            REORDER: "Put the top cards back in an order of your choice",
            REINSERT: "Choose where to put the card back into the draw pile",
            GC: "Choose a card from your hand to put into the draw pile",
            TAKE: "Choose a card to take from the discard pile",
        }[f.kind]
        expected = {WINDOW: ("pass", "nope", "alter_now"), TARGET: ("target",), NAME: ("name",),
                    REORDER: ("reorder",), REINSERT: ("reinsert",), GC: ("put_in",),
                    TAKE: ("take",)}[f.kind]
        if kind not in expected:
            return need
        if kind == "nope":
            return "You don't hold a Nope"
        if kind == "alter_now":
            return "You don't hold Alter the Future 3x NOW"
        if kind == "target":
            if action.player == f.seat:
                return "Choose another player"
            return f"That player can't be chosen for {what_name(f.what)}"
        if kind == "name":
            return "Name a card that is in this game"
        if kind == "reorder":
            return f"Give an order of the top {f.data} cards, each once"
        if kind == "reinsert":
            return f"A position from 0 (top) to {len(state.pile)} (bottom)"
        if kind == "put_in":
            return "Put in a card from your own hand"
        if kind == "take":
            return "That card isn't in the discard pile (kittens can't be taken)"
        return need
    if kind in ("pass", "nope", "alter_now"):
        return "There is nothing to react to: Nope and NOW are played in a reaction window"
    if kind not in ("draw", "play", "combo"):
        return "Play a card, a combo, or draw"
    hand = state.hands[player]
    if kind == "play":
        card = action.card
        if card not in hand:
            return f"You don't hold {card.name}"
        if card is DEFUSE:
            return "A Defuse is played only when you draw an Exploding Kitten"
        if card is NOPE:
            return "A Nope is played in a reaction window, on someone else's card"
        if card is STREAKING or card is EXPLODING:
            return f"The {card.name} is never played: it stays in your hand"
        if card.group in (CAT, FERAL_GROUP):
            return "Cat cards do nothing alone: play them as a combo"
        if card is BURY and state.itt[player] >= 0:
            return "You can't Bury while an I'll Take That is in front of you"
        if card in TARGETED_CARDS:
            return f"Nobody can be chosen for {card.name}"
        return f"{card.name} can't be played now"
    if kind == "combo":
        cards = tuple(action.cards)
        what = combo_kind(cards)
        if what is None:
            return "Not a combo: two or three of the same title, or five different titles"
        if what == FIVE and not state.five:
            return "The five-different combo is off in this game"
        if any(Counter(hand)[c] < k for c, k in Counter(cards).items()):
            return "You don't hold those cards"
        if what == PAIR:
            return "Nobody else has a card to steal"
    return "That move isn't allowed now"


RULES = ExplodingKittensRules()
