"""Hot-seat privacy, frame by frame: a 2-human Exploding Kittens game with shared Nope windows and
a claimed Alter the Future NOW, played by keys at 80×24.

Every frame the app paints is captured and sorted: a curtain ("Pass to …"), a private screen (a
hand on show: "Ana's hand · …"), or a shared one. While more than one person may be looking — a
shared window, a bot's move, a curtain — no hand, no peek ("You know:"), no private news ("Since
your last turn") and no reorder list may be on screen; and every private screen that follows a
shared moment comes after a curtain, even for the human who had the screen before.
"""

from __future__ import annotations

import pytest

from cutthroat import settings as settings_module
from cutthroat.games.exploding_kittens.actions import AlterNow, Pass, Reorder
from cutthroat.games.exploding_kittens.cards import BY_CODE
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.exploding_kittens.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from helpers_ek import BOX_CONFIG, position
from helpers_pilot import async_test, frame_kind, screen_text, session_of

SIZE = (80, 24)
SEATS = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random"), Seat("bot", "Dee", "random")]
PRIVATE_MARKS = ("'s hand · ", "You know:", "Since your last turn", ": since your last turn", ": just now",
                 "put the top 3 back", "you hold")


def kind_of(frame: str) -> str:
    return frame_kind(frame, PRIVATE_MARKS)


class Frames:
    """Every distinct frame painted, in order, with what kind it is."""

    def __init__(self, app) -> None:
        self.app = app
        self.seen: list[tuple[str, str]] = []
        self.news_read = 0

    def take(self) -> str:
        frame = screen_text(self.app)
        if not self.seen or self.seen[-1][1] != frame:
            self.seen.append((kind_of(frame), frame))
        return frame

    async def until(self, pilot, condition, limit: int = 400) -> None:
        """Wait for `condition`, reading (Enter) any news shown to the seat on screen meanwhile."""
        from cutthroat.tui.widgets.news import NewsScreen

        for _ in range(limit):
            self.take()
            if condition():
                return
            if isinstance(pilot.app.screen, NewsScreen):
                self.news_read += 1
                await pilot.press("enter")
            await pilot.pause(0.02)
        raise AssertionError(f"timed out; screen is {type(pilot.app.screen).__name__}")


def alter_now_position():
    """Ana (seat 0, human) to play, holding Skip; Bob (seat 1, human) holds Alter the Future NOW and a
    Nope; the two bots hold nothing to answer with. Ana has seen the top card."""
    state = position(4, hands={0: "SKIP DEF TACO", 1: "NOW NOPE DEF", 2: "BEARD", 3: "ZOMBIE"},
                     pile="TACO BEARD RAINBOW ZOMBIE EXP", turn=0)
    state.seen[0][-1] = state.pile[-1]  # a peek of Ana's: private, on her screen only
    return state


@pytest.fixture
def short_window(monkeypatch) -> None:
    """No window runs out in these tests: a loaded machine ran a short one out before the test's
    claim. The shared windows are ended by keys (a claim, or `p`: we all pass); a window running
    out is tested on a clock the test moves (test_ek_tui.py)."""
    monkeypatch.setitem(settings_module.NOPE_WINDOWS, "3", 3600.0)


async def all_pass(frames, pilot, table) -> None:
    """The shared window that opens next: nobody claims it, everyone passes (`p`)."""
    await frames.until(pilot, lambda: table.sight is not None and bool(table.sight.claimable))
    await pilot.press("p")


@async_test
async def test_nothing_private_shows_in_a_shared_moment_and_a_curtain_comes_before_each_private_screen(
        short_window) -> None:
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, list(SEATS), state=alter_now_position())
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        # The game opens on Ana's turn: a curtain first.
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Ana" in frames.take())
        await pilot.press("enter")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await frames.until(pilot, lambda: app.screen is table and table.main_turn())
        assert "You know: top Tacocat" in frames.take()  # her peek, on her own screen
        cards = table.hand(table.update.view)
        await pilot.press("home", *["right"] * cards.index(BY_CODE["SKIP"]), "enter")  # Ana plays Skip
        log = session_of(app).log

        # The shared window: Bob claims it with his seat number, behind the curtain.
        await frames.until(pilot, lambda: table.sight is not None and table.sight.claimable == (1,))
        assert kind_of(frames.take()) == "shared" and "Nope? Press your seat number: 2 Bob" in frames.take()
        await pilot.press("2")
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Bob" in frames.take())
        await pilot.press("enter")
        await frames.until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert "you hold 1 Nope" in frames.take()
        await pilot.press(next(c.key for c in app.screen.choices if c.label.startswith("Alter")))  # (its own window)
        await frames.until(pilot, lambda: (1, AlterNow(1)) in log)

        # Ana lets it pass; Bob's reorder comes behind a curtain.
        await all_pass(frames, pilot, table)
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Bob" in frames.take())
        assert (0, Pass(0)) in log[log.index((1, AlterNow(1))):]
        await pilot.press("enter")
        await frames.until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "put the top 3 back" in frames.take())
        await pilot.press(app.screen.choices[0].key)
        await frames.until(pilot, lambda: any(isinstance(a, Reorder) for _, a in log))

        # The Skip's window reopens (shared), passes, and Bob's own turn comes: a curtain first.
        await all_pass(frames, pilot, table)
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Bob" in frames.take()
                           and session_of(app).state.turn == 1)
        await pilot.press("enter")
        await frames.until(pilot, lambda: app.screen is table and table.main_turn() and table.viewer == 1)
        frames.take()

    kinds = [kind for kind, _ in frames.seen]
    assert {"curtain", "private", "shared"} <= set(kinds)
    for kind, frame in frames.seen:
        if kind != "private":  # a shared moment or a curtain: nothing private on screen
            assert not any(mark in frame for mark in PRIVATE_MARKS), frame
        bots_named = [name for name in ("Cy", "Dee") if f"until {name} takes the screen" in frame]
        assert not bots_named, f"the hand panel waits for a bot to take the screen:\n{frame}"
    assert any("while everyone may answer" in frame for _, frame in frames.seen)
    last = None
    for kind, frame in frames.seen:  # every private screen after a shared moment: a curtain between
        if kind == "private":
            assert last in ("curtain", "private"), f"a private screen right after a shared one:\n{frame}"
        last = kind
    shared_then_private = [i for i in range(1, len(kinds)) if kinds[i - 1] == "curtain" and kinds[i] == "private"]
    assert len(shared_then_private) >= 4, kinds  # Ana's turn, Bob's claim, Bob's reorder, Bob's turn


