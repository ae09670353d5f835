"""The lobby (over `cutthroat serve` only): the server's open tables, and a seat at one.

A table is made here with the game's own setup screen (human seats are for friends; yours is the
first), and gets a four-letter code to tell them. Enter takes a free seat at the highlighted table
(or your own again, after a dropped connection), `c` joins by code, `w` watches (the public view
only), `x` closes a waiting table you made, `N` changes your name. A table starts once every
human seat is taken; the lobby waits with you and opens it.

Under the list, today's deal: one game's leaderboard at a time (`g` shows the next game's), and
`t` plays that game's deal here (Kill The Kings alone, the others against the fixed daily bots),
dealt from the server's secret seed. Only your first attempt of the day counts.

Everything here that came from a player (names, the server's refusals, which may quote them) is
shown as plain text (`plain`/`escape`), never as markup.
"""

from __future__ import annotations

import time

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from cutthroat.engine.registry import GAMES
from cutthroat.engine.words import counted
from cutthroat.saves import NAME_MAX
from cutthroat.serve.client import ServiceError
from cutthroat.tui.binding_ids import with_ids
from cutthroat.tui.screens.confirm import ConfirmScreen
from cutthroat.tui.stack import SafeDismiss, close_screen
from cutthroat.tui.text import escape, plain, shortened
from cutthroat.tui.widgets.choice import Choice, ChoiceScreen
from cutthroat.tui.widgets.footer import KeysFooter

#: The time for a move a new table may take (seconds).
TURN_TIMES = (("30 seconds", 30), ("1 minute", 60), ("90 seconds", 90), ("3 minutes", 180), ("5 minutes", 300))


def table_line(table: dict, width: int = 72) -> str:
    """One row of the lobby: code, game, status, the seats ("Ana (you) · Cy (bot) · 1 free"), as
    plain text (a name in it is a name, never markup), at most `width` columns: a row too long
    cuts its players' names ("Alexand… (you)"), never the count of free seats."""
    named, marks = [], []
    free = 0
    for seat in table["seats"]:
        if seat["kind"] == "bot":
            named.append(seat["name"])
            marks.append(" (bot)")
        elif seat["taken"]:
            named.append(seat["name"])
            marks.append(" (you)" if seat["you"] else "")
        else:
            free += 1
    status = {"waiting": "waiting", "playing": "playing", "over": "over"}[table["status"]]
    game = table["title"].split(":")[0]  # ("Exploding Kittens", not "Exploding Kittens: Rec")
    head = f"{table['code']}  {game[:22]:<22} {status:<8} "
    tail = [f"{free} free"] if free else []
    for longest in range(max(4, *(len(n) for n in named)) if named else 4, 3, -1):
        line = head + " · ".join([shortened(n, longest) + m for n, m in zip(named, marks)] + tail)
        if cell_len(line) <= width:
            return line
    for shown in range(len(named) - 1, -1, -1):  # still too long: the last players counted instead
        more = [f"+{len(named) - shown} more"]
        line = head + " · ".join([shortened(n, 4) + m for n, m in zip(named[:shown], marks)] + more + tail)
        if cell_len(line) <= width:
            return line
    return line  # (the list's own "…" ends what still doesn't fit)


class AskScreen(SafeDismiss, ModalScreen[str | None]):
    """One line of text (a name, a table code); Esc cancels. `problem`: why the last answer was
    refused, shown under the question (the player answers again)."""

    DEFAULT_CSS = """
    #ask-problem {
        margin: 0 0 1 0;
    }
    """

    BINDINGS = with_ids("ask", [Binding("escape", "dismiss(None)", "cancel")])

    def __init__(self, question: str, max_length: int, placeholder: str = "", *, problem: str = "",
                 value: str = "") -> None:
        super().__init__()
        self.question = question
        self.max_length = max_length
        self.placeholder = placeholder
        self.problem = problem
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="ask-dialog"):
            yield Static(plain(self.question), classes="dialog-title")
            if self.problem:
                yield Static(f"[$error]✗ {escape(self.problem)}[/]", id="ask-problem")
            yield Input(self.value, placeholder=self.placeholder, max_length=self.max_length, id="ask-input")
            yield Static("Enter: done · Esc: cancel", classes="dialog-help")
        yield KeysFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)


