"""Hot-seat privacy, frame by frame: a 2-human Kill Your Friends game (two bots with them) played
by keys at 80×24, as `test_ek_hot_seat.py` does for Exploding Kittens.

Every frame is captured — in the waits, right after each key, and while a bot thinks — and
sorted: a curtain ("Pass to …"), a private one (a hand on show, or a seat's own news), or a
shared one. A hand may show only on its own seat's private screen: after a curtain with that
seat's name and before anything shared. While a bot thinks nothing private is on screen.

Deterministic: a seeded deal, the humans' moves picked from the legal ones by a fixed rule, and
the bots held at a gate (`GatedBots`) until the test has looked at the screen of their turn — so
the frames of a bot's turn are always seen, however slow the machine, and no bot is asked twice
about one position (a random bot's choices follow from its seed and the positions alone).
"""

from __future__ import annotations

import re
import threading

import pytest

from cutthroat.bots import make_bot
from cutthroat.saves import Seat
from cutthroat.tui.app import CutthroatApp
from cutthroat.tui.tables.kill_your_friends.table import TableScreen
from cutthroat.tui.widgets.curtain import CurtainScreen
from cutthroat.tui.widgets.news import NewsScreen
from helpers_pilot import async_test, frame_kind, screen_text, session_of
from test_kyf_tui import hand_keys

SIZE = (80, 24)
SEATS = [Seat("human", "Ana"), Seat("human", "Bob"), Seat("bot", "Cy", "random"), Seat("bot", "Dee", "random")]
HUMANS = ("Ana", "Bob")
#: What only one seat may see: its hand panel, its news.
PRIVATE_MARKS = ("'s hand · ", "before you pass the screen on", ": since your last turn", "You picked up")
OWNER = re.compile(r"(\w+)(?:'s hand · |, before you pass the screen on|: since your last turn)")
SEED = 7
MOVES = 4  # each human's moves to play (and twice as many bot turns)
TRIES = 600  # waits are bounded by counts of pauses, never by the clock


class GatedBots:
    """The table's bots, each move held until the test lets one through (`release`)."""

    def __init__(self) -> None:
        self.permits = threading.Semaphore(0)

    def make(self, rules, level, **options):
        inner, permits = make_bot(rules, level, **options), self.permits

        class Gated:
            needs_view = getattr(inner, "needs_view", True)

            def choose(self, view, legal):
                if not permits.acquire(timeout=60):  # (a stuck test fails, rather than hang)
                    raise RuntimeError("the test never let this bot move")
                return inner.choose(view, legal)

        return Gated()

    def release(self) -> None:
        self.permits.release()


def owner_of(frame: str) -> str | None:
    """Whose private things the frame shows (None: nobody's)."""
    owners = set(OWNER.findall(frame))
    assert len(owners) <= 1, f"two seats' private things at once:\n{frame}"
    return owners.pop() if owners else None


class Frames:
    """Every distinct frame painted, in order: (kind, owner, when, frame)."""

    def __init__(self, app) -> None:
        self.app = app
        self.seen: list[tuple[str, str | None, str, str]] = []

    def take(self, when: str = "wait") -> str:
        frame = screen_text(self.app)
        if frame.strip() and (not self.seen or self.seen[-1][2:] != (when, frame)):  # (blank: not yet painted)
            self.seen.append((frame_kind(frame, PRIVATE_MARKS), owner_of(frame), when, frame))
        return frame

    async def press(self, pilot, *keys: str) -> None:
        """Press each key, taking the frame right after it."""
        for key in keys:
            await pilot.press(key)
            self.take("key")

    async def pause(self, pilot, when: str = "wait") -> None:
        self.take(when)
        await pilot.pause(0.02)


def table_of(app) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


def bot_thinking(app) -> bool:
    """The table is on top and shows a bot's turn."""
    table = table_of(app)
    sight = table.sight
    return app.screen is table and sight is not None and not sight.update.over \
        and any(table.table.is_bot(q) for q in sight.update.to_act)


