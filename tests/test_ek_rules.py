"""Exploding Kittens: Recipes for Disaster — a test per card, combo and recipe rule of
shared/rules/exploding-kittens.md (and the Decisions in the in-app rules.md).

Positions come from helpers_ek.position: pile top first; seats 0, 1, 2 …
"""

from __future__ import annotations

from collections import Counter

import pytest

from cutthroat.engine.codec import decoder, encode
from cutthroat.engine.protocol import IllegalAction
from cutthroat.engine.registry import parse_variants
from cutthroat.games.exploding_kittens.cards import (
    ALL_CARDS,
    BOX,
    BOX_SIZE,
    BOX_TYPES,
    DEFUSE,
    EXPLODING,
    IMPLODING,
)
from cutthroat.games.exploding_kittens.recipes import (
    RECIPE_IDS,
    RECIPES,
    RECIPES_TABLE,
    check_counts,
    eval_count,
    recipe_setup,
)
from cutthroat.games.exploding_kittens.rules import (
    DRAW,
    GC,
    NAME,
    OVER,
    REINSERT,
    REORDER,
    RULES,
    TAKE,
    TARGET,
    WINDOW,
    AlterNow,
    ChooseTarget,
    NameCard,
    Pass,
    Play,
    PlayCombo,
    PlayNope,
    PutIn,
    Reinsert,
    Reorder,
    TakeCard,
    combo_kind,
)
from helpers_ek import (
    BOX_CONFIG,
    C,
    act,
    all_pass,
    assert_conserved,
    cards,
    ev,
    full_deck,
    kinds,
    position,
    refused,
)


def play(state, code, target=None, **kw):
    """Play a card by code on the seat to move; choose a target if asked; leave the window open."""
    events = act(state, Play(C(code)), state.turn)
    if target is not None:
        events += act(state, ChooseTarget(target), state.turn)
    return events


def play_through(state, code, target=None):
    """Play a card and let everyone pass."""
    events = play(state, code, target)
    return events + all_pass(state)


def hand(state, p):
    return sorted(c.code for c in state.hands[p])


# --- the box and the recipes ---------------------------------------------------------------------


def test_the_box_is_one_table_of_27_types_and_121_cards():
    assert BOX_SIZE == 121 and len({row[2] for row in BOX}) == BOX_TYPES == 27
    assert len(ALL_CARDS) == 30  # four cat titles share one type
    counts = {row[0]: row[4] for row in BOX}
    assert counts["EXP"] == 6 and counts["DEF"] == 8 and counts["NOPE"] == 8 and counts["FERAL"] == 6
    assert sum(counts[c] for c in ("TACO", "BEARD", "RAINBOW", "ZOMBIE")) == 16


def test_thirteen_recipes_plus_custom_with_kebab_case_ids():
    assert len(RECIPES_TABLE) == 14 and RECIPE_IDS[-1] == "custom"
    assert {"nope-sauce", "black-hole", "attack-of-the-attacks", "sharing-is-caring"} <= set(RECIPE_IDS)
    assert all(rid == rid.lower() and " " not in rid for rid in RECIPE_IDS)


@pytest.mark.parametrize("rid", [r for r in RECIPE_IDS if r != "custom"])
def test_every_recipe_passes_its_checks_at_every_allowed_player_count(rid):
    recipe = RECIPES[rid]
    for p in range(2, 6):
        setup, problem = recipe_setup({"recipe": rid}, p)
        if recipe.min_players <= p <= recipe.max_players:
            assert problem is None and setup is not None
            counts = setup.as_dict()
            kittens = counts.get(EXPLODING, 0) + counts.get(IMPLODING, 0)
            assert kittens >= (p if counts.get(C("STREAK")) else p - 1)
            assert all(k <= c.box for c, k in counts.items())
        else:
            assert setup is None and f"{recipe.min_players}–{recipe.max_players} players" in problem
            assert RULES.setup_problem({"recipe": rid}, p) == problem
            with pytest.raises(ValueError):
                RULES.new_game({"recipe": rid}, 1, p)


def test_count_expressions_depend_on_the_player_count():
    assert eval_count("p-1", 4) == 3 and eval_count("p+3", 5) == 8 and eval_count("6", 2) == 6
    assert eval_count("7|5@5", 4) == 7 and eval_count("7|5@5", 5) == 5
    hoarders = RECIPES["card-hoarders"]
    assert hoarders.counts(3)[EXPLODING] == 1 and hoarders.counts(4)[EXPLODING] == 2
    attacks = RECIPES["attack-of-the-attacks"]
    assert attacks.counts(4)[C("ATTACK")] == 4 and attacks.counts(5)[C("ATTACK")] == 6


def test_recipe_checks_refuse_too_few_kittens_and_what_does_not_fit_in_the_box():
    assert "at least 3" in check_counts({EXPLODING: 2, DEFUSE: 4, C("NOPE"): 8}, 1, 1, 4)
    streak = check_counts({EXPLODING: 3, C("STREAK"): 1, DEFUSE: 4, C("NOPE"): 8}, 1, 1, 4)
    assert "at least 4" in streak and "Streaking" in streak
    assert "box" in check_counts({EXPLODING: 7, DEFUSE: 4, C("NOPE"): 8}, 1, 1, 4)
    assert "Defuses" in check_counts({EXPLODING: 3, DEFUSE: 3, C("NOPE"): 8}, 1, 1, 4)
    assert "other cards" in check_counts({EXPLODING: 3, DEFUSE: 4, C("SKIP"): 3}, 1, 1, 4)


def test_custom_recipe_is_parsed_checked_and_refused_with_a_reason():
    ok = {"recipe": "custom", "custom": "start=1 deal=2 EXP=2 DEF=3 SKIP=5 NOPE=4"}
    assert RULES.setup_problem(ok, 3) is None
    state = RULES.new_game(ok, 1, 3)
    assert full_deck(state) == Counter({EXPLODING: 2, DEFUSE: 3, C("SKIP"): 5, C("NOPE"): 4})
    assert "box" in RULES.setup_problem({"recipe": "custom", "custom": "start=1 deal=1 EXP=2 DEF=3 SKIP=9"}, 3)
    assert "unknown card" in RULES.setup_problem({"recipe": "custom", "custom": "start=1 deal=1 CAT=2"}, 3)
    assert "start=N" in RULES.setup_problem({"recipe": "custom", "custom": "EXP=2"}, 3)


def test_variants_recipe_and_five_different():
    config = parse_variants(RULES, ["recipe=black-hole", "five-different=off"])
    assert config == {"recipe": "black-hole", "five-different": "off"}
    assert parse_variants(RULES, []) == {"recipe": "nope-sauce", "five-different": "on"}
    with pytest.raises(ValueError):
        parse_variants(RULES, ["recipe=spicy"])
    assert RULES.new_game({"five-different": "off"}, 1, 3).five is False


@pytest.mark.parametrize("rid,p", [("nope-sauce", 2), ("nope-sauce", 5), ("black-hole", 4),
                                    ("eye-for-an-eye", 3), ("danger-mode", 4)])
