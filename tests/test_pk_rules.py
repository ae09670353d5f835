"""Psycho Killer: one or more tests per rule of shared/rules/psycho-killer.md, the seed text and the
in-app rules.md (its Decisions are the rule where the sources are silent), and one block per card.

Seats are "Player 1" … in the rules' own words (seat 0 is Player 1). Positions come from
`helpers_pk.position`, which keeps all 78 cards accounted for; `act` checks `validate()` (and
card conservation) after every action. Decks are written top first.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cutthroat.games.psycho_killer.cards import (
    ACTION,
    ALL_CARDS,
    BY_CODE,
    EJECT,
    FAST_FORWARD,
    KINDS,
    PK,
    PLAY,
    PREDICAMENT,
    REWIND,
    STOP as STOP_SYMBOL,
    WEAPON,
    build_deck,
)
from cutthroat.games.psycho_killer.rules import (
    ACCEPT,
    DONE,
    KEEP,
    PLAY_NOW,
    RULES,
    STOP,
    At,
    Defend,
    Draw,
    Evade,
    Pass,
    Pick,
    Play,
    Played,
    PlayOn,
    TakeHit,
    Target,
    ToDeck,
    Trip,
)
from cutthroat.games.psycho_killer.state import MAX_ACTIONS, PkState, Slot, left_for_dead, score_key
from helpers_pk import (
    C,
    act,
    cards,
    deck_codes,
    ev,
    hand_codes,
    kinds,
    let_go,
    pile_codes,
    position,
    refused,
    top_kind,
)

KNIFE, HATCHET, HOOK, CHAINSAW = C("KNIFE"), C("HATCHET"), C("HOOK"), C("CHAINSAW")
LFD = "HOOK HOOK HOOK KNIFE"  # 10 injury points: Left for Dead
NINE = "HOOK HOOK HOOK"  # 9: not


def legal(state, seat=None):
    seats = RULES.to_act(state)
    return RULES.legal_actions(state, seats[0] if seat is None else seat)


def play(state, code, seat=None):
    """Play a card from hand on your turn and let everyone pass its Trip Over window."""
    events = act(state, Play(C(code)), seat)
    if top_kind(state) == "window" and state.stack[-1].card is C(code):
        events += let_go(state)
    return events


def pick(state, *codes_):
    events = []
    for code in codes_:
        events += act(state, Pick(C(code)))
    return events


def take_hits(state):
    """Everyone attacked takes it."""
    events = []
    while top_kind(state) == "attack":
        events += act(state, TakeHit(RULES.to_act(state)[0]))
    return events


# --- the cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize("code,name,kind,count,points,symbols", [
    ("PK", "Psycho Killer", PK, 5, 3, {STOP_SYMBOL}),
    ("KNIFE", "Knife", WEAPON, 8, 1, set()), ("HATCHET", "Hatchet", WEAPON, 6, 2, set()),
    ("HOOK", "Hook", WEAPON, 4, 3, set()), ("CHAINSAW", "Chainsaw", WEAPON, 2, 5, set()),
    ("CAR", "Car Troubles", PREDICAMENT, 2, 0, {EJECT}), ("BETRAYAL", "Betrayal", PREDICAMENT, 2, 0, {STOP_SYMBOL}),
    ("HURTS", "Everybody Hurts", PREDICAMENT, 2, 0, {EJECT}),
    ("WOODS", "Lost in the Woods", PREDICAMENT, 2, 0, {EJECT}),
    ("DTAP", "Double Tap", ACTION, 4, 0, {REWIND}), ("SLAM", "Slam the Door", ACTION, 4, 0, {REWIND}),
    ("BOOBY", "Booby Trap", ACTION, 3, 0, {REWIND}), ("DISARM", "Disarm", ACTION, 4, 0, set()),
    ("FOOTAGE", "Found Footage", ACTION, 3, 0, set()), ("DEADEND", "Dead End", ACTION, 3, 0, {FAST_FORWARD}),
    ("KEYS", "Drop Your Keys", ACTION, 4, 0, set()), ("SPLIT", "Let's Split Up", ACTION, 3, 0, set()),
    ("NOSIGNAL", "No Signal", ACTION, 2, 0, set()), ("TRIP", "Trip Over", ACTION, 3, 0, {PLAY}),
    ("BOOK", "Book of the Dead", ACTION, 2, 0, set()), ("BARRICADE", "Barricade", ACTION, 3, 0, {PLAY}),
    ("BEHIND", "It's Behind You", ACTION, 2, 0, {PLAY}), ("BANDAID", "Bandaid", ACTION, 3, 0, set()),
    ("STITCHES", "Stitches", ACTION, 2, 0, set()),
])
def test_card_table_matches_the_manifest(code, name, kind, count, points, symbols):
    card = BY_CODE[code]
    assert (card.name, card.kind, card.count, card.points, set(card.symbols)) == (name, kind, count, points, symbols)
    assert Counter(build_deck())[card] == count


def test_seventy_eight_cards_in_twenty_four_kinds_with_the_manifest_totals():
    deck = build_deck()
    assert len(KINDS) == len(ALL_CARDS) == 24 and len(deck) == 78
    by_kind = Counter(c.kind for c in deck)
    assert by_kind == {PK: 5, WEAPON: 20, PREDICAMENT: 8, ACTION: 45}
    assert sum(c.points for c in deck if c.kind == WEAPON) == 42
    assert {c.code for c in deck if c.black} == {"PK", "CAR", "BETRAYAL", "HURTS", "WOODS"}


# --- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 7))
def test_edition_2_two_decks_of_39_no_hands_everything_empty(n):
    state = RULES.new_game({}, 7, n)
    state.validate()
    assert state.edition == 2 and state.n == n
    assert [len(d) for d in state.decks] == [39, 39] and state.gone == [False, False]
    assert Counter(state.all_cards()) == Counter(build_deck())
    assert state.hands == [[] for _ in range(n)] and state.injuries == [[] for _ in range(n)]
    assert state.discard == [] and state.stack == [] and state.pks == 0 and state.direction == 1
    assert state.known == [[[], []] for _ in range(n)] and state.silenced == [False] * n
    assert not any(s.up for d in state.decks for s in d)
    assert state.pk_limit == 5 and not state.upside_down and not state.hold_your_nerve
    assert RULES.to_act(state) == [state.turn]
    assert RULES.legal_actions(state, state.turn) == [Draw(0), Draw(1)]  # no cards: you just draw


def test_edition_2_decks_are_dealt_alternately_from_one_shuffle():
    state = RULES.new_game({}, 3, 4)
    a, b = deck_codes(state, 0)[::-1], deck_codes(state, 1)[::-1]  # bottom first = dealing order
    dealt = [x for pair in zip(a, b) for x in pair]
    assert Counter(dealt) == Counter(c.code for c in build_deck())


@pytest.mark.parametrize("n", range(2, 7))
def test_edition_1_one_deck_seven_cards_each_no_black_card_in_any_hand(n):
    state = RULES.new_game({"edition": "1"}, 5, n)
    state.validate()
    assert state.edition == 1
    assert len(state.decks[0]) == 78 - 7 * n and state.decks[1] == [] and state.gone == [False, True]
    assert all(len(h) == 7 for h in state.hands)
    assert not any(c.black for h in state.hands for c in h)
    deck = [s.card for s in state.decks[0]]
    assert Counter(c for c in deck if c.black) == Counter(c for c in build_deck() if c.black)
    assert Counter(state.all_cards()) == Counter(build_deck())
    assert RULES.legal_actions(state, state.turn)[:1] == [Draw(0)] and Draw(1) not in legal(state)


def test_edition_1_black_cards_are_shuffled_into_the_deck_not_stacked():
    state = RULES.new_game({"edition": "1"}, 11, 3)
    positions = [i for i, s in enumerate(state.decks[0]) if s.card.black]
    assert positions != list(range(len(positions))) and positions != list(
        range(len(state.decks[0]) - len(positions), len(state.decks[0])))


def test_variants_set_quickie_upside_down_hold_your_nerve():
    state = RULES.new_game({"quickie": "on", "upside-down": "on", "hold-your-nerve": "on"}, 1, 3)
    assert state.pk_limit == 3 and state.upside_down and state.hold_your_nerve
    assert RULES.new_game({}, 1, 3).pk_limit == 5
    assert RULES.default_config() == {"edition": "2", "upside-down": "off", "hold-your-nerve": "off",
                                      "quickie": "off"}


def test_first_player_from_the_seeded_rng():
    firsts = {RULES.new_game({}, seed, 4).turn for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert RULES.new_game({}, 9, 5) == RULES.new_game({}, 9, 5)
    assert RULES.new_game({}, 9, 5).decks != RULES.new_game({}, 10, 5).decks


@pytest.mark.parametrize("config,players,reason", [
    ({}, 1, "Psycho Killer takes 2–6 players, not 1"),
    ({}, 7, "Psycho Killer takes 2–6 players, not 7"),
    ({"edition": "3"}, 3, "edition must be 2|1, not '3'"),
    ({"quickie": "yes"}, 3, "quickie must be off|on, not 'yes'"),
])
def test_setup_problems(config, players, reason):
    assert RULES.setup_problem(config, players) == reason
    with pytest.raises(ValueError):
        RULES.new_game(config, 0, players)


# --- a turn: play cards, then draw --------------------------------------------------------------


def test_draw_an_action_card_ends_the_turn_and_only_the_drawer_sees_it():
    state = position(3, decks=("DISARM", "FOOTAGE"), turn=1, rest="B")
    events = act(state, Draw(1))
    assert hand_codes(state, 1) == ["FOOTAGE"] and state.turn == 2 and state.stack == []
    drew = ev(events, "drew")[0]
    assert drew.card is C("FOOTAGE") and drew.deck == 1
    assert drew.for_seat(0).card is None and drew.for_seat(None).card is None and drew.for_seat(1).card is not None
    assert kinds(events) == ["drew", "turn_ended", "turn_started"]


def test_play_as_many_cards_as_you_like_then_draw():
    state = position(3, hands={0: "NOSIGNAL FOOTAGE"}, decks=("DISARM KNIFE", "STITCHES"))
    play(state, "FOOTAGE")
    act(state, ToDeck(0))
    assert state.turn == 0 and top_kind(state) is None
    play(state, "NOSIGNAL")
    assert state.turn == 0 and hand_codes(state, 0) == []
    assert set(legal(state)) == {Draw(0), Draw(1)}
    act(state, Draw(0))
    assert state.turn == 1


def test_turns_go_clockwise():
    state = position(4, decks=("DISARM DISARM DISARM DISARM", ""), turn=2, rest="B")
    seen = []
    for _ in range(4):
        seen.append(state.turn)
        act(state, Draw(0))
    assert seen == [2, 3, 0, 1]


def test_a_deck_that_runs_out_is_gone_and_all_draws_use_the_other():
    state = position(3, decks=("DISARM", "FOOTAGE"), rest="B")
    events = act(state, Draw(0))
    assert state.gone == [True, False] and state.decks[0] == []
    assert ev(events, "deck_gone")[0].deck == 0
    assert legal(state) == [Draw(1)]
    refused(state, Draw(0), "Deck A is gone: draw from the other")


def test_no_card_left_to_draw_ends_the_game_there():
    state = position(2, decks=("DISARM", ""), rest="discard", injuries={0: "KNIFE", 1: "HOOK"})
    events = act(state, Draw(0))
    assert state.phase == "over" and state.how == "no-cards" and state.winners == [0]
    assert kinds(events)[-1] == "game_over"
    refused(state, Draw(0), "The game is over")


# --- draw again after a weapon (edition 2) -------------------------------------------------------


def test_a_weapon_drawn_to_end_the_turn_lets_you_draw_again_or_stop():
    state = position(3, decks=("KNIFE HATCHET DISARM", "HOOK"))
    act(state, Draw(0))
    assert top_kind(state) == "again" and state.turn == 0 and hand_codes(state, 0) == ["KNIFE"]
    assert legal(state) == [STOP, Draw(0), Draw(1)]
    refused(state, Play(C("KNIFE")), "Now: draw again, or stop")
    act(state, Draw(1))  # again, from the other deck
    assert top_kind(state) == "again" and hand_codes(state, 0) == ["KNIFE", "HOOK"]
    act(state, Draw(0))
    assert top_kind(state) == "again"
    events = act(state, STOP)
    assert ev(events, "stopped") and state.turn == 1 and state.stack == []
    assert hand_codes(state, 0) == ["KNIFE", "HOOK", "HATCHET"]


def test_a_non_weapon_ends_the_draw_again_chain():
    state = position(3, decks=("KNIFE DISARM KNIFE", ""), rest="B")
    act(state, Draw(0))
    events = act(state, Draw(0))
    assert ev(events, "drew")[0].how == "again"
    assert hand_codes(state, 0) == ["KNIFE", "DISARM"] and state.turn == 1 and state.stack == []


def test_draw_again_into_a_psycho_killer_attacks_the_weapons_just_drawn():
    state = position(3, decks=("HOOK PK", ""), rest="B")
    act(state, Draw(0))
    act(state, Draw(0))
    assert pile_codes(state, 0) == ["PK"] and RULES.to_act(state) == [0]
    act(state, TakeHit(0))
    assert pile_codes(state, 0) == ["PK", "HOOK"] and state.turn == 1


def test_edition_1_no_draw_again_after_a_weapon():
    state = position(3, decks=("KNIFE KNIFE", ""), edition=1)
    act(state, Draw(0))
    assert state.turn == 1 and state.stack == [] and hand_codes(state, 0) == ["KNIFE"]


def test_no_draw_again_with_no_card_left():
    state = position(2, decks=("KNIFE", "DISARM"), rest="discard")
    act(state, Draw(0))
    assert top_kind(state) == "again"
    act(state, Draw(1))
    assert state.phase == "over"


def test_no_draw_again_after_a_weapon_drawn_inside_a_predicament():
    state = position(3, decks=("WOODS KNIFE HATCHET DISARM", ""), rest="B")
    act(state, Draw(0))
    let_go(state)
    assert top_kind(state) == "draws" and state.stack[-1].count == 2
    act(state, Draw(0))
    assert top_kind(state) == "draws"  # not "again"
    act(state, Draw(0))
    assert state.turn == 1 and state.stack == [] and hand_codes(state, 0) == ["KNIFE", "HATCHET"]


# --- the Psycho Killer and the attack --------------------------------------------------------------


def test_a_drawn_psycho_killer_goes_into_your_injury_pile_and_everyone_holding_weapons_is_attacked():
    state = position(4, hands={0: "KNIFE DISARM", 1: "FOOTAGE", 2: "HOOK HATCHET NOSIGNAL", 3: "CHAINSAW"},
                     decks=("PK", ""), turn=2)
    events = act(state, Draw(0))
    assert pile_codes(state, 2) == ["PK"] and state.pks == 1
    assert events[0].card is C("PK") and events[0].for_seat(0).card is C("PK")  # shown to all
    assert ev(events, "attacked")[0].seats == (2, 3, 0)  # the drawer too, in turn order from them
    assert top_kind(state) == "attack" and RULES.to_act(state) == [2, 3, 0]  # not seat 1: no weapon
    assert legal(state, 0) == [TakeHit(0)] and RULES.legal_actions(state, 1) == []
    refused(state, TakeHit(1), "not yours")
    act(state, TakeHit(3))
    act(state, TakeHit(0))
    assert state.turn == 2
    act(state, TakeHit(2))
    assert pile_codes(state, 2) == ["PK", "HOOK", "HATCHET"] and hand_codes(state, 2) == ["NOSIGNAL"]
    assert pile_codes(state, 3) == ["CHAINSAW"] and pile_codes(state, 0) == ["KNIFE"]
    assert hand_codes(state, 0) == ["DISARM"] and hand_codes(state, 1) == ["FOOTAGE"]
    assert state.turn == 3 and state.stack == []


def test_a_psycho_killer_with_no_weapon_held_attacks_nobody():
    state = position(3, hands={1: "DISARM"}, decks=("PK", ""))
    events = act(state, Draw(0))
    assert ev(events, "attacked")[0].seats == () and state.turn == 1 and state.pks == 1


def test_a_psycho_killer_is_never_held_even_left_for_dead():
    state = position(3, injuries={0: LFD}, decks=("PK", ""), hold_your_nerve=True)
    act(state, Draw(0))
    assert pile_codes(state, 0)[-1] == "PK" and "PK" not in hand_codes(state, 0) and state.turn == 1


def test_barricade_keeps_your_weapons_in_hand():
    state = position(3, hands={1: "HOOK BARRICADE", 2: "KNIFE BARRICADE"}, decks=("PK", ""))
    act(state, Draw(0))
    assert set(legal(state, 1)) == {TakeHit(1), Defend(1, C("BARRICADE"))}
    events = act(state, Defend(1, C("BARRICADE")))
    assert ev(events, "played")[0].card is C("BARRICADE") and top_kind(state) == "window"
    events = let_go(state)
    assert ev(events, "defended")[0].card is C("BARRICADE")
    assert hand_codes(state, 1) == ["HOOK"] and pile_codes(state, 1) == []
    assert state.discard[-1] is C("BARRICADE")
    assert RULES.to_act(state) == [2]
    act(state, TakeHit(2))
    assert pile_codes(state, 2) == ["KNIFE"] and hand_codes(state, 2) == ["BARRICADE"]


def test_its_behind_you_sends_your_weapons_to_another_players_injury_pile():
    state = position(3, hands={1: "HOOK KNIFE BEHIND"}, decks=("PK", ""))
    act(state, Draw(0))
    act(state, Defend(1, C("BEHIND")))
    assert top_kind(state) == "target" and RULES.to_act(state) == [1]
    assert set(legal(state)) == {Target(0), Target(2)}
    refused(state, Target(1), "choose a player")
    events = act(state, Target(2))
    assert ev(events, "played")[0] == Played(1, C("BEHIND"), 2) and top_kind(state) == "window"
    events = let_go(state)
    assert ev(events, "defended")[0].target == 2
    assert pile_codes(state, 2) == ["HOOK", "KNIFE"] and pile_codes(state, 1) == [] and hand_codes(state, 1) == []
    assert state.discard[-1] is C("BEHIND") and state.turn == 1


def test_its_behind_you_can_hit_the_drawer():
    state = position(3, hands={2: "HOOK BEHIND"}, decks=("PK", ""))
    act(state, Draw(0))
    act(state, Defend(2, C("BEHIND")))
    act(state, Target(0))
    let_go(state)
    assert pile_codes(state, 0) == ["PK", "HOOK"]


@pytest.mark.parametrize("defence", ["BARRICADE", "BEHIND"])
def test_trip_over_cancels_a_defence_and_the_attack_hits_after_all(defence):
    """Barricade and It's Behind You are cards being played: the window opens after them (for
    everyone, Trip Over or not), and a Trip Over cancels them."""
    state = position(3, hands={1: f"HOOK KNIFE {defence}", 2: "TRIP"}, decks=("PK", ""))
    act(state, Draw(0))
    act(state, Defend(1, C(defence)))
    if defence == "BEHIND":
        act(state, Target(2))
    assert top_kind(state) == "window" and RULES.to_act(state) == [2, 0]  # in turn order after its player
    assert legal(state, 0) == [Pass(0)] and legal(state, 2) == [Pass(2), Trip(2)]
    events = act(state, Trip(2))
    assert ev(events, "tripped")[0].card is C(defence)
    events = let_go(state)  # the defender may trip the Trip Over: it doesn't hold one
    assert ev(events, "cancelled")[0].card is C(defence) and not ev(events, "defended")
    assert pile_codes(state, 1) == ["HOOK", "KNIFE"] and hand_codes(state, 1) == [] and pile_codes(state, 2) == []
    assert state.discard[-2:] == cards(f"TRIP {defence}") and state.turn == 1


def test_defending_is_only_for_those_attacked_and_holding_the_card():
    state = position(3, hands={1: "HOOK", 2: "BARRICADE"}, decks=("PK", ""))
    act(state, Draw(0))
    assert RULES.to_act(state) == [1]
    refused(state, Defend(1, C("BARRICADE")), "attacked: take it, or defend")
    refused(state, Defend(2, C("BARRICADE")), "not yours")


def test_the_fifth_psycho_killer_ends_the_game_after_its_attack():
    state = position(3, hands={1: "CHAINSAW"}, injuries={0: "PK PK", 1: "PK", 2: "PK"}, decks=("PK", ""))
    assert state.pks == 4
    act(state, Draw(0))
    assert state.phase == "play" and top_kind(state) == "attack"
    events = act(state, TakeHit(1))
    assert state.phase == "over" and state.how == "pk-limit" and state.pks == 5
    assert pile_codes(state, 1) == ["PK", "CHAINSAW"]  # the attack happened first
    assert state.winners == [2]
    assert kinds(events)[-1] == "game_over" and RULES.to_act(state) == []
    result = RULES.result(state)
    assert result.winners == [2] and result.details["points"] == [9, 8, 3] and result.scores == [-9, -8, -3]
    assert result.details["ranking"] == [2, 1, 0]


def test_the_fourth_psycho_killer_does_not_end_the_game():
    state = position(3, injuries={0: "PK PK", 1: "PK"}, decks=("PK", ""))
    act(state, Draw(0))
    assert state.phase == "play" and state.pks == 4 and state.turn == 1


def test_quickie_ends_at_the_third_psycho_killer():
    state = position(3, injuries={0: "PK", 1: "PK"}, decks=("PK", ""), pk_limit=3)
    act(state, Draw(0))
    assert state.phase == "over" and state.pks == 3 and state.winners == [2]


def test_an_evaded_fifth_psycho_killer_does_not_end_the_game():
    state = position(3, hands={0: "DTAP"}, injuries={0: "PK PK", 1: "PK PK"}, decks=("PK", ""))
    act(state, Draw(0))
    act(state, Evade(C("DTAP")))
    let_go(state)
    act(state, ToDeck(0))
    act(state, At(3))
    assert state.phase == "play" and state.pks == 4 and deck_codes(state, 0, 4)[3] == "PK"


# --- scoring and the seed's tie-breaks -------------------------------------------------------------


def _end_with(injuries, n=3):
    """Player 1 draws the last Psycho Killer (4 already in piles; nobody holds weapons)."""
    state = position(n, injuries=injuries, decks=("PK", ""))
    assert state.pks == 4
    act(state, Draw(0))
    assert state.phase == "over"
    return state


def test_fewest_injury_points_wins():
    state = _end_with({0: "KNIFE", 1: "PK PK", 2: "PK PK"})
    assert [score_key(state, q)[0] for q in range(3)] == [4, 6, 6]
    assert state.winners == [0]


def test_tie_on_points_fewest_psycho_killers_wins():
    state = _end_with({0: "HOOK", 1: "PK PK", 2: "PK PK"}, n=3)
    # Player 1 drew the fifth: PK + HOOK = 6 points, 1 PK; players 2 and 3: 6 points, 2 PKs.
    assert [score_key(state, q) for q in range(3)] == [(6, 1, 1), (6, 2, 0), (6, 2, 0)]
    assert state.winners == [0]


def test_tie_on_points_and_psycho_killers_fewest_weapons_wins():
    state = _end_with({0: "KNIFE KNIFE", 1: "PK HATCHET", 2: "PK PK PK"}, n=3)
    # 0: PK + 2 knives = 5 points, 1 PK, 2 weapons; 1: PK + hatchet = 5, 1 PK, 1 weapon; 2: 9.
    assert [score_key(state, q) for q in range(3)] == [(5, 1, 2), (5, 1, 1), (9, 3, 0)]
    assert state.winners == [1]


def test_a_full_tie_is_a_shared_win():
    state = _end_with({0: "HATCHET", 1: "PK HATCHET", 2: "PK PK PK"}, n=3)
    assert score_key(state, 0) == score_key(state, 1) == (5, 1, 1)
    assert state.winners == [0, 1]
    assert RULES.result(state).winners == [0, 1]


def test_points_come_before_the_psycho_killer_count():
    # Player 1: PK = 3 points, 1 PK; Player 2: no PK but a Chainsaw = 5 points, 0 PKs.
    state = _end_with({1: "CHAINSAW", 2: "PK PK PK PK"}, n=3)
    assert score_key(state, 0) == (3, 1, 0) and score_key(state, 1) == (5, 0, 1)
    assert state.winners == [0]


# --- predicaments: at once, or held when Left for Dead -----------------------------------------------


def test_a_drawn_predicament_is_shown_and_played_at_once():
    state = position(3, decks=("WOODS KNIFE DISARM", ""), rest="B")
    events = act(state, Draw(0))
    assert events[0].for_seat(2).card is C("WOODS")
    assert ev(events, "played")[0].card is C("WOODS")
    assert top_kind(state) == "window" and RULES.to_act(state) == [1, 2]
    let_go(state)
    assert top_kind(state) == "draws" and state.discard[-1] is C("WOODS")


def test_left_for_dead_at_ten_points_may_keep_a_drawn_predicament():
    state = position(3, injuries={0: LFD}, decks=("CAR", ""))
    assert left_for_dead(state, 0)
    act(state, Draw(0))
    assert top_kind(state) == "hold" and legal(state) == [KEEP, PLAY_NOW]
    events = act(state, KEEP)
    assert ev(events, "kept") and hand_codes(state, 0) == ["CAR"] and state.turn == 1 and state.stack == []


def test_left_for_dead_may_also_play_it_now():
    state = position(3, injuries={0: LFD}, decks=("WOODS", ""))
    act(state, Draw(0))
    act(state, PLAY_NOW)
    assert top_kind(state) == "window" and state.stack[-1].card is C("WOODS")


def test_nine_points_is_not_left_for_dead():
    state = position(3, injuries={0: NINE}, decks=("WOODS", ""))
    assert not left_for_dead(state, 0)
    act(state, Draw(0))
    assert top_kind(state) == "window"


def test_a_held_predicament_is_played_on_a_later_turn():
    state = position(2, hands={0: "WOODS"}, injuries={0: LFD}, decks=("DISARM FOOTAGE STITCHES", ""), rest="B")
    assert Play(C("WOODS")) in legal(state)
    play(state, "WOODS")
    assert top_kind(state) == "draws" and state.turn == 0
    act(state, Draw(0))
    act(state, Draw(0))
    assert state.turn == 0 and top_kind(state) is None  # the turn goes on: you still end it by drawing
    act(state, Draw(0))
    assert state.turn == 1


def test_betrayal_is_a_stop_card_played_at_once_even_left_for_dead_and_never_tripped():
    state = position(3, hands={0: "KNIFE HOOK DISARM", 1: "TRIP HATCHET", 2: "TRIP"}, injuries={0: LFD},
                     decks=("BETRAYAL", ""), hold_your_nerve=True)
    events = act(state, Draw(0))
    assert "window" not in [f.kind for f in state.stack] and ev(events, "played")[0].card is C("BETRAYAL")
    assert top_kind(state) == "attack" and RULES.to_act(state) == [0]  # you alone are attacked
    events = act(state, TakeHit(0))
    assert state.turn == 1
    assert pile_codes(state, 0) == LFD.split() + ["KNIFE", "HOOK"] and hand_codes(state, 0) == ["DISARM"]
    assert hand_codes(state, 1) == ["TRIP", "HATCHET"] and pile_codes(state, 1) == []  # you alone
    assert state.discard[-1] is C("BETRAYAL")


def test_barricade_answers_betrayal():
    state = position(3, hands={0: "KNIFE BARRICADE"}, decks=("BETRAYAL", ""))
    act(state, Draw(0))
    assert Defend(0, C("BARRICADE")) in legal(state, 0)
    act(state, Defend(0, C("BARRICADE")))
    let_go(state)
    assert hand_codes(state, 0) == ["KNIFE"] and pile_codes(state, 0) == [] and state.turn == 1


def test_a_predicament_given_to_a_left_for_dead_player_is_played_at_once():
    state = position(3, hands={0: "KEYS WOODS DISARM"}, injuries={0: LFD, 1: "CHAINSAW CHAINSAW"},
                     decks=("KNIFE HATCHET", ""), rest="B")
    play(state, "KEYS")
    act(state, Target(1))
    pick(state, "WOODS", "DISARM")
    assert top_kind(state) == "window" and state.stack[-1].seat == 1 and state.stack[-1].card is C("WOODS")
    assert RULES.to_act(state) == [2, 0]  # the others, from the receiver
    let_go(state)
    assert top_kind(state) == "draws" and state.stack[-1].seat == 1
    act(state, Draw(0))
    act(state, Draw(0))
    assert hand_codes(state, 1) == ["DISARM", "KNIFE", "HATCHET"]
    assert state.turn == 0 and top_kind(state) is None  # then the turn continues where it left off


def test_a_predicament_given_is_played_at_once_with_hold_your_nerve_too():
    state = position(3, hands={0: "KEYS CAR FOOTAGE", 1: "HOOK"}, hold_your_nerve=True)
    play(state, "KEYS")
    act(state, Target(1))
    pick(state, "CAR", "FOOTAGE")
    assert top_kind(state) == "window" and state.stack[-1].card is C("CAR") and state.stack[-1].seat == 1


def test_falling_below_ten_plays_every_predicament_held_at_once():
    state = position(3, hands={0: "STITCHES WOODS HURTS"}, injuries={0: LFD, 1: "KNIFE"},
                     decks=("DISARM FOOTAGE STITCHES", ""), rest="B")
    play(state, "STITCHES")
    act(state, Target(1))
    act(state, Pick(KNIFE))  # 10 → 9 points
    # Everybody Hurts or Lost in the Woods: both must now be played, one at a time.
    assert top_kind(state) == "window" and state.stack[-1].card in (C("WOODS"), C("HURTS"))
    first = state.stack[-1].card
    let_go(state)
    while top_kind(state) in ("draws", "pick"):
        act(state, legal(state)[0])
    assert top_kind(state) == "window" and state.stack[-1].card is not first
    let_go(state)
    while top_kind(state) in ("draws", "pick"):
        act(state, legal(state)[0])
    assert not any(c.kind == PREDICAMENT for c in state.hands[0])


def test_falling_below_ten_with_hold_your_nerve_keeps_the_predicaments():
    state = position(3, hands={0: "STITCHES WOODS"}, injuries={0: LFD}, hold_your_nerve=True)
    play(state, "STITCHES")
    act(state, Target(1))
    act(state, Pick(KNIFE))
    assert top_kind(state) is None and hand_codes(state, 0) == ["WOODS"]


def test_hold_your_nerve_everyone_may_keep_a_drawn_predicament():
    state = position(3, decks=("CAR", ""), hold_your_nerve=True)
    act(state, Draw(0))
    assert top_kind(state) == "hold"
    act(state, KEEP)
    assert hand_codes(state, 0) == ["CAR"]
    state.turn = 0
    assert Play(C("CAR")) in legal(state) and not any(a.kind == "play_on" for a in legal(state))


def test_hold_your_nerve_plays_one_held_predicament_a_turn():
    state = position(2, hands={0: "WOODS HURTS DISARM"}, decks=("KNIFE HATCHET FOOTAGE STITCHES", ""),
                     hold_your_nerve=True, rest="B")
    play(state, "WOODS")
    act(state, Draw(0))
    act(state, Draw(0))
    assert state.turn == 0 and top_kind(state) is None and state.nerve_used
    assert Play(C("HURTS")) not in legal(state) and Play(C("DISARM")) in legal(state)
    refused(state, Play(C("HURTS")), "Hold Your Nerve: one held predicament a turn, and you have played yours")
    act(state, Draw(0))  # the turn ends; the next one may play one again
    state.turn = 0
    assert not state.nerve_used and Play(C("HURTS")) in legal(state)


def test_hold_your_nerve_one_a_turn_counts_a_predicament_played_on_another():
    state = position(3, hands={0: "WOODS HURTS"}, injuries={0: LFD}, decks=("KNIFE HATCHET DISARM", ""),
                     hold_your_nerve=True, rest="B")
    act(state, PlayOn(C("WOODS"), 1))
    let_go(state)
    act(state, Draw(0))
    act(state, Draw(0))
    assert top_kind(state) is None and not any(a.kind in ("play", "play_on") for a in legal(state))


def test_left_for_dead_without_hold_your_nerve_plays_any_number_of_held_predicaments():
    state = position(2, hands={0: "WOODS HURTS"}, injuries={0: LFD}, decks=("KNIFE HATCHET DISARM", ""), rest="B")
    play(state, "WOODS")
    act(state, Draw(0))
    act(state, Draw(0))
    assert top_kind(state) is None and Play(C("HURTS")) in legal(state)


def test_a_revision_1_snapshot_without_nerve_used_still_loads():
    state = position(3, hold_your_nerve=True)
    data = RULES.encode_state(state)
    del data["nerve_used"]
    assert RULES.decode_state(data) == state


def test_hold_your_nerve_left_for_dead_plays_a_held_predicament_on_another_player():
    state = position(3, hands={0: "WOODS"}, injuries={0: LFD}, decks=("KNIFE HATCHET DISARM", ""),
                     hold_your_nerve=True, rest="B")
    assert {PlayOn(C("WOODS"), 1), PlayOn(C("WOODS"), 2)} <= set(legal(state))
    assert PlayOn(C("WOODS"), 0) not in legal(state)
    events = act(state, PlayOn(C("WOODS"), 2))
    assert ev(events, "played")[0].target == 2
    assert RULES.to_act(state) == [1, 2]  # everyone but its player may trip it, its target too
    let_go(state)
    assert top_kind(state) == "draws" and state.stack[-1].seat == 2  # the target resolves it
    act(state, Draw(0))
    act(state, Draw(0))
    assert hand_codes(state, 2) == ["KNIFE", "HATCHET"] and hand_codes(state, 0) == []
    assert state.turn == 0 and top_kind(state) is None


def test_betrayal_played_on_another_player_attacks_them_alone():
    state = position(3, hands={0: "BETRAYAL KNIFE", 1: "HOOK"}, injuries={0: LFD}, hold_your_nerve=True)
    act(state, PlayOn(C("BETRAYAL"), 1))
    assert top_kind(state) == "attack" and RULES.to_act(state) == [1]  # them alone
    act(state, TakeHit(1))
    assert pile_codes(state, 1) == ["HOOK"] and hand_codes(state, 0) == ["KNIFE"] and top_kind(state) is None


def test_play_on_another_needs_hold_your_nerve_and_left_for_dead():
    state = position(3, hands={0: "WOODS"}, injuries={0: LFD})
    refused(state, PlayOn(C("WOODS"), 1), "Only a Left for Dead player, with Hold Your Nerve")
    state = position(3, hands={0: "WOODS"}, hold_your_nerve=True)
    refused(state, PlayOn(C("WOODS"), 1), "Only a Left for Dead player")


# --- the Trip Over window ------------------------------------------------------------------------------


def test_every_other_seat_is_asked_in_turn_order_whether_or_not_they_hold_trip_over():
    state = position(4, hands={1: "NOSIGNAL", 2: "TRIP", 0: "FOOTAGE"}, turn=1)
    act(state, Play(C("NOSIGNAL")))
    assert top_kind(state) == "window" and RULES.to_act(state) == [2, 3, 0]
    assert legal(state, 3) == [Pass(3)] and legal(state, 0) == [Pass(0)]
    assert legal(state, 2) == [Pass(2), Trip(2)]
    assert RULES.legal_actions(state, 1) == []
    assert RULES.reaction_default(state, 3) == Pass(3)
    refused(state, Trip(3), "Trip Over it, or let it go")
    refused(state, Pass(1), "not yours")
    act(state, Pass(2))
    assert RULES.to_act(state) == [3, 0]
    act(state, Pass(3))
    act(state, Pass(0))
    assert state.silenced[2] and top_kind(state) is None


def test_the_window_asks_in_the_direction_of_play():
    state = position(4, hands={1: "NOSIGNAL"}, turn=1, direction=-1)
    act(state, Play(C("NOSIGNAL")))
    assert RULES.to_act(state) == [0, 3, 2]


def test_a_trip_cancels_the_card_it_is_discarded_and_its_action_never_happens():
    state = position(3, hands={0: "NOSIGNAL", 2: "TRIP"})
    act(state, Play(C("NOSIGNAL")))
    events = act(state, Trip(2))
    assert ev(events, "tripped")[0].card is C("NOSIGNAL")
    assert RULES.to_act(state) == [0, 1]  # the window reopens for everyone but the tripper
    act(state, Pass(0))
    events = act(state, Pass(1))
    assert ev(events, "cancelled")[0].card is C("NOSIGNAL")
    assert state.silenced == [False, False, False]
    assert state.discard[-2:] == [C("TRIP"), C("NOSIGNAL")] and state.turn == 0


def test_a_trip_over_can_be_tripped_an_even_number_lets_the_card_go():
    state = position(3, hands={0: "NOSIGNAL TRIP", 1: "TRIP", 2: "TRIP"})
    act(state, Play(C("NOSIGNAL")))
    act(state, Trip(1))
    assert RULES.to_act(state) == [2, 0]  # everyone but the tripper, in turn order after the tripper
    events = act(state, Trip(0))  # the card's own player trips the Trip Over
    assert ev(events, "tripped")[0].card is C("TRIP")
    assert RULES.to_act(state) == [1, 2]
    act(state, Pass(1))
    act(state, Pass(2))
    assert state.silenced[1] and top_kind(state) is None
    assert Counter(state.discard[-3:]) == Counter(cards("TRIP TRIP NOSIGNAL"))


def test_three_trips_cancel():
    state = position(3, hands={0: "NOSIGNAL TRIP", 1: "TRIP", 2: "TRIP"})
    act(state, Play(C("NOSIGNAL")))
    act(state, Trip(1))
    act(state, Trip(0))
    act(state, Trip(2))
    assert RULES.to_act(state) == [0, 1]
    act(state, Pass(0))
    act(state, Pass(1))
    assert state.silenced == [False, False, False] and state.discard[-1] is C("NOSIGNAL")


def test_a_cancelled_dead_end_does_not_end_the_turn_or_reverse():
    state = position(3, hands={0: "DEADEND", 1: "TRIP"})
    act(state, Play(C("DEADEND")))
    act(state, Trip(1))
    let_go(state)
    assert state.turn == 0 and state.direction == 1 and top_kind(state) is None
    assert legal(state) == [Draw(0)]  # Player 1 still ends the turn by drawing


def test_a_tripped_rewind_card_leaves_the_drawn_card_to_take():
    state = position(3, hands={0: "SLAM", 1: "TRIP"}, decks=("PK", ""))
    act(state, Draw(0))
    act(state, Evade(C("SLAM")))
    act(state, Trip(1))
    let_go(state)
    # No Rewind card left: the Psycho Killer is taken.
    assert pile_codes(state, 0) == ["PK"] and state.turn == 1


def test_a_tripped_rewind_card_with_another_left_asks_again():
    state = position(3, hands={0: "SLAM DTAP", 1: "TRIP"}, decks=("PK", ""))
    act(state, Draw(0))
    act(state, Evade(C("DTAP")))
    act(state, Trip(1))
    let_go(state)
    assert top_kind(state) == "drawn" and legal(state) == [ACCEPT, Evade(C("SLAM"))]


def test_a_predicament_played_at_once_can_be_tripped():
    state = position(3, hands={1: "TRIP"}, decks=("WOODS", ""))
    act(state, Draw(0))
    act(state, Trip(1))
    let_go(state)
    assert state.discard[-1] is C("WOODS") and state.turn == 1 and state.stack == []


def test_stop_cards_open_no_window():
    state = position(3, hands={1: "TRIP", 2: "TRIP"}, decks=("PK", ""))
    act(state, Draw(0))
    assert top_kind(state) is None and pile_codes(state, 0) == ["PK"]


def test_trip_over_is_never_played_on_your_own_turn():
    state = position(3, hands={0: "TRIP BARRICADE BEHIND"})
    refused(state, Play(C("TRIP")), "Trip Over answers a card being played")
    refused(state, Play(C("BARRICADE")), "Barricade answers an attack")
    refused(state, Play(C("BEHIND")), "It's Behind You answers an attack")
    assert legal(state) == [Draw(0)]


# --- Rewind cards: Slam the Door, Double Tap, Booby Trap -------------------------------------------------


def test_rewind_cards_answer_the_card_just_drawn_only():
    state = position(3, hands={0: "SLAM DTAP BOOBY"}, decks=("KNIFE", ""))
    for code in ("SLAM", "DTAP", "BOOBY"):
        refused(state, Play(C(code)), "answers a card you have just drawn")
    act(state, Draw(0))
    assert legal(state) == [ACCEPT, Evade(C("SLAM"))]  # a weapon: Slam the Door only


def test_rewind_options_for_a_psycho_killer_and_a_predicament():
    state = position(3, hands={0: "SLAM DTAP BOOBY"}, decks=("PK", ""))
    act(state, Draw(0))
    assert top_kind(state) == "drawn" and pile_codes(state, 0) == []
    assert legal(state) == [ACCEPT, Evade(C("DTAP")), Evade(C("SLAM")), Evade(C("BOOBY"))]
    state = position(3, hands={0: "SLAM DTAP BOOBY"}, decks=("CAR", ""))
    act(state, Draw(0))
    assert legal(state) == [ACCEPT, Evade(C("SLAM")), Evade(C("BOOBY"))]


def test_accepting_the_drawn_card_resolves_it():
    state = position(3, hands={0: "SLAM"}, decks=("PK", ""))
    act(state, Draw(0))
    act(state, ACCEPT)
    assert pile_codes(state, 0) == ["PK"] and hand_codes(state, 0) == ["SLAM"] and state.turn == 1


def test_slam_the_door_bottoms_the_card_and_draws_again_from_the_same_deck():
    state = position(3, hands={0: "SLAM"}, decks=("PK DISARM FOOTAGE", "BOOK"), rest="discard")
    act(state, Draw(0))
    events = act(state, Evade(C("SLAM")))
    assert ev(events, "evaded")[0].drawn is C("PK")
    assert RULES.to_act(state) == [1, 2]  # Slam the Door is played: it may be tripped
    events = let_go(state)
    assert deck_codes(state, 0) == ["FOOTAGE", "PK"] and hand_codes(state, 0) == ["DISARM"]
    ret = ev(events, "returned")[0]
    assert (ret.card, ret.deck, ret.where) == (C("PK"), 0, "bottom")
    assert ev(events, "drew")[0].how == "slam" and pile_codes(state, 0) == [] and state.turn == 1
    assert state.discard[-1] is C("SLAM")


def test_slam_the_door_on_a_weapon_still_allows_draw_again_on_a_turn_draw():
    state = position(3, hands={0: "SLAM"}, decks=("HOOK KNIFE DISARM", ""), rest="B")
    act(state, Draw(0))
    act(state, Evade(C("SLAM")))
    let_go(state)
    assert hand_codes(state, 0) == ["KNIFE"] and top_kind(state) == "again"
    assert deck_codes(state, 0)[-1] == "HOOK"


def test_slam_the_door_on_a_predicament_evades_it():
    state = position(3, hands={0: "SLAM"}, decks=("CAR DISARM", ""), rest="B")
    act(state, Draw(0))
    act(state, Evade(C("SLAM")))
    let_go(state)
    assert hand_codes(state, 0) == ["DISARM"] and deck_codes(state, 0)[-1] == "CAR" and state.turn == 1


def test_slam_the_door_on_the_last_card_of_a_deck_goes_under_the_other_and_draws_from_it():
    state = position(3, hands={0: "SLAM"}, decks=("PK", "DISARM FOOTAGE"), rest="discard")
    act(state, Draw(0))
    assert state.gone[0]
    act(state, Evade(C("SLAM")))
    events = let_go(state)
    assert state.gone == [True, False] and deck_codes(state, 1) == ["FOOTAGE", "PK"]
    assert hand_codes(state, 0) == ["DISARM"] and ev(events, "returned")[0].deck == 1
    assert ev(events, "drew")[0].deck == 1


def test_slam_the_door_on_the_very_last_card_is_not_offered():
    """No deck is left to put the card under or draw again from: the card is taken at once."""
    state = position(3, hands={0: "SLAM"}, decks=("PK", ""), rest="discard")
    state.gone[1] = True
    act(state, Draw(0))
    assert pile_codes(state, 0) == ["PK"] and hand_codes(state, 0) == ["SLAM"] and state.phase == "over"


def test_slam_the_door_inside_a_predicament_keeps_the_draw_inner():
    state = position(3, hands={0: "SLAM"}, decks=("WOODS KNIFE HATCHET DISARM FOOTAGE", ""), rest="B")
    act(state, Draw(0))
    act(state, ACCEPT)  # play Lost in the Woods
    let_go(state)
    act(state, Draw(0))
    act(state, Evade(C("SLAM")))
    let_go(state)
    assert hand_codes(state, 0) == ["HATCHET"] and top_kind(state) == "draws"  # not "again"


def test_double_tap_puts_a_drawn_psycho_killer_back_at_a_chosen_depth():
    state = position(3, hands={0: "DTAP", 1: "HOOK"}, decks=("PK DISARM FOOTAGE STITCHES", "BOOK KEYS"),
                     rest="discard")
    act(state, Draw(0))
    act(state, Evade(C("DTAP")))
    let_go(state)
    assert top_kind(state) == "deck" and legal(state) == [ToDeck(0), ToDeck(1)]
    act(state, ToDeck(1))
    assert top_kind(state) == "at" and legal(state) == [At(0), At(1), At(2)]
    events = act(state, At(1))
    assert deck_codes(state, 1) == ["BOOK", "PK", "KEYS"] and pile_codes(state, 0) == []
    ret = ev(events, "returned")[0]
    assert (ret.card, ret.deck, ret.where) == (C("PK"), 1, "1") and ret.for_seat(2) == ret  # seen by all
    assert state.pks == 0 and hand_codes(state, 1) == ["HOOK"]  # no attack
    assert state.turn == 1 and state.stack == []


def test_double_tap_at_a_depth_everyone_knows_where_it_is():
    state = position(3, hands={0: "DTAP"}, decks=("PK DISARM FOOTAGE STITCHES", "BOOK KEYS"), rest="discard")
    act(state, Draw(0))
    act(state, Evade(C("DTAP")))
    let_go(state)
    act(state, ToDeck(1))
    act(state, At(1))
    for q in range(3):
        for k in range(10):
            det = RULES.determinize(RULES.view(state, q), random.Random(k))
            assert det.decks[1][-2].card is C("PK")


@pytest.mark.parametrize("depth,expect", [(0, ["PK", "DISARM", "FOOTAGE"]), (2, ["DISARM", "FOOTAGE", "PK"])])
def test_double_tap_on_top_or_at_the_bottom(depth, expect):
    state = position(3, hands={0: "DTAP"}, decks=("PK DISARM FOOTAGE", "BOOK"), rest="discard")
    act(state, Draw(0))
    act(state, Evade(C("DTAP")))
    let_go(state)
    act(state, ToDeck(0))
    act(state, At(depth))
    assert deck_codes(state, 0) == expect
    if depth == 0:
        assert all(state.known[q][0] == [C("PK")] for q in range(3))  # everyone saw it go on top
        assert RULES.view(state, 2).known[0] == (C("PK"),)


def test_double_tap_only_for_a_psycho_killer():
    state = position(3, hands={0: "DTAP"}, decks=("CAR", ""))
    act(state, Draw(0))
    assert top_kind(state) == "window"  # no answer offered: played at once


def test_booby_trap_puts_a_psycho_killer_or_predicament_face_down_on_top_of_either_deck():
    state = position(3, hands={0: "BOOBY"}, decks=("PK DISARM", "FOOTAGE"), rest="discard", upside_down=True)
    act(state, Draw(0))
    act(state, Evade(C("BOOBY")))
    let_go(state)
    assert legal(state) == [ToDeck(0), ToDeck(1)]
    events = act(state, ToDeck(1))
    assert deck_codes(state, 1) == ["PK", "FOOTAGE"] and not state.decks[1][-1].up  # face down, Upside Down or not
    assert ev(events, "returned")[0].where == "top" and not ev(events, "returned")[0].face_up
    assert all(state.known[q][1] == [C("PK")] for q in range(3))  # put back in front of everyone
    assert state.turn == 1 and pile_codes(state, 0) == [] and hand_codes(state, 0) == []  # the draw is done
    act(state, Draw(1))
    assert pile_codes(state, 1) == ["PK"]
    assert all(state.known[q][1] == [] for q in range(3))


def test_booby_trap_a_predicament():
    state = position(3, hands={0: "BOOBY"}, decks=("HURTS DISARM", ""), rest="B")
    act(state, Draw(0))
    act(state, Evade(C("BOOBY")))
    let_go(state)
    act(state, ToDeck(0))
    assert deck_codes(state, 0, 2) == ["HURTS", "DISARM"] and state.turn == 1


def test_booby_trap_not_for_a_weapon_or_action():
    state = position(3, hands={0: "BOOBY"}, decks=("KNIFE", ""))
    act(state, Draw(0))
    assert top_kind(state) == "again"


# --- the other action cards --------------------------------------------------------------------------


def test_car_troubles_keep_one_card_shuffle_the_rest_into_one_deck_draw_four():
    state = position(3, hands={0: "HOOK KNIFE DISARM"}, decks=("CAR BOOK KEYS NOSIGNAL FOOTAGE SPLIT", "STITCHES"),
                     known={0: (3, 0), 1: (0, 1)}, rest="A")
    act(state, Draw(0))
    let_go(state)
    assert top_kind(state) == "pick" and set(legal(state)) == {Pick(HOOK), Pick(KNIFE), Pick(C("DISARM"))}
    refused(state, DONE, "choose cards")  # exactly one card is kept
    act(state, Pick(C("DISARM")))
    assert top_kind(state) == "deck" and legal(state) == [ToDeck(0), ToDeck(1)]
    events = act(state, ToDeck(1))
    assert hand_codes(state, 0) == ["DISARM"] and len(state.decks[1]) == 3
    assert Counter(deck_codes(state, 1)) == Counter(["STITCHES", "HOOK", "KNIFE"])
    assert state.known[1][1] == []  # the deck was shuffled: what was known of it is gone
    assert ev(events, "shuffled_in")[0].for_seat(1).cards is None
    assert top_kind(state) == "draws" and state.stack[-1].count == 4
    for _ in range(4):
        act(state, Draw(0))
    assert hand_codes(state, 0) == ["DISARM", "BOOK", "KEYS", "NOSIGNAL", "FOOTAGE"]
    assert state.turn == 1 and state.stack == []


def test_car_troubles_with_an_empty_hand_just_draws_four_each_from_a_chosen_deck():
    state = position(3, decks=("CAR KNIFE BOOK", "HATCHET KEYS"), rest="discard")
    act(state, Draw(0))
    let_go(state)
    assert top_kind(state) == "draws"
    act(state, Draw(1))  # a weapon: no draw-again inside a predicament
    assert top_kind(state) == "draws"
    act(state, Draw(0))
    act(state, Draw(1))
    act(state, Draw(0))
    assert hand_codes(state, 0) == ["HATCHET", "KNIFE", "KEYS", "BOOK"]
    assert state.phase == "over"  # and no card is left


def test_car_troubles_a_psycho_killer_drawn_inside_resolves_and_the_draws_go_on():
    state = position(3, hands={1: "HOOK"}, decks=("CAR PK DISARM FOOTAGE BOOK", ""), rest="B")
    act(state, Draw(0))
    let_go(state)
    act(state, Draw(0))
    assert top_kind(state) == "attack" and RULES.to_act(state) == [1]
    act(state, TakeHit(1))
    assert top_kind(state) == "draws" and state.stack[-1].count == 3
    for _ in range(3):
        act(state, Draw(0))
    assert pile_codes(state, 0) == ["PK"] and hand_codes(state, 0) == ["DISARM", "FOOTAGE", "BOOK"]


def test_everybody_hurts_everyone_takes_up_to_five_points_from_their_own_pile():
    state = position(3, injuries={0: "PK CHAINSAW KNIFE", 1: "HOOK HATCHET KNIFE", 2: "PK"},
                     decks=("HURTS", ""), turn=1)
    act(state, Draw(0))
    let_go(state)
    # In turn order from its player; seat 3 holds only a Psycho Killer: never asked.
    assert top_kind(state) == "pick" and state.stack[-1].seat == 1
    assert [f.seat for f in state.stack if f.kind == "pick"] == [0, 1]  # 1 on top, then 0
    assert set(legal(state)) == {Pick(HOOK), Pick(HATCHET), Pick(KNIFE)}
    refused(state, DONE, "choose cards")  # at least one
    act(state, Pick(HOOK))
    assert set(legal(state)) == {Pick(HATCHET), Pick(KNIFE), DONE}  # 2 points left
    act(state, Pick(HATCHET))  # 5 points: done by itself
    assert hand_codes(state, 1) == ["HOOK", "HATCHET"] and pile_codes(state, 1) == ["KNIFE"]
    assert state.stack[-1].seat == 0 and set(legal(state)) == {Pick(CHAINSAW), Pick(KNIFE)}
    events = act(state, Pick(KNIFE))  # 4 points left: the Chainsaw no longer fits, so it is done by itself
    assert ev(events, "took_back")[0].cards == (KNIFE,)
    assert pile_codes(state, 0) == ["PK", "CHAINSAW"] and hand_codes(state, 0) == ["KNIFE"]
    assert state.turn == 2 and state.stack == []


def test_everybody_hurts_the_chainsaw_fits_five():
    state = position(2, injuries={0: "CHAINSAW"}, decks=("HURTS", ""))
    act(state, Draw(0))
    let_go(state)
    act(state, Pick(CHAINSAW))
    assert hand_codes(state, 0) == ["CHAINSAW"] and state.turn == 1


def test_lost_in_the_woods_two_more_draws_each_resolving_as_usual():
    state = position(3, hands={2: "KNIFE"}, decks=("WOODS PK KNIFE DISARM", ""), rest="B")
    act(state, Draw(0))
    let_go(state)
    act(state, Draw(0))
    assert top_kind(state) == "attack" and RULES.to_act(state) == [2]
    act(state, TakeHit(2))
    assert top_kind(state) == "draws" and state.stack[-1].count == 1
    act(state, Draw(0))
    assert hand_codes(state, 0) == ["KNIFE"] and state.turn == 1 and state.stack == []


def test_lost_in_the_woods_a_predicament_drawn_inside_is_played_at_once():
    state = position(3, decks=("WOODS WOODS DISARM FOOTAGE BOOK", ""), rest="B")
    act(state, Draw(0))
    let_go(state)
    act(state, Draw(0))
    assert top_kind(state) == "window" and state.stack[-1].card is C("WOODS")
    let_go(state)
    for _ in range(3):
        act(state, Draw(0))
    assert hand_codes(state, 0) == ["DISARM", "FOOTAGE", "BOOK"] and state.turn == 1


def test_disarm_any_number_of_weapons_and_predicaments_shuffled_into_one_deck():
    state = position(3, hands={0: "DISARM HOOK KNIFE WOODS FOOTAGE"}, injuries={0: LFD},
                     decks=("STITCHES", "BOOK"), rest="discard")
    play(state, "DISARM")
    assert set(legal(state)) == {Pick(HOOK), Pick(KNIFE), Pick(C("WOODS")), DONE}  # not an action
    act(state, Pick(HOOK))
    act(state, Pick(C("WOODS")))
    assert set(legal(state)) == {Pick(KNIFE), DONE}
    act(state, DONE)
    assert top_kind(state) == "deck"
    events = act(state, ToDeck(1))
    assert Counter(deck_codes(state, 1)) == Counter(["BOOK", "HOOK", "WOODS"])
    assert hand_codes(state, 0) == ["KNIFE", "FOOTAGE"] and state.turn == 0
    sh = ev(events, "shuffled_in")[0]
    assert sh.cards == (HOOK, C("WOODS")) and sh.for_seat(2).cards is None and sh.for_seat(2).count == 2
    assert C("DISARM") in state.discard and HOOK not in state.discard  # weapons never go to the discard pile


def test_disarm_nothing_chosen_nothing_shuffled():
    state = position(3, hands={0: "DISARM HOOK"})
    play(state, "DISARM")
    act(state, DONE)
    assert top_kind(state) is None and hand_codes(state, 0) == ["HOOK"]


def test_found_footage_looks_at_the_top_three_of_one_deck_seen_by_its_player_only():
    state = position(3, hands={0: "FOOTAGE"}, decks=("PK KNIFE CAR BOOK", "DISARM"), rest="B")
    play(state, "FOOTAGE")
    assert legal(state) == [ToDeck(0), ToDeck(1)]
    events = act(state, ToDeck(0))
    assert state.known[0][0] == cards("PK KNIFE CAR") and deck_codes(state, 0, 4) == ["PK", "KNIFE", "CAR", "BOOK"]
    looked = ev(events, "looked")[0]
    assert looked.cards == tuple(cards("PK KNIFE CAR")) and looked.for_seat(1).cards is None
    assert RULES.view(state, 0).known[0] == tuple(cards("PK KNIFE CAR"))
    assert RULES.view(state, 1).known == ((), ()) and RULES.view(state, None).known == ((), ())
    assert state.turn == 0  # the turn goes on
    act(state, Draw(1))  # the other deck: still known
    assert state.known[0][0] == cards("PK KNIFE CAR")
    state.turn = 0
    act(state, Draw(0))
    assert state.known[0][0] == cards("KNIFE CAR")


def test_found_footage_on_a_short_deck_sees_what_there_is():
    state = position(3, hands={0: "FOOTAGE"}, decks=("", "KNIFE HOOK"), rest="A")
    play(state, "FOOTAGE")
    act(state, ToDeck(1))
    assert state.known[0][1] == cards("KNIFE HOOK")


def test_dead_end_reverses_play_and_ends_the_turn_without_a_draw():
    state = position(4, hands={1: "DEADEND"}, turn=1)
    sizes = [len(d) for d in state.decks]
    events = play(state, "DEADEND")
    assert state.direction == -1 and state.turn == 0
    assert [len(d) for d in state.decks] == sizes and hand_codes(state, 1) == []
    assert ev(events, "reversed")[0].direction == -1 and kinds(events)[-2:] == ["turn_ended", "turn_started"]
    act(state, Draw(0))
    assert state.turn == 3


def test_dead_end_with_two_players_only_the_no_draw_part_matters():
    state = position(2, hands={0: "DEADEND"})
    play(state, "DEADEND")
    assert state.turn == 1
    act(state, Draw(0))
    assert state.turn == 0


def test_drop_your_keys_gives_exactly_two_cards_to_one_player():
    state = position(3, hands={0: "KEYS HOOK KNIFE DISARM", 2: "FOOTAGE"})
    play(state, "KEYS")
    assert top_kind(state) == "target" and legal(state) == [Target(1), Target(2)]
    refused(state, Target(0), "choose a player")
    act(state, Target(2))
    assert set(legal(state)) == {Pick(HOOK), Pick(KNIFE), Pick(C("DISARM"))}  # no Done: exactly 2
    act(state, Pick(HOOK))
    refused(state, DONE, "choose cards")
    events = act(state, Pick(KNIFE))
    assert hand_codes(state, 2) == ["FOOTAGE", "HOOK", "KNIFE"] and hand_codes(state, 0) == ["DISARM"]
    gave = ev(events, "gave")[0]
    assert gave.cards == (HOOK, KNIFE) and gave.for_seat(1).cards is None and gave.for_seat(2).cards == (HOOK, KNIFE)
    assert state.turn == 0 and top_kind(state) is None


def test_drop_your_keys_needs_two_other_cards():
    state = position(3, hands={0: "KEYS HOOK"})
    refused(state, Play(C("KEYS")), "Drop Your Keys would do nothing now")


def test_lets_split_up_everyone_passes_one_card_to_the_left_at_once():
    state = position(4, hands={0: "SPLIT HOOK KNIFE", 1: "DISARM", 2: "", 3: "FOOTAGE BOOK"})
    play(state, "SPLIT")
    # Everyone with cards chooses, in turn order from the card's player; Player 3's hand is empty.
    assert top_kind(state) == "pick" and state.stack[-1].seat == 0
    assert set(legal(state)) == {Pick(HOOK), Pick(KNIFE)}
    refused(state, DONE, "choose cards")
    act(state, Pick(HOOK))
    assert state.stack[-1].seat == 1 and hand_codes(state, 0) == ["KNIFE"]
    assert RULES.view(state, 1).stack[-1].picks == ()  # unseen by the others
    act(state, Pick(C("DISARM")))  # Player 2 passes its only card: what it receives is not passed on
    assert state.stack[-1].seat == 3 and set(legal(state)) == {Pick(C("FOOTAGE")), Pick(C("BOOK"))}
    events = act(state, Pick(C("BOOK")))
    assert hand_codes(state, 0) == ["KNIFE", "BOOK"] and hand_codes(state, 1) == ["HOOK"]
    assert hand_codes(state, 2) == ["DISARM"] and hand_codes(state, 3) == ["FOOTAGE"]  # an empty hand only receives
    assert [(g.seat, g.to) for g in ev(events, "gave")] == [(0, 1), (1, 2), (3, 0)]
    assert state.turn == 0 and top_kind(state) is None


def test_lets_split_up_passes_left_whatever_the_direction_of_play():
    state = position(3, hands={0: "SPLIT HOOK", 1: "KNIFE", 2: "DISARM"}, direction=-1)
    play(state, "SPLIT")
    assert state.stack[-1].seat == 0
    act(state, Pick(HOOK))
    assert state.stack[-1].seat == 2  # choosing goes in turn order (anticlockwise now)
    act(state, Pick(C("DISARM")))
    act(state, Pick(KNIFE))
    assert hand_codes(state, 1) == ["HOOK"] and hand_codes(state, 2) == ["KNIFE"] and hand_codes(state, 0) == ["DISARM"]


def test_lets_split_up_a_predicament_passed_is_played_at_once_by_its_receiver():
    state = position(3, hands={0: "SPLIT HOOK", 1: "WOODS", 2: "DISARM"}, injuries={1: LFD},
                     decks=("FOOTAGE BOOK", ""), rest="B")
    play(state, "SPLIT")
    pick(state, "HOOK", "WOODS", "DISARM")
    assert top_kind(state) == "window" and state.stack[-1].seat == 2 and state.stack[-1].card is C("WOODS")
    let_go(state)
    act(state, Draw(0))
    act(state, Draw(0))
    assert hand_codes(state, 2) == ["FOOTAGE", "BOOK"] and hand_codes(state, 0) == ["DISARM"]


def test_no_signal_the_next_player_plays_no_cards_during_their_next_turn():
    state = position(3, hands={0: "NOSIGNAL TRIP", 1: "FOOTAGE TRIP SLAM", 2: "DISARM"},
                     decks=("NOSIGNAL PK STITCHES", ""), rest="B")
    events = play(state, "NOSIGNAL")
    assert ev(events, "silenced")[0].seat == 1 and state.silenced == [False, True, False]
    state_copy = state.copy()
    act(state, Draw(0))  # Player 1 ends the turn
    assert state.turn == 1
    assert legal(state) == [Draw(0), Draw(1)]
    refused(state, Play(C("FOOTAGE")), "No Signal: you can't play cards this turn")
    act(state, Draw(0))  # a Psycho Killer: no Slam the Door for the silenced player
    assert pile_codes(state, 1) == ["PK"] and state.turn == 2 and state.silenced == [False, False, False]
    # On other players' turns the victim plays as usual.
    state = state_copy
    state.turn = 2
    act(state, Play(C("DISARM")))
    assert legal(state, 1) == [Pass(1), Trip(1)]


def test_no_signal_blocks_trip_over_and_attack_answers_on_the_victims_turn():
    state = position(3, hands={0: "TRIP", 1: "BARRICADE HOOK"}, decks=("WOODS PK", ""), turn=1, silenced=[1],
                     rest="B")
    act(state, Draw(0))  # Lost in the Woods, played at once: the silenced player's own card
    let_go(state)
    act(state, Draw(0))
    assert legal(state, 1) == [TakeHit(1)]


def test_no_signal_victim_follows_the_direction_of_play():
    state = position(3, hands={0: "NOSIGNAL"}, direction=-1)
    play(state, "NOSIGNAL")
    assert state.silenced == [False, False, True]


def test_book_of_the_dead_takes_any_card_from_the_discard_pile_and_the_turn_goes_on():
    state = position(3, hands={0: "BOOK"}, discard="CAR DISARM FOOTAGE")
    play(state, "BOOK")
    assert set(legal(state)) == {Pick(C("CAR")), Pick(C("DISARM")), Pick(C("FOOTAGE"))}  # not itself
    events = act(state, Pick(C("DISARM")))
    assert hand_codes(state, 0) == ["DISARM"] and ev(events, "took_discard")
    assert state.discard == cards("CAR FOOTAGE BOOK") and state.turn == 0 and top_kind(state) is None


def test_book_of_the_dead_never_takes_itself_but_may_take_another_copy():
    state = position(3, hands={0: "BOOK"}, discard="BOOK")
    play(state, "BOOK")
    assert legal(state) == [Pick(C("BOOK"))]
    act(state, Pick(C("BOOK")))
    assert hand_codes(state, 0) == ["BOOK"] and state.discard == [C("BOOK")]


def test_book_of_the_dead_with_an_empty_discard_pile_cannot_be_played():
    state = position(3, hands={0: "BOOK"})
    refused(state, Play(C("BOOK")), "Book of the Dead would do nothing now")


def test_bandaid_takes_up_to_three_points_from_any_injury_pile_into_your_hand():
    state = position(3, hands={0: "BANDAID"}, injuries={0: "PK", 1: "HOOK KNIFE HATCHET", 2: "CHAINSAW"})
    play(state, "BANDAID")
    assert legal(state) == [Target(1)]  # only piles with a weapon that fits (not the PK, not the Chainsaw)
    act(state, Target(1))
    assert set(legal(state)) == {Pick(HOOK), Pick(KNIFE), Pick(HATCHET)}
    act(state, Pick(HATCHET))
    assert set(legal(state)) == {Pick(KNIFE), DONE}
    events = act(state, DONE)
    assert hand_codes(state, 0) == ["HATCHET"] and pile_codes(state, 1) == ["HOOK", "KNIFE"]
    took = ev(events, "took_back")[0]
    assert (took.seat, took.pile, took.cards) == (0, 1, (HATCHET,))


def test_bandaid_on_your_own_pile():
    state = position(3, hands={0: "BANDAID"}, injuries={0: "KNIFE KNIFE KNIFE KNIFE"})
    play(state, "BANDAID")
    assert legal(state) == [Target(0)]
    act(state, Target(0))
    pick(state, "KNIFE", "KNIFE", "KNIFE")  # 3 points: done by itself
    assert hand_codes(state, 0) == ["KNIFE"] * 3 and pile_codes(state, 0) == ["KNIFE"]


def test_bandaid_with_nothing_to_take_cannot_be_played():
    state = position(3, hands={0: "BANDAID"}, injuries={1: "PK CHAINSAW"})
    refused(state, Play(C("BANDAID")), "would do nothing now")


def test_stitches_gives_up_to_three_points_from_your_pile_to_another_players_hand():
    state = position(3, hands={0: "STITCHES"}, injuries={0: "PK HOOK KNIFE"})
    play(state, "STITCHES")
    assert legal(state) == [Target(1), Target(2)]
    act(state, Target(2))
    assert set(legal(state)) == {Pick(HOOK), Pick(KNIFE)}  # never the Psycho Killer
    act(state, Pick(KNIFE))  # 2 points left: the Hook doesn't fit, done by itself
    assert hand_codes(state, 2) == ["KNIFE"] and pile_codes(state, 0) == ["PK", "HOOK"] and hand_codes(state, 0) == []


def test_stitches_with_no_weapon_in_your_pile_cannot_be_played():
    state = position(3, hands={0: "STITCHES"}, injuries={0: "PK CHAINSAW", 1: "KNIFE"})
    refused(state, Play(C("STITCHES")), "would do nothing now")


# --- refusals ---------------------------------------------------------------------------------------


def test_refusals_on_your_turn_have_one_line_reasons_and_change_nothing():
    state = position(3, hands={0: "HOOK DISARM", 1: "FOOTAGE"}, injuries={0: LFD}, gone=(False, False))
    refused(state, Play(HOOK), "Weapons are never played")
    refused(state, Play(C("FOOTAGE")), "You don't hold Found Footage")
    refused(state, Play(C("FOOTAGE")), "It is Player 1's move, not yours", player=1)
    refused(state, Draw(0), "not yours", player=2)
    refused(state, STOP, "Play cards, then draw from either deck")
    refused(state, ACCEPT, "Play cards, then draw")
    refused(state, Pass(1), "not yours")
    refused(state, Target(1), "Play cards, then draw")


def test_refusals_inside_a_frame_name_what_is_asked():
    state = position(3, hands={0: "DISARM HOOK"})
    play(state, "DISARM")
    refused(state, Draw(0), "Now: choose cards")
    refused(state, Pick(C("DISARM")), "choose cards")
    refused(state, Pick(KNIFE), "choose cards")
    act(state, Pick(HOOK))  # nothing more to choose: done by itself
    refused(state, DONE, "Now: choose a deck")
    refused(state, ToDeck(0), "not yours", player=1)
    refused(state, At(0), "Now: choose a deck")


def test_a_finished_game_refuses_everything():
    state = _end_with({0: "PK", 1: "PK", 2: "PK PK"})
    for action in (Draw(0), Draw(1), STOP, Pass(1), ACCEPT):
        refused(state, action, "The game is over")
    assert all(RULES.legal_actions(state, q) == [] for q in range(3))


# --- Upside Down -------------------------------------------------------------------------------------


def test_upside_down_slam_the_door_returns_the_card_face_up_seen_by_everyone():
    state = position(3, hands={0: "SLAM"}, decks=("KNIFE DISARM FOOTAGE", "BOOK"), rest="discard", upside_down=True)
    act(state, Draw(0))
    act(state, Evade(C("SLAM")))
    events = let_go(state)
    assert state.decks[0][0] == Slot(KNIFE, True)
    ret = ev(events, "returned")[0]
    assert ret.face_up and ret.for_seat(2).card is KNIFE
    for seat in (1, 2, None):
        assert RULES.view(state, seat).faces[0] == ((1, KNIFE),)  # under the Found Footage: 2nd from the top


def test_upside_down_disarmed_cards_go_back_face_up():
    state = position(3, hands={0: "DISARM HOOK"}, decks=("", "STITCHES"), rest="A", upside_down=True)
    play(state, "DISARM")
    act(state, Pick(HOOK))
    act(state, ToDeck(1))
    ups = [(s.card.code, s.up) for s in state.decks[1]]
    assert ("HOOK", True) in ups and ("STITCHES", False) in ups
    view = RULES.view(state, 2)
    assert [c for _, c in view.faces[1]] == [HOOK]


def test_upside_down_double_tap_goes_back_face_up():
    state = position(3, hands={0: "DTAP"}, decks=("PK DISARM FOOTAGE", "BOOK"), rest="discard", upside_down=True)
    act(state, Draw(0))
    act(state, Evade(C("DTAP")))
    let_go(state)
    act(state, ToDeck(0))
    act(state, At(2))
    assert RULES.view(state, 1).faces[0] == ((2, C("PK")),)


def test_without_upside_down_returned_cards_go_face_down():
    state = position(3, hands={0: "SLAM"}, decks=("KNIFE DISARM", "BOOK"), rest="discard")
    act(state, Draw(0))
    act(state, Evade(C("SLAM")))
    events = let_go(state)
    assert not any(s.up for s in state.decks[0])
    assert ev(events, "returned")[0].for_seat(1).card is None  # seen by its player only


# --- views ------------------------------------------------------------------------------------------


def test_another_players_draw_is_hidden_in_the_view_unless_black():
    state = position(3, hands={0: "SLAM"}, decks=("KNIFE", ""), rest="B")
    act(state, Draw(0))
    assert top_kind(state) == "drawn"
    assert RULES.view(state, 0).stack[-1].card is KNIFE
    assert RULES.view(state, 1).stack[-1].card is None and RULES.view(state, 1).stack_hidden[-1] == 1
    state = position(3, hands={0: "SLAM"}, decks=("PK", ""), rest="B")
    act(state, Draw(0))
    assert RULES.view(state, 1).stack[-1].card is C("PK")


@pytest.mark.parametrize("hold_your_nerve, injuries", [(True, ""), (False, LFD)])
def test_a_kept_predicament_is_seen_by_its_keeper_only(hold_your_nerve, injuries):
    """The others learn that a predicament was drawn and kept, never which: not in the draw, the
    frame stack (the card just drawn, the keep-or-play choice) nor the keeping."""
    state = position(3, hands={0: "SLAM"}, injuries={0: injuries}, decks=("CAR", ""), rest="B",
                     hold_your_nerve=hold_your_nerve)
    events = act(state, Draw(0))
    drew = ev(events, "drew")[0]
    assert drew.for_seat(0).card is C("CAR") and drew.for_seat(1).card is None and drew.for_seat(None).card is None
    assert top_kind(state) == "drawn" and RULES.view(state, 0).stack[-1].card is C("CAR")
    assert RULES.view(state, 1).stack[-1].card is None and RULES.view(state, None).stack[-1].card is None
    events += act(state, ACCEPT)
    assert top_kind(state) == "hold" and RULES.view(state, 0).stack[-1].card is C("CAR")
    assert RULES.view(state, 2).stack[-1].card is None and RULES.view(state, 2).stack_hidden[-1] == 1
    events += act(state, KEEP)
    kept = ev(events, "kept")[0]
    assert kept.for_seat(0).card is C("CAR") and kept.for_seat(1).card is None
    assert kept.for_seat(1).describe(["Ana", "Bob", "Cy"]) == "Ana keeps a predicament for later"
    for seat in (1, 2, None):
        shown = [e.for_seat(seat) for e in events]
        assert all(C("CAR") not in (getattr(e, "card", None), getattr(e, "drawn", None)) for e in shown), shown


def test_a_predicament_its_drawer_must_play_is_seen_by_all():
    state = position(3, injuries={0: NINE}, decks=("CAR", ""), rest="B")
    events = act(state, Draw(0))
    assert ev(events, "drew")[0].for_seat(1).card is C("CAR") and RULES.view(state, 1).stack[-1].card is C("CAR")


def test_a_booby_trapped_kept_predicament_goes_back_face_down():
    """Others learn that a card went on top of deck B, not which: only the trapper knows it."""
    state = position(3, hands={0: "BOOBY"}, injuries={0: LFD}, decks=("HURTS DISARM", "FOOTAGE"), rest="discard",
                     upside_down=True, known={1: (0, 1)})
    act(state, Draw(0))
    events = act(state, Evade(C("BOOBY")))
    assert ev(events, "evaded")[0].for_seat(1).drawn is None and ev(events, "evaded")[0].for_seat(0).drawn is C("HURTS")
    let_go(state)
    assert top_kind(state) == "deck" and RULES.view(state, 0).stack[-1].picks == (C("HURTS"),)
    assert RULES.view(state, 1).stack[-1].picks == () and RULES.view(state, 1).stack_hidden[-1] == 1
    events = act(state, ToDeck(1))
    ret = ev(events, "returned")[0]
    assert ret.for_seat(0).card is C("HURTS") and ret.for_seat(1).card is None and ret.for_seat(None).card is None
    assert deck_codes(state, 1) == ["HURTS", "FOOTAGE"] and not state.decks[1][-1].up
    assert state.known[0][1] == [C("HURTS")] and state.known[1][1] == [] and state.known[2][1] == []
    for seat in (1, 2, None):
        view = RULES.view(state, seat)
        assert view.placed[1] == () and view.faces[1] == () and C("HURTS") not in view.known[1]
    assert RULES.view(state, 0).known[1] == (C("HURTS"),)
    events = act(state, Draw(1))  # the next player draws it and must play it: now everyone sees it
    assert ev(events, "drew")[0].for_seat(2).card is C("HURTS")


def test_move_limit_ends_the_game_on_the_scores():
    state = position(3, decks=("DISARM", "FOOTAGE"), injuries={1: "KNIFE"})
    state.actions = MAX_ACTIONS - 1
    act(state, Draw(0))
    assert state.phase == "over" and state.how == "move-limit" and state.winners == [0, 2]


def test_save_and_load_a_position_mid_frame():
    state = position(3, hands={0: "KEYS HOOK KNIFE"})
    play(state, "KEYS")
    act(state, Target(1))
    act(state, Pick(HOOK))
    back = PkState.from_json(state.to_json())
    assert back == state and back.stack == state.stack
    act(back, Pick(KNIFE))
    assert hand_codes(back, 1) == ["HOOK", "KNIFE"]


# --- more situations --------------------------------------------------------------------------------


def test_no_signal_lasts_until_the_victims_next_turn_even_after_dead_end():
    state = position(4, hands={0: "NOSIGNAL DEADEND", 1: "TRIP FOOTAGE", 2: "DISARM"},
                     decks=("STITCHES STITCHES BANDAID BANDAID", ""), rest="B")
    play(state, "NOSIGNAL")
    assert state.silenced == [False, True, False, False]
    play(state, "DEADEND")  # anticlockwise now: Player 4, then 3, then 2
    assert state.turn == 3 and state.silenced[1]
    act(state, Draw(0))
    assert state.turn == 2
    act(state, Play(C("DISARM")))
    assert Trip(1) in legal(state, 1)  # on another player's turn the victim plays as usual
    let_go(state)
    act(state, Draw(0))
    assert state.turn == 1 and legal(state) == [Draw(0), Draw(1)]
    act(state, Draw(0))
    assert state.silenced == [False, False, False, False] and state.turn == 0


def test_the_drawer_may_barricade_its_own_psycho_killers_attack():
    state = position(3, hands={0: "HOOK BARRICADE", 1: "KNIFE"}, decks=("PK", ""))
    act(state, Draw(0))
    assert RULES.to_act(state) == [0, 1]
    act(state, Defend(0, C("BARRICADE")))
    let_go(state)
    act(state, TakeHit(1))
    assert pile_codes(state, 0) == ["PK"] and hand_codes(state, 0) == ["HOOK"] and pile_codes(state, 1) == ["KNIFE"]


def test_a_rewind_answer_comes_before_keeping_a_predicament():
    state = position(3, hands={0: "BOOBY"}, injuries={0: LFD}, decks=("CAR DISARM", ""), rest="B")
    act(state, Draw(0))
    assert top_kind(state) == "drawn" and legal(state) == [ACCEPT, Evade(C("BOOBY"))]
    act(state, ACCEPT)
    assert top_kind(state) == "hold"


def test_an_answer_the_drawn_card_does_not_allow_is_refused():
    state = position(3, hands={0: "DTAP SLAM"}, decks=("KNIFE", ""))
    act(state, Draw(0))
    refused(state, Evade(C("DTAP")), "Now: take the card you drew, or answer it with a Rewind card")
    refused(state, Evade(C("BOOBY")), "Now: take the card you drew")
    refused(state, KEEP, "Now: take the card you drew")


def test_edition_1_double_tap_has_one_deck_to_choose():
    state = position(3, hands={0: "DTAP"}, decks=("PK KNIFE", ""), edition=1)
    act(state, Draw(0))
    act(state, Evade(C("DTAP")))
    let_go(state)
    assert legal(state) == [ToDeck(0)]


def test_lets_split_up_with_two_players_swaps_one_card_each():
    state = position(2, hands={0: "SPLIT HOOK", 1: "KNIFE"})
    play(state, "SPLIT")
    act(state, Pick(HOOK))
    act(state, Pick(KNIFE))
    assert hand_codes(state, 0) == ["KNIFE"] and hand_codes(state, 1) == ["HOOK"]


def test_left_for_dead_may_hold_several_predicaments_and_give_them_away():
    state = position(3, hands={0: "KEYS"}, injuries={0: LFD}, decks=("CAR HURTS", ""), rest="B")
    act(state, Draw(0))
    act(state, KEEP)
    state.turn = 0
    act(state, Draw(0))
    act(state, KEEP)
    state.turn = 0
    assert hand_codes(state, 0) == ["KEYS", "CAR", "HURTS"]
    play(state, "KEYS")
    act(state, Target(2))
    pick(state, "CAR", "HURTS")
    # Both must be played at once by their receiver, one after the other.
    assert top_kind(state) == "window" and state.stack[-1].seat == 2 and state.stack[-1].card is C("CAR")
    assert [f.kind for f in state.stack].count("forced") == 1


def test_upside_down_a_face_up_card_drawn_is_seen_by_everyone():
    state = position(3, hands={0: "SLAM"}, decks=("HOOK DISARM", "BOOK"), rest="discard", upside_down=True)
    act(state, Draw(0))
    act(state, Evade(C("SLAM")))
    let_go(state)
    assert state.decks[0] == [Slot(HOOK, True)]
    events = act(state, Draw(0))  # Player 2 draws the face-up Hook everyone saw coming
    assert ev(events, "drew")[0].for_seat(2).card is HOOK


def test_the_stack_does_not_show_whether_the_drawer_holds_slam_the_door():
    """Every draw leaves the card waiting for its drawer (the host takes it at once for a drawer
    with no Rewind card to play, `auto_action`, and a bot answers it at once too,
    `answered_at_once`), so the others' views and the wait look alike."""
    views = []
    for hand in ("SLAM", "DISARM"):
        state = position(3, hands={0: hand}, decks=("FOOTAGE", ""), rest="B")
        RULES.apply(state, Draw(0), 0)
        assert (RULES.auto_action(state, 0) is None) == (hand == "SLAM")
        assert RULES.answered_at_once(state, 0)
        views.append(RULES.view(state, 1))
    assert [f.kind for f in views[0].stack] == [f.kind for f in views[1].stack]
    assert views[0].turn == views[1].turn


