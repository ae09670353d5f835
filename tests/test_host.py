"""The table host: one writer, bots off the caller's thread and paced, deadlines on an injected
clock, failing bots survived, every update JSON-clean. No sleeping: the clock is manual."""

from __future__ import annotations

import json
import threading

import pytest

from cutthroat.games.exploding_kittens.cards import BY_CODE
from cutthroat.games.exploding_kittens.rules import RULES as EK, Pass, Play, PlayNope
from cutthroat.games.kill_the_kings.rules import DRAW, PLACE, RESERVE, Place
from cutthroat.host import InlineWorkers, ManualClock, SeatUpdate, TableHost, ThreadWorkers, WirePort
from cutthroat.saves import Seat
from cutthroat.session import Session
from helpers_ek import BOX_CONFIG, position

HUMAN = [Seat("human", "You")]
BOT = [Seat("bot", "Bot", "heuristic")]


def host_for(session: Session, **options) -> TableHost:
    return TableHost(session, clock=options.pop("clock", None) or ManualClock(), workers=InlineWorkers(), **options)


def listen(port) -> list[SeatUpdate]:
    """Every update the port hears, the first (the table as it was) included."""
    got: list[SeatUpdate] = []
    got.append(port.listen(got.append))
    return got


# -- humans ---------------------------------------------------------------------------------------
def test_a_move_is_applied_once_and_told_to_the_seat():
    session = Session("kill-the-kings", {}, 5, HUMAN)
    host = host_for(session)
    got = listen(host.port(0))
    assert len(got) == 1 and got[0].events == () and DRAW in got[0].legal and got[0].to_act == (0,)
    assert host.port(0).submit(DRAW) is None
    assert session.log == [(0, DRAW)] and len(got) == 2
    assert got[1].events[0].kind == "card_drawn" and got[1].view.drawn is not None
    assert got[1].version == 1


def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing():
    session = Session("kill-the-kings", {}, 5, HUMAN)
    host = host_for(session)
    got = listen(host.port(0))
    before = session.rules.encode_state(session.state)
    reason = host.port(0).submit(PLACE[0])
    assert reason == "Draw a card first: only a drawn card can be placed"
    assert session.rules.encode_state(session.state) == before and session.log == [] and len(got) == 1


def test_undo_through_the_port():
    session = Session("kill-the-kings", {}, 5, HUMAN)
    host = host_for(session)
    got = listen(host.port(0))
    port = host.port(0)
    port.submit(DRAW)
    move = next(a for a in got[-1].legal)
    port.submit(move)
    assert got[-1].can_undo
    assert port.undo() is None and len(session.log) == 1 and got[-1].view.drawn is not None
    assert port.undo() == "Nothing to undo since the last draw"


def test_a_bot_seat_refuses_a_human_move_and_a_spectator_can_not_play():
    session = Session("kill-the-kings", {}, 5, BOT)
    host = host_for(session, bot_delay=1.0)
    assert host.submit(0, DRAW) == "Bot is played by a bot"
    assert host.port(None).submit(DRAW) == "A spectator can't play"


# -- bots: paced, skippable, held, survived ---------------------------------------------------------
def test_bots_wait_out_their_pause_on_the_injected_clock():
    clock = ManualClock()
    session = Session("kill-the-kings", {}, 5, BOT)
    host = host_for(session, clock=clock, bot_delay=0.5)
    host.start()
    assert session.log == [] and clock.pending() == [0.5]
    clock.advance(0.49)
    assert session.log == []
    clock.advance(0.01)
    assert len(session.log) == 1
    clock.advance(1.0)
    assert len(session.log) == 3


def test_skip_ahead_plays_the_bots_at_once_until_the_end():
    clock = ManualClock()
    session = Session("kill-the-kings", {}, 5, BOT)
    host = host_for(session, clock=clock, bot_delay=0.5)
    host.start()
    host.skip_ahead()
    assert session.is_over and clock.pending() == []


def test_a_hold_stops_bots_until_released():
    clock = ManualClock()
    session = Session("kill-the-kings", {}, 5, BOT)
    host = host_for(session, clock=clock, bot_delay=0.5)
    host.start()
    host.hold("menu")
    clock.advance(5)
    assert session.log == []
    host.release("menu")
    clock.advance(0.5)
    assert len(session.log) == 1


class Flaky:
    """A bot that raises on its third move and answers illegally on its fifth."""

    level = "heuristic"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view, legal):
        self.calls += 1
        if self.calls == 3:
            raise ValueError("bug in the bot")
        if self.calls == 5:
            return PLACE[3] if PLACE[3] not in legal else RESERVE[0] if RESERVE[0] not in legal else DRAW
        return legal[0]


