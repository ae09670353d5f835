"""Kill The Kings bots: legal moves only, games finish, and hard is stronger than heuristic."""

from __future__ import annotations

import multiprocessing

import pytest

from cutthroat.bots import make_bot
from cutthroat.games.kill_the_kings.bots import BOTS, HardBot, HeuristicBot
from cutthroat.games.kill_the_kings.cards import finishable
from cutthroat.games.kill_the_kings.rules import RULES
from helpers_ktk import make_state


def play(level: str, seed: int, mode: str = "killer", check_legal: bool = False,
         rounds: int = 3, think_ms: int | None = None) -> int:
    """Play one seeded game (or only its first `rounds` rounds) with a fresh bot; return the points."""
    state = RULES.new_game({"mode": mode}, seed=seed)
    bot = make_bot(RULES, level, seed=seed, think_ms=think_ms)
    for _ in range(1000):
        if state.phase == "game_over" or len(state.round_points) >= rounds:
            return state.total
        legal = RULES.legal_actions(state)
        action = bot.choose(RULES.view(state), legal)
        if check_legal:
            assert action in legal, (level, seed, action, legal)
        RULES.apply(state, action)
    raise AssertionError(f"{level} did not finish game {seed}")


def test_registry() -> None:
    assert BOTS == {"heuristic": HeuristicBot, "hard": HardBot}
    assert make_bot(RULES, "hard").level == "hard"
    assert make_bot(RULES, "heuristic").level == "heuristic"


@pytest.mark.parametrize("level", ["heuristic", "hard"])
@pytest.mark.parametrize("mode", ["killer", "psycho"])
def test_bots_only_play_legal_moves_and_finish(level: str, mode: str) -> None:
    for seed in range(2 if level == "heuristic" else 1):
        total = play(level, seed, mode, check_legal=True)
        assert 0 <= total <= 30
        assert RULES.result  # the game reached game over inside play()


def test_hard_is_deterministic_for_a_seed() -> None:
    """Its search stops after a set number of sampled orders; the time cap (here out of reach)
    is only a safety valve, so a busy machine does not change its play."""
    def first_rounds():
        return [play("hard", s, rounds=1, think_ms=60_000) for s in range(2)]
    assert first_rounds() == first_rounds()


def test_hard_honours_a_small_think_budget() -> None:
    state = RULES.new_game(seed=11)
    bot = HardBot(RULES, seed=1, think_ms=1)
    while not state.round_points:  # the first round
        legal = RULES.legal_actions(state)
        assert (action := bot.choose(RULES.view(state), legal)) in legal
        RULES.apply(state, action)


def test_hard_without_the_compiled_solver_still_plays_legal_moves() -> None:
    """Where no C compiler built the solver, hard values every order by playing it out."""
    state = RULES.new_game(seed=3)
    bot = HardBot(RULES, seed=3, clairvoyant_search=False)
    assert bot.solver is None
    while state.phase != "game_over":
        legal = RULES.legal_actions(state)
        assert (action := bot.choose(RULES.view(state), legal)) in legal
        RULES.apply(state, action)


def test_heuristic_plays_the_same_in_both_modes() -> None:
    """The simple player never looks at the target."""
    assert [play("heuristic", s, "killer") for s in range(3)] == \
        [play("heuristic", s, "psycho") for s in range(3)]


def hard_goal(**position) -> tuple[str, str]:
    """What hard plays for with the drawn 9♥ in this position, and its hint's words."""
    state = make_state(drawn="9H", **position)
    view = RULES.view(state)
    bot = HardBot(RULES, seed=1, think_ms=60_000)
    action, goal = bot.decide(view, RULES.legal_actions(state))
    return goal, HardBot(RULES, seed=1, think_ms=60_000).explain(view, RULES.legal_actions(state))[1]


def test_hard_aims_at_the_modes_target_while_it_can_be_reached() -> None:
    # Round 3 on 6 points: one king this round makes 7 (Killer); Psycho's 11 needs three.
    goal, why = hard_goal(round=3, round_points=(3, 3))
    assert goal == "target" and why.endswith("going for 7 points")
    goal, why = hard_goal(round=3, round_points=(3, 3), mode="psycho")
    assert goal == "target" and why.endswith("going for 11 points")


