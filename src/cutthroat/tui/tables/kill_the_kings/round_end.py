"""Round-end and game-over screens with the score breakdown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from cutthroat.engine.words import counted
from cutthroat.games.kill_the_kings.cards import KILL_POINTS, ROUNDS, TARGETS
from cutthroat.games.kill_the_kings.rules import KtkView
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.stack import SafeDismiss
from cutthroat.tui.tables.game_over import RecordsAndShare, game_over_bindings, seed_words
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.footer import KeysFooter

REASONS = {
    "all_killed": "all four kings killed",
    "bust": "bust — the drawn card fit nowhere and the reserve was full",
    "stuck": "stuck — the deck ran out and no reserve card fit",
    "ended": "ended with the deck empty",
}
#: The same, naming the card that ended the round (`{card}`).
REASONS_WITH_CARD = {
    "all_killed": "{card} killed the fourth king",
    "bust": "bust — {card} fit nowhere and the reserve was full",
}


def ending(view: KtkView, card: str | None) -> str:
    """How the round ended, naming the card that ended it when the table saw it."""
    if card and view.end_reason in REASONS_WITH_CARD:
        return REASONS_WITH_CARD[view.end_reason].format(card=card)
    return REASONS.get(view.end_reason, view.end_reason)
KINGS_FOR_POINTS = {sum(KILL_POINTS[:k]): k for k in range(5)}


#: The widest sum a round can show ("1 + 2 + 3 + 4"): every round's "=" lines up under it.
SUM_WIDTH = len(" + ".join(map(str, KILL_POINTS)))


def breakdown(view: KtkView) -> list[str]:
    """One line a round, in columns: "Round 2   1 king    1             =  1"."""
    lines = []
    for r in range(ROUNDS):
        if r < len(view.round_points):
            points = view.round_points[r]
            kings = KINGS_FOR_POINTS[points]
            sums = " + ".join(str(p) for p in KILL_POINTS[:kings]) or "0"
            lines.append(f"  Round {r + 1}   {counted(kings, 'king'):<7}   {sums:<{SUM_WIDTH}} = {points:>2}")
        else:
            lines.append(f"  Round {r + 1}   —")
    return lines


def other_mode_note(mode: str, total: int) -> str:
    """What the score would do in the other mode, only where this game's verdict doesn't already
    say it: after a win in the easier mode (the harder one too?) or a loss in the harder one (the
    easier one?). A loss in the easier mode loses the harder one too; a win in the harder one wins
    the easier one too: then nothing is said."""
    (other, target), = ((m, t) for m, t in TARGETS.items() if m != mode)
    won, harder = total >= TARGETS[mode], target > TARGETS[mode]
    if won != harder:
        return ""
    other_won = total >= target
    verdict = ("also win" if other_won else "not win") if won else ("win" if other_won else "not win")
    either = "" if won or other_won else " either"
    return f"(That would {verdict} {other.title()} mode{either}, target {target}.)"


class RoundEndScreen(SafeDismiss, ModalScreen[str | None]):
    BINDINGS = with_ids("ktk-round", [
        Binding("enter,space,n", "dismiss('next')", "next round", key_display="⏎"),
        # Esc deals nothing: it only puts the dialog away, as `l` does (Enter brings it back).
        Binding("l,escape", "dismiss('look')", "look at the board", key_display="l/esc"),
    ])

    def __init__(self, view: KtkView, card: str | None = None) -> None:
        super().__init__()
        self.view_ = view
        self.card = card

    def compose(self) -> ComposeResult:
        v = self.view_
        points = v.round_points[-1]
        left = ROUNDS - len(v.round_points)
        needed = max(0, v.target - v.total)
        outlook = (f"{v.mode.title()} target {v.target} reached already!" if needed == 0
                   else f"{counted(needed, 'more point')} needed in {counted(left, 'round')}"
                   + ("" if needed <= 10 * left else " — out of reach, but play for the score"))
        with Vertical(classes="dialog", id="round-end"):
            yield Static(f"Round {v.round} over: +{points}", classes="dialog-title")
            yield Static(f"The round ended: {ending(v, self.card)}.")
            yield Static("\n".join(breakdown(v)), classes="breakdown")
            yield Static(f"Total {v.total} · {outlook}")
            yield Static("Enter: deal the next round · l, Esc: look at the board", classes="dialog-help")
        yield KeysFooter()


class GameOverScreen(RecordsAndShare, SafeDismiss, ModalScreen[str | None]):
    BINDINGS = game_over_bindings("ktk-game-over", "board")

    def __init__(self, view: KtkView, seed: int, card: str | None = None, bot: str | None = None) -> None:
        """`bot`: the name of the bot that played (a watched game), None for a human's game."""
        super().__init__()
        self.view_ = view
        self.seed = seed
        self.card = card
        self.bot = bot

    def compose(self) -> ComposeResult:
        v = self.view_
        won = v.total >= v.target
        if self.bot is None:
            title, tone = ("YOU WIN", "-won") if won else ("You lose", "-lost")
        else:  # the watcher neither won nor lost
            title, tone = f"{self.bot} {'wins' if won else 'loses'}", ""
        with Vertical(classes="dialog", id="game-over"):
            yield Static(escape(title), classes=f"dialog-title {tone}".strip())
            yield Static(f"The last round ended: {ending(v, self.card)}.")
            yield Static("\n".join(breakdown(v)), classes="breakdown")
            yield Static(f"Total {v.total} of 30 · {v.mode.title()} mode needs {v.target} · {seed_words(self.seed)}")
            note = other_mode_note(v.mode, v.total)
            if note:
                yield Static(note)
            yield from self.share_widgets()
            same = "r: same seed · " if self.same_seed else ""
            again = self.again_words if self.at_server else "play again (new seed)"
            review = "\nv: review this game, move by move beside the hard bot" if self.finished is not None else ""
            yield Static(f"n: {again} · {same}l: look at the board · t: title{review}",
                         classes="dialog-help")
        yield KeysFooter()
