"""Kill The Kings: one or more tests per rule of shared/rules/kill-the-kings.md."""

from __future__ import annotations

import pytest

from cutthroat.engine.cards import Card, Suit
from cutthroat.engine.protocol import Action, IllegalAction
from cutthroat.games.kill_the_kings.bots import HeuristicBot
from cutthroat.games.kill_the_kings.cards import DECK_CARDS, KINGS, finishable, round_points
from cutthroat.games.kill_the_kings.rules import (
    DRAW,
    END_ROUND,
    NEXT_ROUND,
    PLACE,
    RULES,
    Busted,
    CardDrawn,
    CardPlaced,
    CardReserved,
    GameEnded,
    KingKilled,
    Place,
    PlayReserve,
    Reserve,
    RoundEnded,
    RoundStarted,
    Stuck,
    fits,
)
from cutthroat.saves import Seat
from cutthroat.session import Session
from helpers_ktk import C, arrange, assert_all_cards, assert_refused, cards, make_state, snapshot

# Four full (killed) columns, one per king, all 20 cards distinct.
FULL = ("QH JS 10H 9S 8H", "QS JH 10S 9H 8S", "QC JD 10C 9D 8C", "QD JC 10D 9C 8D")
# A column ending in an Ace accepts nothing (nothing is lower than an Ace).
BLOCKED = ("AH", "AS", "AC", "AD")
FULL_RESERVE = ("2S", "2H", "2D", "2C")


def kinds(events):
    return [e.kind for e in events]


def legal(state):
    return RULES.legal_actions(state, 0)


def bust_position(state, kings_killed: int, card: str = "3S"):
    """`kings_killed` columns full, the others blocked, reserve full, `card` on top of the deck."""
    cols = [FULL[i] if i < kings_killed else BLOCKED[i] for i in range(4)]
    return arrange(state, cols, FULL_RESERVE, None, [card])


# --- setup -----------------------------------------------------------------------------------


