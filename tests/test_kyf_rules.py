"""Kill Your Friends: one or more tests per rule of shared/rules/kill-your-friends.md and the
in-app rules.md (including Cutthroat's Decisions), plus the source's own worked examples.

Seats and colours (default characters): seat 0 Red R, 1 Blue B, 2 Green G, 3 Yellow Y, ...
"""

from __future__ import annotations

from collections import Counter

import pytest

from cutthroat.engine.protocol import IllegalAction
from cutthroat.engine.rng import Rng
from cutthroat.games.kill_your_friends.cards import (
    ALL_CARDS,
    CHAOS_CARDS,
    COLOUR_LETTERS,
    HEAD_SWAP_CARD,
    KILL_COUNTS,
    REAPER,
    build_deck,
    kill_card,
)
from cutthroat.games.kill_your_friends.rules import (
    DRAW,
    FACE_REAPER,
    LOSE_LIFE,
    MAX_ACTIONS,
    OVER,
    PASS,
    PLAY,
    REAPER_KILL,
    REAPER_RESURRECT,
    REAPER_SAVE,
    REVEAL,
    RULES,
    TAKE_TWO,
    Attack,
    Draw,
    Dump,
    PlayChaos,
    PlayReaper,
    Save,
    setup_problem,
    why_illegal,
)
from helpers_kyf import (
    G,
    R,
    Y,
    C,
    assert_conserved,
    cards,
    kinds,
    legal,
    play,
    position,
    refused,
)

HS, MD, DFA, RFG = C("HS"), C("MD"), C("DFA"), C("RFG")


def ev(events, kind):
    return [e for e in events if e.kind == kind]


# --- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_deck_holds_ten_kill_cards_per_colour_in_play_eight_chaos_one_reaper(n):
    state = RULES.new_game({}, 7, n)
    everything = Counter(state.all_cards())
    assert sum(everything.values()) == 10 * n + 8 + 1
    for colour in range(8):
        for number, copies in KILL_COUNTS.items():
            want = copies if colour < n else 0  # Kill cards of absent characters are removed
            assert everything[kill_card(colour, number)] == want
    assert KILL_COUNTS == {1: 4, 2: 3, 3: 3}
    for code in ("HS", "MD", "DFA", "RFG"):
        assert everything[C(code)] == 2
    assert everything[REAPER] == 1


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_standard_deal_is_seven_cards_two_lives_rest_is_the_deck(n):
    state = RULES.new_game({}, 3, n)
    assert [len(h) for h in state.hands] == [7] * n
    assert len(state.deck) == 10 * n + 9 - 7 * n
    assert state.lives == [[True, True]] * n
    assert state.attack == [[]] * n and state.graveyard == [[]] * n
    assert state.middle == [] and state.deck_known == [False] * len(state.deck)
    assert state.out == [False] * n and state.phase == PLAY
    assert state.direction == 1 and state.reaper_on == -1
    assert state.colours == list(range(n)) and state.teams == list(range(n))
    assert_conserved(state)


@pytest.mark.parametrize("n,size", [(2, 7), (3, 7), (4, 7), (5, 5), (6, 5), (7, 5), (8, 5)])
def test_sudden_death_one_life_five_cards_at_five_to_eight(n, size):
    state = RULES.new_game({"sudden-death": "on"}, 1, n)
    assert state.lives == [[True]] * n
    assert [len(h) for h in state.hands] == [size] * n
    assert len(state.deck) == 10 * n + 9 - size * n
    assert_conserved(state)


def test_player_counts_two_to_six_and_eight_with_sudden_death():
    for n in (1, 7, 8, 9):
        assert setup_problem({}, n) is not None
        with pytest.raises(ValueError):
            RULES.new_game({}, 0, n)
    assert "up to 8 with Sudden Death" in setup_problem({}, 7)
    for n in range(2, 7):
        assert setup_problem({}, n) is None
    for n in range(2, 9):
        assert setup_problem({"sudden-death": "on"}, n) is None
    assert setup_problem({"sudden-death": "on"}, 9) is not None
    assert RULES.min_players == 2 and RULES.max_players == 8


def test_kill_joy_remove_takes_head_swap_out_of_the_deck():
    state = RULES.new_game({"kill-joy": "remove"}, 2, 4)
    everything = Counter(state.all_cards())
    assert everything[HEAD_SWAP_CARD] == 0
    assert sum(everything.values()) == 40 + 6 + 1
    assert everything[MD] == everything[DFA] == everything[RFG] == 2
    assert_conserved(state)


def test_kill_joy_once_keeps_both_head_swaps_in_the_deck():
    state = RULES.new_game({"kill-joy": "once"}, 2, 4)
    assert Counter(state.all_cards())[HEAD_SWAP_CARD] == 2


def test_chaos_card_counts_are_data():
    assert {code: copies for code, (_, copies, _) in CHAOS_CARDS.items()} == {
        "HS": 2, "MD": 2, "DFA": 2, "RFG": 2}
    deck = build_deck([0, 1], 2)
    assert len(deck) == 29 and deck.count(REAPER) == 1


def test_eight_characters_each_with_a_distinct_letter():
    assert COLOUR_LETTERS == ("R", "B", "G", "Y", "P", "O", "K", "W")
    assert len(set(COLOUR_LETTERS)) == 8
    assert [c.code for c in ALL_CARDS[:3]] == ["R1", "R2", "R3"]


def test_dealer_comes_from_the_seed_and_the_player_on_their_left_starts():
    for seed in range(30):
        for n in (2, 3, 5):
            state = RULES.new_game({}, seed, n)
            rng = Rng(seed)
            deck = build_deck(list(range(n)), 2)
            rng.shuffle(deck)
            dealer = rng.randbelow(n)
            assert state.turn == (dealer + 1) % n
            assert RULES.new_game({}, seed, n) == state  # same seed, same game
    starters = {RULES.new_game({}, seed, 4).turn for seed in range(60)}
    assert starters == {0, 1, 2, 3}  # the dealer really varies with the seed


def test_characters_config_picks_the_colours_and_their_kill_cards():
    state = RULES.new_game({"characters": "GYR"}, 5, 3)
    assert state.colours == [G, Y, R]
    colours = {c.colour for c in state.all_cards() if c.is_kill}
    assert colours == {G, Y, R}
    assert_conserved(state)


@pytest.mark.parametrize("chars,players,fragment", [
    ("RB", 3, "3 letters"), ("RBX", 3, "letters from"), ("RRB", 3, "different character"),
])
def test_bad_characters_are_refused(chars, players, fragment):
    problem = setup_problem({"characters": chars}, players)
    assert problem and fragment in problem
    with pytest.raises(ValueError):
        RULES.new_game({"characters": chars}, 0, players)


