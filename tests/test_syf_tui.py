"""Stab Your Friends through the UI, by keys at 80×24: a solo game played to the end, and a
hot-seat game checked frame by frame.

Hot-seat: every frame the app paints is sorted into a curtain ("Pass to …"), a private screen (a
hand on show: "Ana's hand · …") or a shared one. While more than one person may look — a bot
placing, a card activating, a curtain — no hand and no face-down card's name may be on screen;
every private screen after a shared moment comes behind a curtain; and on a private screen the
only named face-down cards are the ones that seat placed itself.
"""

from __future__ import annotations

import random
import re

from textual.widgets import Static

from cutthroat.games.stab_your_friends.actions import CallOut, Target
from cutthroat.saves import Seat
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.stab_your_friends.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.news import NewsScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from cutthroat.tui.widgets.event_log import EventLog
from helpers_pilot import async_test, frame_kind, screen_text, session_of

SIZE = (80, 24)
GAME = "stab-your-friends"
NAMED_BACK = re.compile(r"▒[A-Z]")  # a face-down card with its name: only its placer may see that


kind_of = frame_kind


async def drive(pilot, app, frames: list, moves: int, stop=lambda: False) -> None:
    """Play by keys: Enter at a curtain, the first choice of a prompt, a player's number to place
    the card under the cursor (the players in turn), f to skip ahead through bots and steps."""
    session = session_of(app)
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    target = 0
    for _ in range(moves * 40):
        frame = screen_text(app)
        if not frames or frames[-1][1] != frame:
            frames.append((kind_of(frame), frame, session.state.copy()))
        if session.is_over or stop():
            return
        screen = app.screen
        if isinstance(screen, CurtainScreen):
            if "Pass to" in frame:  # only once the curtain is painted (every frame is checked)
                await pilot.press("enter")
        elif isinstance(screen, ChoiceScreen):
            await pilot.press(screen.choices[0].key)
        elif isinstance(screen, NewsScreen):  # a player's own news, read (Enter)
            await pilot.press("enter")
        elif screen is table and table.placing():
            target = (target + 1) % len(table.names)
            while session.state.out[target]:
                target = (target + 1) % len(table.names)
            await pilot.press(str(target + 1))
        elif screen is table and table.check_action("skip_ahead", ()):
            await pilot.press("f")
        await pilot.pause(0.02)


