"""The Stab Your Friends table: how its view reads on the shared table screen, and its keys.

One row per player (the turn ▶ and the Crown ♛, name, lives as hearts and a number, the cards in
front of them — backs while face down, your own marked with their names, sideways cards ↻ — and
cards in hand), the phase and the priority track while cards activate, the face-up deck's top
and the discard pile, the hand panel of the seat on screen, the log.

Keys: ←/→ choose a card, 1–8 place it in front of that player (Enter asks where), in activation
1–8 pick the player a Bow or Fireball hits (a prompt opens by itself; Gobblin Hands lists its
moves), f skips ahead through bots and activation steps, k shows what everyone holds (every draw
was seen; with the memory aid off, how many cards), c calls a player out (house rule),
h hint, s save, ? rules, Esc menu. The sentences come from `games/stab_your_friends/text.py`.
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import agree, who_won
from cutthroat.games.stab_your_friends.actions import CallOut, Place, Target
from cutthroat.games.stab_your_friends.rules import memory_aid
from cutthroat.games.stab_your_friends.cards import GOBBLIN_HANDS, MAX_LIVES, SyfCard
from cutthroat.games.stab_your_friends.state import ACTIVATING, DRAWING, PLAYING, SyfView, plays_face_up
from cutthroat.games.stab_your_friends.text import PHASE_NAMES, WIN_HOW, describe_action
from cutthroat.host.updates import SeatUpdate
from cutthroat.lens import Sight
from cutthroat.tui.tables.base import seat_numbers
from cutthroat.tui.tables.keys import MOVE_KEYS, RESULTS_KEY, SKIP_KEY, closing_keys, play_hint_key
from cutthroat.tui.tables.shared import SharedTableScreen
from cutthroat.tui.tables.stab_your_friends.known import KnownHandsScreen
from cutthroat.tui.widgets.choice import key_of_seat
from cutthroat.tui.tables.stab_your_friends.look import card_style, fronts_text, priority_track
from cutthroat.tui.tables.stab_your_friends.prompts import (call_out_prompt, callers, choose_one, gobblin_prompt,
                                                            target_prompt, why_no_callers)
from cutthroat.tui.text import escape
from cutthroat.tui.widgets.hand import chip
from cutthroat.tui.binding_ids import with_ids

MAX_SEATS = 8
FRONT_WIDTH = 23


class TableScreen(SharedTableScreen):
    CSS_PATH = ["../shared.tcss", "syf.tcss"]
    GAME_TITLE = "Stab Your Friends"
    ID = "syf"
    SAVE_NAME = "stab"
    STEP_WORDS = "the cards activate"
    COMPACT_FOOTER = True
    BINDINGS = with_ids("syf", [
        *MOVE_KEYS,
        play_hint_key("enter,space"),
        Binding("enter,space", "play", "play", key_display="⏎"),
        Binding("enter,space", "choose", "choose", key_display="⏎"),
        RESULTS_KEY,
        Binding("1", "seat(0)", "player", key_display="1-8"),
        *[Binding(str(i + 1), f"seat({i})", show=False) for i in range(1, MAX_SEATS)],
        Binding("9", "seat(8)", show=False),  # no such player: said, not ignored
        Binding("0", "seat(-1)", show=False),
        SKIP_KEY,
        Binding("c", "call_out", "call out"),
        Binding("c", "call_out_why", show=False),  # not in the footer, but c says why nobody may call
        Binding("k", "known", "hands"),
        Binding("h", "hint", "hint"),
        *closing_keys(save_shown=False),
    ])
    UNICODE = {"turn": "▶", "crown": "♛", "alive": "♥", "lost": "·", "dead": "✝", "back": "▒", "side": "↻",
               "cards": "▮", "x": "✗", "dot": "·", "arrow": "▸", "star": "★"}
    ASCII = {"turn": ">", "crown": "@", "alive": "o", "lost": ".", "dead": "x", "back": "#", "side": "~",
             "cards": "c", "x": "x", "dot": ".", "arrow": ">", "star": "*"}
    ASCII_TEXT = str.maketrans({"▶": ">", "♛": "@", "♥": "o", "✝": "x", "▒": "#", "↻": "~", "▮": "c",
                                "★": "*", "⏎": "Enter", "←": "<", "→": "->", "▸": ">", "…": "...", "–": "-",
                                "·": ".", "—": "-", "×": "x"})

    def board_classes(self) -> str:
        return "-crowded" if len(self.names) >= 7 else ""

    def intro_lines(self) -> list[str]:
        view = self.update.view
        call = {"crown": " · royal call-out", "anyone": " · call-out: anyone"}.get(view.call_out, "")
        aid = "" if memory_aid(self.table.config) else " · memory aid off: remember the draws"
        return [f"{view.n} players{call}{aid}", *self.seed_lines()]

    def shown_events(self, events):
        """With the memory aid off, the log says who took the deck top, not which card: it was seen
        on the table as it was taken, and remembering it is the players' part (their own excepted)."""
        if memory_aid(self.table.config):
            return events
        return [replace(e, card=None) if e.kind == "drew" and e.seat != self.log_seat else e for e in events]

    def news_events(self, seat: int, events) -> list:
        return [e for e in events if not (e.kind == "placed" and e.seat == seat)]  # it chose that card

    # -- reading the update -------------------------------------------------------------------------
    def hand(self, view: SyfView) -> list[SyfCard]:
        return sorted(view.hand) if view.seat is not None else []

    def playable(self, update: SeatUpdate) -> set:
        return {a.card for a in update.legal if isinstance(a, Place)}

    def placing(self) -> bool:
        return self.mine and self.update.view.phase == PLAYING

    def choosing(self) -> bool:
        return self.mine and self.update.view.phase == ACTIVATING and self.update.view.active is not None

    def describe(self, action: Action) -> str:
        return agree(describe_action(self.update.view, action, self.names))

    # -- the widgets' text ---------------------------------------------------------------------------
    def title_parts(self, update: SeatUpdate) -> tuple[str, str]:
        view = update.view
        left = self.title_left(f"Round {view.round}", PHASE_NAMES[view.phase])
        return left, f"{self.sym['crown']} {self.names[view.crown]} (royal) "

    def head_text(self, update: SeatUpdate) -> str:
        return f"[$text-muted]   {'  Player':<{self.name_width() + 3}}{'Lives':<9}{'In front':<{FRONT_WIDTH + 1}}Hand[/]"

    def seat_line(self, sight: Sight, seat: int) -> str:
        """Columns: ▶♛ 3 Name      ♥♥♥·· 3  Shield Bow ▒Dagger         2▮ (head_text matches); the
        number is the key that picks the player."""
        s, view = self.sym, sight.update.view
        turn = self.turn_mark(sight, seat)
        crown = s["crown"] if view.crown == seat else " "
        name = f"[$text-muted]{seat + 1}[/] " + self.name_cell(seat)
        if view.out[seat]:
            return self.sym_text(f"{turn}{crown} [$text-muted]{name} {s['dead']} out[/]")
        lives = view.lives[seat]
        hearts = f"[bold $error]{s['alive'] * lives}[/][$text-muted]{s['lost'] * (MAX_LIVES - lives)}[/]"
        current = view.at[1] if view.phase == ACTIVATING and view.active is None and view.at[0] == seat else -1
        fronts, used = fronts_text(view.fronts[seat], s, FRONT_WIDTH, current)
        hand = f"{view.hand_counts[seat]}{s['cards']}"
        line = (f"{turn}{crown} [bold]{name}[/] {hearts} {lives}  {fronts}{' ' * (FRONT_WIDTH - used)} {hand:>3}")
        return self.sym_text(line)

    def seat_classes(self, sight: Sight, seat: int) -> dict[str, bool]:
        classes = super().seat_classes(sight, seat)
        classes["-target"] = seat in self.targets()
        return classes

    def targets(self) -> set[int]:
        """The players the card under the cursor can go in front of (play phase, your screen)."""
        if not self.placing():
            return set()
        card = self.selected_card()
        return {a.target for a in self.update.legal if isinstance(a, Place) and a.card is card}

    def piles_text(self, update: SeatUpdate) -> str:
        s, view = self.sym, update.view
        if view.phase == ACTIVATING:
            current = view.current
            line1 = priority_track(current.card.priority if current is not None else None, s)
        elif view.phase == PLAYING:
            left = len(view.queue)
            line1 = f"Play phase: twice round from {escape(self.names[view.crown])} · {left} to place"
        elif view.phase == DRAWING:
            line1 = "Draw phase: everyone up to 4 cards, from the royal highness"
        else:
            line1 = ""
        top = view.deck_top
        deck = (f"Deck top {s['arrow']} [bold {card_style(top)}]{top.name}[/] [$text-muted]{s['dot']} "
                f"{view.deck_count} left[/]") if top is not None else "Deck empty"
        return self.sym_text(f"{line1}\n{deck} [$text-muted]{s['dot']} Discard {len(view.discard)}[/]")

    def status_text(self, sight: Sight) -> str:
        s, view = self.sym, sight.update.view
        if sight.update.over:
            return (f"[bold $success]Game over: {escape(who_won(self.names, view.winners))} — "
                    f"{WIN_HOW.get(view.how, view.how)}[/]")
        who = self.names[view.turn]
        if view.phase == ACTIVATING:
            card = view.current.card
            whom = "you" if view.turn == self.viewer else escape(who)
            text = f"{s['turn']} {card.priority} [bold {card_style(card)}]{card.name}[/] {s['arrow']} {whom}: {card.short}"
        elif view.phase == PLAYING:
            played = 2 - view.queue.count(view.turn)
            face = " face up, for the Crystal" if plays_face_up(list(view.fronts[view.turn])) else ""
            text = f"{s['turn']} [bold]{escape(who)}[/] places a card ({played + 1} of 2){face}"
        else:
            text = f"{s['turn']} [bold]{escape(who)}[/] draws"
        if self.table.seats[view.turn].is_bot and view.phase != ACTIVATING:
            text += " [$text-muted](bot)[/]"
        return self.sym_text(text)

    def step_words(self, update) -> str:
        """The draw phase's steps draw (the deck is face up: nobody chooses); the rest activate."""
        return "the cards are drawn" if update.view.phase == DRAWING else self.STEP_WORDS

    def prompt_text(self, sight: Sight) -> str:
        return self.sym_text(self.prompt_words(sight))

    def prompt_words(self, sight: Sight) -> str:
        update = sight.update
        if update.over:
            return f"Press {self.key_word('results')} for the results."
        skip = "" if update.skipping else "  (f skips ahead)"
        if update.stepping:
            doing = "Drawing" if update.view.phase == DRAWING else "Activating"
            return f"[$text-muted]{doing}…{skip}[/]"
        if not self.mine:
            return self.thinking(update) or self.waiting_for(sight)
        if self.choosing():
            active = update.view.active.card
            if active is GOBBLIN_HANDS:
                return f"[bold $warning]Gobblin Hands: move a card — press {self.key_word('choose')}[/]"
            return (f"[bold $warning]Pick the player your {active.name} hits: {self.numbers_now()} or "
                    f"{self.key_word('choose')}[/]")
        return f"[$text-muted]←→ a card · {self.numbers_now()}: in front of them · {self.key_word('play')}: where[/]"

    def numbers_now(self) -> str:
        """The seat numbers that answer now ("2–4": not yourself, not a player who is out)."""
        return seat_numbers(self.answering_seats() or range(len(self.names)), dash="–")

    def chip_labels(self, cards, selected) -> list[str]:
        return [f"{c.priority} {c.label}" for c in cards]

    def chip_style(self, card: SyfCard) -> str:
        return card_style(card)

    def hand_note(self, view: SyfView, card: SyfCard) -> str:
        label = chip(f"{card.priority} {card.name}", card_style(card), self.placing())
        return f"{label} [$text-muted]{escape(card.text)}[/]"

    def curtain_note(self, sight: Sight, seat: int) -> str:
        view = sight.update.view
        if view.phase == ACTIVATING and view.active is not None:
            return f"Your {view.active.card.name} is activating: you choose."
        if view.phase == PLAYING:
            return "Your turn to place a card."
        return ""

    def game_over_screen(self, update: SeatUpdate):
        from cutthroat.tui.tables.stab_your_friends.game_over import game_over

        return game_over(self, update)

    # -- prompts -------------------------------------------------------------------------------------
    def decision_prompt(self, sight: Sight):
        if not self.choosing():
            return None
        view = sight.update.view
        if view.active.card is GOBBLIN_HANDS:
            return gobblin_prompt(self, view, sight.update.legal)
        return target_prompt(self, view, sight.update.legal)

    # -- keys -----------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        if update is not None and action == "skip_ahead":
            return (update.stepping or any(self.table.is_bot(q) for q in update.to_act)) and not update.skipping
        if action == "call_out":  # only while someone at this screen may still call someone out
            return update is not None and not update.over and bool(callers(self)) and not self.curtain_up
        if action == "call_out_why":
            return update is not None and not update.over and update.view.call_out != "off" and not callers(self)
        if action == "known":
            return update is not None and not update.over
        if action == "move":
            return self.placing() and len(self.hand(self.update.view)) > 1
        shared = super().check_action(action, parameters)
        if shared is not None:
            return shared
        if action == "play":
            return self.placing() and self.cursor_playable()
        if action == "choose":
            return self.choosing()
        return bool(self.answering_seats())  # a seat number

    def answering_seats(self) -> list[int] | None:
        """The players a number key names now: where the card under the cursor may go, or the
        target the active card wants."""
        claimants, card = super().answering_seats(), self.selected_card()
        if claimants:
            return claimants
        if self.placing():
            return [a.target for a in self.update.legal if isinstance(a, Place) and a.card is card]
        if self.choosing() and self.update.view.active.card is not GOBBLIN_HANDS:
            return [a.seat for a in self.update.legal if isinstance(a, Target)]
        return []

    def action_play(self) -> None:
        card = self.selected_card()
        if card is None:
            return
        options = [a for a in self.update.legal if isinstance(a, Place) and a.card is card]
        self.open_prompt(*choose_one(self, f"{card.name}: in front of whom?",
                                     [(self.describe(a), a, key_of_seat(a.target)) for a in options]))

    def open_prompt(self, screen, answer) -> None:
        """A prompt with one answer the rules require is answered at once (a Bow with one rival
        left to hit, a card only one player can take)."""
        if getattr(screen, "only_answer", False):
            answer(screen.choices[0].value)
        else:
            super().open_prompt(screen, answer)

    def action_choose(self) -> None:
        prompt = self.decision_prompt(self.sight)
        if prompt is not None:
            self.open_prompt(*prompt)

    def seat_key(self, seat: int) -> None:
        if not 0 <= seat < len(self.names):
            self.refuse(f"Players are numbered 1–{len(self.names)}")
        elif self.placing():
            card = self.selected_card()
            if card is not None:
                self.act(Place(card, seat))
        elif self.choosing() and self.update.view.active.card is not GOBBLIN_HANDS:
            self.act(Target(seat))

    def action_known(self) -> None:
        self.app.push_screen(KnownHandsScreen(self.update.view, self.names, self.sym_text,
                                              aid=memory_aid(self.table.config)))

    def action_call_out(self) -> None:
        self.open_prompt(*call_out_prompt(self))

    def action_call_out_why(self) -> None:
        self.refuse(why_no_callers(self))

    def call_out(self, caller: int, target: int) -> None:
        """The house rule's move, from the caller's own port (it may be anyone's turn)."""
        answers = self.update.version if self.lens.moves_answer_versions else None  # (as `submit` does)
        reason = self.lens.port(caller).submit(CallOut(caller, target), answers)
        if reason is not None:
            self.refuse(reason)

    def point_at(self, action: Action) -> None:
        if isinstance(action, Place):
            cards = self.hand(self.update.view)
            if action.card in cards:
                self.cursor, self.cursor_code = cards.index(action.card), action.card.code