def test_setup_deals_defuses_and_cards_and_shuffles_kittens_into_the_pile(rid, p):
    recipe = RECIPES[rid]
    state = RULES.new_game({"recipe": rid}, 11, p)
    assert_conserved(state)
    start, deal = recipe.starting_defuses(p), recipe.dealt(p)
    for h in state.hands:
        assert len(h) == start + deal
        assert h.count(DEFUSE) >= start
        assert EXPLODING not in h and IMPLODING not in h
    counts = recipe.counts(p)
    assert state.pile.count(EXPLODING) == counts.get(EXPLODING, 0)
    assert state.pile.count(IMPLODING) == counts.get(IMPLODING, 0)
    assert state.pile.count(DEFUSE) == counts.get(DEFUSE, 0) - start * p
    assert not any(state.up) and state.owed == 1 and state.direction == 1
    assert RULES.to_act(state) == [state.turn]


def test_first_player_comes_from_the_seed():
    firsts = {RULES.new_game({}, seed, 4).turn for seed in range(30)}
    assert len(firsts) > 1
    assert RULES.new_game({}, 5, 4) == RULES.new_game({}, 5, 4)


# --- a turn and turns owed ---------------------------------------------------------------------


def test_drawing_ends_the_turn_and_play_goes_clockwise():
    s = position(3, hands={0: "SKIP"}, pile="TACO SKIP NOPE")
    events = act(s, DRAW)
    assert hand(s, 0) == ["SKIP", "TACO"] and s.turn == 1 and s.owed == 1
    assert kinds(events) == ["drew", "turn_started"]


def test_attack_makes_the_next_player_owe_two_turns():
    s = position(3, hands={0: "ATTACK"}, pile="TACO BEARD ZOMBIE RAINBOW")
    play_through(s, "ATTACK")
    assert (s.turn, s.owed, s.attacked) == (1, 2, True)
    act(s, DRAW)
    assert (s.turn, s.owed) == (1, 1)
    act(s, DRAW)
    assert (s.turn, s.owed, s.attacked) == (2, 1, False)


def test_attacking_straight_back_owes_four_and_after_one_draw_owes_three():
    s = position(3, hands={0: "ATTACK", 1: "ATTACK"}, pile="TACO BEARD ZOMBIE")
    play_through(s, "ATTACK")
    play_through(s, "ATTACK")
    assert (s.turn, s.owed) == (2, 4)
    s = position(3, hands={0: "ATTACK", 1: "ATTACK"}, pile="TACO BEARD ZOMBIE")
    play_through(s, "ATTACK")
    act(s, DRAW)
    play_through(s, "ATTACK")
    assert (s.turn, s.owed) == (2, 3)


def test_personal_attack_adds_two_and_an_attack_after_it_passes_them_on():
    s = position(3, hands={0: "PERSONAL ATTACK"}, pile="TACO BEARD ZOMBIE")
    play_through(s, "PERSONAL")
    assert (s.turn, s.owed, s.attacked) == (0, 3, True)
    act(s, DRAW)
    assert (s.turn, s.owed) == (0, 2)
    play_through(s, "ATTACK")
    assert (s.turn, s.owed) == (1, 4)


def test_targeted_attack_on_a_chosen_player_and_play_continues_from_them():
    s = position(4, hands={0: "TARGETED"}, pile="TACO BEARD ZOMBIE RAINBOW")
    play(s, "TARGETED")
    assert s.stack[-1].kind == TARGET
    assert [a.player for a in RULES.legal_actions(s, 0)] == [1, 2, 3]
    act(s, ChooseTarget(2))
    all_pass(s)
    assert (s.turn, s.owed) == (2, 2)
    act(s, DRAW)
    act(s, DRAW)
    assert s.turn == 3


def test_skip_ends_one_of_two_turns_and_two_skips_end_both():
    s = position(3, hands={1: "SKIP SKIP"}, pile="TACO", turn=1, owed=2, attacked=True)
    play_through(s, "SKIP")
    assert (s.turn, s.owed) == (1, 1)
    play_through(s, "SKIP")
    assert (s.turn, s.owed, s.attacked) == (2, 1, False)
    assert s.pile == [C("TACO")]  # nobody drew


def test_super_skip_ends_all_owed_turns():
    s = position(3, hands={1: "SUPER"}, pile="TACO", turn=1, owed=4, attacked=True)
    play_through(s, "SUPER")
    assert (s.turn, s.owed) == (2, 1)


def test_reverse_reverses_play_and_ends_one_turn():
    s = position(4, hands={1: "REVERSE"}, pile="TACO BEARD", turn=1)
    events = play_through(s, "REVERSE")
    assert s.direction == -1 and s.turn == 0 and ev(events, "reversed")
    s = position(4, hands={1: "REVERSE"}, pile="TACO", turn=1, owed=2, attacked=True)
    play_through(s, "REVERSE")
    assert (s.turn, s.owed, s.direction) == (1, 1, -1)
    act(s, DRAW)
    assert s.turn == 0


def test_reverse_with_two_players_is_like_skip():
    s = position(2, hands={0: "REVERSE"}, pile="TACO")
    play_through(s, "REVERSE")
    assert s.turn == 1 and s.pile == [C("TACO")]


def test_draw_from_the_bottom():
    s = position(3, hands={0: "BOTTOM"}, pile="EXP TACO BEARD")
    events = play_through(s, "BOTTOM")
    assert hand(s, 0) == ["BEARD"] and s.turn == 1
    assert ev(events, "drew")[0].where == "bottom"


# --- kittens ---------------------------------------------------------------------------------


def test_exploding_kitten_with_defuse_is_put_back_anywhere_in_secret_and_ends_the_turn():
    s = position(3, hands={0: "DEF TACO"}, pile="EXP SKIP NOPE")
    events = act(s, DRAW)
    assert kinds(events)[:3] == ["drew", "exploding", "defused"]
    assert ev(events, "drew")[0].shown and ev(events, "drew")[0].for_seat(2).card is EXPLODING
    assert s.stack[-1].kind == REINSERT and RULES.to_act(s) == [0]
    assert [a.depth for a in RULES.legal_actions(s, 0)] == [0, 1, 2]
    assert s.turn == 0 and DEFUSE in s.discard
    events = act(s, Reinsert(1))
    assert s.pile == cards("NOPE EXP SKIP") and s.turn == 1
    assert ev(events, "reinserted")[0].for_seat(1).depth == -1  # the others don't see where
    assert (1, EXPLODING) in RULES.view(s, 0).pile_known
    assert RULES.view(s, 1).pile_known == ()


def test_a_secret_reinsert_clouds_what_the_others_knew_of_the_pile():
    # Seat 1 saw the top three (See the Future); seat 0 draws the kitten and hides it at depth 1.
    # Had seat 1 kept its knowledge in place, the one unknown depth among the cards it knew
    # would give the kitten away: so it knows no face-down place any more. Seat 0 does.
    s = position(3, hands={0: "DEF TACO"}, pile="EXP SKIP NOPE IMP", up=[3])
    for depth in (1, 2):
        s.seen[1][len(s.pile) - 1 - depth] = s.pile[len(s.pile) - 1 - depth]
    assert RULES.view(s, 1).pile_known == ((1, C("SKIP")), (2, C("NOPE")), (3, IMPLODING))
    act(s, DRAW)
    act(s, Reinsert(1))
    assert s.pile[::-1] == cards("SKIP EXP NOPE IMP")
    assert RULES.view(s, 1).pile_known == ((3, IMPLODING),)  # only the face-up card
    assert (1, EXPLODING) in RULES.view(s, 0).pile_known