def test_a_trip_asks_again_those_who_had_already_let_the_card_go():
    state = position(4, hands={0: "FOOTAGE", 3: "TRIP"})
    act(state, Play(C("FOOTAGE")))
    act(state, Pass(1))
    act(state, Pass(2))
    act(state, Trip(3))
    assert RULES.to_act(state) == [0, 1, 2]
    assert legal(state, 0) == [Pass(0)] and legal(state, 1) == [Pass(1)]
    let_go(state)
    assert top_kind(state) is None and state.discard[-2:] == cards("TRIP FOOTAGE")  # cancelled: no deck choice


def test_trip_over_with_two_players():
    state = position(2, hands={0: "DEADEND TRIP", 1: "TRIP"})
    act(state, Play(C("DEADEND")))
    assert RULES.to_act(state) == [1]
    act(state, Trip(1))
    assert RULES.to_act(state) == [0]
    act(state, Trip(0))
    assert RULES.to_act(state) == [1] and legal(state, 1) == [Pass(1)]
    act(state, Pass(1))
    assert state.turn == 1  # two trips: the Dead End went ahead and ended the turn


def test_predicaments_no_longer_held_all_wait_out_of_the_hand_so_car_troubles_cannot_shuffle_one_away():
    """Below 10 points every held predicament must be played: all leave the hand at once, each
    in its own `forced` frame, so the first (Car Troubles) can't shuffle the next into a deck."""
    state = position(3, turn=1, hands={0: "CAR WOODS KNIFE", 1: "BANDAID"}, injuries={0: "HOOK HOOK HOOK HATCHET"},
                     decks=("DISARM FOOTAGE STITCHES BOOK NOSIGNAL SPLIT KEYS DEADEND", ""), rest="B")
    assert left_for_dead(state, 0)
    play(state, "BANDAID", 1)
    act(state, Target(0))
    act(state, Pick(C("HOOK")))  # 3 points: nothing more fits, done; seat 0 falls to 8
    assert not left_for_dead(state, 0) and hand_codes(state, 0) == ["KNIFE"]
    forced = [f for f in state.stack if f.kind == "forced"]
    assert [f.card for f in forced] == [C("WOODS")] and top_kind(state) == "window"
    assert RULES.view(state, 2).stack[[f.kind for f in state.stack].index("forced")].card is None  # unseen
    let_go(state)  # Car Troubles resolves: keep the Knife; nothing else to shuffle away; draw 4
    pick(state, "KNIFE")
    for _ in range(4):
        act(state, Draw(0))
    assert top_kind(state) == "window" and state.stack[-1].card is C("WOODS")  # then Lost in the Woods


