"""The statistics database: its schema, migrations from older versions, and bad files."""

from __future__ import annotations

import sqlite3

import pytest

from moon42.app.play.stats.report import summarise
from moon42.app.play.stats.schema import LATEST, MIGRATIONS, migrate, version_of
from moon42.app.play.stats.store import StatsError, StatsStore

from .stats_games import play_recorded

# The database as the first version of the schema made it, written out in full: a test
# that only replayed MIGRATIONS[:1] would follow the step if it were ever edited.
VERSION_1 = """
CREATE TABLE games (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL, options TEXT NOT NULL,
    players TEXT NOT NULL, bots TEXT NOT NULL, human_seat INTEGER, human_side INTEGER,
    target INTEGER NOT NULL, uses_marks INTEGER NOT NULL, started TEXT NOT NULL,
    finished TEXT, winners TEXT, human_won INTEGER);
CREATE TABLE hands (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, hand INTEGER NOT NULL,
    dealer INTEGER NOT NULL, bidder INTEGER, bid INTEGER, contract TEXT, trump TEXT,
    made INTEGER, recorded TEXT NOT NULL, PRIMARY KEY (game_id, hand));
CREATE TABLE hand_seats (
    game_id TEXT NOT NULL, hand INTEGER NOT NULL, seat INTEGER NOT NULL, side INTEGER NOT NULL,
    tricks INTEGER NOT NULL, points INTEGER NOT NULL, score INTEGER NOT NULL,
    total INTEGER NOT NULL, PRIMARY KEY (game_id, hand, seat),
    FOREIGN KEY (game_id, hand) REFERENCES hands(game_id, hand) ON DELETE CASCADE);
INSERT INTO games VALUES ('old-1', 'moon3', 5, '{}', '["You", "Ann", "Bob"]',
    '[null, "basic", "basic"]', 0, 0, 21, 0, '2026-01-02T10:00:00+00:00',
    '2026-01-02T10:20:00+00:00', '[0]', 1);
INSERT INTO hands VALUES ('old-1', 0, 1, 0, 5, 'bid', '6', 1, '2026-01-02T10:01:00+00:00');
INSERT INTO hand_seats VALUES ('old-1', 0, 0, 0, 5, 5, 5, 21), ('old-1', 0, 1, 1, 1, 1, 0, 0),
    ('old-1', 0, 2, 2, 1, 1, 0, 0);
PRAGMA user_version = 1;
"""


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def test_a_new_database_gets_every_table_in_wal_mode(tmp_path) -> None:
    store = StatsStore(tmp_path / "stats.sqlite3")
    assert not store.exists
    with store, store.connect() as conn:
        assert version_of(conn) == LATEST == len(MIGRATIONS)
        assert _tables(conn) == {"games", "hands", "hand_seats", "bids"}
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert store.exists


def test_a_version_1_database_is_brought_up_to_date_keeping_its_games(tmp_path) -> None:
    path = tmp_path / "stats.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(VERSION_1)
    old.close()
    with StatsStore(path) as store:
        with store.connect() as conn:
            assert version_of(conn) == LATEST
            assert "bids" in _tables(conn)
            assert conn.execute("SELECT id, undo_used FROM games").fetchall() == [("old-1", 0)]
        summary = summarise(store)
        # the old game still counts, and new games go in beside it
        play_recorded(store, "moon3", seed=3)
        after = summarise(store)
    assert summary["by_game"][0]["played"] == summary["by_game"][0]["won"] == 1
    assert summary["made_by_bid"][0]["bid"] == "5"
    assert after["games_recorded"] == 2


def test_migrating_is_one_transaction_and_runs_once(tmp_path) -> None:
    conn = sqlite3.connect(tmp_path / "stats.sqlite3", isolation_level=None)
    conn.executescript(VERSION_1)
    assert migrate(conn) == 1
    assert migrate(conn) == LATEST  # already up to date: nothing runs
    assert version_of(conn) == LATEST


def test_a_database_from_a_newer_moon42_is_left_alone(tmp_path) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    conn.close()
    with StatsStore(path) as store, pytest.raises(StatsError, match="newer moon42"):
        summarise(store)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == LATEST + 1


def test_a_file_that_is_not_a_database_gives_a_plain_error_and_is_kept(tmp_path) -> None:
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"these are not the statistics you are looking for" * 100)
    with StatsStore(path) as store, pytest.raises(StatsError, match="not a database"):
        summarise(store)
    assert path.read_bytes().startswith(b"these are not")


def test_nello_and_sevens_are_counted_apart_from_a_plain_bid(tmp_path) -> None:
    """A 42 played as Nello, as Sevens and with a suit: three contracts, three made rates."""
    with StatsStore(tmp_path / "stats.sqlite3") as store:
        play_recorded(store, "texas42", seed=3, stop_after=1)
        with store.connect() as conn:
            game_id = conn.execute("SELECT id FROM games").fetchone()[0]
            conn.execute("DELETE FROM hands")
            for hand, (trump, made) in enumerate([("nello", 1), ("nello", 0), ("sevens", 1),
                                                  ("5", 0), ("5", 0)]):
                conn.execute("INSERT INTO hands (game_id, hand, dealer, bidder, bid, contract,"
                             " trump, made, recorded) VALUES (?, ?, 0, 0, 42, 'bid', ?, ?, '')",
                             (game_id, hand, trump, made))
        rows = {r["bid"]: r for r in summarise(store)["made_by_bid"]}
    assert set(rows) == {"42", "42 Nello", "42 Sevens"}
    assert (rows["42 Nello"]["hands"], rows["42 Nello"]["made_rate"]) == (2, 0.5)
    assert (rows["42 Sevens"]["hands"], rows["42 Sevens"]["made"]) == (1, 1)
    assert (rows["42"]["hands"], rows["42"]["made"]) == (2, 0)
