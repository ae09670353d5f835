"""Nothing cut, nothing cramped at 80×24: the screens a new player meets, in the states that used to
lose a line or a word (every snapshot is a fit check as well: see conftest's `snap_compare`).

`helpers_fit.cut` names what doesn't fit: a line wrapped past its widget's height or wider than
it, a widget pushed past its box, a footer key past the row."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from cutthroat import in_progress
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.screens.continue_list import ContinueScreen
from cutthroat.tui.screens.save import SaveScreen
from cutthroat.tui.screens.settings import SettingsScreen
from cutthroat.tui.tables.base import TableScreenBase
from helpers_fit import cut
from helpers_pilot import async_test, screen_text, session_of, wait_until
from test_lobby_tui import FakeService, served_app, to_lobby, waiting_table

SIZE = (80, 24)


async def fits(pilot) -> None:
    await pilot.pause()
    found = cut(pilot.app.screen)
    assert not found, "\n".join(found)


@async_test
async def test_settings_notes_fit_beside_their_settings() -> None:
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen())
        await wait_until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await fits(pilot)
        shown = screen_text(app)  # (the review budget's figures whole, on one line)
        assert any(line.rstrip().endswith("playouts per estimate:") for line in shown.splitlines()), shown
        assert any(line.rstrip().endswith("16 · 64 · 256") for line in shown.splitlines()), shown


@async_test
async def test_continue_never_cuts_a_setup_mid_value(save_dir) -> None:
    """A setup too long for the entry's first line keeps every variant whole (its value too)."""
    for game, config in (("stab-your-friends", {"first-royal": "3", "royal-call-out": "anyone"}),
                         ("kill-your-friends", {"sudden-death": "on", "kill-joy": "once",
                                                "head-hunter": "12"})):
        path = in_progress.new_path(save_dir, game)
        Session(game, config, 1, [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random"),
                       Seat("bot", "Dee", "random")]).save(path, "autosave")
    app = CutthroatApp(save_dir=str(save_dir))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ContinueScreen())
        await wait_until(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await fits(pilot)
        shown = screen_text(app)
        assert "Royal call-out: anyone calls" in shown
        assert "Head Hunter: 12 kills" in shown


@async_test
async def test_the_save_notice_keeps_the_file_name_on_one_line(save_dir) -> None:
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random")]
    app = CutthroatApp(save_dir=str(save_dir), start={"game": "psycho-killer", "config": {}, "seed": 1,
                                                      "seats": seats, "think_ms": None, "keep": False})
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_until(pilot, lambda: app.host is not None and isinstance(app.screen, TableScreenBase))
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveScreen))
        app.screen.query_one("#save-name", Input).value = "the long evening in the kitchen"
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(app._notifications) and "Saved" in screen_text(app))
        assert any(line.split("▌")[-1].strip() == "the-long-evening-in-the-kitchen.json"
                   for line in screen_text(app).splitlines()), screen_text(app)


@async_test
async def test_a_long_lobby_row_cuts_names_never_the_free_seats() -> None:
    table = waiting_table("ABCD", names=("Alexandria", "Bartholome", "Cassiopeia", "Demetrius", "Evangeline",
                                         "Florentine", "Gwendolyn"), free=1)
    app = served_app(FakeService([table]))
    async with app.run_test(size=SIZE) as pilot:
        await to_lobby(pilot)
        await pilot.pause()
        row = next(line for line in screen_text(app).splitlines() if "ABCD" in line)
        assert row.rstrip(" ▎").endswith("· 1 free") and "Ale… (you)" in row, row
        await fits(pilot)


