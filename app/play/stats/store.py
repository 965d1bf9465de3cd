"""The statistics database on disk: one file in the data folder, shared by every moon42.

Several moon42 processes may write at once (two terminals, an SSH server's sessions).  So
the database uses write-ahead logging, waits for a busy writer rather than failing, and
every write is one short ``BEGIN IMMEDIATE`` transaction on a connection opened for it.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..paths import data_dir
from .schema import TooNew, migrate

__all__ = ["STATS_NAME", "StatsError", "HandFacts", "GameFacts", "StatsStore", "stats_path",
           "now_text"]

STATS_NAME = "stats.sqlite3"
# How long a write waits for another process's write to finish before giving up.
BUSY_SECONDS = 10.0


class StatsError(Exception):
    """The statistics cannot be read or written; the message says why in plain words."""


@dataclass(frozen=True, slots=True)
class HandFacts:
    """One scored hand as the database keeps it."""

    hand: int
    dealer: int
    bidder: int | None
    bid: int | None
    contract: str | None
    trump: str | None
    made: bool | None
    # (seat, side, tricks, points, score, total) for every seat
    seats: tuple[tuple[int, int, int, int, int, int], ...]
    # (seat, value or None, contract) for every call of the auction, in order
    bids: tuple[tuple[int, int | None, str], ...]


@dataclass(frozen=True, slots=True)
class GameFacts:
    """A game as far as it has been played: who sat where, every scored hand, the winner."""

    id: str
    game: str
    seed: int
    options: dict[str, Any]
    players: tuple[str, ...]
    bots: tuple[str | None, ...]
    human_seat: int | None
    human_side: int | None
    target: int
    uses_marks: bool
    started: str
    finished: str | None
    winners: tuple[int, ...] | None
    human_won: bool | None
    undo_used: bool
    hands: tuple[HandFacts, ...]  # the hands played while recorded (a resumed game: all)
    scored: int  # hands scored in the game so far, recorded or not


def now_text() -> str:
    """The time now as the database keeps it: ISO 8601, local time with its UTC offset."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def stats_path() -> Path:
    return data_dir() / STATS_NAME


def _plain(error: Exception) -> str:
    return str(error).rstrip(".")


def _disk_full(error: sqlite3.Error, folder: Path) -> bool:
    """Whether SQLite failed for want of room: it says "full", or it could not write to a
    disk with next to nothing free."""
    code = getattr(error, "sqlite_errorcode", None)
    if code == sqlite3.SQLITE_FULL:
        return True
    if code is None or code & 0xFF != sqlite3.SQLITE_IOERR:
        return False
    try:
        return shutil.disk_usage(folder).free < 1024 * 1024
    except OSError:
        return False


class StatsStore:
    """The database at ``path`` (by default ``stats.sqlite3`` in the data folder).

    One connection is opened on first use and kept until ``close``: closing the last
    connection checkpoints the log, which costs a disk sync, too slow to pay every hand.
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else stats_path()
        self._conn: sqlite3.Connection | None = None

    @property
    def exists(self) -> bool:
        return self.path.is_file()

    def __enter__(self) -> StatsStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            conn.close()

    def _open(self) -> sqlite3.Connection:
        # The flow's listeners run on the event loop, but nothing stops a caller from
        # another thread; writes never overlap, so sharing the connection is safe.
        conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None,
                               check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = NORMAL")  # with WAL: durable at checkpoints
            migrate(conn, BUSY_SECONDS)
        except BaseException:
            conn.close()
            raise
        return conn

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """The up-to-date connection, in autocommit mode; errors become StatsError."""
        try:
            if self._conn is None:
                self._conn = self._open()
            yield self._conn
        except TooNew as error:
            raise StatsError(f"{self.path}: {error}") from None
        except sqlite3.Error as error:
            self.close()  # start afresh next time
            if _disk_full(error, self.path.parent):
                raise StatsError(f"the disk is full ({self.path} cannot grow)") from None
            raise StatsError(f"{self.path} is not usable: {_plain(error)}") from None
        except OverflowError:  # every number is checked where it enters: this is a last line
            self.close()
            raise StatsError("a number too large for the database was not stored") from None

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection inside one read transaction: every query sees the same moment."""
        with self.connect() as conn:
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")

    # ----- writing ---------------------------------------------------------

    def write(self, facts: GameFacts) -> None:
        """Insert or bring up to date the game and all its hands, in one transaction."""
        with self.connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                _write_game(conn, facts)
                conn.execute("COMMIT")
            except BaseException:
                # SQLite may have rolled back already (a full disk does that): the first
                # error is the one to report, never the rollback's.
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                raise

    # ----- finding a resumed game ----------------------------------------------

    def find_unfinished(self, game: str, seed: int, players: tuple[str, ...],
                        totals: list[tuple[int, ...]]) -> tuple[str, int] | None:
        """(id, first hand recorded) of the unfinished game these hands continue, if any.

        A game resumed from a save is the same game: its hands so far must not be counted
        twice.  It is found by its seed, players and the totals after every recorded hand,
        and its recorded hands reach the last scored one (or the one before: a write that
        was cut short).  A deal played again from the middle of a game reaches less far,
        so it is a game of its own.
        """
        if not self.exists:
            return None
        with self.reading() as conn:
            candidates = conn.execute(
                "SELECT id FROM games WHERE game = ? AND seed = ? AND players = ?"
                " AND finished IS NULL ORDER BY started DESC",
                (game, seed, json.dumps(list(players))),
            ).fetchall()
            for (game_id,) in candidates:
                recorded = _recorded_totals(conn, game_id)
                if not recorded or max(recorded) + 1 not in (len(totals), len(totals) - 1):
                    continue
                if all(totals[hand] == total for hand, total in recorded.items()):
                    return game_id, min(recorded)
        return None

    def first_hand(self, game_id: str) -> int | None:
        """The first hand recorded of a game, or None if it has none."""
        if not self.exists:
            return None
        with self.reading() as conn:
            (first,) = conn.execute("SELECT MIN(hand) FROM hands WHERE game_id = ?",
                                    (game_id,)).fetchone()
        return first


