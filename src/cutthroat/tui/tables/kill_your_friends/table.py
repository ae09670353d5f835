"""The Kill Your Friends table: how its view reads on the shared table screen, and its keys.

One row per player (seat number, character letter, name, bot level, cards in hand, life cards
♥/✝, the attack sequence on them — a 3 on top marked deadly, the Reaper marked), the deck and the
middle pile, whose turn it is and what they owe, the hand panel of the seat on screen, the log.

Keys: ←/→ choose a card, Enter/space play it (a prompt asks for the target when there is a
choice), 1–8 play it on that seat, d pick up (or skip when the deck is empty), r reveal (only
when the hand qualifies), Enter also takes a forced turn, f skips ahead through bot turns,
h hint, s save, ? rules, Esc menu. The sentences come from `games/kill_your_friends/text.py`.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.events import Click

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import agree, who_won
from cutthroat.games.kill_your_friends.actions import DRAW, FORCED_KINDS, PASS, REVEAL
from cutthroat.games.kill_your_friends.cards import REAPER, KyfCard
from cutthroat.games.kill_your_friends.knowledge import deadly
from cutthroat.games.kill_your_friends.state import KyfView
from cutthroat.games.kill_your_friends.text import (
    FORCED_PROMPTS,
    WIN_HOW,
    card_effect,
    choice_title,
    describe_action,
    owes,
    why_not_on,
    why_unplayable,
)
from cutthroat.host.updates import SeatUpdate
from cutthroat.lens import Sight
from cutthroat.tui.tables.kill_your_friends.look import (  # noqa: F401 - action_card, action_target: tests
    CHAOS_STYLE,
    CHAR_STYLE,
    action_card,
    action_target,
    attack_text,
    card_row,
    card_style,
    sort_hand,
    variant_text,
)
from cutthroat.tui.tables.keys import MOVE_KEYS, RESULTS_KEY, SKIP_KEY, closing_keys, play_hint_key
from cutthroat.tui.tables.shared import SharedTableScreen
from cutthroat.tui.text import escape, first_fitting, parsed
from cutthroat.tui.widgets.choice import ChoiceScreen, keyed, key_of_seat
from cutthroat.tui.widgets.hand import chip
from cutthroat.tui.binding_ids import with_ids

MAX_SEATS = 8
BOARD_WIDTH = 53  # the board's rows at 80 columns (beside the log)


class TableScreen(SharedTableScreen):
    CSS_PATH = ["../shared.tcss", "kyf.tcss"]
    GAME_TITLE = "Kill Your Friends"
    ID = "kyf"
    SAVE_NAME = "friends"
    COMPACT_FOOTER = False
    BINDINGS = with_ids("kyf", [
        *MOVE_KEYS,
        play_hint_key("enter,space"),
        Binding("enter,space", "forced", "take it", key_display="⏎"),
        Binding("enter,space", "play", "play", key_display="⏎"),
        RESULTS_KEY,
        *[Binding(str(i + 1), f"seat({i})", show=False) for i in range(MAX_SEATS)],
        Binding("d", "draw", "pick up"),
        Binding("d", "pass_turn", "skip turn"),
        Binding("r", "reveal", "reveal"),
        SKIP_KEY,
        Binding("h", "hint", "hint"),
        *closing_keys(save_shown=True),
    ])
    UNICODE = {"alive": "♥", "dead": "✝", "turn": "▶", "cw": "↻", "ccw": "↺", "deck": "▒", "cards": "▮",
               "skull": "☠", "star": "★", "x": "✗", "dot": "·", "ell": "…", "arrow": "→",
               "times": "×"}
    ASCII = {"alive": "o", "dead": "x", "turn": ">", "cw": "(cw)", "ccw": "(ccw)", "deck": "#", "cards": "c",
             "skull": "!", "star": "*", "x": "x", "dot": ".", "ell": "..", "arrow": "->",
             "times": "x"}
    ASCII_TEXT = str.maketrans({"▶": ">", "↻": "(cw)", "↺": "(ccw)", "☠": "!", "▮": "c", "★": "*",
                                "↔": "<->", "♥": "o", "✝": "x", "⏎": "Enter", "←": "<", "→": "->"})

    def board_classes(self) -> str:
        return "-crowded" if len(self.names) >= 6 else ""

    def intro_lines(self) -> list[str]:
        view = self.update.view
        variants = variant_text(view)
        return [f"{view.n} players{' · ' + variants if variants else ''}", *self.seed_lines()]

    def shown_events(self, events):
        return [e for e in events if e.kind != "turn_started"]

    # -- reading the update -------------------------------------------------------------------------
    def hand(self, view: KyfView) -> list[KyfCard]:
        return sort_hand(view.hand, view.colour) if view.seat is not None else []

    def playable(self, update: SeatUpdate) -> set:
        return {action_card(a) for a in update.legal}

    def legal(self) -> tuple[Action, ...]:
        return self.update.legal if self.mine else ()

    def forced(self) -> Action | None:
        legal = self.legal()
        return legal[0] if len(legal) == 1 and legal[0].kind in FORCED_KINDS else None

    def options_for(self, card: KyfCard | None) -> list[Action]:
        return [] if card is None else [a for a in self.legal() if action_card(a) is card]

    def targets(self) -> set[int]:
        """The seats the card under the cursor can be played on."""
        return {action_target(a) for a in self.options_for(self.selected_card())} - {-1}

    def describe(self, action: Action) -> str:
        return agree(describe_action(self.update.view, action, self.names))

    def play_it(self, card: KyfCard, action: Action) -> str:
        """The move in words beside the card's own chip, which names the card already: "play it
        on Cy's G2", not "G2 on Cy's G2"."""
        described = self.describe(action)
        lead = f"{card.label} "
        return f"play it {described[len(lead):]}" if described.startswith(lead) else described

    # -- the widgets' text ---------------------------------------------------------------------------
    def title_parts(self, update: SeatUpdate) -> tuple[str, str]:
        view = update.view
        variants = variant_text(view)
        left = self.title_left(variants)
        if update.over:
            return left, "Game over "
        arrow = self.sym["cw"] if view.direction > 0 else self.sym["ccw"]
        return left, f"{self.whose(view.turn)} turn {arrow} "

    def head_text(self, update: SeatUpdate) -> str:
        kills = "Kills " if update.view.head_hunter else ""
        return f"[$text-muted] # {'Player':<{self.name_width() + 14}}Hand {kills}Life Attack on them[/]"

    def seat_line(self, sight: Sight, seat: int) -> str:
        """Columns: ▶ 1  R  Name      level     7▮ ★2  ♥ ♥  R1 R2 R3 ☠deadly (head_text matches)."""
        s, view = self.sym, sight.update.view
        mark = self.turn_mark(sight, seat)
        number = str(seat + 1)
        number = f"[reverse bold $card-highlight]{number}[/]" if seat in self.targets() else number
        badge = f"[reverse bold {CHAR_STYLE[view.colours[seat]]}] {view.letter(seat)} [/]"
        name = self.name_cell(seat)
        info = self.table.seats[seat]
        if info.is_bot:
            level = info.level or "bot"
            level = "bot" if level.casefold() in info.name.casefold() else level
        else:
            level = "you" if self.is_you(seat) else ""
        cards = f"{view.hand_counts[seat]:>3}{s['cards']}" if not view.out[seat] else "    "
        kills = f"{s['star']}{view.points[seat]:<3}  " if view.head_hunter else ""
        lives = " ".join(f"[bold $error]{s['alive']}[/]" if alive else f"[$text-muted]{s['dead']}[/]"
                         for alive in sorted(view.lives[seat], reverse=True))
        lives += " " * (3 - (2 * len(view.lives[seat]) - 1))
        line = f"{mark}{number} {badge} [bold]{name}[/] [$text-muted]{level:<9}[/]{cards} {kills}{lives}  "
        used = parsed(self.sym_text(line)).cell_length
        width = self.board_width()
        return self.sym_text(line + attack_text(view, seat, max(8, width - used), self.sym))

    def board_width(self) -> int:
        """The seat rows' width (as laid out; before that, the board's at 80 columns)."""
        row = getattr(self, "_first_seat_row", None)
        if row is None:  # (found once: a query per seat line per step showed in a replay's profile)
            rows = self.query(".table-seat")
            row = self._first_seat_row = rows.first() if rows else None
        return (row.content_region.width if row is not None else 0) or BOARD_WIDTH

    def piles_text(self, update: SeatUpdate) -> str:
        s, view = self.sym, update.view
        deck = f"Deck {s['deck']} {view.deck_count}" if view.deck_count else "Deck empty"
        line1, used = f"[bold]{deck}[/]", len(deck)
        extras = []
        if view.co_op:
            teams: dict[int, list[int]] = {}
            for seat in range(view.n):
                teams.setdefault(view.teams[seat], []).append(seat + 1)
            extras.append("teams " + " ".join("&".join(map(str, t)) for t in teams.values()))
        if view.head_hunter:
            extras.append(f"first to {view.head_hunter} kills")
        for text in extras:
            line1 += f"  [$text-muted]{text}[/]"
            used += 2 + len(text)
        if view.deck_known:
            known = [c for _, c in sorted(view.deck_known, key=lambda x: x[0])]
            label = "face up at the bottom:" if used < 16 else "bottom:"
            line1 += f"  [$text-muted]{label}[/] {card_row(known, self.board_width() - used - len(label) - 3, self.sym)}"
        middles = ["Middle: empty"]
        if view.middle:
            top = view.middle[-1]  # the count belongs to the pile, not the card on top
            middles = [f"Middle ({len(view.middle)}): [bold {CHAOS_STYLE}]{top.name}[/]" + on
                       for on in (" [$text-muted]on top[/]", "")]
        arrow = s["cw"] if view.direction > 0 else s["ccw"]
        words = "clockwise" if view.direction > 0 else "anticlockwise"
        line2 = first_fitting([self.sym_text(f"{middle}  [$text-muted]{s['dot']}[/]  {arrow}{said}")
                               for said in (f" {words}", "") for middle in middles], self.board_width())
        return self.sym_text(line1) + "\n" + line2

    def status_text(self, sight: Sight) -> str:
        s, view = self.sym, sight.update.view
        if sight.update.over:
            how = WIN_HOW.get(view.how, view.how)
            return f"[bold $success]Game over: {escape(who_won(self.names, view.winners))} — {how}[/]"
        turn = view.turn
        you = turn == self.viewer
        who = "Your turn" if you and len(self.humans) == 1 else f"{escape(self.names[turn])}'s turn"
        info = self.table.seats[turn]
        if info.is_bot:
            who += f" [$text-muted]({info.level or 'bot'} bot)[/]"
        owed = owes(view, turn, you=you)
        text = f"[bold]{s['turn']} {who}[/]" + (f" [bold $warning]— {owed}[/]" if owed else "")
        return self.sym_text(text)

    def prompt_text(self, sight: Sight) -> str:
        update = sight.update
        if update.over:
            return "Press Enter for the results."
        if not self.mine:
            return self.thinking(update) or self.waiting_for(sight)
        forced = self.forced()
        if forced is not None:
            return f"[bold $warning]{FORCED_PROMPTS[forced.kind]} — press Enter[/]"
        legal = update.legal
        if deadly(update.view, update.view.turn):
            lit = " or ".join(sorted({action_card(a).label for a in legal if action_card(a) is not None}))
            return f"[bold $warning]Save yourself: play the lit card ({escape(lit)})[/]"
        bits = [f"←→ a card, Enter or 1–{update.view.n} (seat) plays it"]  # the keys seat_key takes
        if DRAW in legal:
            bits.append(f"{self.key_text('draw')} picks up")
        elif PASS in legal:
            bits.append(f"{self.key_text('pass_turn')} skips (deck empty)")
        if REVEAL in legal:
            bits.append(f"{self.key_text('reveal')} reveals — you win!")
        return "[$text-muted]" + escape(" · ".join(bits)) + "[/]"

    def card_topic(self, card: KyfCard) -> str:
        return "Kill cards" if card.is_kill else card.name

    def chip_style(self, card: KyfCard) -> str:
        return card_style(card)

    def hand_note(self, view: KyfView, card: KyfCard) -> str:
        if not self.mine:
            return "[$text-muted]Not your turn.[/]" if not self.update.over else ""
        options = self.options_for(card)
        label = chip(card.label, card_style(card), bool(options))
        what = card_effect(card).strip()  # the key or verdict first, the card's effect after: only it may be cut
        what = f" — {what}" if what else ""
        if self.forced() is not None:
            return self.sym_text(f"{label} [$text-muted]Not now: Enter takes your forced turn{escape(what)}[/]")
        if not options:
            return f"{label} [$error]{self.sym['x']} {escape(why_unplayable(view, card, self.names))}[/]"
        if len(options) == 1:
            return self.sym_text(f"{label} [bold]Enter:[/] {escape(self.play_it(card, options[0]))}{escape(what)}")
        targets = self.targets()
        if targets:
            keys = "/".join(str(t + 1) for t in sorted(targets))
            return self.sym_text(f"{label} [bold]{keys}[/] or [bold]Enter[/] to choose{escape(what)}")
        return self.sym_text(f"{label} [bold]Enter[/] to choose{escape(what)}")

    def curtain_note(self, sight: Sight, seat: int) -> str:
        owed = owes(sight.update.view, seat, you=True)
        return f"On your turn: {owed}." if owed else ""

    def game_over_screen(self, update: SeatUpdate):
        from cutthroat.tui.tables.kill_your_friends.game_over import game_over

        return game_over(self, update)

    # -- keys -----------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "move":
            return self.mine and len(self.hand(self.update.view)) > 1
        shared = super().check_action(action, parameters)
        if shared is not None:
            return shared
        if not self.mine:
            return False
        forced = self.forced()
        if action == "forced":
            return forced is not None
        if forced is not None:
            return False
        legal = self.update.legal
        if action == "draw":
            return DRAW in legal
        if action == "pass_turn":
            return PASS in legal
        if action == "reveal":
            return REVEAL in legal
        if action == "play":
            return bool(self.options_for(self.selected_card()))
        return bool(self.hand(self.update.view))  # a seat number

    def action_play(self) -> None:
        card = self.selected_card()
        if card is None:
            return
        options = self.options_for(card)
        if not options:
            self.refuse(why_unplayable(self.update.view, card, self.names))
        elif len(options) == 1:
            self.act(options[0])
        else:
            self.choose(card, options)

    def seat_key(self, seat: int) -> None:
        view = self.update.view
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
        elif len(aimed) == 1 and not (card is REAPER and seat == view.turn):
            self.act(aimed[0])
        else:  # (the Reaper on your own number: the prompt says what it would do, and asks)
            self.choose(card, aimed)

    def choose(self, card: KyfCard, options: list[Action]) -> None:
        """Ask how (or on whom) to play `card`: a target's seat number (where one option aims at
        that seat), any other option by letter."""
        targets = [action_target(a) for a in options]
        choices = keyed((self.sym_text(self.describe(a)), a, key_of_seat(t)) if t >= 0 and targets.count(t) == 1
                        else (self.sym_text(self.describe(a)), a) for a, t in zip(options, targets))
        self.open_prompt(ChoiceScreen(self.sym_text(choice_title(card)), choices, esc="cancel"),
                         lambda action: action is not None and self.mine and self.act(action))

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

    def on_click(self, event: Click) -> None:
        """Mouse is optional: clicking a player's row aims the selected card at them."""
        widget = event.widget
        while widget is not None and widget is not self:
            if (widget.id or "").startswith("seat-") and self.mine and self.forced() is None:
                self.seat_key(int(widget.id[5:]))
                return
            widget = widget.parent

    def point_at(self, action: Action) -> None:
        card = action_card(action)
        cards = self.hand(self.update.view)
        if card in cards:
            self.cursor, self.cursor_code = cards.index(card), card.code

