"""The game registry: every game Cutthroat knows, implemented or coming soon — the one list a
new game is added to.

Each entry names, per game id, the package holding its rules (`RULES`) and bots (`bots.BOTS`),
and the module of its table (the TUI's presenter; a name, so this stays headless). The title
screen, the command line, saves, setup screens (rows generated from the rules' variants) and the
contract tests (run for every implemented game) all read from this table.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the title screen lists the games without loading the rules protocol)
    from cutthroat.engine.protocol import Rules


@dataclass(frozen=True)
class GameInfo:
    game_id: str
    name: str
    players: str  # "1", "2–5" …
    blurb: str
    package: str | None  # holds `RULES` and `bots.BOTS`; None = coming soon
    table: str | None = None  # the TUI module with the game's `TableScreen`
    short_name: str = ""  # where space is short (lists); the name if blank

    @property
    def short(self) -> str:
        return self.short_name or self.name

    @property
    def implemented(self) -> bool:
        """Its rules exist: `simulate`, `rules` and the contract tests take it."""
        return self.package is not None

    @property
    def playable(self) -> bool:
        """It has a table too: the title offers it and `play` starts it."""
        return self.table is not None

    @property
    def bots(self) -> str:
        return f"{self.package}.bots"


GAMES: tuple[GameInfo, ...] = (
    GameInfo("kill-the-kings", "Kill The Kings", "1",
             "Solitaire: bury four kings under alternating colours in three rounds.",
             "cutthroat.games.kill_the_kings", "cutthroat.tui.tables.kill_the_kings"),
    GameInfo("exploding-kittens", "Exploding Kittens: Recipes for Disaster", "2–5",
             "Draw until someone explodes; Nope, Attack and Defuse your way out.",
             "cutthroat.games.exploding_kittens", "cutthroat.tui.tables.exploding_kittens",
             short_name="Exploding Kittens"),
    GameInfo("kill-your-friends", "Kill Your Friends", "2–8",
             "Stack Kill cards on your friends' lives; the Reaper decides.",
             "cutthroat.games.kill_your_friends", "cutthroat.tui.tables.kill_your_friends"),
    GameInfo("stab-your-friends", "Stab Your Friends", "2–8",
             "Place cards face down in front of friends; they all fire in red-number order.",
             "cutthroat.games.stab_your_friends", "cutthroat.tui.tables.stab_your_friends"),
    GameInfo("psycho-killer", "Psycho Killer", "2–6",
             "Draw from two decks and dodge five Psycho Killers; fewest injury points wins.",
             "cutthroat.games.psycho_killer", "cutthroat.tui.tables.psycho_killer"),
)
IMPLEMENTED: tuple[GameInfo, ...] = tuple(g for g in GAMES if g.implemented)
_BY_ID = {g.game_id: g for g in GAMES}


class UnknownGame(ValueError):
    pass


def game_info(game_id: str) -> GameInfo:
    try:
        return _BY_ID[game_id]
    except KeyError:
        known = ", ".join(g.game_id for g in GAMES)
        raise UnknownGame(f"unknown game {game_id!r} (games: {known})") from None


@lru_cache(maxsize=None)
def get_rules(game_id: str) -> Rules:
    info = game_info(game_id)
    if info.package is None:
        raise UnknownGame(f"{info.name} is coming soon: it can't be played yet")
    return importlib.import_module(info.package).RULES


def _shape(v) -> str:
    """How a variant's values read in a message: "off|on", "off|1|2…20", "LETTERS"."""
    if not v.choices or v.per_seat:
        return v.help.split(":")[0]
    if len(v.choices) > 6:
        return f"{v.choices[0]}|{v.choices[1]}|{v.choices[2]}…{v.choices[-1]}"
    return "|".join(v.choices)


def parse_variants(rules: Rules, specs: list[str]) -> dict[str, str]:
    """`["mode=psycho", "co-op"]` → config dict, refusing unknown names or values with the valid list."""
    config = rules.default_config()
    by_name = {v.name: v for v in rules.variants}
    valid = ", ".join(
        f"{v.name}={_shape(v)}" for v in rules.variants
    ) or "none"
    for spec in specs:
        name, _, value = spec.partition("=")
        name = name.strip()
        variant = by_name.get(name)
        if variant is None:
            raise ValueError(f"unknown variant {name!r} for {rules.name} (valid: {valid})")
        if not variant.choices or variant.per_seat:  # free text, checked by the game's setup_problem
            config[name] = value
            continue
        if not value and variant.bare is not None:
            value = variant.bare
        elif not value:
            if not variant.is_flag:
                raise ValueError(f"variant {name!r} needs a value (valid: {valid})")
            value = "on"
        if value not in variant.choices:
            raise ValueError(f"invalid value {value!r} for variant {name!r} (valid: {valid})")
        config[name] = value
    return config
