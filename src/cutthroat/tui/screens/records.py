"""Records (title → Records, `R` on a game over): a game's figures from the player's history —
per mode, recipe or edition, over all time or the last 30 or 7 days, and (hot-seat) per player.
Kill The Kings adds its scores, and its last 50 games as a chart; the multi-player games their
wins by bot level and by seat, and the average placement. Enter lists the games behind them."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from cutthroat.engine.registry import GAMES, game_info, get_rules
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.text import escape, plain
from cutthroat.tui.widgets.footer import KeysFooter
from cutthroat.tui.widgets.score_chart import ScoreChart

#: The variant a game's records are kept apart by, where it has one (`FinishedGame.mode`).
MODE_VARIANT = {"kill-the-kings": "mode", "exploding-kittens": "recipe"}
#: What the filter row calls it.
MODE_HEADING = {"kill-the-kings": "Mode", "exploding-kittens": "Recipe"}
PERIODS = (("all", None), ("30 days", 30), ("7 days", 7))
PLAYABLE = tuple(g.game_id for g in GAMES if g.playable)


def now() -> datetime:
    return datetime.now(timezone.utc)


def mode_of(game_id: str, config: dict[str, str]) -> str | None:
    """The mode (recipe) a game's records are kept under, or None (the game has none)."""
    variant = MODE_VARIANT.get(game_id)
    if variant is None:
        return None
    return config.get(variant) or get_rules(game_id).default_config().get(variant)


def mode_name(game_id: str, mode: str | None) -> str:
    """A mode as players read it: "Killer", "Nope Sauce"."""
    if game_id == "exploding-kittens" and mode:
        from cutthroat.games.exploding_kittens.recipes import RECIPES

        if mode in RECIPES:
            return RECIPES[mode].name
    return "all" if mode is None else mode.replace("-", " ").title()


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def rate(value: float | None) -> str:
    return "–" if value is None else f"{round(100 * value)}%"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def in_lines(parts: list[str], width: int = 76) -> list[str]:
    """`parts` three spaces apart, a new line where the next one wouldn't fit."""
    lines: list[str] = []
    for part in parts:
        plain_len = len(Content.from_markup(part).plain)
        if lines and lines[-1][1] + 3 + plain_len <= width:
            lines[-1] = (lines[-1][0] + "   " + part, lines[-1][1] + 3 + plain_len)
        else:
            lines.append((part, plain_len))
    return [line for line, _ in lines]


def figure_lines(game_id: str, rec, ascii: bool = False) -> list[str]:
    """The figures as lines of markup (nothing a player typed is in them)."""
    at_least = ">=" if ascii else "≥"
    head = [f"Games [b]{rec.played}[/]", f"Won [b]{rec.won}[/] ({percent(rec.won, rec.played)})",
            f"Streak now {rec.streak} · best {rec.best_streak}"]
    if game_id == "kill-the-kings":
        if rec.best_score is not None:
            head.append(f"Best [b]{rec.best_score}[/] pts ({rec.best_score_date})")
        if rec.mode is not None or len(rec.mean_score) == 1:
            means = [f"Mean {next(iter(rec.mean_score.values()), 0):.1f} pts"]
        else:
            means = ["Mean " + " · ".join(f"{mode_name(game_id, m)} {v:.1f}" for m, v in sorted(rec.mean_score.items()))
                     + " pts"]
        kings = "–" if rec.kings_per_round is None else f"{rec.kings_per_round:.1f}"
        return in_lines(head) + in_lines([*means, f"Killer {at_least}7: {rate(rec.killer_rate)}",
                                          f"Psycho {at_least}11: {rate(rec.psycho_rate)}", f"Kings a round: {kings}"])
    if rec.average_placement is not None:
        head.append(f"Average place {rec.average_placement:.1f}")
    lines = in_lines(head)
    levels = [f"vs {level} {percent(won, of)} of {of}" for level, (won, of) in rec.vs_level.items() if of]
    if levels:
        lines.append(" · ".join(levels))
    seats = [f"{ordinal(seat)} {percent(won, of)} of {of}" for seat, (won, of) in sorted(rec.wins_by_seat.items()) if of]
    if seats:
        lines += in_lines(["Wins by seat", " · ".join(seats)])
    return lines


