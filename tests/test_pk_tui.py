"""Psycho Killer through the UI, by keys at 80×24: a solo game played to the end, a hot-seat game
checked frame by frame, and a save made mid-decision resumed at that very decision.

Hot-seat: every frame the app paints is sorted into a curtain ("Pass to …"), a private screen (a
hand on show: "Ana's hand · …") or a shared one. While more than one person may look — a bot
playing, a Trip Over window everyone may answer, a curtain — no hand may be on screen; and every
private screen after a shared moment comes behind a curtain.
"""

from __future__ import annotations

import random

from cutthroat.games.psycho_killer.rules import RULES
from cutthroat.saves import Seat
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.psycho_killer.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.news import NewsScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from helpers_pilot import async_test, frame_kind, screen_text, session_of, wait_until

SIZE = (80, 24)
GAME = "psycho-killer"


kind_of = frame_kind


async def drive(pilot, app, frames: list, steps: int, stop=lambda: False) -> None:
    """Play by keys: Enter at a curtain, the first choice of a prompt (a seat number to claim a
    shared window), a or b to draw, f to skip ahead through bots."""
    session = session_of(app)
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    rng = random.Random(1)
    for _ in range(steps):
        frame = screen_text(app)
        if not frames or frames[-1][1] != frame:
            frames.append((kind_of(frame), frame))
        if session.is_over or stop():
            return
        screen = app.screen
        if isinstance(screen, CurtainScreen):
            if "Pass to" in frame:
                await pilot.press("enter")
        elif isinstance(screen, ChoiceScreen):
            await pilot.press(screen.choices[rng.randrange(len(screen.choices))].key)
        elif isinstance(screen, NewsScreen):  # a player's own news, read (Enter)
            await pilot.press("enter")
        elif screen is table and table.sight is not None and table.sight.claimable:
            await pilot.press(str(table.sight.claimable[0] + 1))
        elif screen is table and table.main_turn():
            await pilot.press(rng.choice("ab"))
        elif screen is table and table.check_action("answer", ()):
            await pilot.press("enter")
        elif screen is table and table.check_action("skip_ahead", ()):
            await pilot.press("f")
        await pilot.pause(0.02)