def test_exploding_kitten_without_defuse_is_out_hand_and_kitten_to_the_discard():
    s = position(3, hands={0: "TACO SKIP"}, pile="EXP NOPE")
    events = act(s, DRAW)
    assert s.out[0] and s.hands[0] == [] and s.eliminations == [0]
    assert Counter(s.discard[-3:]) == Counter(cards("TACO SKIP EXP"))
    assert s.turn == 1 and ev(events, "eliminated")


def test_last_player_standing_wins():
    s = position(2, hands={0: "TACO"}, pile="EXP NOPE")
    events = act(s, DRAW)
    assert s.phase == OVER and s.winners == [1] and ev(events, "game_won")
    result = RULES.result(s)
    assert result.winners == [1] and result.scores == [0, 1]
    assert RULES.to_act(s) == [] and RULES.legal_actions(s, 1) == []


def test_imploding_kitten_face_down_goes_back_face_up_without_a_defuse():
    s = position(3, hands={0: "DEF"}, pile="IMP TACO BEARD")
    act(s, DRAW)
    assert s.stack[-1].kind == REINSERT and hand(s, 0) == ["DEF"]
    events = act(s, Reinsert(1))
    assert s.pile[-2] is IMPLODING and s.up[-2] and s.turn == 1
    assert ev(events, "reinserted")[0].public_position  # its place is public
    for seat in (None, 0, 1, 2):
        view = RULES.view(s, seat)
        assert (1, IMPLODING) in view.pile_known and view.face_up == 1


def test_imploding_kitten_drawn_face_up_is_out_with_no_defuse():
    s = position(3, hands={0: "DEF NOPE"}, pile="IMP TACO", up=[0])
    act(s, DRAW)
    assert s.out[0] and DEFUSE in s.discard and IMPLODING in s.discard


def test_face_up_imploding_kitten_position_hidden_by_a_shuffle_but_seen_on_top():
    s = position(3, hands={0: "SHUFFLE"}, pile="TACO IMP BEARD", up=[1])
    assert (1, IMPLODING) in RULES.view(s, 2).pile_known
    play_through(s, "SHUFFLE")
    view = RULES.view(s, 2)
    assert view.face_up == 1
    if s.pile[-1] is IMPLODING:
        assert view.pile_known == ((0, IMPLODING),)
    else:
        assert view.pile_known == ()


def test_streaking_kitten_holds_a_drawn_exploding_kitten_in_secret():
    s = position(3, hands={0: "STREAK"}, pile="EXP EXP TACO")
    events = act(s, DRAW)
    assert hand(s, 0) == ["EXP", "STREAK"] and s.turn == 1 and not s.out[0]
    drew = ev(events, "drew")[0]
    assert drew.for_seat(1).card is None and drew.for_seat(0).card is EXPLODING
    assert [e.for_seat(1) for e in ev(events, "held_kitten")] == [None]
    # A second Exploding Kitten is not held.
    s.turn = 0
    act(s, DRAW)
    assert s.out[0]


def test_losing_the_streaking_kitten_explodes_the_held_kitten():
    s = position(3, hands={0: "TACO TACO", 1: "STREAK EXP DEF"}, pile="SKIP NOPE", seed=3)
    act(s, PlayCombo(cards("TACO TACO")))
    act(s, ChooseTarget(1))
    for seed in range(50):  # find a seed where the steal takes the Streaking Kitten
        twin = s.copy()
        twin.rng.state = seed
        events = all_pass(twin)
        stolen = ev(events, "stolen")[0]
        if stolen.card is C("STREAK"):
            break
    assert ev(events, "exploding")[0].seat == 1 and ev(events, "defused")
    assert twin.stack[-1].kind == REINSERT and RULES.to_act(twin) == [1]
    act(twin, Reinsert(0))
    assert twin.turn == 0 and twin.pile[-1] is EXPLODING and hand(twin, 0) == ["STREAK"]


def test_stealing_a_held_exploding_kitten_explodes_the_thief():
    s = position(3, hands={0: "TACO TACO TACO", 1: "STREAK EXP"}, pile="SKIP NOPE")
    act(s, PlayCombo(cards("TACO TACO TACO")))
    act(s, ChooseTarget(1))
    act(s, NameCard(EXPLODING))
    events = all_pass(s)
    assert ev(events, "given")[0].had and ev(events, "exploding")[0].seat == 0
    assert s.out[0] and hand(s, 1) == ["STREAK"] and s.turn == 1


def test_barking_kitten_finds_the_other_in_a_hand_defuse_puts_nothing_back():
    s = position(3, hands={0: "BARK", 2: "BARK DEF TACO"}, pile="SKIP")
    events = act(s, Play(C("BARK")))
    assert not s.stack  # not Nope-able: no window, and it's still seat 0's turn
    assert ev(events, "barked")[0].target == 2 and ev(events, "defused")[0].seat == 2
    assert hand(s, 2) == ["TACO"] and s.limbo == cards("BARK BARK") and s.turn == 0
    act(s, DRAW)  # both are discarded at the end of the turn
    assert s.limbo == [] and s.discard.count(C("BARK")) == 2


def test_barking_kitten_target_without_defuse_explodes():
    s = position(3, hands={0: "BARK", 1: "BARK TACO"}, pile="SKIP")
    act(s, Play(C("BARK")))
    assert s.out[1] and s.turn == 0 and not s.stack


def test_barking_kitten_nobody_holds_stays_face_up_and_becomes_the_target():
    s = position(3, hands={0: "BARK", 1: "TACO"}, pile="SKIP BARK")
    events = act(s, Play(C("BARK")))
    assert s.barking == [True, False, False] and ev(events, "barked")[0].target == -1
    act(s, DRAW)
    act(s, DRAW)  # seat 1 draws the other Barking Kitten
    s.turn = 1
    act(s, Play(C("BARK")))
    assert s.out[0] and s.barking == [False, False, False]


def test_holding_both_barking_kittens_pick_any_player():
    s = position(3, hands={0: "BARK BARK", 2: "DEF"}, pile="SKIP")
    act(s, Play(C("BARK")))
    assert s.stack[-1].kind == TARGET and [a.player for a in RULES.legal_actions(s, 0)] == [1, 2]
    act(s, ChooseTarget(2))
    assert hand(s, 2) == [] and not s.out[2] and s.limbo == cards("BARK BARK")
    # One in front of you plus one in hand works the same.
    s = position(3, hands={0: "BARK"}, pile="SKIP", barking=[0])
    act(s, Play(C("BARK")))
    act(s, ChooseTarget(1))
    assert s.out[1] and s.barking == [False] * 3


