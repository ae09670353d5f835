"""The game review (`cutthroat.review`): on a seeded game of each game with one clearly bad move
of seat 0's put in, the review lists that move first; its estimates say what they rest on; it is
deterministic, can be cancelled, and reads back from JSON. Kill The Kings' hindsight equals the
clairvoyant solver's on fixed deals and is never below the player's score. Small budgets: the
suite stays fast."""

from __future__ import annotations

import threading

import pytest

from cutthroat.bots import make_bot
from cutthroat.engine.registry import get_rules
from cutthroat.games.kill_the_kings import clairvoyant
from cutthroat.games.kill_the_kings.cards import KINGS, round_points
from cutthroat.games.kill_the_kings.effects import deal
from cutthroat.review import Review, ReviewCancelled, review_game
from cutthroat.review.ktk import HINDSIGHT_STEPS, hindsight
from helpers_review import BLUNDERS, blunder_document

BUDGET = 16


@pytest.mark.parametrize("game", list(BLUNDERS))
def test_the_review_lists_the_clearly_worse_move_first(game: str) -> None:
    document, at = blunder_document(game, after=6, before=10)
    review = review_game(document, 0, BUDGET)
    assert len(review.decisions) > 1
    worst = review.decisions[0]
    assert worst.step == at, [(d.step, d.played, d.loss) for d in review.decisions]
    assert not worst.same and worst.loss > 0
    assert worst.after_best.value > worst.after_played.value
    assert review.marked_steps[0] == at
    # Costliest first, every estimate on the budget's playouts, with its error.
    losses = [d.loss for d in review.decisions]
    assert losses == sorted(losses, reverse=True)
    for d in review.decisions:
        for e in (d.before, d.after_played, d.after_best):
            assert e.playouts == BUDGET and e.error >= 0


def test_a_review_is_deterministic_and_reads_back_from_json() -> None:
    document, _ = blunder_document("kill-your-friends", after=6, before=10)
    first = review_game(document, 0, BUDGET, seed=3)
    again = review_game(document, 0, BUDGET, seed=3)
    assert first == again
    assert Review.from_json(first.to_json()) == first
    with pytest.raises(ValueError):
        Review.from_json({"game": "kill-your-friends"})


def test_progress_counts_every_decision_and_a_set_flag_cancels() -> None:
    document, _ = blunder_document("kill-your-friends", after=6, before=10)
    seen: list[tuple[int, int]] = []
    review = review_game(document, 0, BUDGET, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, len(review.decisions)) and seen[-1] == (len(review.decisions),) * 2
    cancel = threading.Event()

    def stop_after_first(done: int, total: int) -> None:
        if done == 1:
            cancel.set()
    with pytest.raises(ReviewCancelled):
        review_game(document, 0, BUDGET, progress=stop_after_first, cancel=cancel)


# --- Kill The Kings: hindsight ---------------------------------------------------------------------
def _heuristic_game(seed: int):
    rules = get_rules("kill-the-kings")
    state = rules.new_game({}, seed)
    bot = make_bot(rules, "heuristic", seed=0)
    log = []
    while rules.to_act(state):
        action = bot.choose(rules.view(state, 0), rules.legal_actions(state, 0))
        rules.apply(state, action, 0)
        log.append((0, action))
    return rules, state, log


def _solver_perfect(seed: int) -> int:
    """The deal's three round decks (dealt from the seed alone), each solved from the start."""
    rules = get_rules("kill-the-kings")
    state = rules.new_game({}, seed)
    solver = clairvoyant.CompiledSolver()
    start = solver.prepare([([0] * 4, [k.rank for k in KINGS], [int(k.red) for k in KINGS], [], True)])
    total = 0
    for _ in range(3):
        order = [c.rank * 2 + c.red for c in reversed(state.deck)]
        total += round_points(solver.values(order, start)[0])
        deal(state)
    return total


@pytest.mark.skipif(not clairvoyant.COMPILED, reason="the compiled clairvoyant solver is not built")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_ktk_hindsight_is_the_solvers_and_never_below_the_player(seed: int) -> None:
    rules, state, log = _heuristic_game(seed)
    # (The heuristic stands in for the hard bot on the deal: cheap, and it must score what it did.)
    ticks: list[int] = []
    line = hindsight(rules, {}, seed, log, 16, 0, tick=lambda: ticks.append(1),
                     bot=make_bot(rules, "heuristic", seed=0))
    assert len(ticks) == HINDSIGHT_STEPS  # (the review's progress counts on it)
    assert line.perfect == _solver_perfect(seed)
    assert line.player == state.total == line.hard
    assert line.perfect >= line.player
    if line.player < line.perfect:
        assert line.left_step is not None and line.left_played and line.left_best
        assert line.left_where.startswith("round ")


def test_the_review_budget_setting_reads_back_and_falls_back_on_its_own(tmp_path) -> None:
    import json

    from cutthroat.settings import REVIEW_BUDGETS, Settings, load_settings

    assert Settings().review_playouts() == REVIEW_BUDGETS["normal"]
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"review_budget": "thorough"}), encoding="utf-8")
    assert load_settings(path)[0].review_playouts() == REVIEW_BUDGETS["thorough"]
    path.write_text(json.dumps({"review_budget": "forever", "bot_speed": "fast"}), encoding="utf-8")
    settings, problem = load_settings(path)
    assert problem is None and settings.review_budget == "normal" and settings.bot_speed == "fast"


def test_ktk_a_card_to_another_free_reserve_spot_is_the_bots_move_too() -> None:
    """Reserve A or reserve D: the same move (no cost, not "unlike the hard bot's")."""
    from cutthroat import saves

    rules = get_rules("kill-the-kings")
    state = rules.new_game({}, 0)
    bot = make_bot(rules, "heuristic", seed=0)
    log = []
    while len(log) < 12:
        legal = rules.legal_actions(state, 0)
        action = bot.choose(rules.view(state, 0), legal)
        if action.kind == "reserve":  # the last free spot instead of the heuristic's first
            action = [a for a in legal if a.kind == "reserve"][-1]
        rules.apply(state, action, 0)
        log.append((0, action))
    data = saves.SaveData("kill-the-kings", {"mode": "killer"}, [saves.Seat("human", "Ana")], 0, log, state)
    review = review_game(saves.to_json(data), 0, BUDGET)
    moved = [d for d in review.decisions if " in reserve " in d.played and " in reserve " in d.best]
    assert moved and any(d.played != d.best for d in moved)
    assert all(d.same and d.loss == 0 for d in moved)
