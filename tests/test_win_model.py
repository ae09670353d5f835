"""The win models that value a search playout cut short: chances of the seats still in add up to
one, a seat that's out has none, and the fitted weights value what a player of the game would
(a Defuse in Exploding Kittens; a hand ready to reveal, and lives, in Kill Your Friends)."""

from __future__ import annotations

import random

import pytest

from cutthroat.bots import search
from cutthroat.bots.win_model import WinModel
from cutthroat.games.exploding_kittens import bots as ek_bots
from cutthroat.games.exploding_kittens.cards import DEFUSE, TACOCAT
from cutthroat.games.exploding_kittens.rules import RULES as EK
from cutthroat.games.kill_your_friends import bots as kyf_bots
from cutthroat.games.kill_your_friends.cards import kill_card
from cutthroat.games.kill_your_friends.rules import RULES as KYF

GAMES = [(EK, ek_bots.WIN_MODEL), (KYF, kyf_bots.WIN_MODEL)]


def random_positions(rules, seed: int, every: int = 7):
    rng = random.Random(seed)
    state = rules.new_game({}, seed, 4)
    moves = 0
    while rules.to_act(state):
        if moves % every == 0:
            yield state
        seat = rules.to_act(state)[0]
        legal = rules.legal_actions(state, seat)
        rules.apply(state, legal[rng.randrange(len(legal))], seat)
        moves += 1


@pytest.mark.parametrize("rules,model", GAMES, ids=["exploding-kittens", "kill-your-friends"])
def test_the_chances_of_the_seats_still_in_add_up_to_one_and_an_out_seat_has_none(rules, model):
    for seed in range(3):
        for state in random_positions(rules, seed):
            chances = [model.chance(state, q) for q in range(state.n)]
            assert sum(chances) == pytest.approx(1.0)
            for q in range(state.n):
                if state.out[q]:
                    assert chances[q] == 0.0
                else:
                    assert 0.0 < chances[q] < 1.0


def test_an_exploding_kittens_defuse_is_worth_more_than_a_cat_card():
    state = EK.new_game({}, 5, 4)
    hand = state.hands[2]
    spot = next(i for i, card in enumerate(hand) if card is not DEFUSE)
    hand[spot] = TACOCAT
    with_cat = ek_bots.WIN_MODEL.chance(state, 2)
    hand[spot] = DEFUSE
    assert ek_bots.WIN_MODEL.chance(state, 2) > with_cat


def test_kill_your_friends_values_a_hand_ready_to_reveal_and_lives():
    state = KYF.new_game({}, 5, 4)
    own = kill_card(state.colours[1], 2)
    other = kill_card(state.colours[2], 2)
    state.hands[1] = [own, own, other]
    mixed = kyf_bots.WIN_MODEL.chance(state, 1)
    state.hands[1] = [own, own, own]
    assert kyf_bots.WIN_MODEL.chance(state, 1) > mixed
    full = kyf_bots.WIN_MODEL.chance(state, 1)
    state.lives[1] = [False] + state.lives[1][1:]
    assert kyf_bots.WIN_MODEL.chance(state, 1) < full


def test_a_model_needs_a_weight_for_every_feature():
    with pytest.raises(ValueError, match="2 features but 1 weights"):
        WinModel(("a", "b"), lambda s, q, p: (0, 0), lambda s: [0], (1.0,))


def test_the_exploding_kittens_search_cuts_its_playouts_short_on_the_model(monkeypatch):
    # Every playout that doesn't end the game within PLAYOUT_MOVES is valued by the model.
    valued = []

    def chance(state, seat):
        valued.append(seat)
        return 0.5

    bot = ek_bots.HardBot(EK, seed=1, iterations=8, evaluate=chance)
    assert bot.max_depth == ek_bots.PLAYOUT_MOVES
    state = EK.new_game({}, 2, 4)
    for _ in range(200):
        seat = EK.to_act(state)[0]
        legal = EK.legal_actions(state, seat)
        if seat == 0 and len(bot.candidates(EK.view(state, seat), legal)) > 1:
            break
        EK.apply(state, legal[0], seat)
    bot.choose(EK.view(state, 0), EK.legal_actions(state, 0))
    assert valued and set(valued) == {0}


@pytest.mark.parametrize("config,cut", [({}, True), ({"co-op": "on"}, False),
                                        ({"head-hunter": "5"}, False)])
def test_kill_your_friends_cuts_playouts_short_only_where_its_model_knows_the_win(config, cut):
    valued = []

    def chance(state, seat):
        valued.append(seat)
        return 0.5

    state = KYF.new_game(config, 3, 4)
    seat = KYF.to_act(state)[0]
    bot = kyf_bots.HardBot(KYF, seed=1, iterations=8, evaluate=chance)
    bot.choose(KYF.view(state, seat), KYF.legal_actions(state, seat))
    assert bot.max_depth == (kyf_bots.PLAYOUT_MOVES if cut else search.WHOLE_GAME)
    assert bool(valued) or not cut


def test_a_kill_your_friends_playout_cut_short_counts_the_team_or_the_kills():
    co_op = KYF.new_game({"co-op": "on"}, 3, 4)
    mate = next(q for q in range(1, 4) if co_op.teams[q] == co_op.teams[0])
    team = kyf_bots.WIN_MODEL.chance(co_op, 0) + kyf_bots.WIN_MODEL.chance(co_op, mate)
    assert kyf_bots.value_cut_short(co_op, 0) == pytest.approx(team)
    hunt = KYF.new_game({"head-hunter": "5"}, 3, 4)
    hunt.points[:] = [2, 3, 3, 0]
    assert [kyf_bots.value_cut_short(hunt, q) for q in range(4)] == [0.0, 0.5, 0.5, 0.0]