def test_co_op_setup_teams_opposite_one_life_shared_colour_five_cards():
    state = RULES.new_game({"co-op": "on"}, 4, 4)
    assert state.teams == [0, 1, 0, 1]
    assert state.colours == [0, 1, 0, 1]
    assert state.lives == [[True]] * 4
    assert [len(h) for h in state.hands] == [5] * 4  # Decision: Co-op deals 5
    assert sum(Counter(state.all_cards()).values()) == 20 + 9
    state6 = RULES.new_game({"co-op": "on"}, 4, 6)
    assert state6.teams == [0, 1, 2, 0, 1, 2]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_co_op_needs_teams_of_two(players):
    assert "Co-op" in setup_problem({"co-op": "on"}, players)


def test_co_op_and_head_hunter_do_not_combine():
    assert setup_problem({"co-op": "on", "head-hunter": "5"}, 4)


def test_co_op_characters_must_give_team_mates_the_same_colour():
    assert setup_problem({"co-op": "on", "characters": "GYGY"}, 4) is None
    state = RULES.new_game({"co-op": "on", "characters": "GYGY"}, 0, 4)
    assert state.colours == [G, Y, G, Y]
    # Team-mates sit opposite (seats 0 and 2): "GYYG" would split each team's colour.
    assert setup_problem({"co-op": "on", "characters": "GYYG"}, 4)


def test_head_hunter_config_sets_the_target():
    assert RULES.new_game({"head-hunter": "7"}, 0, 3).head_hunter == 7
    assert RULES.new_game({}, 0, 3).head_hunter == 0
    hh = next(v for v in RULES.variants if v.name == "head-hunter")
    assert hh.bare == "5"


# --- a turn: exactly one thing ---------------------------------------------------------------


def test_draw_takes_the_top_card_and_ends_the_turn():
    state = position(3, hands={0: "B1", 1: "R1", 2: "R2"}, deck="MD G1")
    events = play(state, DRAW)
    assert state.hands[0] == cards("B1 MD")
    assert state.deck[-1] == C("G1")
    assert state.turn == 1
    assert kinds(events) == ["picked_up", "turn_started"]


def test_playing_a_card_ends_the_turn_too():
    state = position(3, hands={0: "B1 B1 B2", 1: "R1", 2: "R2"})
    play(state, Attack(C("B1"), 1))
    assert state.turn == 1 and state.hands[0] == cards("B1 B2")


def test_skip_only_on_an_empty_deck():
    state = position(3, hands={0: "B1", 1: "R1", 2: "R2"})
    assert PASS not in legal(state) and DRAW in legal(state)
    refused(state, PASS, "only skip when the deck is empty")
    empty = position(3, hands={0: "B1", 1: "R1", 2: "R2"}, rest="middle")
    assert DRAW not in legal(empty) and PASS in legal(empty)
    refused(empty, DRAW, "deck is empty")
    events = play(empty, PASS)
    assert kinds(events)[0] == "passed" and empty.turn == 1 and empty.hands[0] == cards("B1")


def test_you_may_skip_on_an_empty_deck_even_with_playable_cards():
    empty = position(3, hands={0: "B1", 1: "R1", 2: "R2"}, rest="middle")
    assert Attack(C("B1"), 1) in legal(empty) and PASS in legal(empty)


def test_out_of_turn_and_after_the_game_are_refused():
    state = position(3, hands={0: "B1", 1: "R1", 2: "R2"})
    refused(state, DRAW, "not player 2", player=1)
    assert RULES.legal_actions(state, 1) == []
    assert RULES.to_act(state) == [0]
    state.phase = OVER
    refused(state, DRAW, "over")
    assert RULES.to_act(state) == []


def test_play_goes_clockwise_and_skips_players_out_of_the_game():
    state = position(4, hands={0: "B1", 1: "R1", 2: "R2", 3: "R3"}, out=[1])
    play(state, DRAW)
    assert state.turn == 2


# --- attacking -------------------------------------------------------------------------------


def test_an_attack_must_start_with_a_1():
    state = position(3, hands={0: "B1 B2 B3"})
    assert Attack(C("B1"), 1) in legal(state)
    refused(state, Attack(C("B2"), 1), "start with a 1")
    refused(state, Attack(C("B3"), 1), "start with a 1")
    events = play(state, Attack(C("B1"), 1))
    assert state.attack[1] == cards("B1") and state.attackers[1] == [0]
    assert ev(events, "attacked")[0].victim == 1


@pytest.mark.parametrize("on,ok,bad", [
    ("B1", ["B1", "B2"], ["B3"]),
    ("B1 B2", ["B2", "B3"], ["B1"]),
    ("B1 B1", ["B1", "B2"], ["B3"]),
])
def test_next_card_is_the_same_number_or_one_higher(on, ok, bad):
    state = position(3, hands={0: "B1 B2 B3"}, attack={1: on})
    for code in ok:
        assert Attack(C(code), 1) in legal(state)
    for code in bad:
        refused(state, Attack(C(code), 1), "must be a")


def test_1_1_2_3_is_a_fine_sequence_and_1_3_is_not():
    state = position(3, hands={0: "B1 B1 B2 B3 R1", 1: "R1 R2", 2: "R3 B3"})
    refused(state, Attack(C("B3"), 1), "start with a 1")
    play(state, Attack(C("B1"), 1))
    play(state, DRAW)  # Blue
    refused(state, Attack(C("B3"), 1), "must be a 1 or a 2")  # Green: 1, 3 is not
    play(state, DRAW)  # Green
    play(state, Attack(C("B1"), 1))
    play(state, DRAW)
    play(state, DRAW)
    play(state, Attack(C("B2"), 1))
    play(state, DRAW)
    play(state, DRAW)
    play(state, Attack(C("B3"), 1))
    assert state.attack[1] == cards("B1 B1 B2 B3")


def test_nothing_goes_on_top_of_a_3():
    state = position(3, hands={0: "B1 B2 B3"}, attack={1: "B1 B2 B3"})
    for code in ("B1", "B2", "B3"):
        refused(state, Attack(C(code), 1), "Nothing goes on top of a 3")


def test_only_the_victims_colour_attacks_them():
    state = position(3, hands={0: "G1 B1"}, attack={1: "B1"})
    reason = refused(state, Attack(C("G1"), 1), "Green")
    assert "Green" in reason
    assert Attack(C("G1"), 2) in legal(state)


def test_one_attack_sequence_per_victim_no_second_attack_on_the_other_life():
    # With B1 B2 on Blue, a fresh 1 can't start a second sequence.
    state = position(3, hands={0: "B1 B2"}, attack={1: "B1 B2"})
    refused(state, Attack(C("B1"), 1), "must be a 2 or a 3")
    assert state.attack[1] == cards("B1 B2")


