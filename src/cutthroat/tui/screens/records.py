"""Records (title → Records, `R` on a game over): a game's figures from the player's history —
per mode, recipe or edition, over all time or the last 30 or 7 days, and (hot-seat) per player.
Kill The Kings adds its scores, and its last 50 games as a chart; the multi-player games their
wins by bot level and by seat, and the average placement. Enter lists the games behind them."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from cutthroat.engine.registry import GAMES, game_info, get_rules
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.text import escape, plain
from cutthroat.tui.widgets.score_chart import ScoreChart

#: The variant a game's records are kept apart by, where it has one.
MODE_VARIANT = {"kill-the-kings": "mode", "exploding-kittens": "recipe", "psycho-killer": "edition"}
#: What the filter row calls it.
MODE_HEADING = {"kill-the-kings": "Mode", "exploding-kittens": "Recipe", "psycho-killer": "Edition"}
PERIODS = (("all", None), ("30 days", 30), ("7 days", 7))
#: The games a chart shows.
CHART_GAMES = 50
PLAYABLE = tuple(g.game_id for g in GAMES if g.playable)


def mode_of(game_id: str, config: dict[str, str]) -> str | None:
    """The mode (recipe, edition) a game's records are kept under, or None (the game has none)."""
    variant = MODE_VARIANT.get(game_id)
    if variant is None:
        return None
    return config.get(variant) or get_rules(game_id).default_config().get(variant)


def mode_name(game_id: str, mode: str | None) -> str:
    """A mode as players read it: "Killer", "Nope Sauce", "Edition 2"."""
    if mode is None:
        return "all"
    if game_id == "psycho-killer":
        return f"Edition {mode}"
    return mode.replace("-", " ").title()


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def figure_lines(game_id: str, rec: Any) -> list[str]:
    """The figures as lines of markup (no player text in them)."""
    lines = [f"Games [b]{rec.played}[/]   Won [b]{rec.won}[/] ({percent(rec.won, rec.played)})   "
             f"Streak now {rec.current_streak} · best {rec.best_streak}"]
    if game_id == "kill-the-kings":
        ktk = rec.ktk
        if ktk.best is not None:
            lines[0] += f"   Best [b]{ktk.best}[/] pts" + (f" ({ktk.best_date})" if ktk.best_date else "")
        lines.append(f"Mean {ktk.mean:.1f} pts   Killer ≥7: {percent_of(ktk.killer_rate)}   "
                     f"Psycho ≥11: {percent_of(ktk.psycho_rate)}   Kings a round: {ktk.kings_per_round:.1f}")
        return lines
    if rec.average_placement is not None:
        lines[0] += f"   Average place {rec.average_placement:.1f}"
    levels = [f"vs {level} {percent(won, played)} of {played}" for level, (won, played) in rec.by_level.items() if played]
    if levels:
        lines.append(" · ".join(levels))
    seats = [f"{ordinal(seat + 1)} {percent(won, played)}" for seat, (won, played) in sorted(rec.by_seat.items()) if played]
    if seats:
        lines.append("Wins by seat  " + " · ".join(seats))
    return lines


def percent_of(rate: float | None) -> str:
    return "–" if rate is None else f"{round(100 * rate)}%"


def choice_row(heading: str, choices: Sequence[str], chosen: int, focused: bool, width: int) -> str:
    """One filter's row: its heading, then its choices with the chosen one marked (reversed when
    the row has the keys, bold otherwise), cut with … to `width` around the chosen one."""
    mark = "▸" if focused else " "
    head = f"{'[b]' if focused else ''}{heading:<8}{'[/]' if focused else ''}{mark} "
    room = width - 10
    parts = [f" {c} " for c in choices]
    first = 0
    while sum(len(p) + 1 for p in parts[first:chosen + 1]) > room - 2 and first < chosen:
        first += 1
    shown, used = [], 0
    for i in range(first, len(parts)):
        if used + len(parts[i]) + 1 > room - 1:
            shown.append("…")
            break
        style = ("reverse b" if focused else "b u") if i == chosen else ""
        shown.append(f"[{style}]{escape(parts[i])}[/]" if style else escape(parts[i]))
        used += len(parts[i]) + 1
    return head + ("… " if first else "") + " ".join(shown)