@async_test
async def test_a_solo_game_by_keys_to_the_game_over_dialog() -> None:
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    app = CutthroatApp(start=dict(game=GAME, config={"first-royal": "1"}, seed=24, seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        frames: list = []
        await drive(pilot, app, frames, moves=400)
        session = session_of(app)
        assert session.is_over, "the game ends"
        assert any(a.kind == "place" for seat, a in session.log if seat == 0), "Ana placed cards by key"
        for _ in range(100):  # (until the dialog is on top and painted)
            if isinstance(app.screen, GameOverScreen) and screen_text(app).strip():
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "First out: " in text and "Dealt" in text and "Lost" in text
        await pilot.press("enter")  # the key that opened the dialog a moment ago starts nothing
        await pilot.pause(0.05)
        assert isinstance(app.screen, GameOverScreen) and session_of(app) is session
        await pilot.press("n")
        for _ in range(100):
            if session_of(app) is not session:
                break
            await pilot.pause(0.02)
        assert session_of(app) is not session and not session_of(app).is_over, "n: a new game"
    assert not any(kind == "curtain" for kind, _, _ in frames), "one human: no curtains"


@async_test
async def test_hot_seat_nothing_private_in_a_shared_moment_and_a_curtain_before_each_private_screen() -> None:
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random"), Seat("bot", "Dee", "random")]
    app = CutthroatApp(start=dict(game=GAME, config={"first-royal": "3"}, seed=8, seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        frames: list = []
        session = session_of(app)
        # (every moment asserted below has come by move 42, in round 2 of this seed: stop as round 3 starts)
        await drive(pilot, app, frames, moves=200, stop=lambda: session.state.round > 2)
    kinds = [kind for kind, _, _ in frames]
    assert kinds.count("curtain") >= 6 and "private" in kinds and "shared" in kinds
    last = None
    for kind, frame, state in frames:
        if kind != "private":
            assert "'s hand · " not in frame and not NAMED_BACK.search(frame), frame
        else:
            assert last in ("curtain", "private"), f"a private screen right after a shared one:\n{frame}"
            viewer = 0 if "Ana's hand" in frame else 1
            own_backs = sum(1 for fronts in state.fronts for f in fronts if not f.face_up and f.by == viewer)
            assert len(NAMED_BACK.findall(frame)) <= own_backs, f"a face-down card named to its non-placer:\n{frame}"
        last = kind
    assert any(NAMED_BACK.search(frame) for kind, frame, _ in frames if kind == "private"), \
        "a seat sees the names of the cards it placed face down"
    assert not any("You puts" in frame or "Since your last turn: You put" in frame for _, frame, _ in frames), \
        "the card a seat chose to place is not told back to it as news"


@async_test
async def test_a_save_made_mid_activation_resumes_at_that_very_step() -> None:
    from pathlib import Path

    from cutthroat import saves
    from cutthroat.session import Session

    data = saves.read(Path(__file__).parent.parent / "saves" / "syf-your-bow-mid-activation.json")
    session = Session.from_save(data)
    assert session.state.phase == "activate" and session.state.active.card.code == "BOW"
    assert session.to_act == [0]
    app = CutthroatApp(loaded=data)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if isinstance(app.screen, ChoiceScreen) and "Bow: whom does it hit?" in screen_text(app):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, ChoiceScreen), "the Bow's prompt, at once"
        before = session_of(app).state.lives[:]
        target = app.screen.choices[0].value.seat
        await pilot.press(app.screen.choices[0].key)
        for _ in range(100):
            if session_of(app).state.lives[target] != before[target] or session_of(app).log[-1][1].kind == "target":
                break
            await pilot.pause(0.02)
        assert session_of(app).log[len(data.log)][1].kind == "target"


@async_test
async def test_a_prompt_names_only_the_seat_numbers_that_answer() -> None:
    """The Bow's prompt put away, the table's line names the players it may hit ("2–3", never
    "1–3": not yourself), as the footer's number keys do."""
    from pathlib import Path

    from cutthroat import saves
    from cutthroat.tui.tables.base import seat_numbers

    data = saves.read(Path(__file__).parent.parent / "saves" / "syf-your-bow-mid-activation.json")
    app = CutthroatApp(loaded=data)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape")  # put away: the decision waits on the table
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and "hits:" in screen_text(app))
        targets = [a.seat for a in session_of(app).legal_actions(0) if isinstance(a, Target)]
        assert 0 not in targets and targets
        assert f"hits: {seat_numbers(targets, dash='–')} or Enter" in screen_text(app), screen_text(app)


async def wait_for(pilot, condition, tries: int = 200) -> None:
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    assert condition()


@async_test
async def test_known_hands_a_call_out_and_wrong_numbers_by_keys() -> None:
    """k lists what everyone holds; a number with no player says why; c with only bots to name
    (bots never forget) says why; each refusal changes nothing."""
    from cutthroat.tui.tables.stab_your_friends.known import KnownHandsScreen

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    start = dict(game=GAME, config={"first-royal": "2", "royal-call-out": "anyone"}, seed=2, seats=seats)
    app = CutthroatApp(start=start)
    async with app.run_test(size=SIZE) as pilot:
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await wait_for(pilot, lambda: app.screen is table and table.placing())
        session = session_of(app)
        text = screen_text(app)
        assert "1 Ana" in text and "2 Bob" in text and "3 Cy" in text, "each row shows the player's key"

        await pilot.press("k")
        await wait_for(pilot, lambda: isinstance(app.screen, KnownHandsScreen))
        known = screen_text(app)
        hand = sorted(session.state.hands[0], key=lambda c: c.priority)
        assert "1 Ana (you) · 4 cards: " in known and hand[0].name in known
        for q in (1, 2):  # the rivals' hands: public, since every draw was seen from a face-up deck
            assert f"{q + 1} {table.names[q]} · " in known
            assert all(card.name in known for card in session.state.hands[q])
        await pilot.press("k")
        await wait_for(pilot, lambda: app.screen is table)

        before = session.state.to_json()
        await pilot.press("9")
        await pilot.pause(0.05)
        assert "Players are numbered 1–3" in screen_text(app) and session.state.to_json() == before

        assert "c call out" not in screen_text(app).splitlines()[-1], "nobody may call: no c in the footer"
        await pilot.press("c")
        await pilot.pause(0.05)
        assert app.screen is table and "never a bot" in screen_text(app), screen_text(app)
        assert session.state.to_json() == before and not any(a.kind == "call_out" for _, a in session.log)


@async_test
async def test_with_the_memory_aid_off_k_tells_others_hands_as_counts_and_a_save_keeps_it(tmp_path) -> None:
    """Memory aid off (a setup choice): k shows Ana her own hand but the others' only as counts,
    the table's opening line says so, and the choice survives a save and load. The views are as
    before: the bots still remember every draw."""
    from cutthroat.games.stab_your_friends.rules import memory_aid
    from cutthroat.session import Session
    from cutthroat.tui.tables.stab_your_friends.known import KnownHandsScreen

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    config = {"first-royal": "2", "memory-aid": "off"}
    app = CutthroatApp(start=dict(game=GAME, config=config, seed=2, seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await wait_for(pilot, lambda: app.screen is table and table.placing())
        session = session_of(app)
        entries = [str(e) for e in table.query_one(EventLog).entries]
        assert any("memory aid off" in e for e in entries), "the log's opening line"
        taken = [e for e in entries if " took " in e]
        assert taken and all(e.endswith("took the deck top") for e in taken if not e.startswith("Ana")), taken
        assert any(e.startswith("Ana took ") and not e.endswith("the deck top") for e in taken), "her own, named"
        await pilot.press("k")
        await wait_for(pilot, lambda: isinstance(app.screen, KnownHandsScreen))
        known = "\n".join(str(w.render()) for w in app.screen.query(Static))  # the dialog's own text
        assert "memory aid off" in known
        lines = known.splitlines()
        assert any(line.startswith("1 Ana (you) · 4 cards: ") for line in lines), known
        assert all(card.name in known for card in session.state.hands[0])
        for q in (1, 2):
            assert f"{q + 1} {table.names[q]} · {len(session.state.hands[q])} cards" in lines, known
        assert table.update.view.pools[1], "the view still carries what was seen (the bots remember)"
        path = tmp_path / "stab.json"
        session.save(path)
    loaded = Session.load(path)
    assert not memory_aid(loaded.config) and memory_aid({})


@async_test
async def test_a_call_out_by_keys_at_a_hot_seat_table_names_only_people() -> None:
    """Bob (a bot) wears the Crown: Cy may call out Ana and nobody else, once a round."""
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("human", "Cy")]
    start = dict(game=GAME, config={"first-royal": "2", "royal-call-out": "anyone"}, seed=2, seats=seats)
    app = CutthroatApp(start=start)
    async with app.run_test(size=SIZE) as pilot:
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen) and "Pass to Cy" in screen_text(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is table and table.placing())
        session = session_of(app)

        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert [c.value for c in app.screen.choices] == [0, 2], "Ana and Cy may call"
        await pilot.press("3")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "Cy calls out" in screen_text(app))
        assert [c.value for c in app.screen.choices] == [0], "never Bob: the royal highness, and a bot"
        await pilot.press("1")
        await wait_for(pilot, lambda: session.state.lives[0] == 4)
        assert session.log[-1] == (2, CallOut(2, 0))
        await wait_for(pilot, lambda: app.screen is table)

        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "Ana calls out" in screen_text(app))
        assert [c.value for c in app.screen.choices] == [2], "Cy's call is made: only Ana may, and only Cy"


