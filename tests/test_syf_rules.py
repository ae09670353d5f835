"""Stab Your Friends: one or more tests per rule of shared/rules/stab-your-friends.md, the seed
text and the in-app rules.md (including Cutthroat's Decisions), and one block per card.

Seats are "Player 1" … in the rules' own words (seat 0 is Player 1). Positions come from
`helpers_syf.position`, which keeps all 60 cards accounted for; `act` checks `validate()` after
every action.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cutthroat import saves
from cutthroat.engine.protocol import IllegalAction
from cutthroat.games.stab_your_friends.cards import (
    ALL_CARDS,
    BY_CODE,
    HAND_SIZE,
    KINDS,
    MAX_LIVES,
    PLAYS_PER_ROUND,
    build_deck,
)
from cutthroat.games.stab_your_friends.rules import (
    ACTIVATE,
    DRAW,
    KEEP,
    RULES,
    Activated,
    Blocked,
    CalledOut,
    CallOut,
    Discarded,
    Drew,
    Eliminated,
    GameWon,
    Healed,
    Hurt,
    Move,
    Moved,
    Place,
    Placed,
    Reshuffled,
    Revealed,
    RoundEnded,
    RoundStarted,
    Skipped,
    Target,
    setup_problem,
)
from cutthroat.games.stab_your_friends.state import MAX_ROUNDS, Front, SyfState
from cutthroat.saves import Seat, new_stats, tally
from cutthroat.session import Session
from helpers_syf import (
    ACTIVATING,
    DRAWING,
    OVER,
    PLAYING,
    C,
    F,
    act,
    ev,
    front_codes,
    hand_codes,
    kinds,
    position,
    refused,
    run_activation,
    step,
)

NAMES = ("Ann", "Bob", "Cat", "Dan")
FULL = {0: "DRINK DRINK DRINK DRINK", 1: "BOW BOW BOW BOW", 2: "LOVE LOVE LOVE LOVE"}  # no draw next round


def activations(events) -> list[tuple[int, str]]:
    return [(e.seat, e.card.code) for e in events if e.kind == "activated"]


def cards_of(spec: str):
    return [C(c) for c in spec.split()]


def play_out(state) -> list:
    """Every seat to place puts its first card in front of itself until the play phase ends."""
    events = []
    while state.phase == PLAYING:
        events += act(state, Place(state.hands[state.turn][0], state.turn))
    return events


# --- the cards and setup ---------------------------------------------------------------------


@pytest.mark.parametrize("code,name,priority,count", [
    ("GOLD", "Golden Left Potion", 1, 2), ("LEFT", "Left Potion", 2, 4), ("GOB", "Gobblin Hands", 3, 4),
    ("SHIELD", "Shield", 4, 6), ("AX", "Battle Ax", 5, 4), ("BOW", "Bow", 6, 6), ("FIRE", "Fireball", 7, 4),
    ("DAGGER", "Dagger", 8, 8), ("BOMB", "Bomb", 9, 3), ("LOVE", "Love Potion", 10, 5), ("SNAKE", "Snake", 11, 3),
    ("CRYSTAL", "Crystal", 12, 3), ("DRINK", "Drink", 13, 8),
])
def test_card_table_matches_the_rules_table(code, name, priority, count):
    card = BY_CODE[code]
    assert (card.name, card.priority, card.count) == (name, priority, count)
    assert Counter(build_deck())[card] == count


def test_sixty_cards_in_thirteen_kinds_with_distinct_red_numbers():
    assert len(KINDS) == len(ALL_CARDS) == 13
    assert len(build_deck()) == 60
    assert sorted(c.priority for c in ALL_CARDS) == list(range(1, 14))
    assert (MAX_LIVES, HAND_SIZE, PLAYS_PER_ROUND) == (5, 4, 2)


@pytest.mark.parametrize("n", range(2, 9))
def test_new_game_five_lives_sixty_cards_face_up_deck_draw_phase(n):
    state = RULES.new_game({}, 11, n)
    state.validate()
    assert state.n == n and state.lives == [5] * n and state.out == [False] * n
    assert Counter(state.all_cards()) == Counter(build_deck())
    assert len(state.deck) == 60 and state.discard == [] and state.hands == [[] for _ in range(n)]
    assert state.fronts == [[] for _ in range(n)]
    assert state.phase == DRAWING and state.round == 1 and state.turn == state.crown
    assert state.call_out == "off" and state.winners == [] and state.eliminations == []
    for seat in [*range(n), None]:  # the deck is face up: everyone sees its top card
        view = RULES.view(state, seat)
        assert view.deck_top is state.deck[-1] and view.deck_count == 60


def test_the_deck_is_shuffled_by_the_seed():
    a, b, c = (RULES.new_game({}, s, 3) for s in (1, 1, 2))
    assert a == b and a.deck == b.deck
    assert a.deck != c.deck and a.deck != build_deck()


@pytest.mark.parametrize("first,crown", [("1", 0), ("3", 2), ("4", 3)])
def test_first_royal_from_the_variant_draws_first(first, crown):
    state = RULES.new_game({"first-royal": first}, 5, 4)
    assert state.crown == crown and state.turn == crown
    assert RULES.to_act(state) == [crown]


def test_first_royal_at_random_by_default_and_reproducible():
    assert RULES.default_config() == {"first-royal": "random", "royal-call-out": "off", "memory-aid": "on"}
    crowns = {RULES.new_game({}, seed, 4).crown for seed in range(60)}
    assert crowns == {0, 1, 2, 3}
    assert RULES.new_game({}, 9, 4).crown == RULES.new_game({"first-royal": "random"}, 9, 4).crown


@pytest.mark.parametrize("n", range(2, 9))
def test_two_to_eight_players_set_up(n):
    assert setup_problem({}, n) is None and RULES.setup_problem({"first-royal": str(n)}, n) is None
    assert (RULES.min_players, RULES.max_players) == (2, 8)


@pytest.mark.parametrize("config,players,reason", [
    ({}, 1, "Stab Your Friends takes 2–8 players, not 1"),
    ({}, 9, "Stab Your Friends takes 2–8 players, not 9"),
    ({"first-royal": "5"}, 4, "first-royal names seat 5, but there are 4 players"),
    ({"first-royal": "0"}, 4, "first-royal must be random or a seat 1–4, not '0'"),
    ({"first-royal": "me"}, 3, "first-royal must be random or a seat 1–3, not 'me'"),
    ({"royal-call-out": "on"}, 4, "royal-call-out must be off|crown|anyone"),
    ({"memory-aid": "maybe"}, 4, "memory-aid must be on|off"),
])
def test_setup_problems_have_reasons_and_new_game_refuses(config, players, reason):
    assert setup_problem(config, players) == reason
    with pytest.raises(ValueError, match="^" + reason.replace("|", r"\|") + "$"):
        RULES.new_game(config, 0, players)


def test_the_memory_aid_is_a_table_setting_on_by_default_and_the_views_are_the_same_either_way():
    """Off, the table shows others' hands as counts (the app's `k`); what a seat's view carries —
    and so what the bots remember — is the same either way. A served table's setup takes it too."""
    from cutthroat.engine.registry import parse_variants
    from cutthroat.games.stab_your_friends.rules import memory_aid

    assert RULES.default_config()["memory-aid"] == "on" and memory_aid(RULES.default_config())
    off = parse_variants(RULES, ["memory-aid=off"])
    assert not memory_aid(off) and setup_problem(off, 4) is None
    assert memory_aid({}), "a save from before the setting keeps the aid"
    with_aid, without = RULES.new_game({}, 5, 4), RULES.new_game(off, 5, 4)
    assert RULES.view(with_aid, 1) == RULES.view(without, 1)


@pytest.mark.parametrize("mode", ["off", "crown", "anyone"])
def test_royal_call_out_variant_sets_the_mode(mode):
    assert RULES.new_game({"royal-call-out": mode}, 0, 3).call_out == mode


# --- the draw phase --------------------------------------------------------------------------


def test_draw_from_the_crown_clockwise_one_card_at_a_time_until_all_hold_four():
    state = RULES.new_game({"first-royal": "2"}, 3, 3)
    drawers, taken = [], []
    while state.phase == DRAWING:
        top = state.deck[-1]
        seat = state.turn
        events = act(state, DRAW)
        assert events[0] == Drew(seat, top)  # the face-up top card, seen by all
        assert events[0].for_seat(None) == events[0]
        drawers.append(seat)
        taken.append((seat, top))
    assert drawers == [1, 2, 0] * 4
    assert kinds(events) == ["drew"]
    assert [len(h) for h in state.hands] == [4, 4, 4] and len(state.deck) == 48
    for q in range(3):
        assert state.hands[q] == [c for s, c in taken if s == q]
    assert state.phase == PLAYING and state.turn == 1 and state.queue == [1, 2, 0, 1, 2, 0]


