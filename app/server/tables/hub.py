"""Every shared table of a server (``table``), opened, listed, found and closed."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any

from ...play.bot_pool import Decide, decide_in_thread
from ...play.chat import DEFAULT_RATE, RateLimit, TableChat
from ...play.difficulty import DEFAULT_BOT
from ...play.gathering import DEFAULT_LEVEL
from ...play.seats import Sitter, TableError, new_code
from ...play.spectators import DEFAULT_SPECTATORS
from ...play.stats.table_records import TableRecords
from ...play.stats.table_stats import TableStats
from ...play.table import Table

__all__ = ["Tables"]


class Tables:
    """Every table of the server, and their tasks."""

    def __init__(self, grace: float = 30.0, pace: float = 1.0, summary_wait: float = 60.0,
                 max_tables: int = 20, empty_close: float = 600.0,
                 codes: Callable[[], str] = new_code,
                 clock: Callable[[], float] = time.monotonic,
                 decide: Decide = decide_in_thread,
                 max_spectators: int = DEFAULT_SPECTATORS,
                 chat_rate: int = DEFAULT_RATE, stats: TableStats | None = None,
                 move_clock: float = 0.0, records: TableRecords | None = None) -> None:
        self.stats = stats  # where the games go into their players' statistics, if anywhere
        self.records = records  # where the games' records go, in their players' folders
        self.move_clock = move_clock  # seconds a connected player has for a turn (0: no end)
        self.grace, self.pace, self.summary_wait = grace, pace, summary_wait
        self.max_spectators = max_spectators
        # One count of chat lines a sender, and one token a sender, over every table.
        self.talk = RateLimit(chat_rate, clock=clock)
        self.chat_secret = secrets.token_bytes(16)
        self.decide = decide
        self.codes, self.clock = codes, clock
        self.empty_close = empty_close
        self.max_tables = max_tables
        self.tables: dict[int, Table] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._next = 1

    def open(self, game: str, options: dict | None = None, seed: int | None = None,
             bot: str = DEFAULT_BOT, bot_claims: bool = True, reveal: bool = False,
             gather: bool = False, level: str = DEFAULT_LEVEL) -> Table:
        """A new table: playing at once (its bots ``bot``), or, ``gather``, waiting for its
        players until its opener starts it (its bots at ``level``)."""
        if len(self.tables) >= self.max_tables:
            raise TableError("the server has as many tables as it can hold; join one.")
        table = Table(self._next, game, options, seed=seed, grace=self.grace, pace=self.pace,
                      summary_wait=self.summary_wait, empty_close=self.empty_close,
                      on_close=self._forget, codes=self.codes, clock=self.clock, bot=bot,
                      decide=self.decide, bot_claims=bot_claims, reveal=reveal,
                      max_spectators=self.max_spectators, talk=self.talk,
                      chat=TableChat(self.chat_secret),
                      record=None if self.stats is None else self.stats.follow,
                      gather=gather, level=level, move_clock=self.move_clock)
        if self.records is not None:
            table.listeners.append(self.records.follow)
            table.leaving.append(self.records.left)
        self._next += 1
        self.tables[table.number] = table
        self._tasks[table.number] = asyncio.get_running_loop().create_task(table.run())
        return table

    def get(self, number: int) -> Table:
        table = self.tables.get(number)
        if table is None:
            raise TableError(f"there is no table {number}.")
        return table

    def listing(self) -> list[dict[str, Any]]:
        return [t.summary() for t in self.tables.values()]

    def watched_by(self, who: Sitter) -> Table | None:
        """The table ``who``'s session watches, if any."""
        return next((t for t in self.tables.values() if t.spectator_of(who) is not None),
                    None)

    def held_by(self, who: Sitter) -> Table | None:
        """The table where ``who`` holds a seat, if any."""
        return next((t for t in self.tables.values() if t.seat_of(who) is not None), None)

    def claimed_by(self, who: Sitter) -> Table | None:
        """The table where a guest of ``who``'s name left a seat from another session."""
        return next((t for t in self.tables.values() if t.claim_of(who) is not None), None)

    def tidy(self, table: Table) -> None:
        """Close a table nobody sits at any more."""
        if all(s.player is None for s in table.seats):
            table.close()

    def _forget(self, table: Table) -> None:
        self.tables.pop(table.number, None)
        if self.records is not None:
            self.records.closed(table)
        if self.stats is not None:
            self.stats.forget(table)
        task = self._tasks.pop(table.number, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for table in list(self.tables.values()):
            table.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.tables.clear()
        self._tasks.clear()