@async_test
async def test_a_solo_game_by_keys_to_the_game_over_dialog() -> None:
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    app = CutthroatApp(start=dict(game=GAME, config={"quickie": "on"}, seed=8, seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        frames: list = []
        await drive(pilot, app, frames, steps=4000)
        session = session_of(app)
        assert session.is_over, "the game ends"
        assert any(a.kind == "draw" for seat, a in session.log if seat == 0), "Ana drew by key"
        for _ in range(100):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "Points" in text and "PKs" in text and ("wins" in text or "YOU WIN" in text)
        assert "decides" in text or "Fewest injury points wins" in text or "shared win" in text
    assert not any(kind == "curtain" for kind, _ in frames), "one human: no curtains"


@async_test
async def test_hot_seat_nothing_private_in_a_shared_moment_and_a_curtain_before_each_private_screen() -> None:
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random"), Seat("bot", "Dee", "random")]
    app = CutthroatApp(start=dict(game=GAME, config={}, seed=8, seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        frames: list = []
        session = session_of(app)
        # (every moment asserted below has come by move 28 of this seed: half a game more is margin)
        await drive(pilot, app, frames, steps=1500, stop=lambda: len(session.log) > 45)
    kinds = [kind for kind, _ in frames]
    assert kinds.count("curtain") >= 6 and "private" in kinds and "shared" in kinds
    last = None
    for kind, frame in frames:
        if kind != "private":
            assert "'s hand · " not in frame, frame
        else:
            assert last in ("curtain", "private"), f"a private screen right after a shared one:\n{frame}"
        last = kind


@async_test
async def test_a_save_made_mid_decision_resumes_at_that_very_decision() -> None:
    from pathlib import Path

    from cutthroat import saves
    from cutthroat.session import Session

    data = saves.read(Path(__file__).parent.parent / "saves" / "pk-draw-again.json")
    session = Session.from_save(data)
    assert session.state.stack[-1].kind == "again" and session.to_act == [0]
    app = CutthroatApp(loaded=data)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if isinstance(app.screen, ChoiceScreen) and "draw again?" in screen_text(app):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, ChoiceScreen), "the draw-again prompt, at once"
        await pilot.press("0")  # Stop: the choice that does nothing more
        for _ in range(100):
            if len(session_of(app).log) > len(data.log):
                break
            await pilot.pause(0.02)
        assert session_of(app).log[len(data.log)][1].kind == "stop"


def reached(done, seats, config=None):
    """Seeded random play (any seat to act) to the first position `done` holds, over seeds."""
    from cutthroat.session import Session

    for seed in range(200):
        rng, session = random.Random(seed), Session(GAME, config or {}, seed, seats)
        while not session.is_over and not done(session.state):
            seat = rng.choice(session.to_act)
            session.apply(rng.choice(session.legal_actions(seat)), seat)
        if not session.is_over:
            return session
    raise AssertionError("no seed gets there")


@async_test
async def test_saves_made_in_a_trip_over_window_and_at_a_held_predicament_resume_there() -> None:
    """A save in the middle of a Trip Over window that asks Ana, and one where Ana (Hold Your
    Nerve) may keep the predicament she drew: each loads straight into that very prompt."""
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    window = reached(lambda s: bool(s.stack) and s.stack[-1].kind == "window" and s.stack[-1].seat != 0
                     and any(c.code == "TRIP" for c in s.hands[0]) and 0 in RULES.to_act(s), seats)
    hold = reached(lambda s: bool(s.stack) and s.stack[-1].kind == "hold" and s.stack[-1].seat == 0, seats,
                   {"hold-your-nerve": "on"})
    for session, words in ((window, "Trip Over?"), (hold, "you may keep it")):
        app = CutthroatApp(loaded=session.save_data())
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(200):
                if isinstance(app.screen, ChoiceScreen) and words in screen_text(app):
                    break
                await pilot.pause(0.02)
            assert isinstance(app.screen, ChoiceScreen) and words in screen_text(app)
            if session is hold:  # Ana alone decides: nothing moved before her answer
                assert session_of(app).state == session.state


@async_test
async def test_enter_after_a_hint_plays_the_hinted_move_on_the_hinted_player() -> None:
    """Left for Dead with Hold Your Nerve: Enter on Betrayal asks who resolves it; after `h`,
    Enter plays the hint whole (Betrayal on the hinted player, or the draw)."""
    from cutthroat.session import Session
    from helpers_pilot import enter_plays_the_hint, wait_until
    from helpers_pk import position

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    state = position(3, hands={0: "BETRAYAL"}, injuries={0: "CHAINSAW HOOK HATCHET"}, hold_your_nerve=True,
                     decks=("KNIFE", "KNIFE"), seed=5)
    app = CutthroatApp(loaded=Session(GAME, {"hold-your-nerve": "on"}, 5, seats, state=state).save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.main_turn())
        table = app.screen
        assert table.selected_card().code == "BETRAYAL"
        hinted = await enter_plays_the_hint(pilot, table)
        assert hinted.kind in ("play", "play_on", "draw")


@async_test
async def test_the_results_table_lines_a_heuristic_bot_row_up_with_its_headers() -> None:
    """"heuristic bot" is the longest "Who": its row's figures sit under their headings."""
    from cutthroat.session import Session

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "heuristic"), Seat("bot", "Cy", "random")]
    for seed in range(200):  # a game whose last move a bot must make (its only legal one)
        rng, full = random.Random(seed), Session(GAME, {"quickie": "on"}, seed, seats)
        while not full.is_over:
            seat = rng.choice(full.to_act)
            full.apply(rng.choice(full.legal_actions(seat)), seat)
        seat = full.log[-1][0]
        short = Session(GAME, {"quickie": "on"}, seed, seats)
        for q, action in full.log[:-1]:
            short.apply(action, q)
        if seat != 0 and len(short.legal_actions(seat)) == 1:
            break
    app = CutthroatApp(loaded=short.save_data())
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(500):
            if isinstance(app.screen, GameOverScreen) and "Points" in screen_text(app):
                break
            await pilot.pause(0.02)
        lines = screen_text(app).splitlines()
    head = next(line for line in lines if "Who" in line and "Points" in line)
    rows = [line for line in lines if " bot " in line or " human " in line]
    assert any("heuristic bot" in row for row in rows) and len(rows) == 3
    for heading in ("Points", "PKs", "Wpns", "Attacked", "Defended", "Trips"):
        end = head.index(heading) + len(heading)
        for row in rows:  # every figure ends in its heading's last column
            assert row[end - 1] != " " and row[end:end + 1] in (" ", "┃"), (heading, head, row)


@async_test
async def test_ascii_hand_chips_show_the_vhs_symbols_in_letters(write_settings) -> None:
    """The ASCII card style: each chip keeps its VHS symbol as letters ([EJ] [RW] [PL] [FF], as
    docs/playing.md says) and the note under the hand says what the symbol means."""
    from cutthroat.session import Session
    from helpers_pk import position

    write_settings(card_style="ascii")
    state = position(3, hands={0: "CHAINSAW SLAM TRIP DEADEND CAR"}, injuries={0: "HOOK HOOK HOOK KNIFE"})
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    app = CutthroatApp(loaded=Session(GAME, {}, 0, seats, state=state).save_data())
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if "Your hand" in screen_text(app):
                break
            await pilot.pause(0.02)
        await pilot.press("home", "right", "right", "right")  # Dead End (the hand in card-table order)
        await pilot.pause()
        text = screen_text(app)
    assert text.isascii()
    assert "Chainsaw 5   [EJ] Car Trouble   [RW] Slam Door" in text and "[FF] Dead End   [PL] Trip Over" in text
    board = " ".join(" ".join(line[:57].replace("|", " ").split()) for line in text.splitlines())  # not the log
    assert "Dead End Enter plays it: Reverse the direction" in board and "(Fast-forward: ends your turn without a draw)" in board


@async_test
async def test_you_know_shows_every_card_seen_of_the_decks_short_names_then_an_ellipsis(write_settings) -> None:
    """Found Footage shows three cards: all three stay on the "You know" line (not two). More than
    fits takes the cards' short names, then "…" at the very edge; the line never wraps."""
    from cutthroat.session import Session
    from helpers_fit import cut
    from helpers_pk import position

    write_settings(card_style="unicode")
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    shown = []
    for decks, known in ((("BOOBY KNIFE HOOK", "BANDAID"), (3, 0)),
                         (("BOOBY FOOTAGE", "WOODS PK HOOK"), (2, 3))):
        state = position(3, hands={0: "BANDAID STITCHES"}, decks=decks, known={0: known})
        app = CutthroatApp(loaded=Session(GAME, {}, 0, seats, state=state).save_data())
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: "You know" in screen_text(app))
            await pilot.pause()
            assert not cut(app.screen), cut(app.screen)
            shown.append(next(line for line in screen_text(app).splitlines() if "You know" in line)[:54].strip())
    assert shown[0].startswith("You know: A 1st Booby Trap, 2nd Knife, 3rd Hook"), shown
    assert shown[1].startswith("You know: A 1st Booby Trap, 2nd Footage · B 1st Lost"), shown
    assert shown[1].endswith("…"), shown