def test_everyone_knows_every_hand_after_the_draw():
    state = RULES.new_game({"first-royal": "1"}, 4, 3)
    while state.phase == DRAWING:
        act(state, DRAW)
    for seat in [0, 1, 2, None]:
        view = RULES.view(state, seat)
        assert view.pools == tuple(tuple(sorted(h)) for h in state.hands) and view.hidden == (0, 0, 0)


def test_hands_carry_over_and_only_short_hands_draw():
    state = position(3, phase=DRAWING, hands={0: "BOW BOW", 1: "DAGGER DAGGER DAGGER DAGGER"},
                     deck="LOVE LOVE LOVE LOVE LOVE DRINK DRINK", rest="deck")
    drawers = []
    while state.phase == DRAWING:
        drawers.append(state.turn)
        act(state, DRAW)
    assert drawers == [0, 2, 0, 2, 2, 2]
    assert hand_codes(state, 0) == ["BOW", "BOW", "LOVE", "LOVE"]
    assert hand_codes(state, 1) == ["DAGGER"] * 4
    assert hand_codes(state, 2) == ["LOVE", "LOVE", "LOVE", "DRINK"]
    assert state.deck[-1] is C("DRINK")


def test_players_who_are_out_draw_nothing():
    state = position(3, lives={1: 0}, phase=DRAWING, rest="deck")
    drawers = []
    while state.phase == DRAWING:
        drawers.append(state.turn)
        act(state, DRAW)
    assert drawers == [0, 2] * 4 and state.hands[1] == []
    assert state.queue == [0, 2, 0, 2]


def test_deck_runs_out_discard_pile_shuffled_into_new_face_up_deck():
    state = position(2, phase=DRAWING, hands={0: "BOW BOW BOW", 1: "BOW BOW BOW"}, deck="DAGGER")
    old_discard = Counter(state.discard)
    assert len(state.deck) == 1 and sum(old_discard.values()) == 53
    events = act(state, DRAW)
    assert events == [Drew(0, C("DAGGER")), Reshuffled(53)]
    assert state.discard == [] and Counter(state.deck) == old_discard and len(state.deck) == 53
    assert state.turn == 1 and state.phase == DRAWING
    assert RULES.view(state, 0).deck_top is state.deck[-1] and RULES.view(state, 1).deck_count == 53
    top = state.deck[-1]
    assert act(state, DRAW) == [Drew(1, top)]
    assert state.phase == PLAYING


def test_reshuffle_order_comes_from_the_state_rng():
    a = position(2, phase=DRAWING, hands={0: "BOW BOW BOW"}, deck="DAGGER", seed=1)
    b = position(2, phase=DRAWING, hands={0: "BOW BOW BOW"}, deck="DAGGER", seed=1)
    c = position(2, phase=DRAWING, hands={0: "BOW BOW BOW"}, deck="DAGGER", seed=2)
    for s in (a, b, c):
        act(s, DRAW)
    assert a.deck == b.deck and a.deck != c.deck


def test_deck_and_discard_both_empty_the_draw_ends_short():
    hands = {0: "DRINK DRINK DRINK DRINK", 1: "DRINK DRINK DRINK DRINK", 2: "BOW BOW BOW BOW", 3: "FIRE FIRE FIRE FIRE"}
    hands.update({4: "DAGGER DAGGER DAGGER DAGGER", 5: "DAGGER DAGGER DAGGER DAGGER", 6: "SHIELD SHIELD SHIELD SHIELD",
                  7: "LOVE LOVE"})
    state = position(8, phase=DRAWING, hands=hands, deck="LOVE")
    # Everything else lies face up in front of seat 0, so the discard pile is empty too.
    state.fronts[0] = [Front(c, 0, face_up=True) for c in state.discard]
    state.discard = []
    state.validate()
    assert state.turn == 7
    events = act(state, DRAW)
    assert events == [Drew(7, C("LOVE"))]  # no reshuffle: nothing to shuffle
    assert state.deck == [] and state.discard == []
    assert state.phase == PLAYING and len(state.hands[7]) == 3 and state.queue == list(range(8)) * 2


def test_auto_action_is_draw_for_the_drawer_only():
    state = position(3, phase=DRAWING, rest="deck")
    assert RULES.auto_action(state, 0) == DRAW
    assert RULES.auto_action(state, 1) is None and RULES.paced_action(state, 0) is None
    assert RULES.legal_actions(state, 0) == [DRAW] and RULES.legal_actions(state, 1) == []
    play = position(3, hands=FULL)
    assert RULES.auto_action(play, play.turn) is None


# --- the play phase --------------------------------------------------------------------------


def test_play_twice_round_from_the_crown_in_front_of_anyone_yourself_included():
    state = position(3, crown=1, hands={0: "DRINK DRINK DRINK DRINK", 1: "LOVE LOVE LOVE LOVE",
                                        2: "BOW BOW BOW BOW"})
    assert state.queue == [1, 2, 0, 1, 2, 0]
    assert RULES.legal_actions(state, 1) == [Place(C("LOVE"), t) for t in (0, 1, 2)]
    order = []
    plan = [(C("LOVE"), 1), (C("BOW"), 0), (C("DRINK"), 2), (C("LOVE"), 0), (C("BOW"), 1), (C("DRINK"), 0)]
    for card, target in plan:
        order.append(state.turn)
        events = act(state, Place(card, target))
        assert events[0] == Placed(order[-1], target, card, False)
    assert order == [1, 2, 0, 1, 2, 0]
    assert kinds(events) == ["placed", "revealed"]
    assert [[(f.card.code, f.by) for f in fs] for fs in state.fronts] == [
        [("BOW", 2), ("LOVE", 1), ("DRINK", 0)], [("LOVE", 1), ("BOW", 2)], [("DRINK", 0)]]
    assert [len(h) for h in state.hands] == [2, 2, 2]
    assert state.phase == ACTIVATING and state.at == (1, 1) and state.turn == 1  # the royal's Bow first


def test_a_face_down_card_is_seen_by_its_placer_alone():
    state = position(3, hands=FULL)
    events = act(state, Place(C("DRINK"), 2))
    placed = events[0]
    assert placed == Placed(0, 2, C("DRINK"), False)
    assert placed.for_seat(0) == placed
    for seat in (1, 2, None):
        assert placed.for_seat(seat) == Placed(0, 2, None, False)
    assert RULES.view(state, 0).fronts[2] == (Front(C("DRINK"), 0),)
    for seat in (1, 2, None):
        view = RULES.view(state, seat)
        assert view.fronts[2] == (Front(None, 0),)
        assert view.pools[0] == tuple(sorted(state.hands[0] + [C("DRINK")])) and view.hidden[0] == 1
    assert RULES.view(state, 0).hidden == (0, 0, 0)


def test_cards_go_only_in_front_of_players_still_in():
    state = position(4, lives={2: 0}, hands={0: "BOW DAGGER", 1: "DRINK", 3: "LOVE"})
    assert RULES.legal_actions(state, 0) == [Place(C("BOW"), t) for t in (0, 1, 3)] + \
        [Place(C("DAGGER"), t) for t in (0, 1, 3)]
    refused(state, Place(C("BOW"), 2), "Player 3 is out of the game")
    refused(state, Place(C("BOW"), 4), "There is no player 5")
    refused(state, Place(C("BOW"), -1), "There is no player 0")
    refused(state, Place(C("SNAKE"), 1), "You don't hold a Snake")
    refused(state, Place(C("BOW"), 1), "It is Player 1's move, not yours", player=1)
    refused(state, DRAW, "Play phase: put a card from your hand in front of a player")
    refused(state, ACTIVATE, "Play phase")
    refused(state, Target(1), "Play phase")


def test_an_empty_hand_skips_its_plays():
    state = position(3, hands={0: "DRINK", 2: "BOW BOW"})
    assert state.queue == [0, 1, 2, 0, 1, 2] and state.turn == 0
    assert act(state, Place(C("DRINK"), 0)) == [Placed(0, 0, C("DRINK"), False), Skipped(1, "empty")]
    assert state.turn == 2
    assert kinds(act(state, Place(C("BOW"), 1))) == ["placed", "skipped", "skipped"]
    assert state.turn == 2 and state.queue == [2]
    assert kinds(act(state, Place(C("BOW"), 0))) == ["placed", "revealed"]
    assert state.phase == ACTIVATING


