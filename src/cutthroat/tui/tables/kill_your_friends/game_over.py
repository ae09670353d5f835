"""The Kill Your Friends game-over dialog: who won and how, who went out in what order, and a
few figures per player (replayed from the action log, which is cheap)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from cutthroat.games.kill_your_friends.rules import WIN_HOW, KyfView
from cutthroat.session import Session

FIGURES = ("attacks", "saves", "took", "picked")


def game_stats(session: Session) -> list[dict[str, int]]:
    """Per seat: attacks played, saves, lives taken from others, cards picked up."""
    n = len(session.seats)
    stats = [{key: 0 for key in FIGURES} for _ in range(n)]
    rules = session.rules
    try:
        state = rules.new_game(session.config, session.seed, n)
        for seat, action in session.log:
            for event in rules.apply(state, action, seat):
                kind = event.kind
                if kind == "attacked":
                    stats[event.seat]["attacks"] += 1
                elif kind == "saved":
                    stats[event.seat]["saves"] += 1
                elif kind == "life_lost" and 0 <= event.killer < n and event.killer != event.seat:
                    stats[event.killer]["took"] += 1
                elif kind == "picked_up":
                    stats[event.seat]["picked"] += event.count
    except Exception:  # noqa: BLE001 - figures are a nicety: fall back on counting the log
        stats = [{key: 0 for key in FIGURES} for _ in range(n)]
        for seat, action in session.log:
            if action.kind == "attack":
                stats[seat]["attacks"] += 1
            elif action.kind == "save":
                stats[seat]["saves"] += 1
    return stats


def ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


class GameOverScreen(ModalScreen[str | None]):
    CSS_PATH = "kyf.tcss"
    BINDINGS = [
        Binding("n,enter", "dismiss('again')", "play again", key_display="n"),
        Binding("r", "dismiss('same')", "same seed"),
        Binding("l", "dismiss('look')", "look at the table"),
        Binding("t,escape", "dismiss('title')", "title", key_display="t"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        session = self.session
        view: KyfView = session.view(None)
        names = [seat.name for seat in session.seats]
        humans = [i for i, seat in enumerate(session.seats) if not seat.is_bot]
        winners = list(view.winners)
        who = " and ".join(names[w] for w in winners) or "Nobody"
        lone_human_won = len(humans) == 1 and humans[0] in winners
        if lone_human_won:
            title, tone = "YOU WIN", "-won"
        elif len(humans) == 1:
            title, tone = f"{who} win{'s' * (len(winners) == 1)}", "-lost"
        else:
            title, tone = f"{who} win{'s' * (len(winners) == 1)}!", "-won"
        how = WIN_HOW.get(view.how, view.how or "the game ended")
        out = ", ".join(f"{ordinal(i + 1)} {names[s]}" for i, s in enumerate(view.eliminations))
        stats = game_stats(session)
        with Vertical(classes="dialog", id="kyf-game-over"):
            yield Static(escape(title), classes=f"dialog-title {tone}")
            yield Static(f"How: {escape(how)} · seed {session.seed}")
            if view.head_hunter:
                yield Static(f"Head Hunter: first to {view.head_hunter} kills.")
            yield Static(f"Out, in order: {escape(out)}" if out else "Nobody was knocked out.")
            yield Static(self.table(view, names, stats), id="kyf-stats")
        yield Footer()

    def table(self, view: KyfView, names: list[str], stats: list[dict[str, Any]]) -> str:
        from cutthroat.tui.tables.kill_your_friends.table import CHAR_STYLE

        ascii_style = self.app.settings.resolved_card_style() == "ascii"
        alive, dead, star = ("o", "x", "*") if ascii_style else ("♥", "✝", "★")
        kills = "Kills"  # Head Hunter: points; otherwise lives taken from others
        # The header uses the rows' own widths: star+seat, badge, name, level, lives, figures.
        head = f"{'':8}{'Player':<9} {'Who':<9} {'Lives':<5} {'Hand':>4} {'Attacks':>7} {'Saves':>5} {kills:>5}"
        lines = [f"[$text-muted]{head}[/]"]
        for seat in range(view.n):
            info = self.session.seats[seat]
            level = f"{info.level or 'bot'}" if info.is_bot else ""
            won = f"[bold $success]{star}[/]" if seat in view.winners else " "
            letter = view.letter(seat)
            badge = f"[reverse bold {CHAR_STYLE[view.colours[seat]]}] {letter} [/]"
            lives = "".join(f"[bold $error]{alive}[/]" if x else f"[$text-muted]{dead}[/]"
                            for x in sorted(view.lives[seat], reverse=True))
            lives += " " * (5 - len(view.lives[seat]))
            hand = "out" if view.out[seat] else str(view.hand_counts[seat])
            figure = view.points[seat] if view.head_hunter else stats[seat]["took"]
            name = escape(names[seat][:9].ljust(9))
            lines.append(f" {won}{seat + 1} {badge} {name} [$text-muted]{level:<9}[/] {lives} {hand:>4} "
                         f"{stats[seat]['attacks']:>7} {stats[seat]['saves']:>5} {figure:>5}")
        return "\n".join(lines)
