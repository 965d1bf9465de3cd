"""The statistics database's tables, and the steps that bring an older one up to date.

``PRAGMA user_version`` holds how many steps of ``MIGRATIONS`` a database has had.  Steps are
only ever appended: a released step never changes, so a database made by any older moon42
is brought up to date by running the steps it has not had, in order, in one transaction.
"""

from __future__ import annotations

import sqlite3
import time

__all__ = ["MIGRATIONS", "LATEST", "TooNew", "migrate", "version_of"]

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: games, their hands, and each seat's share of a hand.
    (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,          -- stable across a resume: the game's seed + start
            game TEXT NOT NULL,           -- moon3, moon4 or texas42
            seed INTEGER NOT NULL,
            options TEXT NOT NULL,        -- JSON: the house rules, as Options.to_dict()
            players TEXT NOT NULL,        -- JSON: the names, in seat order
            bots TEXT NOT NULL,           -- JSON: each seat's bot, null for the human
            human_seat INTEGER,           -- null when bots played every seat (watched)
            human_side INTEGER,           -- the human's seat, or partnership (seat % 2)
            target INTEGER NOT NULL,
            uses_marks INTEGER NOT NULL,
            started TEXT NOT NULL,        -- ISO 8601, local time with its offset
            finished TEXT,                -- null until the game is won
            winners TEXT,                 -- JSON: the winning seats
            human_won INTEGER             -- 1 or 0 once finished; null when watched
        )""",
        """CREATE TABLE hands (
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            hand INTEGER NOT NULL,        -- 0 for the first hand
            dealer INTEGER NOT NULL,
            bidder INTEGER,               -- null when everyone passed (thrown in)
            bid INTEGER,                  -- tricks in Moon (21 = moon), points or 42 x marks
            contract TEXT,                -- bid, plunge or splash
            trump TEXT,                   -- the Trump value: 0-6, doubles, none, nello, sevens
            made INTEGER,                 -- 1 made, 0 set, null thrown in
            recorded TEXT NOT NULL,
            PRIMARY KEY (game_id, hand)
        )""",
        """CREATE TABLE hand_seats (
            game_id TEXT NOT NULL,
            hand INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            side INTEGER NOT NULL,        -- the seat, or its partnership (seat % 2)
            tricks INTEGER NOT NULL,
            points INTEGER NOT NULL,      -- Moon: tricks; Texas 42: tricks and count
            score INTEGER NOT NULL,       -- what the hand changed the seat's total by
            total INTEGER NOT NULL,       -- points or marks after the hand
            PRIMARY KEY (game_id, hand, seat),
            FOREIGN KEY (game_id, hand) REFERENCES hands(game_id, hand) ON DELETE CASCADE
        )""",
    ),
    # 2: the auction of every hand, whether undo was used, and recent games found fast.
    (
        "ALTER TABLE games ADD COLUMN undo_used INTEGER NOT NULL DEFAULT 0",
        """CREATE TABLE bids (
            game_id TEXT NOT NULL,
            hand INTEGER NOT NULL,
            turn INTEGER NOT NULL,        -- 0 for the first call of the auction
            seat INTEGER NOT NULL,
            value INTEGER,                -- null for a pass
            contract TEXT NOT NULL,       -- bid, plunge, splash or pass
            PRIMARY KEY (game_id, hand, turn),
            FOREIGN KEY (game_id, hand) REFERENCES hands(game_id, hand) ON DELETE CASCADE
        )""",
        "CREATE INDEX games_by_start ON games(started)",
    ),
)

LATEST = len(MIGRATIONS)


class TooNew(Exception):
    """The database was made by a newer moon42: this one must not write to it."""


def version_of(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA user_version").fetchone()[0]


def _use_wal(conn: sqlite3.Connection, patience: float) -> None:
    """Write-ahead logging, so readers never block the writer (set once, kept in the file).

    Switching needs the database to itself for a moment; another process switching it at
    the same time makes this one wait and look again.
    """
    deadline = time.monotonic() + patience
    while True:
        try:
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        except sqlite3.OperationalError:
            mode = None
        if mode == "wal" or time.monotonic() > deadline:
            return
        time.sleep(0.02)


def migrate(conn: sqlite3.Connection, patience: float = 5.0) -> int:
    """Bring the database up to ``LATEST``; returns the version it had.

    ``conn`` must be in autocommit mode (``isolation_level=None``): the steps run in one
    ``BEGIN IMMEDIATE`` transaction, so two processes opening an old database at once
    migrate it once, and a failure leaves it as it was.
    """
    found = version_of(conn)
    if found > LATEST:
        raise TooNew(f"the statistics were written by a newer moon42 (schema {found}, "
                     f"this one knows {LATEST})")
    if found == LATEST:
        return found
    _use_wal(conn, patience)
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = version_of(conn)  # another process may have migrated it meanwhile
        if found > LATEST:
            raise TooNew(f"the statistics were written by a newer moon42 (schema {found})")
        for steps in MIGRATIONS[found:]:
            for statement in steps:
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {LATEST}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return found