def test_a_bot_that_raises_or_cheats_is_survived_with_a_legal_move_and_a_notice(caplog):
    session = Session("kill-the-kings", {}, 5, BOT)
    host = host_for(session, bots={0: Flaky()})
    got = listen(host.port(None))
    with caplog.at_level("ERROR", logger="cutthroat.host"):
        host.start()
    assert session.is_over, "the table went on to the end"
    notices = [text for u in got for title, text in u.notices if title == "Bot failed"]
    assert len(notices) == 2 and all("Bot's bot failed" in n for n in notices)
    assert "ValueError" in notices[0] and "IllegalAction" in notices[1]
    assert sum("failed" in r.message for r in caplog.records) == 2


def test_strict_hosts_raise_a_failing_bot_for_simulate():
    session = Session("kill-the-kings", {}, 5, BOT)
    host = host_for(session, bots={0: Flaky()}, strict=True)
    with pytest.raises(ValueError):
        host.start()


def test_bots_think_off_the_callers_thread():
    seen: list[str] = []

    class Watcher:
        level = "random"
        needs_view = False

        def choose(self, view, legal):
            seen.append(threading.current_thread().name)
            return legal[0]

    session = Session("kill-the-kings", {}, 5, BOT)
    done = threading.Event()
    workers = ThreadWorkers()
    host = TableHost(session, clock=ManualClock(), workers=workers, bots={0: Watcher()})
    host.port(None).listen(lambda u: u.over and done.set())
    host.start()
    assert done.wait(30) and session.is_over
    assert set(seen) == {"cutthroat-bots"}
    workers.close()


def test_the_hint_is_the_hard_bots_move_and_the_same_when_asked_twice():
    session = Session("kill-the-kings", {}, 5, HUMAN, think_ms=50)
    host = host_for(session)
    first = host.port(0).hint()
    assert first.action in session.legal_actions(0) and host.port(0).hint() == first
    assert session.log == []


# -- reaction windows: defaults, auto answers and the deadline ---------------------------------------
def skip_window(nopes: dict[int, str]):
    """Cy (seat 2) has played Skip: Ana and Bob may Nope it."""
    state = position(3, hands={0: nopes.get(0, "DEF"), 1: nopes.get(1, "DEF"), 2: "SKIP TACO"},
                     pile="TACO TACO TACO EXP", turn=2)
    EK.apply(state, Play(BY_CODE["SKIP"]), 2)
    return state


def ek_session(state, humans=(0, 1)) -> Session:
    seats = [Seat("human", n) if i in humans else Seat("bot", n, "random") for i, n in enumerate(["Ana", "Bob", "Cy"])]
    return Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)


def test_the_player_of_a_card_is_passed_for_and_the_window_times_out_on_the_injected_clock():
    clock = ManualClock()
    session = ek_session(skip_window({1: "NOPE DEF"}))
    host = host_for(session, clock=clock, window_seconds=3.0)
    got = listen(host.port(None))
    host.start()
    assert session.log == [(2, Pass(2))], "Cy's own fresh Skip: passed for without asking"
    assert got[-1].reacting == (0, 1) and got[-1].deadline == 3.0
    clock.advance(2.9)
    assert len(session.log) == 1
    clock.advance(0.1)
    assert [a for _, a in session.log[1:3]] == [Pass(0), Pass(1)], "time ran out: both pass"
    assert session.state.turn == 0 and not session.state.stack
    between = got[-2]  # after Ana's pass, before Bob's: the time is up, not started again
    assert between.reacting == (1,) and between.deadline == 0.0
    assert got[-1].reacting == () and got[-1].deadline is None


def test_a_claim_stops_the_window_clock_and_a_nope_reopens_it_with_full_time():
    clock = ManualClock()
    session = ek_session(skip_window({1: "NOPE DEF"}))
    host = host_for(session, clock=clock, window_seconds=3.0, bot_delay=5.0)  # Cy waits 5 s to move
    got = listen(host.port(None))
    host.start()
    clock.advance(2.0)
    host.claim(1, session.version)
    clock.advance(10.0)
    assert len(session.log) == 1, "Bob is behind the curtain: the window waits"
    assert host.submit(1, PlayNope(1)) is None
    assert session.log[-1] == (2, Pass(2)), "reopened: Cy (a bot) answers at once"
    assert got[-1].reacting == (0,) and got[-1].deadline == 3.0, "Ana gets the full time again"
    clock.advance(3.0)
    assert session.state.turn == 2, "the Skip was Noped: Cy is still to play"


