"""The Exploding Kittens table.

One row per player (seat, name, bot level, cards in hand, turns owed, an I'll Take That or a
Barking Kitten face up in front of them, their marked cards), the draw pile (count, kittens left,
what you know of it: your peeks, face-up Imploding Kittens, Catomic Bomb's kittens), the discard
pile (browsable), the hand panel of the human who decides now, the event log.

Keys: ←/→ choose a card, space selects it for a combo, Enter plays the card (or the selected
combo), d draws, h asks the hard bot for a hint, v browses the discard pile, Enter reopens a
pending prompt, 1–5 answers a hot-seat reaction window for that seat, f skips ahead through bots,
s save, ? rules, Esc menu.

Who acts. `session.to_act` may hold several seats (a reaction window, Garbage Collection). Bots
answer first (through the session); then, in a reaction window:
- one human: the window shows only when they hold a Nope or Alter the Future NOW (they are
  passed for automatically otherwise — the engine still gets a pass from every seat);
- several humans (hot-seat): a short timed window shared by everyone (Settings → Nope window,
  3 s by default): a human presses their seat number to answer, behind the curtain if someone
  else has the screen; when the time runs out everyone who hasn't answered passes. Nothing
  shows who holds a Nope.
The player of a card is passed for automatically before anyone Nopes it (Noping your own fresh
play is pointless); once it has been Noped they are asked like everyone else.
Other decisions (targets, naming a card, reinserting, reordering, Garbage Collection, five
different) belong to one human at a time; in hot-seat a curtain comes first when the screen
changes hands.
"""

from __future__ import annotations

import math
import time
from itertools import permutations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Footer, Static

from cutthroat.engine.protocol import Action, Event, IllegalAction
from cutthroat.games.exploding_kittens.actions import DRAW, Pass, Play, PlayCombo, Reinsert, Reorder, combo_kind
from cutthroat.games.exploding_kittens.cards import EXPLODING, IMPLODING, NOPE, EkCard
from cutthroat.games.exploding_kittens.events import what_name
from cutthroat.games.exploding_kittens.knowledge import drawers, kittens_left
from cutthroat.games.exploding_kittens.recipes import RECIPES
from cutthroat.games.exploding_kittens.state import GC, NAME, PLAY, REINSERT, REORDER, TAKE, TARGET, WINDOW, EkView, Frame
from cutthroat.games.exploding_kittens.text import frame_need, hint_text, why_unplayable, window_text
from cutthroat.session import Session
from cutthroat.tui.tables.base import SharedTableScreen
from cutthroat.tui.tables.exploding_kittens.prompts import DiscardScreen, ReinsertScreen, ordinal
from cutthroat.tui.widgets.choice import Choice, ChoiceScreen
from cutthroat.tui.widgets.event_log import EventLog, to_ascii
from cutthroat.tui.widgets.hand import HandCard, HandPanel, chip

GAME_TITLE = "Exploding Kittens"
MAX_SEATS = 5
#: Keys for long lists (j and k move the ChoiceScreen's cursor).
KEYS = "123456789abcdefghilmnopqrstuvwxyz"

UNICODE = {"turn": "▶", "cw": "↻", "ccw": "↺", "pile": "▒", "cards": "▮", "x": "✗", "dot": "·",
           "out": "✝", "sel": "●", "bolt": "⚡", "arrow": "▸", "back": "◂"}
ASCII = {"turn": ">", "cw": "(cw)", "ccw": "(ccw)", "pile": "#", "cards": "c", "x": "x", "dot": ".",
         "out": "x", "sel": "*", "bolt": "!", "arrow": ">", "back": "<"}
_ASCII_EXTRA = str.maketrans({"▶": ">", "↻": "(cw)", "↺": "(ccw)", "▮": "c", "●": "*", "⚡": "!",
                              "◂": "<", "⏎": "Enter", "←": "<", "→": "->", "💥": "!"})

CARD_STYLE = {"kitten": "$error", "defuse": "$success", "nope": "$warning", "cat": "$secondary",
              "feral": "$secondary", "action": "$primary"}


def ascii_text(text: str) -> str:
    return to_ascii(text.translate(_ASCII_EXTRA))


#: Short labels for the hand panel (the note under it gives the full name and text).
SHORT = {"EXP": "Exploding", "IMP": "Imploding", "STREAK": "Streaking", "BARK": "Barking",
         "SEE3": "See 3x", "SEE5": "See 5x", "ALTER": "Alter 3x", "NOW": "Alter NOW", "SHARE": "Share 3x",
         "RAINBOW": "Rainbow Cat", "GARBAGE": "Garbage", "SWAP": "Swap T&B", "BOTTOM": "Bottom",
         "ATTACK": "Attack 2x", "PERSONAL": "Personal 3x", "TARGETED": "Targeted 2x",
         "SUPER": "Super Skip", "TAKE": "I'll Take", "BOMB": "Catomic"}


