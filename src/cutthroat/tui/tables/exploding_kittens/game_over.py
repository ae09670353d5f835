"""The Exploding Kittens game-over dialog: the winner, who went out in what order and how, and each
player's figures (the rules' tally), on the shared dialog."""

from __future__ import annotations

from cutthroat.games.exploding_kittens.recipes import RECIPES
from cutthroat.host.updates import SeatUpdate
from cutthroat.tui.tables.game_over import GameOverScreen, seed_words, knocked_out, level_of, outcome
from cutthroat.tui.text import escape


def game_over(table, update: SeatUpdate) -> GameOverScreen:
    """The dialog for the table screen `table` (its names, seats and card style)."""
    view, info = update.view, table.table
    title, tone = outcome(info, update, "YOU WIN — last one standing")
    out = knocked_out(info, update, {q: update.stats[q]["out"] or "out" for q in view.eliminations})
    lines = [escape(f"{RECIPES[view.recipe].name} · {update.result.summary} · {update.version} moves · "
                    f"{seed_words(update.seed)}"), out]
    return GameOverScreen(title, tone, lines, figures(table, update), dialog_id="ek-game-over")


def figures(table, update: SeatUpdate) -> str:
    view = update.view
    star, dead = ("*", "x") if table.ascii_style else ("★", "✝")
    lines = [f"[$text-muted]    {'Player':<{table.name_width(9) + 1}}{'Who':<14}Played Nopes Defused Steals Drawn[/]"]
    for seat in range(view.n):
        mark = f"[bold $success]{star}[/]" if seat in view.winners else \
            f"[$text-muted]{dead}[/]" if view.out[seat] else " "
        s = update.stats[seat]
        lines.append(f" {mark}{seat + 1} {table.name_cell(seat, 9)} "
                     f"[$text-muted]{level_of(table.table, seat):<14}[/]{s['played']:>6} {s['nopes']:>5} "
                     f"{s['defused']:>7} {s['steals']:>6} {s['drawn']:>5}")
    return "\n".join(lines)
