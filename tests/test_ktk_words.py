"""What Kill The Kings says at a round's and the game's end: the breakdown in columns, counts in
the singular where they are one, the other mode named only where it tells something, and a game
a bot played never telling its watcher "You lose"."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from textual.widgets import Static

from cutthroat.bots import make_bot
from cutthroat.games.kill_the_kings.events import GameEnded
from cutthroat.games.kill_the_kings.rules import RULES
from cutthroat.saves import Seat
from cutthroat.session import Session
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.kill_the_kings.round_end import GameOverScreen, RoundEndScreen, breakdown, other_mode_note
from cutthroat.tui.widgets.event_log import EventLog
from helpers_ktk import make_state
from helpers_pilot import async_test, text, wait_until


def test_the_round_breakdown_is_in_columns_and_counts_one_king_as_one() -> None:
    lines = breakdown(SimpleNamespace(round_points=(0, 1, 10)))
    assert lines == ["  Round 1   0 kings   0             =  0",
                     "  Round 2   1 king    1             =  1",
                     "  Round 3   4 kings   1 + 2 + 3 + 4 = 10"]
    assert len({line.index("=") for line in lines}) == 1


@pytest.mark.parametrize("mode, total, said", [
    ("killer", 5, ""),  # a Killer loss loses Psycho too: nothing to add
    ("killer", 8, "(That would not win Psycho mode, target 11.)"),
    ("killer", 12, "(That would also win Psycho mode, target 11.)"),
    ("psycho", 4, "(That would not win Killer mode either, target 7.)"),
    ("psycho", 9, "(That would win Killer mode, target 7.)"),
    ("psycho", 11, ""),  # a Psycho win wins Killer too
])
def test_the_other_mode_is_named_only_where_it_tells_something(mode, total, said) -> None:
    assert other_mode_note(mode, total) == said


def test_one_point_is_one_point_in_the_log_and_the_result() -> None:
    assert GameEnded(1, "killer", 7, False).describe() == "Game over: 1 point — You lose (Killer needs 7)"
    assert GameEnded(8, "killer", 7, True).describe() == "Game over: 8 points — You win (Killer needs 7)"
    state = make_state(round=3, round_points=(0, 1, 0))
    state.phase = "game_over"
    assert RULES.result(state).summary == "1 point: loss in Killer mode (target 7)"


def watched_in_round_3() -> Session:
    """A game only a bot plays, played by it into its last round."""
    session = Session("kill-the-kings", {"mode": "psycho"}, 4, [Seat("bot", "Random bot", "random")])
    bot = make_bot(session.rules, "random", seed=2)
    while session.state.round < 3:
        session.apply(bot.choose(session.view(0), session.legal_actions(0)))
    return session


@async_test
async def test_a_watched_game_over_names_the_bot_not_you(save_dir) -> None:
    """`--humans 0`: the bot plays on from round 3 to the end; its game-over dialog and log say
    how the bot did, and nothing tells the watcher they lost."""
    app = CutthroatApp(loaded=watched_in_round_3().save_data())
    async with app.run_test(size=(80, 24)) as pilot:
        def over() -> bool:  # (the dialog on screen, its widgets mounted)
            return isinstance(app.screen, GameOverScreen) and bool(app.screen.query(".dialog-title"))

        for _ in range(500):  # the rounds' dialogs (if a round is still to end) until the game's
            if over():
                break
            if isinstance(app.screen, RoundEndScreen):
                await pilot.press("enter")
            await pilot.pause(0.05)
        assert over()
        total = app.host.session.state.total
        title = text(app.screen.query_one(".dialog-title", Static))
        assert title == ("Random bot wins" if total >= 11 else "Random bot loses")
        assert "-lost" not in app.screen.query_one(".dialog-title", Static).classes
        table = app.screen_stack[-2]
        await wait_until(pilot, lambda: any("Game over" in str(e) for e in table.query_one(EventLog).entries))
        said = [str(e) for e in table.query_one(EventLog).entries if "Game over" in str(e)]
        assert said == [f"Game over: {total} points — Random bot {'wins' if total >= 11 else 'loses'} "
                        f"(Psycho needs 11)"]
        assert not any("You lose" in str(e) or "You win" in str(e) for e in table.query_one(EventLog).entries)


def test_a_reserve_card_played_fits_the_logs_column_whole() -> None:
    """A reserve card played, "Reserve C: 10♦ → 2" (19 columns: the log's width), never leaves the
    column's number alone on a line, as "10♦ from reserve C → 2" (22) did."""
    from cutthroat.engine.cards import Card, Suit
    from cutthroat.games.kill_the_kings.events import CardPlaced

    assert CardPlaced(Card(10, Suit.DIAMONDS), 1, 2).describe() == "Reserve C: 10♦ → 2"
    assert CardPlaced(Card(10, Suit.DIAMONDS), 1, -1).describe() == "10♦ → 2"
    assert len(CardPlaced(Card(10, Suit.DIAMONDS), 3, 3).describe()) <= 19