@async_test
async def test_a_resumed_hot_seat_log_is_the_public_history_only() -> None:
    """Resumed, the shared screen's log is rebuilt from the move log as the public saw it: the
    cards each player drew (their private news) are never in it."""
    from cutthroat.bots import make_bot
    from cutthroat.engine.words import agree
    from cutthroat.tui.widgets.event_log import EventLog

    session = Session("exploding-kittens", {}, 14, list(SEATS))
    bots = {seat: make_bot(session.rules, "random", seed=seat) for seat in range(4)}
    private: list = []
    while not private and not session.is_over:
        seat = session.current_seat
        session.apply(bots[seat].choose(session.view(seat), session.legal_actions(seat)), seat)
        private = [e for seat in (0, 1) for e in session.history(seat) if e.private]
    assert not session.is_over  # and Ana or Bob drew a card only they saw
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await Frames(app).until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await pilot.pause()
        entries = [str(e) for e in table.query_one(EventLog).entries]
        public = [agree(e.describe(table.names)) for e in table.shown_events(session.history(None))]
        intro = len(table.intro_lines())  # (the recipe and players: no seed before the game is over)
        assert entries[intro:intro + 1 + len(public)] == public + ["— resumed here —"]  # (bots play on after)
        for event in private:
            assert agree(event.describe(table.names)) not in entries


@async_test
async def test_a_play_taken_back_leaves_nothing_for_the_next_player_to_see() -> None:
    """Ana plays Targeted Attack, takes it back in its target prompt (Esc) and draws instead: Bob,
    at the screen next, finds no trace of it — not in the log, not in the curtain's "Meanwhile"."""
    from cutthroat.tui.widgets.event_log import EventLog

    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    state = position(3, hands={0: "TARGETED SKIP", 1: "BEARD", 2: "ZOMBIE"}, pile="TACO TACO TACO", turn=0)
    app = CutthroatApp(loaded=Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state).save_data())
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Ana" in frames.take())
        await pilot.press("enter")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await frames.until(pilot, lambda: app.screen is table and table.main_turn())
        cards = table.hand(table.update.view)
        await pilot.press("home", *["right"] * cards.index(BY_CODE["TARGETED"]), "enter")
        await frames.until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape")  # taken back: the card is in her hand again
        await frames.until(pilot, lambda: app.screen is table and table.main_turn())
        await pilot.press("d")
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Bob" in frames.take())
        curtain = frames.take()
        told = " ".join(str(line.text) for line in table.query_one(EventLog).lines)
        assert session_of(app).log[-1][1].kind == "draw" and "Ana drew a card" in told
    assert "Meanwhile" in curtain and "Targeted" not in curtain and "Taken back" not in curtain, curtain
    assert "Targeted" not in told and "Taken back" not in told, told


@async_test
async def test_the_first_enter_acts_and_a_refusal_stays_with_the_screen_it_was_for(short_window) -> None:
    """Bob's claim and his reorder: no box of news takes the first Enter (it answers the prompt),
    and a wrong seat number's refusal in the shared window isn't carried onto Bob's own screen."""
    from cutthroat.tui.widgets.news import NewsScreen

    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, list(SEATS), state=alter_now_position())
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Ana" in frames.take())
        await pilot.press("enter")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await frames.until(pilot, lambda: app.screen is table and table.main_turn())
        cards = table.hand(table.update.view)
        await pilot.press("home", *["right"] * cards.index(BY_CODE["SKIP"]), "enter")
        log = session_of(app).log
        await frames.until(pilot, lambda: table.sight is not None and table.sight.claimable == (1,))
        await pilot.press("3")  # Cy isn't asked: refused, on the shared screen
        assert "isn't asked" in table.message
        await pilot.press("2")
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Bob" in frames.take())
        await pilot.press("enter")
        await frames.until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert "isn't asked" not in frames.take() and table.message == ""
        alter = next(c for c in app.screen.choices if c.label.startswith("Alter"))
        await pilot.press(alter.key)
        await frames.until(pilot, lambda: (1, AlterNow(1)) in log)
        await all_pass(frames, pilot, table)
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Bob" in frames.take())
        await pilot.press("enter")
        for _ in range(200):  # (not `until`: it would read a news box for us)
            if isinstance(app.screen, (ChoiceScreen, NewsScreen)):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, ChoiceScreen), "a box came before Bob's reorder"
        await pilot.press("enter")  # the first Enter: the reorder highlighted
        await frames.until(pilot, lambda: any(isinstance(a, Reorder) for _, a in log))


