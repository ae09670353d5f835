"""Helpers for review tests: a seeded game played by heuristic bots, with one clearly bad move of
seat 0's put in at a known step (found by scanning seeds for the position: see each entry)."""

from __future__ import annotations

from cutthroat import saves
from cutthroat.bots import make_bot
from cutthroat.engine.registry import get_rules

#: game -> (seed, players, step of the blunder, what it is). Each was found by playing heuristic
#: games and stopping at the first decision of seat 0 where the position calls for it.
BLUNDERS = {
    # The pile's top card is a kitten (seen), no Defuse in hand, another move to make: drawing
    # explodes at once (two players: the game is lost).
    "exploding-kittens": (11, 2, 30, "draw"),
    # The hand is all seat 0's own colour: revealing wins; drawing instead throws the win away.
    "kill-your-friends": (5, 2, 12, "draw"),
    # One life left, a Bomb or Dagger in hand: placed in front of yourself.
    "stab-your-friends": (13, 2, 32, "place-self"),
    # Near the end, attacked while holding weapons and a Barricade: the weapons taken as a hit (it's the game).
    "psycho-killer": (21, 2, 334, "take_hit"),
    # A live column (two cards under its king) given an ace, which can never let it finish, with a
    # free reserve spot.
    "kill-the-kings": (0, 1, 13, "ruin"),
}


def bad_move(game: str, what: str, view, legal):
    if what == "draw":
        return next(a for a in legal if a.kind == "draw")
    if what == "accept":
        return next(a for a in legal if a.kind == "accept")
    if what == "take_hit":
        return next(a for a in legal if a.kind == "take_hit")
    if what == "place-self":
        from cutthroat.games.stab_your_friends.bots import HARM

        return next(a for a in legal if a.kind == "place" and a.target == 0 and a.card in HARM
                    and HARM[a.card] >= 0.8)
    if what == "ruin":
        return next(a for a in legal if a.kind == "place" and a.column == 1)
    raise ValueError(what)


def blunder_document(game: str, after: int = 8, to_end: bool = False, before: int | None = None) -> tuple[dict, int]:
    """The save document of `game`'s blunder game, `after` moves past the blunder (or to the
    end), and the blunder's step in its log. With `before`, the log starts that many moves before
    the blunder (the position there is the document's base), so a review walks only those."""
    seed, players, at, what = BLUNDERS[game]
    rules = get_rules(game)
    config = rules.default_config()
    state = rules.new_game(config, seed, players)
    bots = [make_bot(rules, "heuristic", seed=q) for q in range(players)]
    log = []
    while rules.to_act(state) and (to_end or len(log) <= at + after):
        p = rules.to_act(state)[0]
        legal = rules.legal_actions(state, p)
        view = rules.view(state, p)
        action = bad_move(game, what, view, legal) if len(log) == at else bots[p].choose(view, legal)
        assert len(log) != at or p == 0
        rules.apply(state, action, p)
        log.append((p, action))
    base = None
    if before is not None and at > before:
        start = at - before
        base = rules.new_game(config, seed, players)
        for p, action in log[:start]:
            rules.apply(base, action, p)
        log, at = log[start:], before
    seats = [saves.Seat("human", "Ana")] + [saves.Seat("bot", f"Bot {q}", "heuristic") for q in range(1, players)]
    data = saves.SaveData(game, config, seats, seed, log, state, game_id=f"review-{game}", base=base)
    return saves.to_json(data), at
