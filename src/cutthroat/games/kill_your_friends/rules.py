"""Kill Your Friends rules: setup, legal actions, check and apply, view, result.

2–6 players (8 with Sudden Death). A turn is exactly one thing: pick up a card, or play one
(attack, save, a Chaos card, the Reaper, a graveyard dump, or reveal to win). What a seat owes at
the start of its turn comes first, in this order: a Death From Above pick-up, then the Reaper
played on it, then a 3 on top of the attack on it. Each of those is an explicit action too, so
the app can show it and a save can stop right before it.

The package by job: `state` (the state and view, written once), `actions`, `events`, `effects`
(what an action does), `knowledge` (what a seat knows), `text` (every sentence a player reads).
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from cutthroat.engine.protocol import Action, Event, IllegalAction, KnowledgeRules, Result, Variant
from cutthroat.engine.rng import Rng
from cutthroat.games.kill_your_friends import knowledge
from cutthroat.games.kill_your_friends.actions import (
    ACTION_TYPES,
    ATTACKS,
    CHAOS_PLAYS,
    DRAW,
    DUMPS,
    FACE_REAPER,
    HEAD_SWAPS,
    LOSE_LIFE,
    PASS,
    REAPER_KILLS,
    REAPER_RESURRECTS,
    REAPER_SAVES,
    REVEAL,
    SAVES,
    TAKE_TWO,
)
from cutthroat.games.kill_your_friends.cards import (
    CHAOS,
    CHARACTERS,
    COLOUR_LETTERS,
    HEAD_SWAP_CARD,
    KILL,
    REAPER,
    KyfCard,
    build_deck,
)
from cutthroat.games.kill_your_friends.effects import play
from cutthroat.games.kill_your_friends.events import EVENT_TYPES
from cutthroat.games.kill_your_friends.state import HEAD_HUNTER_TARGETS, OVER, PLAY, KyfState, KyfView, hand_size
from cutthroat.games.kill_your_friends.text import WIN_HOW, describe_action, why_illegal

# The game's names in one place for the rest of the app and the tests (rules.Attack, rules.PickedUp …).
from cutthroat.games.kill_your_friends.actions import *  # noqa: E402,F401,F403
from cutthroat.games.kill_your_friends.events import *  # noqa: E402,F401,F403
from cutthroat.games.kill_your_friends.knowledge import full_deck, unseen_cards  # noqa: E402,F401
from cutthroat.games.kill_your_friends.state import MAX_ACTIONS  # noqa: E402,F401
from cutthroat.games.kill_your_friends.text import colour_name  # noqa: E402,F401


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


class KillYourFriendsRules(KnowledgeRules):
    knowledge = knowledge  # views, determinizations, scrambles (`KnowledgeRules`)
    game_id = "kill-your-friends"
    name = "Kill Your Friends"
    turn_heading = "Your turn: exactly one thing"
    min_players = 2
    max_players = 8
    #: 2: the Reaper's victim picks up before the Reaper is shuffled back (the seed's order).
    revision = 2
    variants = (
        Variant("sudden-death", ("off", "on"), "off",
                "one life each; 5 cards dealt at 5–8 players; up to 8 players", title="Sudden Death"),
        Variant("kill-joy", ("off", "remove", "once"), "off",
                "remove Head Swap, or play it once (it goes to the middle pile)", title="Kill Joy",
                labels=("off", "remove Head Swap", "Head Swap once")),
        Variant("co-op", ("off", "on"), "off",
                "teams of two sharing a colour, one life each; the Reaper brings a partner back", title="Co-op"),
        Variant("head-hunter", ("off",) + HEAD_HUNTER_TARGETS, "off",
                "no knock-outs: each kill scores; first to the target (e.g. 5) wins", bare="5",
                title="Head Hunter", labels=("off", *(f"{t} kill{'s' * (t != '1')}" for t in HEAD_HUNTER_TARGETS))),
        Variant("characters", COLOUR_LETTERS, "",
                "LETTERS: one character letter per seat from RBGYPOKW, e.g. KWRB (blank: in order)",
                title="Character", labels=tuple(f"{letter} {name}" for letter, name in CHARACTERS), per_seat=True),
    )
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES
    state_type = KyfState
    view_type = KyfView
    #: The game-over figures: attacks played, saves, lives taken from others, cards picked up.
    stat_columns = (("attacks", "Attacks"), ("saves", "Saves"), ("took", "Kills"), ("picked", "Picked up"))

    def setup_problem(self, config: dict, players: int) -> str | None:
        return setup_problem(config, players)

    def seat_links(self, config: dict, players: int) -> dict[int, int]:
        """Co-op: team-mates sit opposite and share one character."""
        half = players // 2
        return {seat: seat - half for seat in range(half, players)} if _flag(config, "co-op") else {}

    def new_game(self, config: dict[str, Any] | None = None, seed: int = 0,
                 players: int | None = None) -> KyfState:
        config = {**self.default_config(), **(config or {})}
        n = players or 4
        problem = setup_problem(config, n)
        if problem:
            raise ValueError(problem)
        sudden_death, co_op = _flag(config, "sudden-death"), _flag(config, "co-op")
        kill_joy = str(config.get("kill-joy", "off"))
        colours, teams = seat_colours(config, n)
        lives = 1 if sudden_death or co_op else 2
        rng = Rng(seed)
        deck = build_deck(colours, 0 if kill_joy == "remove" else 2)
        rng.shuffle(deck)
        hands: list[list[KyfCard]] = [[] for _ in range(n)]
        for _ in range(hand_size(n, sudden_death, co_op)):
            for p in range(n):
                hands[p].append(deck.pop())
        dealer = rng.randbelow(n)
        return KyfState(
            n=n, colours=colours, teams=teams, lives=[[True] * lives for _ in range(n)],
            attack=[[] for _ in range(n)], attackers=[[] for _ in range(n)], out=[False] * n,
            graveyard=[[] for _ in range(n)], hands=hands, deck=deck, deck_known=[False] * len(deck),
            turn=(dealer + 1) % n, owe=[0] * n, points=[0] * n, sudden_death=sudden_death,
            kill_joy=kill_joy, co_op=co_op, head_hunter=_head_hunter(config), rng=rng)

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
            own_three = [SAVES[c.index] for c in set(hand) if c.colour == mine and c.number == 3]
            reaper = [REAPER_SAVES[p]] if REAPER in hand else []
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
                attacks, dumps = ATTACKS[card.index], DUMPS[card.index]
                for v in victims:
                    if state.colours[v] != card.colour:
                        continue
                    seq = state.attack[v]
                    if (number == 1) if not seq else (seq[-1].number in (number, number - 1)
                                                      and seq[-1].number != 3):
                        acts.append(attacks[v])
                if card.colour == mine and on_me and on_me[-1].number == number:
                    acts.append(SAVES[card.index])
                for d in graves:
                    if state.colours[d] == card.colour:
                        acts.append(dumps[d])
            elif kind == CHAOS:
                if card is HEAD_SWAP_CARD:
                    for v in range(state.n):
                        if v != p and not state.out[v]:
                            acts.append(HEAD_SWAPS[v])
                else:
                    acts.append(CHAOS_PLAYS[card.index])
            else:  # the Reaper
                for v in victims:
                    acts.append(REAPER_KILLS[v])
                if on_me:
                    acts.append(REAPER_SAVES[p])
                if not all(state.lives[p]):
                    acts.append(REAPER_RESURRECTS[p])
                if state.co_op:
                    for m in range(state.n):
                        if m != p and state.out[m] and state.teams[m] == state.teams[p]:
                            acts.append(REAPER_RESURRECTS[m])
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
        return play(state, action)

    def apply_unchecked(self, state: KyfState, action: Action) -> list[Event]:
        """Apply a legal action (bots' search calls this directly: it skips the check)."""
        return play(state, action)

    # -- what players see ------------------------------------------------------------------
    # -- the end ---------------------------------------------------------------------------
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

    def describe_action(self, view: KyfView, action: Action, names=()) -> str:
        return describe_action(view, action, names)

    def tally(self, stats: list[dict[str, Any]], event: Event) -> None:
        """Count one public event into the game-over figures (`stat_columns`)."""
        kind = event.kind
        if kind == "attacked":
            stats[event.seat]["attacks"] += 1
        elif kind == "saved":
            stats[event.seat]["saves"] += 1
        elif kind == "life_lost" and 0 <= event.killer < len(stats) and event.killer != event.seat:
            stats[event.killer]["took"] += 1
        elif kind == "picked_up":
            stats[event.seat]["picked"] += event.count

    def summary_figures(self, results: list[Result]) -> dict[str, Any]:
        n = len(results) or 1
        hows: dict[str, int] = {}
        for r in results:
            hows[r.details["how"]] = hows.get(r.details["how"], 0) + 1
        return {
            "mean_turns": round(sum(r.details["actions"] for r in results) / n, 1),
            "won_by": dict(sorted(hows.items())),
        }

    def out_seats(self, state) -> tuple[int, ...]:
        return tuple(q for q in range(state.n) if state.out[q])

    def progress(self, state) -> str:
        return f"{len(state.in_game())} of {state.n} alive"

    def rules_text(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


RULES = KillYourFriendsRules()
