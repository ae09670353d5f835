"""Information-set MCTS, on tiny games through the rules protocol: it finds the winning move, a
rival in the tree plays for itself, a move legal only in some deals counts only the deals it was
legal in, a playout cut short is valued by the game, and both budgets hold (a count reads no clock; on a clock, no iteration is started
that would end past the deadline)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cutthroat.bots import search
from cutthroat.bots.ismcts import InfoSetSearchBot

VIEW = SimpleNamespace(seat=0)


class TinyGame:
    """A two-seat game played by a script: `script(state)` gives (seat to act, legal moves) or
    None when the game is over, `winner(state)` who won. The state is the deal's luck and the
    moves so far."""

    def __init__(self, script, winner, cost_s: float = 0.0, clock=None) -> None:
        self.script, self.winner, self.cost, self.clock = script, winner, cost_s, clock
        self.deals = 0

    def determinize(self, view, rng: random.Random):
        self.deals += 1
        if self.clock is not None:
            self.clock.now += self.cost
        return {"luck": rng.random(), "moves": []}

    def copy(self, state):
        return {"luck": state["luck"], "moves": list(state["moves"])}

    def apply_unchecked(self, state, action) -> None:
        state["moves"].append(action)

    def to_act(self, state):
        step = self.script(state)
        return [] if step is None else [step[0]]

    def legal_actions(self, state, seat):
        return list(self.script(state)[1])

    def result(self, state):
        return SimpleNamespace(winners=(self.winner(state),))


def one_move(state):
    return None if state["moves"] else (0, ["lose", "coin", "win"])


def one_move_winner(state):
    move = state["moves"][0]
    return 0 if move == "win" or (move == "coin" and state["luck"] < 0.5) else 1


def test_it_finds_the_winning_move_and_spends_exactly_its_count():
    game = TinyGame(one_move, one_move_winner)
    bot = InfoSetSearchBot(game, seed=3, iterations=60)
    assert bot.choose(VIEW, ["lose", "coin", "win"]) == "win"
    visits = {a: n.visits for a, n in bot.root.children.items()}
    assert sum(visits.values()) == 60 and game.deals == 60
    assert visits["win"] > visits["coin"] + visits["lose"]


def test_a_rival_in_the_tree_plays_for_itself():
    # "safe" wins for seat 0 on half the deals; after "gift", seat 1 picks the winner, and a
    # seat 1 playing for itself always picks itself. A search that let seat 1 play for seat 0
    # would take the gift.
    def script(state):
        moves = state["moves"]
        if not moves:
            return 0, ["safe", "gift"]
        if moves == ["gift"]:
            return 1, ["me", "you"]
        return None

    def winner(state):
        moves = state["moves"]
        if moves[0] == "safe":
            return 0 if state["luck"] < 0.5 else 1
        return 1 if moves[1] == "me" else 0

    bot = InfoSetSearchBot(TinyGame(script, winner), seed=5, iterations=200)
    assert bot.choose(VIEW, ["safe", "gift"]) == "safe"
    rival = bot.root.children["gift"].children
    assert rival["me"].visits > rival["you"].visits
    assert rival["me"].player == 1 and rival["me"].reward == rival["me"].visits


def test_a_move_legal_in_some_deals_counts_only_those_deals():
    # After "go", seat 0 may "stay" in every deal, and "jump" only when the luck is high.
    def script(state):
        moves = state["moves"]
        if not moves:
            return 0, ["go", "wait"]
        if len(moves) == 1 and moves[0] == "go":
            return 0, ["stay", "jump"] if state["luck"] >= 0.5 else ["stay", "crawl"]
        return None

    def winner(state):
        return 0 if state["moves"][-1] == "jump" else 1

    bot = InfoSetSearchBot(TinyGame(script, winner), seed=7, iterations=300)
    bot.choose(VIEW, ["go", "wait"])
    go = bot.root.children["go"]
    stay, jump, crawl = (go.children[a] for a in ("stay", "jump", "crawl"))
    # "stay" was legal every time "go" was left through the tree; "jump" only in the lucky
    # deals, and "jump" and "crawl" never in the same one.
    assert stay.avail >= jump.avail + crawl.avail - 2
    assert 0.35 < jump.avail / stay.avail < 0.65
    assert jump.visits > stay.visits  # a jump always wins


def test_a_playout_cut_short_is_valued_by_the_games_evaluation():
    # A game that would never end within the depth: moves are counted in the tree and below it,
    # and the position after `max_depth` of them is valued for the seat that chose each move.
    def script(state):
        return (len(state["moves"]) % 2, ["a", "b"]) if len(state["moves"]) < 50 else None

    lengths = []

    def evaluate(state, seat):
        lengths.append(len(state["moves"]))
        return 1.0 if state["moves"][0] == "b" else 0.0

    bot = InfoSetSearchBot(TinyGame(script, lambda state: 0), seed=2, iterations=40,
                           max_depth=4, evaluate=evaluate)
    assert bot.choose(VIEW, ["a", "b"]) == "b"
    assert set(lengths) == {4}


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_on_a_clock_no_iteration_starts_that_would_end_past_the_deadline(monkeypatch):
    clock = FakeClock()
    monkeypatch.setattr(search, "clock", clock)
    game = TinyGame(one_move, one_move_winner, cost_s=0.007, clock=clock)
    bot = InfoSetSearchBot(game, seed=1, think_ms=50)
    bot.choose(VIEW, ["lose", "coin", "win"])
    # Planned within 97% of 50 ms at 7 ms an iteration: six iterations, ending at 42 ms.
    assert game.deals == 6 and clock.now <= 0.050


def test_a_count_budget_never_reads_the_clock(monkeypatch):
    def no_clock() -> float:
        raise AssertionError("a count budget read the clock")

    monkeypatch.setattr(search, "clock", no_clock)
    bot = InfoSetSearchBot(TinyGame(one_move, one_move_winner), seed=1, iterations=20)
    assert bot.choose(VIEW, ["lose", "coin", "win"]) == "win"


def test_candidates_narrow_the_root_and_one_candidate_is_played_at_once():
    game = TinyGame(one_move, one_move_winner)
    bot = InfoSetSearchBot(game, seed=1, iterations=30, candidates=lambda view, legal: legal[:2])
    assert bot.choose(VIEW, ["lose", "coin", "win"]) == "coin"
    assert set(bot.root.children) == {"lose", "coin"}
    only = InfoSetSearchBot(game, seed=1, iterations=30, candidates=lambda view, legal: ["lose"])
    deals = game.deals
    assert only.choose(VIEW, ["lose", "coin", "win"]) == "lose" and game.deals == deals


@pytest.mark.parametrize("game_id", ["exploding-kittens", "kill-your-friends", "stab-your-friends",
                                     "psycho-killer"])
def test_it_plays_a_real_game_through_the_rules_protocol(game_id):
    from cutthroat.bots import make_bot
    from cutthroat.engine.registry import get_rules

    rules = get_rules(game_id)
    hard = make_bot(rules, "hard", seed=1, playouts=6)
    state = rules.new_game({}, 11, 3)
    bots = [InfoSetSearchBot(hard.rules, seed=1, iterations=6, rollout=hard.rollout,
                             candidates=hard.candidates)]
    bots += [make_bot(rules, "heuristic", seed=s) for s in (2, 3)]
    for _ in range(2000):
        to_act = rules.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        legal = rules.legal_actions(state, seat)
        action = bots[seat].choose(rules.view(state, seat), legal)
        assert action in legal  # (it saw only the seat's view)
        rules.apply(state, action, seat)
    assert rules.result(state) is not None