def _recorded_totals(conn: sqlite3.Connection, game_id: str) -> dict[int, tuple[int, ...]]:
    by_hand: dict[int, list[int]] = {}
    for hand, total in conn.execute(
        "SELECT hand, total FROM hand_seats WHERE game_id = ? ORDER BY hand, seat", (game_id,)
    ):
        by_hand.setdefault(hand, []).append(total)
    return {hand: tuple(seats) for hand, seats in by_hand.items()}


def _write_game(conn: sqlite3.Connection, facts: GameFacts) -> None:
    conn.execute(
        """INSERT INTO games (id, game, seed, options, players, bots, human_seat, human_side,
               target, uses_marks, started, finished, winners, human_won, undo_used)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET
               players = excluded.players, bots = excluded.bots,
               finished = COALESCE(games.finished, excluded.finished),
               winners = COALESCE(games.winners, excluded.winners),
               human_won = COALESCE(games.human_won, excluded.human_won),
               undo_used = MAX(games.undo_used, excluded.undo_used)""",
        (
            facts.id, facts.game, facts.seed, json.dumps(facts.options, sort_keys=True),
            json.dumps(list(facts.players)), json.dumps(list(facts.bots)), facts.human_seat,
            facts.human_side, facts.target, int(facts.uses_marks), facts.started,
            facts.finished, None if facts.winners is None else json.dumps(list(facts.winners)),
            None if facts.human_won is None else int(facts.human_won), int(facts.undo_used),
        ),
    )
    # Hands taken back with undo after they were scored are no longer part of the game.
    gone = (facts.id, facts.scored)
    now = now_text()
    for table in ("bids", "hand_seats", "hands"):
        conn.execute(f"DELETE FROM {table} WHERE game_id = ? AND hand >= ?", gone)
    for hand in facts.hands:
        key = (facts.id, hand.hand)
        made = None if hand.made is None else int(hand.made)
        conn.execute(
            """INSERT INTO hands (game_id, hand, dealer, bidder, bid, contract, trump, made,
                   recorded)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (game_id, hand) DO UPDATE SET
                   dealer = excluded.dealer, bidder = excluded.bidder, bid = excluded.bid,
                   contract = excluded.contract, trump = excluded.trump, made = excluded.made""",
            (*key, hand.dealer, hand.bidder, hand.bid, hand.contract, hand.trump, made, now),
        )
        conn.execute("DELETE FROM hand_seats WHERE game_id = ? AND hand = ?", key)
        conn.executemany(
            "INSERT INTO hand_seats (game_id, hand, seat, side, tricks, points, score, total)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(*key, *seat) for seat in hand.seats],
        )
        conn.execute("DELETE FROM bids WHERE game_id = ? AND hand = ?", key)
        conn.executemany(
            "INSERT INTO bids (game_id, hand, turn, seat, value, contract)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(*key, turn, *call) for turn, call in enumerate(hand.bids)],
        )
