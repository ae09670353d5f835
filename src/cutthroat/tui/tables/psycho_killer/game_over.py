"""The Psycho Killer game-over dialog: who won and how, and each player's score with the seed's
tie-breaks shown (injury points, then Psycho Killers, then weapons) and the figures counted from
public events."""

from __future__ import annotations

from cutthroat.games.psycho_killer.cards import points_words
from cutthroat.host.updates import SeatUpdate
from cutthroat.tui.tables.game_over import GameOverScreen, seed_words, level_of, outcome
from cutthroat.tui.text import escape


def game_over(table, update: SeatUpdate) -> GameOverScreen:
    view, info = update.view, table.table
    title, tone = outcome(info, update, "YOU WIN — fewest injury points")
    details = update.result.details
    summary = update.result.summary
    lines = [escape(f"{summary[:1].upper()}{summary[1:]} · {update.version} moves · {seed_words(update.seed)}"),
             escape(tie_line(details, view.winners))]
    return GameOverScreen(title, tone, lines, figures(table, update), dialog_id="pk-game-over")


def tie_line(details, winners) -> str:
    """How the ranking was decided: on points, or by which tie-break."""
    points, pks = details["points"], details["pks"]
    best = min(points)
    level = [q for q in range(len(points)) if points[q] == best]
    if len(level) == 1:
        return "Fewest injury points wins."
    if len(winners) > 1:
        return "Level on points, Psycho Killers and weapons: a shared win."
    fewest_pks = min(pks[q] for q in level)
    if sum(1 for q in level if pks[q] == fewest_pks) == 1:
        return f"Level on {points_words(best)}: fewest Psycho Killers decides."
    return f"Level on {points_words(best)} and Psycho Killers: fewest weapons decides."


#: The "Who" column's width: its longest entry, "heuristic bot" (the points column right-aligned after it keeps a gap).
WHO = 13


def figures(table, update: SeatUpdate) -> str:
    view, details = update.view, update.result.details
    star = "*" if table.ascii_style else "★"
    columns = table.rules.stat_columns
    head = "".join(f"{heading:>9}" for _, heading in columns)
    lines = [f"[$text-muted]    {'Player':<{table.name_width(9) + 1}}{'Who':<{WHO}}Points  PKs Wpns{head}[/]"]
    for seat in details["ranking"]:
        mark = f"[bold $success]{star}[/]" if seat in view.winners else " "
        stats = update.stats[seat]
        cells = "".join(f"{stats[key]:>9}" for key, _ in columns)
        lines.append(f" {mark}{seat + 1} {table.name_cell(seat, 9)} "
                     f"[$text-muted]{level_of(table.table, seat):<{WHO}}[/]{details['points'][seat]:>6} "
                     f"{details['pks'][seat]:>4} {details['weapons'][seat]:>4}{cells}")
    return "\n".join(lines)