# --- action cards ------------------------------------------------------------------------------


@pytest.mark.parametrize("code,k", [("SEE3", 3), ("SEE5", 5)])
def test_see_the_future_privately(code, k):
    s = position(3, hands={0: code}, pile="EXP TACO BEARD ZOMBIE RAINBOW SKIP NOPE")
    events = play_through(s, code)
    peek = ev(events, "peeked")[0]
    assert peek.cards == tuple(cards("EXP TACO BEARD ZOMBIE RAINBOW SKIP NOPE")[:k])
    assert peek.for_seat(1).cards == () and peek.for_seat(1).count == k
    assert [c for _, c in RULES.view(s, 0).pile_known] == list(peek.cards)
    assert RULES.view(s, 1).pile_known == ()
    act(s, DRAW)  # knowledge follows the pile: the top card leaves
    assert [d for d, _ in RULES.view(s, 0).pile_known] == list(range(k - 1))


@pytest.mark.parametrize("code", ["ALTER", "NOW"])
def test_alter_the_future_reorders_the_top_three(code):
    s = position(2, hands={0: code, 1: "SEE3 SKIP"}, pile="EXP TACO BEARD ZOMBIE", turn=1)
    play_through(s, "SEE3")  # seat 1 knows the top 3 …
    play_through(s, "SKIP")
    assert s.turn == 0
    play_through(s, code)
    assert s.stack[-1].kind == REORDER and len(RULES.legal_actions(s, 0)) == 6
    events = act(s, Reorder((2, 0, 1)))
    assert s.pile[-3:] == cards("TACO EXP BEARD")  # bottom-first: BEARD is on top now
    assert [c for _, c in RULES.view(s, 0).pile_known] == cards("BEARD EXP TACO")
    assert RULES.view(s, 1).pile_known == ()  # … and no longer does
    assert ev(events, "reordered")[0].for_seat(1).cards == ()


def test_reorder_offers_only_orders_that_make_different_piles():
    s = position(2, hands={0: "ALTER"}, pile="TACO TACO BEARD ZOMBIE")
    play_through(s, "ALTER")
    orders = RULES.legal_actions(s, 0)
    assert [a.order for a in orders] == [(0, 1, 2), (0, 2, 1), (2, 0, 1)]  # the two Tacocats are alike
    assert RULES.is_legal(s, Reorder((1, 0, 2)), 0) is False  # the same pile as (0, 1, 2)


def test_reorder_keeps_a_face_up_imploding_kitten_apart_from_a_face_down_card():
    s = position(3, hands={0: "ALTER"}, pile="IMP TACO TACO", up=[0])
    play_through(s, "ALTER")
    assert len(RULES.legal_actions(s, 0)) == 3  # IMP (face up) and two Tacocats


def test_share_the_future_shows_the_next_player():
    s = position(3, hands={0: "SHARE"}, pile="EXP TACO BEARD ZOMBIE")
    play_through(s, "SHARE")
    events = act(s, Reorder((1, 2, 0)))
    top = cards("TACO BEARD EXP")
    assert [c for _, c in RULES.view(s, 0).pile_known] == top
    assert [c for _, c in RULES.view(s, 1).pile_known] == top
    assert RULES.view(s, 2).pile_known == ()
    assert ev(events, "reordered")[0].visible_to() == (0, 1)


def test_alter_the_future_now_in_a_window_on_another_players_turn():
    s = position(3, hands={0: "SKIP", 2: "NOW"}, pile="EXP TACO BEARD")
    play(s, "SKIP")
    assert RULES.to_act(s) == [0, 1, 2]
    act(s, Pass(0))
    assert AlterNow(2) in RULES.legal_actions(s, 2)
    act(s, AlterNow(2))
    assert [f.kind for f in s.stack] == [WINDOW, WINDOW] and RULES.to_act(s) == [0, 1, 2]
    all_pass_top = [act(s, Pass(q)) for q in (0, 1, 2)]
    assert all_pass_top and s.stack[-1].kind == REORDER and RULES.to_act(s) == [2]
    act(s, Reorder((0, 2, 1)))
    # The Skip's window asks everyone again (seat 0 had passed before).
    assert s.stack[-1].kind == WINDOW and s.stack[-1].what == "SKIP" and RULES.to_act(s) == [0, 1, 2]
    all_pass(s)
    assert s.turn == 1 and s.pile[-1] is EXPLODING and s.pile[-2] is C("BEARD")


def test_alter_the_future_now_is_not_played_mid_action():
    s = position(3, hands={0: "DEF", 1: "NOW"}, pile="EXP TACO")
    act(s, DRAW)
    assert s.stack[-1].kind == REINSERT
    refused(s, AlterNow(1), "not")


def test_mark_shows_a_random_card_to_all_until_played_or_stolen():
    s = position(3, hands={0: "MARK", 1: "SKIP"}, pile="TACO")
    play(s, "MARK")
    assert [a.player for a in RULES.legal_actions(s, 0)] == [1]  # seat 2 has no card
    act(s, ChooseTarget(1))
    all_pass(s)
    for seat in (None, 0, 2):
        assert RULES.view(s, seat).marked[1] == (C("SKIP"),)
    act(s, DRAW)
    play_through(s, "SKIP")
    assert s.marked[1] == []


def test_a_stolen_marked_card_is_no_longer_marked_and_is_shown():
    s = position(3, hands={0: "ZOMBIE ZOMBIE", 1: "NOPE"}, pile="TACO", marked={1: "NOPE"})
    act(s, PlayCombo(cards("ZOMBIE ZOMBIE")))
    act(s, ChooseTarget(1))
    events = all_pass(s)
    assert s.marked[1] == [] and C("NOPE") in s.hands[0]
    assert ev(events, "stolen")[0].for_seat(2).card is C("NOPE")


def test_shuffle_forgets_what_anyone_saw():
    s = position(3, hands={0: "SEE3 SHUFFLE"}, pile="EXP TACO BEARD ZOMBIE RAINBOW")
    play_through(s, "SEE3")
    assert len(RULES.view(s, 0).pile_known) == 3
    events = play_through(s, "SHUFFLE")
    assert RULES.view(s, 0).pile_known == () and ev(events, "shuffled")
    assert Counter(s.pile) == Counter(cards("EXP TACO BEARD ZOMBIE RAINBOW"))


def test_garbage_collection_everyone_with_cards_puts_one_in_then_shuffle():
    s = position(3, hands={0: "GARBAGE SKIP", 1: "TACO BEARD"}, pile="EXP NOPE")
    play_through(s, "GARBAGE")
    assert s.stack[-1].kind == GC and RULES.to_act(s) == [0, 1]  # seat 2 has no cards
    assert RULES.legal_actions(s, 0) == [PutIn(0, C("SKIP"))]
    events = act(s, PutIn(1, C("BEARD")), 1)
    assert ev(events, "put_into_pile")[0].for_seat(0).card is None
    assert RULES.view(s, 0).stack[-1].cards[1] is None  # secret until the shuffle
    act(s, PutIn(0, C("SKIP")), 0)
    assert not s.stack and len(s.pile) == 4 and hand(s, 1) == ["TACO"]
    assert Counter(s.pile) == Counter(cards("EXP NOPE SKIP BEARD"))