# -- the tables, in the positions seeded random games reach -----------------------------------------
NAMES = ("Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
SEE_FIVE = "start=1 deal=7 EXP=1 DEF=2 SEE5=3 PERSONAL=4 ALTER=3 SKIP=4 TACO=4 NOPE=4"  # long "You know" lines
TABLES = [  # (game, players, setup)
    ("kill-the-kings", 1, {"mode": "killer"}),
    ("exploding-kittens", 5, {}),
    ("exploding-kittens", 2, {"recipe": "custom", "custom": SEE_FIVE}),
    ("kill-your-friends", 8, {"sudden-death": "on"}),
    ("stab-your-friends", 8, {"royal-call-out": "anyone"}),
    ("psycho-killer", 6, {}),
]


def position(game: str, players: int, config: dict, seed: int) -> Session:
    from helpers_pilot import drive_to_own_turn

    seats = [Seat("human", NAMES[0])] + [Seat("bot", n, "random") for n in NAMES[1:players]]
    return drive_to_own_turn(Session(game, config, seed, seats), seed=seed)


@pytest.mark.parametrize("card_style", ["unicode", "ascii"])
@pytest.mark.parametrize("game, players, config", TABLES)
@async_test
async def test_a_table_fits_at_every_position_and_with_its_hint(write_settings, game, players, config,
                                                                  card_style) -> None:
    write_settings(card_style=card_style)
    for seed in (1, 2, 3):
        session = position(game, players, config, seed)
        app = CutthroatApp(loaded=session.save_data())
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.host is not None and isinstance(app.screen, TableScreenBase))
            await fits(pilot)
            await pilot.press("h")
            await wait_until(pilot, lambda: "Hint" in screen_text(app) or "hint" not in app.screen.message)
            await fits(pilot)


@pytest.mark.parametrize("game, players, config", [("kill-the-kings", 1, {"mode": "killer"})] + TABLES[::2])
@async_test
async def test_a_hint_with_a_long_reason_still_says_its_key(write_settings, game, players, config) -> None:
    """A reason too long for the message lines is cut at its end: the key that plays the hint comes
    first, so it is never the part cut."""
    from cutthroat.host.updates import Hint

    write_settings(card_style="unicode")
    if game == "kill-the-kings":
        session = Session(game, config, 1, [Seat("human", "You")])
    else:
        session = position(game, players, config, 1)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.host is not None and isinstance(app.screen, TableScreenBase))
        table = app.screen
        await pilot.pause()
        action = app.host.hint(getattr(table, "viewer", 0)).action
        table.show_hint(Hint(action, why="because " + "it keeps every door open and then some " * 6),
                        table.update.version)
        await pilot.pause()
        assert "⏎ plays it)" in screen_text(app), screen_text(app)
        assert "…" in screen_text(app)  # (the reason was cut: the test is of a long one)
        await fits(pilot)


@async_test
async def test_a_reaction_window_line_keeps_the_seat_numbers_and_its_last_words(write_settings) -> None:
    """Hot-seat, five humans who may all answer: the line ends whole ("p: we all pass", also in the
    footer, then the names give way to the seat numbers and the seconds left)."""
    from cutthroat.games.exploding_kittens.cards import BY_CODE
    from cutthroat.games.exploding_kittens.rules import RULES, Play
    from helpers_ek import BOX_CONFIG, position as ek_position

    write_settings(card_style="unicode", nope_window="8")
    state = ek_position(5, hands={0: "NOPE DEF", 1: "NOPE", 2: "NOPE", 3: "NOPE", 4: "SKIP NOPE"},
                        pile="TACO TACO TACO EXP", turn=4)
    RULES.apply(state, Play(BY_CODE["SKIP"]), 4)
    seats = [Seat("human", name) for name in ("Alexandria", "Bartholome", "Cassiopeia", "Demetrius", "Evangeline")]
    app = CutthroatApp(loaded=Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state).save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "we all pass" in screen_text(app))
        row = next(line for line in screen_text(app).splitlines() if "Press your seat number" in line)
        assert row.split("│")[0].rstrip().endswith("s"), row  # the seconds left, not a cut word
        assert "p we all pass" in screen_text(app).splitlines()[-1]  # (in the footer)
        assert all(str(seat) in row for seat in range(1, 5)), row
        await fits(pilot)


