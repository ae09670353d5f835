"""What a seat knows: its view of a state, a full state consistent with a view (`determinize`),
the cards it can't place, and what it can work out from its view (who draws next, how many
kittens are left)."""

from __future__ import annotations

from collections import Counter

from cutthroat.engine.rng import Rng
from cutthroat.games.exploding_kittens.cards import ALL_CARDS, BARKING, EXPLODING, IMPLODING, STREAKING, TAKE_THAT, EkCard
from cutthroat.games.exploding_kittens.state import GC, REINSERT, EkState, EkView, Frame, order, to_act


def full_deck(view_or_state) -> Counter:
    """The game's cards, as a Counter."""
    return Counter({c: k for c, k in view_or_state.counts})


def redact(f: Frame, seat: int | None) -> Frame:
    """`f` as `seat` sees it: other seats' secret Garbage Collection choices and a card another
    seat is burying (face down) blanked."""
    if f.kind == GC:
        return f._replace(cards=tuple(c if q == seat else None for q, c in enumerate(f.cards)))
    if f.buried and not f.face_up and f.seat != seat:
        return f._replace(cards=(None,))
    return f


def view(state: EkState, player: int | None) -> EkView:
    """What `player` may see (None: a spectator, who knows only what is public)."""
    size = len(state.pile)
    known = state.seen[player] if player is not None else state.seen[state.n]
    pile_known = [(size - 1 - i, c) for i, c in enumerate(known) if c is not None]
    if size and state.up[-1] and known[-1] is None:
        pile_known.append((0, state.pile[-1]))
    pile_known.sort(key=lambda x: x[0])
    up_known = tuple(sorted(size - 1 - i for i, u in enumerate(state.up)
                            if u and (known[i] is not None or i == size - 1)))
    public = state.seen[state.n]
    pile_public = tuple(sorted((size - 1 - i, c) for i, c in enumerate(public) if c is not None))
    return EkView(
        seat=player,
        n=state.n,
        recipe=state.recipe,
        five_different=state.five,
        counts=state.counts,
        hand=tuple(state.hands[player]) if player is not None else (),
        hand_counts=tuple(len(h) for h in state.hands),
        marked=tuple(tuple(sorted(m)) for m in state.marked),
        pile_count=size,
        pile_known=tuple(pile_known),
        pile_public=pile_public,
        face_up=sum(state.up),
        up_known=up_known,
        discard=tuple(state.discard),
        limbo=tuple(state.limbo),
        out=tuple(state.out),
        eliminations=tuple(state.eliminations),
        turn=state.turn,
        direction=state.direction,
        owed=state.owed,
        attacked=state.attacked,
        itt=tuple(state.itt),
        barking=tuple(state.barking),
        stack=tuple(redact(f, player) for f in state.stack),
        to_act=tuple(to_act(state)),
        phase=state.phase,
        winners=tuple(state.winners),
        actions=state.actions,
    )


def unseen_cards(view: EkView) -> list[EkCard]:
    """The cards `view`'s seat can't locate: in other hands (unmarked), face down in the pile
    where it doesn't know them, chosen in secret for Garbage Collection, being buried."""
    counts = full_deck(view)
    known = list(view.hand) + list(view.discard) + list(view.limbo)
    known += [c for q, m in enumerate(view.marked) if q != view.seat for c in m]
    known += [TAKE_THAT] * sum(1 for x in view.itt if x >= 0) + [BARKING] * sum(view.barking)
    known += [c for _, c in view.pile_known]
    for f in view.stack:
        if f.kind == GC:
            known += [c for c in f.cards if c is not None]
        elif f.kind == REINSERT and f.cards[0] is not None:
            known.append(f.cards[0])
    counts.subtract(known)
    return [c for c in ALL_CARDS for _ in range(max(counts.get(c, 0), 0))]


def _shuffle(items: list, rand) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rand(i + 1)
        items[i], items[j] = items[j], items[i]


def determinize(view: EkView, rng) -> EkState:
    """A full state consistent with everything `view`'s seat knows; unknown cards dealt at
    random. Kittens go to the pile (opponents are never guessed to hold one)."""
    seat = view.seat
    n = view.n
    rand = (lambda k: rng.randrange(k)) if hasattr(rng, "randrange") else rng.randbelow
    unseen = unseen_cards(view)
    size = view.pile_count
    pile: list[EkCard | None] = [None] * size
    up = [False] * size
    for depth, card in view.pile_known:
        pile[size - 1 - depth] = card
    for depth in view.up_known:
        up[size - 1 - depth] = True
    # Face-up Imploding Kittens whose place is unknown: anywhere unknown but the top (a
    # face-up card on top shows itself).
    free = [i for i in range(size - 1) if pile[i] is None]
    for _ in range(view.face_up - len(view.up_known)):
        i = free.pop(rand(len(free)))
        pile[i] = IMPLODING
        up[i] = True
        unseen.remove(IMPLODING)
    _shuffle(unseen, rand)
    kittens = [c for c in unseen if c is EXPLODING or c is IMPLODING]
    others = [c for c in unseen if c is not EXPLODING and c is not IMPLODING]

    def deal() -> EkCard:
        return others.pop() if others else kittens.pop()

    hands: list[list[EkCard]] = []
    for q in range(n):
        if q == seat:
            hands.append(list(view.hand))
            continue
        h = list(view.marked[q])
        h += [deal() for _ in range(view.hand_counts[q] - len(h))]
        hands.append(h)
    stack = []
    for f in view.stack:
        if f.kind == GC:
            chosen = list(f.cards)
            for q in range(n):
                if f.data >> q & 1 and not f.mask >> q & 1 and chosen[q] is None:
                    chosen[q] = deal()
            f = f._replace(cards=tuple(chosen))
        elif f.kind == REINSERT and f.cards[0] is None:
            rest = others + kittens
            i = rand(len(rest))
            card = rest[i]
            if i < len(others):
                del others[i]
            else:
                del kittens[i - len(others)]
            f = f._replace(cards=(card,))
        stack.append(f)
    rest = others + kittens
    _shuffle(rest, rand)
    for i in range(size):
        if pile[i] is None:
            pile[i] = rest.pop()
    assert not rest, "determinize: cards left over"
    public: list[EkCard | None] = [None] * size
    for depth, card in view.pile_public:
        public[size - 1 - depth] = card
    seen = [list(public) for _ in range(n + 1)]
    if seat is not None:
        mine = seen[seat]
        for depth, card in view.pile_known:
            mine[size - 1 - depth] = card
    return EkState(
        n=n, recipe=view.recipe, five=view.five_different, counts=view.counts,
        hands=hands, marked=[list(m) for m in view.marked],
        pile=pile, up=up, seen=seen,  # type: ignore[arg-type]
        discard=list(view.discard), limbo=list(view.limbo),
        out=list(view.out), eliminations=list(view.eliminations),
        turn=view.turn, direction=view.direction, owed=view.owed, attacked=view.attacked,
        itt=list(view.itt), barking=list(view.barking), stack=stack,
        phase=view.phase, winners=list(view.winners), actions=view.actions,
        rng=Rng(rng.getrandbits(63) if hasattr(rng, "getrandbits") else rng.next_u64()),
    )