def test_a_lone_human_with_no_choice_is_passed_for_at_once():
    session = ek_session(skip_window({0: "DEF"}), humans=(0,))
    host = host_for(session, quick_pass=(0,))
    host.start()
    assert (0, Pass(0)) in session.log


# -- ports carry JSON ---------------------------------------------------------------------------------
def test_every_update_round_trips_through_json():
    """A seat hears the same updates through JSON text as straight from the host: views,
    events, legal moves, windows and the result all survive the crossing."""
    seats = [Seat("bot", name, "random") for name in ("Ana", "Bob", "Cy")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 4, seats)
    host = host_for(session)
    plain = listen(host.port(1))
    wire = WirePort(host.port(1))
    crossed = listen(wire)
    host.start()
    assert session.is_over and crossed[-1].result is not None
    assert len(crossed) == len(plain) == len(wire.wire) > 20
    assert crossed == plain
    assert any(update.reacting for update in crossed) and any(update.events for update in crossed)
    for text, update in zip(wire.wire, plain):
        assert json.loads(json.dumps(update.to_json())) == json.loads(text)


def test_a_wire_port_refuses_what_does_not_decode():
    session = Session("kill-the-kings", {}, 9, HUMAN)
    host = host_for(session)
    wire = WirePort(host.port(0))
    assert "expected an integer" in wire.submit(Place("x"))
    assert session.log == []
    assert wire.submit(DRAW) is None and session.log == [(0, DRAW)]


# -- the table's own steps and out-of-turn moves (Stab Your Friends) ----------------------------------
def syf_in_activation(humans=(0, 1)) -> Session:
    """A 3-seat Stab Your Friends game played to its first activation step."""
    from cutthroat.games.stab_your_friends.rules import RULES as SYF

    state = SYF.new_game({"royal-call-out": "anyone"}, 3, 3)
    while state.phase != "activate":
        seat = SYF.to_act(state)[0]
        SYF.apply(state, SYF.legal_actions(state, seat)[0], seat)
    seats = [Seat("human", n) if i in humans else Seat("bot", n, "random") for i, n in enumerate(["Ana", "Bob", "Cy"])]
    return Session("stab-your-friends", {"royal-call-out": "anyone"}, 3, seats, state=state)


def test_the_tables_own_steps_wait_out_the_bot_pause_and_nobody_decides_them():
    clock = ManualClock()
    session = syf_in_activation()
    host = host_for(session, clock=clock, bot_delay=0.5)
    got = listen(host.port(0))
    host.start()
    assert got[-1].stepping and got[-1].legal == (), "a step is nobody's decision, not even its holder's"
    clock.advance(0.4)
    assert session.log == []
    clock.advance(0.1)
    assert [a.kind for _, a in session.log] == ["activate"]


def test_skipping_ahead_takes_the_steps_at_once():
    clock = ManualClock()
    session = syf_in_activation()
    host = host_for(session, clock=clock, bot_delay=5.0)
    host.start()
    host.skip_ahead()
    assert session.log[0][1].kind == "activate"
    seat = session.current_seat
    assert not session.seat_is_bot(seat) and session.rules.paced_action(session.state, seat) is None, \
        "skipped on to the next human decision"


def test_an_out_of_turn_move_is_taken_whoever_is_to_act():
    from cutthroat.games.stab_your_friends.actions import CallOut

    session = syf_in_activation()
    host = host_for(session, bot_delay=5.0)
    host.start()
    turn = session.state.turn
    caller = next(q for q in (0, 1) if q != turn)
    target = next(q for q in range(3) if q not in (caller, session.state.crown))
    lives = session.state.lives[target]
    assert host.submit(caller, CallOut(caller, target)) is None
    assert session.state.lives[target] == lives - 1 and session.log[-1] == (caller, CallOut(caller, target))
    assert host.submit(caller, CallOut(caller, target)) == "One call-out each per round, and this round's is made"


def test_a_play_waiting_for_its_target_is_taken_back_through_a_wire_port():
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("human", "Cy")]
    state = position(3, hands={0: "TARGETED", 1: "TACO", 2: "BEARD"}, pile="SKIP SKIP")
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    host = host_for(session)
    port = WirePort(host.port(0))
    seen: list[SeatUpdate] = []
    port.listen(seen.append)
    assert port.take_back() == "Nothing to take back: the play is made"
    assert port.submit(Play(BY_CODE["TARGETED"])) is None
    assert seen[-1].can_take_back and not WirePort(host.port(1)).listen(lambda u: None).can_take_back
    assert port.take_back() is None
    assert session.log == [] and BY_CODE["TARGETED"] in session.state.hands[0]
    assert seen[-1].events == () and not seen[-1].can_take_back  # nobody was told of it


