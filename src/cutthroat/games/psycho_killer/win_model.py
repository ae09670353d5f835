"""Psycho Killer's win model: each seat's chance to win (its share of the win: a tie shares it)
from a position, fitted to the `hard` bot's playout policy playing itself.

A softmax over the seats of fitted weights times a few facts each seat knows about itself (its
injury points, also squared and times the share of the decks left; the Psycho Killers among
them; the weapon points in its hand; its evades, attack defences, dumps, other cards and
predicaments; its seat number, since the policy breaks a tie for "the leader" by the lowest; its
place in turn), with one row of weights for each player count and count of Psycho Killers still
to come: an injury point weighs more near the end. The weights come from `python
benchmarks/win_model.py psycho-killer` (a deterministic fit: fixed seeds) and are checked there,
and in the tests, for calibration on held-out games: predicted chances against observed shares
in bins, and the Brier score beside the "all equal" model's.

The game review cuts its Psycho Killer playouts short (`PLAYOUT_MOVES`, then the first position
where `may_stop`) and values the cut-off by this model (`chance`); the `hard` bot's own playouts
are still whole games.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

from cutthroat.games.psycho_killer.cards import PK, PREDICAMENT, WEAPON, build_deck

DECK_SIZE = len(build_deck())

#: The facts, in the order of a row of weights.
FEATURES = ("injury points", "injury points squared / 10", "injury points x deck left", "PKs taken",
            "weapon points in hand", "evades", "attack defences", "dumps", "other cards", "predicaments", "seat number",
            "to move", "next", "third", "fourth", "fifth")

EVADES = frozenset({"DTAP", "SLAM", "BOOBY"})
DEFENCES = frozenset({"BARRICADE", "BEHIND"})
DUMPS = frozenset({"DISARM", "KEYS", "SPLIT", "STITCHES", "BANDAID"})

#: Rows of weights by (players, Psycho Killers still to come), fitted by
#: `python benchmarks/win_model.py psycho-killer` (2,400 games of 2 to 6 players, seeds 200000 on;
#: checked on 600 held-out games, seeds 900000 on: docs/bots.md).
WEIGHTS: dict[tuple[int, int], tuple[float, ...]] = {
    (2, 2): (-0.0002, -0.0474, 0.0418, 0.0284, -0.0294, 0.1327, 0.3863, 0.0699, 0.0647, 0.0029, 0.1715, 0.0188, -0.0188, 0.0000, 0.0000, 0.0000),
    (2, 3): (-0.0401, -0.0274, 0.0353, -0.1476, -0.0162, 0.0985, 0.3089, 0.0261, 0.0649, 0.0127, 0.0018, -0.0462, 0.0462, 0.0000, 0.0000, 0.0000),
    (2, 4): (-0.1178, 0.0170, 0.0395, -0.1145, -0.0253, 0.0646, 0.3686, 0.0649, -0.0575, -0.0101, 0.1384, 0.0055, -0.0055, 0.0000, 0.0000, 0.0000),
    (2, 5): (0.0024, 0.0136, 0.0035, 0.0000, 0.0169, 0.1927, 0.1906, 0.0194, 0.0376, 0.0000, 0.0050, -0.0066, 0.0066, 0.0000, 0.0000, 0.0000),
    (3, 2): (0.0278, -0.1058, 0.1266, -0.0619, -0.0483, 0.1721, 0.4564, 0.1609, 0.1602, 0.0039, 0.0306, -0.0100, -0.0634, 0.0734, 0.0000, 0.0000),
    (3, 3): (-0.0086, -0.0672, 0.0694, -0.0592, -0.0253, 0.1180, 0.3205, 0.0894, 0.0520, 0.0091, 0.0214, -0.0370, 0.0052, 0.0317, 0.0000, 0.0000),
    (3, 4): (-0.0249, -0.0745, 0.1168, -0.1179, 0.0073, 0.0900, 0.2489, 0.1606, 0.1045, -0.0105, 0.0362, 0.0099, 0.0158, -0.0258, 0.0000, 0.0000),
    (3, 5): (0.0794, -0.1036, 0.0480, 0.0000, -0.0122, -0.0089, 0.1647, 0.0763, 0.0413, -0.0009, 0.0695, 0.0032, -0.0373, 0.0340, 0.0000, 0.0000),
    (4, 2): (-0.0904, -0.1097, 0.0853, -0.1406, -0.0788, 0.0725, 0.4735, 0.0386, 0.0778, -0.0128, 0.0266, 0.0219, 0.0081, 0.0108, -0.0409, 0.0000),
    (4, 3): (-0.0486, -0.0861, 0.0820, -0.0699, -0.0642, 0.0874, 0.2857, 0.0236, 0.0156, -0.0069, 0.1076, 0.0161, 0.0206, -0.0016, -0.0352, 0.0000),
    (4, 4): (-0.0592, -0.0971, 0.0937, -0.0455, -0.0441, 0.1023, 0.3193, 0.1046, 0.0362, -0.0014, 0.0888, -0.0256, -0.0112, 0.0146, 0.0221, 0.0000),
    (4, 5): (-0.0733, -0.0422, -0.0467, 0.0000, -0.0497, 0.0934, 0.1194, 0.1447, 0.0465, 0.0000, 0.1417, 0.0294, -0.0250, -0.0167, 0.0123, 0.0000),
    (5, 2): (-0.0911, -0.1841, 0.0198, -0.2209, -0.0864, 0.0484, 0.3938, 0.0903, 0.0405, 0.0121, 0.1017, -0.0149, -0.0343, 0.0397, 0.0158, -0.0064),
    (5, 3): (-0.1029, -0.0406, 0.0416, -0.1714, -0.0849, 0.2006, 0.2384, 0.1118, 0.0627, -0.0071, 0.1246, 0.0203, -0.0173, -0.0009, 0.0161, -0.0182),
    (5, 4): (-0.0256, -0.0039, -0.0314, -0.1002, -0.0954, 0.1017, 0.1922, 0.0029, 0.0559, -0.0030, 0.1265, -0.0224, 0.0050, 0.0226, -0.0075, 0.0024),
    (5, 5): (-0.0285, -0.0547, 0.0072, 0.0000, -0.0221, 0.0823, 0.2358, 0.0911, 0.0555, 0.0000, 0.1930, 0.0130, 0.0166, -0.0016, 0.0141, -0.0422),
    (6, 2): (-0.2191, -0.1508, 0.1106, -0.2537, -0.1542, 0.0919, 0.3863, 0.0574, 0.0109, -0.0007, 0.0713, -0.0460, -0.0283, 0.0300, 0.0093, 0.0241),
    (6, 3): (-0.1080, -0.1402, -0.0022, -0.1283, -0.0954, 0.1333, 0.3281, 0.1948, 0.1469, -0.0003, 0.1130, 0.0052, -0.0018, 0.0060, -0.0007, -0.0001),
    (6, 4): (-0.1015, -0.0865, -0.0223, -0.1306, -0.0606, 0.0967, 0.3024, 0.1530, 0.0736, -0.0001, 0.1609, -0.0108, 0.0427, -0.0354, 0.0236, -0.0630),
    (6, 5): (0.0367, -0.0496, 0.0434, 0.0000, -0.0497, 0.1674, 0.0364, 0.1685, -0.0063, 0.0000, 0.2311, -0.0099, -0.0230, -0.0218, -0.0086, -0.0015),
}

#: The review's playouts stop after this many moves, at the next turn's start (`may_stop`), and
#: score each seat by `chance`.
PLAYOUT_MOVES = 40
#: The model's own error in a cut estimate's chance, added (in quadrature) to its playouts'
#: spread when the review states its ±: cut estimates differ from whole games' by 1.3 of the
#: whole games' standard errors (root mean square, 117 estimates at 64 playouts, mean absolute
#: difference 0.044; `benchmarks/review.py --compare`), where sampling alone gives 1, so the model
#: adds the square root of (1.3 squared - 1), about 0.83, of a whole game's ~0.042: 0.035,
#: however many playouts.
CUT_MODEL_ERROR = 0.035


def fitted(config: dict) -> bool:
    """Was the model fitted to this setup? The default one only: edition 2, no variant."""
    from cutthroat.games.psycho_killer.rules import RULES

    return {**RULES.default_config(), **config} == RULES.default_config()


def may_stop(state) -> bool:
    """May a playout cut short stop here? At a turn's start (no card in play, no attack
    waiting), with two Psycho Killers or more still to come: with the last one to come, the end
    is near and hangs on who draws it, so the playout goes on to the end."""
    return not state.stack and state.pk_limit - state.pks >= 2


def features(state, seat: int) -> tuple[float, ...]:
    """What `seat` knows of its own standing: its pile (public), its hand, its place in turn."""
    pile = state.injuries[seat]
    pts = sum(c.points for c in pile)
    pks = sum(1 for c in pile if c.kind == PK)
    weapons = evades = defences = dumps = other = predicaments = 0
    for c in state.hands[seat]:
        code = c.code
        if c.kind == WEAPON:
            weapons += c.points
        elif c.kind == PREDICAMENT:
            predicaments += 1
        elif code in EVADES:
            evades += 1
        elif code in DEFENCES:
            defences += 1
        elif code in DUMPS:
            dumps += 1
        else:
            other += 1
    place = (seat - state.turn) * state.direction % state.n
    left = sum(len(d) for d in state.decks) / DECK_SIZE
    return (float(pts), pts * pts / 10, pts * left, float(pks), float(weapons), float(evades), float(defences),
            float(dumps), float(other), float(predicaments), float(seat)) + PLACES[place]


#: One-hot places in turn from the player to move (the sixth of six: none).
PLACES = tuple(tuple(float(k == p) for k in range(5)) for p in range(6))


def row(state) -> tuple[int, int]:
    """The weights' row: the players (2..6) and the Psycho Killers still to come (2..5: with the
    last one to come a review's playout goes on to the end, and the model takes it as two)."""
    return state.n, max(2, min(5, state.pk_limit - state.pks))


def softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def chances(state, weights: dict[tuple[int, int], Sequence[float]] | None = None) -> list[float]:
    """Every seat's chance (they add up to 1); a finished game: each winner's share."""
    if state.winners:
        return [1.0 / len(state.winners) if q in state.winners else 0.0 for q in range(state.n)]
    w = (weights or WEIGHTS)[row(state)]
    return softmax([sum(a * f for a, f in zip(w, features(state, q))) for q in range(state.n)])


def chance(state, seat: int) -> float:
    """The seat's chance to win from here (a playout cut short, valued)."""
    return chances(state)[seat]


# --- fitting and calibration -----------------------------------------------------------------
#: Self-play positions where a review's playout may stop: one kept in six; game g has
#: PLAYERS[g % 6] players.
RATE = 1 / 6
PLAYERS = (2, 3, 4, 5, 6, 4)
#: The held-out games' first seed (the fit's games start at 200000).
HELD_OUT_SEED = 900_000


def self_play(seed: int, games: int, rate: float = RATE) -> list[tuple[tuple[int, int], list, list[float]]]:
    """(row, every seat's features, every seat's share of the win) for positions of the `hard`
    bot's playout policy playing itself to the end: games `seed`.. `seed + games - 1`, the
    default setup. Deterministic."""
    import random

    from cutthroat.games.psycho_killer.bots import _rollout
    from cutthroat.games.psycho_killer.rules import RULES as rules

    data = []
    for g in range(games):
        n = PLAYERS[g % len(PLAYERS)]
        state = rules.new_game({}, seed + g, n)
        rng = random.Random(seed + g)
        kept = []
        while rules.to_act(state):
            if may_stop(state) and rng.random() < rate:
                kept.append((row(state), [features(state, q) for q in range(n)]))
            p = rules.to_act(state)[0]
            legal = rules.legal_actions(state, p)
            rules.apply_unchecked(state, legal[0] if len(legal) == 1 else _rollout(rules, state, p, legal, rng))
        shares = chances(state)
        data += [(r, fs, shares) for r, fs in kept]
    return data


def pairs(data, weights: dict | None = None) -> Iterable[tuple[float, float]]:
    """(predicted chance, observed share) for every seat of every position of `self_play`."""
    weights = weights or WEIGHTS
    for r, fs, shares in data:
        w = weights[r]
        yield from zip(softmax([sum(a * f for a, f in zip(w, x)) for x in fs]), shares)


def reliability(pairs: Iterable[tuple[float, float]], bins: int = 10) -> list[tuple[float, float, int]]:
    """(mean predicted, mean observed, count) for each non-empty bin of predicted chance."""
    sums = [[0.0, 0.0, 0] for _ in range(bins)]
    for p, y in pairs:
        b = sums[min(bins - 1, int(p * bins))]
        b[0] += p
        b[1] += y
        b[2] += 1
    return [(p / k, y / k, k) for p, y, k in sums if k]


def brier(pairs: Iterable[tuple[float, float]]) -> float:
    """The mean squared difference between predicted chance and observed share."""
    total = count = 0.0
    for p, y in pairs:
        total += (p - y) ** 2
        count += 1
    return total / count if count else 0.0