def pick(session, seat: int, table: TableScreen, moves: int):
    """The human's move, by a fixed rule: a forced turn; else, on every other move, a card played
    by its own keys (no prompt); else picking up (or whatever can be keyed)."""
    legal = session.legal_actions(seat)
    keyed = []
    for action in legal:
        try:
            keyed.append((action, hand_keys(table, action)))
        except AssertionError:  # (only a prompt plays it)
            pass
    cards = [(a, k) for a, k in keyed if a.kind not in ("draw", "pass")]
    plain = [(a, k) for a, k in keyed if a.kind in ("draw", "pass")]
    if moves % 2 == 0 and cards or not plain:
        return cards[0]
    return plain[0]


@async_test
async def test_no_hand_shows_outside_its_own_seats_private_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    from cutthroat.host import planning, table as host_table, timers

    gate = GatedBots()
    for host_module in (host_table, planning, timers):  # (every module of the host that makes bots)
        monkeypatch.setattr(host_module, "make_bot", gate.make)
    app = CutthroatApp(start=dict(game="kill-your-friends", config={}, seed=SEED, seats=list(SEATS)))
    human_moves = {name: 0 for name in HUMANS}
    bot_turns = 0
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        for _ in range(TRIES * 4):
            if min(human_moves.values()) >= MOVES and bot_turns >= 2 * MOVES:
                break
            screen = app.screen
            if not any(isinstance(s, TableScreen) for s in app.screen_stack):
                await frames.pause(pilot)
                continue
            session = session_of(app)
            assert not session.rules.out_seats(session.state), "a human is out: the seed should keep both in"
            if isinstance(screen, (CurtainScreen, NewsScreen)):  # once it is painted, Enter
                painted = "curtain" if isinstance(screen, CurtainScreen) else "private"
                for _ in range(TRIES):
                    if app.screen is not screen or frame_kind(frames.take(), PRIVATE_MARKS) == painted:
                        break
                    await pilot.pause(0.02)
                if app.screen is screen:
                    await frames.press(pilot, "enter")
                continue
            table = table_of(app)
            if bot_thinking(app):  # the bot waits at the gate: look at its turn, then let it move
                moved = len(session.log)
                for _ in range(3):
                    await frames.pause(pilot, "bot")
                gate.release()
                bot_turns += 1
                for _ in range(TRIES):
                    if len(session.log) > moved or not bot_thinking(app):
                        break
                    await frames.pause(pilot)
                continue
            if table.mine and app.screen is table:
                seat = table.viewer
                name = table.names[seat]
                assert seat in session.to_act, f"{name}'s screen, but {session.to_act} to act"
                assert owner_of(frames.take()) == name  # the hand on show is the mover's
                action, keys = pick(session, seat, table, human_moves[name])
                moved = len(session.log)
                await frames.press(pilot, *keys)
                assert session.log[moved] == (seat, action)
                human_moves[name] += 1
                continue
            await frames.pause(pilot)
        else:
            raise AssertionError(f"the game stalled; screen is {type(app.screen).__name__}")

    assert min(human_moves.values()) >= MOVES and bot_turns >= 2 * MOVES, (human_moves, bot_turns)
    holder = None  # the seat whose name the last curtain showed, until anything is shared
    for i, (kind, owner, when, frame) in enumerate(frames.seen):
        if kind == "curtain":
            assert not any(mark in frame for mark in PRIVATE_MARKS), frame
            holder = re.search(r"Pass to (\w+)", frame).group(1)
        elif kind == "shared":
            holder = None
        else:
            before = frames.seen[i - 1][3] if i else ""
            assert owner == holder, f"{owner}'s private screen, {holder!r} at the screen ({when}):\n{frame}\nafter:\n{before}"
        if when == "bot":
            assert kind == "shared", f"a private thing while a bot thinks:\n{frame}"
            assert "is thinking" in frame, frame
    assert {"curtain", "private", "shared"} <= {kind for kind, *_ in frames.seen}
