"""One past game's result (Enter on a past game): who played, who won, the scores, how long;
p replays it (the replay viewer), v reviews it (`screens.review`), d deletes it from the history (after
a yes)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from cutthroat.engine.registry import game_info
from cutthroat.engine.words import counted
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.text import escape, plain
from cutthroat.tui.widgets.footer import KeysFooter


def duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"


def seat_lines(finished) -> list[str]:
    """One line a seat: "1  Ana        human       won", from the result's own words."""
    from cutthroat.tui.daily import seat_words

    width = max(len(s.name) for s in finished.seats)
    return [f"{i + 1}  {s.name:<{width}}  {('human' if s.kind == 'human' else f'{s.level} bot'):<14}"
            f"{seat_words(finished, i)}".rstrip() for i, s in enumerate(finished.seats)]


class PastGameScreen(SafeDismiss, ModalScreen[bool]):
    """Answers True when the game was deleted (the list then drops it)."""

    DEFAULT_CSS = """
    PastGameScreen { align: center middle; }
    PastGameScreen .past-seats { margin: 1 0; }
    """
    BINDINGS = with_ids("past-game", [
        Binding("escape,enter,q", "dismiss", "back", key_display="esc"),
        Binding("p", "replay", "replay"),
        Binding("d,delete", "delete", "delete"),
        Binding("v", "review", "review"),
    ])

    def __init__(self, game_id: str, finished) -> None:
        super().__init__()
        self.game_id = game_id
        self.finished = finished

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.finished.moves > 0
        return True

    def action_review(self) -> None:
        """The game review of this game (the first human seat's play)."""
        from cutthroat.tui.screens.review import ReviewScreen

        finished = self.with_moves()
        if finished is not None:
            self.app.push_screen(ReviewScreen(finished))

    def with_moves(self):
        """The game with its moves: read from the history (the list reads games without them); a
        server's daily deal, kept without its moves while its day lasted, asks the server for
        them (given once the day is over, and only to its own player). None, said why, if there
        are none to be had."""
        from dataclasses import replace

        finished = self.finished
        if not finished.document and finished.id:  # (the list reads games without their moves)
            from cutthroat.tui.daily import open_history

            history = open_history(self.app)
            finished = (history.get(finished.id) if history is not None else None) or finished
        if not finished.document.get("log") and finished.daily and finished.table and self.app.served:
            from cutthroat.serve.client import ServiceError

            try:
                reply = self.app.service.request("daily_game", code=finished.table, day=finished.daily)
            except (ServiceError, OSError) as exc:
                self.app.notify(escape(str(exc)), title="Not to be seen yet", severity="warning")
                return None
            finished = replace(finished, document=reply["document"])
        self.finished = finished
        return finished

    def action_replay(self) -> None:
        """Step through the game on its own table (a game kept without its moves says so)."""
        from cutthroat.replay import Replay, ReplayError
        from cutthroat.tui.screens.replay import replay_screen

        finished = self.with_moves()
        if finished is None:
            return
        try:
            replay = Replay.from_finished(finished)
        except ReplayError as exc:
            self.app.notify(escape(str(exc)), title="Can't replay", severity="warning")
            return
        self.app.push_screen(replay_screen(replay))

    def action_delete(self) -> None:
        from cutthroat.tui.screens.past_games import delete_game

        delete_game(self.app, self.game_id, self.finished, lambda: self.dismiss(True))

    def compose(self) -> ComposeResult:
        from cutthroat.tui.daily import result_words
        from cutthroat.tui.screens.past_games import when
        from cutthroat.tui.screens.records import mode_name

        f = self.finished
        title = game_info(self.game_id).short + (f" · {mode_name(self.game_id, f.mode)}" if f.mode else "")
        with Vertical(classes="dialog", id="past-game"):
            yield Static(plain(title), classes="dialog-title")
            yield Static(plain(f"{when(f.finished_at)} · {result_words(f)}"
                               + (" · daily deal" if f.daily else "")
                               + ("" if f.counted else " (a second try: not counted)")))
            summary = f.result.get("summary")
            if summary:
                yield Static(plain(summary[:1].upper() + summary[1:] + "."))
            if len(f.seats) > 1:
                yield Static(plain("\n".join(seat_lines(f))), classes="past-seats")
            if f.tie_break:
                yield Static(plain(f"Tie-break: {f.tie_break}"))
            yield Static(plain(counted(f.moves, "move") + (f" · {duration(f.duration_s)}" if f.duration_s >= 1 else "")))
        yield KeysFooter()