def short(card: EkCard) -> str:
    return SHORT.get(card.code, card.name)


def sort_hand(hand) -> list[EkCard]:
    return sorted(hand, key=lambda c: c.index)


def card_style(card: EkCard) -> str:
    return CARD_STYLE.get(card.group, "")


#: How this table plays cat cards together (the end of "Cat cards do nothing alone: …").
COMBO_KEYS = "select 2, 3 or 5 with space, then Enter"


# -- the screen ------------------------------------------------------------------------------------
class TableScreen(SharedTableScreen):
    CSS_PATH = "ek.tcss"
    BINDINGS = [
        Binding("left", "move(-1)", "card", key_display="←→"),
        Binding("right", "move(1)", show=False),
        Binding("home", "move(-99)", show=False),
        Binding("end", "move(99)", show=False),
        Binding("space", "select", "combo", key_display="space"),
        Binding("enter", "play", "play", key_display="⏎"),
        Binding("enter", "answer", "choose", key_display="⏎"),
        Binding("enter", "results", "results", key_display="⏎"),
        Binding("d", "draw", "draw"),
        Binding("h", "hint", "hint"),
        Binding("1", "claim(0)", "Nope? your seat no.", key_display="1-5"),
        *[Binding(str(i + 1), f"claim({i})", show=False) for i in range(1, MAX_SEATS)],
        Binding("v", "discard", "discard"),
        Binding("f", "skip_ahead", "skip ahead"),
        Binding("s", "save", "save", show=False),
        Binding("question_mark", "rules", "rules", key_display="?"),
        Binding("escape", "menu", "menu"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.selected: set[int] = set()  # positions in the sorted hand picked for a combo
        self.prompt_open = False
        self.claiming: int | None = None  # the seat claiming a hot-seat window
        self.window_key: int | None = None  # the log length when the shared window opened
        self.window_deadline = 0.0
        self.batch = False  # applying several passes at once: redraw after the last
        self.seen_out: dict[int, str] = {}  # how each seat went out (for the game-over dialog)

    # -- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        n = self.session.view(None).n
        yield Static(id="ek-title", classes="title-bar")
        with Horizontal(id="ek-main"):
            with Vertical(id="ek-board"):
                yield Static(id="ek-head")
                for seat in range(n):
                    yield Static(id=f"seat-{seat}", classes="ek-seat")
                yield Static(id="ek-piles")
                with Vertical(id="ek-bottom"):
                    yield Static(id="ek-status")
                    yield Static(id="ek-message")
                    yield HandPanel(id="ek-hand")
            yield EventLog(id="ek-log")
        yield Footer(compact=True)  # eight live keys at 80 columns

    def on_mount(self) -> None:
        self.session.subscribe(self.on_session_change)
        log = self.query_one(EventLog)
        view = self.public
        log.write(f"{RECIPES[view.recipe].name} · {view.n} players")
        log.write(f"Seed {self.session.seed}")
        if self.session.log:
            log.write(f"Resumed after {len(self.session.log)} moves")
        self.set_interval(0.2, self.tick_window)
        self.refresh_table()
        self.call_after_refresh(self.next_turn)

    def on_unmount(self) -> None:
        self.session.unsubscribe(self.on_session_change)

    def on_resize(self) -> None:
        self.refresh_table()

    def on_screen_resume(self) -> None:
        self.window_key = None  # a window left open behind a dialog gets its full time again
        self.refresh_table()
        self.next_turn()

    # -- who acts, who sees --------------------------------------------------------------------
    @property
    def sym(self) -> dict[str, str]:
        return ASCII if self.ascii_style else UNICODE

    def sym_text(self, text: str) -> str:
        return ascii_text(text) if self.ascii_style else text

    @property
    def window_seconds(self) -> float:
        """How long the hot-seat reaction window stays open (a setting)."""
        return self.app.settings.nope_window_seconds()

    def frame(self) -> Frame | None:
        view = self.public
        return view.stack[-1] if view.stack and view.phase == PLAY else None

    def in_window(self) -> bool:
        f = self.frame()
        return f is not None and f.kind == WINDOW

    def bots_to_act(self) -> list[int]:
        return [q for q in self.session.to_act if self.is_bot(q)]

    def humans_to_act(self) -> list[int]:
        return [q for q in self.session.to_act if not self.is_bot(q)]

    def decider(self) -> int | None:
        """The human whose own decision is due now (not a reaction window), once bots are done."""
        if self.bots_to_act() or self.in_window():
            return None
        humans = self.humans_to_act()
        return humans[0] if humans else None

    def focus(self) -> int | None:
        """The human who should have the screen: the decider, or during a reaction window the
        player whose turn it is."""
        d = self.decider()
        if d is not None:
            return d
        view = self.public
        if self.in_window() and not self.is_bot(view.turn) and not view.out[view.turn]:
            return view.turn
        return None

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is on screen: the one human; in hot-seat the human who passed the
        curtain, while they have the screen; None otherwise."""
        if not self.humans:
            return None
        if not self.hot_seat:
            return self.humans[0]
        focus = self.focus()
        if focus is not None and focus == self.revealed and not self.curtain_up:
            return focus
        return None

    def my_decision(self) -> bool:
        d = self.decider()
        return d is not None and d == self.viewer

    def main_turn(self) -> bool:
        return self.my_decision() and self.frame() is None

    def needs_curtain(self) -> bool:
        d = self.decider()
        return self.hot_seat and d is not None and d != self.revealed

    def legal(self) -> list[Action]:
        return self.session.legal_actions(self.viewer) if self.my_decision() else []

    def hand(self, view: EkView) -> list[EkCard]:
        return sort_hand(view.hand) if view.seat is not None else []

    def selected_card(self) -> EkCard | None:
        viewer = self.viewer
        if viewer is None:
            return None
        cards = self.hand(self.session.view(viewer))
        return cards[max(0, min(self.cursor, len(cards) - 1))] if cards else None

    def selection(self) -> tuple[EkCard, ...]:
        viewer = self.viewer
        if viewer is None:
            return ()
        cards = self.hand(self.session.view(viewer))
        return tuple(cards[i] for i in sorted(self.selected) if i < len(cards))

    # -- drawing -------------------------------------------------------------------------------
    def refresh_table(self) -> None:
        viewer = self.viewer
        view = self.session.view(viewer)
        cards = self.hand(view)
        if self.cursor_code is not None:
            codes = [c.code for c in cards]
            if self.cursor_code in codes and (self.cursor >= len(cards) or cards[self.cursor].code != self.cursor_code):
                self.cursor = codes.index(self.cursor_code)
        self.cursor = max(0, min(self.cursor, len(cards) - 1)) if cards else 0
        self.cursor_code = cards[self.cursor].code if cards else None
        self.draw_title(view)
        self.put("#ek-head", f"[$text-muted] # {'Player':<10}{'Who':<10}Hand  In front · marked[/]")
        for seat in range(view.n):
            self.put(f"#seat-{seat}", self.seat_line(view, seat))
            row = self.query_one(f"#seat-{seat}", Static)
            row.set_class(view.phase == PLAY and view.turn == seat, "-turn")
            row.set_class(view.out[seat], "-out")
        self.put("#ek-piles", self.piles_text(view))
        self.put("#ek-status", self.status_text(view))
        self.put("#ek-message", self.message_text(view))
        self.draw_hand(view, cards)
        self.refresh_bindings()

    def draw_title(self, view: EkView) -> None:
        left = f" CUTTHROAT ▸ {GAME_TITLE} · {RECIPES[view.recipe].name} · {view.n} players"
        if view.phase == PLAY:
            owes = f" (owes {view.owed})" if view.owed > 1 else ""
            right = f"{self.whose(view.turn)} turn{owes} "
        else:
            right = "Game over "
        width = self.size.width or 80
        if len(left) + len(right) + 1 > width:
            left = left[: max(0, width - len(right) - 2)] + "…"
        text = left + " " * max(1, width - len(left) - len(right)) + right
        self.put("#ek-title", escape(self.sym_text(text)))

    def seat_line(self, view: EkView, seat: int) -> str:
        s = self.sym
        mark = s["turn"] if view.phase == PLAY and view.turn == seat else " "
        name = escape(self.names[seat][:9].ljust(9))
        info = self.session.seats[seat]
        if info.is_bot:
            level = info.level or "bot"
        else:
            level = "you" if len(self.humans) == 1 else "human"
        if view.out[seat]:
            k = list(view.eliminations).index(seat) + 1 if seat in view.eliminations else 0
            line = f"{mark}{seat + 1} [bold]{name}[/] [$text-muted]{level:<10}[/][$text-muted]{s['out']} out ({ordinal(k)})[/]"
            return self.sym_text(line) if self.ascii_style else line
        cards = f"{view.hand_counts[seat]:>2}{s['cards']}"
        owes = ""
        if view.phase == PLAY and view.turn == seat and view.owed > 1:
            owes = f" [bold $warning]owes {view.owed}[/]"
        extras = []
        if view.itt[seat] >= 0:
            extras.append(f"[bold $warning]Take That{s['back']}{escape(self.names[view.itt[seat]][:5])}[/]")
        if view.barking[seat]:
            extras.append("[bold $error]Barking Kitten[/]")
        marked = view.marked[seat]
        if marked:
            extras.append("marked: " + ", ".join(escape(c.name) for c in marked))
        line = f"{mark}{seat + 1} [bold]{name}[/] [$text-muted]{level:<10}[/]{cards}{owes}  " + " · ".join(extras)
        return self.sym_text(line) if self.ascii_style else line

    @staticmethod
    def kittens_text(view: EkView) -> str:
        left, unsure = kittens_left(view)
        return f"{'≤' if unsure and left else ''}{left} kitten{'s' * (left != 1)} left"

    def piles_text(self, view: EkView) -> str:
        s = self.sym
        direction = f"{s['cw']} clockwise" if view.direction > 0 else f"{s['ccw']} anticlockwise"
        line1 = (f"[bold]Draw pile {s['pile']} {view.pile_count}[/] card{'s' * (view.pile_count != 1)} · "
                 f"[bold $error]{self.kittens_text(view)}[/] · [$text-muted]{direction}[/]")
        known = []
        for depth, card in view.pile_known:
            face = " (face up)" if depth in view.up_known else ""
            style = "bold $error" if card is EXPLODING or card is IMPLODING else "bold"
            known.append(f"{depth + 1} [{style}]{escape(card.name)}[/]{face}")
        label = "You know" if view.seat is not None else "Known"
        line2 = f"{label}: " + "  ".join(known[:5]) if known else "[$text-muted]Nothing known of the pile's order[/]"
        hidden_up = view.face_up - len(view.up_known)
        if hidden_up > 0:
            line2 += f" [$warning]· {hidden_up} face-up Imploding Kitten inside[/]"
        if view.discard:
            top = view.discard[-1]
            line3 = (f"Discard {s['arrow']} [bold]{escape(top.name)}[/] "
                     f"[$text-muted]({len(view.discard)} card{'s' * (len(view.discard) != 1)} — v to browse)[/]")
        else:
            line3 = "[$text-muted]Discard pile empty[/]"
        if view.limbo:
            line3 += f" [$warning]· Barking ×{len(view.limbo)} in play[/]"
        text = f"{line1}\n{line2}\n{line3}"
        return self.sym_text(text) if self.ascii_style else text

    def status_text(self, view: EkView) -> str:
        s = self.sym
        if view.phase != PLAY:
            who = " and ".join(self.names[w] for w in view.winners) or "Nobody"
            return f"[bold $success]Game over: {escape(who)} win{'s' * (len(view.winners) == 1)}[/]"
        turn = view.turn
        you = turn == self.viewer and len(self.humans) == 1
        who = "Your turn" if you else f"{escape(self.names[turn])}'s turn"
        if self.is_bot(turn):
            who += f" [$text-muted]({self.session.seats[turn].level or 'bot'} bot)[/]"
        text = f"[bold]{s['turn']} {who}[/]"
        if view.owed > 1:
            text += f" [bold $warning]— {view.owed} turns to take[/]"
        return self.sym_text(text) if self.ascii_style else text

    def message_text(self, view: EkView) -> str:
        first = self.message or self.news
        prompt = self.prompt_text(view)
        return f"{first}\n{prompt}" if first and prompt else first or prompt

    def prompt_text(self, view: EkView) -> str:
        s = self.sym
        if view.phase != PLAY:
            return "Press Enter for the results."
        f = self.frame()
        bots = self.bots_to_act()
        if f is not None and f.kind == WINDOW:
            what = escape(window_text(f, self.names))
            if bots and not self.humans_to_act():
                return f"[$text-muted]{s['bolt']} {what}[/]"
            if self.hot_seat and not bots:
                seats = " · ".join(f"{q + 1} {escape(self.names[q])}" for q in self.humans_to_act())
                left = max(0.0, self.window_deadline - time.monotonic()) if self.window_key is not None \
                    else self.window_seconds
                # The claim line first: the window's description may wrap past the two lines.
                return (f"Nope? Press your seat number: {seats} — [bold]{math.ceil(left)}s[/]\n"
                        f"[bold $warning]{s['bolt']} {what}[/]")
            return f"[bold $warning]{s['bolt']} {what}[/]"
        if bots:
            skip = "" if self.skipping else "  (f skips ahead)"
            who = escape(self.names[bots[0]])
            doing = f" ({frame_need(f, self.names)})" if f is not None else ""
            return f"[$text-muted]{who} is thinking…{escape(doing)}{skip}[/]"
        d = self.decider()
        if d is None:
            return ""
        if d != self.viewer:
            return f"[$text-muted]Waiting for {escape(self.names[d])}…[/]"
        if f is not None:
            return f"[bold $warning]You must {escape(frame_need(f, self.names))} — press Enter[/]"
        bits = ["←→ card", "space: combo", "Enter plays", "d draws", "h hint"]
        return "[$text-muted]" + " · ".join(bits) + "[/]"

    def draw_hand(self, view: EkView, cards: list[EkCard]) -> None:
        panel = self.query_one(HandPanel)
        viewer = self.viewer
        if viewer is None:
            if view.phase != PLAY:
                panel.clear("The game is over.")
            elif self.hot_seat:
                panel.clear("Hands are hidden until the next player takes the screen.", "Hands hidden")
            else:
                panel.clear("Bots only: every hand is hidden.", "Watching")
            return
        title = f"{self.whose(viewer)} hand · {len(cards)} card{'s' * (len(cards) != 1)}"
        if view.out[viewer]:
            panel.clear("You are out of the game.", title)
            return
        if not cards:
            panel.clear("No cards in hand.", title)
            return
        legal = self.legal() if self.main_turn() else []
        playable = {a.card for a in legal if a.kind == "play"}
        for a in legal:  # pairs and triples light their cards (five different goes with anything)
            if a.kind == "combo" and len(a.cards) < 5:
                playable.update(a.cards)
        sel = self.sym["sel"]
        hand = [HandCard((sel if i in self.selected else "") + short(c), card_style(c), c in playable)
                for i, c in enumerate(cards)]
        panel.show(hand, self.cursor, title=self.sym_text(title), ascii_style=self.ascii_style,
                   note=self.hand_note(view, cards))

    def hand_note(self, view: EkView, cards: list[EkCard]) -> str:
        card = cards[max(0, min(self.cursor, len(cards) - 1))]
        marked = " [$warning](marked: everyone sees it)[/]" if card in view.marked[view.seat] else ""
        label = chip(card.name, card_style(card), False)
        if not self.main_turn():
            return f"{label} [$text-muted]{escape(card.text)}[/]{marked}"
        combo = self.selection()
        if len(combo) >= 2:
            what = combo_kind(combo)
            names = ", ".join(c.name for c in combo)
            if what is None:
                return f"[$error]{self.sym['x']} {escape(names)}: not a combo (2 or 3 alike, or 5 different)[/]"
            label = {"pair": "Pair: steal a random card", "triple": "Three of a kind: name a card",
                     "five": "Five different: take from the discard pile"}[what]
            return f"[bold]Enter:[/] {escape(label)} [$text-muted]({escape(names)})[/]"
        if Play(card) in self.legal():
            return f"{label} {escape(card.text)} [bold]⏎[/]{marked}"
        return (f"{label} [$error]{self.sym['x']} {escape(why_unplayable(view, card, COMBO_KEYS))}[/]{marked}")

    def say(self, text: str) -> None:
        self.message = text
        self.refresh_table()

    def refuse(self, reason: str) -> None:
        self.say(f"[$error]{self.sym['x']} {escape(reason)}[/]")
        self.app.bell()

    # -- the session talks back ----------------------------------------------------------------
    def on_session_change(self, session: Session, events: list[Event]) -> None:
        self.narrate(events)
        self.message = ""
        self.news = ""
        self.selected = set()
        self.report_autosave_error()
        if not self.bots_to_act():
            self.skipping = False
        if self.batch:
            return
        self.refresh_table()
        self.next_turn()

    def narrate(self, events: list[Event]) -> None:
        """Hot-seat: the log shows public events (everyone reads it) and each human's private
        ones wait for them; one human: their own view of every event."""
        for event in events:
            if event.kind == "eliminated":
                self.seen_out[event.seat] = event.how
        # A drawn kitten is told by the draw itself ("Cy drew Exploding Kitten!"): its
        # "exploding" event would only say it again.
        events = [e for e in events if not (e.kind == "turn_started" and e.owed <= 1)
                  and not (e.kind == "exploding" and e.cause == "drew")]
        seat = None if self.hot_seat or not self.humans else self.humans[0]
        self.query_one(EventLog).narrate(events, seat, self.names, ascii_style=self.ascii_style)
        self.keep_private_news(events)

    def next_turn(self) -> None:
        """After a change (or on mount/resume): game over, bots, a window, a curtain, a prompt."""
        if not self.is_attached or self.app.screen is not self:
            return
        view = self.public
        if view.phase != PLAY:
            if not self.game_over_shown:
                self.game_over_shown = True
                self.call_after_refresh(self.show_game_over)
            return
        if self.bots_to_act():
            self.schedule_bot()
            return
        if self.in_window():
            self.window_turn()
            return
        if self.needs_curtain():
            self.show_curtain(self.decider())
            return
        viewer = self.viewer
        if viewer is None or not self.my_decision():
            return
        news = self.take_news(viewer)
        if news:
            self.news = news
            self.refresh_table()
        if self.frame() is not None:
            if not self.prompt_open:
                self.open_prompt()
        elif self.turn_started != len(self.session.log):
            self.turn_started = len(self.session.log)
            self.cursor_to_playable(viewer)

    def cursor_to_playable(self, seat: int) -> None:
        cards = self.hand(self.session.view(seat))
        playable = {a.card for a in self.legal() if a.kind == "play"}
        for i, card in enumerate(cards):
            if card in playable:
                self.cursor, self.cursor_code = i, card.code
                break
        self.refresh_table()

    # -- reaction windows ----------------------------------------------------------------------
    def auto_pass(self, seat: int) -> bool:
        """Is `seat` passed for without being asked?"""
        f = self.frame()
        if f is None or f.kind != WINDOW:
            return False
        if f.seat == seat and f.nopes == 0:
            return True
        return not self.hot_seat and self.session.legal_actions(seat) == [Pass(seat)]

    def window_turn(self) -> None:
        humans = self.humans_to_act()
        for q in humans:
            if self.auto_pass(q):
                self.call_later(self.pass_for, q)
                return
        if not humans:
            return
        if not self.hot_seat:
            if not self.prompt_open:
                self.open_window_prompt(humans[0])
            return
        key = len(self.session.log)
        if self.window_key != key:
            self.window_key = key
            self.window_deadline = time.monotonic() + self.window_seconds
        self.refresh_table()

    def pass_for(self, seat: int) -> None:
        f = self.frame()
        if f is None or f.kind != WINDOW or seat not in self.session.to_act or self.bots_to_act():
            return
        try:
            self.session.apply(Pass(seat), seat)
        except IllegalAction:
            pass

    def tick_window(self) -> None:
        """Hot-seat: count the shared window down; when it runs out, everyone left passes."""
        if not (self.hot_seat and self.is_attached and self.app.screen is self and self.in_window()):
            return
        if self.claiming is not None or self.bots_to_act() or self.window_key != len(self.session.log):
            return
        if time.monotonic() < self.window_deadline:
            self.put("#ek-message", self.message_text(self.public))
            return
        self.batch = True
        try:
            for q in self.humans_to_act():
                if self.in_window() and q in self.session.to_act:
                    self.session.apply(Pass(q), q)
        finally:
            self.batch = False
        self.refresh_table()
        self.next_turn()

    def action_claim(self, seat: int) -> None:
        if not (self.hot_seat and self.in_window()) or self.bots_to_act():
            return
        if seat >= len(self.names):
            self.refuse(f"There is no seat {seat + 1}")
            return
        if seat not in self.humans_to_act():
            self.refuse(f"{self.names[seat]} isn't asked in this window")
            return
        self.claiming = seat
        if seat == self.viewer:
            self.open_window_prompt(seat)
        else:
            f = self.frame()
            self.show_curtain(seat, note=f"Reaction window: {window_text(f, self.names)}", claim=True)

    def open_window_prompt(self, seat: int) -> None:
        f = self.frame()
        legal = self.session.legal_actions(seat)
        choices = [Choice("p", "Let it happen (pass)", Pass(seat))]
        for a in legal:
            if a.kind == "nope":
                choices.append(Choice("n", "Nope!", a))
            elif a.kind == "alter_now":
                choices.append(Choice("a", "Alter the Future 3x NOW (see and reorder the top 3)", a))
        hand = self.session.view(seat).hand
        nopes = sum(1 for c in hand if c is NOPE)
        note = f"{self.names[seat]}: you hold {nopes} Nope{'s' * (nopes != 1)}." if nopes else \
            f"{self.names[seat]}: you hold no Nope."
        self.prompt_open = True
        title = self.sym_text(f"{self.sym['bolt']} {window_text(f, self.names)}")
        self.app.push_screen(ChoiceScreen(title, choices, note=note),
                             lambda action: self.after_window_prompt(seat, action))

    def after_window_prompt(self, seat: int, action: Action | None) -> None:
        self.prompt_open = False
        self.claiming = None
        self.window_key = None
        if action is None:
            action = Pass(seat)
        if seat in self.session.to_act and self.in_window():
            self.act(action, seat)
        else:
            self.next_turn()

    # -- prompts for one human's decisions -----------------------------------------------------
    def open_prompt(self) -> None:
        seat = self.viewer
        f = self.frame()
        if seat is None or f is None or f.kind == WINDOW:
            return
        view = self.session.view(seat)
        legal = self.session.legal_actions(seat)
        f = view.stack[-1]  # this seat's own view of it (a buried card it drew is named)
        names = self.names
        if f.kind == REINSERT:
            self.prompt_open = True
            screen = ReinsertScreen(f.cards[0], view.pile_count, view.known_top(), face_up=f.face_up,
                                    drawers=[names[q] for q in drawers(view, f.ends_turn)], ascii_style=self.ascii_style,
                                    hint=lambda: self.hinted_depth(seat))
            self.app.push_screen(screen, self.after_reinsert)
            return
        note = ""
        if f.kind == TARGET:
            title = f"{what_name(f.what)}: choose a player"
            choices = []
            for a in legal:
                q = a.player
                marked = view.marked[q]
                extra = f" · marked: {', '.join(c.name for c in marked)}" if marked else ""
                choices.append(Choice(str(q + 1), f"{names[q]} · {view.hand_counts[q]} cards{extra}", a))
        elif f.kind == NAME:
            title = f"Three of a kind on {names[f.target]}: name a card"
            note = "If they hold one, they give it to you."
            choices = [Choice(KEYS[i], a.card.name, a) for i, a in enumerate(legal[:len(KEYS)])]
        elif f.kind == REORDER:
            k = f.data
            top = view.known_top()[:k]
            share = f" ({names[f.target]} will see them)" if f.target >= 0 else ""
            title = f"{what_name(f.what)}: put the top {k} back{share}"
            note = "Top first: the first card is drawn next."
            choices = []
            for i, order in enumerate(permutations(range(k))):
                action = Reorder(tuple(order))
                if action in legal:
                    label = "  ".join(f"{j + 1}.{short(top[o]) if top[o] else '?'}" for j, o in enumerate(order))
                    choices.append(Choice(KEYS[i], label, action))
        elif f.kind == GC:
            title = "Garbage Collection: put a card into the draw pile"
            note = "In secret; then the pile is shuffled."
            choices = [Choice(KEYS[i], a.card.name, a) for i, a in enumerate(legal[:len(KEYS)])]
        elif f.kind == TAKE:
            title = "Five different: take a card from the discard pile"
            choices = [Choice(KEYS[i], a.card.name, a) for i, a in enumerate(legal[:len(KEYS)])]
        else:
            return
        if not choices:
            return
        self.prompt_open = True
        self.app.push_screen(ChoiceScreen(self.sym_text(title), choices, note=note), self.after_prompt)

    def hinted_depth(self, seat: int) -> int | None:
        """The hard bot's depth for the card `seat` puts back (runs in the prompt's worker)."""
        try:
            action = self.session.hint(seat)
        except Exception:  # noqa: BLE001 - a failed search gives no hint, never a crash
            return None
        return getattr(action, "depth", None)

    def after_prompt(self, action: Action | None) -> None:
        self.prompt_open = False
        if action is not None and self.my_decision():
            self.act(action)
        else:
            self.refresh_table()

    def after_reinsert(self, depth: int | None) -> None:
        self.prompt_open = False
        if depth is not None and self.my_decision():
            self.act(Reinsert(depth))
        else:
            self.refresh_table()

    # -- curtain and game over -----------------------------------------------------------------
    def show_curtain(self, seat: int | None, note: str = "", claim: bool = False) -> None:
        from cutthroat.tui.widgets.curtain import CurtainScreen

        if self.curtain_up or seat is None:
            return
        self.curtain_up = True
        self.refresh_table()  # nothing private underneath either
        if not note:
            view = self.public
            f = self.frame()
            if f is not None:
                note = f"You must {frame_need(f, self.names)}."
            elif view.turn == seat and view.owed > 1:
                note = f"Your turn: you owe {view.owed} turns."
        self.app.push_screen(CurtainScreen(self.names[seat], title=GAME_TITLE, note=self.sym_text(note),
                                           game_id=self.session.game),
                             lambda result: self.after_curtain(result, seat, claim))

    def after_curtain(self, result: str | None, seat: int, claim: bool) -> None:
        self.curtain_up = False
        if result == "ok":
            self.revealed = seat
            self.cursor = 0
            self.cursor_code = None
            self.selected = set()
            self.message = ""
            self.refresh_table()
            if claim:
                if seat in self.session.to_act and self.in_window():
                    self.open_window_prompt(seat)
                else:
                    self.claiming = None
                    self.next_turn()
                return
            self.next_turn()
        else:
            self.claiming = None
            self.refresh_table()
            self.action_menu()

    def show_game_over(self) -> None:
        from cutthroat.tui.tables.exploding_kittens.game_over import GameOverScreen

        if self.app.screen is not self:
            self.game_over_shown = False
            return
        self.refresh_table()
        self.app.push_screen(GameOverScreen(self.session, self.seen_out), self.after_game_over)

    # -- bots ----------------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        if not self.bots_to_act() or self.bot_pending:
            return
        self.bot_pending = True
        f = self.frame()
        quick = f is not None and f.kind in (WINDOW, GC)  # answers, not moves: no pause
        delay = 0 if self.skipping or quick else self.app.settings.bot_delay_seconds()
        if delay > 0:
            self.bot_timer = self.set_timer(delay, self.run_bot)
        else:
            self.call_later(self.run_bot)
        self.refresh_table()

    @work(thread=True, exclusive=True, group="bot")
    def run_bot(self) -> None:
        session = self.session
        bots = [q for q in session.to_act if session.seat_is_bot(q)]
        if not bots:
            self.app.call_from_thread(self.apply_bot, None, None)
            return
        seat = bots[0]
        action = session.choose_bot_action(seat)
        self.app.call_from_thread(self.apply_bot, seat, action)

    def apply_bot(self, seat: int | None, action: Action | None) -> None:
        self.bot_pending = False
        self.bot_timer = None
        if action is None or not self.is_attached or not self.app.is_running or self.app.screen is not self:
            return
        if seat not in self.session.to_act:
            self.next_turn()
            return
        try:
            self.session.apply(action, seat)
        except IllegalAction as exc:
            self.app.notify(f"Bot move refused: {exc.reason}", severity="error")

    # -- acting --------------------------------------------------------------------------------
    def act(self, action: Action, seat: int | None = None) -> bool:
        self.message = ""
        if seat is None:
            seat = self.viewer
        try:
            self.session.apply(action, seat)
        except IllegalAction as exc:
            self.refuse(exc.reason)
            return False
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("save", "rules", "menu", "discard"):
            return True
        view = self.public
        if action == "results":
            return view.phase != PLAY
        if view.phase != PLAY:
            return False
        if action == "skip_ahead":
            return bool(self.bots_to_act()) and not self.skipping
        if action == "claim":
            return self.hot_seat and self.in_window() and not self.bots_to_act() and bool(self.humans_to_act())
        if self.curtain_up:
            return False
        if action == "answer":
            return self.my_decision() and self.frame() is not None and not self.prompt_open
        if action == "move":
            return self.viewer is not None and bool(self.session.view(self.viewer).hand)
        if not self.main_turn():
            return False
        if action in ("draw", "hint"):
            return DRAW in self.legal()
        return bool(self.session.view(self.viewer).hand)

    def action_move(self, step: int) -> None:
        viewer = self.viewer
        if viewer is None:
            return
        count = len(self.session.view(viewer).hand)
        if count:
            if abs(step) > 1:
                self.cursor = max(0, min(count - 1, self.cursor + step))
            else:
                self.cursor = (self.cursor + step) % count
        self.cursor_code = None
        self.message = ""
        self.refresh_table()

    def action_select(self) -> None:
        card = self.selected_card()
        if card is None:
            return
        if card.is_kitten:
            self.refuse("Kittens are never part of a combo")
            return
        self.selected ^= {self.cursor}
        self.message = ""
        self.refresh_table()

    def action_play(self) -> None:
        combo = self.selection()
        if len(combo) >= 2:
            if self.act(PlayCombo(combo)):
                self.selected = set()
            return
        self.selected = set()
        card = self.selected_card()
        if card is None:
            return
        action = Play(card)
        if action in self.legal():
            self.act(action)
        else:
            self.refuse(why_unplayable(self.session.view(self.viewer), card, COMBO_KEYS))

    def action_draw(self) -> None:
        self.selected = set()
        self.act(DRAW)

    def action_hint(self) -> None:
        self.say("[$text-muted]Thinking…[/]")
        self.compute_hint(self.viewer, len(self.session.log))

    @work(thread=True, exclusive=True, group="hint")
    def compute_hint(self, seat: int | None, moment: int) -> None:
        try:
            action = self.session.hint(seat)
        except Exception:  # noqa: BLE001 - a failed search gives no hint, never a crash
            action = None
        self.app.call_from_thread(self.show_hint, action, seat, moment)

    def show_hint(self, action: Action | None, seat: int | None, moment: int) -> None:
        """Point at the hinted play: the cursor on its card, a combo's cards selected."""
        if seat != self.viewer or moment != len(self.session.log) or not self.main_turn():
            return  # the game moved on: the hint belongs to nobody on screen now
        if action is None:
            self.say("[$text-muted]No hint available.[/]")
            return
        cards = self.hand(self.session.view(seat))
        self.selected = set()
        if action.kind == "play" and action.card in cards:
            self.cursor, self.cursor_code = cards.index(action.card), action.card.code
        elif action.kind == "combo":
            free = list(range(len(cards)))
            for card in action.cards:
                i = next(i for i in free if cards[i] == card)
                free.remove(i)
                self.selected.add(i)
            self.cursor = min(self.selected)
            self.cursor_code = cards[self.cursor].code
        self.say(self.sym_text(f"[bold $card-hint]Hint:[/] {escape(hint_text(action))}"))

    def action_answer(self) -> None:
        self.open_prompt()

    def action_results(self) -> None:
        self.show_game_over()

    def action_discard(self) -> None:
        view = self.public
        self.app.push_screen(DiscardScreen(view.discard, view.limbo))

    def save_name(self) -> str:
        return f"kittens {self.public.n}p move {len(self.session.log)}"
