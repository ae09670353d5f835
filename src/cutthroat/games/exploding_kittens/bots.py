"""Exploding Kittens bots: `heuristic` (scores each legal action) and `hard` (the search bot).

The heuristic reads only what its seat may see. It is written against a small "table" reading
(`_Table`) that both an `EkView` and a full state can give, so the same policy drives the search
bot's playouts on determinized states without building a view per move (on a state it reads only
what the seat knows of the pile: `seen[seat]`, face-up cards, and how many kittens are left).

How it thinks. Everything is priced in one currency: points, where 100 = the seat's own life.
- Risk of a draw = P(the card is an Exploding Kitten) × what that costs (a Defuse, or the game;
  nothing with a Streaking Kitten that has room) + P(a face-up Imploding Kitten) × the game.
  P comes from counting: kittens not yet seen against the unknown cards of the pile; a known card
  (own peek, own reinsert, public) is certain. Right after a Defuse by the player before it, it
  suspects the kitten was put on top for it.
- An action's score = −(risk left for this seat) + what it gains − what the card is worth kept.
  Drawing keeps every card; Skip/Attack/… remove the draw's risk but spend a card; See the Future
  and Alter turn a guess into knowledge; combos steal; Attacks and Catomic Bomb hurt the next
  player; Nope is spent on what hurts it (an attack on it, a steal of its Defuse, a play that
  would leave a known kitten for it) or to save its own escape.
- Decisions: kittens go back where the next opponent draws them, futures are reordered so its
  own draws are safe, the cheapest card goes to Garbage Collection, the best card is named/taken.

`hard` is the game-agnostic `SearchBot` (determinized playouts, the heuristic as rollout policy)
given four things from here: the candidates worth searching (the heuristic's best few; a
reinsert's handful of depths; none when the heuristic's best leads by far or a reaction window
doesn't concern it), a determinization that also puts a just-defused kitten on top as the
heuristic suspects, a win model that values a playout cut short after about a round of turns
(what each seat still in holds and where it sits), and a veto: it keeps the heuristic's choice
unless the paired playouts (every candidate on the same deals and dice) say another is better by
more than their noise.

Where each part is: the evaluation (what the seat knows, what a card and a draw are worth) in
`bots_table.py`, the heuristic's policy in `bots_policy.py`, the search glue (candidates, the
determinization, the win model, `HardBot`) here.
"""

from __future__ import annotations

from typing import Sequence

from cutthroat.bots.search import SearchBot
from cutthroat.bots.win_model import WinModel
from cutthroat.engine.protocol import Action
from cutthroat.games.exploding_kittens.cards import DEFUSE, EXPLODING, NOPE
from cutthroat.games.exploding_kittens.state import GC, NAME, REINSERT, REORDER, TARGET, WINDOW, order
from cutthroat.games.exploding_kittens.text import hint_reason
from cutthroat.games.exploding_kittens.bots_policy import (HeuristicBot, _harm, _main_score, best_action,
                                                           heuristic_rollout)
from cutthroat.games.exploding_kittens.bots_table import ESCAPES, SUSPECT, _Table, keep



