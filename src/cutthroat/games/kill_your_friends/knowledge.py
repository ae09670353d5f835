"""What a seat knows: its view of a state, the cards it can't locate, and full states consistent
with a view (the search bot plays on those)."""

from __future__ import annotations

from cutthroat.engine.rng import Rng
from cutthroat.games.kill_your_friends.cards import ALL_CARDS, REAPER, KyfCard, build_deck
from cutthroat.games.kill_your_friends.state import KyfState, KyfView


def deadly(position: KyfState | KyfView, seat: int) -> bool:
    """Is a 3 on top of the attack on `seat` (save now or lose a life)?"""
    seq = position.attack[seat]
    return bool(seq) and seq[-1].number == 3


def view(state: KyfState, player: int | None = None) -> KyfView:
    return KyfView(
        seat=player,
        n=state.n,
        colours=tuple(state.colours),
        teams=tuple(state.teams),
        lives=tuple(tuple(x) for x in state.lives),
        attack=tuple(tuple(x) for x in state.attack),
        attackers=tuple(tuple(x) for x in state.attackers),
        reaper_on=state.reaper_on,
        reaper_by=state.reaper_by,
        out=tuple(state.out),
        graveyard=tuple(tuple(x) for x in state.graveyard),
        hand=tuple(state.hands[player]) if player is not None else (),
        hand_counts=tuple(len(h) for h in state.hands),
        deck_count=len(state.deck),
        deck_known=tuple((i, c) for i, (c, k) in enumerate(zip(state.deck, state.deck_known)) if k),
        middle=tuple(state.middle),
        turn=state.turn,
        direction=state.direction,
        owe=tuple(state.owe),
        passes=state.passes,
        actions=state.actions,
        points=tuple(state.points),
        sudden_death=state.sudden_death,
        kill_joy=state.kill_joy,
        co_op=state.co_op,
        head_hunter=state.head_hunter,
        phase=state.phase,
        winners=tuple(state.winners),
        how=state.how,
        eliminations=tuple(state.eliminations),
    )


def full_deck(view: KyfView) -> list[KyfCard]:
    """Every card of this game (its colours' Kill cards, the Chaos cards, the Reaper)."""
    return build_deck(list(view.colours), 0 if view.kill_joy == "remove" else 2)


def unseen_cards(view: KyfView) -> list[KyfCard]:
    """The cards `view`'s seat can't locate: in other hands or face down in the deck."""
    counts: dict[KyfCard, int] = {}
    for card in full_deck(view):
        counts[card] = counts.get(card, 0) + 1
    known = list(view.hand) + [c for a in view.attack for c in a] + [c for g in view.graveyard for c in g]
    known += list(view.middle) + [c for _, c in view.deck_known]
    if view.reaper_on >= 0:
        known.append(REAPER)
    for card in known:
        counts[card] -= 1
    return [c for c in ALL_CARDS for _ in range(counts.get(c, 0))]


def determinize(view: KyfView, rng) -> KyfState:
    """A full state consistent with everything `view`'s seat knows: the unseen cards (other
    hands and the face-down deck) dealt at random. The search bot plays on these."""
    unseen = unseen_cards(view)
    rng.shuffle(unseen)
    hands = []
    for q in range(view.n):
        if q == view.seat:
            hands.append(list(view.hand))
        else:
            k = view.hand_counts[q]
            hands.append(unseen[:k])
            del unseen[:k]
    deck: list = [None] * view.deck_count
    deck_known = [False] * view.deck_count
    for i, card in view.deck_known:
        deck[i] = card
        deck_known[i] = True
    for i in range(view.deck_count):
        if deck[i] is None:
            deck[i] = unseen.pop()
    return KyfState(
        n=view.n,
        colours=list(view.colours),
        teams=list(view.teams),
        lives=[list(x) for x in view.lives],
        attack=[list(x) for x in view.attack],
        attackers=[list(x) for x in view.attackers],
        reaper_on=view.reaper_on,
        reaper_by=view.reaper_by,
        out=list(view.out),
        graveyard=[list(x) for x in view.graveyard],
        hands=hands,
        deck=deck,
        deck_known=deck_known,
        middle=list(view.middle),
        turn=view.turn,
        direction=view.direction,
        owe=list(view.owe),
        passes=view.passes,
        actions=view.actions,
        points=list(view.points),
        sudden_death=view.sudden_death,
        kill_joy=view.kill_joy,
        co_op=view.co_op,
        head_hunter=view.head_hunter,
        phase=view.phase,
        winners=list(view.winners),
        how=view.how,
        eliminations=list(view.eliminations),
        rng=Rng(rng.getrandbits(63) if hasattr(rng, "getrandbits") else rng.next_u64()),
    )


def scramble(state: KyfState, seat: int | None, rng) -> KyfState:
    """A state `seat` can't tell from this one: the other hands and the deck's face-down cards
    dealt again at random (face-up cards at the bottom stay where everyone saw them go)."""
    s = state.copy()
    in_hands = [(q, i) for q in range(s.n) if q != seat for i in range(len(s.hands[q]))]
    in_deck = [i for i, known in enumerate(s.deck_known) if not known]
    cards = [s.hands[q][i] for q, i in in_hands] + [s.deck[i] for i in in_deck]
    rng.shuffle(cards)
    for q, i in in_hands:
        s.hands[q][i] = cards.pop()
    for i in in_deck:
        s.deck[i] = cards.pop()
    return s