class RecordsScreen(Screen):
    DEFAULT_CSS = """
    RecordsScreen #records-head { dock: top; height: 1; background: $panel; text-style: bold; }
    RecordsScreen #records-head > Static { width: 1fr; }
    RecordsScreen #records-where { text-align: right; padding-right: 1; }
    RecordsScreen #records-body { padding: 1 2 0 2; height: 1fr; }
    RecordsScreen #records-figures { height: auto; }
    RecordsScreen #records-chart-head { margin-top: 1; color: $text-muted; }
    RecordsScreen #records-chart-box { height: auto; }
    RecordsScreen #records-daily { margin-top: 1; height: auto; }
    RecordsScreen #records-filters { dock: bottom; height: auto; padding: 0 2; border-top: solid $panel-lighten-2; }
    """

    BINDINGS = with_ids("records", [
        Binding("escape,q", "app.pop_screen", "back", key_display="esc"),
        # ←→ change the filter row that has the keys (the footer names it)
        *(b for row, name in enumerate(("game", "mode", "period", "player")) for b in (
            Binding("left", f"step(-1, {row})", name, key_display="←→"),
            Binding("right", f"step(1, {row})", name, show=False))),
        Binding("tab", "next_filter(1)", "filter"),
        Binding("shift+tab", "next_filter(-1)", show=False),
        Binding("enter", "past_games", "past games", key_display="⏎"),
        Binding("c", "copy_share", "copy share line"),
    ])

    def __init__(self, game: str | None = None, mode: str | None = None) -> None:
        super().__init__()
        self.game = game if game in PLAYABLE else PLAYABLE[0]
        self.wanted_mode = mode
        self.mode_index = 0
        self.period_index = 0
        self.player_index = 0
        self.focus_row = 0  # 0 game, 1 mode (where the game has modes), 2 period, 3 player
        self.games_all: list = []  # this game's finished games, newest first
        self.shown: list = []  # those the filters keep
        self.modes: list[str | None] = [None]
        self.players: list[str | None] = [None]
        self.share: str | None = None

    # -- layout -----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="records-head"):
            yield Static(" CUTTHROAT ▸ Records")
            yield Static(id="records-where")
        with Vertical(id="records-body"):
            yield Static(id="records-figures")
            yield Static(id="records-chart-head")
            yield Vertical(id="records-chart-box")
            yield Static(id="records-daily")
        yield Static(id="records-filters")
        yield Footer()

    def on_mount(self) -> None:
        self.load_game()

    @property
    def ascii(self) -> bool:
        return self.app.has_class("-ascii")

    # -- data -------------------------------------------------------------------------------------
    def load_game(self) -> None:
        """This game's games from the history, and the filters' choices for them."""
        from cutthroat.tui.daily import open_history

        history = open_history(self.app)
        self.games_all = list(history.games(game=self.game)) if history is not None else []
        modes = sorted({mode_of(self.game, g.options) for g in self.games_all} - {None})
        self.modes = [None, *modes] if self.game in MODE_VARIANT else [None]
        wanted = self.wanted_mode
        self.mode_index = self.modes.index(wanted) if wanted in self.modes else 0
        self.wanted_mode = None
        humans = []
        for g in self.games_all:
            for seat in g.seats:
                if seat.kind == "human" and seat.name not in humans:
                    humans.append(seat.name)
        self.players = [None, *humans] if len(humans) > 1 else [None]
        self.player_index = 0
        self.refresh_figures()

    def rows(self) -> list[int]:
        """The filter rows on show: game, mode (if the game has modes), period, player (if more
        than one person played it here)."""
        return [0] + ([1] if len(self.modes) > 1 else []) + [2] + ([3] if len(self.players) > 1 else [])

    def filtered(self) -> list:
        days = PERIODS[self.period_index][1]
        mode = self.modes[self.mode_index]
        since = datetime.now(timezone.utc) - timedelta(days=days) if days else None
        return [g for g in self.games_all
                if (since is None or g.finished_at >= since) and (mode is None or mode_of(self.game, g.options) == mode)]

    def refresh_figures(self) -> None:
        from cutthroat.history.records import records

        info = game_info(self.game)
        mode, player = self.modes[self.mode_index], self.players[self.player_index]
        where = info.short + ("" if mode is None else f" · {mode_name(self.game, mode)}")
        self.query_one("#records-where", Static).update(plain(where))
        self.shown = self.filtered()
        figures = self.query_one("#records-figures", Static)
        chart_head = self.query_one("#records-chart-head", Static)
        box = self.query_one("#records-chart-box", Vertical)
        box.remove_children()
        chart_head.display = False
        if not self.games_all:
            figures.update(f"No finished games of {escape(info.name)} yet.\n"
                           "Play one, and your wins, streaks and best scores show here.")
        elif not self.shown:
            period = PERIODS[self.period_index][0]
            figures.update(f"No {escape(info.short)} games"
                           + ("" if mode is None else f" in {escape(mode_name(self.game, mode))}")
                           + ("" if period == "all" else f" in the last {period}") + ".")
        else:
            rec = records(self.shown, self.game, mode=mode, player=player)
            figures.update("\n".join(figure_lines(self.game, rec)))
            if self.game == "kill-the-kings" and rec.ktk.last_scores:
                scores = list(rec.ktk.last_scores)[-CHART_GAMES:]
                target = f" target {rec.ktk.target} " if getattr(rec.ktk, "target", None) else ""
                label = f"Last {len(scores)} games, points " if len(scores) > 1 else "Last game, points "
                chart_head.update(label + "─" * max(2, 72 - len(label) - len(target) - 2) + target + "──")
                chart_head.display = True
                box.mount(ScoreChart(scores, ascii=self.ascii, id="records-chart"))
        self.refresh_daily()
        self.refresh_filters()
        self.refresh_bindings()

    def refresh_daily(self) -> None:
        from cutthroat.history.daily import daily_status, share_line
        from cutthroat.tui.daily import open_history, result_words, today

        daily = self.query_one("#records-daily", Static)
        history = open_history(self.app)
        status = daily_status(history, self.game, today()) if history is not None else None
        if status is None:
            self.share = None
            daily.update("Today's deal  [i]not yet played[/] · Today's deal on the title plays it")
            return
        self.share = share_line(status, self.ascii)
        key = self.app.get_key_display(next(b for b in self.BINDINGS if b.action == "copy_share"))
        daily.update(f"Today's deal  ✓ played: {escape(result_words(status, brief=True))}   share: {escape(key)} copies "
                     f"the line below\n{escape(self.share)}")

    def refresh_filters(self) -> None:
        info = game_info(self.game)
        lines = [choice_row("Game", [game_info(g).short for g in PLAYABLE], PLAYABLE.index(self.game),
                            self.focus_row == 0, 76)]
        period_row = choice_row("Period", [p for p, _ in PERIODS], self.period_index, self.focus_row == 2, 40)
        if len(self.modes) > 1:
            mode_row = choice_row(MODE_HEADING.get(self.game, "Mode"),
                                  [mode_name(self.game, m) for m in self.modes], self.mode_index,
                                  self.focus_row == 1, 76 if self.game == "exploding-kittens" else 38)
            if self.game == "exploding-kittens":
                lines += [mode_row, period_row]
            else:
                lines.append(f"{mode_row}  {period_row}")
        else:
            lines.append(period_row)
        if len(self.players) > 1:
            lines.append(choice_row("Player", ["everyone", *self.players[1:]], self.player_index,
                                    self.focus_row == 3, 76))
        del info
        self.query_one("#records-filters", Static).update("\n".join(lines))

    # -- keys -------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step":
            return parameters[1] == self.focus_row
        if action == "copy_share":
            return self.share is not None
        if action == "past_games":
            return bool(self.shown)
        return True

    def action_step(self, step: int, row: int) -> None:
        if self.focus_row == 0:
            self.game = PLAYABLE[(PLAYABLE.index(self.game) + step) % len(PLAYABLE)]
            self.load_game()
            return
        if self.focus_row == 1:
            self.mode_index = (self.mode_index + step) % len(self.modes)
        elif self.focus_row == 2:
            self.period_index = (self.period_index + step) % len(PERIODS)
        else:
            self.player_index = (self.player_index + step) % len(self.players)
        self.refresh_figures()

    def action_next_filter(self, step: int) -> None:
        rows = self.rows()
        current = rows.index(self.focus_row) if self.focus_row in rows else 0
        self.focus_row = rows[(current + step) % len(rows)]
        self.refresh_filters()
        self.refresh_bindings()

    def action_past_games(self) -> None:
        from cutthroat.tui.screens.past_games import PastGamesScreen

        if self.shown:
            self.app.push_screen(PastGamesScreen(self.game, self.shown, self.query_one("#records-where", Static).content))

    def action_copy_share(self) -> None:
        if self.share is not None:
            self.app.copy_to_clipboard(self.share)
            self.app.notify(escape(self.share), title="Copied to the clipboard")