def test_garbage_collection_streaking_kitten_put_in_explodes_the_held_kitten():
    s = position(3, hands={0: "GARBAGE TACO", 1: "STREAK EXP"}, pile="NOPE")
    play_through(s, "GARBAGE")
    act(s, PutIn(0, C("TACO")), 0)
    events = act(s, PutIn(1, C("STREAK")), 1)
    assert ev(events, "exploding")[0].cause == "streaking" and s.out[1]


def test_swap_top_and_bottom():
    s = position(3, hands={0: "SWAP"}, pile="EXP TACO BEARD")
    play_through(s, "SWAP")
    assert s.pile == cards("EXP TACO BEARD")  # bottom first: BEARD was top-first last
    assert s.pile[-1] is C("BEARD") and s.pile[0] is EXPLODING


def test_catomic_bomb_puts_every_exploding_kitten_on_top_for_all_to_see():
    s = position(3, hands={0: "BOMB"}, pile="TACO EXP BEARD IMP EXP ZOMBIE")
    events = play_through(s, "BOMB")
    assert s.pile[-2:] == [EXPLODING, EXPLODING] and s.turn == 1
    assert ev(events, "catomic_bombed")[0].kittens == 2
    assert IMPLODING in s.pile[:-2]  # Imploding Kittens stay in the shuffle
    for seat in (None, 0, 1, 2):
        assert RULES.view(s, seat).pile_known == ((0, EXPLODING), (1, EXPLODING))


def test_bury_looks_at_the_top_card_and_puts_it_back_anywhere():
    s = position(3, hands={0: "BURY"}, pile="EXP TACO BEARD")
    events = play_through(s, "BURY")
    assert ev(events, "drew")[0].for_seat(1).card is None and ev(events, "drew")[0].card is EXPLODING
    assert not s.out[0] and s.stack[-1].kind == REINSERT
    assert RULES.view(s, 1).stack[-1].cards == (None,)  # the others don't know what it is
    act(s, Reinsert(2))
    assert s.pile == cards("EXP BEARD TACO") and s.turn == 1


def test_bury_keeps_a_face_up_imploding_kitten_face_up_and_is_refused_with_take_that():
    s = position(3, hands={0: "BURY"}, pile="IMP TACO", up=[0])
    play_through(s, "BURY")
    act(s, Reinsert(1))
    assert not s.out[0] and s.pile[0] is IMPLODING and s.up[0]
    s = position(3, hands={0: "BURY"}, pile="TACO", itt={0: 1})
    assert Play(C("BURY")) not in RULES.legal_actions(s, 0)
    refused(s, Play(C("BURY")), "I'll Take That")


def test_ill_take_that_hands_over_the_next_draw_and_ends_their_turn():
    s = position(3, hands={0: "TAKE"}, pile="TACO BEARD")
    in_discard = s.discard.count(C("TAKE"))
    play(s, "TAKE", 1)
    all_pass(s)
    assert s.itt == [-1, 0, -1] and s.discard.count(C("TAKE")) == in_discard
    act(s, DRAW)
    events = act(s, DRAW)  # seat 1 draws BEARD … for seat 0
    handed = ev(events, "handed")[0]
    assert hand(s, 0) == ["BEARD", "TACO"] and hand(s, 1) == [] and s.turn == 2
    assert handed.visible_to() == (1, 0) and handed.for_seat(2).card is None
    assert s.itt == [-1, -1, -1] and s.discard.count(C("TAKE")) == in_discard + 1


def test_ill_take_that_one_at_most_in_front_of_each_player():
    s = position(3, hands={0: "TAKE"}, pile="TACO", itt={1: 2})
    play(s, "TAKE")
    assert [a.player for a in RULES.legal_actions(s, 0)] == [2]
    refused(s, ChooseTarget(1), "can't be chosen")


def test_ill_take_that_an_exploding_kitten_handed_over_must_be_defused():
    s = position(3, hands={0: "DEF"}, pile="EXP TACO", turn=1, itt={1: 0})
    events = act(s, DRAW)
    assert ev(events, "handed")[0].shown and ev(events, "defused")[0].seat == 0
    assert RULES.to_act(s) == [0] and s.turn == 1
    act(s, Reinsert(0))
    assert s.turn == 2 and s.pile[-1] is EXPLODING


def test_ill_take_that_with_draw_from_the_bottom():
    s = position(3, hands={1: "BOTTOM"}, pile="TACO BEARD EXP", turn=1, itt={1: 0})
    play_through(s, "BOTTOM")
    assert s.out[0] and hand(s, 1) == [] and s.turn == 2


# --- Nope and the reaction window ----------------------------------------------------------------


def test_window_asks_everyone_whether_or_not_they_hold_a_nope():
    with_nope = position(4, hands={0: "SKIP", 2: "NOPE"}, pile="TACO")
    without = position(4, hands={0: "SKIP", 2: "TACO"}, pile="TACO")
    for s in (with_nope, without):
        play(s, "SKIP")
        assert RULES.to_act(s) == [0, 1, 2, 3]
        assert RULES.legal_actions(s, 1) == [Pass(1)]
    assert RULES.legal_actions(with_nope, 2) == [Pass(2), PlayNope(2)]
    assert RULES.view(with_nope, 1).stack == RULES.view(without, 1).stack
    assert RULES.view(with_nope, 1).to_act == RULES.view(without, 1).to_act


def test_one_nope_cancels_and_its_cards_stay_in_the_discard_pile():
    s = position(3, hands={0: "SKIP", 1: "NOPE"}, pile="TACO")
    play(s, "SKIP")
    events = act(s, PlayNope(1))
    assert ev(events, "noped")[0].nopes == 1
    assert RULES.to_act(s) == [0, 2]  # the Noper can't Nope their own Nope
    events = all_pass(s)
    assert ev(events, "resolved")[0].cancelled and s.turn == 0 and s.owed == 1
    assert s.discard[-2:] == cards("SKIP NOPE")


def test_two_nopes_make_a_yup_and_three_cancel():
    s = position(3, hands={0: "SKIP NOPE", 1: "NOPE NOPE"}, pile="TACO")
    play(s, "SKIP")
    act(s, PlayNope(1))
    act(s, PlayNope(0))
    assert RULES.to_act(s) == [1, 2]
    events = all_pass(s)
    assert not ev(events, "resolved")[0].cancelled and s.turn == 1
    s = position(3, hands={0: "SKIP NOPE", 1: "NOPE NOPE"}, pile="TACO")
    play(s, "SKIP")
    act(s, PlayNope(1))
    act(s, PlayNope(0))
    refused(s, PlayNope(0), player=0)
    act(s, PlayNope(1))
    events = all_pass(s)
    assert ev(events, "resolved")[0].cancelled and s.turn == 0