def test_a_seat_under_a_snake_is_left_out_of_the_play_queue():
    state = position(2, phase=DRAWING, hands={0: "BOW BOW BOW BOW", 1: "DAGGER DAGGER DAGGER"},
                     fronts={0: [("SNAKE", 1, "side")]}, crown=1, deck="DRINK DRINK")
    events = act(state, DRAW)  # seat 1 fills up; seat 0 is under a Snake; seat 1 plays alone
    assert events == [Drew(1, C("DRINK")), Skipped(0, "snake")]
    assert state.queue == [1, 1] and state.turn == 1


def test_snake_sideways_means_no_plays_and_is_discarded_on_its_second_activation():
    state = position(3, phase=ACTIVATING, hands=FULL, fronts={1: ["SNAKE"]}, deck="DRINK")
    events = step(state)
    assert events == [Activated(1, C("SNAKE"), "turns sideways: no plays next round"), RoundEnded(1, 1),
                      RoundStarted(2, 1), Skipped(1, "snake")]
    assert state.fronts[1] == [F("SNAKE", 1, "side")]
    assert state.phase == PLAYING and state.queue == [2, 0, 2, 0] and state.turn == 2
    assert RULES.legal_actions(state, 1) == []
    play_out(state)  # seats 2 and 0 each place two cards in front of themselves
    assert hand_codes(state, 1) == ["BOW"] * 4  # seat 1 played nothing: the hand carries over
    events = run_activation(state)
    assert activations(events) == [(2, "LOVE"), (2, "LOVE"), (1, "SNAKE"), (0, "DRINK"), (0, "DRINK")]
    assert ev(events, "activated")[2].what == "discarded"
    assert state.fronts[1] == [] and C("SNAKE") in state.discard
    while state.phase == DRAWING:
        act(state, DRAW)
    assert state.crown == 2 and state.queue == [2, 0, 1, 2, 0, 1]  # seat 1 plays again


def test_crystal_sideways_means_face_up_plays_and_goes_after_two():
    state = position(2, phase=ACTIVATING, hands={0: "BOW BOW DRINK DRINK", 1: "LOVE LOVE LOVE LOVE"},
                     fronts={0: ["CRYSTAL"]}, deck="DAGGER")
    events = step(state)
    assert events[0] == Activated(0, C("CRYSTAL"), "turns sideways: plays go face up")
    assert state.fronts[0] == [F("CRYSTAL", 0, "side")] and state.phase == PLAYING and state.turn == 1
    view = RULES.view(state, 0)
    assert RULES.describe_action(view, Place(C("BOW"), 1), NAMES) == "Bow face up in front of Bob"
    assert act(state, Place(C("LOVE"), 1)) == [Placed(1, 1, C("LOVE"), False)]  # no Crystal: face down
    events = act(state, Place(C("BOW"), 1))
    assert events == [Placed(0, 1, C("BOW"), True)]
    assert events[0].for_seat(1) == events[0] and events[0].for_seat(None) == events[0]  # public
    assert RULES.view(state, 1).fronts[1][-1] == Front(C("BOW"), 0, face_up=True)
    assert state.face_up_plays == [1, 0] and state.fronts[0] == [F("CRYSTAL", 0, "side")]
    act(state, Place(C("LOVE"), 1))
    events = act(state, Place(C("DRINK"), 0))
    assert events[:2] == [Placed(0, 0, C("DRINK"), True), Discarded(0, (C("CRYSTAL"),), "two face-up plays")]
    assert kinds(events) == ["placed", "discarded", "revealed"]
    assert front_codes(state, 0) == ["DRINK"] and state.discard[-1] is C("CRYSTAL")
    assert state.face_up_plays == [0, 0]


def test_crystal_counts_face_up_plays_across_rounds():
    state = position(2, hands={0: "BOW", 1: "LOVE LOVE"}, fronts={0: [("CRYSTAL", 1, "side")]})
    act(state, Place(C("BOW"), 1))  # seat 0's one card, face up
    assert state.face_up_plays == [1, 0] and front_codes(state, 0) == ["CRYSTAL"]
    assert state.fronts[1][-1] == Front(C("BOW"), 0, face_up=True)


def test_a_sideways_crystal_activating_again_stays():
    state = position(2, phase=ACTIVATING, fronts={0: [("CRYSTAL", 1, "side")], 1: ["DRINK"]}, hands=FULL)
    assert step(state) == [Activated(0, C("CRYSTAL"), "stays until two face-up plays")]
    assert state.fronts[0] == [F("CRYSTAL", 1, "side", "done")]
    step(state)
    assert state.fronts[0] == [F("CRYSTAL", 1, "side")]  # ready again next round


# --- activation ------------------------------------------------------------------------------


def test_all_cards_flip_face_up_when_activation_begins():
    state = position(2, hands={0: "DAGGER", 1: "BOW"}, queue=[0, 1])
    act(state, Place(C("DAGGER"), 1))
    assert RULES.view(state, 1).fronts[1] == (Front(None, 0),)
    events = act(state, Place(C("BOW"), 1))
    assert events[1] == Revealed(((), (C("DAGGER"), C("BOW"))))
    assert state.fronts[1] == [Front(C("DAGGER"), 0, True), Front(C("BOW"), 1, True)]
    for seat in (0, 1, None):
        assert RULES.view(state, seat).fronts == ((), tuple(state.fronts[1]))


def test_lowest_red_number_activates_first():
    state = position(3, phase=ACTIVATING, lives={1: 4}, hands=FULL, deck="DRINK",
                     fronts={0: ["DRINK", "DAGGER"], 1: ["CRYSTAL", "LOVE"], 2: ["BOMB", "SHIELD"]})
    assert state.at == (2, 1) and state.turn == 2
    events = run_activation(state)
    assert activations(events) == [(2, "SHIELD"), (0, "DAGGER"), (2, "BOMB"), (1, "LOVE"), (1, "CRYSTAL"),
                                   (0, "DRINK")]
    assert state.lives == [4, 5, 5]


@pytest.mark.parametrize("crown,order", [(0, [0, 1, 2, 3]), (2, [2, 3, 0, 1]), (3, [3, 0, 1, 2])])
def test_the_same_card_in_front_of_several_players_goes_in_seat_order_from_the_royal(crown, order):
    state = position(4, phase=ACTIVATING, crown=crown, fronts={q: ["DAGGER"] for q in range(4)})
    events = run_activation(state)
    assert [e.seat for e in ev(events, "hurt")] == order
    assert state.lives == [4, 4, 4, 4]


def test_duplicates_in_front_of_one_player_one_after_another():
    state = position(3, phase=ACTIVATING, crown=1,
                     fronts={0: ["DAGGER"], 1: [("DAGGER", 0), ("DAGGER", 2)], 2: [("DAGGER", 1)]})
    events = run_activation(state)
    assert [(e.seat, e.by, e.lives) for e in ev(events, "hurt")] == [(1, 0, 4), (1, 2, 3), (2, 1, 4), (0, 0, 4)]


def test_a_card_acts_for_whoever_it_is_in_front_of_when_it_activates():
    state = position(3, phase=ACTIVATING, fronts={0: ["LEFT", ("DAGGER", 0)], 2: ["DRINK"]})
    assert step(state) == [Activated(0, C("LEFT"), "the cards here move left"), Moved((C("DAGGER"),), 0, 1)]
    assert state.at == (1, 0) and state.turn == 1
    assert step(state) == [Activated(1, C("DAGGER")), Hurt(1, 1, C("DAGGER"), 0, 4)]
    assert state.lives == [5, 4, 5]


def test_paced_action_is_activate_when_the_next_card_needs_no_choice():
    state = position(3, phase=ACTIVATING, fronts={1: [("BOW", 0)], 2: ["DRINK"]})
    assert state.turn == 1
    assert RULES.paced_action(state, 1) == ACTIVATE and RULES.legal_actions(state, 1) == [ACTIVATE]
    assert RULES.paced_action(state, 0) is None and RULES.auto_action(state, 1) is None
    refused(state, Target(2), "The next card activates now")
    refused(state, Place(C("BOW"), 2), "The next card activates now")
    refused(state, DRAW, "The next card activates now")
    refused(state, ACTIVATE, "It is Player 2's move, not yours", player=0)
    step(state)  # the Bow waits for its holder's choice: no paced step
    assert state.active == F("BOW", 0, "up") and RULES.paced_action(state, 1) is None
    refused(state, ACTIVATE, "First pick the player your Bow hits")