@async_test
async def test_kill_the_kings_says_a_doomed_column_and_a_picked_reserve_card_in_full(write_settings) -> None:
    """Played on by a bot's hand, every position fits; on the way, a drawn card that would doom a
    column (two lines of message) and a reserve card picked up (Esc drops it: in the footer)."""
    from cutthroat.bots import make_bot
    from helpers_pilot import session_of

    write_settings(card_style="unicode")
    seen = {"doom": False, "picked": False}
    app = CutthroatApp(start={"game": "kill-the-kings", "config": {"mode": "killer"}, "seed": 0,
                              "seats": [Seat("human", "You")], "think_ms": None, "keep": False})
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.host is not None and isinstance(app.screen, TableScreenBase))
        table, session = app.screen, session_of(app)
        bot = make_bot(session.rules, "heuristic", seed=0)
        while not all(seen.values()) and session.view(0).phase == "play":
            await pilot.pause()
            await fits(pilot)
            view = session.view(0)
            if "dooms the column" in screen_text(app):
                seen["doom"] = True
                assert "never finishable" in screen_text(app)
            reserve = [spot for spot, card in enumerate(view.reserve) if card is not None]
            if view.drawn is None and reserve and not seen["picked"] and table.check_action("pick", (0,)):
                await pilot.press(str(5 + reserve[0]))
                await fits(pilot)
                seen["picked"] = "drop card" in screen_text(app)
                await pilot.press("escape")
            moves = len(session.log)
            app.host.submit(0, bot.choose(view, session.legal_actions(0)))
            await wait_until(pilot, lambda: len(session.log) > moves)
    assert all(seen.values()), seen


@async_test
async def test_exploding_kittens_knows_five_long_cards_and_still_shows_the_discard(write_settings) -> None:
    """After See the Future 5x on long names ("Personal Attack 3x"), "You know" stays one line
    (short names, then "…" at the edge) and the discard line below it stays in view."""
    from helpers_ek import BOX_CONFIG, position as ek_position

    write_settings(card_style="unicode")
    state = ek_position(5, hands={0: "DEF SKIP", 1: "TACO", 2: "BEARD", 3: "ZOMBIE", 4: "FERAL"},
                        pile="EXP TACO ALTER PERSONAL TARGETED SHARE PERSONAL", discard="SEE5", turn=0)
    for depth in range(1, 6):
        state.seen[0][-depth] = state.pile[-depth]
    seats = [Seat("human", "Ana")] + [Seat("bot", name, "random") for name in ("Bob", "Cy", "Dee", "Eve")]
    app = CutthroatApp(loaded=Session("exploding-kittens", dict(BOX_CONFIG), 0, seats, state=state).save_data())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "You know" in screen_text(app))
        await fits(pilot)
        shown = screen_text(app)
        assert "Discard ▸ See the Future 5x" in shown and "You know: top Exploding · 2nd Tacocat" in shown, shown


@pytest.mark.parametrize("game", ["psycho-killer", "kill-your-friends"])
@async_test
async def test_the_curtain_tells_everything_since_that_seat_last_looked(game) -> None:
    """Hot-seat: the curtain's "Meanwhile" holds every public event since the seat named last had
    its own screen (no "X's turn" lines), scrolling when long; nothing on it is cut."""
    from cutthroat.tui.widgets.curtain import CurtainScreen
    from cutthroat.tui.widgets.news import NewsScreen

    seats = [Seat("human", "Ana"), Seat("human", "Bob")] + [Seat("bot", n, "random") for n in ("Cy", "Dee", "Eve")]
    app = CutthroatApp(start={"game": game, "config": {}, "seed": 4, "seats": seats, "think_ms": None,
                              "keep": False})
    own_move_at: dict[int, int] = {}  # seat -> where its own last move's lines begin in `public`
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(6):  # six curtains: each tells what came after its player's last look
            for _ in range(20):  # (a player's own news comes first, read with Enter)
                await wait_until(pilot, lambda: isinstance(app.screen, (CurtainScreen, NewsScreen)))
                if isinstance(app.screen, CurtainScreen):
                    break
                await pilot.press("enter")
                await pilot.pause()
            await fits(pilot)
            curtain, table = app.screen, app.screen_stack[-2]
            told = [str(line.render()) for line in curtain.query(".curtain-event")]
            seat = table.names.index(curtain.player)
            assert told == table.public[table.looked.get(seat, 0):]
            assert not any(line.endswith("'s turn") for line in told), told
            if seat in table.looked:
                assert len(told) > 3  # (the old curtain kept 3)
            if seat in own_move_at:
                assert table.looked[seat] > own_move_at[seat], "its own move isn't news to it"
            await pilot.press("enter")
            await wait_until(pilot, lambda: table.mine)
            moves, seen = len(session_of(app).log), len(table.public)
            update = table.update
            assert table.act(next((a for a in update.legal if a.kind == "draw"), update.legal[0]))
            await wait_until(pilot, lambda: len(session_of(app).log) > moves and len(table.public) > seen)
            own_move_at[seat] = seen


