"""What the statistics say: one summary, as plain JSON-ready values, for the Stats screen,
``moon42 stats`` and ``moon42 stats --json`` alike.

"You" is the human seat of the games played (not watched).  A hand's points are a side's:
tricks in Moon, tricks and count in Texas 42.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from moon42.rules.bidding import bid_label

from ..words import GAME_TITLES
from .store import StatsStore

__all__ = ["summarise", "empty_summary", "NO_STATS"]

NO_STATS = "No statistics yet: they are kept from the first hand you play or watch."

_GAME_ORDER = {game: index for index, game in enumerate(GAME_TITLES)}


def empty_summary(store: StatsStore) -> dict[str, Any]:
    return {"database": str(store.path), "games_recorded": 0, "hands_recorded": 0,
            "by_game": [], "made_by_bid": [], "last_game": None, "recent": [],
            "message": NO_STATS}


def summarise(store: StatsStore, recent: int = 8) -> dict[str, Any]:
    """Everything the statistics say, read in one transaction (StatsError if unreadable)."""
    summary = empty_summary(store)
    if not store.exists:
        return summary
    with store.reading() as conn:
        summary["games_recorded"] = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        summary["hands_recorded"] = conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
        summary["by_game"] = _by_game(conn)
        summary["made_by_bid"] = _made_by_bid(conn)
        summary["recent"] = _recent(conn, recent)
        summary["last_game"] = _last_game(conn)
    if summary["games_recorded"]:
        summary["message"] = None
    return summary


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def _by_game(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Per game: games you finished and won, left unfinished, watched; your hands and bids."""
    rows: dict[str, dict[str, Any]] = {}
    for game, played, won, unfinished, watched in conn.execute(
        """SELECT game,
                  SUM(human_seat IS NOT NULL AND finished IS NOT NULL),
                  SUM(human_won = 1),
                  SUM(human_seat IS NOT NULL AND finished IS NULL),
                  SUM(human_seat IS NULL)
           FROM games GROUP BY game"""
    ):
        rows[game] = {
            "game": game, "title": GAME_TITLES.get(game, game), "played": played, "won": won,
            "win_rate": _rate(won, played), "unfinished": unfinished, "watched": watched,
            "hands": 0, "bids": 0, "bids_made": 0, "made_rate": None, "average_points": None,
            "points_are": "tricks" if game.startswith("moon") else "points",
        }
    for game, hands, bids, made in conn.execute(
        """SELECT g.game, COUNT(*), SUM(h.bidder = g.human_seat),
                  SUM(h.bidder = g.human_seat AND h.made = 1)
           FROM hands h JOIN games g ON g.id = h.game_id
           WHERE g.human_seat IS NOT NULL GROUP BY g.game"""
    ):
        row = rows[game]
        row.update(hands=hands, bids=bids, bids_made=made, made_rate=_rate(made, bids))
    for game, average in conn.execute(
        """SELECT game, AVG(points) FROM (
               SELECT g.game AS game, SUM(s.points) AS points
               FROM hand_seats s
               JOIN games g ON g.id = s.game_id
               JOIN hands h ON h.game_id = s.game_id AND h.hand = s.hand
               WHERE s.side = g.human_side AND h.bidder IS NOT NULL
               GROUP BY s.game_id, s.hand)
           GROUP BY game"""
    ):
        rows[game]["average_points"] = round(average, 1)
    return sorted(rows.values(), key=lambda row: _GAME_ORDER.get(row["game"], 99))


