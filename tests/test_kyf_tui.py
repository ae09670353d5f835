"""The Kill Your Friends table driven by key presses (Textual's Pilot), at 80×24.

Every test runs with fresh save/config dirs (tests/conftest.py) and bot speed "instant". Bots are
`random` (seeded), so the games don't change when the heuristic/hard bots change.
Keys, as the table binds them: ←/→ choose a card, Enter plays it (a prompt when there's a
choice), 1–8 play it on that seat, d pick up / skip, r reveal, Enter takes a forced turn,
f skip ahead, h hint, s save, Esc menu.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from cutthroat import saves
from cutthroat.engine.protocol import Action
from cutthroat.games.kill_your_friends.cards import REAPER
from cutthroat.games.kill_your_friends.rules import DRAW
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.load import LoadScreen
from cutthroat.tui.screens.menu import MenuScreen
from cutthroat.tui.screens.save import SaveScreen
from cutthroat.tui.screens.title import TitleScreen
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.setup import Cycler, SetupScreen
from cutthroat.tui.tables.kill_your_friends.table import TableScreen, action_card, action_target
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from cutthroat.tui.widgets.hand import HandPanel
from helpers_pilot import async_test, screen_text, session_of, text, wait_until

SIZE = (80, 24)
GAME = "kill-your-friends"
HOT_SEATS = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Eve", "random")]


def to_card(cards: list, card) -> list[str]:
    """The fewest keys that put the hand cursor on `card`: from the left end or the right end."""
    i = cards.index(card)
    left, right = ["home"] + ["right"] * i, ["end"] + ["left"] * (len(cards) - 1 - i)
    return left if len(left) <= len(right) else right


def hand_keys(table: TableScreen, action: Action) -> list[str]:
    """The keys that play `action` for the human whose hand is on screen."""
    if action.kind == "draw" or action.kind == "pass":
        return ["d"]
    if action.kind in ("take_two", "face_reaper", "lose_life"):
        return ["enter"]
    if action.kind == "reveal":
        return ["r"]
    card = action_card(action)
    cards = table.hand(session_of(table).view(table.viewer))
    keys = to_card(cards, card)
    options = table.options_for(card)
    target = action_target(action)
    if target >= 0 and sum(action_target(a) == target for a in options) == 1:
        return keys + [str(target + 1)]
    if len(options) == 1:
        return keys + ["enter"]
    raise AssertionError(f"no direct keys for {action!r}")


async def play(pilot: Pilot, table: TableScreen, action: Action) -> None:
    session = session_of(table)
    before = len(session.log)
    seat = session.current_seat
    await pilot.press(*hand_keys(table, action))
    assert session.log[before] == (seat, action), text(table.query_one("#kyf-message", Static))


async def pass_curtain(pilot: Pilot, name: str) -> TableScreen:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen))
    curtain = pilot.app.screen
    assert f"Pass to {name}" in text(curtain.query_one("#curtain-name", Static))
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
    table = pilot.app.screen
    assert table.viewer is not None and table.names[table.viewer] == name
    return table


async def read_news(pilot: Pilot) -> str:
    """A hot-seat player's news, shown whole until read: its text, then Enter."""
    from cutthroat.tui.widgets.news import NewsScreen

    await wait_until(pilot, lambda: isinstance(pilot.app.screen, NewsScreen))
    said = " ".join(text(w) for w in pilot.app.screen.query(Static))
    await pilot.press("enter")
    return said


def hot_seat_app(seed: int = 7, seats: list[Seat] | None = None, config: dict | None = None) -> CutthroatApp:
    return CutthroatApp(start=dict(game=GAME, config=config or {}, seed=seed, seats=seats or HOT_SEATS))


