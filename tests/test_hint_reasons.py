"""Why a hint's move, in a few words, for the four multi-player games: each game's
`text.hint_reason` reads only the seat's view (so a hint can't tell what the seat can't see),
says something true of the position, and says different things for different kinds of move; the
host's hint carries it (the hard bot's `explain`)."""

from __future__ import annotations

import pytest

from cutthroat.engine.registry import get_rules
from cutthroat.games.exploding_kittens.actions import DRAW as EK_DRAW, Play, PlayCombo
from cutthroat.games.exploding_kittens.cards import BY_CODE as EK_CARDS
from cutthroat.games.exploding_kittens.text import hint_reason as ek_reason
from cutthroat.games.kill_your_friends.actions import DRAW as KYF_DRAW, REAPER_KILL, Attack, PlayReaper, Save
from cutthroat.games.kill_your_friends.text import hint_reason as kyf_reason
from cutthroat.games.psycho_killer.actions import Draw as PkDraw, PlayOn
from cutthroat.games.psycho_killer.text import hint_reason as pk_reason
from cutthroat.games.stab_your_friends.actions import Place
from cutthroat.games.stab_your_friends.text import hint_reason as syf_reason
from cutthroat.host import InlineWorkers, ManualClock, TableHost
from cutthroat.saves import Seat
from cutthroat.session import Session
import helpers_ek
import helpers_kyf
import helpers_pk
import helpers_syf


def ek_view(seen_top: bool = False, hand: str = "SKIP DEF TACO TACO"):
    state = helpers_ek.position(3, hands={0: hand, 1: "BEARD", 2: "ZOMBIE"}, pile="EXP TACO TACO", turn=0)
    if seen_top:
        state.seen[0][-1] = state.pile[-1]
    return get_rules("exploding-kittens").view(state, 0)


def test_exploding_kittens_reasons() -> None:
    # What the seat saw on top is the reason; unseen, only the kittens left (public) are.
    assert ek_reason(ek_view(seen_top=True), Play(EK_CARDS["SKIP"])) == \
        "no draw this turn (the top card is a kitten: you saw it)"
    assert ek_reason(ek_view(), Play(EK_CARDS["SKIP"])) == "no draw this turn (1 kitten in 3 cards)"
    assert ek_reason(ek_view(), EK_DRAW) == "a Defuse in hand covers you (1 kitten in 3 cards)"
    assert ek_reason(ek_view(hand="SKIP TACO"), EK_DRAW) == "worth the risk, and your cards keep (1 kitten in 3 cards)"
    assert ek_reason(ek_view(), PlayCombo((EK_CARDS["TACO"], EK_CARDS["TACO"]))) == "steal a random card"


def test_kill_your_friends_reasons() -> None:
    C = helpers_kyf.C
    state = helpers_kyf.position(3, hands={0: "REAPER B1 G3 R1", 1: "R1 R2", 2: "B1"}, attack={0: "R1", 2: "G1 G2"})
    view = get_rules("kill-your-friends").view(state, 0)
    assert kyf_reason(view, Attack(C("G3"), 2)) == "a 3 is deadly: a life unless they save"
    assert kyf_reason(view, Attack(C("B1"), 1)) == "starts an attack on them"
    assert kyf_reason(view, PlayReaper(REAPER_KILL, 2)) == "it can't be defended: a life for them"
    assert kyf_reason(view, Save(C("R1"))) == "it clears the 1 card on you before a 3 comes"
    assert kyf_reason(view, KYF_DRAW) == "nothing in hand is worth playing yet"
    last = helpers_kyf.position(3, hands={0: "B1"}, turn=0)
    assert kyf_reason(get_rules("kill-your-friends").view(last, 0), Attack(C("B1"), 1)) == \
        "your last card: an empty hand wins"


def test_stab_your_friends_reasons() -> None:
    C = helpers_syf.C
    state = helpers_syf.position(3, hands={0: "LOVE DAGGER", 1: "GOLD", 2: "FIRE"}, lives={0: 3, 1: 2, 2: 5})
    view = get_rules("stab-your-friends").view(state, 0)
    assert syf_reason(view, Place(C("DAGGER"), 1)) == "1 damage (lose a life): for a rival on 2 lives"
    assert syf_reason(view, Place(C("LOVE"), 0)) == "regain 1 life: good for you"
    assert syf_reason(view, Place(C("DAGGER"), 0)) == "1 damage (lose a life): nowhere better for it"


def test_psycho_killer_reasons() -> None:
    C = helpers_pk.C
    state = helpers_pk.position(3, hands={0: "BETRAYAL"}, injuries={0: "CHAINSAW HOOK HATCHET", 1: "KNIFE"},
                                hold_your_nerve=True, decks=("KNIFE", "KNIFE"))
    view = get_rules("psycho-killer").view(state, 0)
    assert pk_reason(view, PkDraw(0)) == "it ends your turn (you're on 10 points)"
    assert pk_reason(view, PlayOn(C("BETRAYAL"), 1)) == "a rival on 1 point takes it, not you"


@pytest.mark.parametrize("game", ["exploding-kittens", "kill-your-friends", "stab-your-friends", "psycho-killer"])
def test_the_hosts_hint_says_why(game: str) -> None:
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    session = Session(game, {}, 7, seats, think_ms=30)
    host = TableHost(session, clock=ManualClock(), workers=InlineWorkers())
    seat = session.current_seat
    for _ in range(40):  # on to a decision of the human's with a choice (the bots move inline)
        if seat == 0 and len(session.legal_actions(0)) > 1:
            break
        session.apply(session.legal_actions(seat)[0], seat)
        seat = session.current_seat
    hint = host.hint(0)
    assert hint is not None and hint.action in session.legal_actions(0) and hint.why
