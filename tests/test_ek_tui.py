"""The Exploding Kittens table driven by key presses (Textual's Pilot), at 80×24.

Every test runs with fresh save/config dirs (tests/conftest.py) and bot speed "instant". Bots are
`random` (seeded), so the games don't move when the heuristic/hard bots change. Constructed
positions come from tests/helpers_ek.py.
Keys, as the table binds them: ←/→ choose a card, space selects it for a combo, Enter plays,
d draws, v discard pile, 1–5 answer a hot-seat reaction window, f skip ahead, s save, Esc menu.
"""

from __future__ import annotations


import pytest

from cutthroat.tui.widgets.news import NewsScreen
from textual.widgets import Input, Static

from cutthroat import settings as settings_module
from cutthroat.games.exploding_kittens.cards import BY_CODE
from cutthroat.games.exploding_kittens.rules import DRAW, Pass, Play, PlayNope, Reinsert
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.game_over import GameOverScreen
from cutthroat.tui.tables.exploding_kittens.prompts import DiscardScreen, ReinsertScreen
from cutthroat.tui.tables.setup import Cycler, SetupScreen
from cutthroat.tui.tables.exploding_kittens.table import TableScreen
from cutthroat.tui.widgets.choice import ChoiceScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from cutthroat.tui.widgets.hand import HandPanel
from helpers_ek import BOX_CONFIG, cy_skips, position
from helpers_pilot import async_test, screen_text, session_of, text, wait_until

SIZE = (80, 24)
GAME = "exploding-kittens"
ONE_HUMAN = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]


def loaded_app(state, seats=ONE_HUMAN, config=BOX_CONFIG) -> tuple[CutthroatApp, Session]:
    session = Session(GAME, dict(config), 0, list(seats), state=state)
    return CutthroatApp(loaded=session.save_data()), session


@pytest.fixture
def short_window(monkeypatch) -> None:
    monkeypatch.setitem(settings_module.NOPE_WINDOWS, "3", 0.4)  # the default setting, shortened


# -- setup by keys, then a hot-seat game with the curtain ------------------------------------------
@async_test
async def test_setup_by_keys_then_hot_seat_turns_behind_the_curtain(short_window) -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SetupScreen("exploding-kittens"))
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        # Players 4 → 3; seat 2 Heuristic → Human; seat 3 Heuristic → Random; seed 12.
        await pilot.press("left", "down", "down", "left", "left", "down", "left")
        assert [setup.query_one(f"#who-{i}", Cycler).value for i in range(3)] == ["human", "human", "random"]
        assert not setup.query_one("#seat-line-3").display
        await pilot.press("down", "down")
        assert app.focused is setup.query_one("#seed", Input)
        await pilot.press("1", "2")
        assert "2 humans, 1 bot" in text(setup.query_one("#setup-problem", Static))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, (TableScreen, CurtainScreen)))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        session = session_of(table)
        assert session.seed == 12 and session.config["recipe"] == "nope-sauce"
        assert [s.name for s in session.seats] == ["Ana", "Bob", "Cy"]

        curtains = 0
        humans_seen = set()
        while len(humans_seen) < 2 and len(session.log) < 60 and not session.is_over:
            await wait_until(pilot, lambda: isinstance(app.screen, (CurtainScreen, ChoiceScreen, ReinsertScreen,
                                                                     GameOverScreen, NewsScreen))
                             or (app.screen is table and table.main_turn()))
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, NewsScreen):  # what the draw told its player, read before passing on
                assert table.viewer is not None and table.query_one(HandPanel).cards
                await pilot.press("enter")
                await wait_until(pilot, lambda: app.screen is not screen)
                continue
            if isinstance(screen, CurtainScreen):
                # Nothing private under the curtain: no hand on the table behind it.
                assert table.query_one(HandPanel).cards == []
                await wait_until(pilot, lambda: bool(screen.query("#curtain-name")))
                name = text(screen.query_one("#curtain-name", Static))
                curtains += 1
                await pilot.press("enter")
                await wait_until(pilot, lambda: app.screen is not screen)
                assert name == f"Pass to {session.seats[table.lens.holder].name}"
                continue
            if isinstance(screen, ChoiceScreen):
                await pilot.press(screen.choices[0].key)
                continue
            if isinstance(screen, ReinsertScreen):
                await pilot.press("b", "enter")
                continue
            viewer = table.viewer
            humans_seen.add(viewer)
            assert f"{session.seats[viewer].name}'s hand" in str(table.query_one(HandPanel).border_title)
            before = len(session.log)
            await pilot.press("d")
            assert session.log[before] == (viewer, DRAW)
        assert curtains >= 2 and humans_seen == {0, 1}