# -- a hot-seat game from the title, by keys ---------------------------------------------------------
@async_test
async def test_title_to_hot_seat_game_play_refusal_bot_save_and_load(save_dir: Path) -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen.query_one("#title-menu", OptionList)
        target = menu.get_option_index(f"game:{GAME}")
        for _ in range(menu.option_count):
            if menu.highlighted == target:
                break
            await pilot.press("down")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        # Players 4 → 3; seat 2 Heuristic → Human; seat 3 Heuristic → Random; seed 11.
        await pilot.press("left", "down", "down", "left", "left", "down", "left")
        assert [setup.query_one(f"#who-{i}", Cycler).value for i in range(3)] == ["human", "human", "random"]
        assert not setup.query_one("#seat-line-3").display
        await pilot.press("down", "down", "down")
        assert app.focused is setup.query_one("#seed", Input)
        await pilot.press("1", "1")
        assert "2 humans, 1 bot" in text(setup.query_one("#setup-problem", Static))
        await pilot.press("enter")

        # Seed 11 deals Ana the first turn: the curtain comes first.
        table = await pass_curtain(pilot, "Ana")
        session = session_of(table)
        assert session.seed == 11 and [s.name for s in session.seats] == ["Ana", "Bob", "Cy"]
        assert session.current_seat == 0
        panel = table.query_one(HandPanel)
        assert "Ana's hand" in str(panel.border_title)

        # A card that can't be played: the hand says why, the footer offers no ⏎ play, nothing changes.
        legal = session.legal_actions(0)
        cards = table.hand(session.view(0))
        stuck = min((c for c in cards if not table.options_for(c)), key=lambda c: len(to_card(cards, c)))
        await pilot.press(*to_card(cards, stuck))
        await pilot.pause()
        assert "✗" in text(panel.query_one("#hand-note", Static))
        assert not table.check_action("play", ()) and "⏎ play" not in screen_text(app).splitlines()[-1]
        await pilot.press("enter")
        assert len(session.log) == 0

        # Attack Bob by keys: B1, then 2.
        attack = next(a for a in legal if a.kind == "attack")
        assert hand_keys(table, attack)[-1] == "2"
        await play(pilot, table, attack)

        # Bob: curtain, then pick up with d; Eve (bot) moves by itself; back to Ana.
        table = await pass_curtain(pilot, "Bob")
        await play(pilot, table, DRAW)
        assert "You picked up" in await read_news(pilot)  # read before the screen moves on
        await wait_until(pilot, lambda: len(session.log) >= 3 and not session.seat_is_bot(session.current_seat))
        assert session.log[2][0] == 2  # the bot moved
        assert isinstance(app.screen, CurtainScreen)
        table = await pass_curtain(pilot, session.seats[session.current_seat].name)

        # Save, move on, then load the save from the menu.
        saved_log = list(session.log)
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveScreen))
        await pilot.press(*"kyf test", "enter")
        await wait_until(pilot, lambda: app.screen is table)
        path = save_dir / "kyf-test.json"
        assert saves.read(path).log == saved_log
        current = session.current_seat
        await play(pilot, table, session.legal_actions(current)[0])
        assert len(session.log) > len(saved_log)

        from cutthroat.tui.widgets.news import NewsScreen
        await wait_until(pilot, lambda: isinstance(app.screen, (TableScreen, CurtainScreen, NewsScreen)))
        if isinstance(app.screen, NewsScreen):  # what the move told its player, read first
            await read_news(pilot)
            await wait_until(pilot, lambda: isinstance(app.screen, (TableScreen, CurtainScreen)))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        menu = app.screen.query_one("#menu-list", OptionList)
        await pilot.press(*["down"] * menu.get_option_index("load"), "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        load = app.screen
        key = next(k for k, e in load.entries.items() if e.path == path)
        menu = load.query_one("#load-list", OptionList)
        while menu.highlighted != menu.get_option_index(key):
            await pilot.press("down")
        await pilot.press("enter")
        # The loaded game (two humans, a human to act) opens behind the curtain.
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        loaded = await pass_curtain(pilot, session.seats[current].name)
        assert loaded is not table and session_of(loaded).log == saved_log


# -- the curtain ---------------------------------------------------------------------------------------
@async_test
async def test_curtain_between_two_humans_hides_the_other_hand(write_settings) -> None:
    write_settings(bot_speed="slow", card_style="unicode")
    app = hot_seat_app(seed=7)
    async with app.run_test(size=SIZE) as pilot:
        # Esc on the curtain opens the menu; leaving the menu puts the curtain back.
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        table = await pass_curtain(pilot, "Ana")
        session = session_of(table)
        shown_cards = text(table.query_one("#hand-cards", Static))
        assert all(c.label in shown_cards for c in session.view(0).hand)
        await pilot.press("d")  # Ana picks up: Bob is next
        # Still alone at the screen, Ana reads what she picked up before it goes to Bob.
        said = await read_news(pilot)
        assert said.startswith("Ana, before you pass the screen on") and "You picked up" in said

        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        shown = app.export_screenshot()
        assert "Pass to Bob" in shown.replace("&#160;", " ")
        await wait_until(pilot, lambda: bool(app.screen.query(".curtain-event")))
        note = text(app.screen.query(".curtain-event").last())
        assert note.startswith("Ana picks up") or note.startswith("Ana picked up"), note
        assert "Ana's hand" not in shown and "Ana&#x27;s hand" not in shown
        for card in set(session.view(0).hand):  # none of Ana's card labels (R1, Megadeath …)
            assert f">{card.label}<" not in shown.replace("&#160;", " ")
        assert table.query_one(HandPanel).cards == []  # not even under the curtain

        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is table)
        assert "Bob's hand" in str(table.query_one(HandPanel).border_title)
        assert table.query_one(HandPanel).cards

        # Bob picks up; Eve (a bot, slow) is to act: no hand on screen, then f skips ahead.
        await pilot.press("d")
        assert "You picked up" in await read_news(pilot)
        await pilot.pause()
        assert session.seat_is_bot(session.current_seat)
        assert table.query_one(HandPanel).cards == []
        assert "hidden" in text(table.query_one("#hand-cards", Static))
        await pilot.press("f")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert len(session.log) == 3
        # Ana's pick-up was told to her at the hand-off: not again now.
        table = await pass_curtain(pilot, "Ana")
        assert "You picked up" not in text(table.query_one("#kyf-message", Static))


