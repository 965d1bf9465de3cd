"""A duplicate match at a club: two tables that play the same deals with the seats turned.

A match is opened as two tables, A and B, that gather together (``gathering``): players
pick seats at either table, and the opener (the first to sit at table A) starts both.  Each
deal is one hand at each table, dealt from the match's seed (rules/duplicate.py): table A
holds it as dealt, table B turned one seat, so a side sitting in the same seats at both
tables (seats 1 & 3, or 2 & 4) holds each deal's tiles at one table and the other side's
at the other; a player sits at one table for the whole match, so nobody sees a deal twice.
Bots of the level chosen at table A play every free seat (the same bot, with the same seed,
for the same tiles at both tables).

When both tables have played a deal, every player at either table is sent the comparison
(``match-deal``: app/play/match_words.py's lines and the running total); the next deal is
dealt once each of them has read it (``seen``), or ``wait`` seconds after.  After the last
deal the tables deal no more.  The match's record (app/play/match_record.py) is written
after every deal into the ``records/`` of everyone who played in it.

Match deals are not counted in the statistics or the ratings: a deal is one hand, not a
game won, and its result is a score against the other table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from moon42.ai.registry import make_bot
from moon42.rules import Game, Phase
from moon42.rules.duplicate import TURN, Deal, compare, match_deal, measures, turned
from moon42.rules.events import Event
from moon42.rules.options import Options

from .difficulty import LEVELS, bot_settings
from .files import stamp
from .match_record import match_document, save_match
from .match_words import amount, deal_lines, match_lines, total_lines
from .records import APP_MEMBER
from .seats import Send, Sitter, TableError
from .table import Table
from .words import GAME_TITLES

__all__ = ["ClubMatch", "MatchTable", "DEFAULT_MATCH_DEALS", "check_deals"]

log = logging.getLogger("moon42.tables")

DEFAULT_MATCH_DEALS = 4
MAX_MATCH_DEALS = 16  # a club match's deals (the record takes more: rules.duplicate)
MAX_LINE = 300


def check_deals(value: object) -> int:
    """A match's number of deals from a request."""
    if isinstance(value, bool) or not isinstance(value, int) \
            or not 1 <= value <= MAX_MATCH_DEALS:
        raise TableError(f"a match has 1 to {MAX_MATCH_DEALS} deals.")
    return value


def side_lines(options: Options, played: list[tuple[Game, Game]]) -> list[str]:
    """Each side's match, in a game of partners: the side sits in the same seats at both
    tables, so its score is what its pair at A made of their tiles against table B, and
    what its pair at B made of the other tiles against table A."""
    if options.seats != 4 or not played:
        return []
    first, second = measures(options)
    ours = [0, 0]  # seats 1 & 3's: what their pair at A made more, and their pair at B
    for game_a, game_b in played:
        for c in compare(options, game_a.results[0], game_b.results[0]):
            sign = 1 if 0 in c.seats else -1
            ours = [ours[0] + sign * c.score[0], ours[1] + sign * c.score[1]]
    summed = {0: ours, 1: [-ours[0], -ours[1]]}
    last_a, last_b = played[-1]
    lines = ["", "Each side sits in the same seats at both tables (the match's result):"]
    for side, seats in ((0, (0, 2)), (1, (1, 3))):
        at_a = " & ".join(last_a.players[s] for s in seats)
        at_b = " & ".join(last_b.players[s] for s in seats)
        lines.append(f"  seats {seats[0] + 1} & {seats[1] + 1} ({at_a} at A, {at_b} at B): "
                     f"{amount(summed[side][0], first, True)}, "
                     f"{amount(summed[side][1], second, True)}")
    return lines


