"""Kill The Kings bots: legal moves only, games finish, and hard is stronger than heuristic."""

from __future__ import annotations

import multiprocessing

import pytest

from cutthroat.bots import make_bot
from cutthroat.games.kill_the_kings.bots import BOTS, HardBot, HeuristicBot
from cutthroat.games.kill_the_kings.rules import RULES


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


@pytest.mark.parametrize("level", ["heuristic", "hard"])
def test_bots_play_the_same_in_both_modes(level: str) -> None:
    """Both bots aim at 7 points whatever the mode (hard: aiming at 11 reached 11 less often),
    so one set of games gives the Killer and the Psycho rates (see `rates`)."""
    think = 60_000  # out of reach: hard stops after its set number of orders
    assert [play(level, s, "killer", rounds=2, think_ms=think) for s in range(2)] == \
        [play(level, s, "psycho", rounds=2, think_ms=think) for s in range(2)]


def _killer_game(job: tuple[str, int]) -> int:
    # The time cap out of reach: hard stops after its set number of orders, so a loaded machine
    # (the other soak tests run beside this one) plays the same games.
    return play(*job, "killer", think_ms=60_000)


def rates(level: str, games: int = 2000) -> tuple[float, float, float]:
    """Mean points, Killer rate (≥ 7) and Psycho rate (≥ 11) of the same seeded games, played by
    two processes (hard takes about 3 s a game)."""
    with multiprocessing.Pool(2) as pool:
        totals = pool.map(_killer_game, [(level, s) for s in range(games)], chunksize=8)
    return (sum(totals) / games, sum(t >= 7 for t in totals) / games,
            sum(t >= 11 for t in totals) / games)


@pytest.mark.soak
def test_heuristic_strength_matches_the_reference_player() -> None:
    mean, killer, psycho = rates("heuristic")
    assert 4.2 <= mean <= 4.8 and 0.22 <= killer <= 0.29 and 0.04 <= psycho <= 0.08


@pytest.mark.soak
def test_hard_strength() -> None:
    """Measured (2,000 seeded games, seeds 0-1999, `cutthroat simulate`, default budget, on two
    otherwise idle cores, with the compiled clairvoyant solver): hard 5.07 points / Killer 33.2% / Psycho 8.4% (Psycho counted on
    the Killer games: hard aims at 7 in both modes), heuristic 4.55 / 25.4% / 5.6% on the same
    seeds. Asserted with margins."""
    mean, killer, psycho = rates("hard")
    h_mean, h_killer, h_psycho = rates("heuristic")
    assert mean > 4.85 and killer >= 0.31 and psycho >= 0.07, (mean, killer, psycho)
    assert killer > h_killer + 0.05 and psycho > h_psycho + 0.015, (killer, h_killer, psycho, h_psycho)
    assert mean > h_mean + 0.3, (mean, h_mean)