# -- one human: the Nope window shows only with a Nope in hand -------------------------------------
def bob_skips(ana: str) -> Session:
    """Bob (bot, seat 1) has just played Skip: the reaction window is open."""
    state = position(3, hands={0: ana, 1: "SKIP TACO", 2: "BEARD"}, pile="TACO TACO TACO EXP", turn=1)
    from cutthroat.games.exploding_kittens.rules import RULES

    RULES.apply(state, Play(BY_CODE["SKIP"]), 1)
    return state


@async_test
async def test_lone_human_with_a_nope_gets_the_window_and_nopes() -> None:
    app, _ = loaded_app(bob_skips("NOPE DEF"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        prompt = app.screen
        assert "Bob plays Skip" in prompt.title_text
        assert [(c.key, c.label) for c in prompt.choices] == [("0", "Let it happen (pass)"), ("1", "Nope!")]
        await pilot.press("1")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        session = session_of(table)
        await wait_until(pilot, lambda: len(session.log) > session.log.index((0, PlayNope(0))) + 2
                         and session.log[-1][1].kind != "pass")
        after = [(seat, a) for seat, a in session.log[session.log.index((0, PlayNope(0))):] if a.kind != "pass"]
        assert after[1][0] == 1  # the Skip was Noped: Bob is still to move


@async_test
async def test_lone_human_without_a_nope_is_passed_for_silently() -> None:
    app, _ = loaded_app(bob_skips("DEF SKIP"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.started)
        table = app.screen
        session = session_of(table)
        await wait_until(pilot, lambda: session.state.turn != 1 or session.is_over)
        assert (0, Pass(0)) in session.log
        assert not any(isinstance(s, ChoiceScreen) for s in app.screen_stack)


# -- prompts: reinsert with the strip, a pair with its target --------------------------------------
def kitten_on_top() -> CutthroatApp:
    """Ana (the lone human, holding a Defuse) is to draw; the top card is an Exploding Kitten."""
    state = position(3, hands={0: "DEF SKIP", 1: "TACO", 2: "BEARD"}, pile="EXP TACO TACO TACO SKIP", turn=0)
    return loaded_app(state)[0]


async def draw_the_kitten(pilot, app: CutthroatApp) -> TableScreen:
    """Press d on Ana's turn and wait for the put-it-back prompt; the table underneath."""
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.main_turn())
    table = app.screen
    await pilot.press("d")
    await wait_until(pilot, lambda: isinstance(app.screen, ReinsertScreen))
    return table


@async_test
async def test_defused_kitten_goes_back_where_the_strip_says() -> None:
    app = kitten_on_top()
    async with app.run_test(size=SIZE) as pilot:
        table = await draw_the_kitten(pilot, app)
        strip = text(app.screen.query_one("#ek-strip", Static))
        assert strip.startswith("top ▼") and strip.endswith(" bottom") and strip.count("▒") == 4
        await pilot.press("right", "right")
        assert "under 2 cards: the 3rd card drawn" in text(app.screen.query_one("#ek-where", Static))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is table)
        assert (0, Reinsert(2)) in session_of(table).log


@async_test
async def test_hint_points_at_the_hard_bots_play() -> None:
    # Ana saw the kitten on top (See the Future): the hint is to Skip it, and Enter plays it.
    state = position(3, hands={0: "DEF TACO SKIP", 1: "BEARD", 2: "ZOMBIE"}, pile="EXP TACO TACO TACO", turn=0)
    state.seen[0][-1] = state.pile[-1]
    app, _ = loaded_app(state)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.main_turn())
        table = app.screen
        await pilot.press("home")
        assert table.selected_card() != BY_CODE["SKIP"]
        await pilot.press("h")
        message = table.query_one("#ek-message", Static)
        await wait_until(pilot, lambda: "Hint (" in text(message))
        assert "play Skip" in text(message) and table.selected_card() == BY_CODE["SKIP"]
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session_of(table).log))
        assert session_of(table).log[0] == (0, Play(BY_CODE["SKIP"]))