def test_setup_kings_out_deck_shuffled_reserve_empty():
    state = RULES.new_game({}, seed=1)
    assert state.mode == "killer"
    assert state.round == 1 and state.phase == "play"
    assert state.columns == [[], [], [], []]
    assert state.reserve == [None] * 4
    assert state.drawn is None
    assert state.round_points == []
    assert len(state.deck) == 48
    assert set(state.deck) == set(DECK_CARDS)
    assert not any(c.rank == 13 for c in state.deck)
    assert state.deck != list(DECK_CARDS)  # shuffled
    assert list(KINGS) == [Card(13, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
    assert RULES.view(state, 0).kings == KINGS
    assert_all_cards(state)


def test_same_seed_same_deck_different_seeds_differ():
    assert RULES.new_game({}, 7).deck == RULES.new_game({}, 7).deck
    assert RULES.new_game({}, 7) == RULES.new_game({}, 7)
    decks = {tuple(RULES.new_game({}, s).deck) for s in range(30)}
    assert len(decks) == 30


def test_mode_config():
    assert RULES.new_game({"mode": "psycho"}, 0).mode == "psycho"
    assert RULES.view(RULES.new_game({"mode": "psycho"}, 0), 0).target == 11
    assert RULES.view(RULES.new_game({"mode": "killer"}, 0), 0).target == 7
    with pytest.raises(ValueError):
        RULES.new_game({"mode": "berserk"}, 0)
    with pytest.raises(ValueError):
        RULES.new_game({}, 0, players=2)
    assert RULES.new_game({}, 0, players=1).deck == RULES.new_game({}, 0).deck


def test_fresh_setup_every_round():
    state = RULES.new_game({}, seed=3)
    first_deck = state.deck[:]
    # Leave round 1 messy: cards in columns and reserve, a drawn card left over by the bust.
    bust_position(state, 2)
    events = RULES.apply(state, DRAW)
    assert state.phase == "round_over" and state.drawn == C("3S")
    assert state.round_points == [3]
    events = RULES.apply(state, NEXT_ROUND)
    assert events == [RoundStarted(2)]
    assert state.round == 2 and state.phase == "play"
    assert state.columns == [[], [], [], []]
    assert state.reserve == [None] * 4
    assert state.drawn is None
    assert len(state.deck) == 48 and set(state.deck) == set(DECK_CARDS)
    assert state.deck != first_deck  # reshuffled, not the same order again
    assert state.round_points == [3]  # only the score carries over
    assert state.end_reason == ""
    assert legal(state) == [DRAW]


def test_next_round_deal_is_deterministic():
    a, b = RULES.new_game({}, 11), RULES.new_game({}, 11)
    for s in (a, b):
        bust_position(s, 0)
        RULES.apply(s, DRAW)
        RULES.apply(s, NEXT_ROUND)
    assert a.deck == b.deck and a == b


# --- colours and values ----------------------------------------------------------------------


def test_colours_alternate_and_ace_low():
    # fits(card, column, king): opposite colour, strictly lower than the card above.
    ks, kh = C("KS"), C("KH")
    assert fits(C("QH"), [], ks) and fits(C("QD"), [], ks)
    assert not fits(C("QS"), [], ks) and not fits(C("QC"), [], ks)
    assert fits(C("QS"), [], kh) and fits(C("QC"), [], kh)
    assert not fits(C("QH"), [], kh) and not fits(C("QD"), [], kh)
    assert fits(C("AC"), cards("QH JS 2H"), ks)  # Ace (1) is below 2
    assert not fits(C("2C"), cards("QH JS AH"), ks)  # nothing goes under an Ace
    assert fits(C("JS"), cards("QD"), kh) and not fits(C("QS"), cards("JD"), kh)  # J < Q
    assert fits(C("10C"), cards("QH JS 10H"), ks) is False  # equal value refused


def test_finishable_strategy_fact():
    assert not finishable(C("AS"), 1)  # an Ace first under a king dooms the column
    assert finishable(C("5S"), 1) and not finishable(C("4S"), 1)
    assert finishable(C("AS"), 5)


# --- drawing ---------------------------------------------------------------------------------


def test_start_of_turn_only_draw():
    state = RULES.new_game({}, 2)
    assert legal(state) == [DRAW]
    assert RULES.to_act(state) == [0]


def test_draw_turns_over_top_card():
    state = RULES.new_game({}, 4)
    top = state.deck[-1]
    rest = state.deck[:-1]
    events = RULES.apply(state, DRAW)
    assert events == [CardDrawn(top, 47)]
    assert state.drawn is top
    assert state.deck == rest
    assert_all_cards(state)


def test_drawn_card_must_be_placed_first():
    state = make_state(["QH", "", "", ""], ["JS", None, None, None], drawn="5D")
    # legal: only placements of the drawn card and empty reserve spots
    acts = legal(state)
    assert all(isinstance(a, (Place, Reserve)) for a in acts)
    assert DRAW not in acts
    assert_refused(state, DRAW, "Place the drawn 5♦ first")
    for col in range(4):
        assert_refused(state, PlayReserve(0, col), "Place the drawn 5♦ first")
    assert_refused(state, END_ROUND, "Place the drawn 5♦ first")
    assert_refused(state, NEXT_ROUND, "still being played")


def test_no_place_or_reserve_without_drawn_card():
    state = make_state()
    assert_refused(state, Place(0), "Draw a card first")
    assert_refused(state, Reserve(0), "Draw a card first")


# --- placing under a king --------------------------------------------------------------------


@pytest.mark.parametrize("col", range(4))
def test_first_card_compares_with_king(col):
    king = KINGS[col]
    for card in DECK_CARDS:
        state = make_state(drawn=card.code)
        ok = card.red != king.red  # every non-king is lower than a king: only colour matters
        assert (Place(col) in legal(state)) == ok
        if ok:
            events = RULES.apply(state, Place(col))
            assert events == [CardPlaced(card, col, -1)]
            assert state.columns[col] == [card] and state.drawn is None
        else:
            colour = "black" if card.red else "red"
            assert_refused(state, Place(col), f"needs a {colour} card", king.label)


@pytest.mark.parametrize("drawn,ok,fragment", [
    ("8S", True, None),
    ("8C", True, None),
    ("AS", True, None),
    ("9S", False, "must be lower"),      # equal value
    ("10C", False, "must be lower"),     # higher
    ("8D", False, "needs a black card"),  # same colour
    ("9D", False, "9♦ can't go under 9♥"),
    ("JC", False, "must be lower"),
])
def test_placement_opposite_colour_strictly_lower(drawn, ok, fragment):
    state = make_state(["", "QS JH 10S 9H", "QC", "QD"], drawn=drawn)
    # column 2 (K♥) ends 9♥
    if ok:
        assert Place(1) in legal(state)
        RULES.apply(state, Place(1))
        assert state.columns[1][-1] == C(drawn)
    else:
        assert_refused(state, Place(1), fragment)


def test_nothing_under_an_ace():
    state = make_state(["AH", "AS", "AC", "AD"], drawn="2S")
    for col in (0, 3):  # A♥, A♦: right colour, but 2 is not lower than 1
        assert_refused(state, Place(col), "must be lower")
    for col in (1, 2):
        assert_refused(state, Place(col), "needs a red card")
    assert [a for a in legal(state) if isinstance(a, Place)] == []


def test_bad_indices_refused():
    state = make_state(drawn="QH")
    for bad in (-1, 4, 99, "0", None):
        assert_refused(state, Place(bad), "column")
        assert_refused(state, Reserve(bad), "reserve spot")
    state = make_state(reserve=["QH", None, None, None])
    for bad in (-1, 4, "1"):
        assert_refused(state, PlayReserve(bad, 0), "Reserve spots are A–D")
        assert_refused(state, PlayReserve(0, bad), "columns 1–4")


def test_foreign_action_and_wrong_seat():
    state = make_state()
    assert_refused(state, Action(), "Not a Kill The Kings action")
    assert_refused(state, DRAW, "single seat", player=1)
    assert RULES.legal_actions(state, 1) == []
    RULES.apply(state, DRAW, None)  # player None = the only seat
    assert state.drawn is not None


# --- the reserve -----------------------------------------------------------------------------


def test_drawn_card_may_always_go_to_empty_reserve_spot():
    # Q♥ fits under K♠, yet the reserve is allowed too.
    state = make_state(reserve=[None, "2S", None, "2C"], drawn="QH")
    acts = legal(state)
    assert Place(0) in acts and Place(3) in acts
    assert Reserve(0) in acts and Reserve(2) in acts
    assert Reserve(1) not in acts and Reserve(3) not in acts
    assert_refused(state, Reserve(1), "Reserve B already holds 2♠")
    events = RULES.apply(state, Reserve(2))
    assert events == [CardReserved(C("QH"), 2)]
    assert state.reserve == [None, C("2S"), C("QH"), C("2C")]
    assert state.drawn is None
    assert_all_cards(state)


def test_reserve_plays_several_times_before_drawing():
    state = make_state(reserve=["QH", "JS", "10H", None])
    assert set(legal(state)) == {PlayReserve(0, 0), PlayReserve(0, 3), PlayReserve(1, 1),
                                 PlayReserve(1, 2), PlayReserve(2, 0), PlayReserve(2, 3), DRAW}
    assert RULES.apply(state, PlayReserve(0, 0)) == [CardPlaced(C("QH"), 0, 0)]
    assert RULES.apply(state, PlayReserve(1, 0)) == [CardPlaced(C("JS"), 0, 1)]
    assert RULES.apply(state, PlayReserve(2, 0)) == [CardPlaced(C("10H"), 0, 2)]
    assert state.columns[0] == cards("QH JS 10H")
    assert state.reserve == [None] * 4
    assert state.drawn is None and state.phase == "play"
    assert legal(state) == [DRAW]
    assert_all_cards(state)


def test_play_reserve_refusals():
    state = make_state(["QH", "", "", ""], reserve=["QS", None, "JD", None])
    assert_refused(state, PlayReserve(1, 0), "Reserve B is empty")
    assert_refused(state, PlayReserve(0, 0), "must be lower")  # Q♠ under Q♥
    assert_refused(state, PlayReserve(2, 0), "needs a black card")  # J♦ under Q♥
    assert_refused(state, PlayReserve(0, 3), "needs a red card")  # Q♠ under K♣


# --- killing ---------------------------------------------------------------------------------


def test_fifth_card_kills_and_column_refuses_more():
    state = make_state(["QH JS 10H 9S", "", "", ""], drawn="8H")
    events = RULES.apply(state, Place(0))
    assert events == [CardPlaced(C("8H"), 0, -1), KingKilled(C("KS"), 0, 1)]
    assert state.kings_killed == 1 and len(state.columns[0]) == 5
    assert state.phase == "play"
    # 7♠ would fit under 8♥ by colour and value, but the king is dead.
    arrange(state, [FULL[0], "", "", ""], ["7S", None, None, None], None)
    assert_refused(state, PlayReserve(0, 0), "K♠ is already killed")
    arrange(state, [FULL[0], "", "", ""], drawn="7S")
    assert_refused(state, Place(0), "already killed")
    assert RULES.view(state, 0).kings_killed == 1


def test_four_cards_do_not_kill():
    state = make_state(["QH JS 10H", "", "", ""], drawn="9S")
    events = RULES.apply(state, Place(0))
    assert kinds(events) == ["card_placed"]
    assert state.kings_killed == 0


def test_kill_points_count_kings_killed_this_round():
    state = make_state([FULL[0], FULL[1], "QC JD 10C 9D", ""], reserve=["8C", None, None, None])
    events = RULES.apply(state, PlayReserve(0, 2))
    assert events == [CardPlaced(C("8C"), 2, 0), KingKilled(C("KD"), 2, 3)]


def test_all_four_killed_ends_round():
    state = make_state([FULL[0], FULL[1], FULL[2], "QD JC 10D 9C"], drawn="8D")
    assert len(state.deck) > 0
    events = RULES.apply(state, Place(3))
    assert events == [CardPlaced(C("8D"), 3, -1), KingKilled(C("KC"), 3, 4),
                      RoundEnded(1, 4, 10, 10, "all_killed")]
    assert state.phase == "round_over" and state.end_reason == "all_killed"
    assert state.round_points == [10]
    assert legal(state) == [NEXT_ROUND]
    assert_refused(state, DRAW, "The round is over")


def test_all_four_killed_by_reserve_play():
    state = make_state([FULL[0], FULL[1], FULL[2], "QD JC 10D 9C"], reserve=[None, "8D", None, None])
    events = RULES.apply(state, PlayReserve(1, 3))
    assert kinds(events) == ["card_placed", "king_killed", "round_ended"]
    assert events[-1].reason == "all_killed" and events[-1].points == 10


# --- bust ------------------------------------------------------------------------------------


def test_bust_ends_round_at_once():
    # every column ends in a red card, so the red 10♥ fits nowhere; the reserve is full
    state = make_state(["QH", "QS JH", "QC JD", "QD"], FULL_RESERVE, deck_top=["10H"])
    events = RULES.apply(state, DRAW)
    assert events == [CardDrawn(C("10H"), len(state.deck)), Busted(C("10H")),
                      RoundEnded(1, 0, 0, 0, "bust")]
    assert state.phase == "round_over" and state.end_reason == "bust"
    assert state.round_points == [0]
    assert legal(state) == [NEXT_ROUND]
    assert_refused(state, Place(0), "The round is over")
    assert_refused(state, Reserve(0), "The round is over")
    assert_all_cards(state)


def test_no_bust_when_card_fits_with_reserve_full():
    state = make_state(reserve=FULL_RESERVE, deck_top=["QH"])
    events = RULES.apply(state, DRAW)
    assert kinds(events) == ["card_drawn"]
    assert state.phase == "play"
    assert legal(state) == [Place(0), Place(3)]


def test_no_bust_when_a_reserve_spot_is_free():
    state = make_state(list(BLOCKED), ["2S", "2H", None, "2C"], deck_top=["3S"])
    events = RULES.apply(state, DRAW)
    assert kinds(events) == ["card_drawn"]
    assert legal(state) == [Reserve(2)]


# --- stuck and ending the round by choice ------------------------------------------------------


def test_stuck_after_last_card_placed():
    # Not reachable from a real deal (at most 25 cards ever leave the deck), but the rule holds.
    state = make_state(["", "", "", ""], drawn="QH", only_deck_top=True)
    assert state.deck == []
    events = RULES.apply(state, Place(0))
    assert events == [CardPlaced(C("QH"), 0, -1), Stuck(False), RoundEnded(1, 0, 0, 0, "stuck")]
    assert state.phase == "round_over" and state.end_reason == "stuck"


def test_stuck_after_last_reserve_play():
    state = make_state(["JH", "", "", "JD"], ["10S", "QH", None, None], only_deck_top=True)
    assert set(legal(state)) >= {PlayReserve(0, 0), END_ROUND}
    events = RULES.apply(state, PlayReserve(0, 0))
    # Q♥ now fits nowhere (K♠ and K♣ columns end in lower cards; red kings refuse red)
    assert kinds(events) == ["card_placed", "stuck", "round_ended"]
    assert events[-1].reason == "stuck"


def test_not_stuck_while_a_reserve_card_can_move():
    state = make_state(["", "", "", ""], ["QS", None, None, None], drawn="QH", only_deck_top=True)
    events = RULES.apply(state, Place(0))
    assert kinds(events) == ["card_placed"]  # Q♠ can still go under K♥ / K♦
    assert state.phase == "play"
    assert set(legal(state)) == {PlayReserve(0, 1), PlayReserve(0, 2), END_ROUND}


def test_end_round_offered_only_once_deck_empty():
    state = make_state(reserve=["QS", None, None, None])
    assert END_ROUND not in legal(state) and DRAW in legal(state)
    assert_refused(state, END_ROUND, "only be ended once the deck is empty")
    state = make_state(reserve=["QS", None, None, None], only_deck_top=True)
    assert DRAW not in legal(state)
    assert END_ROUND in legal(state)
    assert_refused(state, DRAW, "The deck is empty")
    events = RULES.apply(state, END_ROUND)
    assert events == [Stuck(True), RoundEnded(1, 0, 0, 0, "ended")]
    assert state.phase == "round_over" and state.end_reason == "ended"


# --- scoring and the game --------------------------------------------------------------------


def test_round_points_table():
    assert [round_points(k) for k in range(5)] == [0, 1, 3, 6, 10]


@pytest.mark.parametrize("kings,points", [(0, 0), (1, 1), (2, 3), (3, 6)])
def test_round_score_by_kings_killed(kings, points):
    state = make_state()
    bust_position(state, kings)
    events = RULES.apply(state, DRAW)
    assert events[-1] == RoundEnded(1, kings, points, points, "bust")
    assert state.round_points == [points]


def test_three_rounds_then_game_over():
    state = RULES.new_game({}, 9)
    for rnd, kings in zip((1, 2, 3), (2, 1, 1)):  # the seed's example: 3 + 1 + 1 = 5
        assert state.round == rnd and state.phase == "play"
        assert RULES.result(state) is None
        bust_position(state, kings)
        events = RULES.apply(state, DRAW)
        if rnd < 3:
            assert state.phase == "round_over" and RULES.result(state) is None
            assert RULES.to_act(state) == [0]
            RULES.apply(state, NEXT_ROUND)
    assert events[-2:] == [RoundEnded(3, 1, 1, 5, "bust"), GameEnded(5, "killer", 7, False)]
    assert state.phase == "game_over"
    assert RULES.to_act(state) == []
    assert legal(state) == []
    for action in (DRAW, NEXT_ROUND, END_ROUND, Place(0)):
        assert_refused(state, action, "The game is over")
    result = RULES.result(state)
    assert result.winners == [] and result.scores == [5]
    assert result.details["round_points"] == [3, 1, 1]
    assert result.details["killer_win"] is False and result.details["psycho_win"] is False
    assert "5 points" in result.summary and "loss" in result.summary


def finish_game(mode: str, before: list[int], kings_last: int):
    state = make_state(mode=mode, round=3, round_points=before)
    bust_position(state, kings_last)
    events = RULES.apply(state, DRAW)
    return state, events


@pytest.mark.parametrize("before,kings,total", [
    ([3, 3], 0, 6), ([3, 3], 1, 7), ([3, 6], 1, 10), ([10, 0], 1, 11), ([10, 10], 3, 26),
    ([0, 0], 0, 0),
])
@pytest.mark.parametrize("mode,target", [("killer", 7), ("psycho", 11)])
def test_win_thresholds(mode, target, before, kings, total):
    state, events = finish_game(mode, before, kings)
    won = total >= target
    assert events[-1] == GameEnded(total, mode, target, won)
    result = RULES.result(state)
    assert result.scores == [total]
    assert result.winners == ([0] if won else [])
    assert result.details["killer_win"] == (total >= 7)
    assert result.details["psycho_win"] == (total >= 11)
    assert result.details["target"] == target and result.details["mode"] == mode


def test_thirty_points_is_the_maximum():
    state = make_state(mode="psycho", round=3, round_points=[10, 10],
                       columns=[FULL[0], FULL[1], FULL[2], "QD JC 10D 9C"], drawn="8D")
    events = RULES.apply(state, Place(3))
    assert events[-1] == GameEnded(30, "psycho", 11, True)
    assert RULES.result(state).scores == [30]


def test_seed_example_two_one_one_loses_killer():
    state, events = finish_game("killer", [3, 1], 1)
    assert RULES.result(state).scores == [5]
    assert RULES.result(state).winners == []
    assert events[-1].won is False


# --- worked examples -------------------------------------------------------------------------

# Example 1: column 2 (K♥) ends 2♥ with four cards; column 4 (K♣) ends 3♥; A♠ waits in reserve.
EX1_COLUMNS = ["", "QS JH 10S 2H", "9C", "3H"]


def test_example1_drawn_ace_of_clubs_options():
    state = make_state(EX1_COLUMNS, ["AS", None, None, None], drawn="AC")
    acts = legal(state)
    assert [a for a in acts if isinstance(a, Place)] == [Place(1), Place(3)]
    assert {a for a in acts if isinstance(a, Reserve)} == {Reserve(1), Reserve(2), Reserve(3)}
    assert not any(isinstance(a, PlayReserve) for a in acts)
    for col in range(4):  # A♠ may not be played while A♣ waits, not even under 2♥ or 3♥
        assert_refused(state, PlayReserve(0, col), "Place the drawn A♣ first")
    assert_refused(state, Place(0), "needs a red card")
    assert_refused(state, Place(2), "needs a red card")


def test_example1_ace_under_two_hearts_kills():
    state = make_state(EX1_COLUMNS, ["AS", None, None, None], drawn="AC")
    events = RULES.apply(state, Place(1))
    assert events == [CardPlaced(C("AC"), 1, -1), KingKilled(C("KH"), 1, 1)]
    assert state.kings_killed == 1
    # Once placed, the A♠ may be played: under 3♥ (the 2♥ column is now dead and ends in A♣).
    assert set(legal(state)) == {PlayReserve(0, 3), DRAW}
    RULES.apply(state, PlayReserve(0, 3))
    assert state.columns[3] == cards("3H AS")


def test_example1_ace_under_three_hearts_then_ace_of_spades_kills():
    state = make_state(EX1_COLUMNS, ["AS", None, None, None], drawn="AC")
    events = RULES.apply(state, Place(3))
    assert events == [CardPlaced(C("AC"), 3, -1)]
    assert state.columns[3] == cards("3H AC")
    assert set(legal(state)) == {PlayReserve(0, 1), DRAW}
    events = RULES.apply(state, PlayReserve(0, 1))
    assert events == [CardPlaced(C("AS"), 1, 0), KingKilled(C("KH"), 1, 1)]


# Example 2: reserve full with A♠ 3♣ 3♠ 6♠; column 1 (K♠) ends 3♥; other columns take no black card.
EX2_COLUMNS = ["3H", "4C", "4S", ""]
EX2_RESERVE = ["AS", "3C", "3S", "6S"]


def test_example2_may_play_ace_before_drawing():
    state = make_state(EX2_COLUMNS, EX2_RESERVE)
    assert set(legal(state)) == {PlayReserve(0, 0), DRAW}  # may, not must
    assert_refused(state, PlayReserve(1, 0), "must be lower")  # 3♣ under 3♥
    assert_refused(state, PlayReserve(3, 0), "must be lower")  # 6♠ under 3♥
    events = RULES.apply(state, PlayReserve(0, 0))
    assert events == [CardPlaced(C("AS"), 0, 0)]
    assert state.columns[0] == cards("3H AS")
    assert state.reserve == [None, C("3C"), C("3S"), C("6S")]


@pytest.mark.parametrize("card", ["5C", "7S", "10C", "QS"])
def test_example2_drawing_black_above_three_busts(card):
    state = make_state(EX2_COLUMNS, EX2_RESERVE, deck_top=[card])
    events = RULES.apply(state, DRAW)
    assert kinds(events) == ["card_drawn", "busted", "round_ended"]
    assert events[1] == Busted(C(card))
    assert state.phase == "round_over" and state.end_reason == "bust"


@pytest.mark.parametrize("card", ["5C", "QS"])
def test_example2_playing_ace_first_avoids_the_bust(card):
    state = make_state(EX2_COLUMNS, EX2_RESERVE, deck_top=[card])
    RULES.apply(state, PlayReserve(0, 0))
    events = RULES.apply(state, DRAW)
    assert kinds(events) == ["card_drawn"]
    assert legal(state) == [Reserve(0)]


def test_example2_red_card_is_no_bust():
    state = make_state(EX2_COLUMNS, EX2_RESERVE, deck_top=["5H"])
    events = RULES.apply(state, DRAW)
    assert kinds(events) == ["card_drawn"]  # 5♥ fits under K♣ (not under the lower 4♣, 4♠)
    assert legal(state) == [Place(3)]


# --- view and result -------------------------------------------------------------------------


def test_view_hides_deck_order():
    a = make_state(["QH", "", "", ""], ["JS", None, None, None], drawn="5D", deck_top=["2C", "3C"])
    b = make_state(["QH", "", "", ""], ["JS", None, None, None], drawn="5D", deck_top=["3C", "2C"])
    assert a.deck != b.deck
    va, vb = RULES.view(a, 0), RULES.view(b, 0)
    assert va == vb
    assert va.deck_count == len(a.deck) == 48 - 3
    assert sorted(va.unseen, key=lambda c: c.index) == list(va.unseen)
    assert sorted(va.unseen, key=lambda c: c.index) == sorted(a.deck, key=lambda c: c.index)
    assert not hasattr(va, "deck")
    assert va.drawn == C("5D")
    assert va.columns[0] == (C("QH"),) and va.reserve[0] == C("JS")
    assert RULES.view(a, None) == va  # spectator sees the same: nothing else is hidden


def test_view_tracks_play():
    state = RULES.new_game({"mode": "psycho"}, 5)
    RULES.apply(state, DRAW)
    view = RULES.view(state, 0)
    assert view.deck_count == 47 and len(view.unseen) == 47
    assert state.drawn not in view.unseen
    assert view.phase == "play" and view.round == 1 and view.total == 0
    assert view.mode == "psycho" and view.target == 11


def test_result_none_until_over():
    state = RULES.new_game({}, 1)
    assert RULES.result(state) is None
    bust_position(state, 1)
    RULES.apply(state, DRAW)
    assert state.phase == "round_over" and RULES.result(state) is None


def test_describe_actions():
    state = make_state(reserve=["JS", None, None, None], drawn="QH")
    assert "Q♥" in RULES.describe_action(state, Place(0))
    assert "reserve B" in RULES.describe_action(state, Reserve(1))
    assert "J♠" in RULES.describe_action(state, PlayReserve(0, 1))
    assert RULES.describe_action(state, DRAW) == "draw a card"
    for e in (Busted(C("QH")), KingKilled(C("KS"), 0, 2), RoundEnded(1, 2, 3, 3, "bust"),
              GameEnded(5, "killer", 7, False)):
        assert e.describe()
    assert "You lose" in GameEnded(5, "killer", 7, False).describe()
    assert "You win" in GameEnded(7, "killer", 7, True).describe()


def test_rules_text_available():
    text = RULES.rules_text()
    assert "Kill The Kings" in text or "king" in text.lower()


# --- undo via Session ------------------------------------------------------------------------


def session_with(state, **kw) -> Session:
    return Session("kill-the-kings", {"mode": state.mode}, 0, [Seat("human", "You")],
                   state=state, **kw)


def test_undo_placement_since_last_draw():
    s = session_with(make_state(deck_top=["QH", "JS"]))
    s.apply(DRAW)
    assert not s.can_undo  # a draw can't be undone
    after_draw, log_after_draw = snapshot(s.state), list(s.log)
    s.apply(Place(0))
    assert s.can_undo
    assert s.undo() is True
    assert snapshot(s.state) == after_draw
    assert s.log == log_after_draw
    assert s.state.drawn == C("QH")
    assert not s.can_undo and s.undo() is False  # the draw stays
    assert snapshot(s.state) == after_draw


def test_undo_reserve_and_reserve_plays_in_order():
    s = session_with(make_state(reserve=[None, "JS", None, None], deck_top=["QH"]))
    s.apply(DRAW)
    states, logs = [snapshot(s.state)], [list(s.log)]
    for action in (Reserve(0), PlayReserve(0, 0), PlayReserve(1, 0)):
        s.apply(action)
        states.append(snapshot(s.state))
        logs.append(list(s.log))
    assert s.state.columns[0] == cards("QH JS")
    for i in (2, 1, 0):
        assert s.undo()
        assert snapshot(s.state) == states[i]
        assert s.log == logs[i]
    assert not s.undo()


def test_draw_is_a_barrier():
    s = session_with(make_state(deck_top=["QH", "QS"]))
    s.apply(DRAW)
    s.apply(Place(0))
    s.apply(DRAW)
    assert not s.can_undo and not s.undo()
    assert s.state.drawn == C("QS")


def test_undo_disabled_by_setting():
    s = session_with(make_state(reserve=["QH", None, None, None], deck_top=["JS"]),
                     undo_allowed=False)
    s.apply(PlayReserve(0, 0))
    assert not s.can_undo and s.undo() is False
    assert s.state.columns[0] == [C("QH")]
    s.apply(DRAW)
    s.apply(Place(0))
    assert not s.can_undo and s.undo() is False
    assert len(s.log) == 3


def test_session_illegal_action_changes_nothing():
    s = session_with(make_state())
    before = snapshot(s.state)
    with pytest.raises(IllegalAction):
        s.apply(Place(0))
    assert snapshot(s.state) == before and s.log == []
    assert s.version == 0
    events = s.apply(DRAW)
    assert events[0].kind == "card_drawn" and s.version == 1
    assert s.log == [(0, DRAW)]



def test_undo_stops_at_a_placement_that_ends_the_round():
    """The fourth kill ends the round: that placement can't be taken back, nor any before it."""
    state = make_state(
        columns=["QH JS 10H 9S 8H", "QS JH 10S 9H 8S", "QC JD 10C 9D 8C", "QD JC 10D 9C"],
        deck_top=["8D"],
    )
    s = session_with(state)
    s.apply(DRAW)
    s.apply(PLACE[3])  # 8♦ under 9♣: the fourth king dies, the round ends
    assert s.state.phase == "round_over"
    assert not s.can_undo and s.undo() is False
    assert s.state.phase == "round_over" and len(s.log) == 2


def test_hint_gives_the_same_answer_about_the_same_position():
    """Pressing h twice gives the same advice, though the hard bot samples deck orders."""
    from cutthroat.host import InlineWorkers, ManualClock, TableHost

    s = Session("kill-the-kings", {"mode": "killer"}, 7, [Seat("human", "You")])
    host = TableHost(s, clock=ManualClock(), workers=InlineWorkers())
    simple = HeuristicBot()
    answers = []
    while s.state.phase == "play" and len(answers) < 12:
        if s.state.drawn is not None:
            answers.append((host.hint(0), host.hint(0)))
        legal = s.legal_actions(0)
        s.apply(simple.choose(s.view(0), legal))
    assert len(answers) == 12
    assert all(first == again for first, again in answers), answers
