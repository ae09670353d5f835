"""The lens a shared screen looks through (headless): solo, watching, and hot-seat's one rule —
nothing private while several may look, a curtain before every private screen after that."""

from __future__ import annotations

from cutthroat.games.exploding_kittens.actions import Pass, Play
from cutthroat.games.exploding_kittens.cards import BY_CODE
from cutthroat.games.kill_your_friends.actions import DRAW
from cutthroat.host import InlineWorkers, ManualClock, TableHost
from cutthroat.lens import HOT_SEAT, SOLO, WATCH, Lens
from cutthroat.saves import Seat
from cutthroat.session import Session
from helpers_ek import BOX_CONFIG, cy_skips, position


def seated(session: Session, **options):
    """A host on a manual clock (bots wait 1 s to move), and a lens fed by its ports."""
    clock = ManualClock()
    host = TableHost(session, clock=clock, workers=InlineWorkers(), bot_delay=1.0, **options)
    lens = Lens.for_host(host)
    sights = []
    for port in lens.ports.values():
        sights.append(lens.receive(port.listen(lambda u: sights.append(lens.receive(u)))))
    host.start()
    return host, lens, clock, sights


def kyf(seats) -> Session:
    return Session("kill-your-friends", {}, 7, seats)


def test_solo_shows_the_human_always_and_watching_shows_the_spectator():
    host, lens, clock, _ = seated(kyf([Seat("human", "Ana"), Seat("bot", "Bob", "random")]))
    assert lens.mode == SOLO and lens.screen().seat == 0 and lens.screen().private
    clock.advance(5)
    assert lens.screen().seat == 0 and lens.screen().curtain is None
    host, lens, clock, _ = seated(kyf([Seat("bot", "Ana", "random"), Seat("bot", "Bob", "random")]))
    assert lens.mode == WATCH and lens.screen().seat is None and not lens.screen().update.view.hand


def test_hot_seat_curtain_before_each_private_screen_and_a_players_own_news_before_it():
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    session = kyf(seats)
    host, lens, clock, _ = seated(session)
    assert lens.mode == HOT_SEAT
    while session.seat_is_bot(session.state.turn):  # let the bot move first if it starts
        clock.advance(1)
    first = session.state.turn
    sight = lens.screen()
    assert sight.curtain == first and sight.seat is None and not sight.update.view.hand
    sight = lens.pass_curtain(first)
    assert sight.private and sight.seat == first and sight.update.view.hand
    assert host.submit(first, DRAW) is None  # a private pick-up, which ends the turn
    # Still alone at the screen, `first` is told what they picked up before it moves on.
    sight = lens.screen()
    assert sight.handoff and sight.private and sight.seat == first
    assert [e.kind for e in sight.news] == ["picked_up"] and sight.news[0].cards
    sight = lens.handed_off()
    assert not sight.private and not sight.update.view.hand
    # The next human's private screen comes behind a curtain; while the bot plays, nothing private.
    for _ in range(20):
        sight = lens.screen()
        if sight.handoff:
            sight = lens.handed_off()
        if session.seat_is_bot(session.state.turn):
            assert sight.seat is None and sight.curtain is None and not sight.update.view.hand
            clock.advance(1)
            continue
        assert sight.curtain == session.state.turn and not sight.update.view.hand and not sight.news
        sight = lens.pass_curtain(sight.curtain)
        assert sight.private and sight.seat == session.state.turn
        if sight.seat == first:
            assert not [e for e in sight.news if e.kind == "picked_up" and e.count == 1 and e.reason == ""], \
                "the pick-up was told at the hand-off, not again"
        host.submit(sight.seat, session.legal_actions(sight.seat)[0])


