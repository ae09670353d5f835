"""Stab Your Friends prompts: where a card goes, whom a Bow or Fireball hits, Gobblin Hands'
move (first the card, then where it goes), and the royal call-out (who calls, whom)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from cutthroat.engine.protocol import Action
from cutthroat.engine.words import counted
from cutthroat.games.stab_your_friends.actions import KEEP, Move
from cutthroat.games.stab_your_friends.cards import FIREBALL, SHIELD
from cutthroat.games.stab_your_friends.state import SyfView, call_out_targets
from cutthroat.games.stab_your_friends.text import why_caller_cannot
from cutthroat.tui.widgets.choice import NOTHING, ChoiceScreen, keyed, key_of_seat


def choose_one(table, title: str, options: Sequence[tuple], note: str = "",
               then: Callable[[Any], None] | None = None, forced: bool = True):
    """A ChoiceScreen of `keyed` rows (label, value[, key]), and what to do with the answer: by
    default, play it at the table (if it is still this seat's move). `forced`: a move the rules
    require, so with one option the table plays it without asking (a call-out, which is never
    required, always asks)."""
    choices = keyed((table.sym_text(label), *rest) for label, *rest in options)

    def answer(value) -> None:
        if value is None:
            return
        if then is not None:
            then(value)
        elif table.mine:
            table.act(value)

    screen = ChoiceScreen(table.sym_text(title), choices, note)
    screen.only_answer = forced and len(choices) == 1
    return screen, answer


def shield_note(view: SyfView, seat: int) -> str:
    return " · Shield" if any(f.card is SHIELD and f.face_up for f in view.fronts[seat]) else ""


def target_prompt(table, view: SyfView, legal: Sequence[Action]):
    card = view.active.card
    options = [(f"{table.names[a.seat]} · {counted(view.lives[a.seat], 'life', 'lives')}{shield_note(view, a.seat)}", a,
                key_of_seat(a.seat)) for a in legal]
    note = "You took 1 damage first; now 1 damage to another player." if card is FIREBALL else \
        "1 damage to the player you pick (you must pick one)."
    return choose_one(table, f"{card.name}: whom does it hit?", options, note)


def gobblin_prompt(table, view: SyfView, legal: Sequence[Action]):
    """Step one: which card moves (one line per card in play that may move), or nothing."""
    sources: dict[str, list[Move]] = {}  # by label: two alike cards in front of one player move alike
    for action in legal:
        if isinstance(action, Move):
            front = view.fronts[action.source][action.index]
            state = " (sideways)" if front.sideways else " (activated)" if front.done else ""
            label = f"{front.card.name}{state} · {table.names[action.source]}"
            moves = sources.setdefault(label, [])
            if not moves or moves[0].source == action.source and moves[0].index == action.index:
                moves.append(action)
    options: list[tuple] = [("Move nothing", KEEP, NOTHING)]  # first: never off-screen
    options += [(label, moves) for label, moves in sources.items()]

    def picked(value) -> None:
        if value is KEEP:
            if table.mine:
                table.act(KEEP)
            return
        front = view.fronts[value[0].source][value[0].index]
        dests = [(table.names[m.dest], m, key_of_seat(m.dest)) for m in value]
        table.open_prompt(*choose_one(table, f"Gobblin Hands: {front.card.name} goes to…", dests))

    return choose_one(table, "Gobblin Hands: move which card?", options,
                      "Any card in play but a Gobblin Hands, from any player to any other.", then=picked)


def callers(table) -> list[int]:
    """The humans who may call someone out now (bots never do)."""
    update = table.update
    if update is None or update.over:
        return []
    return [q for q in table.humans if call_out_targets(update.view, q)]


def why_no_callers(table) -> str:
    """Why `c` does nothing now: the rules' reason for the human who comes closest to calling."""
    view = table.update.view
    living = [q for q in table.humans if not view.out[q]]
    if view.call_out == "crown" and living and view.crown not in living:
        return "Only the royal highness calls players out, and a bot never does"
    caller = view.crown if view.call_out == "crown" and view.crown in living else (living or [-1])[0]
    return why_caller_cannot(view, caller) or "Nobody is left to call out (never the royal highness, never a bot)"


def call_out_prompt(table):
    """Who caught whom forgetting to say "royal highness" (honour system)."""
    view = table.update.view
    who = callers(table)

    def targets_of(caller: int):
        options = [(table.names[t], t, key_of_seat(t)) for t in call_out_targets(view, caller)]
        return choose_one(table, f"{table.names[caller]} calls out…", options,
                          "They forgot to say \"royal highness\": they lose a life (no Shield blocks it).",
                          then=lambda target: table.call_out(caller, target), forced=False)

    if len(who) == 1:
        return targets_of(who[0])
    options = [(table.names[q], q, key_of_seat(q)) for q in who]
    return choose_one(table, "Who calls a player out?", options,
                      then=lambda caller: table.open_prompt(*targets_of(caller)), forced=False)
