"""A player's history: their rated games and their duplicate matches, each with its record.

The rated games are the games the rankings count (``ranked.counts``), read from the
player's statistics; a shared game's record is found in their ``records/`` by the game's id
(``table_records`` writes it there); a game of one's own is listed without one.
The matches are the match records (``play.match_record``) in ``records/``: a club match's, written
for each of its players, or a match of one's own.  Match deals are rated by nobody: a
match's result is a score against the other table, not a game won.

Nothing here draws: ``history`` gives the entries, newest first.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from moon42.rules.duplicate import TURN, seats_at_b

from ..match_record import FORMAT as MATCH_FORMAT
from ..records import APP_MEMBER
from ..words import GAME_TITLES
from .board import StatsUnreadable, read_player
from .ranked import PlayedGame

__all__ = ["Entry", "history", "MOST_RECORDS", "RECORD_BYTES"]

MOST_RECORDS = 500  # record files looked at, newest first
RECORD_BYTES = 4 * 2**20  # a record larger than this is not read


@dataclass(frozen=True)
class Entry:
    """One line of the history."""

    when: str  # "2026-12-06 05:12" (UTC)
    game: str  # the game's title, or "... match"
    partners: str
    opponents: str
    result: str
    rating: str  # the rating's change, when known ("" otherwise)
    path: Path | None  # the record, if it is in records/
    match: bool = False
    other: str = ""  # a match's: who held the player's tiles at the other table


def _read(path: Path) -> dict[str, Any] | None:
    try:
        if path.stat().st_size > RECORD_BYTES:
            return None
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) else None


def _names(doc: dict[str, Any]) -> list[str]:
    players = doc.get("players")
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        return [p[:40] for p in players]
    return []


def _records(folder: Path) -> list[tuple[Path, dict[str, Any]]]:
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    found = []
    for path in files[:MOST_RECORDS]:
        doc = _read(path)
        if doc is not None:
            found.append((path, doc))
    return found


def _game_id(doc: dict[str, Any]) -> str | None:
    extra = doc.get(APP_MEMBER)
    game_id = extra.get("game_id") if isinstance(extra, dict) else None
    return game_id if isinstance(game_id, str) else None


def _who(game: PlayedGame, names: list[str], seats: list[int]) -> str:
    shown = []
    for seat in seats:
        bot = game.bots[seat]
        if seat < len(names):
            shown.append(names[seat])
        else:
            shown.append(f"{bot} bot" if bot else "a player")
    return ", ".join(shown) or "-"


def _game_entry(game: PlayedGame, path: Path | None, doc: dict[str, Any] | None) -> Entry:
    n = len(game.bots)
    names = _names(doc) if doc is not None else []
    partner = [(game.seat + 2) % n] if n == 4 else []
    opponents = [s for s in range(n) if s != game.seat and s not in partner]
    return Entry(game.finished[:16].replace("T", " "), GAME_TITLES.get(game.game, game.game),
                 _who(game, names, partner), _who(game, names, opponents),
                 "won" if game.won else "lost", "", path)


def _match_entry(path: Path, doc: dict[str, Any], me: str) -> Entry | None:
    deals = doc.get("deals")
    game = doc.get("game")
    if not isinstance(deals, list) or not deals or not isinstance(deals[0], dict) \
            or not isinstance(game, str):
        return None
    tables = [(t, _names(deals[0].get(t) or {})) for t in ("A", "B")]
    table, names = next(((t, p) for t, p in tables if me in p), tables[0])
    seat = names.index(me) if me in names else 0
    extra = doc.get(APP_MEMBER)
    if isinstance(extra, dict) and extra.get("table") in ("A", "B"):  # a club match's
        table = extra["table"]
        names = dict(tables)[table]
        sat = extra.get("seat")
        seat = sat if isinstance(sat, int) and 0 <= sat < len(names) else 0
    n = len(names)
    if not n:
        return None
    partner = [(seat + 2) % n] if n == 4 else []
    opponents = [s for s in range(n) if s != seat and s not in partner]
    others = next(p for t, p in tables if t != table)
    held_by = seats_at_b((seat,), n, TURN if table == "A" else -TURN)[0]
    against = others[held_by] if held_by < len(others) else "?"
    when = _when(path)
    return Entry(when, f"{GAME_TITLES.get(game, game)} match",
                 ", ".join(names[s] for s in partner) or "-",
                 ", ".join(names[s] for s in opponents),
                 f"{len(deals)} deal{'s' * (len(deals) != 1)}, table {table}", "not rated",
                 path, match=True, other=against)


def _when(path: Path) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(path.stat().st_mtime))
    except OSError:
        return "?"


def history(stats: Path, records: Path, me: str = "") -> tuple[list[Entry], str]:
    """The player's rated games and matches, newest first, and a note of what could not
    be read ("" when all could).  ``me``: the player's name at the tables."""
    note = ""
    try:
        games = list(read_player(stats).games) if stats.exists() else []
    except (OSError, StatsUnreadable) as error:
        games, note = [], f"Your statistics cannot be read: {error}"
    found = _records(records)
    by_id = {game_id: (path, doc) for path, doc in found
             if (game_id := _game_id(doc)) is not None}
    entries = []
    for game in games:
        path, doc = by_id.get(game.id, (None, None))
        entries.append(_game_entry(game, path, doc))
    for path, doc in found:
        if doc.get("format") == MATCH_FORMAT:
            entry = _match_entry(path, doc, me)
            if entry is not None:
                entries.append(entry)
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries, note
