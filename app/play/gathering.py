"""A club table gathers before the deal: who sits where, the bots' level, who may come.

A table opened to gather (``Table(..., gather=True)``) deals nothing and no bot moves until
its opener starts it: meanwhile everyone at it is sent the table's ``gathering`` message
(each seat, who holds it, the bots' level, whether it is private) instead of a view.  A
player picks a free seat by its number; the opener may also move a player to another seat
(swapping with whoever sits there), set the level the bots of the empty seats play at, make
the table private and invite players by name.  A private table is joined only by those
invited, or with the table's code (six digits, shown to the opener).  When the opener
starts the table, every seat gets a bot of the level chosen (a player's plays for them when
they drop or run out of time) and the first hand is dealt.

After a game the table gathers again with the same players at the same seats (``again``):
it starts once every player still sitting is ready; a player who left frees the seat, and
the table waits for its opener as at first.  The new game's first dealer is the next seat.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from moon42.ai.registry import make_bot
from moon42.rules import Game, Phase
from moon42.rules.options import Options, options_for

from .difficulty import LEVELS, bot_settings, counted_bot
from .names import folded
from .seats import Seat, Sitter, TableError

if TYPE_CHECKING:
    from collections.abc import Callable

    from moon42.rules.events import Event

    from .spectators import Spectator

__all__ = ["DEFAULT_LEVEL", "Gathering", "Gathers", "TableCodeNeeded", "MAX_INVITED",
           "check_level"]

DEFAULT_LEVEL = "novice"  # the level whose bot the shared tables always had (``basic``)
MAX_INVITED = 16  # names a private table's invitation list holds


class TableCodeNeeded(TableError):
    """A private table: the asker is not invited and gave no (or a wrong) table code."""


def check_level(level: object) -> str:
    """A bots' level from a request: one of ``LEVELS``."""
    if not isinstance(level, str) or level not in LEVELS:
        raise TableError(f"the bots' level is one of {', '.join(LEVELS)}.")
    return level




@dataclass
class Gathering:
    """What the opener has chosen for the table, and who is ready to start."""

    opener: str | None  # the opener's identity (the next player's, if they leave)
    level: str = DEFAULT_LEVEL
    private: bool = False
    code: str = ""  # a private table's code
    invited: set[str] = field(default_factory=set)  # names (folded) invited
    waiting: bool = True  # no game is on: the table gathers
    again: bool = False  # gathered again after a game, with the same players
    ready: set[int] = field(default_factory=set)  # seats ready to start (after a game)
    games: int = 0  # games started at this table
    first_dealer: int | None = None  # the next game's first dealer (Moon: the next seat)
    hush: bool = False  # spectators' chat reaches the players only between hands
    held: list[dict[str, Any]] = field(default_factory=list)  # spectators' lines held back