def test_what_a_seat_watched_happen_is_not_news():
    """Ana alters the future on her own turn and stays at her screen: her putting the cards back
    is not told to her again as news (it would be, had she left the screen)."""
    state = position(2, hands={0: "ALTER TACO", 1: "DEF"}, pile="TACO BEARD SKIP EXP", turn=0)
    seats = [Seat("human", "Ana"), Seat("human", "Bob")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    host, lens, clock, _ = seated(session, window_seconds=3.0)
    lens.pass_curtain(0)
    assert host.submit(0, Play(BY_CODE["ALTER"])) is None
    while lens.screen().claimable:  # Bob has no Nope, but the window is shared: time runs out
        clock.advance(3)
    sight = lens.screen()
    if sight.curtain is not None:
        sight = lens.pass_curtain(0)
    assert sight.private and sight.seat == 0 and sight.update.legal[0].kind == "reorder"
    assert host.submit(0, sight.update.legal[0]) is None
    sight = lens.screen()
    assert sight.private and sight.seat == 0, "still Ana's turn, still her screen"
    assert sight.news == ()


def test_a_shared_window_is_claimed_behind_a_curtain():
    # Cy (bot) plays Skip: Ana and Bob (humans) may Nope it; the window is shared.
    state = cy_skips()  # Cy (bot) has played Skip: Ana and Bob are asked
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    host, lens, clock, _ = seated(session, window_seconds=3.0)
    sight = lens.screen()
    assert sight.claimable == (0, 1) and sight.seat is None and sight.curtain is None
    assert lens.claim(2) is None  # Cy isn't asked
    sight = lens.claim(1)
    assert sight.curtain == 1 and not sight.update.view.hand
    clock.advance(10)
    assert len(session.log) == 1, "a claimed window waits"
    sight = lens.pass_curtain(1)
    assert sight.private and sight.seat == 1 and sight.update.legal
    assert host.submit(1, Pass(1)) is None
    assert lens.screen().claimable == (0,) and lens.screen().seat is None


def test_a_curtain_passed_for_someone_it_no_longer_waits_for_shows_nothing_private():
    """Bob claims the shared window on Cy's Skip just as it times out; Ana is to play next. The
    curtain said "Pass to Bob": passing it must show neither Ana's hand nor Bob's."""
    state = cy_skips()  # Cy (bot) has played Skip: Ana and Bob are asked
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    host, lens, clock, _ = seated(session, window_seconds=3.0)
    stale = lens.screen()
    assert stale.claimable == (0, 1)
    lens.claimant, lens.curtain_for = 1, 1  # Bob pressed 2: "Pass to Bob" is up …
    clock.advance(3.0)  # … but the window timed out before his claim reached the host
    host.claim(1, stale.update.version)
    assert host._claim is None, "a late claim is dropped"
    assert session.state.turn == 0 and lens.screen().curtain == 0
    sight = lens.pass_curtain(1)
    assert not sight.private and sight.curtain == 0, "a new curtain, for Ana"


def test_the_tables_own_steps_are_shared_moments_even_in_front_of_a_human():
    """Stab Your Friends: a card activating with no choice is nobody's decision, so the screen
    stays shared while it waits (nothing private), and the next private screen has a curtain."""
    from cutthroat.games.stab_your_friends.rules import RULES as SYF

    state = SYF.new_game({}, 3, 3)
    while not (state.phase == "activate" and state.active is None and state.turn in (0, 1)):
        seat = SYF.to_act(state)[0]
        SYF.apply(state, SYF.legal_actions(state, seat)[0], seat)
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    session = Session("stab-your-friends", {}, 3, seats, state=state)
    host, lens, clock, sights = seated(session)
    sight = lens.screen()
    assert sight.update.stepping and sight.seat is None and sight.curtain is None
    assert not sight.update.view.hand and session.state.turn in (0, 1)
    for _ in range(200):
        sight = lens.screen()
        if sight.curtain is not None or session.is_over:
            break
        assert not sight.private and not sight.update.view.hand
        clock.advance(1)
    assert sight.curtain is not None or session.is_over


def test_when_one_human_is_left_one_last_curtain_then_their_screen_stays_theirs():
    """Bob draws an Exploding Kitten with no Defuse and is out; Ana is the only human left. One
    curtain hands her the screen; from then on her hand shows while the bot plays, as solo."""
    from cutthroat.games.exploding_kittens.actions import DRAW as EK_DRAW

    state = position(3, hands={0: "TACO BEARD", 1: "TACO", 2: "TACO SKIP"}, pile="EXP TACO BEARD ZOMBIE SKIP",
                     turn=1)
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    host, lens, clock, _ = seated(session, window_seconds=3.0)
    assert lens.alone is None and lens.screen().curtain == 1
    lens.pass_curtain(1)
    assert host.submit(1, EK_DRAW) is None
    assert session.state.out[1] and lens.alone == 0
    sight = lens.screen()
    assert sight.curtain == 0 and not sight.update.view.hand  # the hand-over: Bob may still be looking
    sight = lens.pass_curtain(0)
    assert sight.private and sight.seat == 0 and sight.update.view.hand
    for _ in range(20):  # Cy's turn and on: Ana's hand stays on screen, never a curtain again
        sight = lens.screen()
        assert sight.private and sight.seat == 0 and sight.curtain is None
        if session.is_over:
            break
        if 0 in session.to_act:
            host.submit(0, session.legal_actions(0)[0])
        else:
            clock.advance(1)


def test_we_all_pass_ends_a_shared_window_at_once():
    state = cy_skips()  # Cy (bot) has played Skip: Ana and Bob are asked
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    host, lens, clock, _ = seated(session, window_seconds=30.0)
    assert lens.screen().claimable == (0, 1)
    lens.all_pass()  # no clock moved: the table said "we all pass"
    assert {(seat, a.kind) for seat, a in session.log if seat in (0, 1)} == {(0, "pass"), (1, "pass")}
    assert clock.now() == 0 and not lens.screen().claimable


def test_we_all_pass_is_dropped_once_someone_claims_the_window():
    state = cy_skips()  # Cy (bot) has played Skip: Ana and Bob are asked
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    host, lens, clock, _ = seated(session, window_seconds=30.0)
    lens.claim(1)
    lens.all_pass()
    assert not [seat for seat, _ in session.log if seat in (0, 1)]  # Bob is answering behind the curtain


def test_an_older_update_arriving_late_never_takes_the_screen_back():
    """Updates posted from two threads may arrive out of order (the table now queues them in the
    host's order); the lens also refuses to go back to an older version."""
    session = kyf([Seat("human", "Ana"), Seat("bot", "Bob", "random")])
    host, lens, clock, _ = seated(session)
    old = lens.latest[0]
    for _ in range(5):
        if 0 in session.to_act:
            host.submit(0, DRAW)
        clock.advance(2)
    newer = lens.latest[0]
    assert newer.version > old.version
    assert lens.receive(old) is None
    assert lens.latest[0] is newer and lens.screen().update is newer


def test_a_seats_own_step_keeps_its_screen_no_hand_off_no_curtain():
    """Psycho Killer: Ana draws a Knife with no Rewind card to answer it; the table takes the card
    for her (her own step, nobody else's moment) and she decides whether to draw again. Her
    screen stays hers throughout: no hand-off news box, no curtain for her own next choice."""
    from cutthroat.games.psycho_killer.actions import DRAWS

    from helpers_pk import position as pk_position

    state = pk_position(3, hands={0: "HOOK", 1: "TRIP"}, decks=("KNIFE PK", "HATCHET CAR"), turn=0)
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    session = Session("psycho-killer", {}, 0, seats, state=state)
    host, lens, clock, sights = seated(session, window_seconds=3.0)
    lens.pass_curtain(0)
    sights.clear()
    assert host.submit(0, DRAWS[0]) is None
    frames = [s for s in sights if s is not None]
    assert frames and all(s.private and s.seat == 0 and not s.handoff for s in frames), frames
    sight = lens.screen()
    assert sight.private and sight.seat == 0 and sight.update.legal[0].kind == "stop"
    assert "KNIFE" in [c.code for c in sight.update.view.hand]


def test_a_window_nobody_can_answer_is_no_shared_moment():
    """Exploding Kittens: Ana plays See the Future and Bob, the other human, holds no card: the
    window passes at once, asking nobody, so Ana sees the future on her own screen and goes on
    with her turn — no curtain to take the screen back."""
    state = position(2, hands={0: "SEE3 TACO", 1: ""}, pile="TACO BEARD SKIP EXP", turn=0)
    seats = [Seat("human", "Ana"), Seat("human", "Bob")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    host, lens, clock, sights = seated(session, window_seconds=3.0)
    lens.pass_curtain(0)
    sights.clear()
    assert host.submit(0, Play(BY_CODE["SEE3"])) is None
    assert clock.now() == 0 and not session.state.stack and session.state.turn == 0
    frames = [s for s in sights if s is not None]
    assert frames and all(s.private and s.seat == 0 and not s.claimable for s in frames), frames
    assert lens.screen().private and lens.screen().update.legal