def test_kittens_and_defuse_cannot_be_noped():
    s = position(3, hands={0: "DEF", 1: "NOPE"}, pile="EXP TACO")
    act(s, DRAW)
    assert s.stack[-1].kind == REINSERT and RULES.to_act(s) == [0]
    refused(s, PlayNope(1), "not")
    s = position(3, hands={0: "BARK", 1: "NOPE"}, pile="TACO")
    act(s, Play(C("BARK")))
    assert not s.stack
    refused(s, Play(C("DEF")), player=0)


def test_nope_on_a_combo_and_outside_a_window():
    s = position(3, hands={0: "TACO TACO", 1: "NOPE SKIP"}, pile="TACO")
    refused(s, PlayNope(1), "not")
    act(s, PlayCombo(cards("TACO TACO")))
    act(s, ChooseTarget(1))
    act(s, PlayNope(1))
    all_pass(s)
    assert hand(s, 1) == ["SKIP"] and hand(s, 0) == []


def test_a_window_with_several_seats_accepts_answers_in_any_order():
    s = position(3, hands={0: "SKIP"}, pile="TACO")
    play(s, "SKIP")
    act(s, Pass(2), 2)
    assert RULES.to_act(s) == [0, 1]
    refused(s, Pass(2), player=2)
    act(s, Pass(0), 0)
    act(s, Pass(1), 1)
    assert s.turn == 1


# --- combos -----------------------------------------------------------------------------------


def test_combo_kinds_with_feral_cats():
    assert combo_kind(cards("TACO TACO")) == "pair"
    assert combo_kind(cards("TACO FERAL")) == "pair"
    assert combo_kind(cards("FERAL FERAL")) == "pair"
    assert combo_kind(cards("SKIP SKIP")) == "pair"
    assert combo_kind(cards("SKIP FERAL")) is None  # never a non-cat
    assert combo_kind(cards("TACO BEARD")) is None
    assert combo_kind(cards("ZOMBIE FERAL FERAL")) == "triple"
    assert combo_kind(cards("BARK BARK")) is None  # kittens are never combos
    assert combo_kind(cards("TACO BEARD SKIP NOPE FERAL")) == "five"
    assert combo_kind(cards("TACO BEARD ZOMBIE RAINBOW FERAL")) is None  # no fifth cat title
    assert combo_kind(cards("TACO SKIP NOPE FERAL FERAL")) == "five"
    assert combo_kind(cards("TACO TACO SKIP NOPE ATTACK")) is None


def test_pair_steals_a_random_card():
    s = position(3, hands={0: "TACO FERAL", 1: "SKIP NOPE"}, pile="TACO")
    assert PlayCombo(cards("TACO FERAL")) in RULES.legal_actions(s, 0)
    act(s, PlayCombo(cards("TACO FERAL")))
    assert [a.player for a in RULES.legal_actions(s, 0)] == [1]  # seat 2 has nothing
    act(s, ChooseTarget(1))
    events = all_pass(s)
    stolen = ev(events, "stolen")[0]
    assert stolen.card in cards("SKIP NOPE") and hand(s, 0) == [stolen.card.code]
    assert stolen.for_seat(2).card is None and stolen.for_seat(1).card is stolen.card
    assert s.turn == 0 and not s.stack


def test_three_of_a_kind_names_a_card():
    s = position(3, hands={0: "BEARD BEARD FERAL", 1: "DEF SKIP"}, pile="TACO")
    act(s, PlayCombo(cards("BEARD BEARD FERAL")))
    act(s, ChooseTarget(1))
    assert s.stack[-1].kind == NAME and NameCard(DEFUSE) in RULES.legal_actions(s, 0)
    act(s, NameCard(DEFUSE))
    events = all_pass(s)
    assert ev(events, "given")[0].had and hand(s, 0) == ["DEF"] and hand(s, 1) == ["SKIP"]
    s = position(3, hands={0: "SKIP SKIP SKIP", 1: "NOPE"}, pile="TACO")
    act(s, PlayCombo(cards("SKIP SKIP SKIP")))
    act(s, ChooseTarget(1))
    act(s, NameCard(DEFUSE))
    events = all_pass(s)
    assert not ev(events, "given")[0].had and hand(s, 1) == ["NOPE"]


def test_five_different_takes_any_card_from_the_discard_pile():
    s = position(3, hands={0: "TACO BEARD SKIP NOPE FERAL"}, pile="TACO", discard="DEF EXP")
    combo = PlayCombo(cards("TACO BEARD SKIP NOPE FERAL"))
    assert combo in RULES.legal_actions(s, 0)
    act(s, combo)
    all_pass(s)
    assert s.stack[-1].kind == TAKE
    options = {a.card for a in RULES.legal_actions(s, 0)}
    assert DEFUSE in options and EXPLODING not in options
    act(s, TakeCard(DEFUSE))
    assert hand(s, 0) == ["DEF"] and s.turn == 0


def test_five_different_may_take_streaking_and_barking_kittens_but_no_exploding_or_imploding():
    """The spec's "any card"; rules.md says the same (Exploding and Imploding Kittens excluded)."""
    s = position(3, hands={0: "TACO BEARD SKIP NOPE FERAL"}, pile="TACO", discard="STREAK BARK EXP IMP DEF")
    act(s, PlayCombo(cards("TACO BEARD SKIP NOPE FERAL")))
    all_pass(s)
    options = {a.card.code for a in RULES.legal_actions(s, 0)}
    assert {"STREAK", "BARK", "DEF"} <= options and not {"EXP", "IMP"} & options
    text = RULES.rules_text()
    assert "a Streaking or Barking Kitten\n  too, except an Exploding or Imploding Kitten" in text


def test_five_different_is_a_setup_option():
    config = dict(BOX_CONFIG, **{"five-different": "off"})
    s = position(3, hands={0: "TACO BEARD SKIP NOPE ATTACK"}, pile="TACO", config=config)
    assert not any(a.kind == "combo" for a in RULES.legal_actions(s, 0))
    refused(s, PlayCombo(cards("TACO BEARD SKIP NOPE ATTACK")), "off")


def test_illegal_combos_and_cards_are_refused_with_a_reason():
    s = position(3, hands={0: "TACO SKIP DEF NOPE STREAK", 1: "SKIP"}, pile="TACO")
    refused(s, PlayCombo(cards("TACO SKIP")), "not a combo")
    refused(s, PlayCombo(cards("SKIP SKIP")), "don't hold")
    refused(s, Play(DEFUSE), "Exploding Kitten")
    refused(s, Play(C("NOPE")), "reaction window")
    refused(s, Play(C("STREAK")), "never played")
    refused(s, Play(C("TACO")), "combo")
    refused(s, DRAW, player=1)


# --- hidden information, events, codec --------------------------------------------------------


def test_views_hide_other_hands_and_secret_positions():
    s = position(3, hands={0: "DEF SKIP", 1: "NOPE TACO"}, pile="EXP TACO BEARD")
    act(s, DRAW)
    act(s, Reinsert(2))
    v1 = RULES.view(s, 1)
    assert v1.hand == tuple(s.hands[1]) and v1.hand_counts == (1, 2, 0)
    assert v1.pile_known == () and RULES.view(s, 0).pile_known == ((2, EXPLODING),)
    spectator = RULES.view(s, None)
    assert spectator.hand == () and spectator.pile_known == ()