class Gathers:
    """The gathering's part of a ``Table`` (mixed in: it uses the table's seats)."""

    gathering: Gathering | None
    if TYPE_CHECKING:  # what it uses of the table
        number: int
        seats: list[Seat]
        game: Game
        bots: dict[int, Any]
        claimed: tuple[int, int, int] | None
        spectators: dict[str, Spectator]
        codes: Callable[[], str]

        def seat_of(self, who: Sitter) -> int | None: ...

        def humans(self) -> list[int]: ...

        def _tell_all(self, events: list[Event]) -> None: ...

        def _apply(self, events: list[Event]) -> list[Event]: ...

    # ----- who may come --------------------------------------------------

    def may_sit(self, who: Sitter, table_code: str | None) -> None:
        """A private table takes only the invited, its players, or its code."""
        g = self.gathering
        if g is None or not g.private or self.seat_of(who) is not None \
                or who.player == g.opener or folded(who.name.strip()) in g.invited:
            return
        if table_code is None:
            raise TableCodeNeeded(f"table {self.number} is private: type its code (the "
                                  "opener can tell you) to sit there.")
        if not hmac.compare_digest(table_code.encode(), g.code.encode()):
            raise TableCodeNeeded(f"that is not the code of table {self.number}.")

    def _opener_seat(self) -> int | None:
        g = self.gathering
        return next((i for i, s in enumerate(self.seats)
                     if g is not None and s.player == g.opener), None)

    def _must_open(self, who: Sitter) -> Gathering:
        g = self.gathering
        if g is None:
            raise TableError("this table does not gather.")
        if who.player != g.opener:
            raise TableError("only the table's opener may do that.")
        return g

    def seated_after(self, who: Sitter) -> None:
        """``who`` sat down: the first player to sit opens the table (or reopens it)."""
        g = self.gathering
        if g is not None and (g.opener is None or self._opener_seat() is None):
            g.opener = who.player

    def left_from(self, seat: int) -> None:
        """A player got up from ``seat``: after a game, the table gathers as at first."""
        g = self.gathering
        if g is None:
            return
        g.ready.discard(seat)
        if g.waiting:
            g.again = False
        if self._opener_seat() is None:
            g.opener = next((s.player for s in self.seats if s.player is not None), None)

    # ----- the opener's choices ------------------------------------------

    def move_seat(self, who: Sitter, seat: int, to: int) -> None:
        """Move the player of ``seat`` to ``to`` (swapping seats): a player moves
        themselves to a free seat; the opener moves anyone anywhere."""
        g = self.gathering
        if g is None or not g.waiting:
            raise TableError("players change seats only while the table gathers.")
        n = len(self.seats)
        if not (0 <= seat < n and 0 <= to < n):
            raise TableError(f"table {self.number} has seats 1 to {n}.")
        mine = self.seat_of(who)
        if who.player != g.opener and (mine != seat or self.seats[to].player is not None):
            raise TableError("pick a free seat; only the opener moves other players.")
        if seat == to:
            return
        a, b = self.seats[seat], self.seats[to]
        # The seats' bots keep their names: the players move, not the seats.
        a.bot_name, b.bot_name = b.bot_name, a.bot_name
        self.seats[seat], self.seats[to] = b, a
        g.ready.clear()
        self._tell_all([])

    def set_level(self, who: Sitter, level: object) -> None:
        self._must_open(who).level = check_level(level)
        self._tell_all([])

    def set_private(self, who: Sitter, private: object) -> None:
        if not isinstance(private, bool):
            raise TableError("private is true or false.")
        g = self._must_open(who)
        g.private = private
        if private and not g.code:
            g.code = self.codes()
        self._tell_all([])

    def invite(self, who: Sitter, name: object) -> None:
        g = self._must_open(who)
        if not isinstance(name, str) or not 0 < len(name.strip()) <= 64:
            raise TableError("invite whom: a player's name.")
        if len(g.invited) >= MAX_INVITED:
            raise TableError(f"a table invites at most {MAX_INVITED} names.")
        g.invited.add(folded(name.strip()))
        self._tell_all([])

    def set_hush(self, who: Sitter, hush: object) -> None:
        """The opener keeps spectators' chat off the players' screens while a hand is
        played (the lines are shown to them between hands)."""
        if not isinstance(hush, bool):
            raise TableError("hush is true or false.")
        self._must_open(who).hush = hush
        if not hush:
            self.release_lines()
        self._tell_all([])

    def hushed(self) -> bool:
        """Whether a spectator's line is held back from the players now."""
        g = self.gathering
        return g is not None and g.hush and not g.waiting and \
            self.game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER)

    def hold_line(self, message: dict[str, Any]) -> None:
        """A spectator's line during a hand: to the spectators now, to the players later."""
        g = self.gathering
        assert g is not None
        if len(g.held) < 200:
            g.held.append(message)
        for spectator in list(self.spectators.values()):
            spectator.send(message)

    def release_lines(self) -> None:
        """Between hands: the spectators' lines held back reach the players."""
        g = self.gathering
        if g is None or not g.held:
            return
        held, g.held = g.held, []
        for seat in self.humans():
            send = self.seats[seat].send
            assert send is not None
            for message in held:
                send(message)

    # ----- starting ------------------------------------------------------

    def start(self, who: Sitter) -> None:
        """The opener starts the table, and anyone else says they are ready; after a game
        every player (the opener too) says they are ready, and the game starts once all
        are."""
        g = self.gathering
        seat = self.seat_of(who)
        if g is None or not g.waiting or seat is None:
            raise TableError("there is no game to start here.")
        if who.player == g.opener and not g.again:
            self._begin_game()
            return
        g.ready.add(seat)
        seated = {i for i, s in enumerate(self.seats) if s.player is not None}
        if g.again and seated <= g.ready:
            self._begin_game()
        else:
            self._tell_all([])

    def _begin_game(self) -> None:
        g = self.gathering
        assert g is not None
        level = LEVELS[g.level]
        settings = bot_settings(g.level, level.bot)
        if g.games:  # a game again: the next seed, the next first dealer
            old = self.game
            g.first_dealer = (old.log[0].dealer + 1) % old.seats if old.log else None
            self.game = Game(old.options, (old.seed + 1) % 2**63, list(old.players))
        seed = self.game.seed
        self.bots = {i: make_bot(level.bot, seed=(seed * 7 + i) % 2**32, **settings)
                     for i in range(len(self.seats))}
        g.waiting, g.again, g.games = False, False, g.games + 1
        g.ready.clear()
        self.claimed = None
        for s in self.seats:
            s.timeouts = 0
        self._apply(first_hand(self.game, g.first_dealer))

    def gather_again(self) -> None:
        """The game is over: the table offers its players another, at the same seats."""
        g = self.gathering
        if g is not None and self.game.phase is Phase.GAME_OVER and not g.waiting:
            g.waiting, g.again = True, True
            g.ready.clear()
            self._tell_all([])

    def counted_bots(self) -> list[str]:
        """Each seat's bot as the statistics name it: a gathered table's by its level's bot
        (``hard``'s by its level: ``counted_bot``), another's by the seat's name (they play
        ``basic``)."""
        g = self.gathering
        return [counted_bot(g.level, LEVELS[g.level].bot) if g is not None else s.bot_name
                for s in self.seats]

    # ----- what the players are shown -------------------------------------

    def gathering_message(self, seat: int | None) -> dict[str, Any]:
        g = self.gathering
        assert g is not None
        opener = self._opener_seat()
        mine = seat is not None and seat == opener
        return {"type": "gathering", "table": self.number, "seat": seat,
                "game": self.game.options.game, "options": self.game.options.to_dict(),
                "seats": [{"name": s.shown, "human": s.player is not None,
                           "connected": s.send is not None, "ready": i in g.ready}
                          for i, s in enumerate(self.seats)],
                "opener": opener, "level": g.level, "private": g.private,
                "code": g.code if mine else "", "invited": sorted(g.invited) if mine else [],
                "again": g.again, "games": g.games, "hush": g.hush}


def first_hand(game: Game, dealer: int | None) -> list:
    """Deal a game's first hand: ``dealer`` deals it if the rules let one choose (Moon)."""
    if game.log or dealer is None or not game.options.is_moon:
        return game.next_hand()
    deal, widow = game.shuffled_deal(0)
    return game.start_hand(deal, widow, dealer)


def gathering_game(game: str, options: Any, seed: int | None,
                   players: list[str] | None) -> Game:
    """A table's game before its first deal."""
    chosen = options if isinstance(options, Options) else options_for(game, options or {})
    return Game(chosen, seed, players)