@async_test
async def test_single_human_never_sees_a_curtain() -> None:
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    app = hot_seat_app(seed=7, seats=seats)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.started)
        table = app.screen
        for _ in range(2):
            await wait_until(pilot, lambda: table.mine or session_of(table).is_over)
            assert not isinstance(app.screen, CurtainScreen)
            session = session_of(table)
            if session.is_over:
                break
            await play(pilot, table, session.legal_actions(0)[0])


# -- prompts, forced turns, loading mid-game -----------------------------------------------------------
def session_until(seed: int, seats: list[Seat], stop: Callable[[Session], bool], config: dict | None = None,
                  limit: int = 400) -> Session:
    """A headless session played by seeded random choices until `stop` holds (for the seat to act)."""
    import random

    rng = random.Random(seed)
    session = Session(GAME, config or {}, seed, seats)
    for _ in range(limit):
        if session.is_over or stop(session):
            return session
        session.apply(rng.choice(session.legal_actions(session.current_seat)))
    raise AssertionError("never reached")


def holds_reaper_with_choice(session: Session) -> bool:
    seat = session.current_seat
    if session.seat_is_bot(seat):
        return False
    return sum(a.kind == "reaper" for a in session.legal_actions(seat)) >= 2


@async_test
async def test_loaded_mid_game_opens_behind_the_curtain_and_the_reaper_prompts() -> None:
    session = session_until(5, HOT_SEATS, holds_reaper_with_choice)
    seat = session.current_seat
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        table = await pass_curtain(pilot, HOT_SEATS[seat].name)
        assert session_of(table).log == session.log
        cards = table.hand(session_of(table).view(seat))
        await pilot.press(*to_card(cards, REAPER), "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        prompt = app.screen
        options = [c.value for c in prompt.choices]
        assert all(a.kind == "reaper" for a in options)
        assert len(options) == sum(a.kind == "reaper" for a in session_of(table).legal_actions(seat))
        await pilot.press("escape")  # cancel: nothing played
        await wait_until(pilot, lambda: app.screen is table)
        assert len(session_of(table).log) == len(session.log)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        choice = app.screen.choices[0]
        await pilot.press(choice.key)
        await wait_until(pilot, lambda: len(session_of(table).log) > len(session.log))
        assert session_of(table).log[len(session.log)] == (seat, choice.value)


@async_test
async def test_forced_turn_is_one_prompt_taken_with_enter() -> None:
    def forced(s: Session) -> bool:
        seat = s.current_seat
        legal = s.legal_actions(seat)
        return seat == 0 and len(legal) == 1 and legal[0].kind in ("take_two", "face_reaper", "lose_life")

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    session = session_until(11, seats, forced)
    action = session.legal_actions(0)[0]
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.started)
        table = app.screen
        message = text(table.query_one("#kyf-message", Static))
        assert "press Enter" in message
        await pilot.press("d")  # not a pick-up now
        assert len(session_of(table).log) == len(session.log)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session_of(table).log) > len(session.log))
        assert session_of(table).log[len(session.log)] == (0, action)


