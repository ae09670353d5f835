"""The Kill Your Friends game-over dialog: how the game was won, who went out in what order, and
each player's lives, hand and figures (the rules' tally), on the shared dialog."""

from __future__ import annotations

from cutthroat.games.kill_your_friends.text import WIN_HOW
from cutthroat.host.updates import SeatUpdate
from cutthroat.tui.tables.game_over import GameOverScreen, seed_words, knocked_out, outcome
from cutthroat.tui.tables.kill_your_friends.look import CHAR_STYLE
from cutthroat.tui.text import escape


def game_over(table, update: SeatUpdate) -> GameOverScreen:
    """The dialog for the table screen `table` (its names, seats and card style)."""
    view, info = update.view, table.table
    title, tone = outcome(info, update)
    how = WIN_HOW.get(view.how, view.how or "the game ended")
    lines = [f"How: {escape(how)} · {seed_words(update.seed)}"]
    if view.head_hunter:
        lines.append(f"Head Hunter: first to {view.head_hunter} kills.")
    lines.append(knocked_out(info, update, nobody="Nobody was knocked out."))
    return GameOverScreen(title, tone, lines, figures(table, update), dialog_id="kyf-game-over")


def figures(table, update: SeatUpdate) -> str:
    view = update.view
    alive, dead, star = ("o", "x", "*") if table.ascii_style else ("♥", "✝", "★")
    head = f"{'':8}{'Player':<{table.name_width(9)}} {'Who':<9} {'Lives':<5} {'Hand':>4} {'Attacks':>7} {'Saves':>5} {'Kills':>5}"
    lines = [f"[$text-muted]{head}[/]"]
    for seat in range(view.n):
        info = table.table.seats[seat]
        level = f"{info.level or 'bot'}" if info.is_bot else "human"  # ("heuristic bot" is too wide here)
        won = f"[bold $success]{star}[/]" if seat in view.winners else " "
        badge = f"[reverse bold {CHAR_STYLE[view.colours[seat]]}] {view.letter(seat)} [/]"
        lives = "".join(f"[bold $error]{alive}[/]" if x else f"[$text-muted]{dead}[/]"
                        for x in sorted(view.lives[seat], reverse=True)) + " " * (5 - len(view.lives[seat]))
        hand = "out" if view.out[seat] else str(view.hand_counts[seat])
        stats = update.stats[seat]
        kills = view.points[seat] if view.head_hunter else stats["took"]
        lines.append(f" {won}{seat + 1} {badge} {table.name_cell(seat, 9)} "
                     f"[$text-muted]{level:<9}[/] {lives} {hand:>4} {stats['attacks']:>7} {stats['saves']:>5} {kills:>5}")
    return "\n".join(lines)
