"""Kill The Kings moves: for each action type, one legality test and one effect.

`MOVES[type(action)]` is (legal, effect). The rules check with `legal` and apply with
`effect`; a refusal's sentence comes from `text.refusal`, worked out only when there is one.
The legality tests assume the play phase (NextRound checks its own). `CHECKED[type(action)]` is
the two in one call, for `apply` (the hot path): the effect, or None (and nothing changed) where
the move is not legal.

Events are values (frozen), so the frequent ones — a card drawn, placed, reserved — are made
once for each card and place and shared, not made anew on every move.
"""

from __future__ import annotations

from cutthroat.engine.cards import Card
from cutthroat.engine.protocol import Event
from cutthroat.games.kill_the_kings.actions import Draw, EndRound, NextRound, Place, PlayReserve, Reserve
from cutthroat.games.kill_the_kings.cards import (
    CARDS_TO_KILL,
    COLUMNS,
    DECK_CARDS,
    KINGS,
    RESERVE_SPOTS,
    ROUNDS,
    TARGETS,
    round_points,
)
from cutthroat.games.kill_the_kings.events import (
    Busted,
    CardDrawn,
    CardPlaced,
    CardReserved,
    GameEnded,
    KingKilled,
    RoundEnded,
    RoundStarted,
    Stuck,
)
from cutthroat.games.kill_the_kings.state import (
    FIT_TABLE,
    GAME_OVER,
    KILLED,
    KING_INDEX,
    PLAY,
    ROUND_OVER,
    KtkState,
    tails,
)


def deal(state: KtkState) -> None:
    """Fresh setup (spec Decision): kings out, the other 48 reshuffled, reserve emptied."""
    state.columns = [[] for _ in range(COLUMNS)]
    state.reserve = [None] * RESERVE_SPOTS
    state.drawn = None
    state.deck = list(DECK_CARDS)
    state.rng.shuffle(state.deck)
    state.phase = PLAY
    state.end_reason = ""


# --- legality -----------------------------------------------------------------------------------
def _legal_draw(state: KtkState, action) -> bool:
    return state.drawn is None and bool(state.deck)


def _tail(state: KtkState, c: int) -> int:
    """`tails(state.columns)[c]`, for one column."""
    column = state.columns[c]
    n = len(column)
    return KING_INDEX[c] if not n else column[-1].index if n < CARDS_TO_KILL else KILLED


def _legal_place(state: KtkState, action) -> bool:
    c, drawn = action.column, state.drawn
    return drawn is not None and type(c) is int and 0 <= c < COLUMNS and FIT_TABLE[drawn.index][_tail(state, c)]


def _legal_reserve(state: KtkState, action) -> bool:
    s = action.spot
    return state.drawn is not None and type(s) is int and 0 <= s < RESERVE_SPOTS and state.reserve[s] is None


def _legal_play_reserve(state: KtkState, action) -> bool:
    s, c = action.spot, action.column
    if state.drawn is not None or type(s) is not int or type(c) is not int or not (
            0 <= s < RESERVE_SPOTS and 0 <= c < COLUMNS):
        return False
    card = state.reserve[s]
    return card is not None and FIT_TABLE[card.index][_tail(state, c)]


def _legal_end_round(state: KtkState, action) -> bool:
    return state.drawn is None and not state.deck


def _legal_next_round(state: KtkState, action) -> bool:
    return state.phase == ROUND_OVER


# --- effects ------------------------------------------------------------------------------------
# --- the frequent events, made once each (index: see each maker) --------------------------------
_DREW: list[CardDrawn | None] = [None] * (len(FIT_TABLE) * len(DECK_CARDS))
_PLACED: list[CardPlaced | None] = [None] * (len(FIT_TABLE) * COLUMNS * (RESERVE_SPOTS + 1))
_RESERVED: list[CardReserved | None] = [None] * (len(FIT_TABLE) * RESERVE_SPOTS)


def _drew(card: Card, left: int) -> CardDrawn:
    event = _DREW[card.index * len(DECK_CARDS) + left] = CardDrawn(card, left)
    return event


def _placed(card: Card, c: int, from_spot: int) -> CardPlaced:
    event = _PLACED[(card.index * COLUMNS + c) * (RESERVE_SPOTS + 1) + from_spot + 1] = CardPlaced(card, c, from_spot)
    return event


def _reserved(card: Card, spot: int) -> CardReserved:
    event = _RESERVED[card.index * RESERVE_SPOTS + spot] = CardReserved(card, spot)
    return event


_DECK_SIZE = len(DECK_CARDS)
_PLACES = COLUMNS * (RESERVE_SPOTS + 1)


def _draw(state: KtkState, action) -> list[Event]:
    deck = state.deck
    card = deck.pop()
    state.drawn = card
    left = len(deck)
    events: list[Event] = [_DREW[card.index * _DECK_SIZE + left] or _drew(card, left)]
    if None not in state.reserve:
        fit = FIT_TABLE[card.index]
        t0, t1, t2, t3 = tails(state.columns)
        if not (fit[t0] or fit[t1] or fit[t2] or fit[t3]):
            events.append(Busted(card))
            _end_round(state, "bust", events)
    return events


