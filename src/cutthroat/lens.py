"""What one shared screen shows of a table: the lens over the seats' ports.

- Solo (one human): that seat's updates, always (their hand stays on screen while bots play).
- Watching (no human): the spectator's updates.
- Hot-seat (several humans at one keyboard): one rule. While more than one person may be looking
  — a bot playing, a reaction window everyone may answer, a curtain, the game's end — the screen
  shows the spectator's update: no hand, no peek, no private news can be on it. After any such
  shared moment the next private screen comes behind a curtain, even for the same human. A step
  the table takes at once, asking nobody (a card drawn with no choice), is no shared moment: the
  screen stays, so its seat's own next choice needs neither a hand-off nor a curtain.
  A human's private news waits for their next private screen. Once only one human is left in the
  game (the others are out), one last curtain hands the screen to them and it stays theirs, as
  solo: their hand shows while the bots play.

Headless: the table screen feeds it updates and shows what `screen()` returns. The host's updates
come to the humans' ports before the spectator's, so the lens decides when the spectator's
update of a version arrives, with every seat's update of that version at hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from cutthroat.engine.protocol import Event
from cutthroat.host.ports import SeatPort
from cutthroat.host.updates import SeatUpdate, TableInfo

SOLO, WATCH, HOT_SEAT = "solo", "watch", "hot-seat"


@dataclass(frozen=True)
class Sight:
    """One frame of the shared screen.

    `update` is what to draw: `seat`'s own update on a private screen, else the spectator's
    (`seat` None). `curtain`: a curtain is up and waits for that seat. `news`: that seat's private
    events since its last private screen (shown once). `claimable`: in a shared reaction window,
    the humans who may claim it by their seat number. `handoff`: the seat on screen made the move
    that ends its private moment; its news of that move (the card it drew) is shown to it, still
    alone at the screen, before anything else (`handed_off`)."""

    update: SeatUpdate
    seat: int | None = None
    curtain: int | None = None
    news: tuple[Event, ...] = ()
    claimable: tuple[int, ...] = ()
    handoff: bool = False  # `seat`'s own news from the move that ended its turn, before the curtain

    @property
    def private(self) -> bool:
        return self.seat is not None and self.curtain is None


class Lens:
    def __init__(self, ports: dict[int | None, SeatPort], table: TableInfo) -> None:
        self.table = table
        self.humans = table.humans
        self.mode = HOT_SEAT if len(self.humans) > 1 else SOLO if self.humans else WATCH
        self.ports = ports
        self.latest: dict[int | None, SeatUpdate] = {}
        self.holder: int | None = None  # the human who passed the curtain last
        self.shared_since = True  # a shared moment happened since `holder` passed it
        self.claimant: int | None = None
        self.curtain_for: int | None = None
        self._news: dict[int, list[Event]] = {h: [] for h in self.humans}
        self._sight: Sight | None = None
        self._handed: int | None = None  # the version whose hand-off news was read
        #: The part of a seat's private news worth telling it (the table's say: a game leaves out
        #: what the seat knew anyway, like the card it chose to place). Only that makes a hand-off:
        #: with nothing to tell, the screen is shared the moment the seat's part is done.
        self.worth_telling: Callable[[int, Sequence[Event]], Sequence[Event]] = lambda seat, events: events
        #: Other screens act at this table too (a server's): each move says which update it
        #: answers, so one made on a position that moved on meanwhile is refused, not misapplied.
        self.moves_answer_versions = False

    @classmethod
    def for_host(cls, host) -> "Lens":
        """The lens a local screen needs: the humans' ports, then (hot-seat, watching) the spectator's."""
        humans = host.info.humans
        seats: list[int | None] = list(humans) if len(humans) <= 1 else [*humans, None]
        return cls({seat: host.port(seat) for seat in (seats or [None])}, host.info)

    @classmethod
    def for_port(cls, port) -> "Lens":
        """One seat of a table played elsewhere (a server's): that seat's screen alone, solo
        whoever else is human there (`seat` None: watching, the public view)."""
        lens = cls({port.seat: port}, port.table)
        lens.humans = [port.seat] if port.seat is not None else []
        lens.mode = SOLO if port.seat is not None else WATCH
        lens._news = {h: [] for h in lens.humans}
        lens.moves_answer_versions = True
        return lens

    @property
    def own_port(self) -> SeatPort:
        """The port the screen acts through when nobody in particular has it (solo: the human's)."""
        return self.ports[self.humans[0]] if self.mode == SOLO else self.ports[None]

    def port(self, seat: int | None) -> SeatPort:
        return self.ports[seat] if seat in self.ports else self.ports[None]

    # -- feeding ---------------------------------------------------------------------------------
    def receive(self, update: SeatUpdate) -> Sight | None:
        """Take one port's update; the new frame when the screen should change, else None."""
        previous = self.latest.get(update.seat)
        if previous is not None and update.version < previous.version:
            return None  # an older update arriving late: the screen never goes back in time
        self.latest[update.seat] = update
        if self.mode == HOT_SEAT and update.seat is not None:
            self._news[update.seat] += update.private_events
            return None
        if self.mode == HOT_SEAT and previous is not None and previous.version != update.version:
            self.claimant = None  # any move ends a claim (the host's too)
        return self._decide()

    def screen(self) -> Sight | None:
        return self._sight

    def pass_curtain(self, seat: int) -> Sight | None:
        """`seat`, whose name the curtain showed, is alone at the screen now. If the table has
        moved on and the curtain waits for someone else now, nothing private shows: decide again
        (a new curtain, or a shared screen)."""
        if self.curtain_for == seat:
            self.holder, self.shared_since, self.curtain_for = seat, False, None
        return self._decide()

    def handed_off(self) -> Sight | None:
        """The seat on screen has read the news of its last move: the screen moves on."""
        public = self.latest.get(None)
        self._handed = public.version if public is not None else None
        return self._decide()

    def claim(self, seat: int) -> Sight | None:
        """Hot-seat: `seat` answers the shared reaction window (a curtain comes first)."""
        sight = self._sight
        if sight is None or seat not in sight.claimable:
            return None
        self.claimant = seat
        self.port(seat).claim(sight.update.version)
        return self._decide()

    def all_pass(self) -> None:
        """Hot-seat, "we all pass": the shared window ends now for every human it asks."""
        sight = self._sight
        if sight is not None and sight.claimable and self.claimant is None:
            self.ports[None].all_pass(sight.update.version)

    def unclaim(self) -> Sight | None:
        if self.claimant is not None:
            self.port(self.claimant).unclaim()
            self.claimant = None
            self.curtain_for = None
        return self._decide()

    # -- deciding ----------------------------------------------------------------------------------
    def _decide(self) -> Sight | None:
        if self.mode != HOT_SEAT:
            seat = self.humans[0] if self.mode == SOLO else None
            update = self.latest.get(seat)
            self._sight = None if update is None else Sight(update, seat)
            return self._sight
        public = self.latest.get(None)
        if public is None:
            return None
        alone = self.alone
        if alone is not None:
            self._sight = self._private(alone, public, alone=True)
            return self._sight
        own_step = self._own_step(public)
        if own_step is not None:
            self._sight = own_step
            return own_step
        handoff = self._handoff(public)
        if handoff is not None:
            self._sight = handoff
            return handoff
        acting = [h for h in public.to_act if h in self.humans]
        bots_acting = any(self.table.is_bot(q) for q in public.to_act)
        if public.over or not acting or bots_acting or public.stepping:
            self._sight = self._shared(public)
        elif any(h in public.reacting for h in acting) and self.claimant not in acting:
            self._sight = self._shared(public, tuple(h for h in acting if h in public.reacting))
        else:
            self._sight = self._private(self.claimant if self.claimant in acting else acting[0], public)
        return self._sight

    def _own_step(self, public: SeatUpdate) -> Sight | None:
        """The screen was `seat`'s own and the table now answers at once, asking nobody (its card
        drawn with no choice; a window every hand left to answer it is visibly too empty for):
        nobody's moment, so the screen stays `seat`'s, and the step's news waits for what comes
        next — its next choice (no curtain) or a hand-off. (A paced step, a card activating after
        the bot pause, is watched by all: a shared moment.)"""
        previous = self._sight
        if previous is None or not previous.private or previous.handoff or not public.stepping or public.paced:
            return None
        seat = previous.seat
        own = self.latest.get(seat)
        if own is None or own.version != public.version:
            return None
        return Sight(own, seat)

    def _handoff(self, public: SeatUpdate) -> Sight | None:
        """The screen was `seat`'s own, its move just changed the table, and that move told it
        something private (the card it drew): show it that, still alone at the screen, unless it
        goes on being `seat`'s own screen anyway."""
        previous = self._sight
        if previous is None or not previous.private or previous.handoff or self._handed == public.version:
            return None
        seat = previous.seat
        own = self.latest.get(seat)
        if own is None or own.version != public.version or not self.worth_telling(seat, self._news[seat]):
            return None
        if seat in public.to_act and not public.stepping and len(public.to_act) == 1 \
                and not any(self.table.is_bot(q) for q in public.to_act) and seat not in public.reacting:
            return None  # still its turn: the news shows on its screen as it goes on
        news, self._news[seat] = tuple(self._news[seat]), []
        self.shared_since = True  # whatever comes next comes behind a curtain
        return Sight(own, seat, news=news, handoff=True)

    def _shared(self, public: SeatUpdate, claimable: tuple[int, ...] = ()) -> Sight:
        self.shared_since = True
        self.curtain_for = None
        return Sight(public, claimable=claimable)

    @property
    def alone(self) -> int | None:
        """Hot-seat with every other human out of the game: the one human left (None otherwise)."""
        public = self.latest.get(None)
        if self.mode != HOT_SEAT or public is None or public.over:
            return None
        left = [h for h in self.humans if h not in public.out]
        return left[0] if len(left) == 1 and len(self.humans) > 1 else None

    def _private(self, seat: int, public: SeatUpdate, alone: bool = False) -> Sight:
        own = self.latest.get(seat)
        if self.holder != seat or self.shared_since or own is None or own.version != public.version:
            self.curtain_for = seat
            return Sight(public, curtain=seat)
        news, self._news[seat] = tuple(self._news[seat]), []
        if not alone and self._sight is not None and self._sight.private and self._sight.seat == seat:
            news = ()  # the seat watched it happen (its own Alter, its draw mid-turn): not news
        return Sight(own, seat, news=news)