@async_test
async def test_game_over_dialog_then_title() -> None:
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    for seed in range(1, 50):  # a game the human (seat 0) ends with their move
        full = session_until(seed, seats, lambda s: False, limit=4000)
        if full.log[-1][0] == 0:
            break
    assert full.is_over and full.log[-1][0] == 0
    short = Session(GAME, {}, seed, seats)
    for seat, action in full.log[:-1]:
        short.apply(action, seat)
    app = CutthroatApp(loaded=short.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.started)
        table = app.screen
        table.app.host.submit(*full.log[-1])
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        dialog = app.screen

        def body() -> str:
            return " ".join(text(w) for w in dialog.query(Static))
        await wait_until(pilot, lambda: "How:" in body())  # (the dialog's screen is up before its text)
        assert "Ana" in body() and "Attacks" in body()
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen is table)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))


# -- setup refuses what the rules refuse ---------------------------------------------------------------
@async_test
async def test_setup_refuses_impossible_setups_with_the_reason() -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SetupScreen("kill-your-friends"))
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        await pilot.press("right", "right", "right")  # 7 players
        problem = setup.query_one("#setup-problem", Static)
        assert "takes 2–6 players" in text(problem)
        await pilot.press("ctrl+s")
        assert app.screen is setup
        sudden = setup.query_one("#sudden-death", Cycler)
        sudden.focus()
        await pilot.press("right")
        assert text(problem).startswith("✓")
        # Co-op needs an even count: 7 is refused, 8 is fine and team-mates share a character.
        setup.query_one("#co-op", Cycler).focus()
        await pilot.press("right")
        assert "Co-op needs teams of two" in text(problem)
        setup.query_one("#players", Cycler).focus()
        await pilot.press("right")
        assert text(problem).startswith("✓")
        assert setup.seat_values("characters") == "RBGYRBGY"
        assert setup.query_one("#characters-4", Cycler).disabled


def reaper_save_on_own_number(session: Session) -> bool:
    """The human to act could spend the Reaper on themself (a save) by their own seat number."""
    seat = session.current_seat
    return not session.seat_is_bot(seat) and any(
        a.kind == "reaper" and action_target(a) == seat for a in session.legal_actions(seat))


@async_test
async def test_your_own_seat_number_never_spends_the_reaper_without_asking() -> None:
    session = session_until(5, HOT_SEATS, reaper_save_on_own_number, limit=3000)
    seat = session.current_seat
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        table = await pass_curtain(pilot, HOT_SEATS[seat].name)
        cards = table.hand(session_of(table).view(seat))
        await pilot.press(*to_card(cards, REAPER), str(seat + 1))
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert len(session_of(table).log) == len(session.log)  # nothing spent yet
        labels = " ".join(c.label for c in app.screen.choices).lower()
        assert any(words in labels for words in ("save", "bring back", "resurrect")), labels  # it says what
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)
        assert len(session_of(table).log) == len(session.log)


@async_test
async def test_the_middle_piles_count_reads_as_the_piles() -> None:
    """ "Middle (6): Run From Your Grave on top", never "Run From Your Grave (6)"."""
    from helpers_pilot import screen_text

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    for seed in range(1, 40):
        session = session_until(seed, seats, lambda s: len(s.state.middle) >= 2 and s.current_seat == 0, limit=4000)
        if not session.is_over:
            break
    assert not session.is_over
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.started)
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        n = len(session.state.middle)
        assert f"Middle ({n}): {session.state.middle[-1].name} on top" in shown