# --- Golden Left Potion -------------------------------------------------------------------------


def test_golden_left_potion_moves_every_card_in_play_one_player_left():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOLD", ("DAGGER", 0)], 1: ["DRINK"],
                                                   2: [("BOMB", 2, "side")]})
    events = step(state)
    assert events == [Activated(0, C("GOLD"), "every card in play moves left"), Moved((C("DAGGER"),), 0, 1),
                      Moved((C("DRINK"),), 1, 2), Moved((C("BOMB"),), 2, 0)]
    assert state.fronts == [[F("BOMB", 2, "side")], [F("DAGGER", 0, "up")], [F("DRINK", 1, "up")]]
    assert state.discard[-1] is C("GOLD")
    events = run_activation(state)
    assert [(e.seat, e.card.code) for e in ev(events, "hurt")] == [(1, "DAGGER"), (0, "BOMB")]


def test_golden_left_potion_skips_players_who_are_out():
    state = position(4, phase=ACTIVATING, lives={1: 0}, fronts={0: ["GOLD", "DRINK"], 3: ["DAGGER"]})
    assert step(state)[1:] == [Moved((C("DRINK"),), 0, 2), Moved((C("DAGGER"),), 3, 0)]
    assert [front_codes(state, q) for q in range(4)] == [["DAGGER"], [], ["DRINK"], []]


def test_a_second_golden_left_potion_moved_along_activates_in_its_new_place():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOLD"], 1: [("GOLD", 0), ("DAGGER", 0)]})
    step(state)
    assert [front_codes(state, q) for q in range(3)] == [[], [], ["GOLD", "DAGGER"]]
    assert state.at == (2, 0)
    step(state)
    assert [front_codes(state, q) for q in range(3)] == [["DAGGER"], [], []]


# --- Left Potion ----------------------------------------------------------------------------


def test_left_potion_moves_only_your_cards_to_the_player_on_your_left():
    state = position(3, phase=ACTIVATING, fronts={0: ["LEFT", "DRINK", ("DAGGER", 2)], 1: [("DRINK", 1)],
                                                   2: ["LOVE"]})
    assert step(state) == [Activated(0, C("LEFT"), "the cards here move left"),
                           Moved((C("DRINK"), C("DAGGER")), 0, 1)]
    assert state.fronts[0] == [] and state.fronts[2] == [F("LOVE", 2, "up")]
    assert state.fronts[1] == [F("DRINK", 1, "up"), F("DRINK", 0, "up"), F("DAGGER", 2, "up")]
    assert state.discard[-1] is C("LEFT")


def test_left_potion_wraps_round_and_skips_players_who_are_out():
    state = position(4, phase=ACTIVATING, lives={0: 0}, fronts={3: ["LEFT", "DAGGER"]}, crown=1)
    assert step(state)[1] == Moved((C("DAGGER"),), 3, 1)
    assert front_codes(state, 1) == ["DAGGER"]


def test_left_potion_with_nothing_else_in_front_of_you_does_nothing():
    state = position(3, phase=ACTIVATING, fronts={0: ["LEFT"], 1: ["DRINK"]})
    assert step(state) == [Activated(0, C("LEFT"), "nothing to move")]
    assert [front_codes(state, q) for q in range(3)] == [[], ["DRINK"], []]


# --- Gobblin Hands --------------------------------------------------------------------------


def test_gobblin_hands_moves_a_card_which_then_activates_in_its_new_place():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOB"], 1: [("DAGGER", 1)]})
    assert step(state) == [Activated(0, C("GOB"), "a card may move")]
    assert state.active == F("GOB", 0, "up") and state.turn == 0 and RULES.to_act(state) == [0]
    assert RULES.legal_actions(state, 0) == [Move(1, 0, 0), Move(1, 0, 2), KEEP]
    assert act(state, Move(1, 0, 2)) == [Moved((C("DAGGER"),), 1, 2)]
    assert state.active is None and state.discard[-1] is C("GOB")
    assert state.at == (2, 0) and state.turn == 2
    assert step(state)[:2] == [Activated(2, C("DAGGER")), Hurt(2, 1, C("DAGGER"), 1, 4)]


def test_gobblin_hands_moves_to_and_from_yourself():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOB", ("DAGGER", 1)], 2: ["DRINK"]})
    step(state)
    assert RULES.legal_actions(state, 0) == [Move(0, 0, 1), Move(0, 0, 2), Move(2, 0, 0), Move(2, 0, 1), KEEP]
    act(state, Move(0, 0, 2))  # a Dagger meant for me goes to Player 3
    assert front_codes(state, 2) == ["DRINK", "DAGGER"]
    run_activation(state)
    assert state.lives == [5, 5, 4]


def test_gobblin_hands_may_move_nothing():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOB"], 1: ["DAGGER"]})
    step(state)
    assert act(state, KEEP) == [Activated(0, C("GOB"), "moves nothing")]
    assert front_codes(state, 1) == ["DAGGER"] and state.at == (1, 0) and state.discard[-1] is C("GOB")


def test_gobblin_hands_cannot_move_another_gobblin_hands():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOB"], 1: ["GOB", "DRINK"]})
    step(state)
    assert RULES.legal_actions(state, 0) == [Move(1, 1, 0), Move(1, 1, 2), KEEP]
    refused(state, Move(1, 0, 2), "Gobblin Hands can't move another Gobblin Hands")


def test_gobblin_hands_with_no_move_possible_does_nothing():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOB"], 1: ["GOB"]})
    assert step(state) == [Activated(0, C("GOB"), "no card can move")]
    assert state.active is None and state.at == (1, 0) and state.discard[-1] is C("GOB")
    assert RULES.paced_action(state, 1) == ACTIVATE
    assert step(state)[0] == Activated(1, C("GOB"), "no card can move")


def test_gobblin_hands_refusals():
    state = position(4, phase=ACTIVATING, lives={3: 0}, fronts={0: ["GOB"], 1: ["DAGGER"]})
    step(state)
    refused(state, Move(1, 0, 1), "Move it to another player")
    refused(state, Move(1, 0, 3), "Player 4 is out of the game")
    refused(state, Move(1, 0, 7), "There is no player 8")
    refused(state, Move(3, 0, 1), "Move a card from a player still in")
    refused(state, Move(1, 5, 2), "There is no such card in front of that player")
    refused(state, Move(2, 0, 1), "There is no such card in front of that player")
    refused(state, Target(1), "First choose Gobblin Hands' move (or move nothing)")
    refused(state, ACTIVATE, "First choose Gobblin Hands' move")
    refused(state, KEEP, "It is Player 1's move, not yours", player=1)


def test_gobblin_hands_offers_one_move_for_identical_cards_and_says_why_the_twin_is_refused():
    state = position(4, phase=ACTIVATING, lives={3: 0},
                     fronts={0: ["GOB"], 1: [("DAGGER", 1), ("DAGGER", 1), ("DAGGER", 2)]})
    step(state)
    assert RULES.legal_actions(state, 0) == [Move(1, 0, 0), Move(1, 0, 2), Move(1, 2, 0), Move(1, 2, 2), KEEP]
    refused(state, Move(1, 1, 2), "That Dagger is the same as one before it: move that one")
    refused(state, Move(1, 1, 3), "Player 4 is out of the game")
    refused(state, Move(1, 1, 1), "Move it to another player")
    act(state, Move(1, 0, 2))
    assert state.fronts[1] == [F("DAGGER", 1, "up"), F("DAGGER", 2, "up")]
    assert state.fronts[2] == [F("DAGGER", 1, "up")]


def test_gobblin_hands_can_move_a_card_that_already_activated_and_it_does_not_go_again():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOB"], 1: [("BOMB", 1, "side", "done")]}, hands=FULL,
                     deck="DRINK")
    step(state)
    assert RULES.legal_actions(state, 0) == [Move(1, 0, 0), Move(1, 0, 2), KEEP]
    events = act(state, Move(1, 0, 2))
    assert ev(events, "hurt") == [] and ev(events, "round_ended") == [RoundEnded(1, 1)]
    assert state.fronts[2] == [F("BOMB", 1, "side")] and state.lives == [5, 5, 5]


