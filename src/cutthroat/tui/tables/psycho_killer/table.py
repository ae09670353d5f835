"""The Psycho Killer table: how its view reads on the shared table screen, and its keys.

One row per player (the turn ▶, number and name, injury points with LFD at 10+, Psycho Killers
and the weapons in the injury pile, cards in hand, No Signal), both decks with their counts and
what this seat knows of their tops (face-up cards with Upside Down), the discard pile and the
PK clock, the hand panel of the seat on screen (VHS symbols on the chips, the reason a card
can't be played), the log. Every decision (Trip Over?, an attack, the card just drawn, draw
again, a deck, a player, cards to pick) is a prompt for the seat concerned; in hot-seat a Trip
Over window is shared and claimed with a seat number.

Keys: ←/→ choose a card, Enter plays it (or reopens the decision's prompt), a/b draw from deck
A/B, 1–6 claim a shared window, f skips ahead through bots, h hint, s save, ? rules, Esc menu.
The sentences come from `games/psycho_killer/text.py`.
"""

from __future__ import annotations

from textual.binding import Binding

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import ordinal, who_won
from cutthroat.games.psycho_killer.actions import DRAWS, Play
from cutthroat.games.psycho_killer.cards import PK, WEAPON, PkCard
from cutthroat.games.psycho_killer.events import HOW
from cutthroat.games.psycho_killer.state import (DECK_NAMES, DRAWN, WINDOW, PkView, left_for_dead, window_card,
                                                 window_player)
from cutthroat.games.psycho_killer.text import frame_words, why_unplayable
from cutthroat.host.updates import SeatUpdate
from cutthroat.lens import HOT_SEAT, Sight
from cutthroat.tui.tables.keys import ALL_PASS_KEY, MOVE_KEYS, RESULTS_KEY, SKIP_KEY, closing_keys, play_hint_key, seat_keys
from cutthroat.tui.tables.psycho_killer.look import SHORT, card_style, chip_label, glyphs, symbol_words
from cutthroat.tui.tables.psycho_killer.prompts import decision
from cutthroat.tui.tables.shared import SharedTableScreen
from cutthroat.tui.text import escape, first_fitting, lines_of, parsed
from cutthroat.tui.widgets.choice import Choice, ChoiceScreen
from cutthroat.tui.widgets.hand import HandShown, chip
from cutthroat.tui.binding_ids import with_ids

MAX_SEATS = 6
PILE_WIDTH = 19
PILES_WIDTH = 53  # the piles' lines at 80 columns (beside the log)