def test_anyone_but_the_victim_may_continue_a_sequence():
    state = position(3, hands={0: "B1 G1", 1: "R1 B2", 2: "B2"})
    play(state, Attack(C("B1"), 1))
    # The victim can't add to the attack on themself (B2 isn't a save on a 1 either).
    assert not [a for a in legal(state) if isinstance(a, Attack) and a.victim == 1]
    refused(state, Attack(C("B2"), 1), "yourself")
    play(state, Attack(C("R1"), 0))
    play(state, Attack(C("B2"), 1))  # Green continues Red's attack
    assert state.attack[1] == cards("B1 B2") and state.attackers[1] == [0, 2]


def test_no_attacking_yourself_or_a_player_out_of_the_game():
    state = position(3, hands={0: "R1 G1 B1"}, out=[2], graveyard={})
    refused(state, Attack(C("R1"), 0), "yourself")
    refused(state, Attack(C("G1"), 2), "still in the game")
    refused(state, Attack(C("G1"), 7), "still in the game")


def test_you_cannot_attack_with_a_card_you_do_not_hold_or_a_chaos_card():
    state = position(3, hands={0: "B1 MD"})
    refused(state, Attack(C("B2"), 1), "don't hold")
    refused(state, Attack(MD, 1), "Only Kill cards")


# --- saving ----------------------------------------------------------------------------------


def test_source_example_1_and_2_on_you_only_your_2_saves():
    state = position(3, hands={1: "B1 B2 B3 R1"}, attack={1: "B1 B2"}, turn=1)
    saves = {a for a in legal(state) if isinstance(a, Save)}
    assert saves == {Save(C("B2"))}
    refused(state, Save(C("B1")), "match the top card", "B2")
    refused(state, Save(C("B3")), "match the top card")


def test_save_needs_your_own_colour():
    state = position(3, hands={1: "R2 G2 B1"}, attack={1: "B1 B2"}, turn=1)
    refused(state, Save(C("R2")), "own colour", "Blue")
    refused(state, Save(C("G2")), "own colour")


def test_save_needs_an_attack_on_you():
    state = position(3, hands={1: "B1 R1"}, turn=1)
    refused(state, Save(C("B1")), "no attack on you")


def test_a_save_sends_everything_incl_the_saver_to_the_deck_bottom_face_up():
    state = position(3, hands={1: "B2 R1"}, attack={1: "B1 B2"}, turn=1, deck="G1")
    deck_before = state.deck[:]
    events = play(state, Save(C("B2")))
    assert state.attack[1] == [] and state.attackers[1] == []
    assert state.hands[1] == cards("R1")
    assert state.deck[:3] == cards("B1 B2 B2") and state.deck[3:] == deck_before
    assert state.deck_known[:3] == [True] * 3 and not any(state.deck_known[3:])
    view = RULES.view(state, 2)
    assert view.deck_known == ((0, C("B1")), (1, C("B2")), (2, C("B2")))
    assert state.turn == 2  # saving is the turn
    saved = ev(events, "saved")[0]
    assert saved.card == C("B2") and saved.cleared == tuple(cards("B1 B2"))


def test_saved_cards_stay_known_under_later_saves_and_stop_being_known_after_a_shuffle():
    state = position(3, hands={0: "R1 REAPER B1", 1: "B1 R2"}, attack={1: "B1", 0: "R1 R2"},
                     turn=1)
    play(state, Save(C("B1")))
    play(state, DRAW)
    assert RULES.view(state, 0).deck_known == ((0, C("B1")), (1, C("B1")))
    play(state, PlayReaper(REAPER_SAVE, 0))
    assert RULES.view(state, 0).deck_known == ()
    assert state.deck_known == [False] * len(state.deck)


# --- a 3 on you -------------------------------------------------------------------------------


def test_with_your_own_3_you_must_save_with_it_other_plays_refused():
    state = position(3, hands={1: "B3 B1 R1 MD"}, attack={1: "B1 B2 B3"}, turn=1, deck="G1")
    assert legal(state) == [Save(C("B3"))]
    refused(state, DRAW, "A 3 is on you")
    refused(state, Attack(C("R1"), 0), "A 3 is on you")
    refused(state, PlayChaos(MD), "A 3 is on you")
    refused(state, LOSE_LIFE, "you must save with it")
    refused(state, Save(C("B1")), "match the top card")
    play(state, Save(C("B3")))
    assert state.lives[1] == [True, True] and state.attack[1] == []
    assert state.deck[:4] == cards("B1 B2 B3 B3") and state.turn == 2


def test_the_reaper_may_save_you_from_a_3():
    state = position(3, hands={1: "B3 REAPER R1"}, attack={1: "B1 B2 B3"}, turn=1)
    assert set(legal(state)) == {Save(C("B3")), PlayReaper(REAPER_SAVE, 1)}
    # Without your own 3 the Reaper is a choice, not a must: you may keep it and lose the life.
    only_reaper = position(3, hands={1: "REAPER R1"}, attack={1: "B1 B2 B3"}, turn=1)
    assert legal(only_reaper) == [PlayReaper(REAPER_SAVE, 1), LOSE_LIFE]
    events = play(only_reaper, PlayReaper(REAPER_SAVE, 1))
    assert only_reaper.lives[1] == [True, True] and only_reaper.attack[1] == []
    assert "shuffled" in kinds(events)


def test_without_a_save_losing_a_life_is_the_only_move():
    state = position(3, hands={1: "B1 B2 R1 MD"}, attack={1: "B1 B2 B3"},
                     attackers={1: [0, 2, 0]}, turn=1, deck="G1 G2 G3")
    assert legal(state) == [LOSE_LIFE]
    refused(state, DRAW, "A 3 is on you")
    refused(state, PlayChaos(MD), "A 3 is on you")
    refused(state, Save(C("B2")), "match the top card")
    events = play(state, LOSE_LIFE)
    assert state.lives[1] == [False, True]
    assert state.attack[1] == [] and state.attackers[1] == []
    assert state.deck[:3] == cards("B1 B2 B3") and state.deck_known[:3] == [True] * 3
    assert state.hands[1] == cards("B1 B2 R1 MD G1 G2")  # picks up two
    assert state.turn == 2  # that is the whole turn
    lost = ev(events, "life_lost")[0]
    assert lost.killer == 0 and lost.lives_left == 1 and lost.cause == "3"


def test_a_picked_up_saving_card_does_not_help():
    state = position(3, hands={1: "R1", 0: "G1", 2: "R2"}, attack={1: "B1 B2 B3"}, turn=1,
                     deck="B3 G2")
    play(state, LOSE_LIFE)
    assert C("B3") in state.hands[1]
    assert state.lives[1] == [False, True] and state.turn == 2