def choice_row(heading: str, choices: Sequence[str], chosen: int, focused: bool, width: int,
               ascii: bool = False) -> str:
    """One filter's row: its heading, then its choices with the chosen one marked (reversed when
    the row has the keys, bold otherwise), cut with … to `width` around the chosen one."""
    mark = (">" if ascii else "▸") if focused else " "
    more = "..." if ascii else "…"
    head = f"{'[b]' if focused else ''}{heading:<8}{'[/]' if focused else ''}{mark} "
    room = width - 10
    parts = [f" {c} " for c in choices]
    first = 0
    while sum(len(p) + 1 for p in parts[first:chosen + 1]) > room - 2 and first < chosen:
        first += 1
    shown, used = [], 0
    for i in range(first, len(parts)):
        last = i == len(parts) - 1
        if used + len(parts[i]) + 1 > room - (0 if last else len(more)):
            shown.append(more)
            break
        style = ("reverse b" if focused else "b u") if i == chosen else ""
        shown.append(f"[{style}]{escape(parts[i])}[/]" if style else escape(parts[i]))
        used += len(parts[i]) + 1
    return head + (f"{more} " if first else "") + " ".join(shown)


class RecordsScreen(Screen, inherit_bindings=False):
    DEFAULT_CSS = """
    RecordsScreen #records-head { dock: top; height: 1; background: $panel; text-style: bold; }
    RecordsScreen #records-head > Static { width: 1fr; }
    RecordsScreen #records-where { text-align: right; padding-right: 1; }
    RecordsScreen #records-body { padding: 1 2 0 2; height: 1fr; }
    RecordsScreen #records-figures { height: auto; }
    RecordsScreen #records-chart-head { margin-top: 1; color: $text-muted; display: none; }
    RecordsScreen #records-chart { display: none; }
    RecordsScreen #records-daily { margin-top: 1; height: auto; }
    RecordsScreen #records-filters { height: auto; padding: 0 2; border-top: solid $panel-lighten-2; }
    """

    # Its keys are the only keys (Screen's tab would sit first in the footer): the footer shows
    # them in this order, the mockup's (←→ game, tab filter, ⏎ past games, c copy, esc back).
    BINDINGS = with_ids("records", [
        # ←→ change the filter row that has the keys (the footer names it)
        *(b for row, name in enumerate(("game", "mode", "period", "player")) for b in (
            Binding("left", f"step(-1, {row})", name, key_display="←→", id=f"records.previous-{name}"),
            Binding("right", f"step(1, {row})", name, show=False, id=f"records.next-{name}"))),
        Binding("tab", "next_filter(1)", "filter"),
        Binding("shift+tab", "next_filter(-1)", show=False),
        Binding("enter", "past_games", "past games", key_display="⏎"),
        Binding("c", "copy_share", "copy line"),  # (the mockup's "copy share line": too wide in ASCII)
        Binding("d", "daily", "today's deal", show=False),
        Binding("escape,q", "app.pop_screen", "back", key_display="esc"),
        Binding("ctrl+c,super+c", "screen.copy_text", show=False),  # (Screen's own, kept)
    ])

    def __init__(self, game: str | None = None, mode: str | None = None) -> None:
        super().__init__()
        self.game = game if game in PLAYABLE else PLAYABLE[0]
        self.wanted_mode = mode
        self.mode_index = 0
        self.period_index = 0
        self.player_index = 0
        self.focus_row = 0  # 0 game, 1 mode (where the game has modes), 2 period, 3 player
        self.facts: list = []  # this game's counted entries (`records.Fact`), oldest first
        self.games_all: list | None = None  # its whole games, newest first, once asked for
        self.shown_count = 0  # the entries the filters keep
        self.loaded: str | None = None  # the game the filters' choices are of
        self.any_games = False  # any game of it kept, counted or not
        self.read_at: tuple | None = None  # the history's stamp when it was read
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
            yield ScoreChart(id="records-chart")
            yield Static(id="records-daily")
        yield Static(id="records-filters")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.load_game()

    def on_screen_resume(self) -> None:
        """Back on the figures (from the past games, a game deleted there): read again if the
        history has changed meanwhile."""
        from cutthroat.tui.daily import open_history, stamp

        history = open_history(self.app)
        if self.loaded is not None and (None if history is None else stamp(history)) != self.read_at:
            self.load_game()

    @property
    def ascii(self) -> bool:
        return self.app.has_class("-ascii")

    # -- data -------------------------------------------------------------------------------------
    def load_game(self) -> None:
        """This game's figures from the history's light rows (each game's mode and home-side fact,
        read from one index: a long history opens at once); its whole games are read only when
        asked for (the past games, a player's own figures)."""
        from cutthroat.tui.daily import open_history, records_facts

        history = open_history(self.app)
        if history is None:
            self.read_at = None
            self.show_facts(self.game, [], set(), [])
            return
        self.read_at, *facts = records_facts(self.app, history, self.game)
        self.show_facts(self.game, *facts)

    def show_facts(self, game: str, facts: list, modes: set[str], humans: list[str]) -> None:
        """`facts` (this game's counted entries, oldest first) on show, and the filters' choices."""
        self.facts = facts
        self.any_games = bool(modes)  # (every game kept has a mode, "" where the game has none)
        self.games_all = None
        wanted, self.wanted_mode = self.wanted_mode, None
        if wanted is None and self.modes[self.mode_index] is not None and self.loaded == game:
            wanted = self.modes[self.mode_index]  # (read again, for the same game: the mode kept)
        modes = set(modes) | ({wanted} if wanted else set())
        self.modes = [None, *sorted(modes - {""})] if self.game in MODE_VARIANT else [None]
        self.mode_index = self.modes.index(wanted) if wanted in self.modes else 0
        player = self.players[self.player_index] if self.loaded == game else None
        self.players = [None, *humans] if len(humans) > 1 else [None]
        self.player_index = self.players.index(player) if player in self.players else 0
        self.loaded = game
        if self.focus_row not in self.rows():
            self.focus_row = 0
        self.refresh_figures()

    def whole_games(self) -> list:
        """This game's whole games, newest first (read once while the history is unchanged)."""
        from cutthroat.tui.daily import cached_games, open_history, read_games

        if self.games_all is None:
            history = open_history(self.app)
            games = None if history is None else cached_games(self.app, history, self.game)
            if games is None:
                games = [] if history is None else read_games(self.app, history, self.game)
            self.games_all = games
        return self.games_all

    def rows(self) -> list[int]:
        """The filter rows on show: game, mode (if the game has modes), period, player (if more
        than one person played it here)."""
        return [0] + ([1] if len(self.modes) > 1 else []) + [2] + ([3] if len(self.players) > 1 else [])

    def since(self) -> datetime | None:
        days = PERIODS[self.period_index][1]
        return now() - timedelta(days=days) if days else None

    def filtered(self) -> list:
        """The whole games the period and mode keep, newest first."""
        since, mode = self.since(), self.modes[self.mode_index]
        return [g for g in self.whole_games()
                if (since is None or g.finished_at >= since) and (mode is None or g.mode == mode)]

    def refresh_figures(self) -> None:
        from cutthroat.history.records import summed
        from cutthroat.history.store import _stamp

        info = game_info(self.game)
        mode, player = self.modes[self.mode_index], self.players[self.player_index]
        where = info.short + ("" if mode is None else f" · {mode_name(self.game, mode)}")
        self.query_one("#records-where", Static).update(plain(where))
        figures = self.query_one("#records-figures", Static)
        chart_head = self.query_one("#records-chart-head", Static)
        chart = self.query_one("#records-chart", ScoreChart)
        chart_head.display = chart.display = False
        if player is None:  # (the home side: its light facts)
            since = self.since()
            start = "" if since is None else _stamp(since)
            rec = summed([f for f in self.facts if f.when >= start and (mode is None or f.mode == mode)],
                         self.game, mode)
        else:  # (one player of a hot-seat table: from the whole games)
            from cutthroat.history.records import records

            rec = records(self.filtered(), self.game, mode=mode, player=player)
        self.shown_count = rec.played
        if not self.any_games:
            figures.update(f"No finished games of {escape(info.name)} yet.\n"
                           "Play one, and your wins, streaks and best scores show here.")
        elif not rec.played:
            period = PERIODS[self.period_index][0]
            figures.update(f"No {escape(info.short)} games"
                           + ("" if mode is None else f" in {escape(mode_name(self.game, mode))}")
                           + ("" if player is None else f" for {escape(player)}")
                           + ("" if period == "all" else f" in the last {period}") + ".")
        else:
            figures.update("\n".join(figure_lines(self.game, rec, self.ascii)))
            if self.game == "kill-the-kings" and rec.last_scores:
                self.show_chart(list(rec.last_scores), mode)
            elif rec.last_places:
                self.show_places(list(rec.last_places))
        self.refresh_daily()
        self.refresh_filters()
        self.refresh_bindings()

    def show_chart(self, scores: list[int], mode: str | None) -> None:
        from cutthroat.history.records import TARGETS  # (not the game's: loading it takes a while)

        chart_head = self.query_one("#records-chart-head", Static)
        target = f" target {TARGETS[mode]} " if mode in TARGETS else ""
        label = f"Last {len(scores)} games, points " if len(scores) > 1 else "Last game, points "
        chart_head.update(label + "─" * max(2, 74 - len(label) - len(target) - 2) + target + "──")
        chart = self.query_one("#records-chart", ScoreChart)
        chart_head.display = chart.display = True
        chart.show(scores, self.ascii)

    def show_places(self, places: list[int]) -> None:
        """A multi-player game's chart: the place of each of the last games, the best place seen at
        the top and the worst at the bottom (as the points chart spans its highest and lowest)."""
        chart_head = self.query_one("#records-chart-head", Static)
        label = f"Last {len(places)} games, place " if len(places) > 1 else "Last game, place "
        chart_head.update(label + "─" * max(2, 74 - len(label)) + "──")
        chart = self.query_one("#records-chart", ScoreChart)
        chart_head.display = chart.display = True
        chart.show([-place for place in places], self.ascii, ends=(ordinal(min(places)), ordinal(max(places))))

    def refresh_daily(self) -> None:
        from cutthroat.history.daily import outcome, share_line
        from cutthroat.tui.daily import daily_status

        daily = self.query_one("#records-daily", Static)
        status = daily_status(self.app, self.game)
        played = status.played if status is not None else None
        if played is None:
            self.share = None
            words = status.text if status is not None else "not yet played"
            begun = status is not None and not status.counts
            plays = "" if self.app.served else " · d goes on with it" if begun else " · d plays it"  # (a server's deal is its lobby's)
            daily.update(f"Today's deal  [i]{escape(words)}[/]{plays}")
            return
        self.share = share_line(played, self.ascii)
        key = self.app.get_key_display(next(b for b in self.BINDINGS if b.action == "copy_share"))
        check = "" if self.ascii else "✓ "
        daily.update(f"Today's deal  {check}played: {escape(outcome(played))}   share: {escape(key)} copies "
                     f"the line below\n{escape(self.share)}")

    def refresh_filters(self) -> None:
        row = self.focus_row
        ascii = self.ascii
        lines = [choice_row("Game", [game_info(g).short for g in PLAYABLE], PLAYABLE.index(self.game), row == 0, 76,
                            ascii)]
        period_row = choice_row("Period", [p for p, _ in PERIODS], self.period_index, row == 2, 38, ascii)
        if len(self.modes) > 1:
            wide = self.game == "exploding-kittens"  # (the recipes need a row of their own)
            mode_row = choice_row(MODE_HEADING.get(self.game, "Mode"), [mode_name(self.game, m) for m in self.modes],
                                  self.mode_index, row == 1, 76 if wide else 36, ascii)
            lines += [mode_row, period_row] if wide else [f"{mode_row}  {period_row}"]
        else:
            lines.append(period_row)
        if len(self.players) > 1:
            lines.append(choice_row("Player", ["everyone", *self.players[1:]], self.player_index, row == 3, 76,
                                    ascii))
        self.query_one("#records-filters", Static).update("\n".join(lines))

    # -- keys -------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step":
            return parameters[1] == self.focus_row
        if action == "copy_share":
            return self.share is not None
        if action == "daily":
            return not self.app.served
        if action == "past_games":
            return self.shown_count > 0
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

        from cutthroat.tui.daily import open_history
        from cutthroat.tui.screens.past_games import LISTED

        history = open_history(self.app)
        if self.shown_count and history is not None:  # (the newest of them, and how many: not every game read)
            since, mode = self.since(), self.modes[self.mode_index]
            games = history.games(self.game, since, mode=mode, limit=LISTED)
            self.app.push_screen(PastGamesScreen(self.game, games, self.query_one("#records-where", Static).content,
                                                 history.count(self.game, since, mode=mode)))

    def action_daily(self) -> None:
        from cutthroat.tui.daily import start_daily

        if not self.app.served:
            start_daily(self.app, self.game)

    def action_copy_share(self) -> None:
        if self.share is not None:
            self.app.copy_to_clipboard(self.share)
            self.app.notify(escape(self.share), title="Copied to the clipboard")