def test_gobblin_hands_moves_a_waiting_bomb_onto_someone_else():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOB"], 1: [("BOMB", 0, "side")]})
    step(state)
    act(state, Move(1, 0, 2))
    assert step(state)[:2] == [Activated(2, C("BOMB"), "it goes off"), Hurt(2, 1, C("BOMB"), 0, 4)]


# --- Shield ---------------------------------------------------------------------------------


def test_shield_blocks_one_source_of_damage_then_is_discarded():
    state = position(3, phase=ACTIVATING, fronts={0: ["SHIELD", ("DAGGER", 1), ("DAGGER", 2)]})
    assert step(state) == [Activated(0, C("SHIELD"), "raised for this round")]
    assert state.fronts[0][0] == F("SHIELD", 0, "up", "done")
    assert step(state) == [Activated(0, C("DAGGER")), Blocked(0, C("DAGGER"))]
    assert state.lives[0] == 5 and front_codes(state, 0) == ["DAGGER"]
    assert Counter(state.discard)[C("SHIELD")] == 6 and state.discard[-2:] == [C("DAGGER"), C("SHIELD")]
    events = step(state)
    assert events[:2] == [Activated(0, C("DAGGER")), Hurt(0, 1, C("DAGGER"), 2, 4)]
    assert kinds(events)[2] == "round_ended" and state.lives[0] == 4


def test_two_shields_block_two_sources():
    state = position(3, phase=ACTIVATING, fronts={0: ["SHIELD", "SHIELD", "DAGGER", ("BOMB", 1, "side")]})
    events = run_activation(state)
    assert ev(events, "blocked") == [Blocked(0, C("DAGGER")), Blocked(0, C("BOMB"))]
    assert ev(events, "hurt") == [] and state.lives[0] == 5


def test_shield_blocks_a_bow_hit_and_both_fireball_hits():
    state = position(3, phase=ACTIVATING, fronts={0: ["SHIELD", ("FIRE", 1)], 1: ["SHIELD"], 2: [("BOW", 0)]})
    run_activation(state)  # both shields raised, then the Bow waits
    assert state.active.card is C("BOW")
    assert act(state, Target(1)) == [Blocked(1, C("BOW"))]
    assert step(state) == [Activated(0, C("FIRE"), "1 damage to its holder first"), Blocked(0, C("FIRE"))]
    assert act(state, Target(1))[0] == Hurt(1, 1, C("FIRE"), 0, 4)  # seat 1's Shield is spent
    assert state.lives == [5, 4, 5]


def test_shield_does_not_block_the_battle_ax():
    state = position(3, phase=ACTIVATING, hands=FULL, deck="DRINK", fronts={0: ["SHIELD", "SHIELD", ("AX", 1)]})
    events = run_activation(state)
    assert events[2:4] == [Activated(0, C("AX"), "it breaks the Shield"), Hurt(0, 2, C("AX"), 1, 3)]
    assert ev(events, "blocked") == []
    assert Discarded(0, (C("SHIELD"),), "the round is over") in events  # the second Shield, unused


def test_shield_does_not_block_the_royal_penalty():
    state = position(3, phase=ACTIVATING, call_out="crown", fronts={1: [("SHIELD", 1, "up", "done"), "DRINK"]})
    assert act(state, CallOut(0, 1), 0) == [CalledOut(0, 1), Hurt(1, 1, None, 0, 4)]
    assert front_codes(state, 1) == ["SHIELD", "DRINK"]


def test_unused_shields_are_discarded_at_the_end_of_the_round():
    state = position(3, phase=ACTIVATING, hands=FULL, deck="DRINK", fronts={1: ["SHIELD", "SHIELD"], 2: ["DRINK"]})
    events = run_activation(state)
    assert Discarded(1, (C("SHIELD"), C("SHIELD")), "the round is over") in events
    assert kinds(events) == ["activated", "activated", "activated", "discarded", "round_ended", "round_started"]
    assert state.fronts == [[], [], []] and Counter(state.discard)[C("SHIELD")] == 6


# --- Battle Ax ------------------------------------------------------------------------------


def test_battle_ax_without_a_shield_does_nothing():
    state = position(3, phase=ACTIVATING, fronts={0: [("AX", 1)], 1: ["DRINK"]})
    assert step(state) == [Activated(0, C("AX"), "no Shield: nothing happens")]
    assert state.lives == [5, 5, 5] and state.discard[-1] is C("AX") and state.fronts[0] == []


def test_battle_ax_with_a_shield_discards_it_and_deals_two():
    state = position(3, phase=ACTIVATING, fronts={0: ["SHIELD", ("AX", 2)], 1: ["DRINK"]})
    step(state)
    assert step(state) == [Activated(0, C("AX"), "it breaks the Shield"), Hurt(0, 2, C("AX"), 2, 3)]
    assert state.fronts[0] == [] and state.discard[-2:] == [C("AX"), C("SHIELD")]


@pytest.mark.parametrize("life", [1, 2])
def test_battle_ax_can_eliminate(life):
    state = position(3, phase=ACTIVATING, lives={0: life}, fronts={0: ["SHIELD", ("AX", 2)], 1: ["DRINK"]})
    step(state)
    events = step(state)
    assert kinds(events) == ["activated", "hurt", "eliminated"] and events[2] == Eliminated(0)
    assert (events[1].seat, events[1].card, events[1].by, events[1].lives) == (0, C("AX"), 2, 0)
    assert events[1].amount == life, "the lives it really cost"
    assert state.lives[0] == 0 and state.out[0] and state.fronts[0] == []


# --- Bow ------------------------------------------------------------------------------------


def test_bow_hits_another_player_its_holder_picks():
    state = position(4, phase=ACTIVATING, lives={3: 0}, fronts={0: [("BOW", 1)], 2: ["DRINK"]})
    assert step(state) == [Activated(0, C("BOW"), "a player to hit")]
    assert state.active == F("BOW", 1, "up") and RULES.to_act(state) == [0]
    assert RULES.legal_actions(state, 0) == [Target(1), Target(2)]  # never yourself, never the out
    refused(state, Target(0), "Bow: pick another player, not yourself")
    refused(state, Target(3), "Player 4 is out of the game")
    refused(state, Target(8), "There is no player 9")
    refused(state, KEEP, "First pick the player your Bow hits")
    refused(state, Move(2, 0, 1), "First pick the player your Bow hits")
    refused(state, Target(2), "It is Player 1's move, not yours", player=1)
    assert act(state, Target(1)) == [Hurt(1, 1, C("BOW"), 0, 4)]  # dealt by the holder
    assert state.active is None and state.discard[-1] is C("BOW") and state.at == (2, 0)


def test_bow_with_two_players_must_hit_the_other():
    state = position(2, phase=ACTIVATING, fronts={1: [("BOW", 1)]})
    step(state)
    assert RULES.legal_actions(state, 1) == [Target(0)]


# --- Fireball -------------------------------------------------------------------------------


def test_fireball_hurts_its_holder_first_then_a_player_they_pick():
    state = position(3, phase=ACTIVATING, fronts={0: [("FIRE", 1)], 2: ["DRINK"]})
    assert step(state) == [Activated(0, C("FIRE"), "1 damage to its holder first"), Hurt(0, 1, C("FIRE"), 1, 4)]
    assert state.active.card is C("FIRE") and RULES.legal_actions(state, 0) == [Target(1), Target(2)]
    refused(state, Target(0), "Fireball: pick another player, not yourself")
    assert act(state, Target(2)) == [Hurt(2, 1, C("FIRE"), 0, 4)]
    assert state.lives == [4, 5, 4] and state.discard[-1] is C("FIRE")


def test_fireball_that_eliminates_its_holder_does_nothing_more():
    state = position(3, phase=ACTIVATING, lives={0: 1}, hands={0: "BOW"}, fronts={0: [("FIRE", 1), "LOVE"],
                                                                                 1: ["DRINK"]})
    events = step(state)
    assert events == [Activated(0, C("FIRE"), "1 damage to its holder first"), Hurt(0, 1, C("FIRE"), 1, 0),
                      Eliminated(0)]
    assert state.active is None and state.at == (1, 0) and state.turn == 1
    assert state.lives == [0, 5, 5] and C("FIRE") in state.discard[-3:]