def test_determinize_keeps_what_the_seat_knows():
    import random

    s = position(3, hands={0: "SEE3 SKIP", 1: "NOPE TACO DEF"}, pile="EXP TACO BEARD ZOMBIE", rest="pile")
    play_through(s, "SEE3")
    view = RULES.view(s, 0)
    for k in range(5):
        det = RULES.determinize(view, random.Random(k))
        assert RULES.view(det, 0) == view
        assert det.pile[-3:] == s.pile[-3:] and det.hands[0] == s.hands[0]
        assert Counter(det.all_cards()) == full_deck(s)


def test_actions_and_events_survive_the_json_codec():
    import json

    decode = decoder(RULES.action_types)
    for action in (DRAW, Play(C("SKIP")), PlayCombo(cards("TACO FERAL")), ChooseTarget(2),
                   NameCard(DEFUSE), Pass(1), PlayNope(2), AlterNow(0), Reorder((2, 0, 1)),
                   Reinsert(4), PutIn(1, C("TACO")), TakeCard(C("NOPE"))):
        assert decode(json.loads(json.dumps(encode(action)))) == action
    s = position(3, hands={0: "DEF"}, pile="EXP TACO")
    events = act(s, DRAW)
    for e in events:
        assert e.describe(["Ana", "Bo", "Cy"]) and encode(e)["type"] == e.kind


def test_a_play_going_ahead_or_noped_reads_right_for_a_card_and_every_combo():
    from cutthroat.engine.words import agree
    from cutthroat.games.exploding_kittens.events import Resolved

    names = ["Ana", "Bob", "Cy", "Dee", "You"]
    said = {(what, seat, cancelled): agree(Resolved(seat, what, cancelled).describe(names))
            for what, seat in (("pair", 2), ("five", 3), ("triple", 0), ("bark2", 1), ("SKIP", 0), ("pair", 4))
            for cancelled in (False, True)}
    assert said["pair", 2, False] == "Cy's pair goes ahead"
    assert said["five", 3, False] == "Dee's five different cards go ahead"
    assert said["five", 3, True] == "Dee's five different cards are Noped: nothing happens"
    assert said["triple", 0, False] == "Ana's three of a kind goes ahead"
    assert said["bark2", 1, True] == "Bob's Barking Kittens are Noped: nothing happens"
    assert said["SKIP", 0, False] == "Ana's Skip goes ahead"
    assert said["pair", 4, True] == "Your pair is Noped: nothing happens"


def test_illegal_actions_leave_the_state_unchanged():
    s = position(3, hands={0: "SKIP"}, pile="TACO")
    refused(s, Reinsert(0))
    refused(s, Reorder((0, 1, 2)))
    refused(s, ChooseTarget(1))
    refused(s, TakeCard(C("SKIP")))
    with pytest.raises(IllegalAction):
        RULES.apply(s, PutIn(1, C("TACO")))


def test_rules_text_has_the_decisions():
    text = RULES.rules_text()
    assert "Our choices" in text and "reaction window" in text and "Nope Sauce" in text


# --- Decisions ---------------------------------------------------------------------------------


def test_decision_ill_take_that_never_hands_over_an_imploding_kitten():
    s = position(3, hands={1: "TACO"}, pile="IMP SKIP", turn=1, itt={1: 0})
    events = act(s, DRAW)
    assert not ev(events, "handed") and s.stack[-1].kind == REINSERT and RULES.to_act(s) == [1]
    assert s.itt == [-1, -1, -1]  # used up
    act(s, Reinsert(0))
    assert s.up[-1] and s.turn == 2 and hand(s, 0) == []


def test_decision_defuse_is_played_for_you_and_exploding_is_never_offered():
    s = position(3, hands={0: "DEF DEF"}, pile="EXP TACO")
    act(s, DRAW)
    assert hand(s, 0) == ["DEF"] and all(a.kind == "reinsert" for a in RULES.legal_actions(s, 0))


def test_decision_the_held_exploding_kitten_may_go_into_the_pile_with_garbage_collection():
    s = position(3, hands={0: "GARBAGE TACO", 1: "STREAK EXP"}, pile="NOPE")
    play_through(s, "GARBAGE")
    assert PutIn(1, EXPLODING) in RULES.legal_actions(s, 1)
    act(s, PutIn(0, C("TACO")), 0)
    act(s, PutIn(1, EXPLODING), 1)
    assert not s.out[1] and hand(s, 1) == ["STREAK"] and EXPLODING in s.pile


def test_decision_kittens_cannot_be_taken_from_the_discard_pile_but_combo_cards_can():
    s = position(3, hands={0: "TACO BEARD SKIP NOPE ATTACK"}, pile="TACO", discard="EXP IMP")
    s.discard = [c for c in s.discard if c in (EXPLODING, IMPLODING)] + \
        [c for c in s.discard if c not in (EXPLODING, IMPLODING)]
    act(s, PlayCombo(cards("TACO BEARD SKIP NOPE ATTACK")))
    all_pass(s)
    options = [a.card for a in RULES.legal_actions(s, 0)]
    assert EXPLODING not in options and IMPLODING not in options and C("ATTACK") in options


def test_decision_an_exploding_kitten_handed_over_without_defuse_and_the_drawers_turn_ends():
    s = position(3, hands={0: "TACO", 1: "SKIP"}, pile="EXP SKIP", itt={0: 1}, barking=[1])
    events = act(s, DRAW)
    assert ev(events, "handed")[0].shown and s.out[1] and not s.out[0]
    assert s.itt == [-1, -1, -1] and s.barking == [False] * 3 and s.turn == 2
    assert hand(s, 0) == ["TACO"]


def test_decision_a_window_asks_the_player_of_the_card_too_and_they_may_nope_it():
    s = position(3, hands={0: "SKIP NOPE"}, pile="TACO")
    play(s, "SKIP")
    assert PlayNope(0) in RULES.legal_actions(s, 0)
    act(s, PlayNope(0))
    assert RULES.to_act(s) == [1, 2]
    all_pass(s)
    assert s.turn == 0


def test_elimination_discards_what_lies_in_front_of_the_player():
    s = position(3, hands={0: "TACO"}, pile="EXP SKIP", itt={2: 0}, barking=[0])
    act(s, DRAW)
    assert s.out[0] and s.itt == [-1, -1, -1] and s.barking == [False] * 3
    assert_conserved(s)


def test_a_held_kitten_of_an_exploded_player_is_discarded_with_the_hand():
    """The seed: "Discard all of your cards, including the Exploding Kitten" — the one held under
    a Streaking Kitten too; nothing is shuffled, so what players saw of the pile still holds."""
    s = position(3, hands={0: "STREAK EXP TACO"}, pile="IMP SKIP SEE3", up=[0])
    at = s.pile.index(C("SEE3"))
    s.seen[1][at] = C("SEE3")  # seat 2 saw a card deeper in the pile
    events = act(s, DRAW)  # imploded while holding an Exploding Kitten
    assert s.out[0] and EXPLODING not in s.pile
    assert sorted(c.code for c in s.discard[-4:]) == ["EXP", "IMP", "STREAK", "TACO"]
    assert not ev(events, "shuffled") and s.seen[1][at] is C("SEE3")