def test_a_3_is_only_dealt_with_on_the_victims_turn():
    state = position(3, hands={0: "B3 R1", 1: "R1", 2: "R2 R2"}, attack={1: "B1 B2"})
    play(state, Attack(C("B3"), 1))
    assert state.lives[1] == [True, True] and state.attack[1] == cards("B1 B2 B3")
    assert state.turn == 1 and legal(state) == [LOSE_LIFE]


def test_source_example_with_your_own_3_clearing_a_3_is_your_turn_reveal_must_wait():
    state = position(3, hands={0: "R1", 1: "B3 B1", 2: "R2"}, attack={1: "B1 B2 B3"}, turn=1)
    assert REVEAL not in legal(state)  # the hand is all Blue, but the 3 comes first
    refused(state, REVEAL, "A 3 is on you")
    play(state, Save(C("B3")))
    assert state.phase == PLAY and state.turn == 2
    play(state, DRAW)
    play(state, DRAW)
    assert state.hands[1] == cards("B1") and REVEAL in legal(state)
    events = play(state, REVEAL)
    assert state.phase == OVER and state.winners == [1] and state.how == "reveal"
    assert ev(events, "revealed")[0].cards == (C("B1"),)


# --- what comes first: Chaos cards, then the Reaper, then a 3 ---------------------------------


def test_death_from_above_is_actioned_before_a_pending_3():
    state = position(3, hands={0: "DFA R1", 1: "R2", 2: "R3"}, attack={1: "B1 B2 B3"},
                     deck="B3 G1")
    play(state, PlayChaos(DFA))
    assert state.owe == [0, 2, 0] and state.turn == 1
    assert legal(state) == [TAKE_TWO]
    refused(state, LOSE_LIFE, "Death From Above")
    refused(state, DRAW, "Death From Above")
    play(state, TAKE_TWO)
    assert state.hands[1] == cards("R2 B3 G1") and state.lives[1] == [True, True]
    assert state.owe == [0, 0, 0] and state.turn == 2
    play(state, DRAW)
    play(state, DRAW)
    # The picked-up B3 now saves: Chaos first "can be a good thing".
    assert legal(state) == [Save(C("B3"))]


def test_death_from_above_is_actioned_before_the_reaper_and_the_reaper_before_a_3():
    state = position(3, hands={0: "DFA R1", 1: "R2", 2: "R3 R3"}, attack={1: "B1 B2 B3"},
                     reaper_on=1, reaper_by=2)
    play(state, PlayChaos(DFA))
    assert legal(state) == [TAKE_TWO]
    refused(state, FACE_REAPER, "Death From Above")
    play(state, TAKE_TWO)
    play(state, DRAW)
    play(state, DRAW)
    assert legal(state) == [FACE_REAPER]
    refused(state, LOSE_LIFE, "Reaper is on you")
    play(state, FACE_REAPER)
    # The Reaper took a life and shuffled the Kill cards on Blue in with it: no 3 is left.
    assert state.lives[1] == [False, True] and state.attack[1] == [] and state.reaper_on == -1


def test_megadeath_before_your_turn_may_hand_you_the_saving_card():
    state = position(3, hands={0: "R1 R2", 1: "R3", 2: "MD R2"}, attack={1: "B1 B2 B3"}, turn=2,
                     deck="G1 G2 B3 R1")
    play(state, PlayChaos(MD))  # in turn order: Red (0) then Blue (1)
    assert state.hands[0] == cards("R1 R2 G1 G2")
    assert state.hands[1] == cards("R3 B3 R1")
    assert state.turn == 2 and state.lives[1] == [True, True]
    play(state, DRAW)
    play(state, DRAW)
    assert legal(state) == [Save(C("B3"))]


# --- losing a life, being out, graveyards ---------------------------------------------------


def test_losing_your_last_life_puts_you_out_hand_to_deck_bottom_graveyard_stays():
    state = position(3, hands={0: "R1", 1: "B1 R2 MD", 2: "R3"}, attack={1: "B1 B2 B3"},
                     lives={1: [False, True]}, turn=1, deck="G1 G2")
    top_before = state.deck[-2:]
    events = play(state, LOSE_LIFE)
    assert state.out[1] and state.lives[1] == [False, False]
    assert state.hands[1] == [] and state.eliminations == [1]
    assert state.deck[:3] == cards("B1 R2 MD") and state.deck_known[:3] == [False] * 3
    assert state.attack[1] == cards("B1 B2 B3")  # the graveyard keeps the Kill cards
    assert state.deck[-2:] == top_before  # no pick-up when you are out
    assert "eliminated" in kinds(events) and state.turn == 2
    assert state.phase == PLAY  # two players left
    assert RULES.view(state, 0).deck_known == ()  # the hand went down face down
    # Out players are skipped and can't be attacked.
    play(state, DRAW)
    assert state.turn == 0
    assert not [a for a in legal(state) if getattr(a, "victim", None) == 1]


def test_losing_the_last_life_with_two_players_makes_the_other_the_winner():
    state = position(2, hands={0: "R1", 1: "B1"}, attack={1: "B1 B2 B3"},
                     lives={1: [False, True]}, turn=1)
    events = play(state, LOSE_LIFE)
    assert state.phase == OVER and state.winners == [0] and state.how == "last-standing"
    assert kinds(events)[-1] == "game_won"
    result = RULES.result(state)
    assert result.winners == [0] and result.scores == [1, 0]


def test_dump_onto_a_graveyard_colour_must_match_and_cards_never_return():
    state = position(3, hands={0: "B1 B3 G1 G2", 2: "R1 R1"}, out=[1], attack={1: "B1 B2 B3"})
    dumps = {a for a in legal(state) if isinstance(a, Dump)}
    assert dumps == {Dump(C("B1"), 1), Dump(C("B3"), 1)}  # no sequence needed
    refused(state, Dump(C("G1"), 1), "only takes Blue")
    refused(state, Dump(C("G1"), 2), "dead player")
    play(state, Dump(C("B3"), 1))
    assert state.graveyard[1] == cards("B3") and state.turn == 2
    # A shuffle (Reaper save) never brings graveyard cards back.
    state2 = position(3, hands={0: "REAPER R1"}, out=[1], graveyard={1: "B3 B1"},
                      attack={0: "R1"})
    play(state2, PlayReaper(REAPER_SAVE, 0))
    assert state2.graveyard[1] == cards("B3 B1")
    assert state2.deck.count(C("B3")) == 2 and state2.deck.count(C("B1")) == 3


# --- the Reaper -----------------------------------------------------------------------------


