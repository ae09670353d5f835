"""The Exploding Kittens table: how its view reads on the shared table screen, and its keys.

One row per player (seat, name, bot level, cards in hand, turns owed, an I'll Take That or a
Barking Kitten face up in front of them, their marked cards), the draw pile (count, kittens left,
what you know of it: your peeks, face-up Imploding Kittens, Catomic Bomb's kittens), the discard
pile (browsable), the hand panel of the seat on screen, the event log.

Keys: ←/→ choose a card, space selects it for a combo, Enter plays the card (or the selected
combo), d draws, h asks the hard bot for a hint, v browses the discard pile, Enter reopens a
pending prompt, 1–5 claims a shared (hot-seat) reaction window for that seat, f skips ahead
through bots, s save, ? rules, Esc menu.

Reaction windows belong to the host: bots answer first, the player of a fresh card is passed
for, a lone human without a Nope is passed for at once; in hot-seat the window is shared and
timed, and a human claims it by their seat number (behind the curtain). A pending decision of
the seat on screen (a target, a card to name, a reinsert, a reorder, Garbage Collection, five
different, a claimed window) opens its prompt.
"""

from __future__ import annotations

from textual.binding import Binding

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import who_won
from cutthroat.games.exploding_kittens.actions import DRAW, Pass, Play, PlayCombo, Reinsert, combo_kind
from cutthroat.games.exploding_kittens.cards import EXPLODING, IMPLODING, EkCard
from cutthroat.games.exploding_kittens.knowledge import drawers, kittens_left
from cutthroat.games.exploding_kittens.recipes import RECIPES
from cutthroat.games.exploding_kittens.state import REINSERT, WINDOW, EkView
from cutthroat.games.exploding_kittens.text import COMBO_EFFECTS, frame_need, hint_text, why_unplayable, window_text
from cutthroat.host.updates import SeatUpdate
from cutthroat.lens import Sight
from cutthroat.tui.tables.exploding_kittens.prompts import (
    DiscardScreen,
    ReinsertScreen,
    decision_choices,
    ordinal,
    pile_place,
    window_choices,
)
from cutthroat.tui.tables.game_over import level_of
from cutthroat.tui.tables.keys import ALL_PASS_KEY, MOVE_KEYS, RESULTS_KEY, SKIP_KEY, closing_keys, play_hint_key, seat_keys
from cutthroat.tui.tables.shared import SharedTableScreen
from cutthroat.tui.text import escape, fit_lines, lines_of
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.hand import chip
from cutthroat.tui.binding_ids import with_ids

MAX_SEATS = 5
CARD_STYLE = {"kitten": "$error", "defuse": "$success", "nope": "$warning", "cat": "$secondary",
              "feral": "$secondary", "action": "$primary"}
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


