"""Imports every screen and widget that binds keys, so their binding ids are all registered
(`binding_ids.keymap_ids`: the keymap check and the README's list)."""

from cutthroat.tui import app  # noqa: F401
from cutthroat.tui.screens import (confirm, continue_list, history, load, lobby, menu, past_game,  # noqa: F401
                                   past_games, records, replay, review, rules, save, settings, title)
from cutthroat.tui.tables import game_over, setup  # noqa: F401
from cutthroat.tui.tables.exploding_kittens import prompts, table as ek_table  # noqa: F401
from cutthroat.tui.tables.kill_the_kings import round_end, table as ktk_table  # noqa: F401
from cutthroat.tui.tables.kill_your_friends import table as kyf_table  # noqa: F401
from cutthroat.tui.tables.psycho_killer import table as pk_table  # noqa: F401
from cutthroat.tui.tables.stab_your_friends import known, table as syf_table  # noqa: F401
from cutthroat.tui.widgets import choice, curtain, news  # noqa: F401
