"""Kill Your Friends setup: 2–8 seats (human or a bot level, a name, a character), the variants,
a seed. Impossible setups are refused with the rules' own reason. The seats, seed, keys and
readiness line are the shared `SeatSetupScreen`'s.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Label

from cutthroat.games.kill_your_friends.cards import CHARACTERS, COLOUR_LETTERS
from cutthroat.games.kill_your_friends.rules import HEAD_HUNTER_TARGETS, RULES, setup_problem
from cutthroat.tui.tables.seat_setup import Cycler, SeatSetupScreen

CHAR_OPTIONS = tuple((letter, f"{letter} {name}") for letter, name in CHARACTERS)
ON_OFF = (("off", "off"), ("on", "on"))
KILL_JOY = (("off", "off"), ("remove", "remove Head Swap"), ("once", "Head Swap once"))
HEAD_HUNTER = (("off", "off"), *((t, f"{t} kill{'s' * (t != '1')}") for t in HEAD_HUNTER_TARGETS))
VARIANT_HELP = {v.name: v.help for v in RULES.variants}
_CHAR_THEME = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple", "O": "orange",
               "K": "pink", "W": "white"}


class CharacterCycler(Cycler):
    """A character: its letter badge in the character's colour, then the name."""

    def styled(self, text: str) -> str:
        letter = self.value
        return f"[reverse bold $card-char-{_CHAR_THEME[letter]}] {letter} [/]{text[2:]} "


class SetupScreen(SeatSetupScreen):
    CSS_PATH = "kyf.tcss"
    GAME_ID = "kill-your-friends"
    GAME_NAME = "Kill Your Friends"
    MAX_SEATS = 8
    PLAYERS_HELP = "2–6 players; up to 8 with Sudden Death"
    SEAT_COLUMNS = "Seat  Who                Name          Character"
    HOT_SEAT_NOTE = "a curtain hides each hand between turns"
    FORM_ID = "kyf-setup"

    def compose_seat_columns(self, seat: int) -> ComposeResult:
        yield CharacterCycler(CHAR_OPTIONS, COLOUR_LETTERS[seat], width=8, id=f"char-{seat}",
                              help="Character: every player (every team in Co-op) needs its own")

    def compose_game_rows(self) -> ComposeResult:
        with Horizontal(classes="setup-line variants", id="variants-1"):
            yield Label("Sudden Death", classes="setup-label")
            yield Cycler(ON_OFF, "off", width=3, id="sudden-death", help=VARIANT_HELP["sudden-death"])
            yield Label("Kill Joy", classes="setup-label short")
            yield Cycler(KILL_JOY, "off", width=15, id="kill-joy", help=VARIANT_HELP["kill-joy"])
        with Horizontal(classes="setup-line variants"):
            yield Label("Co-op", classes="setup-label")
            yield Cycler(ON_OFF, "off", width=3, id="co-op", help=VARIANT_HELP["co-op"])
            yield Label("Head Hunter", classes="setup-label short")
            yield Cycler(HEAD_HUNTER, "off", width=15, id="head-hunter", help=VARIANT_HELP["head-hunter"])

    # -- reading the form ------------------------------------------------------------------------
    def characters(self) -> str:
        n = self.players
        co_op = self.value("co-op") == "on"
        letters = []
        for i in range(n):
            source = i - n // 2 if co_op and i >= n // 2 else i
            letters.append(self.value(f"char-{source}"))
        return "".join(letters)

    def config(self) -> dict[str, str]:
        config = {
            "sudden-death": self.value("sudden-death"),
            "kill-joy": self.value("kill-joy"),
            "co-op": self.value("co-op"),
            "head-hunter": self.value("head-hunter"),
        }
        # The rules' own default deal (seat i plays colour i; Co-op teams i and i+n/2) needs no
        # `characters` key; only a changed line-up is spelled out.
        n = self.players
        teams = [i % (n // 2) for i in range(n)] if config["co-op"] == "on" else list(range(n))
        characters = self.characters()
        if characters != "".join(COLOUR_LETTERS[t] for t in teams):
            config["characters"] = characters
        return config

    def rules_problem(self) -> str | None:
        return setup_problem(self.config(), self.players)

    # -- keeping the form consistent -------------------------------------------------------------
    def apply_game_rules(self) -> None:
        """In Co-op the second half of the seats plays its partners' characters: shown, not chosen."""
        n = self.players
        co_op = self.value("co-op") == "on"
        for i in range(self.MAX_SEATS):
            char = self.query_one(f"#char-{i}", Cycler)
            mirrored = co_op and n // 2 <= i < n
            char.disabled = mirrored
            char.mirror = f"= seat {i - n // 2 + 1}" if mirrored else ""
            char.redraw()

    # -- moving around -------------------------------------------------------------------------
    def seat_row(self, seat: int) -> list[Widget]:
        row = super().seat_row(seat)
        char = self.query_one(f"#char-{seat}")
        if not char.disabled:
            row.append(char)
        return row

    def game_rows(self) -> list[list[Widget]]:
        return [[self.query_one("#sudden-death"), self.query_one("#kill-joy")],
                [self.query_one("#co-op"), self.query_one("#head-hunter")]]