@async_test
async def test_the_turn_line_names_the_keys_the_table_takes() -> None:
    """Seat numbers play the card on that player: the line under the table says so."""
    from helpers_pilot import screen_text

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    session = session_until(3, seats, lambda s: s.current_seat == 0 and DRAW in s.legal_actions(0), limit=400)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.mine)
        await pilot.pause()
        assert "←→ a card, Enter or 1–3 (seat) plays it · d picks up" in " ".join(screen_text(app).split())


@async_test
async def test_enter_after_a_hint_plays_the_hinted_move_target_included() -> None:
    """Ana holds only the Reaper: Enter on it would ask whom to send it to (Ana first). After `h`,
    Enter plays the hint whole — the Reaper to the hinted seat, or the pick-up."""
    from helpers_kyf import position
    from helpers_pilot import enter_plays_the_hint

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    state = position(3, hands={0: "REAPER", 1: "R1 R2", 2: "B1"}, attack={2: "G1 G2"}, turn=0, seed=3)
    session = Session(GAME, {}, 3, seats, state=state)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.mine)
        table = app.screen
        assert table.selected_card() is REAPER and len(table.options_for(REAPER)) > 1  # Enter alone: a prompt
        hinted = await enter_plays_the_hint(pilot, table)
        assert hinted.kind in ("reaper", "draw"), hinted


@async_test
async def test_a_card_with_one_move_says_it_once_under_the_hand() -> None:
    """The chip names the card; the note says where it goes: "B2 Enter: play it on Bob's B2",
    never "B2 Enter: B2 on Bob on B2"."""
    from helpers_kyf import position

    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    state = position(3, hands={0: "B2"}, attack={1: "B1 B2"}, deck="R1 R1", turn=0)
    app = CutthroatApp(loaded=Session(GAME, {}, 0, seats, state=state).save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.mine)
        await pilot.pause()
        note = " ".join(text(app.screen.query_one("#hand-note", Static)).split())
        assert note == "B2 Enter: play it on Bob's B2", note


@async_test
async def test_a_long_attack_keeps_its_deadly_mark_and_every_card_counted(write_settings) -> None:
    """Bob's R3 on Ana's R1 R1 R2 R2: her row still says it is deadly and how many cards lie there
    (all five, repeats counted where they don't fit one by one), in one line; nothing is cut."""
    from helpers_fit import cut
    from helpers_kyf import position

    for style, skull in (("unicode", "☠"), ("ascii", "!")):
        write_settings(card_style=style)
        state = position(3, hands={0: "G1 HS"}, attack={0: "R1 R1 R2 R2 R3", 2: "B1 B2 B3"}, turn=0)
        seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
        app = CutthroatApp(loaded=Session(GAME, {}, 0, seats, state=state).save_data())
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.mine)
            await pilot.pause()
            assert not cut(app.screen), cut(app.screen)
            row = next(line for line in screen_text(app).splitlines() if " Ana " in line)[:54]  # (not the log)
            attack = row.split(skull)[0].split("  ")[-1].split()
            counted = sum(int(c.split("×" if style == "unicode" else "x")[1]) if len(c) > 2 else 1 for c in attack)
            assert skull in row and counted == 5 and attack[-1] == "R3", row


@async_test
async def test_a_wrapped_hand_note_lines_up_and_says_its_key_first(write_settings) -> None:
    """Megadeath's note takes two lines: the key comes first ("Enter: play Megadeath"), and the
    second line starts where the first line's text does (a hanging indent), in both card styles."""
    from helpers_kyf import position

    for style, side in (("unicode", "│"), ("ascii", "|")):
        write_settings(card_style=style)
        state = position(3, hands={0: "MD G1"}, turn=0)
        seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
        app = CutthroatApp(loaded=Session(GAME, {}, 0, seats, state=state).save_data())
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.mine)
            await pilot.press("end")
            await wait_until(pilot, lambda: "Megadeath" in text(app.screen.query_one("#hand-note", Static)))
            lines = [line[:54] for line in screen_text(app).splitlines()]
            first = next(i for i, line in enumerate(lines) if "Megadeath  Enter: play Megadeath" in line)
            assert lines[first].startswith(f" {side}  Megadeath"), "\n".join(lines)
            assert lines[first + 1].startswith(f" {side}  ") and lines[first + 1][4] != " ", "\n".join(lines)
