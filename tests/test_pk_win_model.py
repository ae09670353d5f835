"""Psycho Killer's win model (`games/psycho_killer/win_model.py`) and the review's playouts cut
short by it: calibrated on held-out self-play games (predicted chances against observed shares,
Brier score below "all equal"), chances adding up to one with ties shared, playouts stopping only
at a turn's start with two Psycho Killers or more to come, and cut-short estimates near the
whole-game ones on fixed seeds. All deterministic: fixed seeds, no clocks."""

from __future__ import annotations

import random

import pytest

from cutthroat.bots import make_bot
from cutthroat.games.psycho_killer import win_model
from cutthroat.games.psycho_killer.rules import RULES
from cutthroat.games.psycho_killer.state import OVER
from cutthroat.review import search


@pytest.fixture(scope="module")
def held_out():
    return win_model.self_play(win_model.HELD_OUT_SEED, 120)


def test_the_model_is_calibrated_on_held_out_games(held_out) -> None:
    pairs = list(win_model.pairs(held_out))
    assert len(pairs) > 4000
    equal = [(1 / len(fs), y) for _, fs, shares in held_out for y in shares]
    assert win_model.brier(pairs) < 0.95 * win_model.brier(equal)
    bins = win_model.reliability(pairs)
    for predicted, observed, count in bins:
        if count >= 300:
            assert abs(predicted - observed) < 0.05, bins
    # The mean gap between predicted and observed, bins weighted by their seats.
    assert sum(abs(p - o) * k for p, o, k in bins) / len(pairs) < 0.03, bins
    # Every player count is better than "all equal" too.
    for n in range(2, 7):
        sub = list(win_model.pairs([d for d in held_out if len(d[1]) == n]))
        assert win_model.brier(sub) < win_model.brier((1 / n, y) for _, y in sub), n


def test_chances_add_up_to_one_and_a_tie_shares_the_win() -> None:
    state = RULES.new_game({}, 3, 4)
    assert sum(win_model.chances(state)) == pytest.approx(1.0)
    state.phase, state.winners = OVER, [0, 2]
    assert win_model.chances(state) == [0.5, 0.0, 0.5, 0.0]


def test_a_playout_stops_only_at_a_turn_start_with_two_psycho_killers_to_come() -> None:
    state = RULES.new_game({}, 3, 4)
    assert win_model.may_stop(state)
    state.pks = state.pk_limit - 1
    assert not win_model.may_stop(state)  # the last one to come: played on to the end
    state.pks = 0
    rng = random.Random(1)
    while not state.stack:
        p = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, p)
        RULES.apply(state, legal[rng.randrange(len(legal))], p)
    assert not win_model.may_stop(state)  # a card in play, or a drawn card to answer


def test_a_cut_short_playout_stops_where_it_may() -> None:
    bot = search.cut_short(make_bot(RULES, "hard", seed=1, playouts=8), "psycho-killer")
    state = RULES.new_game({}, 4, 4)
    seen = []
    bot.evaluate = lambda s, seat: seen.append(RULES.copy(s)) or 0.25
    legal = RULES.legal_actions(state, state.turn)
    for dice in range(6):
        search.play_from(bot, RULES.copy(state), state.turn, legal[0], random.Random(dice))
    assert seen and all(win_model.may_stop(s) and s.actions >= win_model.PLAYOUT_MOVES for s in seen)


def _decisions(seed: int, players: int = 4):
    """Seat 0's decisions in a game of heuristics: (state, legal, the move played)."""
    state = RULES.new_game({}, seed, players)
    bots = [make_bot(RULES, "heuristic", seed=q) for q in range(players)]
    out = []
    while RULES.to_act(state):
        p = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, p)
        action = bots[p].choose(RULES.view(state, p), legal)
        if p == 0 and len(legal) > 1 and not state.stack:
            out.append((RULES.copy(state), legal, action))
        RULES.apply(state, action, p)
    return out