@async_test
async def test_news_of_a_seats_own_move_is_told_as_just_done_and_long_news_comes_whole_in_a_box(
        short_window) -> None:
    """Ana's pair steals Bob's Nope (the window passes): her screen says "You stole Nope from Bob",
    not "Since your last turn: You steal …". Her Share the Future shows Bob the new order; Bob's
    news (the steal and the order) is too long for the message lines, so it comes whole in a box
    that waits for Enter, in the past tense and with "you" (not "You") mid-sentence."""
    from cutthroat.tui.widgets.news import NewsScreen

    state = position(4, hands={0: "TACO TACO SHARE", 1: "NOPE", 2: "BEARD", 3: "ZOMBIE"},
                     pile="REVERSE SWAP REVERSE BEARD TACO", turn=0)
    session = Session("exploding-kittens", dict(BOX_CONFIG), 0, list(SEATS), state=state)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Ana" in frames.take())
        await pilot.press("enter")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await frames.until(pilot, lambda: app.screen is table and table.main_turn())
        taco = table.hand(table.update.view).index(BY_CODE["TACO"])
        await pilot.press("home", *["right"] * taco, "space", "right", "space", "enter")  # the pair of Tacos
        await frames.until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("2")  # on Bob
        await frames.until(pilot, lambda: table.sight is not None and table.sight.claimable == (1,))
        await pilot.press("p")  # we all pass
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Ana" in frames.take())
        await pilot.press("enter")
        await frames.until(pilot, lambda: app.screen is table and table.main_turn())
        ana = frames.take()
        assert "You stole Nope from Bob" in ana and "Since your last turn" not in ana, ana
        cards = table.hand(table.update.view)
        await pilot.press("home", *["right"] * cards.index(BY_CODE["SHARE"]), "enter")
        for _ in range(400):  # (Ana holds Bob's Nope now: a window, then her curtain)
            if isinstance(app.screen, ChoiceScreen):
                break
            if table.sight is not None and table.sight.claimable:
                await pilot.press("p")
            elif isinstance(app.screen, CurtainScreen) and "Pass to Ana" in frames.take():
                await pilot.press("enter")
            await pilot.pause(0.02)
        assert table.news.startswith("You saw (top first): Reverse, Swap Top and Bottom, Reverse"), table.news
        await pilot.press("enter")  # the order as it is
        await frames.until(pilot, lambda: app.screen is table and table.main_turn())
        await pilot.press("d")
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Bob" in frames.take())
        await pilot.press("enter")
        for _ in range(200):  # (not `until`: it would read the box for us)
            if isinstance(app.screen, NewsScreen):
                break
            await pilot.pause(0.02)
        box = frames.take()
        assert isinstance(app.screen, NewsScreen), box
        assert "Bob: since your last turn" in box and "Ana stole Nope from you" in box, box
        told = " ".join(str(line.render()) for line in app.screen.query(".news-line"))
        assert "Ana put back (top first): Reverse, Swap Top and Bottom, Reverse and showed them to you" in told, told
        await pilot.press("enter")
        await frames.until(pilot, lambda: app.screen is table and table.main_turn())
        assert "Since your last turn" not in frames.take()


@async_test
async def test_a_curtain_names_the_player_who_must_decide_not_you(short_window) -> None:
    """Ana plays Bury and the Nope window passes: the curtain before she puts the card back is
    seen by everyone, so it says "Ana must put …", never "You must …"."""
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    state = position(3, hands={0: "BURY SKIP", 1: "NOPE", 2: "ZOMBIE"}, pile="TACO TACO TACO", turn=0)
    app = CutthroatApp(loaded=Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state).save_data())
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Ana" in frames.take())
        await pilot.press("enter")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await frames.until(pilot, lambda: app.screen is table and table.main_turn())
        cards = table.hand(table.update.view)
        await pilot.press("home", *["right"] * cards.index(BY_CODE["BURY"]), "enter")
        await frames.until(pilot, lambda: table.sight is not None and table.sight.claimable == (1,))
        await pilot.press("p")  # we all pass
        await frames.until(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Ana" in frames.take())
        curtain = frames.take()
    assert "Ana must put the card back into the draw pile" in " ".join(curtain.split()), curtain
    assert "You must" not in curtain, curtain
