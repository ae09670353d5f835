"""The Kill Your Friends table.

One row per player (seat number, character letter, name, bot level, cards in hand, life cards
♥/✝, the attack sequence on them — a 3 on top marked deadly, the Reaper marked), the deck and the
middle pile, whose turn it is and what they owe, the hand panel of the human to act, the event log.

Keys: ←/→ choose a card, Enter/space play it (a prompt asks for the target when there is a
choice), 1–8 play it on that seat, d pick up (or skip when the deck is empty), r reveal (only
when the hand qualifies), Enter also takes a forced turn, f skips ahead through bot turns,
h hint, s save, ? rules, Esc menu.

Hot-seat (two or more humans): a privacy curtain hides the table between two humans' turns, the
hand panel is empty while a bot or another human is to act, and the event log narrates only
public events (a human's own pick-ups are told to them, privately, when their turn comes).
"""

from __future__ import annotations

from typing import Sequence

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Click
from textual.markup import escape
from textual.widgets import Footer, Static

from cutthroat.engine.protocol import Action, Event, IllegalAction
from cutthroat.games.kill_your_friends.actions import (
    DRAW,
    FORCED_KINDS,
    PASS,
    REAPER_RESURRECT,
    REAPER_SAVE,
    REVEAL,
)
from cutthroat.games.kill_your_friends.cards import CHAOS, CHAOS_CARDS, COLOUR_LETTERS, KILL, REAPER, KyfCard
from cutthroat.games.kill_your_friends.knowledge import deadly
from cutthroat.games.kill_your_friends.state import KyfView
from cutthroat.games.kill_your_friends.text import (
    FORCED_PROMPTS,
    WIN_HOW,
    choice_title,
    describe_action,
    owes,
    why_not_on,
    why_unplayable,
)
from cutthroat.session import Session
from cutthroat.tui.tables.base import SharedTableScreen
from cutthroat.tui.widgets.choice import Choice, ChoiceScreen
from cutthroat.tui.widgets.event_log import EventLog, to_ascii
from cutthroat.tui.widgets.hand import HandCard, HandPanel, chip

GAME_TITLE = "Kill Your Friends"
MAX_SEATS = 8

# Engine colour letter -> the theme's `$card-char-*` variable.
_THEME_CHAR = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple", "O": "orange",
               "K": "pink", "W": "white"}
CHAR_STYLE = tuple(f"$card-char-{_THEME_CHAR[letter]}" for letter in COLOUR_LETTERS)
CHAOS_STYLE = "$primary"
REAPER_STYLE = "$foreground"

UNICODE = {"alive": "♥", "dead": "✝", "turn": "▶", "cw": "↻", "ccw": "↺", "deck": "▒", "cards": "▮",
           "skull": "☠", "star": "★", "x": "✗", "dot": "·", "ell": "…", "arrow": "→"}
ASCII = {"alive": "o", "dead": "x", "turn": ">", "cw": "(cw)", "ccw": "(ccw)", "deck": "#", "cards": "c",
         "skull": "!", "star": "*", "x": "x", "dot": ".", "ell": "..", "arrow": "->"}
_ASCII_EXTRA = str.maketrans({"▶": ">", "↻": "(cw)", "↺": "(ccw)", "☠": "!", "▮": "c", "★": "*",
                              "↔": "<->", "♥": "o", "✝": "x", "⏎": "Enter", "←": "<", "→": "->"})


def ascii_text(text: str) -> str:
    return to_ascii(text.translate(_ASCII_EXTRA))


# -- reading the view ------------------------------------------------------------------------------
def action_card(action: Action) -> KyfCard | None:
    card = getattr(action, "card", None)
    if card is None and action.kind == "reaper":
        return REAPER
    return card


def action_target(action: Action) -> int:
    """The seat an action is aimed at (-1: none)."""
    kind = action.kind
    if kind == "attack":
        return action.victim
    if kind == "dump":
        return action.grave
    if kind in ("chaos", "reaper"):
        return action.target
    return -1