class TableScreen(SharedTableScreen):
    NAME_COLUMN = 10
    CSS_PATH = ["../shared.tcss", "pk.tcss"]
    GAME_TITLE = "Psycho Killer"
    ID = "pk"
    SAVE_NAME = "psycho"
    WINDOW_PROMPT = "Your answer? Press your seat number:"  # a Trip Over window, or an attack
    BINDINGS = with_ids("pk", [
        *MOVE_KEYS,
        play_hint_key(),
        Binding("enter", "play", "play", key_display="⏎"),
        Binding("enter", "answer", "choose", key_display="⏎"),
        RESULTS_KEY,
        Binding("a", "draw(0)", "draw A"),
        Binding("b", "draw(1)", "draw B"),
        Binding("h", "hint", "hint"),
        *seat_keys(MAX_SEATS, "answer: seat no.", "1-6"),
        ALL_PASS_KEY,
        SKIP_KEY,
        *closing_keys(save_shown=False),
    ])
    UNICODE = {"turn": "▶", "pile": "▒", "cards": "▮", "x": "✗", "arrow": "▸", "skull": "☠", "mute": "⊘",
               "star": "★"}
    ASCII = {"turn": ">", "pile": "#", "cards": "c", "x": "x", "arrow": ">", "skull": "PK", "mute": "NS",
             "star": "*"}
    ASCII_TEXT = str.maketrans({"▶": ">", "▮": "c", "▒": "#", "☠": "PK", "⊘": "NS", "⏎": "Enter", "★": "*",
                                "←": "<", "→": "->", "▸": ">", "…": ".", "–": "-", "·": ".", "—": "-",
                                "⏏": "[EJ]", "■": "[ST]", "◀": "<"})

    def intro_lines(self) -> list[str]:
        view = self.update.view
        options = [name for name, on in (("Upside Down", view.upside_down), ("Hold Your Nerve", view.hold_your_nerve),
                                         ("Quickie", view.pk_limit == 3)) if on]
        lines = [f"Edition {view.edition} · {view.n} players" + "".join(f" · {o}" for o in options),
                 *self.seed_lines()]
        return lines

    def shown_events(self, events):
        return [e for e in events if e.kind != "turn_ended"]

    # -- reading the update -----------------------------------------------------------------------
    def hand(self, view: PkView) -> list[PkCard]:
        return sorted(view.hand, key=lambda c: c.index) if view.seat is not None else []

    def playable(self, update: SeatUpdate) -> set:
        return {a.card for a in update.legal if a.kind in ("play", "play_on")} if self.frame(update) is None else set()

    # -- the widgets' text ---------------------------------------------------------------------------
    def title_parts(self, update: SeatUpdate) -> tuple[str, str]:
        view = update.view
        left = self.title_left(f"Edition {view.edition}")
        clock = f"{self.sym['skull']} {view.pks} of {view.pk_limit}"
        if update.over:
            return left, f"{clock} · Game over "
        return left, f"{clock} · {self.whose(view.turn)} turn "

    def head_text(self, update: SeatUpdate) -> str:
        return f"[$text-muted]   {'Player':<{self.name_width() + 2}}{'Injury':>6}  PK  {'Weapons in injuries':<{PILE_WIDTH}} Hand[/]"

    def seat_line(self, sight: Sight, seat: int) -> str:
        s, view = self.sym, sight.update.view
        turn = self.turn_mark(sight, seat)
        name = self.name_cell(seat)
        pile = view.injuries[seat]
        total = sum(c.points for c in pile)
        pks = sum(1 for c in pile if c.kind == PK)
        lfd = "[bold $error]LFD[/]" if left_for_dead(view, seat) else "   "
        weapons = [c for c in pile if c.kind == WEAPON]
        text = " ".join(c.name for c in sorted(weapons, key=lambda c: -c.points)) or "—"
        if len(text) > PILE_WIDTH:
            text = text[:PILE_WIDTH - 1] + "…"
        mute = f" [$warning]{s['mute']}[/]" if view.silenced[seat] else ""
        star = f" [bold $success]{s['star']}[/]" if sight.update.over and seat in view.winners else ""
        line = (f"{turn} [$text-muted]{seat + 1}[/] [bold]{name}[/] {total:>4} {lfd} {pks:>2}  "
                f"[$warning]{escape(text):<{PILE_WIDTH}}[/] {view.hand_counts[seat]:>2}{s['cards']}{mute}{star}")
        return self.sym_text(line)

    def seat_classes(self, sight: Sight, seat: int) -> dict[str, bool]:
        return {"-turn": not sight.update.over and sight.update.view.turn == seat, "-out": False}

    def piles_text(self, update: SeatUpdate) -> str:
        s, view = self.sym, update.view
        decks = []
        for d in (0, 1) if view.edition == 2 else (0,):  # edition 1 plays one deck
            if view.gone[d]:
                decks.append(f"[$text-muted]Deck {DECK_NAMES[d]} gone[/]")
            else:
                decks.append(f"[bold]Deck {DECK_NAMES[d]}[/] {s['pile']} {view.decks[d]}")
        top = view.discard[-1].name if view.discard else "empty"
        line1 = "  ".join(decks)
        width = self.query_one("#pk-piles").content_region.width or PILES_WIDTH
        discard = f"Discard {s['arrow']} {escape(top)} [$text-muted]({len(view.discard)})[/]"
        line2 = discard if view.direction > 0 else first_fitting(
            [self.sym_text(f"{discard}  [$text-muted]{words}[/]") for words in ("play runs anticlockwise", "anticlockwise")],
            width)
        seen = []  # per deck: (depth, card) for every card of it this seat knows, top first
        for d in (0, 1):
            cards = {**dict(view.faces[d]), **dict(view.placed[d])}
            cards.update(enumerate(view.known[d]))
            seen.append(sorted(cards.items()))
        label = "You know" if view.seat is not None else "Known"
        line3 = "[$text-muted]Nothing known of the decks' order[/]"
        for name in (lambda card: card.name, lambda card: SHORT.get(card.code, card.name)):  # short where long don't fit
            decks = []
            for d in (0, 1):
                known = []
                for depth, card in seen[d]:
                    style = "bold $error" if card.kind == PK else "bold"
                    known.append(f"{ordinal(depth + 1)} [{style}]{escape(name(card))}[/]")
                if known:
                    decks.append(f"{DECK_NAMES[d]} " + ", ".join(known))
            if decks:
                line3 = f"{label}: " + " · ".join(decks)
            if lines_of(self.sym_text(line3), width) == 1:
                break
        line3 = self.sym_text(line3)
        if lines_of(line3, width) > 1:  # cut at the very edge, "…" (not at a word: a card more shows)
            line3 = parsed(line3).truncate(width - 1).rstrip().markup + "…"
        return self.sym_text(f"{line1}\n{line2}\n{line3}")

    def status_text(self, sight: Sight) -> str:
        view = sight.update.view
        if sight.update.over:
            return (f"[bold $success]Game over: {escape(who_won(self.names, view.winners))} — "
                    f"{HOW.get(view.how, view.how)}[/]")
        f = self.frame(sight.update)
        if f is not None and f.kind == DRAWN and f.seat == self.viewer and f.card is not None:
            return self.sym_text(f"{self.sym['turn']} You drew {escape(f.card.name)}: take it, or answer it")
        if f is not None:
            return self.sym_text(f"{self.sym['turn']} " + escape(frame_words(view, self.names)))
        who = "Your turn" if view.turn == self.viewer and len(self.humans) == 1 else \
            f"{escape(self.names[view.turn])}'s turn"
        bot = " [$text-muted](bot)[/]" if self.table.is_bot(view.turn) else ""
        return self.sym_text(f"[bold]{self.sym['turn']} {who}[/]{bot}")

    def prompt_text(self, sight: Sight) -> str:
        update = sight.update
        if update.over:
            return f"Press {self.key_word('results')} for the results."
        f = self.frame(update)
        bots = [q for q in update.to_act if self.table.is_bot(q)]
        if f is not None and f.kind == WINDOW:
            quiet = bots and not any(not self.table.is_bot(q) for q in update.to_act)
            what = escape(f"{self.names[window_player(f)]} plays {window_card(f).name}: Trip Over?")
            return f"[$text-muted]{what}[/]" if quiet else f"[bold $warning]{what}[/]"
        if f is not None and f.kind == DRAWN and not (self.mine and f.seat == self.viewer):
            skip = "" if update.skipping else "  (f skips ahead)"  # alike, Rewind card or not
            return f"[$text-muted]{escape(self.names[f.seat])} takes the card drawn…{skip}[/]"
        if bots:
            return self.thinking(update)
        if not self.mine:
            return self.waiting_for(sight)
        if f is not None:
            return f"[bold $warning]Your decision — press {self.key_word('answer')}[/]"
        keys = "/".join(self.key_text(f"draw({d})") for d in range(2 if update.view.edition == 2 else 1))
        play = f" · ←→ {self.key_word('play')}: play a card" if self.playable(update) else ""  # (none: not offered)
        return self.sym_text(f"[$text-muted]{escape(keys)}: draw (ends your turn){play}[/]")

    def hidden_hand(self, sight: Sight):
        f = self.frame(sight.update)
        if f is not None and f.kind == DRAWN and self.lens.mode == HOT_SEAT:  # alike, Rewind card or not
            return HandShown(placeholder=f"Hands are hidden while {self.names[f.seat]} draws.",
                             title="Hands hidden")
        return super().hidden_hand(sight)

    def chip_labels(self, cards, selected) -> list[str]:
        return [chip_label(c, self.ascii_style) for c in cards]

    def chip_style(self, card: PkCard) -> str:
        return card_style(card)

    def hand_note(self, view: PkView, card: PkCard) -> str:
        label = chip(card.name, card_style(card), False)
        symbols = symbol_words(card)
        extra = f" [$text-muted]({escape(symbols)})[/]" if symbols else ""
        text = f"{label} [$text-muted]{escape(card.text)}[/]{extra}"
        if not self.main_turn():
            return text
        if Play(card) in self.update.legal:  # the key first: a long card text is cut at its end, never the key
            return self.sym_text(f"{label} [bold]{escape(self.key_word('play'))} plays it:[/] {escape(card.text)}{extra}")
        reason = why_unplayable(view, view.seat, card)
        return f"{label} [$error]{self.sym['x']} {escape(reason)}[/]"

    def curtain_note(self, sight: Sight, seat: int) -> str:
        f = self.frame(sight.update)
        if f is not None and f.kind == WINDOW:
            return f"{self.names[window_player(f)]} plays {window_card(f).name}: Trip Over?"
        if f is not None:
            return "You have a decision to make."
        return "Your turn."

    def game_over_screen(self, update: SeatUpdate):
        from cutthroat.tui.tables.psycho_killer.game_over import game_over

        return game_over(self, update)

    # -- prompts --------------------------------------------------------------------------------------
    def decision_prompt(self, sight: Sight):
        f = self.frame(sight.update)
        if f is None:
            return None
        title, choices, note = decision(sight.update.view, sight.update.legal, self.names)
        if not choices:
            return None
        glyph = glyphs(f.card, self.ascii_style) if f.card is not None else ""
        title = f"{glyph} {title}".strip()
        choices = [Choice(c.key, self.sym_text(c.label), c.value) for c in choices]
        return self.choice_prompt(sight.update, self.sym_text(title), choices, self.sym_text(note))

    # -- keys -----------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        shared = super().check_action(action, parameters)
        if shared is None:
            shared = self.decision_key(action)
        if shared is not None:
            return shared
        update = self.update
        if action == "draw":  # only a draw the rules take now (not under a decision, nor from a gone deck)
            return self.main_turn() and DRAWS[parameters[0]] in update.legal
        return self.main_turn() and self.cursor_playable()  # play

    def action_play(self) -> None:
        card = self.selected_card()
        if card is None:
            self.refuse(f"No cards in hand: draw with {self.key_text('draw(0)')} or {self.key_text('draw(1)')}")
            return
        others = [a for a in self.update.legal if a.kind == "play_on" and a.card is card]
        if others:  # Hold Your Nerve, Left for Dead: yourself, or another player
            choices = [Choice(str(self.viewer + 1), f"{self.names[self.viewer]} (yourself)", Play(card))]
            choices += [Choice(str(a.target + 1), self.names[a.target], a) for a in others]
            self.open_prompt(ChoiceScreen(f"{card.name}: who resolves it?", choices, esc="cancel"),
                             lambda a: a is not None and self.answer(a))
            return
        if Play(card) in self.update.legal:
            self.act(Play(card))
            return
        view = self.update.view
        self.refuse(why_unplayable(view, view.seat, card))

    def action_draw(self, deck: int) -> None:
        if DRAWS[deck] in self.update.legal:
            self.act(DRAWS[deck])
        elif self.update.view.gone[deck]:
            self.refuse(f"Deck {DECK_NAMES[deck]} is gone: draw from the other")
        else:
            self.refuse(f"First answer the decision in front of you ({self.key_word('answer')})")

    def action_answer(self) -> None:
        self.prompted = -1
        self.next_step()

    def point_at(self, action: Action) -> None:
        cards = self.hand(self.update.view)
        if action.kind in ("play", "play_on") and action.card in cards:
            self.cursor, self.cursor_code = cards.index(action.card), action.card.code