@async_test
async def test_reinsert_hint_moves_the_slot_to_the_hard_bots_depth() -> None:
    app = kitten_on_top()
    async with app.run_test(size=SIZE) as pilot:
        table = await draw_the_kitten(pilot, app)
        prompt = app.screen
        await pilot.press("h")
        await wait_until(pilot, lambda: prompt.hinted is not None)
        assert prompt.depth == prompt.hinted and "hint" in text(prompt.query_one("#ek-where", Static))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is table)
        assert (0, Reinsert(prompt.hinted)) in session_of(table).log


@async_test
async def test_pair_by_space_and_enter_then_a_target_prompt() -> None:
    state = position(3, hands={0: "TACO FERAL SKIP", 1: "BEARD", 2: "ZOMBIE"}, pile="SKIP SKIP SKIP", turn=0)
    app, _ = loaded_app(state)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.main_turn())
        table = app.screen
        # Alone, a cat card can't be played: the hand says why, the footer offers no ⏎ play, Enter does nothing.
        await pilot.press("home", "right")
        await pilot.pause()
        shown = screen_text(app)
        assert "Cat cards do nothing alone" in shown and "⏎ play" not in shown.splitlines()[-1]
        await pilot.press("enter")
        assert session_of(table).log == []
        await pilot.press("home", "space", "right", "space", "enter")  # Tacocat + Feral Cat
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert {c.key for c in app.screen.choices} == {"2", "3"}
        await pilot.press("3")
        await wait_until(pilot, lambda: app.screen is table and table.main_turn())
        kinds = [a.kind for _, a in session_of(table).log]
        assert kinds[:2] == ["combo", "target"] and session_of(table).state.hands[0].count(BY_CODE["ZOMBIE"]) == 1


@async_test
async def test_discard_browser_and_game_over() -> None:
    state = position(2, hands={0: "SKIP", 1: "TACO"}, pile="EXP", discard="NOPE SHUFFLE", turn=0,
                     config={"recipe": "custom", "custom": "start=0 deal=1 EXP=1 SKIP=1 TACO=1 NOPE=1 SHUFFLE=1"})
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random")]
    app, _ = loaded_app(state, seats, {"recipe": "custom", "custom": "start=0 deal=1 EXP=1 SKIP=1 TACO=1 "
                                                                      "NOPE=1 SHUFFLE=1"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.main_turn())
        table = app.screen
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)
        await pilot.press("d")  # the only kitten, no Defuse: Ana explodes, Bob wins
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        body = " ".join(text(w) for w in app.screen.query(Static))
        assert "Bob wins" in body and "First out: Ana (exploded)" in body