def test_fireball_killing_its_holder_with_two_players_left_wins_for_the_other():
    state = position(2, phase=ACTIVATING, lives={0: 1}, fronts={0: [("FIRE", 0)], 1: ["DAGGER"]})
    events = step(state)
    assert events[-2:] == [Eliminated(0), GameWon((1,), "last-standing")]
    assert state.phase == OVER and state.winners == [1] and state.active is None


# --- Dagger, Love Potion, Drink -------------------------------------------------------------


def test_dagger_takes_a_life_from_the_player_it_is_in_front_of():
    state = position(3, phase=ACTIVATING, fronts={1: [("DAGGER", 0)], 2: ["DRINK"]})
    assert step(state) == [Activated(1, C("DAGGER")), Hurt(1, 1, C("DAGGER"), 0, 4)]
    assert state.lives == [5, 4, 5] and state.fronts[1] == [] and state.discard[-1] is C("DAGGER")


def test_love_potion_regains_a_life_up_to_five():
    state = position(3, phase=ACTIVATING, lives={0: 3}, fronts={0: ["LOVE", "LOVE", "LOVE"], 1: ["DRINK"]})
    events = step(state) + step(state) + step(state)
    assert events == [Activated(0, C("LOVE")), Healed(0, 4), Activated(0, C("LOVE")), Healed(0, 5),
                      Activated(0, C("LOVE"), "already at full health")]
    assert state.lives[0] == 5 and state.discard[-3:] == [C("LOVE")] * 3


def test_drink_has_no_effect_and_is_discarded():
    state = position(3, phase=ACTIVATING, lives={0: 2}, fronts={0: ["DRINK"], 1: ["DAGGER"]}, hands=FULL, deck="DAGGER")
    assert state.at == (1, 0)
    step(state)
    assert step(state)[:2] == [Activated(0, C("DRINK"), "no effect"), RoundEnded(1, 1)]
    assert state.lives == [2, 4, 5] and state.discard[-1] is C("DRINK")


# --- Bomb -----------------------------------------------------------------------------------


def test_bomb_turns_sideways_stays_across_the_round_then_goes_off():
    state = position(2, phase=ACTIVATING, hands={0: "DRINK DRINK DRINK DRINK", 1: "LOVE LOVE LOVE LOVE"},
                     fronts={1: [("BOMB", 0)]}, deck="DAGGER")
    events = step(state)
    assert events[0] == Activated(1, C("BOMB"), "turns sideways: it goes off next time")
    assert ev(events, "hurt") == [] and state.lives == [5, 5]
    assert state.fronts[1] == [F("BOMB", 0, "side")]  # face up, sideways, between rounds
    assert state.phase == PLAYING and state.round == 2
    for seat in (0, 1, None):
        assert RULES.view(state, seat).fronts[1] == (F("BOMB", 0, "side"),)
    play_out(state)
    assert state.phase == ACTIVATING and state.at == (1, 0)
    assert step(state) == [Activated(1, C("BOMB"), "it goes off"), Hurt(1, 1, C("BOMB"), 0, 4)]
    assert C("BOMB") not in [f.card for f in state.fronts[1]] and state.discard[-1] is C("BOMB")


def test_a_moved_bomb_goes_off_in_front_of_its_new_player():
    state = position(3, phase=ACTIVATING, fronts={0: ["LEFT", ("BOMB", 0, "side")]})
    step(state)
    assert state.fronts[1] == [F("BOMB", 0, "side")]
    assert step(state)[:2] == [Activated(1, C("BOMB"), "it goes off"), Hurt(1, 1, C("BOMB"), 0, 4)]


def test_a_bomb_moved_before_its_first_activation_turns_sideways_there():
    state = position(3, phase=ACTIVATING, fronts={0: ["GOB"], 1: [("BOMB", 2)]})
    step(state)
    act(state, Move(1, 0, 0))
    assert step(state)[0] == Activated(0, C("BOMB"), "turns sideways: it goes off next time")
    assert state.fronts[0] == [F("BOMB", 2, "side")]  # the round is over: ready for next time


# --- elimination and winning ----------------------------------------------------------------


def test_at_zero_lives_a_player_is_out_at_once_hand_and_front_discarded():
    state = position(3, phase=ACTIVATING, lives={1: 1}, hands={1: "BOW BOW"},
                     fronts={1: [("DAGGER", 0), "LOVE", ("BOMB", 2, "side")], 2: ["DRINK"]})
    events = step(state)
    assert events == [Activated(1, C("DAGGER")), Hurt(1, 1, C("DAGGER"), 0, 0), Eliminated(1)]
    assert state.out == [False, True, False] and state.lives[1] == 0 and state.eliminations == [1]
    assert state.hands[1] == [] and state.fronts[1] == []
    assert state.discard[-5:] == cards_of("DAGGER BOW BOW LOVE BOMB")
    assert state.at == (2, 0)  # the Love Potion that would have saved them never activates
    assert RULES.to_act(state) == [2]
    assert RULES.legal_actions(state, 1) == []


def test_the_last_player_standing_wins_at_once_even_mid_activation():
    state = position(2, phase=ACTIVATING, crown=1, lives={0: 1, 1: 1},
                     fronts={0: [("DAGGER", 1)], 1: [("DAGGER", 0)]})
    assert state.at == (1, 0)
    events = step(state)
    assert events == [Activated(1, C("DAGGER")), Hurt(1, 1, C("DAGGER"), 0, 0), Eliminated(1),
                      GameWon((0,), "last-standing")]
    assert state.phase == OVER and state.winners == [0] and state.how == "last-standing"
    assert state.lives == [1, 0] and front_codes(state, 0) == ["DAGGER"]  # never activates
    assert RULES.to_act(state) == [] and RULES.legal_actions(state, 0) == []
    assert RULES.auto_action(state, 0) is None and RULES.paced_action(state, 0) is None
    result = RULES.result(state)
    assert result.winners == [0] and result.scores == [1, 0] and result.summary == "the last one standing"
    assert result.details["ranking"] == [0, 1] and result.details["how"] == "last-standing"
    for action in (ACTIVATE, DRAW, Target(1), Place(C("BOW"), 0)):
        refused(state, action, "The game is over")


def test_a_bow_taking_the_last_opponent_wins():
    state = position(2, phase=ACTIVATING, lives={1: 1}, fronts={0: [("BOW", 0)], 1: ["LOVE"]})
    step(state)
    assert act(state, Target(1)) == [Hurt(1, 1, C("BOW"), 0, 0), Eliminated(1), GameWon((0,), "last-standing")]
    assert state.phase == OVER and state.active is None and state.discard.count(C("LOVE")) == 5


def test_result_ranks_winner_then_later_eliminations_first():
    state = position(4, phase=ACTIVATING, lives={0: 0, 2: 0, 3: 1}, crown=1, fronts={3: ["DAGGER"]})
    state.eliminations = [2, 0]
    state.validate()
    step(state)
    assert RULES.result(state).details["ranking"] == [1, 3, 0, 2]
    assert RULES.result(state).details["eliminations"] == [2, 0, 3]


def test_the_round_limit_ends_the_game_with_the_most_lives_winning_together():
    state = position(3, phase=ACTIVATING, round=MAX_ROUNDS, lives={0: 3, 1: 4, 2: 4}, fronts={0: ["DRINK"]})
    events = step(state)
    assert events[-2:] == [RoundEnded(MAX_ROUNDS, 1), GameWon((1, 2), "round-limit")]
    assert state.phase == OVER and RULES.result(state).summary == "the most lives when the round limit came"


# --- the Crown ------------------------------------------------------------------------------


def test_the_crown_passes_left_at_the_end_of_the_round():
    state = position(3, phase=ACTIVATING, hands=FULL, deck="DRINK", fronts={0: ["DRINK"]})
    assert step(state) == [Activated(0, C("DRINK"), "no effect"), RoundEnded(1, 1), RoundStarted(2, 1)]
    assert state.crown == 1 and state.round == 2 and state.phase == PLAYING
    assert state.turn == 1 and state.queue == [1, 2, 0, 1, 2, 0]


def test_the_new_royal_draws_first():
    state = position(3, phase=ACTIVATING, crown=2, fronts={0: ["DRINK"]}, rest="deck")
    step(state)
    assert state.crown == 0 and state.phase == DRAWING and state.turn == 0


def test_the_crown_skips_players_who_are_out():
    state = position(4, phase=ACTIVATING, lives={1: 0, 2: 0}, fronts={0: ["DRINK"]}, rest="deck")
    events = step(state)
    assert RoundEnded(1, 3) in events and state.crown == 3 and state.turn == 3