def test_a_turn_timer_makes_the_move_of_a_human_who_lets_it_run_out():
    """Every human seat at a server's table has the table's time for a move; then a heuristic
    bot makes that one move (the seat is told which, the others only that a bot moved)."""
    seats = [Seat("human", "Ana"), Seat("human", "Bob")]
    session = Session("kill-your-friends", {}, 4, seats)
    clock = ManualClock()
    host = TableHost(session, clock=clock, workers=InlineWorkers(), turn_seconds=30)
    heard: dict[int, list] = {0: [], 1: []}
    for seat in (0, 1):
        host.port(seat).listen(heard[seat].append)
    host.start()
    mover = session.current_seat
    clock.advance(29.9)
    assert session.log == []
    clock.advance(0.2)
    assert [seat for seat, _ in session.log] == [mover]
    own = [e for u in heard[mover] for e in u.events if e.kind == "time_up"]
    other = [e for u in heard[1 - mover] for e in u.events if e.kind == "time_up"]
    assert own[0].move and own[0].describe(["Ana", "Bob"]).startswith(f"Time's up for {seats[mover].name}: a bot played")
    assert other[0].move == ""  # the others are told only that a bot moved
    next_one = session.current_seat
    assert host.port(next_one).submit(session.legal_actions(next_one)[0]) is None  # in time: no bot
    assert [seat for seat, _ in session.log][-1] == next_one and len(session.log) == 2


def test_a_nope_race_applies_the_first_nope_and_refuses_the_one_answering_the_old_window():
    """Ana and Bob both Nope Cy's Skip on what they saw (version V); Bob's lands first. Ana's
    then answers a window that is gone (a Nope of Bob's Nope is a different decision): refused,
    nothing changes. A move on the position she was told since is taken."""
    session = ek_session(skip_window({0: "NOPE NOPE DEF", 1: "NOPE DEF"}))
    host = host_for(session, window_seconds=3.0, bot_delay=5.0)
    ana, bob = listen(host.port(0)), listen(host.port(1))
    seen = ana[-1].version
    assert PlayNope(0) in ana[-1].legal and PlayNope(1) in bob[-1].legal
    assert host.port(1).submit(PlayNope(1), bob[-1].version) is None
    log = list(session.log)
    assert PlayNope(0) in session.legal_actions(0), "Ana could Nope Bob's Nope now…"
    assert host.port(0).submit(PlayNope(0), seen) == "The table moved on: look again and choose again"
    assert session.log == log, "…but not by a key pressed on the window she saw before"
    assert ana[-1].version > seen and host.port(0).submit(PlayNope(0), ana[-1].version) is None
    assert session.log[-1] == (0, PlayNope(0))



def test_a_timed_out_turn_gets_the_smallest_move_a_draw_not_a_combo():
    """Ana lets her time run out holding five cards a combo could spend: the stand-in draws for her (the
    move an absent player would make), it does not spend her hand."""
    state = position(2, hands={0: "TACO BEARD RAINBOW ZOMBIE FERAL DEF", 1: "DEF"}, pile="TACO TACO EXP", turn=0)
    seats = [Seat("human", "Ana"), Seat("human", "Bob")]
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state)
    clock = ManualClock()
    host = TableHost(session, clock=clock, workers=InlineWorkers(), turn_seconds=30)
    host.port(0).listen(lambda update: None)
    host.start()
    assert any(a.kind == "combo" for a in session.legal_actions(0))
    clock.advance(30.1)
    assert [(seat, action.kind) for seat, action in session.log] == [(0, "draw")]
    assert len(session.state.hands[0]) == 7


@pytest.mark.parametrize("game", ["kill-the-kings", "exploding-kittens", "kill-your-friends", "psycho-killer",
                                  "stab-your-friends"])
