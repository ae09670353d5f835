"""The Exploding Kittens game-over dialog: the winner, who went out in what order and how, and a
few figures per player (replayed from the action log, which is cheap)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from cutthroat.games.exploding_kittens.recipes import RECIPES
from cutthroat.session import Session
from cutthroat.tui.tables.exploding_kittens.prompts import ordinal

FIGURES = ("played", "nopes", "defused", "steals", "drawn")
HOW = {"exploded": "exploded", "imploded": "imploded", "barked": "barked at"}


def game_stats(session: Session) -> tuple[list[dict[str, int]], dict[int, str]]:
    """Per seat: cards played, Nopes, Defuses used, cards stolen or taken, cards drawn; and how
    each eliminated seat went out."""
    n = len(session.seats)
    stats = [{key: 0 for key in FIGURES} for _ in range(n)]
    how: dict[int, str] = {}
    rules = session.rules
    try:
        state = rules.new_game(session.config, session.seed, n)
        for seat, action in session.log:
            for event in rules.apply(state, action, seat):
                kind = event.kind
                if kind == "played":
                    stats[event.seat]["played"] += len(event.cards)
                elif kind == "noped":
                    stats[event.seat]["nopes"] += 1
                elif kind == "defused":
                    stats[event.seat]["defused"] += 1
                elif kind == "stolen" or (kind == "given" and event.had):
                    stats[event.thief if kind == "stolen" else event.receiver]["steals"] += 1
                elif kind == "drew" and event.where != "bury":
                    stats[event.seat]["drawn"] += 1
                elif kind == "eliminated":
                    how[event.seat] = HOW.get(event.how, event.how)
        if state != session.state:
            raise ValueError("the log doesn't start from a new game")
    except Exception:  # noqa: BLE001 - figures are a nicety: count the log instead
        stats = [{key: 0 for key in FIGURES} for _ in range(n)]
        how = {}
        for seat, action in session.log:
            if action.kind in ("play", "combo"):
                stats[seat]["played"] += len(getattr(action, "cards", (None,)))
            elif action.kind == "nope":
                stats[seat]["nopes"] += 1
            elif action.kind == "draw":
                stats[seat]["drawn"] += 1
    return stats, how


class GameOverScreen(ModalScreen[str | None]):
    CSS_PATH = "ek.tcss"
    BINDINGS = [
        Binding("n,enter", "dismiss('again')", "play again", key_display="n"),
        Binding("r", "dismiss('same')", "same seed"),
        Binding("l", "dismiss('look')", "look at the table"),
        Binding("t,escape", "dismiss('title')", "title", key_display="t"),
    ]

    def __init__(self, session: Session, seen_out: dict[int, str] | None = None) -> None:
        super().__init__()
        self.session = session
        self.seen_out = seen_out or {}  # how seats went out, as the table saw it (a fallback)

    def compose(self) -> ComposeResult:
        session = self.session
        view = session.view(None)
        names = [seat.name for seat in session.seats]
        humans = [i for i, seat in enumerate(session.seats) if not seat.is_bot]
        winners = list(view.winners)
        who = " and ".join(names[w] for w in winners) or "Nobody"
        if len(humans) == 1 and humans[0] in winners:
            title, tone = "YOU WIN — last one standing", "-won"
        elif len(humans) == 1:
            title, tone = f"{who} win{'s' * (len(winners) == 1)}", "-lost"
        else:
            title, tone = f"{who} win{'s' * (len(winners) == 1)}!", "-won"
        stats, how = game_stats(session)
        how = {**{q: HOW.get(h, h) for q, h in self.seen_out.items()}, **how}
        out = ", ".join(f"{ordinal(i + 1)} {names[s]} ({how.get(s, 'out')})"
                        for i, s in enumerate(view.eliminations))
        result = session.result()
        summary = result.summary if result else ""
        with Vertical(classes="dialog", id="ek-game-over"):
            yield Static(escape(title), classes=f"dialog-title {tone}")
            yield Static(escape(f"{RECIPES[view.recipe].name} · {summary} · {len(session.log)} moves · "
                                f"seed {session.seed}"))
            yield Static(f"Out, in order: {escape(out)}" if out else "Nobody went out.")
            yield Static(self.table(view, names, stats), id="ek-stats")
        yield Footer()

    def table(self, view, names: list[str], stats: list[dict[str, int]]) -> str:
        ascii_style = self.app.settings.resolved_card_style() == "ascii"
        star, dead = ("*", "x") if ascii_style else ("★", "✝")
        lines = [f"[$text-muted]    {'Player':<10}{'Who':<14}Played Nopes Defused Steals Drawn[/]"]
        for seat in range(view.n):
            info = self.session.seats[seat]
            level = f"{info.level or ''} bot".strip() if info.is_bot else "human"
            if seat in view.winners:
                mark = f"[bold $success]{star}[/]"
            elif view.out[seat]:
                mark = f"[$text-muted]{dead}[/]"
            else:
                mark = " "
            s = stats[seat]
            lines.append(f" {mark}{seat + 1} {escape(names[seat][:9].ljust(9))} [$text-muted]{level:<14}[/]"
                         f"{s['played']:>6} {s['nopes']:>5} {s['defused']:>7} {s['steals']:>6} {s['drawn']:>5}")
        return "\n".join(lines)