@async_test
async def test_a_long_card_note_keeps_its_key_and_leaves_the_board_in_sight(write_settings) -> None:
    """ASCII, a big hand: the note under the hand says its key first ("Enter plays it:"), so the
    longest card texts (Lost in the Woods, Everybody Hurts, Disarm) are what gets cut ("..."),
    never the key; and the note never grows over the decks' lines above the hand."""
    from cutthroat.session import Session
    from helpers_fit import cut
    from helpers_pk import position

    write_settings(card_style="ascii")
    seats = [Seat("human", "Ana")] + [Seat("bot", name, "random") for name in ("Bob", "Cy", "Dee")]
    for code in ("WOODS", "HURTS", "DISARM"):
        state = position(4, hands={0: f"{code} CHAINSAW SLAM TRIP DEADEND CAR KNIFE HOOK"}, decks=("BOOBY", "HOOK"),
                         known={0: (1, 0)})
        app = CutthroatApp(loaded=Session(GAME, {}, 0, seats, state=state).save_data())
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: "Your hand" in screen_text(app))
            table = app.screen
            table.cursor = next(i for i, c in enumerate(table.hand(table.update.view)) if c.code == code)
            await pilot.pause()
            lines = [line[:54] for line in screen_text(app).splitlines()]
            assert not cut(app.screen), cut(app.screen)
            assert any("You know: A 1st Booby Trap" in line for line in lines), "\n".join(lines)
            note = next(i for i, line in enumerate(lines) if "Enter plays it:" in line)
            assert lines[note].startswith(" |  ") and "^" in lines[note - 2] + lines[note - 3], "\n".join(lines)
            assert lines[note + 1].startswith(" |  ") and lines[note + 1][4] != " ", "\n".join(lines)  # lined up


