"""A server's leaderboard: what each player's statistics give it, and each player's choice
to be on it or not.

The server reads every player's statistics (their own ``stats.sqlite3``) read-only, with a
limit on the file's size and on the work one file may cost; the player's app reads the
board the server wrote (``served.BOARD_VARIABLE`` names the file) and writes the player's choice
in their own data folder (``CHOICE_NAME``).  A player is on the board unless they chose
not to be.  Only the games a ranking counts are counted (``ranked``).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .ranked import PlayedGame, counted_games

__all__ = ["CHOICE_NAME", "BOARD_BYTES", "REFRESH_SECONDS", "Reading",
           "StatsUnreadable", "board_row", "listed", "choose", "read_board", "read_player"]

# In a player's data folder: {"listed": false} keeps them off the board.
CHOICE_NAME = "leaderboard.json"
_CHOICE_BYTES = 1024
REFRESH_SECONDS = 15  # how often the server looks at the players' statistics again
BOARD_BYTES = 4 * 1024 * 1024  # the board file read at most
STATS_BYTES = 64 * 1024 * 1024  # a statistics file (and its log) read at most
_WORK_SECONDS = 2.0  # the most one file's queries may take
_STEPS = 10000  # SQLite instructions between looks at the clock


class StatsUnreadable(Exception):
    """A player's statistics cannot be read for the board; the message says why."""


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


@dataclass(frozen=True)
class Reading:
    """What the board takes from one player's statistics."""

    row: dict[str, Any] | None  # the counts the board shows; None if no game counts
    games: tuple[PlayedGame, ...]  # the counted games, for the ratings
    totals: dict[str, tuple[int, ...]]  # each counted game's final totals, by seat


_TOTALS = """SELECT s.game_id, s.seat, s.total FROM hand_seats s
             JOIN games g ON g.id = s.game_id
             WHERE g.finished IS NOT NULL AND g.human_seat IS NOT NULL
             AND s.hand = (SELECT MAX(hand) FROM hands h WHERE h.game_id = s.game_id)"""


def board_row(path: Path) -> dict[str, Any] | None:
    """Games counted (``ranked.counts``), won, and bids made in them, in the statistics at
    ``path``; None if none counts.  Raises ``StatsUnreadable`` for a file too big, damaged
    or too slow to read."""
    return read_player(path).row


def read_player(path: Path) -> Reading:
    """The board's row and the counted games of the statistics at ``path`` (``board_row``
    says what it raises)."""
    sizes = 0
    for part in (path, path.with_name(path.name + "-wal")):
        try:
            sizes += part.stat().st_size
        except FileNotFoundError:
            continue
        except OSError as error:
            raise StatsUnreadable(f"{part}: {error.strerror}") from None
    if sizes > STATS_BYTES:
        raise StatsUnreadable(f"{path} is over {STATS_BYTES // 2**20} MiB")
    deadline = time.monotonic() + _WORK_SECONDS
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
    except sqlite3.Error as error:
        raise StatsUnreadable(f"{path}: {error}") from None
    try:
        conn.set_progress_handler(lambda: time.monotonic() > deadline, _STEPS)
        counted = counted_games(conn)
        bids_by_game = conn.execute(
            "SELECT h.game_id, COUNT(*), COALESCE(SUM(h.made = 1), 0) FROM hands h"
            " JOIN games g ON g.id = h.game_id WHERE g.finished IS NOT NULL"
            " AND g.human_seat IS NOT NULL AND h.bidder = g.human_seat"
            " GROUP BY h.game_id").fetchall()
        totals_rows = conn.execute(_TOTALS).fetchall() if counted else []
    except sqlite3.Error as error:
        why = "reading it took too long" if "interrupt" in str(error) else str(error)
        raise StatsUnreadable(f"{path}: {why}") from None
    except ValueError as error:
        raise StatsUnreadable(f"{path}: {error}") from None
    finally:
        conn.close()
    if not counted:
        return Reading(None, (), {})
    ids = {game.id for game in counted}
    bid_rows = [(n, m) for game_id, n, m in bids_by_game if game_id in ids]
    if not all(isinstance(v, int) and v >= 0 for row in bid_rows for v in row):
        raise StatsUnreadable(f"{path}: its counts are not counts")
    games, won = len(counted), sum(game.won for game in counted)
    bids, made = sum(n for n, _ in bid_rows), sum(m for _, m in bid_rows)
    row = {"games": games, "won": won, "win_rate": _rate(won, games), "bids": bids,
           "made": made, "made_rate": _rate(made, bids)}
    return Reading(row, tuple(counted), _totals(path, counted, totals_rows))


def _totals(path: Path, counted: list[PlayedGame],
            rows: list[tuple[Any, ...]]) -> dict[str, tuple[int, ...]]:
    """Each counted game's final totals by seat (a game whose seats are not all there has
    none: its losers are then tied)."""
    seats_of = {game.id: len(game.bots) for game in counted}
    found: dict[str, dict[int, int]] = {}
    for game_id, seat, total in rows:
        if game_id not in seats_of:
            continue
        if not (isinstance(seat, int) and isinstance(total, int)):
            raise StatsUnreadable(f"{path}: its totals are not numbers")
        found.setdefault(game_id, {})[seat] = total
    return {game_id: tuple(by_seat[s] for s in range(seats_of[game_id]))
            for game_id, by_seat in found.items()
            if set(by_seat) == set(range(seats_of[game_id]))}


def listed(data_folder: Path) -> bool:
    """Whether the player whose data folder this is stays on the board (they do unless they
    chose not to; a choice that cannot be read keeps them off, the safer reading)."""
    path = data_folder / CHOICE_NAME
    try:
        with path.open("rb") as file:
            choice = json.loads(file.read(_CHOICE_BYTES + 1))
    except FileNotFoundError:
        return True
    except (OSError, ValueError, UnicodeError):
        return False
    return not (isinstance(choice, dict) and choice.get("listed") is False)


def choose(data_folder: Path, on_board: bool) -> None:
    """Keep the player's choice (OSError if it cannot be written)."""
    data_folder.mkdir(parents=True, exist_ok=True)
    path = data_folder / CHOICE_NAME
    partial = path.with_name(path.name + ".new")
    partial.write_text(json.dumps({"listed": on_board}) + "\n", encoding="utf-8")
    os.replace(partial, path)


def read_board(path: Path) -> dict[str, Any]:
    """The board the server wrote (OSError or ValueError if it cannot be read)."""
    with path.open("rb") as file:
        data = file.read(BOARD_BYTES + 1)
    if len(data) > BOARD_BYTES:
        raise ValueError(f"the board is over {BOARD_BYTES // 2**20} MiB")
    board = json.loads(data)
    if not isinstance(board, dict) or not isinstance(board.get("players"), list):
        raise ValueError("the board is not a board")
    return board