@pytest.mark.parametrize("lines, scrolls", [(3, False), (40, True)])
@async_test
async def test_a_long_meanwhile_says_how_to_read_it_all(lines, scrolls) -> None:
    """The curtain's list shows the latest; longer than its box, its title names the keys that
    scroll it (a short one doesn't)."""
    from cutthroat.tui.widgets.curtain import CurtainScreen

    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(CurtainScreen("Ana", meanwhile=[f"Bob plays card {i}" for i in range(lines)]))
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen)
                         and f"Bob plays card {lines - 1}" in screen_text(app))  # (the latest: scrolled to)
        if scrolls:
            await wait_until(pilot, lambda: "↑↓: earlier and later" in screen_text(app))
        assert ("↑↓: earlier and later" in screen_text(app)) == scrolls, screen_text(app)
        await fits(pilot)


@pytest.mark.parametrize("card_style", ["unicode", "ascii"])
@async_test
async def test_ek_setup_recipe_help_is_a_sentence_and_no_card_is_parted_from_its_count(write_settings,
                                                                                        card_style) -> None:
    """On the Recipe row the help is a player's sentence, whole (not the command line's list of
    ids); every recipe's card list breaks between cards, never inside "Attack 2x 4"."""
    from cutthroat.games.exploding_kittens.recipes import RECIPE_IDS, RECIPES
    from cutthroat.tui.tables.setup import SetupScreen

    write_settings(card_style=card_style)
    app = CutthroatApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SetupScreen("exploding-kittens"))
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#recipe"))
        app.screen.query_one("#recipe").focus()
        await wait_until(pilot, lambda: "recipes" in str(app.screen.query_one("#setup-help").render()))
        help_line = str(app.screen.query_one("#setup-help").render())
        assert "nope-sauce" not in help_line and "\n" not in help_line.strip(), help_line
        for _ in RECIPE_IDS:
            await fits(pilot)
            screen = screen_text(app)
            shown = RECIPES[app.screen.value("recipe")]
            players = app.screen.players
            lines = screen.splitlines()
            listed = shown.describe(players) if shown.min_players <= players <= shown.max_players else shown.describe()
            for item in listed.split(", ") if shown.cards else ():
                assert any(item in line for line in lines), f"{item!r} is broken:\n{screen}"
            await pilot.press("right")


@pytest.mark.parametrize("game", ["exploding-kittens", "kill-your-friends", "stab-your-friends", "psycho-killer"])
@async_test
async def test_the_ascii_turn_line_says_the_arrows_as_the_footer_does(write_settings, game) -> None:
    """ASCII: the turn line's "←→" reads "<->", as the footer says the key (the character filter
    alone would make it "<>")."""
    from cutthroat.session import Session
    from helpers_pilot import drive_to_own_turn, screen_text, wait_until

    write_settings(card_style="ascii")
    seats = [Seat("human", "Ana"), Seat("bot", "Bob", "random"), Seat("bot", "Cy", "random")]
    session = drive_to_own_turn(Session(game, {}, 3, seats), seed=3)
    plays = ("play", "play_on") if game == "psycho-killer" else None  # (its other moves are answers)
    while not any(a.kind in plays if plays else a.kind not in ("draw", "pass")  # (a card to play)
                  for a in session.legal_actions(0)):
        session.apply(session.legal_actions(0)[0], 0)
        session = drive_to_own_turn(session, seed=3)
    app = CutthroatApp(loaded=session.save_data())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "<->" in screen_text(app).splitlines()[-1])
        text = screen_text(app)
        assert "<>" not in text and any("<->" in line for line in text.splitlines()[:-1]), text
