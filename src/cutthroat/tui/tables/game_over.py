"""The game-over dialog every multi-player game shares: who won, the game's own lines, and a
table of figures per player — all read from the last update's `Result` and the rules' figures
(counted by the session from public events), never by replaying the log."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from cutthroat.engine.words import who_won
from cutthroat.host.updates import SeatUpdate, TableInfo
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.text import escape, plain
from cutthroat.tui.widgets.footer import KeysFooter


def outcome(table: TableInfo, update: SeatUpdate, lone_win: str = "YOU WIN") -> tuple[str, str]:
    """The dialog's title and tone: "YOU WIN" for a lone human who won, else who won."""
    winners = list(update.result.winners)
    wins = who_won(table.names, winners)
    humans = table.humans
    if len(humans) == 1:
        return (lone_win, "-won") if humans[0] in winners else (wins, "-lost")
    return f"{wins}!", "-won"


def knocked_out(table: TableInfo, update: SeatUpdate, how: dict[int, str] | None = None,
                nobody: str = "Nobody went out.") -> str:
    """`First out: Ana (exploded), then Cy` from the result's eliminations (markup-safe)."""
    out = update.result.details.get("eliminations", [])
    if not out:
        return nobody
    parts = [table.names[s] + (f" ({how[s]})" if how and how.get(s) else "") for s in out]
    return escape("First out: " + ", then ".join(parts))


def seed_words(seed: int | None) -> str:
    """The deal as a game-over line names it: its seed, or (a daily deal, whose seed is
    everyone's and never told) "today's deal"."""
    return f"seed {seed}" if seed is not None else "today's deal"


class RecordsAndShare:
    """What every game-over dialog adds: `R` opens Records on the game, `v` reviews it (the game
    review), and a daily deal's dialog shows the line to share (plain text, no spoilers), which
    `c` copies. The table sets these
    before the dialog is shown."""

    #: The game Records opens on (registry id), and its mode/recipe where the game has one.
    game_id: str | None = None
    mode: str | None = None
    #: A daily deal's share line (None for any other game).
    share: str | None = None
    #: Does `r` (the same seed) make sense? Not when the seed isn't told (a daily deal), nor at a
    #: server (`at_server`: it would only go back to the lobby, as `n` does).
    same_seed: bool = True
    #: The game as the history keeps it (`FinishedGame`), for "Review this game"; None: no review
    #: (a server's table, whose moves are the server's).
    finished: object | None = None
    #: A server's table: `n` goes back to its lobby (the next game is made there), not a new deal.
    at_server: bool = False

    @property
    def again_words(self) -> str:
        return "back to the lobby" if self.at_server else "play again"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "dismiss" and parameters == ("same",):  # (a server's next game is made in its lobby)
            return self.same_seed and not self.at_server
        if action == "copy_share":
            return self.share is not None
        if action == "records":
            return self.game_id is not None
        if action == "review":
            return self.finished is not None
        return True

    def action_review(self) -> None:
        from cutthroat.tui.screens.review import ReviewScreen

        if self.finished is not None:
            self.app.push_screen(ReviewScreen(self.finished))

    def action_records(self) -> None:
        from cutthroat.tui.screens.records import RecordsScreen

        self.app.push_screen(RecordsScreen(self.game_id, mode=self.mode))

    def action_copy_share(self) -> None:
        if self.share is None:
            return
        self.app.copy_to_clipboard(self.share)
        self.app.notify(escape(self.share), title="Copied to the clipboard")

    def on_mount(self) -> None:
        if self.at_server:  # (the footer says what `n` does there)
            bindings = self._bindings.key_to_bindings
            for key, listed in bindings.items():
                bindings[key] = [replace(b, description=self.again_words) if b.action == "dismiss('again')" else b
                                 for b in listed]
            self.refresh_bindings()
        if self.share is not None:  # the line to share, whole on one line where it can be
            dialog = self.query_one(".dialog")
            dialog.styles.width = 78
            dialog.styles.padding = (1, 1)

    def share_widgets(self) -> ComposeResult:
        if self.share is not None:
            yield Static(f"To share it ({self.app.get_key_display(self._copy_binding())} copies the line):",
                         classes="share-help")
            yield Static(plain(self.share), id="share-line")

    def _copy_binding(self) -> Binding:
        return next(b for b in self.BINDINGS if b.action == "copy_share")


def level_of(table: TableInfo, seat: int, human: str = "human") -> str:
    info = table.seats[seat]
    return f"{info.level or ''} bot".strip() if info.is_bot else human


def game_over_bindings(prefix: str, looked_at: str) -> list[Binding]:
    """Every game-over dialog's keys (a game's, Kill The Kings'): `looked_at`, what `l` shows."""
    return with_ids(prefix, [
        Binding("n", "dismiss('again')", "play again"),  # not Enter: pressed a moment ago to get here
        Binding("r", "dismiss('same')", "same seed"),
        Binding("R", "records", "records"),
        Binding("v", "review", "review"),
        Binding("c", "copy_share", "copy"),
        Binding("l", "dismiss('look')", f"look at the {looked_at}"),
        Binding("t,escape", "dismiss('title')", "title", key_display="t"),
    ])


class GameOverScreen(RecordsAndShare, SafeDismiss, ModalScreen[str | None]):
    BINDINGS = game_over_bindings("game-over", "table")

    def __init__(self, title: str, tone: str, lines: Sequence[str], figures: str, *, dialog_id: str) -> None:
        super().__init__()
        self.title_text, self.tone = title, tone
        self.lines = list(lines)  # markup
        self.figures = figures  # markup: the per-player table
        self.dialog_id = dialog_id

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id=self.dialog_id):
            yield Static(escape(self.title_text), classes=f"dialog-title {self.tone}")
            for line in self.lines:
                yield Static(line)
            yield Static(self.figures, id=f"{self.dialog_id.split('-')[0]}-stats")
            yield from self.share_widgets()
        yield KeysFooter()