@pytest.mark.parametrize("daily", [None, "2026-12-03"])
def test_the_seed_is_told_at_game_over_only_at_every_table(game, daily):
    """The deal is secret: at a solo table (its deck's order follows from the seed), a hot-seat
    one and a bots one, no port's table facts nor any update before the end holds the seed, for
    any seat or the spectator; the game-over update does, except a daily deal's (never)."""
    seed = 468657
    sittings = [[Seat("human", "You")]] if game == "kill-the-kings" else [
        [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")],
        [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]]
    for sitting in sittings:
        session = Session(game, {}, seed, sitting, daily=daily)
        host = TableHost(session, clock=ManualClock(), workers=InlineWorkers(), max_moves=5000)
        for seat, who in enumerate(sitting):  # (bots play the humans' seats: the game runs to its end at once)
            if not who.is_bot:
                host.stand_in(seat, "random")
        heard = {seat: listen(host.port(seat)) for seat in (*range(len(sitting)), None)}
        assert all("seed" not in host.port(seat).table.to_json() for seat in heard)
        host.start()
        assert session.is_over
        for updates in heard.values():
            assert len(updates) > 1 and all(u.seed is None for u in updates if not u.over)
            assert updates[-1].over and updates[-1].seed == (None if daily else seed)
            assert all(u.to_json()["seed"] is None for u in updates[:-1])


def test_a_pass_leaves_the_window_as_it_was_so_a_nope_answering_it_is_taken():
    """Bob lets Cy's Skip happen; Ana's Nope, pressed on what she saw before his pass, answers the
    same window: taken (only a move that changes the window, like a Nope, makes it a new one)."""
    session = ek_session(skip_window({0: "NOPE DEF", 1: "NOPE DEF"}))
    host = host_for(session, window_seconds=3.0, bot_delay=5.0)
    ana, bob = listen(host.port(0)), listen(host.port(1))
    seen = ana[-1].version
    assert host.port(1).submit(Pass(1), bob[-1].version) is None
    assert ana[-1].version > seen
    assert host.port(0).submit(PlayNope(0), seen) is None
    assert session.log[-1] == (0, PlayNope(0))


def test_a_pooled_clock_hands_what_falls_due_to_the_workers():
    """A server's tables share one clock; what falls due runs on the bot pool, not the clock's own
    thread (one table's step can't hold back another's timers)."""
    from cutthroat.host.clock import PooledClock

    class Queued:
        def __init__(self) -> None:
            self.jobs: list = []

        def run(self, job) -> None:
            self.jobs.append(job)

    manual, workers, ran = ManualClock(), Queued(), []
    clock = PooledClock(manual, workers)
    clock.call_at(1.0, lambda: ran.append("due"))
    manual.advance(1.0)
    assert ran == [] and len(workers.jobs) == 1, "the clock only hands it on"
    workers.jobs.pop()()
    assert ran == ["due"] and clock.now() == manual.now()


def test_a_nope_window_waits_for_no_seat_whose_hand_is_visibly_empty():
    """Cy plays Skip. Ana holds no card (everyone sees her count, 0): she passes at once and the
    window waits for Bob alone; with Bob's hand empty too nobody can answer, so it doesn't wait."""
    clock = ManualClock()
    session = ek_session(skip_window({0: "", 1: "NOPE DEF"}))
    host = host_for(session, clock=clock, window_seconds=3.0)
    got = listen(host.port(None))
    host.start()
    assert (0, Pass(0)) in session.log and got[-1].reacting == (1,) and got[-1].deadline == 3.0
    clock = ManualClock()
    session = ek_session(skip_window({0: "", 1: ""}))
    host = host_for(session, clock=clock, window_seconds=3.0)
    host.start()
    assert clock.now() == 0 and session.state.turn == 0 and not session.state.stack, "the Skip went at once"


def test_a_trip_over_window_waits_for_no_seat_whose_hand_is_visibly_empty():
    """Psycho Killer: Ana plays No Signal on her turn and Bob and Cy hold no cards: nobody can
    Trip Over it, so the card resolves without waiting out the window."""
    from cutthroat.games.psycho_killer.rules import Play as PkPlay
    from helpers_pk import C, position as pk_position

    clock = ManualClock()
    state = pk_position(3, hands={0: "NOSIGNAL KNIFE", 1: "", 2: ""}, turn=0)
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    session = Session("psycho-killer", {}, 0, seats, state=state)
    host = host_for(session, clock=clock, window_seconds=3.0)
    host.start()
    assert host.submit(0, PkPlay(C("NOSIGNAL"))) is None
    assert clock.now() == 0 and not session.state.stack, "no window to wait out"
    assert [a.kind for _, a in session.log] == ["play", "pass", "pass"]
    state = pk_position(3, hands={0: "NOSIGNAL KNIFE", 1: "TRIP", 2: ""}, turn=0)
    session = Session("psycho-killer", {}, 0, seats, state=state)
    host = host_for(session, clock=ManualClock(), window_seconds=3.0)
    host.start()
    assert host.submit(0, PkPlay(C("NOSIGNAL"))) is None
    assert session.state.stack and 1 in host.rules.to_act(session.state), "Bob holds a card: the window waits"