@pytest.mark.parametrize("seed,index", [(30_000, 0), (30_001, 6), (30_002, 3)])
def test_cut_short_estimates_are_near_the_whole_game_ones(seed: int, index: int) -> None:
    state, legal, played = _decisions(seed)[index]
    view = RULES.view(state, 0)
    whole = make_bot(RULES, "hard", seed=1, playouts=48)
    whole.max_depth, whole.evaluate = search.TO_THE_END, None
    cut = search.cut_short(make_bot(RULES, "hard", seed=1, playouts=48), "psycho-killer")
    a = search.estimates(whole, view, 0, played, played, 48, random.Random(seed))
    b = search.estimates(cut, view, 0, played, played, 48, random.Random(seed))
    for w, c in zip(a[:3], b[:3]):
        assert abs(w.value - c.value) <= 2 * w.error + 0.02, (a, b)
        assert c.playouts == 48
        # (the stated ± counts the model's own error beside the playouts' spread)
        assert c.error >= win_model.CUT_MODEL_ERROR and c.error <= w.error + win_model.CUT_MODEL_ERROR


def test_the_review_marks_a_clearly_worse_move_mid_game_where_playouts_are_cut(monkeypatch) -> None:
    """Seed 3, 4 players, step 361: seat 0 draws the third Psycho Killer holding 18 weapon points
    and a Double Tap, and takes it (3 points, and its weapons into its pile) instead of putting
    it back; two still to come, so the playouts are cut (whole games agree: 0.39 against 0.28 at
    100 playouts; the cut 0.41 against 0.29). (Taking an attack's hit with a Barricade in hand
    is no such case: keeping 9 points of weapons in hand does no better in whole games.)"""
    import helpers_review
    from cutthroat.review import review_game

    monkeypatch.setitem(helpers_review.BLUNDERS, "psycho-killer", (3, 4, 361, "accept"))
    document, at = helpers_review.blunder_document("psycho-killer", after=4, before=6)
    review = review_game(document, 0, 16)
    worst = review.decisions[0]
    assert worst.step == at and not worst.same, [(d.step, d.played, d.loss) for d in review.decisions]
    assert worst.loss > 0 and worst.after_best.value > worst.after_played.value
    assert review.marked_steps[0] == at


def test_a_setup_the_model_was_not_fitted_to_plays_its_review_playouts_to_the_end() -> None:
    assert win_model.fitted({}) and win_model.fitted(RULES.default_config())
    for config in ({"edition": "1"}, {"quickie": "on"}, {"upside-down": "on"}, {"hold-your-nerve": "on"}):
        assert not win_model.fitted(config)
        bot = search.cut_short(make_bot(RULES, "hard", seed=1, playouts=8), "psycho-killer", config)
        assert bot.max_depth == search.TO_THE_END and bot.evaluate is None
    bot = search.cut_short(make_bot(RULES, "hard", seed=1, playouts=8), "psycho-killer", {"edition": "2"})
    assert bot.max_depth == win_model.PLAYOUT_MOVES and bot.evaluate is not None


def test_an_estimate_no_playout_was_cut_for_states_only_its_playouts_spread() -> None:
    """With the last Psycho Killer to come every playout plays to the end (`may_stop`): the
    model valued none of them, so its error is not in the stated ± (a lost position is 0%±0)."""
    state, legal, played = [d for d in _decisions(30_000) if d[0].pk_limit - d[0].pks < 2][-1]
    view = RULES.view(state, 0)
    whole = make_bot(RULES, "hard", seed=1, playouts=16)
    whole.max_depth, whole.evaluate = search.TO_THE_END, None
    cut = search.cut_short(make_bot(RULES, "hard", seed=1, playouts=16), "psycho-killer")
    a = search.estimates(whole, view, 0, played, played, 16, random.Random(30_000))
    b = search.estimates(cut, view, 0, played, played, 16, random.Random(30_000))
    assert a == b, (a, b)