def test_reaper_kill_on_anyone_in_the_game_even_with_no_cards_on_them():
    state = position(4, hands={0: "REAPER R1"}, attack={2: "G1 G2"}, out=[3])
    kills = {a.target for a in legal(state) if isinstance(a, PlayReaper) and a.use == REAPER_KILL}
    assert kills == {1, 2}  # not yourself, not the dead
    refused(state, PlayReaper(REAPER_KILL, 0), "yourself")
    refused(state, PlayReaper(REAPER_KILL, 3), "still in the game")
    play(state, PlayReaper(REAPER_KILL, 1))
    assert state.reaper_on == 1 and state.reaper_by == 0
    assert state.lives[1] == [True, True]  # not actioned until Blue's turn
    assert REAPER not in state.hands[0] and REAPER not in state.deck


def test_reaper_kill_is_actioned_on_the_victims_turn_lose_a_life_pick_up_two_shuffle():
    state = position(3, hands={0: "R1", 1: "B3 R2", 2: "R3"}, attack={1: "B1 B2"},
                     reaper_on=1, reaper_by=0, turn=1, deck="G2 G3", known_bottom="G1 G1")
    assert legal(state) == [FACE_REAPER]
    refused(state, Save(C("B3")), "Reaper is on you")  # it can't be defended
    refused(state, DRAW, "Reaper is on you")
    deck_size = len(state.deck)
    events = play(state, FACE_REAPER)
    assert state.lives[1] == [False, True] and state.attack[1] == []
    assert state.reaper_on == -1 and state.reaper_by == -1
    # The seed's order: the two cards are picked up first (the deck's next two), and only then
    # are the Reaper and the Kill cards shuffled in, so the victim can't draw back its Reaper.
    assert sorted(map(str, state.hands[1])) == sorted(["B3", "R2", "G2", "G3"])
    assert len(state.deck) == deck_size + 3 - 2  # B1 B2 and the Reaper in, two picked up
    assert state.deck_known == [False] * len(state.deck)  # shuffled
    assert kinds(events)[:3] == ["life_lost", "picked_up", "shuffled"]
    assert ev(events, "life_lost")[0].killer == 0 and ev(events, "life_lost")[0].cause == "reaper"


def test_source_example_reaper_on_a_player_with_one_dead_life_knocks_them_out():
    state = position(3, hands={0: "REAPER R1", 1: "B1 B2", 2: "R3"}, attack={1: "B1"},
                     lives={1: [False, True]})
    play(state, PlayReaper(REAPER_KILL, 1))
    assert legal(state) == [FACE_REAPER]
    events = play(state, FACE_REAPER)
    assert state.out[1] and state.eliminations == [1]
    assert "eliminated" in kinds(events)
    assert REAPER in state.deck
    # Decision: with the Reaper the Kill cards on them are shuffled in with it.
    assert state.attack[1] == []


def test_reaper_save_clears_all_kill_cards_at_any_point():
    state = position(3, hands={1: "REAPER R1"}, attack={1: "B1"}, turn=1)
    assert PlayReaper(REAPER_SAVE, 1) in legal(state)
    events = play(state, PlayReaper(REAPER_SAVE, 1))
    assert state.attack[1] == [] and REAPER in state.deck and C("B1") in state.deck
    assert state.turn == 2 and state.deck_known == [False] * len(state.deck)
    assert ev(events, "saved")[0].card is None
    nothing = position(3, hands={1: "REAPER R1"}, turn=1)
    refused(nothing, PlayReaper(REAPER_SAVE, 1), "no Kill cards on you")


def test_reaper_resurrect_turns_a_dead_life_back():
    state = position(3, hands={1: "REAPER R1"}, lives={1: [False, True]}, turn=1)
    assert PlayReaper(REAPER_RESURRECT, 1) in legal(state)
    events = play(state, PlayReaper(REAPER_RESURRECT, 1))
    assert state.lives[1] == [True, True] and REAPER in state.deck
    assert "resurrected" in kinds(events) and state.turn == 2
    alive = position(3, hands={1: "REAPER R1"}, turn=1)
    refused(alive, PlayReaper(REAPER_RESURRECT, 1), "no dead life card")


def test_reaper_is_one_card_and_must_be_held():
    state = position(3, hands={0: "R1 B1"})
    refused(state, PlayReaper(REAPER_KILL, 1), "don't hold the Reaper")
    with pytest.raises(AssertionError):
        position(3, hands={0: "REAPER", 1: "REAPER"})


# --- Chaos cards ------------------------------------------------------------------------------


def test_head_swap_swaps_whole_hands_and_is_shuffled_back_into_the_deck():
    state = position(3, hands={0: "HS R1 G1", 1: "B1", 2: "R2 R3 B3"})
    targets = {a.target for a in legal(state) if isinstance(a, PlayChaos) and a.card is HS}
    assert targets == {1, 2}
    refused(state, PlayChaos(HS, 0), "another player")
    refused(state, PlayChaos(HS, -1), "another player")
    hs_in_deck = state.deck.count(HS)
    events = play(state, PlayChaos(HS, 2))
    assert state.hands[0] == cards("R2 R3 B3") and state.hands[2] == cards("R1 G1")
    assert state.deck.count(HS) == hs_in_deck + 1 and HS not in state.middle
    assert "shuffled" in kinds(events) and state.turn == 1
    assert ev(events, "hands_swapped")[0].counts == (3, 2)


def test_head_swap_only_with_a_player_still_in_the_game():
    state = position(3, hands={0: "HS R1"}, out=[2])
    refused(state, PlayChaos(HS, 2), "still in the game")


def test_source_example_head_swap_as_your_last_card_hands_the_other_player_the_win():
    state = position(3, hands={0: "HS", 1: "B1 B2", 2: "R1 R2 R3"})
    play(state, PlayChaos(HS, 2))
    assert state.hands[0] == cards("R1 R2 R3") and state.hands[2] == []
    assert state.phase == OVER and state.winners == [2] and state.how == "empty-hand"


def test_kill_joy_once_head_swap_goes_to_the_middle():
    state = position(3, hands={0: "HS R1", 1: "B1"}, config={"kill-joy": "once"})
    play(state, PlayChaos(HS, 1))
    assert state.middle == [HS] and state.hands[1] == cards("R1")


def test_kill_joy_remove_position_has_no_head_swap():
    state = position(3, config={"kill-joy": "remove"})
    assert HS not in state.all_cards()
    with pytest.raises(AssertionError):
        position(3, hands={0: "HS"}, config={"kill-joy": "remove"})