@async_test
async def test_the_logs_opening_line_wraps_between_its_items_and_the_setup_says_hold_your_nerve(write_settings) -> None:
    """ASCII: "Edition 2 . 4 players . Hold Your Nerve" is too long for the log: it wraps before an
    item, so no log line starts with the separator. The setup screen names the variant in full
    ("Hold Your Nerve", as the rules do), and it fits."""
    from cutthroat.tui.tables.setup import SetupScreen
    from cutthroat.tui.widgets.event_log import EventLog
    from helpers_fit import cut

    write_settings(card_style="ascii")
    seats = [Seat("human", "Ana")] + [Seat("bot", name, "random") for name in ("Bob", "Cy", "Dee")]
    app = CutthroatApp(start={"game": GAME, "config": {"hold-your-nerve": "on", "upside-down": "on"}, "seed": 3,
                              "seats": seats, "think_ms": None, "keep": False})
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and bool(app.screen.query_one(EventLog).lines))
        await pilot.pause()
        log = [strip.text.strip() for strip in app.screen.query_one(EventLog).lines]
        assert log[:3] == ["Edition 2 . 4 players", "Upside Down .", "Hold Your Nerve"], log  # (an item whole)
        assert not any(line.startswith((".", "·")) for line in log), log
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "down", "down", "enter")  # the title's fifth game
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        assert "Hold Your Nerve" in screen_text(app) and "Hold Nerve" not in screen_text(app)
        assert not cut(app.screen), cut(app.screen)


@async_test
async def test_the_turn_line_offers_play_only_with_a_card_to_play_and_says_its_keys_in_ascii(write_settings) -> None:
    """"a/b: draw (ends your turn)" alone with no card that can be played (an empty hand, or only
    weapons); with one, "<-> Enter: play a card" in ASCII, as the footer says the keys."""
    from cutthroat.session import Session
    from helpers_pk import position

    write_settings(card_style="ascii")
    seats = [Seat("human", "Ana")] + [Seat("bot", name, "random") for name in ("Bob", "Cy")]
    for hand, playable in (("", False), ("KNIFE HOOK", False), ("HURTS KNIFE", True)):
        state = position(3, hands={0: hand}, decks=("BOOBY", "HOOK"))
        app = CutthroatApp(loaded=Session(GAME, {}, 0, seats, state=state).save_data())
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: "draw (ends your turn)" in screen_text(app))
            line = next(line for line in screen_text(app).splitlines() if "draw (ends your turn)" in line)
            assert ("<-> Enter: play a card" in line) is playable, (hand, line)
            assert "<>" not in line, line
