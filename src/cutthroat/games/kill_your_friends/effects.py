"""Kill Your Friends moves: `play(state, action)` applies a legal action and returns its events;
the functions below are its pieces (they change the state and append events). Nothing here
checks legality: the rules do that first (bots' search calls `play` directly)."""

from __future__ import annotations

from cutthroat.engine.protocol import Event, IllegalAction
from cutthroat.engine.seats import next_seat
from cutthroat.games.kill_your_friends.actions import REAPER_KILL, REAPER_SAVE, PlayChaos, PlayReaper
from cutthroat.games.kill_your_friends.cards import (
    CO_OP_RETURN_PICKUP,
    DEATH_FROM_ABOVE_CARD,
    HEAD_SWAP_CARD,
    MEGADEATH_CARD,
    PICKUP_ON_LIFE_LOST,
    REAPER,
    KyfCard,
)
from cutthroat.games.kill_your_friends.events import (
    Attacked,
    ChaosPlayed,
    DirectionChanged,
    Dumped,
    Eliminated,
    GameWon,
    HandsSwapped,
    KillScored,
    LifeLost,
    Passed,
    PickedUp,
    ReaperPlayed,
    Resurrected,
    Revealed,
    Saved,
    Shuffled,
    TurnStarted,
)
from cutthroat.games.kill_your_friends.state import MAX_ACTIONS, OVER, KyfState


def play(state: KyfState, action) -> list[Event]:
    """Apply a legal action for the seat to act: one turn (or part of one, when the seat goes again)."""
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
        to_bottom(state, list(cleared) + [action.card], known=True)
        state.attack[p] = []
        state.attackers[p] = []
        events.append(Saved(p, action.card, cleared))
    elif kind == "dump":
        state.hands[p].remove(action.card)
        state.graveyard[action.grave].append(action.card)
        events.append(Dumped(p, action.grave, action.card))
    elif kind == "chaos":
        again = chaos(state, p, action, events)
    elif kind == "reaper":
        reaper(state, p, action, events)
    elif kind == "reveal":
        events.append(Revealed(p, tuple(state.hands[p])))
        win(state, team_of(state, p), "reveal", events)
        return events
    elif kind == "take_two":
        owed = state.owe[p]
        state.owe[p] = 0
        pick_up(state, p, owed, "Death From Above", events)
    elif kind == "face_reaper":
        lose_life(state, p, "reaper", state.reaper_by, events)
    elif kind == "lose_life":
        killer = state.attackers[p][-1] if state.attackers[p] else -1
        lose_life(state, p, "3", killer, events)
    else:  # pragma: no cover - the rules' check refuses unknown actions
        raise IllegalAction(f"Unknown action {kind!r}")
    if check_wins(state, p, events):
        return events
    if not again:
        state.turn = next_seat(state, state.turn)
    if (state.passes and state.passes >= len(state.in_game())) or state.actions >= MAX_ACTIONS:
        stalemate(state, events)
        return events
    events.append(TurnStarted(state.turn))
    return events


# --- piles --------------------------------------------------------------------------------------
def team_of(state: KyfState, p: int) -> list[int]:
    return [m for m in range(state.n) if state.teams[m] == state.teams[p]]


def to_bottom(state: KyfState, cards: list[KyfCard], known: bool) -> None:
    state.deck[0:0] = cards
    state.deck_known[0:0] = [known] * len(cards)


def shuffle_in(state: KyfState, cards: list[KyfCard], events: list[Event]) -> None:
    state.deck.extend(cards)
    state.rng.shuffle(state.deck)
    state.deck_known = [False] * len(state.deck)
    events.append(Shuffled(len(state.deck)))


def pick_up(state: KyfState, p: int, count: int, reason: str, events: list[Event]) -> None:
    got = []
    for _ in range(min(count, len(state.deck))):
        got.append(state.deck.pop())
        state.deck_known.pop()
    state.hands[p].extend(got)
    events.append(PickedUp(p, len(got), reason, tuple(got)))