# --- what a seat can work out -----------------------------------------------------------------------
def drawers(view: EkView, ends_turn: bool, k: int = 8) -> list[int]:
    """Who draws the 1st, 2nd … k-th card from now if everyone just draws once a turn: the
    player to move its owed turns (one less if `ends_turn`: this turn ends now), then one each."""
    seats = order(view)
    if not seats:
        return []
    out = [view.turn] * max(0, view.owed - (1 if ends_turn else 0))
    i = 1
    while len(out) < k:
        out.append(seats[i % len(seats)])
        i += 1
    return out[:k]


def kittens_left(view: EkView) -> tuple[int, bool]:
    """How many kittens (Exploding and Imploding) are still to be drawn as far as this seat can
    tell, and whether that is only an upper bound (a card being buried, or a Streaking Kitten
    someone may hold a kitten with)."""
    total = sum(k for c, k in view.counts if c is EXPLODING or c is IMPLODING)
    gone = sum(1 for c in view.discard if c is EXPLODING or c is IMPLODING)
    gone += sum(1 for c in view.hand if c is EXPLODING)
    unsure = False
    for f in view.stack:
        if f.kind == REINSERT:
            card = f.cards[0] if f.cards else None
            if card is None:
                unsure = True
            elif card is EXPLODING or card is IMPLODING:
                gone += 1
    streaks = dict(view.counts).get(STREAKING, 0)
    if streaks and STREAKING not in view.discard and STREAKING not in view.hand:
        unsure = True  # someone may hold a kitten with the Streaking Kitten
    return max(total - gone, 0), unsure


def scramble(state: EkState, seat: int | None, rng) -> EkState:
    """A state `seat` can't tell from this one, written from the state (not the view): every card
    it can't see dealt again at random — other hands' unmarked cards, the pile's cards where it
    doesn't know them (a face-up Imploding Kitten whose place it lost moves too, never onto the
    top, where it would show), other seats' secret Garbage Collection choices, a card another
    seat is burying. What the other seats knew of the pile follows the cards."""
    s = state.copy()
    n = s.n
    known, public = (s.seen[seat] if seat is not None else s.seen[n]), s.seen[n]
    top = len(s.pile) - 1
    hidden = [i for i in range(len(s.pile))
              if known[i] is None and public[i] is None and not (i == top and s.up[i])]
    lost_up = [i for i in hidden if s.up[i]]  # face up, but where? (never on top)
    face_down = [i for i in hidden if not s.up[i]]
    pool = [s.pile[i] for i in face_down]
    kept_hands = []
    for q in range(n):
        if q == seat:
            kept_hands.append(None)
            continue
        marked = list(s.marked[q])
        pool += [c for c in s.hands[q] if c not in marked or marked.remove(c)]
        kept_hands.append(list(s.marked[q]))
    secret_frames = [k for k, f in enumerate(s.stack) if f.kind == GC or (f.buried and not f.face_up and f.seat != seat)]
    for k in secret_frames:
        f = s.stack[k]
        pool += [c for q, c in enumerate(f.cards) if c is not None and (f.kind != GC or q != seat)]
    rng.shuffle(pool)
    places = [i for i in hidden if i != top] if lost_up else []
    rng.shuffle(places)
    new_up = set(places[:len(lost_up)])
    for i in lost_up:
        s.up[i] = False
    for i in hidden:
        if i in new_up:
            s.pile[i], s.up[i] = IMPLODING, True
        else:
            s.pile[i] = pool.pop()
    for q, kept in enumerate(kept_hands):
        if kept is not None:
            s.hands[q] = kept + [pool.pop() for _ in range(len(s.hands[q]) - len(kept))]
    for k in secret_frames:
        f = s.stack[k]
        s.stack[k] = f._replace(cards=tuple(c if c is None or (f.kind == GC and q == seat) else pool.pop()
                                            for q, c in enumerate(f.cards)))
    assert not pool, "scramble: cards left over"
    for q, seen in enumerate(s.seen):
        if seen is not known:
            for i in hidden:
                if seen[i] is not None:
                    seen[i] = s.pile[i]
    return s
