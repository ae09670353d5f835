"""Psycho Killer's win model: each seat's chance to win (its share of the win: a tie shares it)
from a position, fitted to the `hard` bot's playout policy playing itself.

A softmax over the seats of fitted weights times a few facts each seat knows about itself (its
injury points, also squared and times the share of the decks left; the Psycho Killers among
them; the weapon points in its hand; its evades, attack defences, dumps, other cards and
predicaments; its seat number, kept from when the policy broke a tie for "the leader" by the
lowest seat, now small; its place in turn), with one row of weights for each player count and count of Psycho Killers still
to come: an injury point weighs more near the end. The weights come from `python
benchmarks/win_model.py psycho-killer` (a deterministic fit: fixed seeds) and are checked there,
and in the tests, for calibration on held-out games: predicted chances against observed shares
in bins, and the Brier score beside the "all equal" model's.

The game review cuts its Psycho Killer playouts short (`PLAYOUT_MOVES`, then the first position
where `may_stop`) and values the cut-off by this model (`chance`); the `hard` bot's own playouts
are whole games, played to the game's own end.
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
    (3, 2): (0.0431, -0.1081, 0.0451, -0.0566, -0.0359, 0.1736, 0.4367, 0.1128, 0.1366, -0.0251, 0.0257, 0.0003, -0.0304, 0.0301, 0.0000, 0.0000),
    (3, 3): (-0.0196, -0.0721, 0.0505, -0.0403, -0.0192, 0.1772, 0.3425, 0.1060, -0.0003, 0.0040, 0.0643, 0.0061, 0.0037, -0.0098, 0.0000, 0.0000),
    (3, 4): (-0.0008, -0.0988, 0.1031, -0.0967, -0.0272, 0.1017, 0.2314, 0.0731, 0.0116, -0.0027, 0.0002, -0.0232, 0.0286, -0.0054, 0.0000, 0.0000),
    (3, 5): (0.0269, -0.0071, 0.0231, 0.0000, -0.0330, 0.1455, 0.1255, 0.1788, -0.0412, 0.0000, 0.0536, 0.0138, -0.0108, -0.0030, 0.0000, 0.0000),
    (4, 2): (-0.0805, -0.1079, 0.0673, -0.1715, -0.0596, 0.0815, 0.5248, 0.1221, 0.0370, -0.0034, -0.0316, 0.0343, -0.0059, 0.0237, -0.0521, 0.0000),
    (4, 3): (-0.0324, -0.1167, 0.0909, -0.1017, -0.0643, 0.1330, 0.2661, 0.1004, 0.0526, -0.0062, -0.0425, 0.0184, -0.0105, 0.0098, -0.0177, 0.0000),
    (4, 4): (-0.0378, -0.0660, 0.0435, -0.0420, -0.0393, 0.0854, 0.2039, 0.1208, 0.0743, -0.0029, -0.0894, 0.0011, -0.0173, 0.0164, -0.0002, 0.0000),
    (4, 5): (0.0243, 0.0053, 0.0280, 0.0000, -0.0029, 0.0723, 0.1810, 0.1259, 0.0323, 0.0000, -0.0287, -0.0204, -0.0078, -0.0095, 0.0377, 0.0000),
    (5, 2): (-0.0327, -0.1807, 0.0466, -0.1520, -0.0414, 0.1096, 0.4800, 0.1709, 0.1355, 0.0067, 0.0002, -0.0156, -0.0235, -0.0031, -0.0079, 0.0500),
    (5, 3): (-0.0852, -0.0622, 0.0500, -0.1518, -0.0618, 0.1560, 0.3773, 0.1412, 0.0160, 0.0192, 0.0217, -0.0070, -0.0054, -0.0085, 0.0433, -0.0224),
    (5, 4): (-0.0843, -0.0808, 0.0742, 0.0133, -0.0426, 0.1849, 0.1285, 0.0643, 0.0305, 0.0070, 0.0405, -0.0469, 0.0135, -0.0016, 0.0186, 0.0164),
    (5, 5): (-0.0494, -0.0419, -0.0218, 0.0000, -0.0364, 0.2228, 0.1794, 0.0720, -0.0543, 0.0000, 0.0620, -0.0277, -0.0374, 0.0671, -0.0215, 0.0195),
    (6, 2): (-0.1468, -0.1801, 0.1467, -0.2655, -0.0833, 0.1595, 0.3348, 0.2096, 0.1107, -0.0007, -0.0325, 0.0273, -0.0785, 0.0123, -0.0109, 0.0079),
    (6, 3): (-0.1505, -0.1240, 0.0122, -0.1840, -0.0744, 0.0876, 0.3766, 0.1492, 0.1582, -0.0006, -0.0136, 0.0091, 0.0175, -0.0283, 0.0059, 0.0218),
    (6, 4): (-0.0669, -0.1343, -0.0319, -0.0810, -0.0564, 0.0312, 0.1959, 0.1222, 0.0142, 0.0000, -0.0230, -0.0509, -0.0258, -0.0193, 0.0566, 0.0331),
    (6, 5): (-0.0375, 0.0009, -0.0038, 0.0000, -0.0557, 0.0128, -0.0049, 0.1831, 0.1043, 0.0000, -0.0039, 0.0471, -0.1085, 0.0293, 0.0503, -0.0173),
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