def test_a_royal_eliminated_mid_round_hands_the_crown_to_the_next_player_in():
    state = position(3, phase=ACTIVATING, crown=1, lives={1: 1}, fronts={1: ["DAGGER"], 0: ["DRINK"]}, rest="deck")
    events = run_activation(state)
    assert Eliminated(1) in events and RoundEnded(1, 2) in events and RoundStarted(2, 2) in events
    assert state.crown == 2 and state.turn == 2 and state.phase == DRAWING


# --- the royal call-out house rule ----------------------------------------------------------


def test_call_out_off_by_default_nobody_may_call():
    state = position(3, hands=FULL)
    for q in range(3):
        assert RULES.anytime_actions(state, q) == []
    refused(state, CallOut(0, 1), "The royal call-out is a house rule, and it is off", player=0)
    refused(state, CallOut(1, 2), "it is off")


def test_call_out_crown_only_the_royal_highness_calls():
    state = position(3, crown=1, call_out="crown", hands=FULL)
    assert RULES.anytime_actions(state, 1) == [CallOut(1, 0), CallOut(1, 2)]
    assert RULES.anytime_actions(state, 0) == [] and RULES.anytime_actions(state, 2) == []
    assert all(a.kind != "call_out" for a in RULES.legal_actions(state, state.turn))  # bots never call
    refused(state, CallOut(0, 2), "Only the royal highness calls players out")
    refused(state, CallOut(1, 1), "Call out another player")
    events = act(state, CallOut(1, 2), 1)  # out of turn: seat 1 is to place
    assert events == [CalledOut(1, 2), Hurt(2, 1, None, 1, 4)]
    assert state.lives == [5, 5, 4] and state.turn == 1 and state.phase == PLAYING


def test_call_out_anyone_any_player_still_in_may_call_anyone_but_the_royal_highness():
    state = position(4, lives={3: 0}, call_out="anyone", hands=FULL)
    assert RULES.anytime_actions(state, 0) == [CallOut(0, 1), CallOut(0, 2)]
    assert RULES.anytime_actions(state, 1) == [CallOut(1, 2)]
    assert RULES.anytime_actions(state, 2) == [CallOut(2, 1)]
    assert RULES.anytime_actions(state, 3) == []
    refused(state, CallOut(3, 1), "Only a player still in can call someone out", player=3)
    refused(state, CallOut(0, 3), "Player 4 is out of the game")
    refused(state, CallOut(2, 0), "Nobody calls out the royal highness: they are the one addressed")
    assert act(state, CallOut(2, 1)) == [CalledOut(2, 1), Hurt(1, 1, None, 2, 4)]  # the caller acts


def test_call_out_one_each_per_round_then_again_next_round():
    state = position(3, phase=ACTIVATING, call_out="anyone", fronts={2: ["DRINK"]})
    act(state, CallOut(0, 1), 0)
    assert state.called_out == [True, False, False] and RULES.anytime_actions(state, 0) == []
    refused(state, CallOut(0, 2), "One call-out each per round, and this round's is made", player=0)
    assert RULES.anytime_actions(state, 1) == [CallOut(1, 2)]  # the others still may
    step(state)  # the Drink: the round ends, the Crown passes left to seat 1
    assert state.round == 2 and state.crown == 1 and state.called_out == [False] * 3
    assert RULES.anytime_actions(state, 0) == [CallOut(0, 2)]


def test_a_call_out_is_made_in_the_callers_own_name():
    state = position(3, call_out="anyone", hands=FULL)
    refused(state, CallOut(1, 2), "That call-out is Player 2's to make, not yours", player=0)
    refused(state, CallOut(1, 2), "That call-out is Player 2's to make, not yours", player=2)
    off = position(3, hands=FULL)
    refused(off, CallOut(1, 2), "it is off", player=0)


def test_call_out_of_the_player_to_place_at_their_last_life():
    state = position(3, crown=2, lives={0: 1}, call_out="anyone", hands=FULL, queue=[0, 1, 2, 0, 1, 2])
    assert state.turn == 0
    events = act(state, CallOut(1, 0), 1)
    assert events == [CalledOut(1, 0), Hurt(0, 1, None, 1, 0), Eliminated(0)]
    assert state.turn == 1 and state.hands[0] == [] and state.phase == PLAYING
    assert state.queue == [1, 2, 0, 1, 2]  # seat 0 is out: skipped when their turn comes


def test_call_out_of_the_drawer_passes_the_draw_on():
    state = position(3, phase=DRAWING, crown=2, turn=0, lives={0: 1}, call_out="anyone", rest="deck")
    act(state, CallOut(1, 0), 1)
    assert state.out[0] and state.turn == 1 and state.phase == DRAWING


def test_call_out_of_a_bow_holder_while_they_choose_discards_the_bow():
    state = position(3, phase=ACTIVATING, crown=2, lives={0: 1}, call_out="anyone",
                     fronts={0: [("BOW", 1)], 2: ["DRINK"]})
    step(state)
    assert state.active is not None
    assert act(state, CallOut(1, 0), 1) == [CalledOut(1, 0), Hurt(0, 1, None, 1, 0), Eliminated(0)]
    assert state.active is None and state.at == (2, 0) and state.turn == 2 and state.discard[-1] is C("BOW")


def test_call_out_of_the_holder_of_the_next_card_moves_on_to_the_next():
    state = position(3, phase=ACTIVATING, crown=2, lives={1: 1}, call_out="anyone",
                     fronts={1: ["DAGGER"], 2: ["DRINK"]})
    assert state.at == (1, 0)
    act(state, CallOut(0, 1), 0)
    assert state.at == (2, 0) and state.turn == 2


def test_call_out_of_the_last_opponent_wins_and_then_nobody_calls():
    state = position(2, lives={1: 1}, call_out="crown", hands=FULL)
    assert act(state, CallOut(0, 1), 0)[-1] == GameWon((0,), "last-standing")
    assert RULES.anytime_actions(state, 0) == []
    refused(state, CallOut(0, 1), "The game is over", player=0)


def test_call_out_through_a_session_out_of_turn():
    seats = [Seat("human", n) for n in NAMES[:3]]
    session = Session("stab-your-friends", {"royal-call-out": "anyone", "first-royal": "3"}, 5, seats)
    assert session.current_seat == 2 and session.state.phase == DRAWING
    events = session.apply(CallOut(1, 0), 1)
    assert events == [CalledOut(1, 0), Hurt(0, 1, None, 1, 4)]
    assert session.log == [(1, CallOut(1, 0))] and session.state.lives == [4, 5, 5]
    assert session.stats[0]["lost"] == 1 and session.current_seat == 2
    with pytest.raises(IllegalAction, match="It is not Bob's move"):
        session.apply(DRAW, 1)
    with pytest.raises(IllegalAction, match="Call out another player"):
        session.apply(CallOut(0, 0), 0)


def test_call_out_crown_through_a_session_refuses_others_out_of_turn():
    seats = [Seat("human", n) for n in NAMES[:3]]
    session = Session("stab-your-friends", {"royal-call-out": "crown", "first-royal": "2"}, 5, seats)
    before = session.state.to_json()
    with pytest.raises(IllegalAction, match="^Only the royal highness calls players out$"):
        session.apply(CallOut(0, 2), 0)
    assert session.state.to_json() == before and session.log == []
    assert session.apply(CallOut(1, 0), 1)[0] == CalledOut(1, 0)


def test_a_save_holding_a_call_out_loads(tmp_path):
    """An out-of-turn call-out in the log replays (saves take `anytime_kinds` from any seat)."""
    seats = [Seat("human", n) for n in NAMES[:3]]
    session = Session("stab-your-friends", {"royal-call-out": "anyone", "first-royal": "1"}, 5, seats)
    session.apply(CallOut(2, 1), 2)
    path = session.save(tmp_path / "syf.json")
    assert saves.read(path).state == session.state


def solo_with_call_outs(seed: int = 5) -> Session:
    """Ana (human) against Bob and Cy (bots), anyone may call out, Ana wears the Crown."""
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    return Session("stab-your-friends", {"royal-call-out": "anyone", "first-royal": "1"}, seed, seats)