@async_test
async def test_a_choice_with_one_answer_is_made_without_a_prompt() -> None:
    """Two players: a Bow can only hit the other one, so no prompt opens."""
    import tempfile
    from pathlib import Path

    from cutthroat import saves
    from cutthroat.session import Session

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random")]

    def bow_next(state) -> bool:
        seat, index = state.at
        return state.phase == "activate" and state.active is None and seat == 0 and \
            state.fronts[0][index].card.code == "BOW"

    for seed in range(100):  # seeded random play up to the moment Ana's Bow is next to fire
        rng, session = random.Random(seed), Session(GAME, {"first-royal": "1"}, seed, seats)
        while not session.is_over and not bow_next(session.state):
            seat = session.current_seat
            session.apply(rng.choice(session.legal_actions(seat)), seat)
        if not session.is_over:
            break
    with tempfile.TemporaryDirectory() as folder:
        data = saves.read(session.save(Path(folder) / "bow.json"))
    app = CutthroatApp(loaded=data)
    async with app.run_test(size=SIZE) as pilot:
        prompts = []
        for _ in range(200):
            prompts += [app.screen] if isinstance(app.screen, ChoiceScreen) else []
            if any(a.kind == "target" for _, a in session_of(app).log):
                break
            await pilot.pause(0.02)
        log = session_of(app).log
        assert (0, Target(1)) in log and not prompts
        assert session_of(app).state.lives[1] == 4 or session_of(app).state.round > 1


@async_test
async def test_enter_after_a_hint_places_the_hinted_card_before_the_hinted_player() -> None:
    """Enter on a card asks in front of whom; after `h`, Enter places the hinted card in front of
    the hinted player at once."""
    from cutthroat.session import Session
    from helpers_pilot import enter_plays_the_hint, wait_until
    from helpers_syf import position

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    state = position(3, hands={0: "AX BOW DAGGER", 1: "GOLD", 2: "FIRE"}, seed=4)
    app = CutthroatApp(loaded=Session(GAME, {}, 4, seats, state=state).save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.placing())
        hinted = await enter_plays_the_hint(pilot, app.screen)
        assert hinted.kind == "place"