def test_an_attack_is_no_timed_window_and_only_a_player_who_can_defend_is_asked():
    """Attacked, a player with Barricade or It's Behind You decides however long it takes (no
    reaction default); one with nothing to defend with has the weapons go at once."""
    state = position(3, turn=0, hands={1: "KNIFE BARRICADE", 2: "HOOK"}, decks=("PK", ""))
    RULES.apply(state, Draw(0), 0)
    RULES.apply(state, ACCEPT, 0)
    assert top_kind(state) == "attack" and RULES.to_act(state) == [1, 2]
    assert RULES.reaction_default(state, 1) is None and RULES.reaction_default(state, 2) is None
    assert RULES.auto_action(state, 1) is None and RULES.auto_action(state, 2) == TakeHit(2)
    assert RULES.answered_at_once(state, 1) is False


def test_its_behind_you_waiting_for_its_target_is_taken_back_whole():
    """Esc in its target prompt: the card goes back to the hand and the attack asks again."""
    from cutthroat.saves import Seat
    from cutthroat.session import Session

    state = position(3, hands={1: "HOOK KNIFE BEHIND"}, decks=("PK", ""))
    seats = [Seat("human", n) for n in ("Ana", "Bob", "Cy")]
    session = Session("psycho-killer", {}, 0, seats, state=state)
    session.apply(Draw(0), 0)
    while (seat := session.current_seat) is not None and (auto := RULES.auto_action(session.state, seat)):
        session.apply(auto, seat)  # (the host takes the drawn Psycho Killer without asking)
    attacked = RULES.encode_state(session.state)
    session.apply(Defend(1, C("BEHIND")), 1)
    assert RULES.open_play(session.state, 1) == 1 and RULES.open_play(session.state, 0) == 0
    assert session.take_back(1) == [(1, Defend(1, C("BEHIND")))]
    assert RULES.encode_state(session.state) == attacked and "BEHIND" in hand_codes(session.state, 1)
    session.apply(TakeHit(1), 1)
    assert RULES.open_play(session.state, 1) == 0 and session.take_back(1) == []


