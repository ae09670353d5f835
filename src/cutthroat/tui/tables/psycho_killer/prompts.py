"""Psycho Killer prompts: every decision a frame asks (Trip Over?, an attack, the card just
drawn, a held predicament, draw again, a deck, a player, a depth, cards one at a time) as the
shared ChoiceScreen's title, choices and note."""

from __future__ import annotations

from typing import Sequence

from cutthroat.engine.protocol import Action
from cutthroat.games.psycho_killer.cards import (BARRICADE, BEHIND_YOU, DOUBLE_TAP, SLAM_THE_DOOR, TRIP_OVER, points,
                                                 points_words)
from cutthroat.games.psycho_killer.state import (AGAIN, AT, ATTACK, DECK, DECK_NAMES, DRAWN, DRAWS, HOLD, PICK,
                                                 TARGET, WINDOW, PkView, left_of, window_card, window_player)
from cutthroat.games.psycho_killer.text import PICK_WORDS
from cutthroat.tui.widgets.choice import Choice

#: Keys for long lists (j and k move the ChoiceScreen's cursor).
KEYS = "123456789abcdefghilmnopqrstuvwxyz"
EVADE_KEYS = {DOUBLE_TAP: "d", SLAM_THE_DOOR: "s"}  # Booby Trap: b
DEFEND_KEYS = {BARRICADE: "b", BEHIND_YOU: "y"}


def depth_words(depth: int, bottom: int) -> str:
    if depth == 0:
        return "On top"
    return "At the bottom" if depth == bottom else f"Under {depth} card{'s' * (depth != 1)}"


def deck_line(view: PkView, d: int) -> str:
    known = view.known[d]
    top = f" · top: {known[0].name}" if known else ""
    return f"Deck {DECK_NAMES[d]} · {view.decks[d]} card{'s' * (view.decks[d] != 1)}{top}"


def deck_choices(view: PkView, legal: Sequence[Action]) -> list[Choice]:
    return [Choice(DECK_NAMES[a.deck].lower(), deck_line(view, a.deck), a) for a in legal
            if a.kind in ("draw", "to_deck")]


def decision(view: PkView, legal: Sequence[Action], names: Sequence[str]) -> tuple[str, list[Choice], str]:
    """The title, choices and note for the decision on top of the stack."""
    f = view.stack[-1]
    me = view.seat
    kind = f.kind
    if kind == WINDOW:
        card = window_card(f)
        on = f" on {names[f.target]}" if f.target >= 0 and card is f.card else ""
        choices = [Choice("p", "Let it go (pass)", a) if a.kind == "pass" else Choice("t", "Trip Over! (cancel it)", a)
                   for a in legal]
        trips = sum(1 for c in view.hand if c is TRIP_OVER)
        held = f"you hold {trips} Trip Over{'s' * (trips != 1)}" if trips else "you hold no Trip Over"
        return f"{names[window_player(f)]} plays {card.name}{on}: Trip Over?", choices, \
            f"{card.name}: {card.short}. {names[me]}: {held}."
    if kind == ATTACK:
        weapons = [c for c in view.hand if c.kind == "weapon"]
        choices = []
        for a in legal:
            if a.kind == "take_hit":
                choices.append(Choice("t", f"Take it: {points_words(points(weapons))} into your injury pile", a))
            else:
                choices.append(Choice(DEFEND_KEYS[a.card], f"Play {a.card.name}", a))
        note = "Weapons in hand: " + ", ".join(c.name for c in weapons) + "."
        return f"{f.card.name}! You are attacked", choices, note
    if kind == DRAWN:
        choices = []
        take = {"pk": "Take it: into your injury pile", "predicament": "Go on: play it"}.get(f.card.kind, "Take it")
        for a in legal:
            if a.kind == "accept":
                choices.append(Choice("t", take, a))
            else:
                choices.append(Choice(EVADE_KEYS.get(a.card, "b"), f"Play {a.card.name}", a))
        return f"You drew {f.card.name}", choices, f.card.text
    if kind == HOLD:
        choices = [Choice("h" if a.kind == "keep" else "p", "Hold it for later" if a.kind == "keep" else "Play it now",
                          a) for a in legal]
        why = "Hold Your Nerve" if view.hold_your_nerve else "you are Left for Dead"
        return f"{f.card.name}: you may keep it ({why})", choices, f.card.text
    if kind == AGAIN:
        choices = deck_choices(view, legal) + [Choice("s", "Stop: draw no more", a) for a in legal
                                               if a.kind == "stop"]
        return "A weapon: draw again?", choices, "Another weapon lets you draw again; anything else ends the turn."
    if kind == DRAWS:
        return f"Draw from which deck? ({f.count} to draw)", deck_choices(view, legal), \
            "Inside a predicament: no drawing again after a weapon."
    if kind == DECK:
        note = {"FOOTAGE": "You see its top 3 cards.", "DTAP": "Then choose how deep.",
                "BOOBY": "It goes on top, face down."}.get(f.card.code, "The cards are shuffled into it.")
        return f"{f.card.name}: which deck?", deck_choices(view, legal), note
    if kind == AT:  # the first depths by key (1: on top), the bottom by 0; ↑↓ reach every depth
        bottom = len(legal) - 1
        choices = [Choice("0" if a.depth == bottom else str(a.depth + 1) if a.depth < 9 else "",
                          depth_words(a.depth, bottom), a) for a in legal]
        return f"{f.card.name}: how deep in deck {DECK_NAMES[f.deck]}?", choices, \
            "Everyone sees where it goes."
    if kind == TARGET:
        choices = [Choice(str(a.seat + 1), f"{names[a.seat]} · {points_words(points(view.injuries[a.seat]))} of injuries",
                          a) for a in legal]
        return f"{f.card.name}: choose a player", choices, f.card.text
    if kind == PICK:
        choices = []
        for a in legal:
            if a.kind == "pick":  # a card's key is the same at every step (its place in the card table)
                extra = f" ({points_words(a.card.points)})" if a.card.points else ""
                choices.append(Choice(KEYS[a.card.index], f"{a.card.name}{extra}", a))
        if any(a.kind == "done" for a in legal):
            choices.insert(0, Choice("0", "Done", next(a for a in legal if a.kind == "done")))
        picked = f"Chosen so far: {', '.join(c.name for c in f.picks)}. " if f.picks else ""
        budget = f"{points_words(f.count)} left. " if f.card.code in ("HURTS", "BANDAID", "STITCHES") else ""
        words = PICK_WORDS.get(f.card.code, "choose cards")
        if f.card.code == "SPLIT":
            words = f"a card to pass to {names[left_of(view, f.seat)]}"
        return f"{f.card.name}: {words}", choices, picked + budget
    return kind, [], ""
