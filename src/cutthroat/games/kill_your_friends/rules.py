"""Kill Your Friends rules: state, legal actions, apply, view, result.

2–6 players (8 with Sudden Death). A turn is exactly one thing: pick up a card, or play one
(attack, save, a Chaos card, the Reaper, a graveyard dump, or reveal to win). What a seat owes at
the start of its turn comes first, in this order: a Death From Above pick-up, then the Reaper
played on it, then a 3 on top of the attack on it. Each of those is an explicit action too, so
the app can show it and a save can stop right before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from cutthroat.engine.protocol import Action, Event, IllegalAction, Result, Rules, Variant
from cutthroat.engine.rng import Rng
from cutthroat.games.kill_your_friends.cards import (
    ALL_CARDS,
    CHAOS,
    CHARACTERS,
    CO_OP_RETURN_PICKUP,
    COLOUR_LETTERS,
    DEATH_FROM_ABOVE_CARD,
    HAND_SIZE,
    HEAD_SWAP_CARD,
    KILL,
    MEGADEATH_CARD,
    PICKUP_ON_LIFE_LOST,
    REAPER,
    RUN_FROM_YOUR_GRAVE_CARD,
    SUDDEN_DEATH_HAND_SIZE,
    KyfCard,
    build_deck,
)

PLAY, OVER = "play", "over"
MAX_ACTIONS = 4_000  # Decision (ours): a game this long ends as a stalemate, so every game ends
HEAD_HUNTER_TARGETS = tuple(str(n) for n in range(1, 21))
WIN_HOW = {
    "last-standing": "last one standing",
    "empty-hand": "empty hand",
    "reveal": "revealed a hand of their own colour",
    "stalemate": "fewest cards when nothing could progress",
    "kill-target": "reached the kill target",
}


# --- actions ------------------------------------------------------------------------------
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


DRAW, PASS, REVEAL = Draw(), Pass(), Reveal()
TAKE_TWO, FACE_REAPER, LOSE_LIFE = TakeTwo(), FaceReaper(), LoseLife()
FORCED_KINDS = frozenset({"take_two", "face_reaper", "lose_life"})


# --- events -------------------------------------------------------------------------------
def _name(names, seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _cards(cards) -> str:
    return " ".join(c.label for c in cards)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    kind = "turn_started"

    def describe(self, names=()) -> str:
        return f"{_name(names, self.seat)}'s turn"


@dataclass(frozen=True, slots=True)
class PickedUp(Event):
    """`cards` is what was picked up; the public twin keeps only how many."""

    seat: int
    count: int
    reason: str
    cards: tuple[KyfCard, ...] = ()
    kind = "picked_up"

    def visible_to(self):
        return (self.seat,) if self.cards else None

    def public(self):
        return PickedUp(self.seat, self.count, self.reason)

    def describe(self, names=()) -> str:
        who = _name(names, self.seat)
        what = _cards(self.cards) if self.cards else f"{self.count} card{'s' * (self.count != 1)}"
        if self.count == 0:
            return f"{who} can't pick up: the deck is empty"
        return f"{who} picked up {what}" + (f" ({self.reason})" if self.reason else "")


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int
    kind = "passed"

    def describe(self, names=()) -> str:
        return f"{_name(names, self.seat)} skips: the deck is empty"


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    seat: int
    victim: int
    card: KyfCard
    kind = "attacked"

    def describe(self, names=()) -> str:
        deadly = " — deadly!" if self.card.number == 3 else ""
        return f"{_name(names, self.seat)} plays {self.card.label} on {_name(names, self.victim)}{deadly}"


@dataclass(frozen=True, slots=True)
class Saved(Event):
    seat: int
    card: KyfCard | None  # None: saved with the Reaper
    cleared: tuple[KyfCard, ...]
    kind = "saved"

    def describe(self, names=()) -> str:
        how = self.card.label if self.card else "the Reaper"
        return f"{_name(names, self.seat)} saves with {how}, clearing {_cards(self.cleared)}"


@dataclass(frozen=True, slots=True)
class Dumped(Event):
    seat: int
    grave: int
    card: KyfCard
    kind = "dumped"

    def describe(self, names=()) -> str:
        return f"{_name(names, self.seat)} dumps {self.card.label} on {_name(names, self.grave)}'s grave"


@dataclass(frozen=True, slots=True)
class ChaosPlayed(Event):
    seat: int
    card: KyfCard
    target: int
    kind = "chaos_played"

    def describe(self, names=()) -> str:
        on = f" on {_name(names, self.target)}" if self.target >= 0 else ""
        return f"{_name(names, self.seat)} plays {self.card.name}{on}!"


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    seat: int
    target: int
    counts: tuple[int, int]  # cards each now holds
    kind = "hands_swapped"

    def describe(self, names=()) -> str:
        return (f"{_name(names, self.seat)} and {_name(names, self.target)} swap hands "
                f"(now {self.counts[0]} and {self.counts[1]} cards)")


@dataclass(frozen=True, slots=True)
class DirectionChanged(Event):
    direction: int
    skipped: int  # the seat whose turn is skipped (2 players), else -1
    kind = "direction_changed"

    def describe(self, names=()) -> str:
        if self.skipped >= 0:
            return f"{_name(names, self.skipped)}'s turn is skipped"
        return "Play now goes " + ("clockwise ↻" if self.direction > 0 else "anticlockwise ↺")


@dataclass(frozen=True, slots=True)
class ReaperPlayed(Event):
    seat: int
    use: str
    target: int
    kind = "reaper_played"

    def describe(self, names=()) -> str:
        who = _name(names, self.seat)
        if self.use == REAPER_KILL:
            return f"{who} sends the Reaper to {_name(names, self.target)}!"
        if self.use == REAPER_SAVE:
            return f"{who} plays the Reaper to clear the Kill cards on them"
        whom = "a life" if self.target == self.seat else _name(names, self.target)
        return f"{who} plays the Reaper to resurrect {whom}"


@dataclass(frozen=True, slots=True)
class LifeLost(Event):
    seat: int
    lives_left: int
    cause: str  # "3" or "reaper"
    killer: int
    kind = "life_lost"

    def describe(self, names=()) -> str:
        by = "the Reaper" if self.cause == "reaper" else "a 3"
        left = f"{self.lives_left} life left" if self.lives_left else "no lives left"
        return f"{_name(names, self.seat)} loses a life to {by} ({left})"


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    seat: int
    kind = "eliminated"

    def describe(self, names=()) -> str:
        return f"{_name(names, self.seat)} is out of the game ✝"


@dataclass(frozen=True, slots=True)
class Resurrected(Event):
    seat: int
    kind = "resurrected"

    def describe(self, names=()) -> str:
        return f"{_name(names, self.seat)} is back from the dead ♥"


@dataclass(frozen=True, slots=True)
class KillScored(Event):
    seat: int
    victim: int
    points: int
    kind = "kill_scored"

    def describe(self, names=()) -> str:
        return (f"{_name(names, self.seat)} kills {_name(names, self.victim)}: "
                f"{self.points} kill{'s' * (self.points != 1)}; {_name(names, self.victim)} lives again")


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    deck: int
    kind = "shuffled"

    def describe(self, names=()) -> str:
        return f"The deck is shuffled ({self.deck} cards)"


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    seat: int
    cards: tuple[KyfCard, ...]
    kind = "revealed"

    def describe(self, names=()) -> str:
        return f"{_name(names, self.seat)} reveals {_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    winners: tuple[int, ...]
    how: str
    kind = "game_won"

    def describe(self, names=()) -> str:
        who = " and ".join(_name(names, w) for w in self.winners) or "Nobody"
        return f"{who} win{'s' * (len(self.winners) == 1)}: {WIN_HOW.get(self.how, self.how)}"


# --- state --------------------------------------------------------------------------------
class KyfState:
    """Everything about one game. `deck[-1]` is the top card; `deck_known[i]` says whether
    `deck[i]` went to the bottom face up (saved Kill cards) since the last shuffle."""

    __slots__ = ("n", "colours", "teams", "lives", "attack", "attackers", "reaper_on", "reaper_by",
                 "out", "graveyard", "hands", "deck", "deck_known", "middle", "turn", "direction",
                 "owe", "passes", "actions", "points", "sudden_death", "kill_joy", "co_op",
                 "head_hunter", "phase", "winners", "how", "eliminations", "rng")

    def __init__(self) -> None:
        self.n = 0
        self.colours: list[int] = []
        self.teams: list[int] = []
        self.lives: list[list[bool]] = []
        self.attack: list[list[KyfCard]] = []
        self.attackers: list[list[int]] = []
        self.reaper_on = -1
        self.reaper_by = -1
        self.out: list[bool] = []
        self.graveyard: list[list[KyfCard]] = []  # cards dumped on a dead player
        self.hands: list[list[KyfCard]] = []
        self.deck: list[KyfCard] = []
        self.deck_known: list[bool] = []
        self.middle: list[KyfCard] = []
        self.turn = 0
        self.direction = 1
        self.owe: list[int] = []  # cards owed by Death From Above
        self.passes = 0
        self.actions = 0
        self.points: list[int] = []
        self.sudden_death = False
        self.kill_joy = "off"
        self.co_op = False
        self.head_hunter = 0  # kill target; 0 = off
        self.phase = PLAY
        self.winners: list[int] = []
        self.how = ""
        self.eliminations: list[int] = []
        self.rng = Rng(0)

    def copy(self) -> "KyfState":
        s = KyfState.__new__(KyfState)
        s.n = self.n
        s.colours = self.colours
        s.teams = self.teams
        s.lives = [x[:] for x in self.lives]
        s.attack = [x[:] for x in self.attack]
        s.attackers = [x[:] for x in self.attackers]
        s.reaper_on = self.reaper_on
        s.reaper_by = self.reaper_by
        s.out = self.out[:]
        s.graveyard = [x[:] for x in self.graveyard]
        s.hands = [x[:] for x in self.hands]
        s.deck = self.deck[:]
        s.deck_known = self.deck_known[:]
        s.middle = self.middle[:]
        s.turn = self.turn
        s.direction = self.direction
        s.owe = self.owe[:]
        s.passes = self.passes
        s.actions = self.actions
        s.points = self.points[:]
        s.sudden_death = self.sudden_death
        s.kill_joy = self.kill_joy
        s.co_op = self.co_op
        s.head_hunter = self.head_hunter
        s.phase = self.phase
        s.winners = self.winners[:]
        s.how = self.how
        s.eliminations = self.eliminations[:]
        s.rng = Rng(state=self.rng.state)
        return s

    def all_cards(self) -> list[KyfCard]:
        """Every card of the game wherever it is (the conservation tests count these)."""
        cards = [c for h in self.hands for c in h] + self.deck + self.middle
        cards += [c for a in self.attack for c in a] + [c for g in self.graveyard for c in g]
        if self.reaper_on >= 0:
            cards.append(REAPER)
        return cards

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KyfState) and all(
            getattr(self, k) == getattr(other, k) for k in KyfState.__slots__)

    def __repr__(self) -> str:
        hands = " | ".join(_cards(h) for h in self.hands)
        return f"KyfState(turn {self.turn}, {self.phase}, hands [{hands}], deck {len(self.deck)})"


@dataclass(frozen=True, slots=True)
class KyfView:
    """What one seat may see (seat None: a spectator): its own hand and everything public."""

    seat: int | None
    n: int
    colours: tuple[int, ...]
    teams: tuple[int, ...]
    lives: tuple[tuple[bool, ...], ...]
    attack: tuple[tuple[KyfCard, ...], ...]
    attackers: tuple[tuple[int, ...], ...]
    reaper_on: int
    reaper_by: int
    out: tuple[bool, ...]
    graveyard: tuple[tuple[KyfCard, ...], ...]
    hand: tuple[KyfCard, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    deck_known: tuple[tuple[int, KyfCard], ...]  # (index from the bottom, card) of face-up cards
    middle: tuple[KyfCard, ...]
    turn: int
    direction: int
    owe: tuple[int, ...]
    passes: int
    actions: int
    points: tuple[int, ...]
    sudden_death: bool
    kill_joy: str
    co_op: bool
    head_hunter: int
    phase: str
    winners: tuple[int, ...]
    how: str
    eliminations: tuple[int, ...]

    @property
    def colour(self) -> int:
        return self.colours[self.seat] if self.seat is not None else -1

    def letter(self, seat: int) -> str:
        return COLOUR_LETTERS[self.colours[seat]]

    def in_game(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def lives_left(self, seat: int) -> int:
        return sum(self.lives[seat])


# --- setup ----------------------------------------------------------------------------------
def _flag(config: dict, name: str) -> bool:
    return str(config.get(name, "off")) == "on"


def _head_hunter(config: dict) -> int:
    value = str(config.get("head-hunter", "off"))
    return 0 if value == "off" else int(value)


def setup_problem(config: dict, players: int) -> str | None:
    """Why this setup can't be played, or None. Shared by the command line and the setup screen."""
    sudden = _flag(config, "sudden-death")
    top = 8 if sudden else 6
    if not 2 <= players <= top:
        more = "" if sudden else " (up to 8 with Sudden Death)"
        return f"Kill Your Friends takes 2–{top} players{more}, not {players}"
    if _flag(config, "co-op"):
        if players % 2 or players < 4:
            return f"Co-op needs teams of two: 4, 6 or 8 players, not {players}"
        if _head_hunter(config):
            return "Co-op and Head Hunter don't combine: pick one"
    chars = config.get("characters")
    if chars:
        letters = list(str(chars))
        if len(letters) != players or any(x not in COLOUR_LETTERS for x in letters):
            return f"characters must be {players} letters from {''.join(COLOUR_LETTERS)}"
        if len(set(letters)) != (players // 2 if _flag(config, "co-op") else players):
            return "every player (every team in Co-op) needs a different character"
        half = players // 2
        if _flag(config, "co-op") and any(letters[i] != letters[i + half] for i in range(half)):
            return "in Co-op team-mates (seats opposite each other) share one character"
    return None


def seat_colours(config: dict, players: int) -> tuple[list[int], list[int]]:
    """Each seat's character colour and team. Co-op team-mates sit opposite (seat i and i+n/2)."""
    co_op = _flag(config, "co-op")
    teams = [p % (players // 2) for p in range(players)] if co_op else list(range(players))
    chars = config.get("characters")
    if chars:
        colours = [COLOUR_LETTERS.index(x) for x in str(chars)]
    else:
        colours = list(teams)
    return colours, teams


# --- rules ----------------------------------------------------------------------------------
class KillYourFriendsRules(Rules):
    game_id = "kill-your-friends"
    name = "Kill Your Friends"
    min_players = 2
    max_players = 8
    variants = (
        Variant("sudden-death", ("off", "on"), "off",
                "one life each; 5 cards dealt at 5–8 players; up to 8 players"),
        Variant("kill-joy", ("off", "remove", "once"), "off",
                "remove Head Swap, or play it once (it goes to the middle pile)"),
        Variant("co-op", ("off", "on"), "off",
                "teams of two sharing a colour, one life each; the Reaper brings a partner back"),
        Variant("head-hunter", ("off",) + HEAD_HUNTER_TARGETS, "off",
                "no knock-outs: each kill scores; first to the target (e.g. 5) wins", bare="5"),
        Variant("characters", (), "",
                "LETTERS: one character letter per seat from RBGYPOKW, e.g. KWRB (blank: in order)"),
    )
    action_types = (Draw, Pass, Attack, Save, Dump, PlayChaos, PlayReaper, Reveal, TakeTwo,
                    FaceReaper, LoseLife)
    event_types = (TurnStarted, PickedUp, Passed, Attacked, Saved, Dumped, ChaosPlayed, HandsSwapped,
                   DirectionChanged, ReaperPlayed, LifeLost, Eliminated, Resurrected, KillScored,
                   Shuffled, Revealed, GameWon)

    def setup_problem(self, config: dict, players: int) -> str | None:
        return setup_problem(config, players)

    def new_game(self, config: dict[str, Any] | None = None, seed: int = 0,
                 players: int | None = None) -> KyfState:
        config = {**self.default_config(), **(config or {})}
        n = players or 4
        problem = setup_problem(config, n)
        if problem:
            raise ValueError(problem)
        s = KyfState()
        s.n = n
        s.sudden_death = _flag(config, "sudden-death")
        s.kill_joy = str(config.get("kill-joy", "off"))
        s.co_op = _flag(config, "co-op")
        s.head_hunter = _head_hunter(config)
        s.colours, s.teams = seat_colours(config, n)
        lives = 1 if s.sudden_death or s.co_op else 2
        s.lives = [[True] * lives for _ in range(n)]
        s.attack = [[] for _ in range(n)]
        s.attackers = [[] for _ in range(n)]
        s.out = [False] * n
        s.graveyard = [[] for _ in range(n)]
        s.owe = [0] * n
        s.points = [0] * n
        s.rng = Rng(seed)
        s.deck = build_deck(s.colours, 0 if s.kill_joy == "remove" else 2)
        s.rng.shuffle(s.deck)
        s.deck_known = [False] * len(s.deck)
        size = hand_size(n, s.sudden_death, s.co_op)
        s.hands = [[] for _ in range(n)]
        for _ in range(size):
            for p in range(n):
                s.hands[p].append(s.deck.pop())
                s.deck_known.pop()
        dealer = s.rng.randbelow(n)
        s.turn = (dealer + 1) % n
        return s

    # -- turn structure --------------------------------------------------------------------
    def to_act(self, state: KyfState) -> list[int]:
        return [state.turn] if state.phase == PLAY else []

    def legal_actions(self, state: KyfState, player: int | None = None) -> list[Action]:
        p = state.turn
        if state.phase != PLAY or (player is not None and player != p):
            return []
        if state.owe[p]:
            return [TAKE_TWO]
        if state.reaper_on == p:
            return [FACE_REAPER]
        hand = state.hands[p]
        mine = state.colours[p]
        on_me = state.attack[p]
        if on_me and on_me[-1].number == 3:
            # Your own 3 must save you; without one, the Reaper may (or you take the loss).
            own_three = [Save(c) for c in set(hand) if c.colour == mine and c.number == 3]
            reaper = [PlayReaper(REAPER_SAVE, p)] if REAPER in hand else []
            return own_three + reaper if own_three else reaper + [LOSE_LIFE]
        acts: list[Action] = [DRAW] if state.deck else [PASS]
        victims = [v for v in range(state.n) if not state.out[v] and state.teams[v] != state.teams[p]]
        graves = [] if state.head_hunter else [
            d for d in range(state.n) if state.out[d] and state.teams[d] != state.teams[p]]
        seen: set[KyfCard] = set()
        for card in hand:
            if card in seen:
                continue
            seen.add(card)
            kind = card.kind
            if kind == KILL:
                number = card.number
                for v in victims:
                    if state.colours[v] != card.colour:
                        continue
                    seq = state.attack[v]
                    if (number == 1) if not seq else (seq[-1].number in (number, number - 1)
                                                      and seq[-1].number != 3):
                        acts.append(Attack(card, v))
                if card.colour == mine and on_me and on_me[-1].number == number:
                    acts.append(Save(card))
                for d in graves:
                    if state.colours[d] == card.colour:
                        acts.append(Dump(card, d))
            elif kind == CHAOS:
                if card is HEAD_SWAP_CARD:
                    for v in range(state.n):
                        if v != p and not state.out[v]:
                            acts.append(PlayChaos(card, v))
                else:
                    acts.append(PlayChaos(card))
            else:  # the Reaper
                for v in victims:
                    acts.append(PlayReaper(REAPER_KILL, v))
                if on_me:
                    acts.append(PlayReaper(REAPER_SAVE, p))
                if not all(state.lives[p]):
                    acts.append(PlayReaper(REAPER_RESURRECT, p))
                if state.co_op:
                    for m in range(state.n):
                        if m != p and state.out[m] and state.teams[m] == state.teams[p]:
                            acts.append(PlayReaper(REAPER_RESURRECT, m))
        if not state.head_hunter and hand and all(c.colour == mine and c.kind == KILL for c in hand):
            acts.append(REVEAL)
        return acts

    # -- checking --------------------------------------------------------------------------
    def check(self, state: KyfState, action: Action, player: int | None = None) -> None:
        """Raise IllegalAction with the reason a player would want, unless `action` is legal."""
        if state.phase != PLAY:
            raise IllegalAction("The game is over")
        p = state.turn
        if player is not None and player != p:
            raise IllegalAction(f"It is not player {player + 1}'s turn")
        if action in self.legal_actions(state, p):
            return
        raise IllegalAction(why_illegal(state, action))

    # -- applying --------------------------------------------------------------------------
    def apply(self, state: KyfState, action: Action, player: int | None = None) -> list[Event]:
        self.check(state, action, player)
        return self.apply_unchecked(state, action)

    def apply_unchecked(self, state: KyfState, action: Action) -> list[Event]:
        """Apply a legal action (bots' search calls this directly: it skips the check)."""
        p = state.turn
        events: list[Event] = []
        kind = action.kind
        state.actions += 1
        if kind != "pass":
            state.passes = 0
        again = False  # does the same player go again?
        if kind == "draw":
            card = state.deck.pop()
            state.deck_known.pop()
            state.hands[p].append(card)
            events.append(PickedUp(p, 1, "", (card,)))
        elif kind == "pass":
            state.passes += 1
            events.append(Passed(p))
        elif kind == "attack":
            state.hands[p].remove(action.card)
            state.attack[action.victim].append(action.card)
            state.attackers[action.victim].append(p)
            events.append(Attacked(p, action.victim, action.card))
        elif kind == "save":
            state.hands[p].remove(action.card)
            cleared = tuple(state.attack[p])
            self._to_bottom(state, list(cleared) + [action.card], known=True)
            state.attack[p] = []
            state.attackers[p] = []
            events.append(Saved(p, action.card, cleared))
        elif kind == "dump":
            state.hands[p].remove(action.card)
            state.graveyard[action.grave].append(action.card)
            events.append(Dumped(p, action.grave, action.card))
        elif kind == "chaos":
            again = self._chaos(state, p, action, events)
        elif kind == "reaper":
            self._reaper(state, p, action, events)
        elif kind == "reveal":
            events.append(Revealed(p, tuple(state.hands[p])))
            self._win(state, self._team_of(state, p), "reveal", events)
            return events
        elif kind == "take_two":
            owed = state.owe[p]
            state.owe[p] = 0
            self._pick_up(state, p, owed, "Death From Above", events)
        elif kind == "face_reaper":
            self._lose_life(state, p, "reaper", state.reaper_by, events)
        elif kind == "lose_life":
            killer = state.attackers[p][-1] if state.attackers[p] else -1
            self._lose_life(state, p, "3", killer, events)
        else:  # pragma: no cover - check() refuses unknown actions
            raise IllegalAction(f"Unknown action {kind!r}")
        if self._check_wins(state, p, events):
            return events
        if not again:
            self._advance(state)
        if (state.passes and state.passes >= len(state.in_game())) or state.actions >= MAX_ACTIONS:
            self._stalemate(state, events)
            return events
        events.append(TurnStarted(state.turn))
        return events

    # -- the pieces of apply ---------------------------------------------------------------
    @staticmethod
    def _team_of(state: KyfState, p: int) -> list[int]:
        return [m for m in range(state.n) if state.teams[m] == state.teams[p]]

    @staticmethod
    def _to_bottom(state: KyfState, cards: list[KyfCard], known: bool) -> None:
        state.deck[0:0] = cards
        state.deck_known[0:0] = [known] * len(cards)

    @staticmethod
    def _shuffle_in(state: KyfState, cards: list[KyfCard], events: list[Event]) -> None:
        state.deck.extend(cards)
        state.rng.shuffle(state.deck)
        state.deck_known = [False] * len(state.deck)
        events.append(Shuffled(len(state.deck)))

    @staticmethod
    def _pick_up(state: KyfState, p: int, count: int, reason: str, events: list[Event]) -> None:
        got = []
        for _ in range(min(count, len(state.deck))):
            got.append(state.deck.pop())
            state.deck_known.pop()
        state.hands[p].extend(got)
        events.append(PickedUp(p, len(got), reason, tuple(got)))

    def _chaos(self, state: KyfState, p: int, action: PlayChaos, events: list[Event]) -> bool:
        card = action.card
        state.hands[p].remove(card)
        events.append(ChaosPlayed(p, card, action.target))
        if card is HEAD_SWAP_CARD:
            t = action.target
            state.hands[p], state.hands[t] = state.hands[t], state.hands[p]
            events.append(HandsSwapped(p, t, (len(state.hands[p]), len(state.hands[t]))))
            if state.kill_joy == "once":
                state.middle.append(card)
            else:
                self._shuffle_in(state, [card], events)
            return False
        state.middle.append(card)
        if card is MEGADEATH_CARD:
            q = p
            for _ in range(state.n - 1):
                q = self._next(state, q)
                if q == p:
                    break
                self._pick_up(state, q, 2, "Megadeath", events)
            return True
        if card is DEATH_FROM_ABOVE_CARD:
            state.owe[self._next(state, p)] += 2
            return False
        # Run From Your Grave
        state.direction = -state.direction
        if len(state.in_game()) == 2:
            skipped = self._next(state, p)
            events.append(DirectionChanged(state.direction, skipped))
            return True
        events.append(DirectionChanged(state.direction, -1))
        return False

    def _reaper(self, state: KyfState, p: int, action: PlayReaper, events: list[Event]) -> None:
        state.hands[p].remove(REAPER)
        events.append(ReaperPlayed(p, action.use, action.target))
        if action.use == REAPER_KILL:
            state.reaper_on = action.target
            state.reaper_by = p
            return
        if action.use == REAPER_SAVE:
            cleared = state.attack[p]
            state.attack[p] = []
            state.attackers[p] = []
            events.append(Saved(p, None, tuple(cleared)))
            self._shuffle_in(state, cleared + [REAPER], events)
            return
        t = action.target
        if t == p:
            state.lives[p][state.lives[p].index(False)] = True
            events.append(Resurrected(p))
            self._shuffle_in(state, [REAPER], events)
            return
        # Co-op: the dead team-mate comes back with one life and five cards.
        state.out[t] = False
        state.eliminations.remove(t)
        state.lives[t] = [True] * len(state.lives[t])
        grave = state.attack[t] + state.graveyard[t]
        state.attack[t], state.attackers[t], state.graveyard[t] = [], [], []
        events.append(Resurrected(t))
        self._shuffle_in(state, grave + [REAPER], events)
        self._pick_up(state, t, CO_OP_RETURN_PICKUP, "back from the dead", events)

    def _lose_life(self, state: KyfState, p: int, cause: str, killer: int, events: list[Event]) -> None:
        lives = state.lives[p]
        lives[lives.index(True)] = False
        left = sum(lives)
        events.append(LifeLost(p, left, cause, killer))
        cards, attackers = state.attack[p], state.attackers[p]
        state.attack[p] = []
        state.attackers[p] = []
        if cause == "reaper":
            state.reaper_on = state.reaper_by = -1
            self._shuffle_in(state, cards + [REAPER], events)
            cards, attackers = [], []
        if left == 0 and state.head_hunter:
            if killer >= 0:
                state.points[killer] += 1
                events.append(KillScored(killer, p, state.points[killer]))
            state.lives[p] = [True] * len(lives)
        elif left == 0:
            # The Kill cards stay with the dead life cards: the graveyard.
            state.attack[p], state.attackers[p] = cards, attackers
            state.out[p] = True
            state.eliminations.append(p)
            self._to_bottom(state, state.hands[p], known=False)
            state.hands[p] = []
            state.owe[p] = 0
            events.append(Eliminated(p))
            return
        self._to_bottom(state, cards, known=True)
        self._pick_up(state, p, PICKUP_ON_LIFE_LOST, "lost a life", events)

    @staticmethod
    def _next(state: KyfState, p: int) -> int:
        q = p
        for _ in range(state.n):
            q = (q + state.direction) % state.n
            if not state.out[q]:
                return q
        return p

    def _advance(self, state: KyfState) -> None:
        state.turn = self._next(state, state.turn)

    def _check_wins(self, state: KyfState, p: int, events: list[Event]) -> bool:
        if state.head_hunter:
            best = max(range(state.n), key=lambda q: state.points[q])
            if state.points[best] >= state.head_hunter:
                self._win(state, [best], "kill-target", events)
                return True
            return False
        # Empty hand: the player who acted first, then the others in turn order.
        order = [p] + [(p + i * state.direction) % state.n for i in range(1, state.n)]
        for q in order:
            if not state.out[q] and not state.hands[q]:
                self._win(state, self._team_of(state, q), "empty-hand", events)
                return True
        if not events or events[-1].kind != "eliminated":
            return False  # only an elimination can leave one team standing
        teams = {state.teams[q] for q in state.in_game()}
        if len(teams) <= 1:
            alive = state.in_game()
            self._win(state, self._team_of(state, alive[0]) if alive else [], "last-standing", events)
            return True
        return False

    def _stalemate(self, state: KyfState, events: list[Event]) -> None:
        alive = state.in_game()
        if state.head_hunter:
            top = max(state.points[q] for q in alive)
            winners = [q for q in alive if state.points[q] == top]
        else:
            fewest = min(len(state.hands[q]) for q in alive)
            winners = [q for q in alive if len(state.hands[q]) == fewest]
            if state.co_op:
                winners = sorted({m for w in winners for m in self._team_of(state, w)})
        self._win(state, winners, "stalemate", events)

    @staticmethod
    def _win(state: KyfState, winners: list[int], how: str, events: list[Event]) -> None:
        state.phase = OVER
        state.winners = list(winners)
        state.how = how
        events.append(GameWon(tuple(winners), how))

    # -- what players see ------------------------------------------------------------------
    def view(self, state: KyfState, player: int | None = None) -> KyfView:
        return KyfView(
            seat=player,
            n=state.n,
            colours=tuple(state.colours),
            teams=tuple(state.teams),
            lives=tuple(tuple(x) for x in state.lives),
            attack=tuple(tuple(x) for x in state.attack),
            attackers=tuple(tuple(x) for x in state.attackers),
            reaper_on=state.reaper_on,
            reaper_by=state.reaper_by,
            out=tuple(state.out),
            graveyard=tuple(tuple(x) for x in state.graveyard),
            hand=tuple(state.hands[player]) if player is not None else (),
            hand_counts=tuple(len(h) for h in state.hands),
            deck_count=len(state.deck),
            deck_known=tuple((i, c) for i, (c, k) in enumerate(zip(state.deck, state.deck_known)) if k),
            middle=tuple(state.middle),
            turn=state.turn,
            direction=state.direction,
            owe=tuple(state.owe),
            passes=state.passes,
            actions=state.actions,
            points=tuple(state.points),
            sudden_death=state.sudden_death,
            kill_joy=state.kill_joy,
            co_op=state.co_op,
            head_hunter=state.head_hunter,
            phase=state.phase,
            winners=tuple(state.winners),
            how=state.how,
            eliminations=tuple(state.eliminations),
        )

    def determinize(self, view: KyfView, rng) -> KyfState:
        """A full state consistent with everything `view`'s seat knows: the unseen cards (other
        hands and the face-down deck) dealt at random. The search bot plays on these."""
        s = KyfState()
        s.n = view.n
        s.colours, s.teams = list(view.colours), list(view.teams)
        s.lives = [list(x) for x in view.lives]
        s.attack = [list(x) for x in view.attack]
        s.attackers = [list(x) for x in view.attackers]
        s.reaper_on = view.reaper_on
        s.reaper_by = view.reaper_by
        s.out = list(view.out)
        s.graveyard = [list(x) for x in view.graveyard]
        s.middle = list(view.middle)
        s.turn, s.direction = view.turn, view.direction
        s.owe, s.passes, s.actions, s.points = list(view.owe), view.passes, view.actions, list(view.points)
        s.sudden_death, s.kill_joy, s.co_op, s.head_hunter = (
            view.sudden_death, view.kill_joy, view.co_op, view.head_hunter)
        s.phase, s.winners, s.how = view.phase, list(view.winners), view.how
        s.eliminations = list(view.eliminations)
        unseen = unseen_cards(view)
        rng.shuffle(unseen)
        s.hands = []
        for q in range(view.n):
            if q == view.seat:
                s.hands.append(list(view.hand))
            else:
                k = view.hand_counts[q]
                s.hands.append(unseen[:k])
                del unseen[:k]
        s.deck = [None] * view.deck_count  # type: ignore[list-item]
        s.deck_known = [False] * view.deck_count
        for i, card in view.deck_known:
            s.deck[i] = card
            s.deck_known[i] = True
        for i in range(view.deck_count):
            if s.deck[i] is None:
                s.deck[i] = unseen.pop()
        s.rng = Rng(rng.getrandbits(63) if hasattr(rng, "getrandbits") else rng.next_u64())
        return s

    def result(self, state: KyfState) -> Result | None:
        if state.phase != OVER:
            return None
        if state.head_hunter:
            scores = list(state.points)
        else:
            scores = [1 if p in state.winners else 0 for p in range(state.n)]
        return Result(
            winners=list(state.winners),
            scores=scores,
            summary=f"{WIN_HOW.get(state.how, state.how)}",
            details={"how": state.how, "eliminations": list(state.eliminations),
                     "actions": state.actions},
        )

    # -- helpers for sessions, the app and saves -------------------------------------------
    def undoable(self, state: KyfState, action: Action) -> bool:
        return False  # every move here is seen by the other players

    def describe_action(self, state: KyfState, action: Action, names=()) -> str:
        return describe_action(state.n, action, names)

    def encode_state(self, state: KyfState) -> dict[str, Any]:
        from cutthroat.games.kill_your_friends.state_codec import encode_state

        return encode_state(state)

    def decode_state(self, data: Any) -> KyfState:
        from cutthroat.games.kill_your_friends.state_codec import decode_state

        return decode_state(data)

    def summary_figures(self, results: list[Result]) -> dict[str, Any]:
        n = len(results) or 1
        hows: dict[str, int] = {}
        for r in results:
            hows[r.details["how"]] = hows.get(r.details["how"], 0) + 1
        return {
            "mean_turns": round(sum(r.details["actions"] for r in results) / n, 1),
            "won_by": dict(sorted(hows.items())),
        }

    def rules_text(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


def hand_size(n: int, sudden_death: bool, co_op: bool) -> int:
    """Decision: Co-op deals 5 like Sudden Death at 5+ (its team colours make a smaller deck)."""
    return SUDDEN_DEATH_HAND_SIZE if co_op or (sudden_death and n >= 5) else HAND_SIZE


def full_deck(view: KyfView) -> list[KyfCard]:
    return build_deck(list(view.colours), 0 if view.kill_joy == "remove" else 2)


def unseen_cards(view: KyfView) -> list[KyfCard]:
    """The cards `view`'s seat can't locate: in other hands or face down in the deck."""
    counts: dict[KyfCard, int] = {}
    for card in full_deck(view):
        counts[card] = counts.get(card, 0) + 1
    known = list(view.hand) + [c for a in view.attack for c in a] + [c for g in view.graveyard for c in g]
    known += list(view.middle) + [c for _, c in view.deck_known]
    if view.reaper_on >= 0:
        known.append(REAPER)
    for card in known:
        counts[card] -= 1
    return [c for c in ALL_CARDS for _ in range(counts.get(c, 0))]


# --- reasons and descriptions for people --------------------------------------------------------
def colour_name(colour: int) -> str:
    return CHARACTERS[colour][1]


def why_illegal(state: KyfState | KyfView, action: Action) -> str:
    """The sentence a player sees when `action` is refused (the action is known to be illegal).
    Works on the state or on the view of the seat to act (the table only has the view)."""
    p = state.turn
    kind = action.kind
    if state.owe[p] and kind != "take_two":
        return "Death From Above: you must pick up two cards as your turn"
    if state.reaper_on == p and kind != "face_reaper":
        return "The Reaper is on you: you must face it (lose a life, pick up two)"
    on_me = state.attack[p]
    deadly = bool(on_me) and on_me[-1].number == 3
    if kind in FORCED_KINDS:
        if kind == "lose_life" and deadly:
            return "You hold your own 3: you must save with it"
        return "Nothing forces that now"
    if deadly and kind not in ("save", "reaper"):
        return "A 3 is on you: save with your own 3 or the Reaper, or lose a life"
    card = getattr(action, "card", None)
    hand = state.hand if isinstance(state, KyfView) else state.hands[p]
    if card is not None and card not in hand:
        return f"You don't hold {card.label}"
    if kind == "draw":
        return "The deck is empty: play a card or skip"
    if kind == "pass":
        return "You can only skip when the deck is empty: pick up a card or play one"
    if kind == "reveal":
        if state.head_hunter:
            return "Head Hunter has no reveal win"
        return f"Reveal needs a hand of only your own colour's Kill cards ({colour_name(state.colours[p])})"
    if kind in ("attack", "save", "dump") and (card is None or not card.is_kill):
        return "Only Kill cards attack, save or go on a graveyard"
    if kind == "attack":
        return _why_not_attack(state, p, card, action.victim)
    if kind == "save":
        if card.colour != state.colours[p]:
            return f"You save with your own colour ({colour_name(state.colours[p])}), not {card.label}"
        if not on_me:
            return "There is no attack on you to save from"
        return f"A save must match the top card's number ({on_me[-1].label})"
    if kind == "dump":
        g = action.grave
        if not (0 <= g < state.n) or not state.out[g] or state.head_hunter:
            return "Only a dead player's graveyard takes a dump"
        if state.teams[g] == state.teams[p]:
            return "You can't dump on your own team-mate's grave"
        return f"That graveyard only takes {colour_name(state.colours[g])} Kill cards"
    if kind == "chaos":
        if card is None or card.kind != CHAOS:
            return "That is not a Chaos card"
        if card is not HEAD_SWAP_CARD:
            return f"{card.name} is played without choosing a player"
        return "Head Swap needs another player still in the game"
    if kind == "reaper":
        if REAPER not in hand:
            return "You don't hold the Reaper"
        use, t = action.use, action.target
        if use == REAPER_KILL:
            if not (0 <= t < state.n) or state.out[t]:
                return "The Reaper kills a player still in the game"
            return "You can't send the Reaper to yourself or your team"
        if use == REAPER_SAVE:
            return "There are no Kill cards on you to clear"
        if use == REAPER_RESURRECT:
            return "There is no dead life card (or dead team-mate) to bring back"
    return "That move isn't allowed now"


def _why_not_attack(state: KyfState | KyfView, p: int, card: KyfCard, v: int) -> str:
    if not (0 <= v < state.n) or state.out[v]:
        return "You can only attack a player still in the game"
    if v == p:
        return "You can't attack yourself"
    if state.teams[v] == state.teams[p]:
        return "You can't attack your own team"
    if state.colours[v] != card.colour:
        return f"{card.label} is {colour_name(card.colour)}: it only attacks {colour_name(card.colour)}"
    seq = state.attack[v]
    if not seq:
        return "An attack must start with a 1"
    top = seq[-1].number
    if top == 3:
        return "Nothing goes on top of a 3"
    return f"Next on {seq[-1].label} must be a {top} or a {top + 1}"


def describe_action(n: int, action: Action, names=()) -> str:
    """A short label for menus and prompts ("R2 → Bob", "Reaper: save")."""
    kind = action.kind
    if kind == "draw":
        return "Pick up a card"
    if kind == "pass":
        return "Skip (the deck is empty)"
    if kind == "attack":
        return f"{action.card.label} → {_name(names, action.victim)}"
    if kind == "save":
        return f"Save with {action.card.label}"
    if kind == "dump":
        return f"{action.card.label} → {_name(names, action.grave)}'s grave"
    if kind == "chaos":
        on = f" ↔ {_name(names, action.target)}" if action.target >= 0 else ""
        return f"{action.card.name}{on}"
    if kind == "reaper":
        if action.use == REAPER_KILL:
            return f"Reaper: kill {_name(names, action.target)}"
        if action.use == REAPER_SAVE:
            return "Reaper: clear the Kill cards on you"
        return "Reaper: resurrect " + ("a life" if action.target < 0 or not names else _name(names, action.target))
    return {"reveal": "Reveal your hand and win", "take_two": "Pick up two (Death From Above)",
            "face_reaper": "Face the Reaper", "lose_life": "Lose a life"}.get(kind, kind)


def why_card_unplayable(state: KyfState | KyfView, card: KyfCard) -> str:
    """For the hand panel: why no legal action uses this card (state, or the view of the seat to act)."""
    p = state.turn
    if state.owe[p] or state.reaper_on == p:
        return why_illegal(state, PASS)
    if card.kind == KILL:
        if card.colour == state.colours[p]:
            on_me = state.attack[p]
            if on_me:
                return f"Saves only on a {card.number} on you (top: {on_me[-1].label})"
            return "Your own colour: it saves you, or keep it for a reveal"
        owners = [v for v in range(state.n) if state.colours[v] == card.colour]
        if not owners:
            return "No one of that colour is in the game"
        v = owners[0]
        if state.out[v]:
            return "Its owner is out; only a dump on the graveyard is left, and that isn't open now"
        return _why_not_attack(state, p, card, v)
    if card is REAPER:
        return "Nobody to kill, nothing on you, no dead life card"
    return "No one to play it on"


RULES = KillYourFriendsRules()