def _place(state: KtkState, action) -> list[Event]:
    card = state.drawn
    state.drawn = None
    return _put(state, card, action.column, -1)


def _reserve(state: KtkState, action) -> list[Event]:
    card = state.drawn
    state.drawn = None
    spot = action.spot
    state.reserve[spot] = card
    events: list[Event] = [_RESERVED[card.index * RESERVE_SPOTS + spot] or _reserved(card, spot)]
    if not state.deck:
        _check_stuck(state, events)
    return events


def _play_reserve(state: KtkState, action) -> list[Event]:
    card = state.reserve[action.spot]
    state.reserve[action.spot] = None
    return _put(state, card, action.column, action.spot)


def _end_round_by_choice(state: KtkState, action) -> list[Event]:
    events: list[Event] = [Stuck(chosen=True)]
    _end_round(state, "ended", events)
    return events


def _next_round(state: KtkState, action) -> list[Event]:
    state.round += 1
    deal(state)
    return [RoundStarted(state.round)]


def _put(state: KtkState, card: Card, c: int, from_spot: int) -> list[Event]:
    column = state.columns[c]
    column.append(card)
    events: list[Event] = [_PLACED[card.index * _PLACES + c * (RESERVE_SPOTS + 1) + from_spot + 1]
                           or _placed(card, c, from_spot)]
    if len(column) == CARDS_TO_KILL:
        killed = state.kings_killed
        events.append(KingKilled(KINGS[c], c, killed))
        if killed == COLUMNS:
            _end_round(state, "all_killed", events)
            return events
    if not state.deck:
        _check_stuck(state, events)
    return events


def _check_stuck(state: KtkState, events: list[Event]) -> None:
    """With the deck empty and no reserve card able to move, the round is stuck."""
    if state.deck or state.drawn is not None:
        return
    t = tails(state.columns)
    for card in state.reserve:
        if card is not None:
            fit = FIT_TABLE[card.index]
            if any(fit[x] for x in t):
                return
    events.append(Stuck(chosen=False))
    _end_round(state, "stuck", events)


def _end_round(state: KtkState, reason: str, events: list[Event]) -> None:
    kings = state.kings_killed
    points = round_points(kings)
    state.round_points.append(points)
    state.end_reason = reason
    events.append(RoundEnded(state.round, kings, points, state.total, reason))
    if state.round >= ROUNDS:
        state.phase = GAME_OVER
        target = TARGETS[state.mode]
        events.append(GameEnded(state.total, state.mode, target, state.total >= target))
    else:
        state.phase = ROUND_OVER


# --- legality and effect in one call (`apply`) ----------------------------------------------------
def _checked_draw(state: KtkState, action) -> list[Event] | None:
    if state.drawn is not None or not state.deck:
        return None
    return _draw(state, action)


def _checked_place(state: KtkState, action) -> list[Event] | None:
    c, card = action.column, state.drawn
    if card is None or type(c) is not int or not 0 <= c < COLUMNS or not FIT_TABLE[card.index][_tail(state, c)]:
        return None
    state.drawn = None
    return _put(state, card, c, -1)


def _checked_reserve(state: KtkState, action) -> list[Event] | None:
    return _reserve(state, action) if _legal_reserve(state, action) else None


def _checked_play_reserve(state: KtkState, action) -> list[Event] | None:
    return _play_reserve(state, action) if _legal_play_reserve(state, action) else None


def _checked_end_round(state: KtkState, action) -> list[Event] | None:
    return _end_round_by_choice(state, action) if _legal_end_round(state, action) else None


def _checked_next_round(state: KtkState, action) -> list[Event] | None:
    return _next_round(state, action) if state.phase == ROUND_OVER else None


#: NextRound's entry: the one move outside the play phase.
NEXT = (_legal_next_round, _next_round)
#: Action type → (legality test, effect).
MOVES = {
    Draw: (_legal_draw, _draw),
    Place: (_legal_place, _place),
    Reserve: (_legal_reserve, _reserve),
    PlayReserve: (_legal_play_reserve, _play_reserve),
    EndRound: (_legal_end_round, _end_round_by_choice),
    NextRound: NEXT,
}
#: Action type → legality and effect in one: the events, or None (nothing changed) if not legal.
#: The same tests as MOVES's (test_ktk_rules checks they agree); all but NextRound's assume the
#: play phase.
CHECKED = {
    Draw: _checked_draw,
    Place: _checked_place,
    Reserve: _checked_reserve,
    PlayReserve: _checked_play_reserve,
    EndRound: _checked_end_round,
    NextRound: _checked_next_round,
}
CHECKED_NEXT = _checked_next_round