def candidates(t: _Table, legal: Sequence[Action], limit: int = 4) -> list[Action]:
    """The few actions worth searching, the heuristic's choice first: the best-scored plays on
    the main turn, a handful of depths for a reinsert, the likeliest names, the cheapest
    Garbage Collection cards. Windows, targets and reorders are few: all of them."""
    first = best_action(t, legal)
    f = t.frame
    if f is None:
        scored = sorted(((_main_score(t, a), i) for i, a in enumerate(legal)), reverse=True)
        if len(scored) > 1 and scored[0][0] - scored[1][0] >= CLEAR_GAP:
            return [first]  # nothing else comes close
        ranked = [legal[i] for _, i in scored]
    elif f.kind == WINDOW and (_harm(t, f) if f.nopes % 2 == 0 else -_harm(t, f)) < 2.0 and not any(
            a.kind == "alter_now" for a in legal):
        return [first]  # nothing at stake for us: let it happen
    elif f.kind in (WINDOW, TARGET, REORDER):
        ranked = list(legal)
    elif f.kind == REINSERT:
        size = t.size
        depths = {first.depth, 0, 1, 2, 3, size // 2, size}
        ranked = [a for a in legal if a.depth in depths]
    elif f.kind == NAME:
        unseen = t.unseen()
        ranked = sorted(legal, key=lambda a: -max(unseen[a.card], 0) * keep(a.card))
    elif f.kind == GC:
        ranked = sorted(legal, key=lambda a: keep(a.card))
    else:
        ranked = sorted(legal, key=lambda a: -keep(a.card))
    out = [first] + [a for a in ranked if a != first]
    return out if f is not None and f.kind in (WINDOW, TARGET, REORDER, REINSERT) else out[:limit]


#: The search skips a main-turn decision whose best play leads the next by this many points.
CLEAR_GAP = 20.0


class _Knowing:
    """The rules as the search bot sees them: `determinize` also guesses what the seat infers
    but can't see (a kitten the player before it just defused is probably on top)."""

    def __init__(self, rules) -> None:
        self._rules = rules
        self.suspect = False

    def __getattr__(self, name):
        value = getattr(self._rules, name)
        setattr(self, name, value)  # found once: playouts call these a million times
        return value

    def determinize(self, view, rng):
        state = self._rules.determinize(view, rng)
        if self.suspect and rng.random() < SUSPECT:
            pile, seen = state.pile, state.seen[view.seat]
            if pile and pile[-1] is not EXPLODING:
                spots = [i for i, c in enumerate(pile) if c is EXPLODING and seen[i] is None
                         and not state.up[i]]
                if spots:
                    i = spots[rng.randrange(len(spots))]
                    pile[i], pile[-1] = pile[-1], pile[i]
        return state


#: A playout stops after this many moves (about one round of turns) and the position is valued
#: by the win model: a whole game is about 120 moves, so short playouts buy several times more
#: deals in a decision's budget (see docs/bots.md).
PLAYOUT_MOVES = 15

WIN_FEATURES = ("Defuses", "holds a Defuse", "escapes", "Nopes", "other cards", "to move",
                "next to move")


def win_features(state, q: int, place: int) -> tuple:
    """What the win model weighs for seat q, `place` seats from the player to move."""
    defuses = escapes = nopes = 0
    hand = state.hands[q]
    for card in hand:
        if card is DEFUSE:
            defuses += 1
        elif card is NOPE:
            nopes += 1
        elif card in ESCAPES:
            escapes += 1
    return (defuses, defuses > 0, escapes, nopes, len(hand) - defuses - escapes - nopes,
            place == 0, place == 1)


#: Fitted to 9,190 positions of heuristic self-play (`benchmarks/win_model.py
#: exploding-kittens`); on held-out positions -1.022 nats a position against -1.247 for "all
#: equal".
WIN_MODEL = WinModel(WIN_FEATURES, win_features, order,
                     (0.861, 0.214, 0.434, 0.327, 0.232, 0.099, -0.144))


class HardBot(SearchBot):
    """The game-agnostic search bot (paired determinized playouts, the heuristic as the rollout
    policy) with three game-specific touches: it searches only the heuristic's few best
    candidates, its deals guess what the heuristic suspects, and its playouts stop after
    PLAYOUT_MOVES moves, valued by WIN_MODEL; it keeps the heuristic's choice unless the paired
    results say another is better by `confidence` standard errors."""

    def __init__(self, rules, seed: int = 0, think_ms: int | None = None, *,
                 rollout=heuristic_rollout, iterations: int | None = None, limit: int = 4,
                 confidence: float = 1.0, max_depth: int = PLAYOUT_MOVES, evaluate=WIN_MODEL.chance,
                 **kwargs) -> None:
        self.knowing = _Knowing(rules)
        super().__init__(self.knowing, seed, think_ms, rollout=rollout, iterations=iterations,
                         candidates=self._candidates, veto=confidence, max_depth=max_depth,
                         evaluate=evaluate, reason=hint_reason, **kwargs)
        self.limit = limit

    def _candidates(self, view, legal: list) -> list[Action]:
        table = _Table.of_view(view)
        self.knowing.suspect = table.suspect
        return candidates(table, legal, self.limit)


BOTS = {"heuristic": HeuristicBot, "hard": HardBot}