def test_hard_plays_for_points_once_the_target_is_out_of_reach() -> None:
    # Round 3 on no points: only all four kings make 7. While no column is doomed they still can,
    # so hard goes for them; once a column is doomed (an Ace first under its king), 7 is out of
    # reach and hard banks what it can.
    goal, why = hard_goal(round=3, round_points=(0, 0))
    assert goal == "target" and why.endswith("going for 7 points")
    goal, why = hard_goal(round=3, round_points=(0, 0), columns=("AS", "", "", ""))
    assert goal == "points" and why.endswith("7 is out of reach: banking points")
    # Round 2 on no points: a good round and the next can still make 7.
    assert hard_goal(round=2, round_points=(0,), columns=("AS", "", "", ""))[0] == "target"


@pytest.mark.parametrize("seed", range(3))
def test_hard_judges_the_target_once_a_position_not_once_a_sample(seed: int) -> None:
    """Killer round 3 on no points, a hint asked at every move (a fresh bot each time, seeded by
    the move as the host seeds it): the judgement never flips back to the target once the target
    is out of reach, and says "out of reach" only once four kings can't be killed."""
    state = RULES.new_game({"mode": "killer"}, seed)
    state.round, state.round_points = 3, [0, 0]
    said = []
    for moves in range(200):
        if state.phase != "play":
            break
        view, legal = RULES.view(state), RULES.legal_actions(state)
        action, goal = HardBot(RULES, seed=seed * 1_000_003 + moves, iterations=16).decide(view, legal)
        if goal:
            doomed = sum(bool(c) and not finishable(c[-1], len(c)) for c in view.columns)
            assert (goal == "points") == (doomed > 0), (moves, goal, doomed)
            said.append(goal)
        RULES.apply(state, action)
    assert said and said == sorted(said, key=["target", "points"].index)  # targets, then points


def _game(job: tuple[str, int, str]) -> int:
    # The time cap out of reach: hard stops after its set number of orders, so a loaded machine
    # (the other soak tests run beside this one) plays the same games.
    return play(*job, think_ms=60_000)


def rates(level: str, games: int = 2000, mode: str = "killer") -> tuple[float, float]:
    """Mean points and the mode's win rate of seeded games, played by two processes (hard takes
    about 3 s a game)."""
    with multiprocessing.Pool(2) as pool:
        totals = pool.map(_game, [(level, s, mode) for s in range(games)], chunksize=8)
    target = {"killer": 7, "psycho": 11}[mode]
    return sum(totals) / games, sum(t >= target for t in totals) / games


@pytest.mark.soak
def test_heuristic_strength_matches_the_reference_player() -> None:
    mean, killer = rates("heuristic")
    _, psycho = rates("heuristic", mode="psycho")  # (the same games: it never looks at the target)
    assert 4.2 <= mean <= 4.8 and 0.22 <= killer <= 0.29 and 0.04 <= psycho <= 0.08


@pytest.mark.soak
def test_hard_strength() -> None:
    """Measured (2,000 seeded Killer games, seeds 0-1999, `cutthroat simulate`, default budget,
    with the compiled clairvoyant solver, the cores shared with other work): hard 5.06 points /
    Killer 32.9% (before it played for points once 7 was out of reach: 5.07 / 33.2% on idle
    cores); heuristic 4.55 / 25.4% on the same seeds. Psycho mode (hard aims at 11 there) on
    its own games: 7.0% of 600 (heuristic 5.6%). Asserted with margins."""
    mean, killer = rates("hard")
    _, psycho = rates("hard", games=1000, mode="psycho")
    h_mean, h_killer = rates("heuristic")
    _, h_psycho = rates("heuristic", games=1000, mode="psycho")
    assert mean > 4.85 and killer >= 0.31 and psycho >= 0.06, (mean, killer, psycho)
    assert killer > h_killer + 0.05 and psycho > h_psycho, (killer, h_killer, psycho, h_psycho)
    assert mean > h_mean + 0.3, (mean, h_mean)