def test_a_revision_1_save_goes_on_from_its_snapshot():
    """A save from before the rules fixes (no `nerve_used`; its log may replay differently now)
    loads where it was, said in one line."""
    from pathlib import Path

    from cutthroat import saves

    data = saves.read(Path(__file__).parent / "data" / "pk-revision-1-draw-again.json")
    assert data.note.startswith("Saved before a Psycho Killer rules fix") and data.log == []
    assert not data.state.nerve_used and top_kind(data.state) == "again" and RULES.to_act(data.state) == [0]


def test_one_point_is_said_in_the_singular():
    from cutthroat.games.psycho_killer.events import Injured

    names = ["Ana", "Bob", "Cy"]
    assert Injured(1, (KNIFE,), 1).describe(names) == "Knife into Bob's injury pile (1 point)"
    assert Injured(1, (HATCHET,), 2).describe(names) == "Hatchet into Bob's injury pile (2 points)"
    view = RULES.view(position(3), 0)
    assert RULES.describe_action(view, Pick(KNIFE), names) == "Knife (1 point)"


def test_its_behind_you_among_answers_asked_at_once_is_told_as_it_is_made_and_taken_back():
    """Two attacked players answer one Psycho Killer at once. Bob's It's Behind You waits for his
    target: the table can't hide it (Cy's prompt goes while Bob picks), so everyone is told
    what happened, and that he took it back."""
    from cutthroat.host import InlineWorkers, ManualClock, TableHost
    from cutthroat.saves import Seat
    from cutthroat.session import Session

    state = position(3, hands={1: "HOOK BEHIND", 2: "KNIFE"}, decks=("PK", ""))
    seats = [Seat("human", name) for name in ("Ana", "Bob", "Cy")]
    host = TableHost(Session("psycho-killer", {}, 0, seats, state=state), clock=ManualClock(), workers=InlineWorkers())
    heard: list = []
    host.port(None).listen(heard.append)
    assert host.submit(0, Draw(0)) is None
    while list(heard[-1].to_act) == [0]:  # Ana takes the card she drew (no Rewind card to answer it)
        assert host.submit(0, host.session.legal_actions(0)[0]) is None
    assert sorted(heard[-1].to_act) == [1, 2]  # both answer the attack, asked at once
    assert host.submit(1, Defend(1, C("BEHIND"))) is None
    assert heard[-1].to_act == (1,) and heard[-1].view == RULES.view(host.session.state, None)
    assert host.take_back(1) is None
    assert [e.kind for e in heard[-1].events] == ["undone"] and sorted(heard[-1].to_act) == [1, 2]