@pytest.mark.parametrize("direction,order", [(1, [2, 3, 0]), (-1, [0, 3, 2])])
def test_megadeath_others_pick_up_two_in_turn_order_then_you_go_again(direction, order):
    state = position(4, hands={1: "MD R1"}, turn=1, direction=direction,
                     deck="G1 G2 G3 Y1 Y2 Y3")
    before = [len(h) for h in state.hands]
    events = play(state, PlayChaos(MD))
    picked = ev(events, "picked_up")
    assert [e.seat for e in picked] == order and all(e.count == 2 for e in picked)
    assert state.hands[order[0]][-2:] == cards("G1 G2")
    assert state.hands[order[1]][-2:] == cards("G3 Y1")
    assert state.hands[order[2]][-2:] == cards("Y2 Y3")
    assert [len(h) for h in state.hands] == [b + (2 if p != 1 else -1) for p, b in enumerate(before)]
    assert state.middle == [MD] and state.turn == 1  # same player goes again


def test_megadeath_skips_players_out_of_the_game():
    state = position(4, hands={1: "MD R1"}, turn=1, out=[3])
    events = play(state, PlayChaos(MD))
    assert [e.seat for e in ev(events, "picked_up")] == [2, 0]


@pytest.mark.parametrize("direction,victim", [(1, 2), (-1, 0)])
def test_death_from_above_the_next_player_picks_up_two_as_their_turn(direction, victim):
    state = position(3, hands={1: "DFA R1"}, turn=1, direction=direction, deck="G1 G2 G3")
    play(state, PlayChaos(DFA))
    assert state.middle == [DFA] and state.turn == victim and state.owe[victim] == 2
    hand = state.hands[victim][:]
    play(state, TAKE_TWO)
    assert state.hands[victim] == hand + cards("G1 G2")
    assert state.turn == (victim + direction) % 3


def test_take_two_only_when_owed():
    state = position(3, hands={0: "R1 B1"})
    refused(state, TAKE_TWO, "Nothing forces")
    refused(state, FACE_REAPER, "Nothing forces")
    refused(state, LOSE_LIFE, "Nothing forces")


def test_run_from_your_grave_reverses_the_order_of_play():
    state = position(4, hands={1: "RFG R1 R1", 0: "B1 B1"}, turn=1)
    events = play(state, PlayChaos(RFG))
    assert state.direction == -1 and state.turn == 0 and state.middle == [RFG]
    assert ev(events, "direction_changed")[0].skipped == -1
    play(state, DRAW)
    assert state.turn == 3


def test_run_from_your_grave_with_two_players_skips_the_other():
    state = position(2, hands={0: "RFG R1 B1"})
    events = play(state, PlayChaos(RFG))
    assert state.turn == 0
    assert ev(events, "direction_changed")[0].skipped == 1
    # Two left of a bigger table count as two players too.
    three = position(3, hands={0: "RFG B1 B1"}, out=[2])
    play(three, PlayChaos(RFG))
    assert three.turn == 0


def test_chaos_cards_go_to_the_middle_and_never_back():
    state = position(3, hands={0: "DFA MD RFG B1"})
    refused(state, PlayChaos(C("B1")), "not a Chaos card")
    play(state, PlayChaos(MD))
    play(state, PlayChaos(RFG))
    assert state.middle == [MD, RFG]
    assert state.deck.count(MD) == 1 and state.deck.count(RFG) == 1


# --- winning ---------------------------------------------------------------------------------


def test_last_one_standing_wins():
    state = position(3, hands={0: "R1", 1: "B1 B1"}, out=[2], attack={1: "B1 B2 B3"},
                     lives={1: [False, True]}, turn=1)
    play(state, LOSE_LIFE)
    assert state.winners == [0] and state.how == "last-standing"


@pytest.mark.parametrize("hand,action,extra", [
    ("B1", Attack(C("B1"), 1), {}),
    ("R2", Save(C("R2")), {"attack": {0: "R1 R2"}}),
    ("G1", Dump(C("G1"), 2), {"out": [2]}),
    ("MD", PlayChaos(MD), {}),
    ("DFA", PlayChaos(DFA), {}),
    ("RFG", PlayChaos(RFG), {}),
    ("REAPER", PlayReaper(REAPER_KILL, 1), {}),
])
def test_empty_hand_wins_at_once_whatever_the_last_card_was(hand, action, extra):
    state = position(3, hands={0: hand, 1: "R1 R1", 2: "R3 R3"} if "out" not in extra
                     else {0: hand, 1: "R1 R1"}, **extra)
    events = play(state, action)
    assert state.phase == OVER and state.winners == [0] and state.how == "empty-hand"
    assert kinds(events)[-1] == "game_won"
    assert RULES.legal_actions(state, state.turn) == []


def test_reveal_only_offered_when_the_hand_is_all_own_colour_kill_cards():
    assert REVEAL in legal(position(3, hands={0: "R1 R3 R3 R2"}))
    for hand in ("R1 B1", "R1 REAPER", "R1 MD", "HS"):
        state = position(3, hands={0: hand})
        assert REVEAL not in legal(state)
        refused(state, REVEAL, "Red")


def test_reveal_is_a_whole_turn_win_and_it_is_public():
    state = position(3, hands={0: "R1 R2 R2 R3 R1 R1 R1 R2 R3"})
    events = play(state, REVEAL)
    assert state.winners == [0] and state.how == "reveal"
    assert RULES.result(state).scores == [1, 0, 0]
    assert ev(events, "revealed")[0].for_seat(1).cards == tuple(state.hands[0])


def test_wins_are_checked_after_every_action_incl_forced_ones():
    # Facing the Reaper knocks out the second-to-last player: the game ends right there.
    state = position(2, hands={0: "R1", 1: "B1"}, lives={1: [False, True]}, reaper_on=1,
                     reaper_by=0, turn=1)
    play(state, FACE_REAPER)
    assert state.phase == OVER and state.winners == [0]
    # Head Swap as the last card in a two-player game: the player left holding nothing wins.
    swap = position(2, hands={0: "HS", 1: "B1 B2"})
    play(swap, PlayChaos(HS, 1))
    assert swap.winners == [1]


def test_result_is_none_while_playing():
    state = position(3)
    assert RULES.result(state) is None


# --- stalemate and the move cap ----------------------------------------------------------------


def test_a_full_round_of_skips_ends_the_game_fewest_cards_win_ties_share():
    state = position(3, hands={0: "B1 B1", 1: "R1", 2: "R2"}, rest="middle")
    play(state, PASS)
    play(state, PASS)
    assert state.phase == PLAY and state.passes == 2
    events = play(state, PASS)
    assert state.phase == OVER and state.how == "stalemate"
    assert state.winners == [1, 2]  # one card each: the tie shares the win
    assert RULES.result(state).scores == [0, 1, 1]
    assert kinds(events)[-1] == "game_won"