class MatchTable(Table):
    """One of a match's two tables: it gathers with the other, and deals only the match's
    deals (the ``Table`` plays each one)."""

    def __init__(self, match: ClubMatch, letter: str, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **{**kw, "gather": True})
        self.match, self.letter = match, letter
        self.listeners.append(match.follow)

    def holds(self, seat: int) -> int:
        """Table A's seat whose tiles ``seat`` holds here."""
        return seat if self.letter == "A" else (seat + TURN) % len(self.seats)

    def unattended(self) -> bool:
        return self.match.unattended()

    def deal_due(self) -> float | None:
        # A deal over waits for the other table and the players: the match deals the next.
        return float("inf") if self.game.phase is Phase.HAND_OVER else None

    def gather_again(self) -> None:
        """A deal that ends the game ends only the deal: the match goes on."""

    def start(self, who: Sitter) -> None:
        self.match.start(who)

    def take(self, who: Sitter, send: Send, seat: int | None = None,
             code: str | None = None, table_code: str | None = None) -> int:
        self.match.may_sit(self, who)
        taken = super().take(who, send, seat, code, table_code)
        if self.match.started:
            self.match.sat[who.player] = (self.letter, taken)
        return taken

    def next_hand(self, who: Sitter) -> None:
        """A deal's summary seen: the comparison comes when both tables are done."""

    def summary(self) -> dict[str, Any]:
        return {**super().summary(), "match": self.match.about(self)}

    def gathering_message(self, seat: int | None) -> dict[str, Any]:
        return {**super().gathering_message(seat), "match": self.match.about(self)}

    def message_for(self, seat: int, events: list[Event]) -> dict[str, Any]:
        message = super().message_for(seat, events)
        if message["type"] == "view":
            message["match"] = self.letter
            # This table has played the deal; the other is still at it.
            message["match_wait"] = self.letter in self.match.done and not self.match.compared
        return message

    def begin_deal(self, deal: Deal, level: str) -> None:
        """Deal ``deal`` as this table holds it; bots of ``level`` in every seat (a
        player's plays for them when they drop or run out of time)."""
        g = self.gathering
        assert g is not None
        chosen = LEVELS[level]
        settings = bot_settings(level, chosen.bot)
        seed = self.match.seed
        game = Game(self.match.options, seed=seed, players=[s.shown for s in self.seats])
        events = game.start_hand(deal.hands, deal.widow, deal.dealer)
        self.game = game
        self.bots = {i: make_bot(chosen.bot, seed=(seed * 7 + self.holds(i)) % 2**32,
                                 **settings) for i in range(len(self.seats))}
        g.waiting, g.again, g.games, g.level = False, False, g.games + 1, level
        self.claimed, self.ready = None, set()
        for i, s in enumerate(self.seats):
            s.timeouts = 0
            if s.player is not None:
                self.match.sat[s.player] = (self.letter, i)
        self._apply(events)

    def tell(self, message: dict[str, Any]) -> None:
        self._tell_everyone(message)