# -- hot-seat: the shared timed window, claimed behind the curtain ---------------------------------
@async_test
async def test_hot_seat_window_claimed_by_seat_number_then_times_out(monkeypatch, write_settings) -> None:
    """The table's clock moves only when the test says, so the window can't run out before the
    claim on a loaded machine, and runs out after it when the test moves the clock on."""
    from cutthroat import host as host_module
    from helpers_pilot import ManualAppClock

    monkeypatch.setattr(host_module, "SystemClock", ManualAppClock)
    write_settings(nope_window="5")  # the table takes the window's length from Settings
    monkeypatch.setitem(settings_module.NOPE_WINDOWS, "5", 2.0)

    state = cy_skips()  # Cy (bot) has played Skip: Ana and Bob are asked
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    app, _ = loaded_app(state, seats)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.sight.claimable == (0, 1))
        table = app.screen
        assert app.host.window_seconds == 2.0
        claim = text(table.query_one("#ek-window", Static))
        assert claim.startswith("Nope? Press your seat number: 1 Ana · 2 Bob")  # a line of its own
        await pilot.press("2")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen) and bool(app.screen.query("#curtain-name")))
        assert text(app.screen.query_one("#curtain-name", Static)) == "Pass to Bob"
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press(next(c.key for c in app.screen.choices if c.label == "Nope!"))
        session = session_of(table)
        await wait_until(pilot, lambda: (1, PlayNope(1)) in session.log)
        # The window reopens for Ana (and Cy); Ana doesn't claim it: the time runs out, she passes.
        ana_passed = lambda: (0, Pass(0)) in session.log[session.log.index((1, PlayNope(1))):]  # noqa: E731

        def time_passes() -> bool:
            app.host.clock.advance(0.5)
            return ana_passed()
        await wait_until(pilot, time_passes)


@async_test
async def test_hot_seat_we_all_pass_key_ends_the_shared_window_at_once(monkeypatch, write_settings) -> None:
    write_settings(nope_window="8")
    monkeypatch.setitem(settings_module.NOPE_WINDOWS, "8", 3600.0)  # it can't run out in this test
    state = cy_skips()  # Cy (bot) has played Skip: Ana and Bob are asked
    seats = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random")]
    app, _ = loaded_app(state, seats)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.sight.claimable == (0, 1))
        table = app.screen
        assert "p we all pass" in screen_text(app).splitlines()[-1]  # the footer (the window line has no room)
        await pilot.press("p")
        session = session_of(table)
        await wait_until(pilot, lambda: {(0, Pass(0)), (1, Pass(1))} <= set(session.log))  # (not the clock's doing)


def test_a_target_prompt_is_titled_by_the_play_a_combo_included() -> None:
    from cutthroat.games.exploding_kittens.rules import RULES, ChooseTarget, PlayCombo
    from cutthroat.tui.tables.exploding_kittens.prompts import decision_choices

    titles = []
    for hand, play in (("TACO TACO", PlayCombo((BY_CODE["TACO"],) * 2)), ("TARGETED", Play(BY_CODE["TARGETED"]))):
        state = position(3, hands={0: hand, 1: "BEARD", 2: "ZOMBIE"}, pile="SKIP SKIP", turn=0)
        RULES.apply(state, play, 0)
        view = RULES.view(state, 0)
        title, choices, _ = decision_choices(view, RULES.legal_actions(state, 0), ["Ana", "Bob", "Cy"], lambda c: c.name)
        assert [c.value for c in choices] == [ChooseTarget(1), ChooseTarget(2)]
        titles.append(title)
    assert titles == ["Pair: choose a player", "Targeted Attack 2x: choose a player"]


# -- prompts: Esc takes an unfinished play back; Tab puts a prompt aside ---------------------------
@async_test
async def test_esc_in_the_target_prompt_takes_the_card_back() -> None:
    from cutthroat.tui.widgets.event_log import EventLog

    state = position(3, hands={0: "TARGETED SKIP", 1: "BEARD", 2: "ZOMBIE"}, pile="SKIP SKIP SKIP", turn=0)
    app, _ = loaded_app(state)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.main_turn())
        table = app.screen
        session = session_of(table)
        cards, discard = [c.code for c in table.hand(table.update.view)], list(session.state.discard)
        await pilot.press("home", *["right"] * cards.index("TARGETED"), "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        help_line = " ".join(text(w) for w in app.screen.query(".dialog-help"))
        assert "Esc take back" in help_line and "Tab later" in help_line
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table and table.main_turn() and not session.log)
        assert BY_CODE["TARGETED"] in session.state.hands[0] and session.state.discard == discard
        await pilot.pause()
        told = " ".join(" ".join(str(line.text) for line in table.query_one(EventLog).lines).split())
        assert "Targeted" not in told and "Taken back" not in told  # never announced, so nothing to retract