def test_any_progress_resets_the_skip_count():
    state = position(3, hands={0: "B1 B1", 1: "R1 R1", 2: "R1 R2"}, rest="middle")
    play(state, PASS)
    play(state, PASS)
    play(state, Attack(C("R1"), 0))  # Green makes progress
    assert state.passes == 0 and state.phase == PLAY
    play(state, PASS)  # Red: a 1 on you forces nothing
    play(state, PASS)
    assert state.phase == PLAY
    play(state, PASS)
    assert state.phase == OVER and state.winners == [2]  # Green has one card, the others two


def test_the_move_cap_ends_a_game_as_a_stalemate():
    state = position(3, hands={0: "B1 B1", 1: "R1", 2: "R2 R2"}, actions=MAX_ACTIONS - 1)
    play(state, DRAW)
    assert state.phase == OVER and state.how == "stalemate" and state.winners == [1]
    assert MAX_ACTIONS == 4000


# --- Sudden Death -----------------------------------------------------------------------------


def test_sudden_death_one_3_puts_you_out():
    state = position(3, hands={0: "R1", 1: "B1", 2: "R2"}, attack={1: "B1 B2 B3"}, turn=1,
                     config={"sudden-death": "on"})
    assert state.lives == [[True]] * 3
    play(state, LOSE_LIFE)
    assert state.out[1] and state.phase == PLAY


def test_sudden_death_plays_eight():
    state = RULES.new_game({"sudden-death": "on"}, 9, 8)
    assert state.colours == list(range(8)) and len(state.deck) == 89 - 40
    assert_conserved(state)


# --- Co-op ------------------------------------------------------------------------------------


def coop(**kw):
    return position(4, config={"co-op": "on"}, **kw)


def test_co_op_team_colour_attacks_either_member():
    state = coop(hands={0: "B1 B1 R1", 1: "R1", 2: "R2", 3: "R3"})
    attacks = {(a.card.code, a.victim) for a in legal(state) if isinstance(a, Attack)}
    assert attacks == {("B1", 1), ("B1", 3)}
    refused(state, Attack(C("R1"), 2), "your own team")
    refused(state, Attack(C("R1"), 0), "yourself")


def test_co_op_no_reaper_on_your_team():
    state = coop(hands={0: "REAPER R1", 1: "R1", 2: "R2", 3: "R3"})
    kills = {a.target for a in legal(state) if isinstance(a, PlayReaper) and a.use == REAPER_KILL}
    assert kills == {1, 3}
    refused(state, PlayReaper(REAPER_KILL, 2), "your team")


def test_co_op_no_dumping_on_your_own_team_mates_grave():
    state = coop(hands={0: "R1 B1", 1: "R2", 3: "R3"}, out=[2], turn=0)  # seat 2: 0's team-mate
    assert not [a for a in legal(state) if isinstance(a, Dump)]
    refused(state, Dump(C("R1"), 2), "own team-mate's grave")


def test_co_op_save_with_the_team_colour():
    state = coop(hands={1: "B2 R1", 0: "R1", 2: "R2", 3: "R3"}, attack={1: "B1 B2"}, turn=1)
    assert Save(C("B2")) in legal(state)


def test_co_op_a_killed_team_mate_is_out_and_the_team_lives_on():
    state = coop(hands={1: "B1 R1", 0: "R1", 2: "R2", 3: "R3"}, attack={1: "B1 B2 B3"}, turn=1)
    play(state, LOSE_LIFE)
    assert state.out[1] and state.phase == PLAY and state.turn == 2


def test_co_op_resurrect_a_dead_team_mate_with_the_reaper_they_pick_up_five():
    state = coop(hands={3: "REAPER B1", 0: "R1", 2: "R2"}, out=[1], attack={1: "B1 B2 B3"},
                 graveyard={1: "B2"}, turn=3)
    assert PlayReaper(REAPER_RESURRECT, 1) in legal(state)
    refused(state, PlayReaper(REAPER_RESURRECT, 0), "no dead life card")
    events = play(state, PlayReaper(REAPER_RESURRECT, 1))
    assert not state.out[1] and state.lives[1] == [True] and state.eliminations == []
    assert len(state.hands[1]) == 5
    assert state.attack[1] == [] and state.graveyard[1] == []  # shuffled in with the Reaper
    assert ev(events, "picked_up")[-1].count == 5 and ev(events, "picked_up")[-1].seat == 1
    assert state.turn == 0  # the turn passes on as usual; Blue is back in the rotation
    play(state, DRAW)
    assert state.turn == 1


def test_co_op_no_resurrecting_the_other_team():
    state = coop(hands={0: "REAPER R1", 2: "R2", 3: "R3"}, out=[1])
    assert not [a for a in legal(state) if isinstance(a, PlayReaper) and a.use == REAPER_RESURRECT]
    refused(state, PlayReaper(REAPER_RESURRECT, 1), "dead team-mate")


def test_co_op_team_wins_when_the_other_team_is_out():
    state = coop(hands={0: "R1", 1: "B1", 2: "R2"}, out=[3], attack={1: "B1 B2 B3"}, turn=1)
    play(state, LOSE_LIFE)
    assert state.phase == OVER and state.winners == [0, 2] and state.how == "last-standing"
    assert RULES.result(state).scores == [1, 0, 1, 0]


def test_co_op_team_wins_by_a_members_empty_hand_or_reveal():
    state = coop(hands={0: "B1", 1: "R1", 2: "R2", 3: "R3"})
    play(state, Attack(C("B1"), 3))
    assert state.winners == [0, 2] and state.how == "empty-hand"
    reveal = coop(hands={0: "R1 R2", 1: "R1", 2: "B1", 3: "R3"})
    assert REVEAL in legal(reveal)
    play(reveal, REVEAL)
    assert reveal.winners == [0, 2] and reveal.how == "reveal"


def test_co_op_stalemate_shares_the_win_with_the_team_mate():
    state = coop(hands={0: "B1", 1: "R1 R1", 2: "B1 B2 B3", 3: "R2 R2"}, rest="middle")
    for _ in range(4):
        play(state, PASS)
    assert state.how == "stalemate" and state.winners == [0, 2]


# --- Head Hunter ------------------------------------------------------------------------------


def hh(target=5, **kw):
    return position(3, config={"head-hunter": str(target)}, **kw)


def test_head_hunter_no_knock_out_the_last_3_player_scores_lives_turn_back():
    state = hh(hands={0: "R1", 1: "B1 R2", 2: "R3"}, attack={1: "B1 B2 B3"},
               attackers={1: [0, 0, 2]}, lives={1: [False, True]}, turn=1, deck="G1 G2")
    events = play(state, LOSE_LIFE)
    assert not state.out[1] and state.lives[1] == [True, True]
    assert state.points == [0, 0, 1]  # Green played the 3
    assert "kill_scored" in kinds(events) and "eliminated" not in kinds(events)
    assert state.hands[1] == cards("B1 R2 G1 G2") and state.phase == PLAY