class ClubMatch:
    """The match's deals, the games played of them, and who waits for the next."""

    def __init__(self, options: Options, seed: int, deals: int = DEFAULT_MATCH_DEALS,
                 wait: float = 60.0, folder_of: Callable[[str], Path] | None = None) -> None:
        self.options, self.seed, self.deals, self.wait = options, seed, deals, wait
        self.folder_of = folder_of  # a player's records/ (None: records are not written)
        self.tables: tuple[MatchTable, ...] = ()
        self.started = self.compared = False
        self.number = 0  # the deal being played (from 0)
        self.played: list[tuple[Game, Game]] = []
        self.done: set[str] = set()  # the tables that have played this deal
        self.seen: set[str] = set()  # the players who have read this deal's comparison
        self.sat: dict[str, tuple[str, int]] = {}  # each player of the match: table, seat
        self.last: dict[str, Any] | None = None  # the comparison sent last
        self.file = ""
        self.level = ""  # the bots' level, chosen at table A before the start
        self._timer: asyncio.TimerHandle | None = None

    @property
    def over(self) -> bool:
        """Every deal played at both tables: its result is out (the tables list says so,
        and nobody sits)."""
        return len(self.played) >= self.deals

    def seat(self, a: MatchTable, b: MatchTable) -> None:
        self.tables = (a, b)

    def about(self, table: MatchTable) -> dict[str, Any]:
        """The match as a table's listing and gathering show it (``starts``: the player
        whose Enter starts it sits at this table)."""
        opener = self.opener()
        return {"table": table.letter, "tables": [t.number for t in self.tables],
                "starts": any(s.player == opener for s in table.seats if opener),
                "deals": self.deals, "deal": min(self.number + 1, self.deals),
                "started": self.started, "over": self.over}

    # ----- who sits where ------------------------------------------------

    def may_sit(self, table: MatchTable, who: Sitter) -> None:
        """A player of the match plays it at one table (none sees a deal twice), and nobody
        sits once its result is out."""
        if self.over:
            a, b = self.tables
            raise TableError(f"the match at tables {a.number} and {b.number} is over: each "
                             "of its players has its record.")
        where = self.sat.get(who.player)
        if where is not None and where[0] != table.letter:
            raise TableError(f"you play this match at table {where[0]}: a deal is not seen "
                             "twice.")

    def unattended(self) -> bool:
        return not any(t.humans() for t in self.tables)

    def opener(self) -> str | None:
        """Who starts the match: table A's opener, or table B's if nobody sits at A."""
        for table in self.tables:
            g = table.gathering
            if g is not None and g.opener is not None and \
                    any(s.player == g.opener for s in table.seats):
                return g.opener
        return None

    # ----- the deals -----------------------------------------------------

    def start(self, who: Sitter) -> None:
        if self.started:
            raise TableError("the match is under way.")
        if who.player != self.opener():
            raise TableError("only the match's opener (at table A) starts it.")
        self.started = True
        a = self.tables[0]
        assert a.gathering is not None
        self.level = a.gathering.level
        self.file = f"match-{self.options.game}-{stamp()}-tables" \
                    f"{self.tables[0].number}-{self.tables[1].number}.json"
        self._deal()

    def _deal(self) -> None:
        self.done, self.seen, self.compared, self.last = set(), set(), False, None
        deal = match_deal(self.options, self.seed, self.number)
        for table, held in zip(self.tables, (deal, turned(deal, TURN)), strict=True):
            table.begin_deal(held, self.level)

    def follow(self, table: Any, events: list[Event]) -> None:
        """After a table's move: once both tables have played the deal, the comparison."""
        if not self.started or self.compared or table.letter in self.done \
                or not table.game.results:
            return
        self.done.add(table.letter)
        if len(self.done) == len(self.tables):
            self._compare()

    def _compare(self) -> None:
        a, b = self.tables
        self.played.append((a.game, b.game))
        self.compared = True
        self.save()
        title = GAME_TITLES[self.options.game]
        last = self.over
        if last:
            lines = match_lines(self.options, self.seed, self.played)
        else:
            lines = deal_lines(self.options, self.number, a.game, b.game) + [""] + \
                total_lines(self.options, a.game.players, self.played)
        lines += side_lines(self.options, self.played)
        heading = f"{title} match, tables {a.number} (A) and {b.number} (B): " + \
            ("the result" if last else f"deal {self.number + 1} of {self.deals}")
        self.last = {"type": "match-deal", "title": heading, "last": last,
                     "deal": self.number + 1, "deals": self.deals,
                     "lines": [line[:MAX_LINE] for line in lines]}
        for table in self.tables:
            table.tell(self.last)
        # The next deal comes after the move that ended this one has been told everywhere.
        self._time_out(self.wait if self.readers() else 0.0)

    def _time_out(self, wait: float) -> None:
        with contextlib.suppress(RuntimeError):  # no event loop: ``go_on`` deals on
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(wait, self._waited, self.number)

    def _waited(self, number: int) -> None:
        self._timer = None
        if self.compared and self.number == number:
            self._next()

    def seen_by(self, who: Sitter) -> None:
        """A player has read the deal's comparison (or the result)."""
        if self.compared:
            self.seen.add(who.player)
            self._go_on_if_read()

    def readers(self) -> set[str | None]:
        """The players connected at either table."""
        return {t.seats[i].player for t in self.tables for i in t.humans()}

    def _go_on_if_read(self) -> None:
        if self.readers() <= self.seen:
            self._next()

    def go_on(self) -> None:
        """Deal the next deal now (the comparison is out), or end the match."""
        if self.compared:
            self._next()

    def _next(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.compared = False
        if self.over:
            return
        self.number += 1
        self._deal()

    # ----- the record ----------------------------------------------------

    def document(self) -> dict[str, Any]:
        return match_document(self.options, self.seed, self.played)

    def save(self) -> list[Path]:
        """The match so far, into the records/ of everyone who played in it."""
        if self.folder_of is None:
            return []
        doc, written = self.document(), []
        for player, (letter, seat) in self.sat.items():
            folder = self.folder_of(player)
            # Where this player sat, for their history (``history``).
            mine = {**doc, APP_MEMBER: {"table": letter, "seat": seat, "shared": True}}
            try:
                if not folder.parent.is_dir():  # every player has a folder
                    continue
                folder.mkdir(exist_ok=True)
                written.append(save_match(mine, folder / self.file))
            except OSError as error:
                log.warning("match at tables %d and %d: %s's record not saved: %s",
                            self.tables[0].number, self.tables[1].number, player, error)
        return written