def _made_by_bid(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """How often each winning bid was made, by anyone and by you (thrown-in hands aside);
    a bid played as Nello or Sevens is a contract of its own, counted apart."""
    rows = []
    for game, contract, kind, bid, hands, made, yours, yours_made in conn.execute(
        """SELECT g.game, h.contract,
                  CASE WHEN h.trump IN ('nello', 'sevens') THEN h.trump ELSE h.contract END,
                  h.bid, COUNT(*), SUM(h.made = 1),
                  SUM(h.bidder = g.human_seat), SUM(h.bidder = g.human_seat AND h.made = 1)
           FROM hands h JOIN games g ON g.id = h.game_id
           WHERE h.bidder IS NOT NULL
           GROUP BY 1, 2, 3, 4"""
    ):
        label = bid_label(bid, contract, game.startswith("moon"))
        if kind in _PLAYED_AS:
            label += f" {_PLAYED_AS[kind]}"
        rows.append({
            "game": game, "bid": label, "value": bid, "contract": contract, "kind": kind,
            "hands": hands, "made": made, "made_rate": _rate(made, hands), "yours": yours,
            "yours_made": yours_made,
        })
    rows.sort(key=lambda r: (_GAME_ORDER.get(r["game"], 99), r["value"], r["contract"],
                             r["kind"]))
    return rows


# Contracts named with the trump (RULES.md 9.5, 9.6): their made rates are nothing like a
# plain bid's of the same value.
_PLAYED_AS = {"nello": "Nello", "sevens": "Sevens"}


def _sides(players: list[str], partnerships: bool) -> list[str]:
    if partnerships:
        return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    return list(players)


def _game_row(conn: sqlite3.Connection, row: sqlite3.Row) -> dict[str, Any]:
    (game_id, game, players, human_seat, human_side, started, finished, winners, human_won,
     undo_used, uses_marks) = row
    players = json.loads(players)
    partnerships = len(players) == 4
    hands, = conn.execute("SELECT COUNT(*) FROM hands WHERE game_id = ?", (game_id,)).fetchone()
    totals = [0] * (2 if partnerships else len(players))
    for side, total in conn.execute(
        "SELECT side, total FROM hand_seats WHERE game_id = ?"
        " AND hand = (SELECT MAX(hand) FROM hands WHERE game_id = ?)", (game_id, game_id)
    ):
        totals[side] = total
    winners = None if winners is None else json.loads(winners)
    if finished is None:
        result = "unfinished"
    elif human_seat is None:
        result = "watched"
    else:
        result = "won" if human_won else "lost"
    sides = _sides(players, partnerships)
    winner = None
    if winners:
        winner = sides[winners[0] % 2] if partnerships else players[winners[0]]
    return {
        "id": game_id, "game": game, "title": GAME_TITLES.get(game, game), "started": started,
        "finished": finished, "players": players, "sides": sides, "your_side": human_side,
        "hands": hands, "totals": totals, "unit": "marks" if uses_marks else "points",
        "winner": winner, "result": result, "undo_used": bool(undo_used),
    }


_GAME_COLUMNS = """id, game, players, human_seat, human_side, started, finished, winners,
                   human_won, undo_used, uses_marks"""


def _recent(conn: sqlite3.Connection, limit: int) -> list[dict[str, Any]]:
    rows = conn.execute(
        f"SELECT {_GAME_COLUMNS} FROM games ORDER BY started DESC, rowid DESC LIMIT ?", (limit,)
    ).fetchall()
    return [_game_row(conn, row) for row in rows]


def _last_game(conn: sqlite3.Connection) -> dict[str, Any] | None:
    """The latest game, with each side's total after every hand (for the sparklines)."""
    row = conn.execute(
        f"SELECT {_GAME_COLUMNS} FROM games ORDER BY started DESC, rowid DESC LIMIT 1"
    ).fetchone()
    if row is None:
        return None
    last = _game_row(conn, row)
    by_side: list[list[int]] = [[] for _ in last["sides"]]
    for side, total in conn.execute(
        "SELECT side, MAX(total) FROM hand_seats WHERE game_id = ?"
        " GROUP BY hand, side ORDER BY hand, side", (last["id"],)
    ):
        by_side[side].append(total)
    last["score_by_hand"] = by_side
    return last