def test_bots_never_forget_so_no_call_out_names_one():
    """The session tells the game which seats bots play; the call-out never names one, even out
    of turn, and `apply` says why in one line."""
    session = solo_with_call_outs()
    assert session.state.never_forget == [False, True, True]
    assert session.view(0).never_forget == (False, True, True)
    assert RULES.anytime_actions(session.state, 0) == []  # Ana wears the Crown; the others are bots
    refused(session.state, CallOut(0, 1), "A bot never forgets to say \"royal highness\"", player=0)
    with pytest.raises(IllegalAction, match="never forgets"):
        session.apply(CallOut(0, 2), 0)
    assert session.log == [] and session.state.lives == [5, 5, 5]


def test_in_a_hot_seat_game_only_the_humans_can_be_called_out():
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random"), Seat("human", "Dee")]
    session = Session("stab-your-friends", {"royal-call-out": "anyone", "first-royal": "1"}, 5, seats)
    assert RULES.anytime_actions(session.state, 1) == [CallOut(1, 3)]  # not Ana (royal), not Cy (bot)
    assert RULES.anytime_actions(session.state, 3) == [CallOut(3, 1)]
    assert session.apply(CallOut(3, 1), 3)[0] == CalledOut(3, 1)


def test_who_never_forgets_is_kept_in_saves_and_replays(tmp_path):
    """A save keeps the bots' seats (the dealt position, told them, is where its log starts), so
    loading, its replay and the log's history all know them."""
    session = solo_with_call_outs()
    while session.state.phase == DRAWING:
        session.apply(DRAW)
    data = saves.read(session.save(tmp_path / "syf.json"))
    loaded = Session.from_save(data)
    assert loaded.state == session.state and loaded.state.never_forget == [False, True, True]
    assert loaded.history(None) == session.history(None)
    with pytest.raises(IllegalAction, match="never forgets"):
        loaded.apply(CallOut(0, 1), 0)


def test_a_save_from_before_bots_were_marked_still_loads(tmp_path):
    """Saved before `never_forget` existed (no such field, no base position): it loads, its log
    replays as it was played, and no seat is marked."""
    session = solo_with_call_outs()
    session.apply(DRAW)
    doc = saves.to_json(session.save_data())
    del doc["state"]["never_forget"], doc["base"]
    (tmp_path / "old.json").write_text(json.dumps(doc), encoding="utf-8")
    loaded = Session.from_save(saves.read(tmp_path / "old.json"))
    assert loaded.state.never_forget == [False] * 3 and loaded.log == session.log


# --- refusals -------------------------------------------------------------------------------


def test_draw_phase_refusals():
    state = position(3, phase=DRAWING, hands={0: "BOW"}, rest="deck")
    refused(state, Place(C("BOW"), 1), "Draw phase: take the top card of the deck")
    refused(state, ACTIVATE, "Draw phase: take the top card of the deck")
    refused(state, KEEP, "Draw phase")
    refused(state, DRAW, "It is Player 1's move, not yours", player=2)


def test_a_refusal_leaves_a_mid_game_state_unchanged_and_serialisable():
    state = RULES.new_game({"first-royal": "1"}, 8, 3)
    while state.phase == DRAWING:
        act(state, DRAW)
    act(state, Place(state.hands[0][0], 1))
    not_held = next(c for c in ALL_CARDS if c not in state.hands[1])
    reason = refused(state, Place(not_held, 0), "You don't hold a", not_held.name)
    assert reason == f"You don't hold a {not_held.name}"
    assert SyfState.from_json(json.loads(json.dumps(state.to_json()))) == state


# --- describe_action ------------------------------------------------------------------------


def test_describe_action_texts():
    draw = position(3, phase=DRAWING, deck="BOW", rest="deck")
    assert RULES.describe_action(RULES.view(draw, 0), DRAW, NAMES) == "Take Bow from the deck"
    assert RULES.describe_action(None, DRAW) == "Take the top card from the deck"
    play = position(3, hands=FULL)
    view = RULES.view(play, 0)
    assert RULES.describe_action(view, Place(C("DRINK"), 1), NAMES) == "Drink face down in front of Bob"
    assert RULES.describe_action(view, Place(C("DRINK"), 0), NAMES) == "Drink face down in front of yourself"
    assert RULES.describe_action(None, Place(C("DRINK"), 0)) == "Drink face down in front of Player 1"
    activating = position(3, phase=ACTIVATING, fronts={1: ["DAGGER"]})
    assert RULES.describe_action(RULES.view(activating, 2), ACTIVATE, NAMES) == "8 Dagger activates (Bob)"
    assert RULES.describe_action(None, ACTIVATE) == "The next card activates"
    assert RULES.describe_action(None, Target(2), NAMES) == "Hit Cat"
    gob = position(3, phase=ACTIVATING, fronts={0: ["GOB"], 1: ["DAGGER"]})
    step(gob)
    assert RULES.describe_action(RULES.view(gob, 0), Move(1, 0, 2), NAMES) == "Move Dagger: Bob → Cat"
    assert RULES.describe_action(None, Move(1, 0, 2)) == "Move a card: Player 2 → Player 3"
    assert RULES.describe_action(RULES.view(gob, 0), KEEP, NAMES) == "Move nothing"
    assert RULES.describe_action(None, CallOut(0, 2), NAMES) == "Call out Cat"


def test_event_descriptions_read_well():
    assert Hurt(1, 1, C("DAGGER"), 0, 4).describe(NAMES) == "Bob takes 1 (Dagger from Ann): ♥ 4"
    assert Hurt(1, 1, None, 0, 4).describe(NAMES) == "Bob takes 1 (the royal penalty from Ann): ♥ 4"
    assert Placed(0, 1, None, False).describe(NAMES) == "Ann puts a card on Bob"
    assert Placed(0, 1, C("BOW"), False).describe(NAMES) == "Ann puts Bow on Bob"
    assert Placed(0, 0, C("BOW"), True).describe(NAMES) == "Ann puts Bow face up on themselves"
    assert Blocked(2, C("BOW")).describe(NAMES) == "Cat's Shield blocks the Bow"
    assert Activated(0, C("BOMB"), "it goes off").describe(NAMES) == "9 Bomb (Ann): it goes off"
    assert GameWon((0, 2), "round-limit").describe(NAMES) == \
        "Ann and Cat win: the most lives when the round limit came"
    assert RoundEnded(3, 1).describe(NAMES) == "Round 3 ends: the Crown passes to Bob"


# --- the game-over figures ------------------------------------------------------------------


def test_tally_counts_dealt_lost_blocked_healed_on_a_scripted_round():
    assert RULES.stat_columns == (("dealt", "Dealt"), ("lost", "Lost"), ("blocked", "Blocked"),
                                  ("healed", "Healed"))
    state = position(3, phase=ACTIVATING, lives={1: 4}, hands=FULL, deck="DRINK",
                     fronts={0: ["SHIELD", ("DAGGER", 1), ("BOW", 2)], 1: [("FIRE", 0), ("LOVE", 2)],
                             2: [("AX", 1)]})
    stats = new_stats(RULES, 3)
    log = []
    log += run_activation(state)        # Shield raised, Ax does nothing, the Bow waits for seat 0
    log += act(state, Target(1))        # seat 0's Bow hits seat 1
    log += run_activation(state)        # Fireball hurts seat 1 (placed by seat 0), waits
    log += act(state, Target(0))        # seat 1 picks seat 0: the Shield blocks
    log += run_activation(state)        # Dagger (placed by seat 1) hurts seat 0; Love heals seat 1
    tally(RULES, stats, log)
    assert [(e.seat, e.card.code, e.by) for e in ev(log, "hurt")] == [(1, "BOW", 0), (1, "FIRE", 0),
                                                                      (0, "DAGGER", 1)]
    assert ev(log, "blocked") == [Blocked(0, C("FIRE"))] and ev(log, "healed") == [Healed(1, 3)]
    assert state.lives == [4, 3, 5]
    assert stats == [{"dealt": 2, "lost": 1, "blocked": 1, "healed": 0},
                     {"dealt": 1, "lost": 2, "blocked": 0, "healed": 1},
                     {"dealt": 0, "lost": 0, "blocked": 0, "healed": 0}]


def test_tally_ignores_damage_to_yourself_for_dealt():
    stats = new_stats(RULES, 2)
    tally(RULES, stats, [Hurt(0, 1, C("DAGGER"), 0, 4), Hurt(1, 2, C("AX"), 0, 3)])
    assert stats == [{"dealt": 2, "lost": 1, "blocked": 0, "healed": 0},
                     {"dealt": 0, "lost": 2, "blocked": 0, "healed": 0}]