class TableScreen(SharedTableScreen):
    CSS_PATH = ["../shared.tcss", "ek.tcss"]
    GAME_TITLE = "Exploding Kittens"
    ID = "ek"
    SAVE_NAME = "kittens"
    WINDOW_PROMPT = "Nope? Press your seat number:"
    BINDINGS = with_ids("ek", [
        *MOVE_KEYS,
        Binding("space", "select", "combo", key_display="space"),
        play_hint_key(),
        Binding("enter", "play", "play", key_display="⏎"),
        Binding("enter", "answer", "choose", key_display="⏎"),
        RESULTS_KEY,
        Binding("d", "draw", "draw"),
        Binding("h", "hint", "hint"),
        *seat_keys(MAX_SEATS, "Nope? your seat no.", "1-5"),
        ALL_PASS_KEY,
        Binding("v", "discard", "discard"),
        SKIP_KEY,
        *closing_keys(save_shown=False),
    ])
    UNICODE = {"turn": "▶", "pile": "▒", "cards": "▮", "x": "✗", "dot": "·",
               "out": "✝", "sel": "●", "bolt": "⚡", "arrow": "▸", "back": "◂"}
    ASCII = {"turn": ">", "pile": "#", "cards": "c", "x": "x", "dot": ".",
             "out": "x", "sel": "*", "bolt": "!", "arrow": ">", "back": "<"}
    ASCII_TEXT = str.maketrans({"▶": ">", "↻": "(cw)", "↺": "(ccw)", "▮": "c", "●": "*", "⚡": "!",
                                "◂": "<", "⏎": "Enter", "←": "<", "→": "->", "💥": "!"})

    def intro_lines(self) -> list[str]:
        view = self.update.view
        return [f"{RECIPES[view.recipe].name} · {view.n} players", *self.seed_lines()]

    def shown_events(self, events):
        # A drawn kitten is told by the draw itself ("Cy drew Exploding Kitten!"): its
        # "exploding" event would only say it again.
        return [e for e in events if not (e.kind == "turn_started" and e.owed <= 1)
                and not (e.kind == "exploding" and e.cause == "drew")]

    # -- reading the update -----------------------------------------------------------------------
    def hand(self, view: EkView) -> list[EkCard]:
        return sort_hand(view.hand) if view.seat is not None else []

    def playable(self, update: SeatUpdate) -> set:
        legal = update.legal if self.frame(update) is None else ()
        playable = {a.card for a in legal if a.kind == "play"}
        for a in legal:  # pairs and triples light their cards (five different goes with anything)
            if a.kind == "combo" and len(a.cards) < 5:
                playable.update(a.cards)
        return playable

    def selection(self) -> tuple[EkCard, ...]:
        cards = self.hand(self.update.view) if self.viewer is not None else []
        return tuple(cards[i] for i in sorted(self.selected) if i < len(cards))

    # -- the widgets' text ---------------------------------------------------------------------------
    def title_parts(self, update: SeatUpdate) -> tuple[str, str]:
        view = update.view
        left = self.title_left(RECIPES[view.recipe].name, f"{view.n} players")
        if update.over:
            return left, "Game over "
        owes = f" (owes {view.owed})" if view.owed > 1 else ""
        return left, f"{self.whose(view.turn)} turn{owes} "

    def head_text(self, update: SeatUpdate) -> str:
        return f"[$text-muted] # {'Player':<{self.name_width() + 1}}{'Who':<10}Hand  In front · marked[/]"

    def seat_line(self, sight: Sight, seat: int) -> str:
        s, view = self.sym, sight.update.view
        mark = self.turn_mark(sight, seat)
        name = self.name_cell(seat)
        level = level_of(self.table, seat, "you" if self.is_you(seat) else "human").removesuffix(" bot")
        if view.out[seat]:
            k = list(view.eliminations).index(seat) + 1 if seat in view.eliminations else 0
            return self.sym_text(f"{mark}{seat + 1} [bold]{name}[/] [$text-muted]{level:<10}[/]"
                                 f"[$text-muted]{s['out']} {ordinal(k)} out[/]")  # (the order out, not a place)
        owes = f" [bold $warning]owes {view.owed}[/]" if not sight.update.over and view.turn == seat \
            and view.owed > 1 else ""
        extras = []
        if view.itt[seat] >= 0:
            extras.append(f"[bold $warning]Take That{s['back']}{escape(self.names[view.itt[seat]])}[/]")
        if view.barking[seat]:
            extras.append("[bold $error]Barking Kitten[/]")
        if view.marked[seat]:
            extras.append("marked: " + ", ".join(escape(c.name) for c in view.marked[seat]))
        return self.sym_text(f"{mark}{seat + 1} [bold]{name}[/] [$text-muted]{level:<10}[/]"
                             f"{view.hand_counts[seat]:>2}{s['cards']}{owes}  " + " · ".join(extras))

    def piles_text(self, update: SeatUpdate) -> str:
        s, view = self.sym, update.view
        left, unsure = kittens_left(view)
        kittens = f"{'≤' if unsure and left else ''}{left} kitten{'s' * (left != 1)} left"
        direction = "clockwise" if view.direction > 0 else "anticlockwise"  # (words, no mark: it fits at 80)
        line1 = (f"[bold]Draw pile {s['pile']} {view.pile_count}[/] · "
                 f"[bold $error]{kittens}[/] · [$text-muted]{direction}[/]")
        width = self.query_one("#ek-piles").content_region.width
        label = "You know" if view.seat is not None else "Known"
        for name in (lambda card: card.name, short):  # the cards' short names where the full ones don't fit
            known = []
            for depth, card in view.pile_known[:5]:
                face = " (face up)" if depth in view.up_known else ""
                style = "bold $error" if card is EXPLODING or card is IMPLODING else "bold"
                known.append(f"{pile_place(depth)} [{style}]{escape(name(card))}[/]{face}")
            line2 = f"{label}: " + " · ".join(known) if known else "[$text-muted]Nothing known of the pile's order[/]"
            if not width or lines_of(self.sym_text(line2), width) == 1:
                break
        hidden_up = view.face_up - len(view.up_known)
        if hidden_up > 0:
            line2 += f" [$warning]· {hidden_up} face-up Imploding Kitten inside[/]"
        if view.discard:
            line3 = (f"Discard {s['arrow']} [bold]{escape(view.discard[-1].name)}[/] "
                     f"[$text-muted]({len(view.discard)} card{'s' * (len(view.discard) != 1)} — v to browse)[/]")
        else:
            line3 = "[$text-muted]Discard pile empty[/]"
        if view.limbo:
            line3 += f" [$warning]· Barking ×{len(view.limbo)} in play[/]"
        # One line each, whatever they hold: a long one ends in "…" rather than push the discard out.
        return "\n".join(fit_lines(self.sym_text(line), width, 1) for line in (line1, line2, line3))

    def status_text(self, sight: Sight) -> str:
        view = sight.update.view
        if sight.update.over:
            return f"[bold $success]Game over: {escape(who_won(self.names, view.winners))}[/]"
        turn = view.turn
        you = turn == self.viewer and len(self.humans) == 1
        who = "Your turn" if you else f"{escape(self.names[turn])}'s turn"
        if self.table.is_bot(turn):
            who += f" [$text-muted]({self.table.seats[turn].level or 'bot'} bot)[/]"
        text = f"[bold]{self.sym['turn']} {who}[/]"
        return self.sym_text(text + (f" [bold $warning]— {view.owed} turns to take[/]" if view.owed > 1 else ""))

    def prompt_text(self, sight: Sight) -> str:
        update, bolt = sight.update, self.sym["bolt"]
        if update.over:
            return f"Press {self.key_word('results')} for the results."
        f = self.frame(update)
        bots = [q for q in update.to_act if self.table.is_bot(q)]
        if f is not None and f.kind == WINDOW:
            what = escape(self.sym_text(window_text(f, self.names)))
            quiet = bots and not any(not self.table.is_bot(q) for q in update.to_act)
            return f"[$text-muted]{bolt} {what}[/]" if quiet else f"[bold $warning]{bolt} {what}[/]"
        if bots:
            return self.thinking(update, f" ({frame_need(f, self.names)})" if f is not None else "")
        if not self.mine:
            return self.waiting_for(sight)
        if f is not None:
            return f"[bold $warning]You must {escape(frame_need(f, self.names))} — press {self.key_word('answer')}[/]"
        keys = ["←→ card", f"{self.key_text('select')}: combo", f"{self.key_word('play')} plays", f"{self.key_text('draw')} draws",
                f"{self.key_text('hint')} hint"]
        return "[$text-muted]" + " · ".join(escape(k) for k in keys) + "[/]"

    def chip_labels(self, cards: list[EkCard], selected: frozenset) -> list[str]:
        return [(self.sym["sel"] if i in selected else "") + short(c) for i, c in enumerate(cards)]

    def chip_style(self, card: EkCard) -> str:
        return card_style(card)

    def hand_note(self, view: EkView, card: EkCard) -> str:
        marked = " [$warning](marked: everyone sees it)[/]" if card in view.marked[view.seat] else ""
        label = chip(card.name, card_style(card), False)
        if not self.main_turn():
            return f"{label} [$text-muted]{escape(card.text)}[/]{marked}"
        combo = self.selection()
        if len(combo) >= 2:
            what, names = combo_kind(combo), ", ".join(c.name for c in combo)
            if what is None:
                return f"[$error]{self.sym['x']} {escape(names)}: not a combo (2 or 3 alike, or 5 different)[/]"
            return f"[bold]Enter:[/] {escape(COMBO_EFFECTS[what])} [$text-muted]({escape(names)})[/]"
        if Play(card) in self.update.legal:  # the key first: a long card text is cut at its end, never the key
            return self.sym_text(f"{label} [bold]{escape(self.key_word('play'))} plays it:[/] {escape(card.text)}{marked}")
        return f"{label} [$error]{self.sym['x']} {escape(why_unplayable(view, card, self.combo_keys()))}[/]{marked}"

    def curtain_note(self, sight: Sight, seat: int) -> str:
        f, view = self.frame(sight.update), sight.update.view
        if f is not None and f.kind == WINDOW:
            return f"Reaction window: {window_text(f, self.names)}"
        name = self.names[seat]  # (the curtain is for all to see: nobody on it is "you")
        if f is not None:
            return f"{name} must {frame_need(f, self.names)}."
        return f"{name}'s turn, with {view.owed} turns to take." if view.turn == seat and view.owed > 1 else ""

    def game_over_screen(self, update: SeatUpdate):
        from cutthroat.tui.tables.exploding_kittens.game_over import game_over

        return game_over(self, update)

    # -- prompts --------------------------------------------------------------------------------------
    def decision_prompt(self, sight: Sight):
        view, legal = sight.update.view, sight.update.legal
        f = self.frame(sight.update)
        if f is None:
            return None
        if f.kind == WINDOW:
            choices, note = window_choices(view, legal, self.names)
            title = self.sym_text(f"{self.sym['bolt']} {window_text(f, self.names)}")
            return ChoiceScreen(title, choices, note=note, esc="pass"), \
                lambda a: self.answer(a or Pass(view.seat))
        if f.kind == REINSERT:
            screen = ReinsertScreen(f.cards[0], view.pile_count, view.known_top(), face_up=f.face_up,
                                    drawers=[self.names[q] for q in drawers(view, f.ends_turn)],
                                    ascii_style=self.ascii_style, hint=self.hinted_depth)
            return screen, lambda depth: depth is not None and self.answer(Reinsert(depth))
        title, choices, note = decision_choices(view, legal, self.names, short)
        if not choices:
            return None
        return self.choice_prompt(sight.update, self.sym_text(title), choices, note)

    def hinted_depth(self) -> int | None:
        """The hard bot's depth for the card put back (runs in the reinsert prompt's worker)."""
        return getattr(getattr(self.acting_port.hint(), "action", None), "depth", None)

    # -- keys -----------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "discard":
            return True
        shared = super().check_action(action, parameters)
        if shared is None:
            shared = self.decision_key(action)
        if shared is not None:
            return shared
        update = self.update
        if not self.main_turn():
            return False
        if action == "draw":
            return DRAW in update.legal
        card = self.selected_card()
        if action == "select":
            return card is not None and not card.is_kitten
        return self.combo_legal() if len(self.selection()) >= 2 else card is not None and Play(card) in update.legal

    def combo_legal(self) -> bool:
        """Are the cards picked with space a combo the rules take now?"""
        picked = sorted(c.code for c in self.selection())
        return any(a.kind == "combo" and sorted(c.code for c in a.cards) == picked for a in self.update.legal)

    def combo_keys(self) -> str:
        """How this table plays cat cards together (the end of "Cat cards do nothing alone: …")."""
        return f"select 2, 3 or 5 with {self.key_text('select')}, then Enter"

    def hint_offered(self, update: SeatUpdate) -> bool:
        return self.frame(update) is None and DRAW in update.legal

    def action_select(self) -> None:
        card = self.selected_card()
        if card is None:
            return
        if card.is_kitten:
            self.refuse("Kittens are never part of a combo")
            return
        self.selected = self.selected ^ {self.cursor}
        self.message = ""

    def action_play(self) -> None:
        combo = self.selection()
        if len(combo) >= 2:
            if self.act(PlayCombo(combo)):
                self.selected = frozenset()
            return
        self.selected = frozenset()
        card = self.selected_card()
        if card is None:
            return
        if Play(card) in self.update.legal:
            self.act(Play(card))
        else:
            self.refuse(why_unplayable(self.update.view, card, self.combo_keys()))

    def action_draw(self) -> None:
        self.selected = frozenset()
        self.act(DRAW)

    def action_answer(self) -> None:
        self.prompted = -1  # reopen the pending decision's prompt
        self.next_step()

    def action_discard(self) -> None:
        view = self.update.view
        self.app.push_screen(DiscardScreen(view.discard, view.limbo))

    def point_at(self, action: Action) -> None:
        """The cursor on the hinted card; a combo's cards selected."""
        cards = self.hand(self.update.view)
        if action.kind == "play" and action.card in cards:
            self.cursor, self.cursor_code = cards.index(action.card), action.card.code
        elif action.kind == "combo":
            free, picked = list(range(len(cards))), set()
            for card in action.cards:
                i = next(i for i in free if cards[i] == card)
                free.remove(i)
                picked.add(i)
            self.selected = frozenset(picked)
            self.cursor = min(picked)
            self.cursor_code = cards[self.cursor].code

    def hint_words(self, action: Action, described: str) -> str:
        return hint_text(action)

