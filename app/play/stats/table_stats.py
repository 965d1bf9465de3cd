"""The shared tables' games in their players' statistics.

A game at a shared table is played in the server, not in the player's own app, so the
server writes it into the statistics of each player sitting at it (``players/LABEL/data``,
the database their own games go to): every scored hand and the winner, from the seat the
player held, as a game of their own is kept. The statistics screen and the server's
leaderboard then count the games of the club as well as the games against bots.

A player who leaves keeps the hands scored while they sat; whoever takes the seat after is
followed from then on. One game is one account: every player's statistics give it the same
id, the same start (the table's first move) and the same players, each seat named by the
last player who sat in it, or its bot if nobody did (``SharedGame``). A database that
cannot be written is logged once for its player and that player's game goes unrecorded;
the table plays on.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from moon42.rules.events import Event, GameWon, HandScored

from .recorder import StatsRecorder, new_game_id
from .store import STATS_NAME, StatsError, StatsStore, now_text

if TYPE_CHECKING:
    from ..table import Table

__all__ = ["TableStats"]

log = logging.getLogger("moon42.serve")


@dataclass
class SharedGame:
    """A shared table's game as every one of its players' statistics tell it."""

    game_id: str
    started: str
    names: list[str]  # each seat's last player, or its bot
    bots: list[str | None]  # each seat's bot, None once a player has sat in it
    game: Any = field(default=None, repr=False, compare=False)  # the table's game it is

    @classmethod
    def of(cls, table: Table) -> SharedGame:
        """A table that gathered says its bots by the level chosen (``hard``'s is the
        expert's); one that did not, by its seats' names (they play ``basic``)."""
        return cls(new_game_id(table.game), now_text(), [s.shown for s in table.seats],
                   list(table.counted_bots()), table.game)

    def seen(self, table: Table) -> None:
        """Who sits where now."""
        for number, seat in enumerate(table.seats):
            if seat.player is not None:
                self.names[number], self.bots[number] = seat.shown, None


class TableStats:
    """Follows every shared table's scored hands into its players' statistics."""

    def __init__(self, root: Path) -> None:
        self.root = root  # the server's folder: players' folders are under root/players
        self._recorders: dict[tuple[int, int, str], StatsRecorder] = {}
        self._games: dict[int, SharedGame] = {}  # by the table's number
        self._failed: set[str] = set()  # players whose database could not be written

    def path_of(self, player: str) -> Path:
        return self.root / "players" / player / "data" / STATS_NAME

    def follow(self, table: Table, events: list[Event]) -> None:
        """After a table applied ``events``: start following each player who sat down, and
        write the game for each player sitting there if a hand was scored or the game won."""
        scored = sum(isinstance(event, HandScored) for event in events)
        written = scored or any(isinstance(event, GameWon) for event in events)
        shared = self.shared_of(table)
        shared.seen(table)
        for number, seat in enumerate(table.seats):
            if seat.player is None or seat.player in self._failed:
                continue
            try:
                recorder = self._recorders.get((table.number, number, seat.player))
                if recorder is None:
                    recorder = self._start(table, number, seat.player, shared, scored)
                if recorder is not None and written:
                    # Who has played where, as the hand is scored: others sit down later.
                    recorder.names, recorder.bots = tuple(shared.names), tuple(shared.bots)
                    recorder.follow(table.game, events)
            except (StatsError, OSError) as error:
                self._failed.add(seat.player)
                log.warning("shared table %d: %s's statistics not saved: %s", table.number,
                            seat.player, error)

    def shared_of(self, table: Table) -> SharedGame:
        """The account of the game the table plays now (a new one for each game played
        at the table: a game played again is another game)."""
        shared = self._games.get(table.number)
        if shared is not None and shared.game is not table.game:
            self._let_go(table)
            shared = None
        if shared is None:
            shared = self._games[table.number] = SharedGame.of(table)
        return shared

    def _start(self, table: Table, number: int, player: str, shared: SharedGame,
               scored: int) -> StatsRecorder | None:
        """Follow ``player`` at seat ``number`` from now on: the hands scored before they
        sat are not theirs, but one scored by the move that brought them here is."""
        path = self.path_of(player)
        if not path.parent.is_dir():  # every seated player has a folder; never make one
            return None
        recorder = StatsRecorder(StatsStore(path), table.game, number, shared.bots,
                                 game_id=shared.game_id, names=shared.names)
        recorder.started = shared.started
        if recorder.first_hand == len(table.game.results):
            recorder.first_hand = max(0, recorder.first_hand - scored)
        self._recorders[(table.number, number, player)] = recorder
        return recorder

    def forget(self, table: Table) -> None:
        """A table closed: its players' databases are let go."""
        self._games.pop(table.number, None)
        self._let_go(table)

    def _let_go(self, table: Table) -> None:
        for key in [k for k in self._recorders if k[0] == table.number]:
            self._recorders.pop(key).store.close()