@async_test
async def test_tab_puts_a_window_prompt_aside_so_the_menu_and_discard_pile_can_be_reached() -> None:
    from cutthroat.tui.screens.menu import MenuScreen

    app, _ = loaded_app(bob_skips("NOPE DEF"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("tab")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await wait_until(pilot, lambda: app.screen is table)
        assert session_of(table).state.stack  # nothing answered: the window still waits for Ana
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)
        await pilot.press("enter")  # the decision's prompt again
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert "Bob plays Skip" in app.screen.title_text


@async_test
async def test_a_window_closed_elsewhere_closes_its_prompt_at_once() -> None:
    """The Nope window on Ana's screen is answered without her (at a server's table: its clock
    ran out): its prompt goes at once, not at her next key (which it would have swallowed)."""
    app, _ = loaded_app(bob_skips("NOPE DEF"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert "Bob plays Skip" in app.screen.title_text
        assert app.host.submit(0, Pass(0)) is None  # (as the host does when the window's time is up)
        await wait_until(pilot, lambda: not (isinstance(app.screen, ChoiceScreen)
                                             and "Bob plays Skip" in app.screen.title_text))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.prompt_screen is None or table.prompt_screen is app.screen


@async_test
async def test_enter_after_a_draw_hint_draws_rather_than_play_the_card_under_the_cursor() -> None:
    # No kitten left in the pile: the hint is to draw, while the cursor starts on Shuffle (the
    # first card that can be played). Enter after `h` draws.
    from helpers_pilot import enter_plays_the_hint

    state = position(3, hands={0: "SHUFFLE TACO", 1: "BEARD", 2: "ZOMBIE"}, pile="TACO TACO TACO", turn=0)
    app, _ = loaded_app(state)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.main_turn())
        table = app.screen
        assert table.selected_card() == BY_CODE["SHUFFLE"]
        assert await enter_plays_the_hint(pilot, table) == DRAW


@async_test
async def test_after_the_cursor_moves_off_a_hint_enter_does_what_the_cursor_says() -> None:
    from cutthroat.games.exploding_kittens.rules import Play

    state = position(3, hands={0: "SHUFFLE TACO", 1: "BEARD", 2: "ZOMBIE"}, pile="TACO TACO TACO", turn=0)
    app, _ = loaded_app(state)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.main_turn())
        table = app.screen
        await pilot.press("h")
        await wait_until(pilot, lambda: table.hinted is not None, 60)
        assert table.hinted == DRAW
        await pilot.pause()
        note = " ".join(screen_text(app).split())  # Enter is the hint's now, not "play Shuffle"
        assert "⏎ plays the hint above" in note and "Enter: play" not in note
        await pilot.press("right", "left")  # off the hint and back: the hint is gone
        assert table.hinted is None and "Hint (" not in table.message
        await pilot.pause()
        assert "plays the hint" not in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session_of(table).log))
        assert session_of(table).log[0] == (0, Play(BY_CODE["SHUFFLE"]))


@async_test
async def test_setup_a_name_is_typed_on_its_row_without_tab_and_a_long_one_is_cut_out_loud() -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SetupScreen("exploding-kittens"))
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.focused is not None)
        setup = app.screen
        await pilot.press("down")  # seat 1's row: its Who field
        await wait_until(pilot, lambda: app.focused is setup.query_one("#who-0", Cycler))
        await pilot.press(*"Maximiliana")
        field = setup.query_one("#name-0", Input)
        await wait_until(pilot, lambda: app.focused is field and field.value == "Maximilian")
        said = text(setup.query_one("#setup-help", Static))
        assert "up to 10 letters" in said and "'Maximiliana' is cut to 'Maximilian'" in said
        marked = "Zo" + "e\u0301" * 6 + "a"  # 9 letters in 15 code points: a mark counts with its letter
        field.value = marked
        await pilot.pause()
        assert field.value == marked
