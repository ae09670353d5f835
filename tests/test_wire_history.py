"""Every event a seat or a spectator is told crosses the wire and back (the server sends a seat's
history as JSON when it joins or watches): a hidden field (`None` where a list of cards would be)
decodes too. Bots-only games, inline, so nothing waits."""

from __future__ import annotations

import json

import pytest

from cutthroat.engine.codec import decoder, encode
from cutthroat.engine.protocol import TABLE_EVENT_TYPES
from cutthroat.engine.registry import IMPLEMENTED, get_rules
from cutthroat.host import InlineWorkers, ManualClock, TableHost
from cutthroat.saves import Seat
from cutthroat.session import Session


def played(game: str, seed: int) -> Session:
    rules = get_rules(game)
    players = max(rules.min_players, min(4, rules.max_players))
    seats = [Seat("bot", f"Bot {i + 1}", "heuristic") for i in range(players)]
    session = Session(game, {}, seed, seats)
    host = TableHost(session, clock=ManualClock(), workers=InlineWorkers(), max_moves=3000)
    host.start()
    return session


@pytest.mark.parametrize("game", [g.game_id for g in IMPLEMENTED])
def test_every_seats_history_round_trips_through_json(game):
    rules = get_rules(game)
    decode = decoder(rules.event_types + TABLE_EVENT_TYPES)
    session = played(game, 3)
    assert session.is_over
    for seat in [None, *range(len(session.seats))]:
        events = session.history(seat)
        assert events
        wire = json.loads(json.dumps([encode(e) for e in events]))
        assert [decode(e) for e in wire] == events


def test_a_psycho_killer_shuffle_in_seen_by_others_decodes():
    """The history that locked players out of a Psycho Killer table: a card shuffled in from a
    hand, which the others see as a count (its `cards` None)."""
    decode = decoder(get_rules("psycho-killer").event_types + TABLE_EVENT_TYPES)
    for seed in range(40):
        session = played("psycho-killer", seed)
        hidden = [e for e in session.history(None) if e.kind == "shuffled_in"]
        if hidden:
            break
    else:
        pytest.fail("no Psycho Killer game in 40 seeds shuffled a card in")
    assert hidden[0].cards is None
    assert decode(json.loads(json.dumps(encode(hidden[0])))) == hidden[0]
