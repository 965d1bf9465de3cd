"""Every shared game is remembered: its record in each of its players' ``records/`` folders.

A game at a shared table is played in the server, so the server writes its record (the
game record, as ``moon42 check`` and ``moon42 replay`` read it) into the data folder of
each player seated at it (``players/LABEL/data/records``), once the game is over, or when
the table closes with a game part played.  The file is named for the game, the time, the
table and its players (``texas42-20261206-051502-table3-ann-bob-Bot_C-Bot_D.json``) so a
player finds it among their own.  One game has one account: the record's ``moon42`` member
holds the game's id and start as every player's statistics give them (``TableStats``), and
who sat where.  A folder that cannot be written is logged; the table plays on.
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from moon42.rules import Phase
from moon42.rules.events import Event, GameWon
from moon42.rules.record import game_to_record

from ..files import stamp, write_atomic
from ..records import APP_MEMBER
from .recorder import new_game_id
from .table_stats import TableStats

if TYPE_CHECKING:
    from ..table import Table

__all__ = ["TableRecords", "record_name"]

log = logging.getLogger("moon42.serve")

_UNSAFE = re.compile(r"[^A-Za-z0-9_]+")


def record_name(game: str, table: int, names: list[str], when: str) -> str:
    """A record's file name: the game, the time, the table and its players."""
    players = "-".join(_UNSAFE.sub("_", name).strip("_")[:16] or "player" for name in names)
    return f"{game}-{when}-table{table}-{players}.json"


class TableRecords:
    """Writes each shared game's record for its players (a table's listener)."""

    def __init__(self, root: Path, stats: TableStats | None = None) -> None:
        self.root = root  # the server's folder: players' folders are under root/players
        self.stats = stats  # whose account of each game (id, start, names) the records share
        # Each table's game last written, and the players it was written for.
        self._written: dict[int, tuple[Any, set[str]]] = {}
        self._ids: dict[int, tuple[Any, str]] = {}  # a table's game and its id, without stats

    def folder_of(self, player: str) -> Path:
        return self.root / "players" / player / "data" / "records"

    def follow(self, table: Table, events: list[Event]) -> None:
        """After a table applied ``events``: the game won, its players get its record."""
        if any(isinstance(event, GameWon) for event in events):
            self.write(table)

    def left(self, table: Table, seat: int) -> None:
        """A player gets up mid-game: they get the game as far as it went."""
        if table.game.log and table.game.phase is not Phase.GAME_OVER \
                and not table.gathers_now():
            self.write(table, only=seat)

    def closed(self, table: Table) -> None:
        """The table closes: a game part played is remembered too."""
        if table.game.log and table.game.phase is not Phase.GAME_OVER:
            self.write(table)
        self.forget(table)

    def record(self, table: Table) -> dict[str, Any]:
        """The game's record, with who sat where and the game's id and start."""
        doc = game_to_record(table.game)
        if self.stats is not None:
            shared = self.stats.shared_of(table)
            game_id, started, names = shared.game_id, shared.started, list(shared.names)
        else:
            game, game_id = self._ids.get(table.number, (None, ""))
            if game is not table.game:
                game_id = new_game_id(table.game)
                self._ids[table.number] = (table.game, game_id)
            started, names = "", [s.shown for s in table.seats]
        doc["players"] = names
        doc[APP_MEMBER] = {"table": table.number, "game_id": game_id, "started": started,
                           "shared": True,
                           "saved": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        return doc

    def write(self, table: Table, only: int | None = None) -> list[Path]:
        """Write the game's record for every player seated now (or ``only`` that seat's),
        once a game for each player."""
        game, done = self._written.get(table.number, (None, set()))
        if game is not table.game:
            done = set()
            self._written[table.number] = (table.game, done)
        seats = [s for i, s in enumerate(table.seats) if s.player is not None
                 and s.player not in done and only in (None, i)]
        if not seats:
            return []
        doc = self.record(table)
        text = json.dumps(doc, indent=1) + "\n"
        name = record_name(table.game.options.game, table.number, doc["players"], stamp())
        written = []
        for seat in seats:
            assert seat.player is not None
            done.add(seat.player)
            folder = self.folder_of(seat.player)
            try:
                if not folder.parent.is_dir():  # every seated player has a folder
                    continue
                folder.mkdir(exist_ok=True)
                write_atomic(folder / name, text)
                written.append(folder / name)
                if seat.send is not None:  # the game-over screen replays it from there
                    seat.send({"type": "recorded", "table": table.number, "file": name})
            except OSError as error:
                log.warning("shared table %d: %s's record not saved: %s", table.number,
                            seat.player, error)
        return written

    def forget(self, table: Table) -> None:
        """The table has closed."""
        self._ids.pop(table.number, None)
        self._written.pop(table.number, None)
