"""Psycho Killer prompts: every decision a frame asks (Trip Over?, an attack, the card just
drawn, a held predicament, draw again, a deck, a player, a depth, cards one at a time) as the
shared ChoiceScreen's title, choices and note."""

from __future__ import annotations

from typing import Sequence

from cutthroat.engine.protocol import Action
from cutthroat.games.psycho_killer.cards import TRIP_OVER, points, points_words
from cutthroat.games.psycho_killer.state import (AGAIN, AT, ATTACK, DECK, DECK_NAMES, DRAWN, DRAWS, HOLD, PICK,
                                                 TARGET, WINDOW, PkView, left_of, window_card, window_player)
from cutthroat.games.psycho_killer.text import PICK_WORDS
from cutthroat.tui.widgets.choice import KEYS, NOTHING, Choice, keyed, key_of_seat


def depth_words(depth: int, bottom: int) -> str:
    if depth == 0:
        return "On top"
    return "At the bottom" if depth == bottom else f"Under {depth} card{'s' * (depth != 1)}"


def deck_line(view: PkView, d: int) -> str:
    known = view.known[d]
    top = f" · top: {known[0].name}" if known else ""
    return f"Deck {DECK_NAMES[d]} · {view.decks[d]} card{'s' * (view.decks[d] != 1)}{top}"


def deck_choices(view: PkView, legal: Sequence[Action]) -> list[tuple]:
    """A deck's rows for `keyed`: its letter is its key, as at the table."""
    return [(deck_line(view, a.deck), a, DECK_NAMES[a.deck].lower()) for a in legal if a.kind in ("draw", "to_deck")]


def decision(view: PkView, legal: Sequence[Action], names: Sequence[str]) -> tuple[str, list[Choice], str]:
    """The title, choices and note for the decision on top of the stack."""
    f = view.stack[-1]
    me = view.seat
    kind = f.kind
    if kind == WINDOW:
        card = window_card(f)
        on = f" on {names[f.target]}" if f.target >= 0 and card is f.card else ""
        choices = keyed(("Let it go (pass)", a, NOTHING) if a.kind == "pass" else ("Trip Over! (cancel it)", a)
                        for a in legal)
        trips = sum(1 for c in view.hand if c is TRIP_OVER)
        held = f"you hold {trips} Trip Over{'s' * (trips != 1)}" if trips else "you hold no Trip Over"
        return f"{names[window_player(f)]} plays {card.name}{on}: Trip Over?", choices, \
            f"{card.name}: {card.short}. {names[me]}: {held}."
    if kind == ATTACK:
        weapons = [c for c in view.hand if c.kind == "weapon"]
        choices = keyed((f"Take it: {points_words(points(weapons))} into your injury pile", a) if a.kind == "take_hit"
                        else (f"Play {a.card.name}", a) for a in legal)
        note = "Weapons in hand: " + ", ".join(c.name for c in weapons) + "."
        return f"{f.card.name}! You are attacked", choices, note
    if kind == DRAWN:
        take = {"pk": "Take it: into your injury pile", "predicament": "Go on: play it"}.get(f.card.kind, "Take it")
        choices = keyed((take, a) if a.kind == "accept" else (f"Play {a.card.name}", a) for a in legal)
        return f"You drew {f.card.name}", choices, f.card.text
    if kind == HOLD:
        choices = keyed(("Hold it for later" if a.kind == "keep" else "Play it now", a) for a in legal)
        why = "Hold Your Nerve" if view.hold_your_nerve else "you are Left for Dead"
        return f"{f.card.name}: you may keep it ({why})", choices, f.card.text
    if kind == AGAIN:
        choices = keyed(deck_choices(view, legal) + [("Stop: draw no more", a, NOTHING) for a in legal
                                                     if a.kind == "stop"])
        return "A weapon: draw again?", choices, "Another weapon lets you draw again; anything else ends the turn."
    if kind == DRAWS:
        return f"Draw from which deck? ({f.count} to draw)", keyed(deck_choices(view, legal)), \
            "Inside a predicament: no drawing again after a weapon."
    if kind == DECK:
        note = {"FOOTAGE": "You see its top 3 cards.", "DTAP": "Then choose how deep.",
                "BOOBY": "It goes on top, face down."}.get(f.card.code, "The cards are shuffled into it.")
        return f"{f.card.name}: which deck?", keyed(deck_choices(view, legal)), note
    if kind == AT:  # 1: on top, and on down; ↑↓ reach every depth
        bottom = len(legal) - 1
        choices = keyed((depth_words(a.depth, bottom), a) for a in legal)
        return f"{f.card.name}: how deep in deck {DECK_NAMES[f.deck]}?", choices, \
            "Everyone sees where it goes."
    if kind == TARGET:
        choices = keyed((f"{names[a.seat]} · {points_words(points(view.injuries[a.seat]))} of injuries", a,
                         key_of_seat(a.seat)) for a in legal)
        return f"{f.card.name}: choose a player", choices, f.card.text
    if kind == PICK:
        # A card keeps its number at every step: its place among the cards to pick from at the
        # first (those still to pick and those picked), whatever is picked meanwhile.
        picks = [a for a in legal if a.kind == "pick"]
        pool = sorted({a.card for a in picks} | set(f.picks), key=lambda c: c.index)
        choices = [Choice(NOTHING, "Done", a) for a in legal if a.kind == "done"]
        for a in sorted(picks, key=lambda a: pool.index(a.card)):  # listed in their numbers' order
            extra = f" ({points_words(a.card.points)})" if a.card.points else ""
            rank = pool.index(a.card)
            choices.append(Choice(KEYS[rank] if rank < len(KEYS) else "", f"{a.card.name}{extra}", a))
        picked = f"Chosen so far: {', '.join(c.name for c in f.picks)}. " if f.picks else ""
        budget = f"{points_words(f.count)} left. " if f.card.code in ("HURTS", "BANDAID", "STITCHES") else ""
        words = PICK_WORDS.get(f.card.code, "choose cards")
        if f.card.code == "SPLIT":
            words = f"a card to pass to {names[left_of(view, f.seat)]}"
        return f"{f.card.name}: {words}", choices, picked + budget
    return kind, [], ""