# -- a play waiting for its choices can be taken back (Esc in its prompt) ------------------------
def take_back_session(state):
    from cutthroat.saves import Seat
    from cutthroat.session import Session

    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("human", "Cy")]
    return Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)


def test_a_card_waiting_for_its_target_is_taken_back_whole():
    s = take_back_session(position(3, hands={0: "TARGETED MARK", 1: "TACO", 2: "BEARD"}, pile="SKIP SKIP"))
    before = RULES.encode_state(s.state)
    s.apply(Play(C("TARGETED")), 0)
    assert RULES.open_play(s.state, 0) == 1 and RULES.open_play(RULES.view(s.state, 0), 0) == 1
    assert RULES.open_play(s.state, 1) == 0  # only its player may
    assert s.take_back(1) == []
    assert s.take_back(0) == [(0, Play(C("TARGETED")))]
    assert RULES.encode_state(s.state) == before and s.log == []


def test_three_of_a_kind_is_taken_back_from_its_naming_prompt():
    s = take_back_session(position(3, hands={0: "TACO TACO TACO SKIP", 1: "DEF", 2: "BEARD"}, pile="SKIP"))
    before = RULES.encode_state(s.state)
    s.apply(PlayCombo(tuple(cards("TACO TACO TACO"))), 0)
    s.apply(ChooseTarget(1), 0)
    assert s.state.stack[-1].kind == NAME and RULES.open_play(s.state, 0) == 2
    assert len(s.take_back(0)) == 2
    assert RULES.encode_state(s.state) == before and hand(s.state, 0) == ["SKIP", "TACO", "TACO", "TACO"]


def test_once_the_target_is_chosen_the_play_is_made():
    s = take_back_session(position(3, hands={0: "TARGETED", 1: "TACO", 2: "BEARD"}, pile="SKIP SKIP"))
    s.apply(Play(C("TARGETED")), 0)
    s.apply(ChooseTarget(2), 0)  # the Nope window is open: everyone has seen whom it hits
    assert RULES.open_play(s.state, 0) == 0 and s.take_back(0) == []
    assert len(s.log) == 2


def open_play_table(state):
    """A host over `take_back_session(state)` with every seat's and the spectator's port
    listening: seat (None: the spectator) → the updates it heard, the first included."""
    from cutthroat.host import InlineWorkers, ManualClock, TableHost, WirePort

    host = TableHost(take_back_session(state), clock=ManualClock(), workers=InlineWorkers())
    heard: dict = {}
    for seat in (0, 1, 2, None):
        port = WirePort(host.port(seat))  # JSON in between, as a server's player gets it
        heard[seat] = [port.listen(lambda u, seat=seat: heard[seat].append(u))]
    return host, heard


def test_a_play_waiting_for_its_target_is_told_to_nobody_until_the_target_is_chosen():
    host, heard = open_play_table(position(3, hands={0: "TARGETED MARK", 1: "TACO", 2: "BEARD"}, pile="SKIP SKIP"))
    before = {seat: got[-1].view for seat, got in heard.items()}
    assert host.submit(0, Play(C("TARGETED"))) is None
    for seat in (1, 2, None):  # the others' table is as it was: no card gone, nothing on the pile
        assert heard[seat][-1].view == before[seat] and heard[seat][-1].events == ()
    assert heard[0][-1].events == () and heard[0][-1].view.hand == (C("MARK"),)  # its own screen asks whom
    assert host.submit(0, ChooseTarget(2)) is None
    for seat in (0, 1, 2, None):  # final now: everyone is told the whole play, in order
        kinds = [e.kind for u in heard[seat][1:] for e in u.events]
        assert kinds[:2] == ["played", "target_chosen"], (seat, kinds)
        assert heard[seat][-1].view.hand_counts[0] == 1


def test_a_play_taken_back_before_its_target_leaves_no_trace_for_the_others():
    host, heard = open_play_table(position(3, hands={0: "TARGETED MARK", 1: "TACO", 2: "BEARD"}, pile="SKIP SKIP"))
    before = {seat: got[-1].view for seat, got in heard.items()}
    assert host.submit(0, Play(C("TARGETED"))) is None
    assert host.take_back(0) is None
    for seat in (0, 1, 2, None):
        assert [e for u in heard[seat] for e in u.events] == [], seat
        assert heard[seat][-1].view == before[seat]
    assert host.history(None) == [] and host.history(1) == []
    assert host.submit(0, Play(C("MARK"))) is None and host.submit(0, ChooseTarget(1)) is None
    told = [e.describe(["Ana", "Bob", "Cy"]) for u in heard[None] for e in u.events]
    assert not any("Targeted" in line for line in told) and "Ana plays Mark" in told


def test_the_tables_own_news_is_told_at_once_while_a_play_waits_and_survives_its_taking_back():
    """A server seat's stand-in comes and goes while Ana picks her target: everyone hears it at
    once, and taking the play back takes nothing of it away."""
    host, heard = open_play_table(position(3, hands={0: "TARGETED MARK", 1: "TACO", 2: "BEARD"}, pile="SKIP SKIP"))
    assert host.submit(0, Play(C("TARGETED"))) is None
    host.stand_in(2)
    assert host.take_back(0) is None
    for seat in (0, 1, 2, None):
        assert [e.kind for u in heard[seat] for e in u.events] == ["stand_in"], seat


def test_a_game_saved_mid_play_tells_the_play_once_it_is_final_after_loading():
    from cutthroat.host import InlineWorkers, ManualClock, TableHost
    from cutthroat.session import Session

    s = take_back_session(position(3, hands={0: "TACO TACO TACO SKIP", 1: "DEF", 2: "BEARD"}, pile="SKIP"))
    s.apply(PlayCombo(tuple(cards("TACO TACO TACO"))), 0)
    s.apply(ChooseTarget(1), 0)  # three of a kind, waiting for the card to name
    loaded = Session.from_save(s.save_data())
    assert loaded.history(None) == [] and loaded.history(0) == []
    host = TableHost(loaded, clock=ManualClock(), workers=InlineWorkers())
    spectator: list = []
    first = host.port(None).listen(spectator.append)
    assert first.view.hand_counts[0] == 4 and first.view.stack == ()
    assert host.submit(0, NameCard(C("DEF"))) is None
    assert [e.kind for e in spectator[0].events][:3] == ["played", "target_chosen", "card_named"]


def test_a_recipe_note_counts_its_cards_in_words() -> None:
    """Lightning Kittens deals one card: "1 Defuse + 1 card", not "1 cards"."""
    from cutthroat.games.exploding_kittens.recipes import recipe_note

    assert "Each: 1 Defuse + 1 card. " in recipe_note("lightning-kittens", 3)
    assert "Each: 1 Defuse + 7 cards. " in recipe_note("nope-sauce", 3)