def card_style(card: KyfCard) -> str:
    if card.kind == KILL:
        return CHAR_STYLE[card.colour]
    return CHAOS_STYLE if card.kind == CHAOS else REAPER_STYLE


def sort_hand(hand: Sequence[KyfCard], mine: int) -> list[KyfCard]:
    rank = {KILL: 0, CHAOS: 1}
    return sorted(hand, key=lambda c: (rank.get(c.kind, 2), c.colour != mine, c.colour, c.number, c.index))


# -- the screen ------------------------------------------------------------------------------------
class TableScreen(SharedTableScreen):
    CSS_PATH = "kyf.tcss"
    BINDINGS = [
        Binding("left", "move(-1)", "card", key_display="←→"),
        Binding("right", "move(1)", show=False),
        Binding("home", "move(-99)", show=False),
        Binding("end", "move(99)", show=False),
        Binding("enter,space", "forced", "take it", key_display="⏎"),
        Binding("enter,space", "play", "play", key_display="⏎"),
        Binding("enter", "results", "results", key_display="⏎"),
        *[Binding(str(i + 1), f"target({i})", show=False) for i in range(MAX_SEATS)],
        Binding("d", "draw", "pick up"),
        Binding("d", "pass_turn", "skip turn"),
        Binding("r", "reveal", "reveal"),
        Binding("f", "skip_ahead", "skip ahead"),
        Binding("h", "hint", "hint"),
        Binding("s", "save", "save"),
        Binding("question_mark", "rules", "rules", key_display="?"),
        Binding("escape", "menu", "menu"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.hinted: Action | None = None
        self.warned_bots = False

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="kyf-title", classes="title-bar")
        with Horizontal(id="kyf-main"):
            with Vertical(id="kyf-board", classes="-crowded" if self.session.view(None).n >= 6 else ""):
                yield Static(id="kyf-head")
                for seat in range(self.session.view(None).n):
                    yield Static(id=f"seat-{seat}", classes="kyf-seat")
                yield Static(id="kyf-piles")
                with Vertical(id="kyf-bottom"):
                    yield Static(id="kyf-status")
                    yield Static(id="kyf-message")
                    yield HandPanel(id="kyf-hand")
            yield EventLog(id="kyf-log")
        yield Footer()

    def on_mount(self) -> None:
        self.session.subscribe(self.on_session_change)
        log = self.query_one(EventLog)
        view = self.public
        variants = self.variant_text(view)
        log.write(self.sym_text(f"{view.n} players{' · ' + variants if variants else ''}"))
        log.write(f"Seed {self.session.seed}")
        if self.session.log:
            log.write(f"Resumed after {len(self.session.log)} moves")
        self.refresh_table()
        self.call_after_refresh(self.next_turn)

    def on_unmount(self) -> None:
        self.session.unsubscribe(self.on_session_change)

    def on_resize(self) -> None:
        self.refresh_table()  # the title bar's right-hand part follows the width

    def on_screen_resume(self) -> None:
        self.session.undo_allowed = self.app.settings.undo
        self.refresh_table()
        self.next_turn()

    # -- who sees what -------------------------------------------------------------------------
    @property
    def sym(self) -> dict[str, str]:
        return ASCII if self.ascii_style else UNICODE

    def sym_text(self, text: str) -> str:
        return ascii_text(text) if self.ascii_style else text

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is on screen: the one human, or (hot-seat) the human to act once
        they have passed the curtain; None while a bot or a not-yet-revealed human is to act."""
        if not self.humans:
            return None
        if not self.hot_seat:
            return self.humans[0]
        current = self.session.current_seat
        if current is not None and current == self.revealed and not self.curtain_up:
            return current
        return None

    @property
    def my_turn(self) -> bool:
        current = self.session.current_seat
        return current is not None and current == self.viewer

    def needs_curtain(self) -> bool:
        current = self.session.current_seat
        return (self.hot_seat and current is not None and not self.is_bot(current)
                and current != self.revealed)

    def legal(self) -> list[Action]:
        return self.session.legal_actions(self.viewer) if self.my_turn else []

    def forced(self) -> Action | None:
        legal = self.legal()
        if len(legal) == 1 and legal[0].kind in FORCED_KINDS:
            return legal[0]
        return None

    def hand(self, view: KyfView) -> list[KyfCard]:
        return sort_hand(view.hand, view.colour) if view.seat is not None else []

    def selected_card(self) -> KyfCard | None:
        viewer = self.viewer
        if viewer is None:
            return None
        cards = self.hand(self.session.view(viewer))
        if not cards:
            return None
        return cards[max(0, min(self.cursor, len(cards) - 1))]

    def options_for(self, card: KyfCard | None) -> list[Action]:
        if card is None:
            return []
        return [a for a in self.legal() if action_card(a) is card]

    # -- drawing -------------------------------------------------------------------------------
    def variant_text(self, view: KyfView) -> str:
        parts = []
        if view.sudden_death:
            parts.append("Sudden Death")
        if view.kill_joy != "off":
            parts.append(f"Kill Joy ({view.kill_joy})")
        if view.co_op:
            parts.append("Co-op")
        if view.head_hunter:
            parts.append(f"Head Hunter {view.head_hunter}")
        return " · ".join(parts)

    def refresh_table(self) -> None:
        viewer = self.viewer
        view = self.session.view(viewer)
        # Keep the cursor on the same card as the hand changes.
        cards = self.hand(view)
        if self.cursor_code is not None:
            codes = [c.code for c in cards]
            if self.cursor_code in codes and (self.cursor >= len(cards) or cards[self.cursor].code != self.cursor_code):
                self.cursor = codes.index(self.cursor_code)
        self.cursor = max(0, min(self.cursor, len(cards) - 1)) if cards else 0
        self.cursor_code = cards[self.cursor].code if cards else None
        selected = cards[self.cursor] if cards and self.my_turn else None
        options = self.options_for(selected)
        targets = {action_target(a) for a in options} - {-1}
        self.draw_title(view)
        self.put("#kyf-head", self.head_line(view))
        for seat in range(view.n):
            self.put(f"#seat-{seat}", self.seat_line(view, seat, seat in targets))
            row = self.query_one(f"#seat-{seat}", Static)
            row.set_class(view.phase == "play" and view.turn == seat, "-turn")
            row.set_class(view.out[seat], "-out")
            row.set_class(seat in targets, "-target")
            row.set_class(viewer == seat, "-me")
        self.put("#kyf-piles", self.piles_text(view))
        self.put("#kyf-status", self.status_text(view))
        self.put("#kyf-message", self.message_text(view))
        self.draw_hand(view, cards, selected, options, targets)
        self.refresh_bindings()

    def draw_title(self, view: KyfView) -> None:
        left = f" CUTTHROAT ▸ {GAME_TITLE}"
        variants = self.variant_text(view)
        if variants:
            left += f" · {variants}"
        if view.phase == "play":
            arrow = self.sym["cw"] if view.direction > 0 else self.sym["ccw"]
            right = f"{self.whose(view.turn)} turn {arrow} "
        else:
            right = "Game over "
        width = self.size.width or 80
        if len(left) + len(right) + 1 > width:
            left = left[: max(0, width - len(right) - 2)] + "…"
        text = left + " " * max(1, width - len(left) - len(right)) + right
        self.put("#kyf-title", escape(self.sym_text(text)))

    def head_line(self, view: KyfView) -> str:
        kills = "Kills " if view.head_hunter else ""
        return f"[$text-muted] # {'Player':<23}Hand {kills}Life Attack on them[/]"

    def seat_line(self, view: KyfView, seat: int, target: bool) -> str:
        """Columns: ▶ 1  R  Name      level     7▮ ★2  ♥ ♥  R1 R2 R3 ☠deadly (head_line matches)."""
        s = self.sym
        style = CHAR_STYLE[view.colours[seat]]
        mark = s["turn"] if view.phase == "play" and view.turn == seat else " "
        number = str(seat + 1)
        number = f"[reverse bold $card-highlight]{number}[/]" if target else number
        badge = f"[reverse bold {style}] {view.letter(seat)} [/]"
        name = escape(self.names[seat][:9].ljust(9))
        info = self.session.seats[seat]
        if info.is_bot:
            level = info.level or "bot"
            level = "bot" if level.casefold() in info.name.casefold() else level
        else:
            level = "you" if len(self.humans) == 1 else ""
        cards = f"{view.hand_counts[seat]:>3}{s['cards']}" if not view.out[seat] else "    "
        kills = f"{s['star']}{view.points[seat]:<3}  " if view.head_hunter else ""
        lives = " ".join(f"[bold $error]{s['alive']}[/]" if alive else f"[$text-muted]{s['dead']}[/]"
                         for alive in sorted(view.lives[seat], reverse=True))
        lives += " " * (3 - (2 * len(view.lives[seat]) - 1))
        line = f"{mark}{number} {badge} [bold]{name}[/] [$text-muted]{level:<9}[/]{cards} {kills}{lives}  "
        used = 1 + 1 + 1 + 3 + 1 + 9 + 1 + 9 + 4 + 1 + len(kills) + 3 + 2
        line += self.attack_text(view, seat, max(8, 56 - used))
        return self.sym_text(line) if self.ascii_style else line

    def attack_text(self, view: KyfView, seat: int, room: int) -> str:
        s = self.sym
        if view.out[seat]:
            grave = list(view.attack[seat]) + list(view.graveyard[seat])
            head = "[$text-muted]out[/]"
            return head + (" " + self.card_row(grave, room - 4) if grave else "")
        extra = []
        extra_len = 0
        if view.reaper_on == seat:
            extra.append(f"[bold reverse $error]{s['skull']}Reaper[/]")
            extra_len += 8
        if view.owe[seat]:
            extra.append(f"[bold $warning]+{view.owe[seat]} owed[/]")
            extra_len += len(f"+{view.owe[seat]} owed") + 1
        seq = view.attack[seat]
        parts = []
        if seq:
            top_deadly = seq[-1].number == 3
            row_room = room - extra_len - (7 if top_deadly else 0)
            parts.append(self.card_row(seq, row_room, deadly_top=top_deadly))
            if top_deadly:
                parts.append(f"[bold $error]{s['skull']}deadly[/]")
        return " ".join(parts + extra)

    def card_row(self, cards: Sequence[KyfCard], room: int, deadly_top: bool = False) -> str:
        """`R1 R2 R3` in their colours; the oldest dropped with … when there isn't room."""
        labels = [c.label for c in cards]
        shown = list(range(len(cards)))
        while shown and sum(len(labels[i]) + 1 for i in shown) + (2 if len(shown) < len(cards) else 0) > room:
            shown.pop(0)
        out = [self.sym["ell"]] if len(shown) < len(cards) else []
        for i in shown:
            card = cards[i]
            style = card_style(card)
            if deadly_top and i == len(cards) - 1:
                out.append(f"[bold reverse {style}]{card.label}[/]")
            else:
                out.append(f"[bold {style}]{card.label}[/]")
        return " ".join(out)

    def piles_text(self, view: KyfView) -> str:
        s = self.sym
        deck = f"Deck {s['deck']} {view.deck_count}" if view.deck_count else "Deck empty"
        line1 = f"[bold]{deck}[/]"
        used = len(deck)
        if view.co_op:
            teams: dict[int, list[int]] = {}
            for seat in range(view.n):
                teams.setdefault(view.teams[seat], []).append(seat + 1)
            text = "teams " + " ".join("&".join(map(str, t)) for t in teams.values())
            line1 += f"  [$text-muted]{text}[/]"
            used += 2 + len(text)
        if view.head_hunter:
            text = f"first to {view.head_hunter} kills"
            line1 += f"  [$text-muted]{text}[/]"
            used += 2 + len(text)
        if view.deck_known:
            known = [c for _, c in sorted(view.deck_known, key=lambda x: x[0])]
            label = "face up at the bottom:" if used < 16 else "bottom:"
            line1 += f"  [$text-muted]{label}[/] {self.card_row(known, 56 - used - len(label) - 3)}"
        middle = "Middle: empty"
        if view.middle:
            top = view.middle[-1]
            middle = f"Middle: [bold {CHAOS_STYLE}]{top.name}[/] [$text-muted]({len(view.middle)} played)[/]"
            if len(top.name) > 14:
                middle = f"Middle: [bold {CHAOS_STYLE}]{top.name}[/] [$text-muted]({len(view.middle)})[/]"
        arrow = f"{s['cw']} clockwise" if view.direction > 0 else f"{s['ccw']} anticlockwise"
        line2 = f"{middle}  [$text-muted]{s['dot']}[/]  {arrow}"
        text = f"{line1}\n{line2}"
        return self.sym_text(text) if self.ascii_style else text

    def status_text(self, view: KyfView) -> str:
        s = self.sym
        if view.phase != "play":
            who = " and ".join(self.names[w] for w in view.winners) or "Nobody"
            how = WIN_HOW.get(view.how, view.how)
            return f"[bold $success]Game over: {escape(who)} win{'s' * (len(view.winners) == 1)} — {how}[/]"
        turn = view.turn
        name = escape(self.names[turn])
        seat = self.session.seats[turn]
        you = turn == self.viewer
        who = "Your turn" if you and len(self.humans) == 1 else f"{name}'s turn"
        if seat.is_bot:
            who += f" [$text-muted]({seat.level or 'bot'} bot)[/]"
        owed = owes(view, turn, you=you)
        text = f"[bold]{s['turn']} {who}[/]"
        if owed:
            text += f" [bold $warning]— {owed}[/]"
        return self.sym_text(text) if self.ascii_style else text

    def message_text(self, view: KyfView) -> str:
        first = self.message or self.news
        prompt = self.prompt_text(view)
        return f"{first}\n{prompt}" if first and prompt else first or prompt

    def prompt_text(self, view: KyfView) -> str:
        if view.phase != "play":
            return "Press Enter for the results."
        current = view.turn
        if self.is_bot(current):
            skip = "" if self.skipping else "  (f skips ahead)"
            return f"[$text-muted]{escape(self.names[current])} is thinking…{skip}[/]"
        if not self.my_turn:
            return f"[$text-muted]Waiting for {escape(self.names[current])}…[/]"
        forced = self.forced()
        if forced is not None:
            return f"[bold $warning]{FORCED_PROMPTS[forced.kind]} — press Enter[/]"
        legal = self.legal()
        if deadly(view, current):
            lit = " or ".join(sorted({action_card(a).label for a in legal}))
            return f"[bold $warning]Save yourself: play the lit card ({escape(lit)})[/]"
        bits = ["←→ a card, Enter plays it"]
        if DRAW in legal:
            bits.append("d picks up")
        elif PASS in legal:
            bits.append("d skips (deck empty)")
        if REVEAL in legal:
            bits.append("r reveals — you win!")
        return "[$text-muted]" + " · ".join(bits) + "[/]"

    def draw_hand(self, view: KyfView, cards: list[KyfCard], selected: KyfCard | None,
                  options: list[Action], targets: set[int]) -> None:
        panel = self.query_one(HandPanel)
        viewer = self.viewer
        if viewer is None:
            if view.phase != "play":
                panel.clear("The game is over.")
            elif self.hot_seat:
                current = view.turn
                who = escape(self.names[current])
                if self.is_bot(current):
                    panel.clear(f"Hands are hidden while {who} plays.", "Hands hidden")
                else:
                    panel.clear(f"Hands are hidden until {who} takes the screen.", "Hands hidden")
            else:
                panel.clear("Bots only: every hand is hidden.", "Watching")
            return
        legal = self.legal()
        playable = {action_card(a) for a in legal}
        hand = [HandCard(c.label, card_style(c), c in playable) for c in cards]
        title = f"{self.whose(viewer)} hand · {len(cards)} card{'s' * (len(cards) != 1)}"
        if not cards:
            panel.clear("No cards in hand.", title)
            return
        panel.show(hand, self.cursor, title=self.sym_text(title), ascii_style=self.ascii_style,
                   note=self.hand_note(view, selected, options, targets))

    def hand_note(self, view: KyfView, card: KyfCard | None, options: list[Action], targets: set[int]) -> str:
        if not self.my_turn or card is None:
            return "[$text-muted]Not your turn.[/]" if view.phase == "play" else ""
        label = chip(card.label, card_style(card), bool(options))
        what = ""
        if card.kind == CHAOS:
            what = f"{CHAOS_CARDS[card.code][2]}. "
        elif card is REAPER:
            what = "kill anyone, clear the cards on you, or bring back a life. "
        if self.forced() is not None:
            return f"{label} [$text-muted]{what}Not now: Enter takes your forced turn[/]"
        if not options:
            reason = why_unplayable(view, card, self.names)
            return f"{label} [$error]{self.sym['x']} {escape(reason)}[/]"
        if len(options) == 1:
            return f"{label} {escape(what)}[bold]Enter:[/] {escape(self.describe(options[0]))}"
        if targets:
            keys = "/".join(str(t + 1) for t in sorted(targets))
            return f"{label} {escape(what)}[bold]{keys}[/] or Enter to choose"
        return f"{label} {escape(what)}[bold]Enter[/] to choose"

    def describe(self, action: Action) -> str:
        return describe_action(self.public, action, self.names)

    def say(self, text: str) -> None:
        self.message = text
        self.refresh_table()

    # -- the session talks back ----------------------------------------------------------------
    def on_session_change(self, session: Session, events: list[Event]) -> None:
        self.narrate(events)
        self.hinted = None
        self.message = ""
        self.news = ""
        self.report_autosave_error()
        if self.session.current_seat is None or not self.is_bot(self.session.current_seat):
            self.skipping = False
        self.refresh_table()
        self.next_turn()

    def narrate(self, events: list[Event]) -> None:
        """The log shows public events in hot-seat (everyone reads it); a lone human also sees
        their own pick-ups. A hot-seat human's private events wait for their turn."""
        events = [e for e in events if e.kind != "turn_started"]
        seat = None if self.hot_seat or not self.humans else self.humans[0]
        self.query_one(EventLog).narrate(events, seat, self.names, ascii_style=self.ascii_style)
        self.keep_private_news(events)

    def next_turn(self) -> None:
        """After a change (or on mount/resume): game over, curtain, private news, or a bot."""
        if not self.is_attached or self.app.screen is not self:
            return
        view = self.public
        if view.phase != "play":
            if not self.game_over_shown:
                self.game_over_shown = True
                self.call_after_refresh(self.show_game_over)
            return
        if self.needs_curtain():
            self.show_curtain()
            return
        viewer = self.viewer
        if viewer is not None and self.my_turn and self.turn_started != len(self.session.log):
            self.turn_started = len(self.session.log)
            self.cursor_to_playable(viewer)
        if viewer is not None and self.my_turn:
            news = self.take_news(viewer)
            if news:
                self.news = news
                self.refresh_table()
        self.schedule_bot()

    def cursor_to_playable(self, seat: int) -> None:
        """A new turn starts on the first card that can be played (if any)."""
        cards = self.hand(self.session.view(seat))
        playable = {action_card(a) for a in self.legal()}
        for i, card in enumerate(cards):
            if card in playable:
                self.cursor, self.cursor_code = i, card.code
                break
        self.refresh_table()

    def show_curtain(self) -> None:
        from cutthroat.tui.widgets.curtain import CurtainScreen

        if self.curtain_up:
            return
        current = self.session.current_seat
        if current is None:
            return
        self.curtain_up = True
        self.refresh_table()  # nothing private on the table underneath either
        owed = owes(self.public, current, you=True)
        note = f"On your turn: {owed}." if owed else ""
        self.app.push_screen(CurtainScreen(self.names[current], title=GAME_TITLE, note=note,
                                           game_id=self.session.game), self.after_curtain)

    def after_curtain(self, result: str | None) -> None:
        self.curtain_up = False
        if result == "ok":
            self.revealed = self.session.current_seat
            self.cursor = 0
            self.cursor_code = None
            self.message = ""
            self.refresh_table()
            self.next_turn()
        else:
            self.refresh_table()
            self.action_menu()

    def show_game_over(self) -> None:
        from cutthroat.tui.tables.kill_your_friends.game_over import GameOverScreen

        if self.app.screen is not self:
            self.game_over_shown = False  # try again on resume
            return
        self.refresh_table()
        self.app.push_screen(GameOverScreen(self.session), self.after_game_over)

    # -- bots ----------------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        seat = self.session.current_seat
        if seat is None or not self.is_bot(seat) or self.bot_pending:
            return
        self.bot_pending = True
        delay = 0 if self.skipping else self.app.settings.bot_delay_seconds()
        if delay > 0:
            self.bot_timer = self.set_timer(delay, self.run_bot)
        else:
            self.call_later(self.run_bot)

    @work(thread=True, exclusive=True, group="bot")
    def run_bot(self) -> None:
        session = self.session
        seat = session.current_seat
        if seat is None:
            self.app.call_from_thread(self.apply_bot, None)
            return
        try:
            action = session.choose_bot_action(seat)
        except ModuleNotFoundError:  # this game's heuristic/hard bots aren't installed yet
            from cutthroat.bots import RandomBot

            action = RandomBot(session.rules, seed=session.seed + len(session.log)).choose(
                session.view(seat), session.legal_actions(seat))
            self.app.call_from_thread(self.warn_bots)
        self.app.call_from_thread(self.apply_bot, action)

    def warn_bots(self) -> None:
        if not self.warned_bots:
            self.warned_bots = True
            self.app.notify("This game's heuristic/hard bots aren't available: bots play at random",
                            severity="warning", timeout=6)

    def apply_bot(self, action: Action | None) -> None:
        self.bot_pending = False
        if action is None or not self.is_attached or not self.app.is_running or self.app.screen is not self:
            return
        current = self.session.current_seat
        if current is None or not self.is_bot(current):
            return
        try:
            self.session.apply(action)
        except IllegalAction as exc:  # a bot bug: say so and let the next try pick again
            self.app.notify(f"Bot move refused: {exc.reason}", severity="error")

    # -- acting --------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        self.message = ""
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.say(f"[$error]{self.sym['x']} {escape(exc.reason)}[/]")
            self.app.bell()
            return False
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("save", "rules", "menu"):
            return True
        view = self.public
        if action == "results":
            return view.phase != "play"
        if action == "skip_ahead":
            current = self.session.current_seat
            return current is not None and self.is_bot(current) and not self.skipping
        if not self.my_turn or self.screen_blocked:
            return False
        forced = self.forced()
        if action == "forced":
            return forced is not None
        if forced is not None:
            return action == "hint"
        legal = self.legal()
        if action == "draw":
            return DRAW in legal
        if action == "pass_turn":
            return PASS in legal
        if action == "reveal":
            return REVEAL in legal
        if action in ("move", "play", "target"):
            return bool(self.session.view(self.viewer).hand)
        return True

    @property
    def screen_blocked(self) -> bool:
        return self.curtain_up

    def action_move(self, step: int) -> None:
        viewer = self.viewer
        if viewer is None:
            return
        count = len(self.session.view(viewer).hand)
        if count:
            self.cursor = max(0, min(count - 1, self.cursor + step)) if abs(step) > 1 else (self.cursor + step) % count
        self.cursor_code = None
        self.message = ""
        self.refresh_table()

    def action_play(self) -> None:
        card = self.selected_card()
        if card is None:
            return
        options = self.options_for(card)
        if not options:
            self.refuse(why_unplayable(self.public, card, self.names))
        elif len(options) == 1:
            self.act(options[0])
        else:
            self.prompt(card, options)

    def action_target(self, seat: int) -> None:
        view = self.public
        if seat >= view.n:
            self.refuse(f"There is no player {seat + 1}")
            return
        card = self.selected_card()
        if card is None:
            return
        options = self.options_for(card)
        if not options:
            self.refuse(why_unplayable(view, card, self.names))
            return
        aimed = [a for a in options if action_target(a) == seat]
        if not aimed:
            self.refuse(why_not_on(view, card, seat, self.names))
        elif len(aimed) == 1:
            self.act(aimed[0])
        else:
            self.prompt(card, aimed)

    def refuse(self, reason: str) -> None:
        self.say(f"[$error]{self.sym['x']} {escape(reason)}[/]")
        self.app.bell()

    def prompt(self, card: KyfCard, options: list[Action]) -> None:
        view = self.public
        p = view.turn
        choices = []
        used: set[str] = set()
        for action in options:
            target = action_target(action)
            if action.kind == "reaper" and action.use == REAPER_SAVE:
                key = "s"
            elif action.kind == "reaper" and action.use == REAPER_RESURRECT and target == p:
                key = "r"
            elif target >= 0:
                key = str(target + 1)
            else:
                key = next(k for k in "abcdefg" if k not in used)
            used.add(key)
            choices.append(Choice(key, self.sym_text(self.describe(action)), action))
        self.app.push_screen(ChoiceScreen(self.sym_text(choice_title(card)), choices), self.after_prompt)

    def after_prompt(self, action: Action | None) -> None:
        if action is not None and self.my_turn:
            self.act(action)

    def action_forced(self) -> None:
        forced = self.forced()
        if forced is not None:
            self.act(forced)

    def action_draw(self) -> None:
        self.act(DRAW)

    def action_pass_turn(self) -> None:
        self.act(PASS)

    def action_reveal(self) -> None:
        self.act(REVEAL)

    def action_results(self) -> None:
        self.show_game_over()

    def on_click(self, event: Click) -> None:
        """Mouse is optional: clicking a player's row aims the selected card at them."""
        widget = event.widget
        while widget is not None and widget is not self:
            if (widget.id or "").startswith("seat-") and self.my_turn and self.forced() is None:
                self.action_target(int(widget.id[5:]))
                return
            widget = widget.parent

    def action_hint(self) -> None:
        self.say("[$text-muted]Thinking…[/]")
        self.compute_hint(self.viewer)

    @work(thread=True, exclusive=True, group="hint")
    def compute_hint(self, seat: int | None) -> None:
        try:
            action = self.session.hint(seat)
        except Exception:  # noqa: BLE001 - no hard bot yet, or it failed: no hint, no crash
            action = None
        self.app.call_from_thread(self.show_hint, action, seat)

    def show_hint(self, action: Action | None, seat: int | None) -> None:
        if seat != self.viewer or not self.my_turn:
            return  # the turn moved on: the hint belongs to nobody on screen now
        if action is None:
            self.say("[$text-muted]No hint available.[/]")
            return
        self.hinted = action
        card = action_card(action)
        if card is not None:
            cards = self.hand(self.session.view(seat))
            if card in cards:
                self.cursor = cards.index(card)
                self.cursor_code = card.code
        self.say(f"[bold $card-hint]Hint:[/] {escape(self.sym_text(self.describe(action)))}")

    def save_name(self) -> str:
        return f"friends {self.public.n}p move {len(self.session.log)}"