class LobbyScreen(Screen):
    DEFAULT_CSS = """
    #lobby-head {
        padding: 1 1 0 1;
        color: $primary;
        text-style: bold;
    }
    #lobby-list {
        height: 1fr;
        margin: 0 1;
        text-wrap: nowrap;  /* a long row ends in "…" rather than wrapping */
        text-overflow: ellipsis;
    }
    #lobby-status {
        height: 2;
        padding: 0 1;
    }
    #lobby-daily {
        height: auto;
        max-height: 6;
        padding: 0 1;
    }
    #lobby-results {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    """

    BINDINGS = with_ids("lobby", [
        Binding("escape", "app.pop_screen", "back"),
        Binding("enter", "join", "join", key_display="⏎"),
        Binding("n", "new", "new table"),
        Binding("c", "code", "code"),
        Binding("w", "watch", "watch"),
        Binding("s", "start_now", "start"),
        Binding("x", "close_table", "close"),
        Binding("N", "rename", "name"),
        Binding("L", "link", "browser link", show=False),  # (a one-time code for the web door)
        Binding("t", "daily", "today's deal"),
        Binding("g", "next_board", "next game", show=False),  # (the panel's first line says it)
        Binding("G", "next_board(-1)", "previous game", show=False),
        Binding("r", "refresh", "refresh", show=False),  # (the list refreshes itself when it changes)
    ])

    #: How long a refusal stays under the list before the status (who a table waits for) is back.
    ERROR_SECONDS = 8.0

    def __init__(self, join: str | None = None) -> None:
        """`join`: a table code to take your seat at once (the title's Continue)."""
        super().__init__()
        self.tables: list[dict] | None = None  # (None: not read yet)
        #: Your daily tables not yet over (the server lists them to you only): not in the list
        #: (the panel's `t` takes you back), but the title's Continue may join one by its code.
        self.daily_tables: list[dict] = []
        self.waiting: str | None = None  # the code of the table we wait at
        self.made: str | None = None  # the code of the table we made (its maker may start it early)
        self.watching = False
        self.join_code = join
        self.error_until = 0.0  # (time.monotonic) a refusal is on show until then
        self.boards: dict | None = None  # today's leaderboards as the server last told them
        self.board = 0  # the game whose leaderboard is on show (index into boards["games"])

    @property
    def client(self):
        return self.app.service

    def compose(self) -> ComposeResult:
        yield Static(" CUTTHROAT ▸ Lobby", id="lobby-title", classes="title-bar")
        yield Static("Tables on this server", id="lobby-head")
        yield OptionList(id="lobby-list")
        yield Static(id="lobby-daily")
        yield Static(id="lobby-results")
        yield Static(id="lobby-status")
        yield KeysFooter(compact=True)  # (every key fits at 80 columns)

    def on_mount(self) -> None:
        """The list is read now, and again whenever the server says it may read differently (a
        table made, joined, started, closed or over): nothing is asked while nothing happens."""
        self.client.on_tables_changed = self.told_tables_changed
        try:
            self.client.request("watch_tables")
        except ServiceError as exc:
            self.refuse(str(exc))
        if not self.client.name:
            self.ask_name(first=True)
        else:
            self.show_name()
        self.refresh_tables()
        self.refresh_boards()
        if self.join_code:
            self.take_seat(self.join_code)

    # -- your name ------------------------------------------------------------------------------------
    def ask_name(self, first: bool, problem: str = "", tried: str = "") -> None:
        """The name prompt (the first one, or `N`): a refused name is asked again, with the
        server's reason, until one is taken or the prompt is cancelled."""
        question = (f"Your name at the tables (up to {NAME_MAX} letters):" if first
                    else f"Your new name (up to {NAME_MAX} letters; Esc keeps {self.client.name}):")
        self.app.push_screen(AskScreen(question, NAME_MAX, problem=problem, value=tried),
                             lambda name: self.named(name, first))

    def named(self, name: str | None, first: bool = True) -> None:
        if not name:
            if first:
                close_screen(self.app, self)  # no name, no lobby
            return
        try:
            self.client.name = self.client.request("name", name=name)["name"]
        except ServiceError as exc:
            self.ask_name(first, str(exc), name)
            return
        self.show_name()
        if not first:
            self.say(f"You are {self.client.name} at the tables now.")

    def action_rename(self) -> None:
        self.ask_name(first=False)

    def action_link(self) -> None:
        """L: a one-time code that makes a browser this player at the server's web door (one
        person, one name and history across both doors)."""
        try:
            reply = self.client.request("link")
        except ServiceError as exc:
            self.refuse(str(exc))
            return
        where = f"{reply['url']}/link/{reply['code']}" if reply.get("url") else f"<web address>/link/{reply['code']}"
        self.say(f"In a browser ({reply['minutes']} min, once): {where}")

    def show_name(self) -> None:
        self.query_one("#lobby-title", Static).update(plain(f" CUTTHROAT ▸ Lobby · you are {self.client.name}"))

    # -- the line under the list ------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """A line of news under the list (it replaces a refusal on show: it is newer)."""
        self.error_until = 0.0
        self._show(text)

    def refuse(self, reason: str) -> None:
        """A refused request's one-line reason: it stays for ERROR_SECONDS, whatever the status
        would say meanwhile; then the status (the table you wait at) is back."""
        self._show(f"✗ {reason}")
        self.error_until = time.monotonic() + self.ERROR_SECONDS
        self.set_timer(self.ERROR_SECONDS, self.status_back)
        self.app.bell()

    def status_back(self) -> None:
        if time.monotonic() < self.error_until - 1.0:
            return  # (a newer refusal: its own timer brings the status back)
        self.error_until = 0.0
        if self.is_attached and self.waiting is not None and self.tables is not None:
            self.wait_at(self.waiting)

    def status(self, text: str) -> None:
        """The status (who a table waits for): shown unless a refusal is."""
        if time.monotonic() >= self.error_until:
            self._show(text)

    def _show(self, text: str) -> None:
        self.query_one("#lobby-status", Static).update(plain(text))

    # -- the list ---------------------------------------------------------------------------------
    def refresh_tables(self) -> None:
        if self.app.screen is not self and self.waiting is None:
            return  # a table (or a dialog) is on top: the list waits
        try:
            tables = self.client.request("tables")["tables"]
        except ServiceError as exc:
            self.status(f"✗ {exc}")
            return
        self.daily_tables = [t for t in tables if t.get("daily")]
        tables = [t for t in tables if not t.get("daily")]
        menu = self.query_one("#lobby-list", OptionList)
        if tables != self.tables:
            highlighted = menu.highlighted
            self.tables = tables
            menu.clear_options()
            for table in tables:
                menu.add_option(Option(plain(table_line(table, self.row_width())), id=table["code"]))
            if not tables:
                menu.add_option(Option("No table yet: n makes one", id="none", disabled=True))
            if tables:
                menu.highlighted = min(highlighted or 0, len(tables) - 1)
            menu.focus()
            self.refresh_bindings()  # (x closes a table: shown on a waiting one of yours)
            self.show_results()  # (a table gone from the list may have just finished)
        if self.waiting is not None:
            self.wait_at(self.waiting)

    def row_width(self) -> int:
        """The columns a row of the list has: 72 at 80 (the list's margins, border and padding, and
        an option's own). From the terminal's width, known before the list is laid out."""
        return self.app.size.width - 8

    def show_results(self) -> None:
        """Your last finished games, in a line."""
        try:
            results = self.client.request("results")["results"]
        except ServiceError:
            return
        text = " · ".join(f"{r['title'].split(':')[0]} {'won' if r['won'] else 'lost'}" for r in results)
        self.query_one("#lobby-results", Static).update(plain(f"Your last games: {text}" if text else ""))

    # -- told by the server -------------------------------------------------------------------------
    def on_unmount(self) -> None:
        if self.client.on_tables_changed == self.told_tables_changed:
            self.client.on_tables_changed = None

    class TablesChanged(Message):
        """The server's word that the list of tables may read differently."""

    def told_tables_changed(self) -> None:
        """(The service's reader thread: posted, never waited for.)"""
        self.post_message(self.TablesChanged())

    def on_lobby_screen_tables_changed(self, message: "LobbyScreen.TablesChanged") -> None:
        """The list, and today's boards with it, read again."""
        self.refresh_tables()
        self.refresh_boards()  # (a daily deal over is a table over: its board may have moved)

    def on_screen_resume(self) -> None:
        self.refresh_tables()  # (a change told while a table was on top waited for now)
        self.refresh_boards()  # (back from a table: a deal may have just been played)

    # -- today's deal -------------------------------------------------------------------------------
    def refresh_boards(self) -> None:
        """Today's leaderboards, read again (a server without them: no panel)."""
        if self.app.screen is not self:
            return
        try:
            boards = self.client.request("daily")
        except ServiceError:
            boards = None
        if boards != self.boards:
            self.boards = boards
            self.show_board()
            self.refresh_bindings()

    def shown_board(self) -> dict | None:
        games = (self.boards or {}).get("games") or []
        return games[self.board % len(games)] if games else None

    def show_board(self) -> None:
        """The leaderboard of one game, as plain text: a line on the game and how you stand,
        then each player's counted result, best first (ties: who finished first)."""
        board = self.shown_board()
        panel = self.query_one("#lobby-daily", Static)
        if board is None:
            panel.update("")
            return
        games = len(self.boards["games"])
        status = {"playing": "yours is on: t takes you back"}.get(board["status"], board["status"])
        head = f"Today's deal · {board['title'].split(':')[0]} · {status}"
        more = f" · g: next game ({self.board % games + 1}/{games})" if games > 1 else ""
        lines = [shortened(head, 76 - len(more)) + more]
        for row in board["board"]:
            mark = "  ← you" if row["you"] else ""
            lines.append(f"{row['rank']:>3}. {shortened(row['name'], NAME_MAX):<{NAME_MAX}}  {row['result']}{mark}")
        if not board["board"]:
            lines.append("     Nobody has played it yet today: t deals it for you")
        panel.update(plain("\n".join(lines)))

    def action_next_board(self, step: int = 1) -> None:
        if self.boards and self.boards.get("games"):
            self.board = (self.board + step) % len(self.boards["games"])
            self.show_board()

    def action_daily(self) -> None:
        """Today's deal of the game on show: your attempt (again, if one is playing). A deal you
        have played is asked about first: another go is played, never counted."""
        board = self.shown_board()
        if board is None:
            return
        if board["status"] in ("not yet played", "playing"):
            self.play_daily(board["game"], resumes=board["status"] == "playing")
            return
        title = board["title"].split(":")[0]
        self.app.push_screen(ConfirmScreen(f"Play today's {title} again?",
                                           "Only your first attempt of the day counts: this one won't."),
                             lambda yes: yes and self.is_active and self.play_daily(board["game"]))

    def play_daily(self, game: str, resumes: bool = False) -> None:
        try:
            joined = self.client.request("daily_start", game=game)
        except ServiceError as exc:
            self.refuse(str(exc))
            return
        self.say("")
        self.app.open_remote_table(joined, resumes=resumes)

    def table(self, code: str) -> dict | None:
        """The table `code` as the list last read it."""
        return next((t for t in [*(self.tables or []), *self.daily_tables] if t["code"] == code), None)

    def highlighted(self) -> str | None:
        menu = self.query_one("#lobby-list", OptionList)
        if menu.highlighted is None or not self.tables:
            return None
        return self.tables[min(menu.highlighted, len(self.tables) - 1)]["code"]

    # -- seats --------------------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a table (the list has the keys' focus): take a seat there. (Dropped if the
        lobby is covered by now: an Enter queued behind the one that opened a table.)"""
        event.stop()
        if event.option.id and event.option.id != "none" and self.is_active:
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
                             lambda code: code and self.is_active and self.take_seat(code))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_board":  # (a server that tells today's deal)
            return self.shown_board() is not None
        if action == "daily":  # (not while you wait for friends at a table: the footer has `s` then)
            return self.shown_board() is not None and self.waiting is None
        if action == "start_now":  # while you wait at a table you made
            return self.waiting is not None and self.made == self.waiting
        if action == "close_table":  # a waiting table of yours is highlighted (the server checks again)
            table = self.table(self.highlighted() or "")
            return table is not None and table.get("yours", True) and table["status"] == "waiting"
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()  # (x: shown on a waiting table of yours)

    def action_start_now(self) -> None:
        try:
            self.client.request("start_now", code=self.waiting)
        except ServiceError as exc:
            self.refuse(str(exc))
            return
        self.refresh_tables()

    def action_refresh(self) -> None:
        self.refresh_tables()

    def take_seat(self, code: str, watch: bool = False, waited: bool = False) -> None:
        """Sit at (or watch) table `code`. A table still waiting for players: wait here with it.
        `waited`: we waited at it and it has started (a first seat, not one taken again)."""
        before = self.table(code)
        try:
            joined = self.client.request("watch" if watch else "join", code=code)
        except ServiceError as exc:
            self.refuse(str(exc))
            return
        if joined.get("waiting"):
            self.waiting, self.watching = joined["code"], watch
            self.say(f"Table {joined['code']}: waiting for players — tell your friends the code {joined['code']}")
            self.call_later(self.refresh_tables)  # (it may have started meanwhile: then it opens)
            return
        self.waiting = None
        self.say("")
        # Your seat again at a table that was already playing (a playing table has no free seat).
        resumes = not watch and not waited and before is not None and before["status"] == "playing"
        self.app.open_remote_table(joined, resumes=resumes)

    def wait_at(self, code: str) -> None:
        """Waiting for friends: say who is missing; once the table plays, open it. (Called with a
        list just read: a table gone from it was closed.)"""
        table = self.table(code)
        if table is None:
            self.waiting = None
            self.refuse(f"Table {code} was closed")
            self.refresh_bindings()
            return
        if table["status"] == "playing":
            self.take_seat(code, self.watching, waited=True)
            return
        free = sum(1 for s in table["seats"] if not s["taken"])
        early = " · s: start now, bots in the free seats" if self.made == code else ""
        self.status(f"Table {code}: waiting for {counted(free, 'more player')} — "
                    f"tell your friends the code {code}{early}")
        self.refresh_bindings()

    # -- closing a table you made --------------------------------------------------------------------
    def action_close_table(self) -> None:
        code = self.highlighted()
        if code is None:
            return
        self.app.push_screen(ConfirmScreen(f"Close table {code}?", "Whoever waits at it is told it was closed."),
                             lambda yes: yes and self.close_table(code))

    def close_table(self, code: str) -> None:
        try:
            self.client.request("close", code=code)
        except ServiceError as exc:
            self.refuse(str(exc))
            return
        if self.waiting == code:
            self.waiting = None
        if self.made == code:
            self.made = None
        self.say(f"Table {code} is closed.")
        self.refresh_tables()
        self.refresh_bindings()

    # -- a new table --------------------------------------------------------------------------------
    def action_new(self) -> None:
        games = [g for g in GAMES if g.playable and g.players != "1"]  # (Kill The Kings is solitaire)
        choices = [Choice(str(i + 1), g.name, g.game_id) for i, g in enumerate(games)]
        self.app.push_screen(ChoiceScreen("A new table: which game?", choices, esc="cancel"), self.new_game)

    def new_game(self, game_id: str | None) -> None:
        if game_id is None or not self.is_active:  # (a game picked by a key queued behind another)
            return
        from cutthroat.tui.tables import setup_screen

        setup = setup_screen(game_id, on_start=self.create)
        setup.on_start = lambda *table: self.create(setup, *table)  # (so the table closes this setup)
        self.app.push_screen(setup)

    def create(self, setup: Screen, game: str, config: dict, seed: int, seats: list) -> None:
        """The setup's Start: then the table's time for a move, and the server makes the table
        (human seats are for friends, the first for you) and we wait at it. (The server deals
        from a seed of its own: the setup's is not sent.)"""
        request = [{"kind": s.kind, "level": s.level, "name": s.name if s.is_bot else None} for s in seats]
        choices = [Choice(str(i + 1), label, seconds) for i, (label, seconds) in enumerate(TURN_TIMES)]
        note = ("When it runs out a bot makes that one move. A player who drops out gets a bot "
                "after the same time, until they are back.")
        self.app.push_screen(ChoiceScreen("Time for a move at this table", choices, note=note, esc="cancel"),
                             lambda seconds: seconds and self.make_table(setup, game, config, request, seconds))

    def make_table(self, setup: Screen, game: str, config: dict, seats: list, seconds: float) -> None:
        if setup not in self.app.screen_stack:
            return  # (its setup was left meanwhile: a stale answer)
        try:
            code = self.client.request("create", game=game, config=config, seats=seats,
                                       turn_seconds=seconds, away_seconds=seconds)["code"]
        except ServiceError as exc:
            self.app.notify(escape(str(exc)), title="Can't make that table", severity="error")
            return
        close_screen(self.app, setup)  # the setup, and anything a burst of keys left above it
        self.made = code
        self.refresh_tables()
        self.take_seat(code)