def test_head_hunter_losing_a_first_life_scores_nothing():
    state = hh(hands={1: "B1"}, attack={1: "B1 B2 B3"}, turn=1)
    play(state, LOSE_LIFE)
    assert state.points == [0, 0, 0] and state.lives[1] == [False, True]


def test_head_hunter_the_reaper_player_scores():
    state = hh(hands={1: "B1"}, lives={1: [False, True]}, reaper_on=1, reaper_by=2, turn=1)
    play(state, FACE_REAPER)
    assert state.points == [0, 0, 1] and state.lives[1] == [True, True] and not state.out[1]


def test_head_hunter_first_to_the_target_wins():
    state = hh(3, hands={1: "B1"}, attack={1: "B1 B2 B3"}, attackers={1: [0, 0, 2]},
               lives={1: [False, True]}, turn=1, points={2: 2, 0: 2})
    play(state, LOSE_LIFE)
    assert state.phase == OVER and state.winners == [2] and state.how == "kill-target"
    assert RULES.result(state).scores == [2, 0, 3]


def test_head_hunter_no_empty_hand_win_and_no_reveal():
    state = hh(hands={0: "B1", 1: "R1", 2: "R2"})
    play(state, Attack(C("B1"), 1))
    assert state.phase == PLAY and state.hands[0] == []
    allred = hh(hands={0: "R1 R2"})
    assert REVEAL not in legal(allred)
    refused(allred, REVEAL, "Head Hunter")
    # With an empty hand you just pick up.
    play(state, DRAW)
    play(state, DRAW)
    assert legal(state)[0] == DRAW


def test_why_illegal_has_a_sentence_for_everything():
    state = position(3, hands={0: "R1 B1"})
    for action in (PASS, REVEAL, Save(C("R1")), Dump(C("B1"), 1), PlayChaos(MD),
                   PlayReaper(REAPER_SAVE, 0), Attack(C("B2"), 1), Draw()):
        if action not in legal(state):
            reason = why_illegal(state, action)
            assert reason and "\n" not in reason
    with pytest.raises(IllegalAction):
        RULES.apply(state, Attack(C("B2"), 1), 0)


def test_chaos_cards_other_than_head_swap_take_no_target():
    state = position(3, hands={0: "MD DFA RFG R1"})
    for card in (MD, DFA, RFG):
        reason = refused(state, PlayChaos(card, 1), "without choosing a player")
        assert "Head Swap" not in reason


def test_refusals_on_a_forced_turn_name_what_is_owed():
    state = position(3, hands={1: "B1 REAPER"}, owe={1: 2}, turn=1)
    assert legal(state) == [TAKE_TWO]
    for action in (DRAW, PlayReaper(REAPER_KILL, 0), Attack(C("B1"), 0), REVEAL, FACE_REAPER):
        refused(state, action, "Death From Above")


# --- what each seat sees ------------------------------------------------------------------------


def test_a_view_shows_your_own_hand_and_only_counts_for_the_others():
    state = position(3, hands={0: "R1 MD", 1: "B1 B2 REAPER", 2: "G3"}, known_bottom="B1 B3")
    view = RULES.view(state, 1)
    assert view.hand == tuple(cards("B1 B2 REAPER"))
    assert view.hand_counts == (2, 3, 1)
    assert view.deck_count == len(state.deck)
    assert view.deck_known == ((0, C("B1")), (1, C("B3")))
    assert RULES.view(state, None).hand == ()
    # What a seat sees doesn't change when the other hands change.
    other = position(3, hands={0: "R2 R3", 1: "B1 B2 REAPER", 2: "G2"}, known_bottom="B1 B3")
    assert RULES.view(other, 1) == view


def test_picked_up_cards_are_shown_only_to_the_player_who_picked_them_up():
    state = position(3, hands={0: "R1 MD"}, deck="REAPER B2")
    events = play(state, DRAW)
    picked = ev(events, "picked_up")[0]
    assert picked.for_seat(0).cards == (REAPER,)
    for seat in (1, 2, None):
        public = picked.for_seat(seat)
        assert public.cards == () and public.count == 1
        assert "Reaper" not in public.describe(["A", "B", "C"])
    assert "Reaper" in picked.for_seat(0).describe(["A", "B", "C"])


# --- edges ----------------------------------------------------------------------------------------


def test_pick_ups_take_what_is_left_when_the_deck_runs_out():
    state = position(3, hands={1: "MD R1", 0: "B1", 2: "R2"}, turn=1, deck="G1", rest="middle")
    events = play(state, PlayChaos(MD))
    assert [(e.seat, e.count) for e in ev(events, "picked_up")] == [(2, 1), (0, 0)]
    assert state.deck == [] and state.turn == 1
    dfa = position(3, hands={0: "R1", 1: "B1"}, owe={1: 2}, turn=1, deck="G1", rest="middle")
    play(dfa, TAKE_TWO)
    assert dfa.hands[1] == cards("B1 G1") and dfa.owe[1] == 0
    three = position(3, hands={1: "R1"}, attack={1: "B1 B2 B3"}, turn=1, rest="middle")
    play(three, LOSE_LIFE)
    # In the spec's order: the Kill cards go to the bottom, then the two are picked up.
    assert three.lives[1] == [False, True] and three.hands[1] == cards("R1 B3 B2")
    assert three.deck == cards("B1")


def test_co_op_head_swap_as_last_card_with_your_partner_wins_for_the_team():
    state = coop(hands={0: "HS", 1: "R1", 2: "B1 B2", 3: "R3"})
    play(state, PlayChaos(HS, 2))
    assert state.winners == [0, 2] and state.how == "empty-hand"


def test_head_hunter_stalemate_goes_to_the_most_kills():
    state = hh(hands={0: "B1", 1: "R1 R1 R2", 2: "R3 R3"}, points={1: 2, 2: 2}, rest="middle")
    for _ in range(3):
        play(state, PASS)
    assert state.how == "stalemate" and state.winners == [1, 2]
    assert RULES.result(state).scores == [0, 2, 2]


def test_head_hunter_has_no_graveyards_and_allows_resurrect():
    state = hh(hands={0: "REAPER B1"}, lives={0: [False, True]})
    assert PlayReaper(REAPER_RESURRECT, 0) in legal(state)
    assert not [a for a in legal(state) if isinstance(a, Dump)]


def test_the_rules_screen_keeps_and_states_our_choices():
    """Co-op's 5-card deal and the Reaper save while holding your own 3 are ours, kept, and said."""
    text = " ".join(RULES.rules_text().split())
    assert "Co-op deals 5 cards each" in text and "The printed rules give no Co-op deal" in text
    assert "the Reaper may save you instead of your 3" in text
    assert "pick up two first; only then are the Reaper and the Kill cards on them shuffled" in text
