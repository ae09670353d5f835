"""The Stab Your Friends game-over dialog: who won and how, who went out in what order, and each
player's lives and figures (the rules' `stat_columns`, counted from public events)."""

from __future__ import annotations

from cutthroat.host.updates import SeatUpdate
from cutthroat.tui.tables.game_over import GameOverScreen, seed_words, knocked_out, level_of, outcome
from cutthroat.tui.text import escape


def game_over(table, update: SeatUpdate) -> GameOverScreen:
    view, info = update.view, table.table
    title, tone = outcome(info, update, "YOU WIN — last one standing")
    lines = [escape(f"{update.result.summary.capitalize()} · round {view.round} · {update.version} moves · "
                    f"{seed_words(update.seed)}"),
             knocked_out(info, update)]
    return GameOverScreen(title, tone, lines, figures(table, update), dialog_id="syf-game-over")


def figures(table, update: SeatUpdate) -> str:
    """One row per player: winner ★ or out ✝, name, who played it, lives, then each figure."""
    view = update.view
    star, dead = ("*", "x") if table.ascii_style else ("★", "✝")
    columns = table.rules.stat_columns
    head = "".join(f"{heading:>8}" for _, heading in columns)
    lines = [f"[$text-muted]    {'Player':<{table.name_width(9) + 1}}{'Who':<14}Lives{head}[/]"]
    for seat in range(view.n):
        mark = f"[bold $success]{star}[/]" if seat in view.winners else \
            f"[$text-muted]{dead}[/]" if view.out[seat] else " "
        stats = update.stats[seat]
        cells = "".join(f"{stats[key]:>8}" for key, _ in columns)
        lines.append(f" {mark}{seat + 1} {table.name_cell(seat, 9)} "
                     f"[$text-muted]{level_of(table.table, seat):<14}[/]{view.lives[seat]:>5}{cells}")
    return "\n".join(lines)
