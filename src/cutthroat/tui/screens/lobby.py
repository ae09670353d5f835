"""The lobby (over `cutthroat serve` only): the server's open tables, and a seat at one.

A table is made here with the game's own setup screen (human seats are for friends; yours is the
first), and gets a four-letter code to tell them. Enter takes a free seat at the highlighted table
(or your own again, after a dropped connection), `c` joins by code, `w` watches (the public view
only). A table starts once every human seat is taken; the lobby waits with you and opens it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from cutthroat.engine.registry import GAMES
from cutthroat.saves import NAME_MAX
from cutthroat.serve.client import ServiceError
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.widgets.choice import Choice, ChoiceScreen


#: The time for a move a new table may take (seconds).
TURN_TIMES = (("30 seconds", 30), ("1 minute", 60), ("90 seconds", 90), ("3 minutes", 180), ("5 minutes", 300))


def table_line(table: dict) -> str:
    """One row of the lobby: code, game, status, the seats ("Ana (you) · Cy (bot) · 1 free")."""
    seats = []
    free = 0
    for seat in table["seats"]:
        if seat["kind"] == "bot":
            seats.append(f"{seat['name']} (bot)")
        elif seat["taken"]:
            seats.append(seat["name"] + (" (you)" if seat["you"] else ""))
        else:
            free += 1
    if free:
        seats.append(f"{free} free")
    status = {"waiting": "waiting", "playing": "playing", "over": "over"}[table["status"]]
    return f"{table['code']}  {table['title'][:22]:<22} {status:<8} {' · '.join(seats)}"


class AskScreen(ModalScreen[str | None]):
    """One line of text (a name, a table code); Esc cancels."""

    BINDINGS = with_ids("ask", [Binding("escape", "dismiss(None)", "cancel")])

    def __init__(self, question: str, max_length: int, placeholder: str = "") -> None:
        super().__init__()
        self.question = question
        self.max_length = max_length
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="ask-dialog"):
            yield Static(self.question, classes="dialog-title")
            yield Input(placeholder=self.placeholder, max_length=self.max_length, id="ask-input")
            yield Static("Enter: done · Esc: cancel", classes="dialog-help")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)


class LobbyScreen(Screen):
    BINDINGS = with_ids("lobby", [
        Binding("escape", "app.pop_screen", "back"),
        Binding("enter", "join", "join", key_display="⏎"),
        Binding("n", "new", "new table"),
        Binding("c", "code", "code"),
        Binding("w", "watch", "watch"),
        Binding("s", "start_now", "start now"),
        Binding("r", "refresh", "refresh", show=False),  # (the list refreshes itself every second)
    ])

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict] | None = None  # (None: not read yet)
        self.waiting: str | None = None  # the code of the table we wait at
        self.made: str | None = None  # the code of the table we made (its maker may start it early)
        self.watching = False

    @property
    def client(self):
        return self.app.service

    def compose(self) -> ComposeResult:
        yield Static(" CUTTHROAT ▸ Lobby", id="lobby-title", classes="title-bar")
        yield Static("Tables on this server", id="lobby-head")
        yield OptionList(id="lobby-list")
        yield Static(id="lobby-results")
        yield Static(id="lobby-status")
        yield Footer()

    def on_mount(self) -> None:
        self.set_interval(1.0, self.refresh_tables)
        if not self.client.name:
            self.app.push_screen(AskScreen(f"Your name at the tables (up to {NAME_MAX} letters), asked once:",
                                           NAME_MAX), self.named)
        else:
            self.show_name()
        self.refresh_tables()

    def named(self, name: str | None) -> None:
        if not name:
            self.app.pop_screen()  # no name, no lobby
            return
        try:
            self.client.name = self.client.request("name", name=name)["name"]
        except ServiceError as exc:
            self.say(f"✗ {exc}")
        self.show_name()

    def show_name(self) -> None:
        self.query_one("#lobby-title", Static).update(f" CUTTHROAT ▸ Lobby · you are {self.client.name}")

    def say(self, text: str) -> None:
        self.query_one("#lobby-status", Static).update(text)

    # -- the list ---------------------------------------------------------------------------------
    def refresh_tables(self) -> None:
        if self.app.screen is not self and self.waiting is None:
            return  # a table (or a dialog) is on top: the list waits
        try:
            tables = self.client.request("tables")["tables"]
        except ServiceError as exc:
            self.say(f"✗ {exc}")
            return
        menu = self.query_one("#lobby-list", OptionList)
        if tables != self.tables:
            highlighted = menu.highlighted
            self.tables = tables
            menu.clear_options()
            for table in tables:
                menu.add_option(Option(table_line(table), id=table["code"]))
            if not tables:
                menu.add_option(Option("No table yet: n makes one", id="none", disabled=True))
            if tables:
                menu.highlighted = min(highlighted or 0, len(tables) - 1)
            menu.focus()
            self.show_results()  # (a table gone from the list may have just finished)
        if self.waiting is not None:
            self.wait_at(self.waiting)

    def show_results(self) -> None:
        """Your last finished games, in a line."""
        try:
            results = self.client.request("results")["results"]
        except ServiceError:
            return
        text = " · ".join(f"{r['title'].split(':')[0]} {'won' if r['won'] else 'lost'}" for r in results)
        self.query_one("#lobby-results", Static).update(f"Your last games: {text}" if text else "")

    def highlighted(self) -> str | None:
        menu = self.query_one("#lobby-list", OptionList)
        if menu.highlighted is None or not self.tables:
            return None
        return self.tables[min(menu.highlighted, len(self.tables) - 1)]["code"]

    # -- seats --------------------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a table (the list has the keys' focus): take a seat there."""
        event.stop()
        if event.option.id and event.option.id != "none":
            self.take_seat(event.option.id)

    def action_join(self) -> None:
        code = self.highlighted()
        if code is not None:
            self.take_seat(code)

    def action_watch(self) -> None:
        code = self.highlighted()
        if code is not None:
            self.take_seat(code, watch=True)

    def action_code(self) -> None:
        self.app.push_screen(AskScreen("The table's code:", 8, "ABCD"),
                             lambda code: code and self.take_seat(code))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start_now":  # while you wait at a table you made
            return self.waiting is not None and self.made == self.waiting
        return True

    def action_start_now(self) -> None:
        try:
            self.client.request("start_now", code=self.waiting)
        except ServiceError as exc:
            self.say(f"✗ {exc}")
            return
        self.refresh_tables()

    def action_refresh(self) -> None:
        self.refresh_tables()

    def take_seat(self, code: str, watch: bool = False) -> None:
        try:
            joined = self.client.request("watch" if watch else "join", code=code)
        except ServiceError as exc:
            self.say(f"✗ {exc}")
            self.app.bell()
            return
        if joined.get("waiting"):
            self.waiting, self.watching = joined["code"], watch
            self.wait_at(joined["code"])
            return
        self.waiting = None
        self.say("")
        self.app.open_remote_table(joined)

    def wait_at(self, code: str) -> None:
        """Waiting for friends: say who is missing; once the table plays, open it."""
        table = next((t for t in self.tables or [] if t["code"] == code), None)
        if table is None:  # not in the list yet (the next refresh has it)
            self.say(f"Table {code}: waiting for players — tell your friends the code {code}")
            return
        if table["status"] == "playing":
            self.take_seat(code, self.watching)
            return
        free = sum(1 for s in table["seats"] if not s["taken"])
        early = " · s: start now, bots in the free seats" if self.made == code else ""
        self.say(f"Table {code}: waiting for {free} more player{'s' * (free != 1)} — "
                 f"tell your friends the code {code}{early}")
        self.refresh_bindings()

    # -- a new table --------------------------------------------------------------------------------
    def action_new(self) -> None:
        games = [g for g in GAMES if g.playable and g.players != "1"]  # (Kill The Kings is solitaire)
        choices = [Choice(str(i + 1), g.name, g.game_id) for i, g in enumerate(games)]
        self.app.push_screen(ChoiceScreen("A new table: which game?", choices, esc="cancel"), self.new_game)

    def new_game(self, game_id: str | None) -> None:
        if game_id is None:
            return
        from cutthroat.tui.tables import setup_screen

        self.app.push_screen(setup_screen(game_id, on_start=self.create))

    def create(self, game: str, config: dict, seed: int, seats: list) -> None:
        """The setup's Start: then the table's time for a move, and the server makes the table
        (human seats are for friends, the first for you) and we wait at it."""
        request = [{"kind": s.kind, "level": s.level, "name": s.name if s.is_bot else None} for s in seats]
        choices = [Choice(str(i + 1), label, seconds) for i, (label, seconds) in enumerate(TURN_TIMES)]
        note = ("When it runs out a bot makes that one move. A player who drops out gets a bot "
                "after the same time, until they are back.")
        self.app.push_screen(ChoiceScreen("Time for a move at this table", choices, note=note, esc="cancel"),
                             lambda seconds: seconds and self.make_table(game, config, seed, request, seconds))

    def make_table(self, game: str, config: dict, seed: int, seats: list, seconds: float) -> None:
        try:
            code = self.client.request("create", game=game, config=config, seed=seed, seats=seats,
                                       turn_seconds=seconds, away_seconds=seconds)["code"]
        except ServiceError as exc:
            self.app.notify(str(exc), title="Can't make that table", severity="error")
            return
        self.app.pop_screen()  # the setup
        self.made = code
        self.refresh_tables()
        self.take_seat(code)