# --- cards played -------------------------------------------------------------------------------
def chaos(state: KyfState, p: int, action: PlayChaos, events: list[Event]) -> bool:
    """Play a Chaos card; True if the same player goes again."""
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
            shuffle_in(state, [card], events)
        return False
    state.middle.append(card)
    if card is MEGADEATH_CARD:
        q = p
        for _ in range(state.n - 1):
            q = next_seat(state, q)
            if q == p:
                break
            pick_up(state, q, 2, "Megadeath", events)
        return True
    if card is DEATH_FROM_ABOVE_CARD:
        state.owe[next_seat(state, p)] += 2
        return False
    # Run From Your Grave
    state.direction = -state.direction
    if len(state.in_game()) == 2:
        skipped = next_seat(state, p)
        events.append(DirectionChanged(state.direction, skipped))
        return True
    events.append(DirectionChanged(state.direction, -1))
    return False


def reaper(state: KyfState, p: int, action: PlayReaper, events: list[Event]) -> None:
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
        shuffle_in(state, cleared + [REAPER], events)
        return
    t = action.target
    if t == p:
        state.lives[p][state.lives[p].index(False)] = True
        events.append(Resurrected(p))
        shuffle_in(state, [REAPER], events)
        return
    # Co-op: the dead team-mate comes back with one life and five cards.
    state.out[t] = False
    state.eliminations.remove(t)
    state.lives[t] = [True] * len(state.lives[t])
    grave = state.attack[t] + state.graveyard[t]
    state.attack[t], state.attackers[t], state.graveyard[t] = [], [], []
    events.append(Resurrected(t))
    shuffle_in(state, grave + [REAPER], events)
    pick_up(state, t, CO_OP_RETURN_PICKUP, "back from the dead", events)


# --- lives, knock-outs and the end --------------------------------------------------------------
def lose_life(state: KyfState, p: int, cause: str, killer: int, events: list[Event]) -> None:
    lives = state.lives[p]
    lives[lives.index(True)] = False
    left = sum(lives)
    events.append(LifeLost(p, left, cause, killer))
    cards, attackers = state.attack[p], state.attackers[p]
    state.attack[p] = []
    state.attackers[p] = []
    reaped: list = []  # a Reaper's victim: it and the Kill cards go back into the deck last
    if cause == "reaper":
        state.reaper_on = state.reaper_by = -1
        reaped, cards, attackers = cards + [REAPER], [], []
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
        to_bottom(state, state.hands[p], known=False)
        state.hands[p] = []
        state.owe[p] = 0
        if reaped:  # (no pick-up for a player who is out)
            shuffle_in(state, reaped, events)
        events.append(Eliminated(p))
        return
    to_bottom(state, cards, known=True)
    pick_up(state, p, PICKUP_ON_LIFE_LOST, "lost a life", events)
    if reaped:  # the seed's order: the victim picks up first, so it can't draw back the Reaper
        shuffle_in(state, reaped, events)


def check_wins(state: KyfState, p: int, events: list[Event]) -> bool:
    if state.head_hunter:
        best = max(range(state.n), key=lambda q: state.points[q])
        if state.points[best] >= state.head_hunter:
            win(state, [best], "kill-target", events)
            return True
        return False
    # Empty hand: the player who acted first, then the others in turn order.
    order = [p] + [(p + i * state.direction) % state.n for i in range(1, state.n)]
    for q in order:
        if not state.out[q] and not state.hands[q]:
            win(state, team_of(state, q), "empty-hand", events)
            return True
    if not events or events[-1].kind != "eliminated":
        return False  # only an elimination can leave one team standing
    teams = {state.teams[q] for q in state.in_game()}
    if len(teams) <= 1:
        alive = state.in_game()
        win(state, team_of(state, alive[0]) if alive else [], "last-standing", events)
        return True
    return False


def stalemate(state: KyfState, events: list[Event]) -> None:
    alive = state.in_game()
    if state.head_hunter:
        top = max(state.points[q] for q in alive)
        winners = [q for q in alive if state.points[q] == top]
    else:
        fewest = min(len(state.hands[q]) for q in alive)
        winners = [q for q in alive if len(state.hands[q]) == fewest]
        if state.co_op:
            winners = sorted({m for w in winners for m in team_of(state, w)})
    win(state, winners, "stalemate", events)


def win(state: KyfState, winners: list[int], how: str, events: list[Event]) -> None:
    state.phase = OVER
    state.winners = list(winners)
    state.how = how
    events.append(GameWon(tuple(winners), how))
