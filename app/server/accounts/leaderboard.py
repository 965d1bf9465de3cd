"""The server's leaderboard: made from every player's statistics, kept in one file that the
players' games read (``moon42.app.play.stats.board`` says what a row holds).

Every ``REFRESH`` seconds the server looks at each player's folder and reads again only
the statistics that changed since: every member's and key's player's first (at most
``MOST_PLAYERS``), then the guests who played last (at most ``MOST_GUESTS``), so a flood
of guests' names never pushes the others off; and at most ``GUEST_ROWS`` of the board's
rows are guests'.  Only the games a ranking counts are counted (``stats.ranked``), and each
game kind's ratings are made again from them whenever a player's statistics changed
(``stats.ratings``): the board keeps nothing of its own.  A player who chose to stay off
the board is not shown, but their games still rate the others who played them.  A file
that cannot be read (too big, damaged, too slow) is said in the log once and left off the
board, and the board goes on.  The work is done in a thread, never on the server's loop.
A player is shown by the name they last signed in with (``NAME_FILE`` in their folder)
and how they sign in (a key, a club secret, or a guest's name anyone may use).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ...play.stats.board import CHOICE_NAME, REFRESH_SECONDS, StatsUnreadable, listed, read_player
from ...play.stats.ratings import PlayerGames
from ...play.stats.store import STATS_NAME
from .board_ratings import rated_board
from .identity import NAME_BYTES, Identity

__all__ = ["BOARD_NAME", "NAME_FILE", "GUEST_ROWS", "MOST_GUESTS", "MOST_PLAYERS", "MOST_ROWS",
           "REFRESH", "Leaderboard", "remember_name", "remembered_name", "top"]

log = logging.getLogger("moon42.serve")

BOARD_NAME = "leaderboard.json"  # in the server's folder
NAME_FILE = "name"  # in a player's folder: the name they last signed in with
REFRESH = float(REFRESH_SECONDS)  # seconds between looks at the players' statistics
MOST_PLAYERS = 10000  # members' and keys' players' folders looked at
MOST_GUESTS = 5000  # guests' folders looked at: those who played last
MOST_ROWS = 100  # players shown
GUEST_ROWS = 25  # of them guests at most
_GUEST = "guest-"
_KINDS = {"key": "key", "cert": "key", "member": "secret", "guest": "guest"}


def remember_name(folder: Path, who: Identity) -> None:
    """Keep the name ``who`` signed in with, for the board (only when it changed)."""
    path = folder / NAME_FILE
    with contextlib.suppress(OSError):
        if path.read_text(encoding="utf-8") == who.name:
            return
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(NAME_FILE + ".new")
        partial.write_text(who.name, encoding="utf-8")
        os.replace(partial, path)


def remembered_name(folder: Path) -> str:
    """The name kept in ``folder`` ("?" when there is none that can be read)."""
    try:
        with (folder / NAME_FILE).open("rb") as file:
            name = file.read(NAME_BYTES + 1).decode("utf-8")
    except (OSError, UnicodeError):
        name = ""
    if not name or len(name.encode()) > NAME_BYTES or not name.isprintable():
        return "?"
    return name


def _signature(folder: Path) -> tuple[int, ...]:
    """What changes when the player's statistics, choice or name change."""
    data = folder / "data"
    marks: list[int] = []
    for path in (data / STATS_NAME, data / (STATS_NAME + "-wal"), data / CHOICE_NAME,
                 folder / NAME_FILE):
        try:
            stat = path.stat()
        except OSError:
            stat = None
        # An empty log is as good as none (reading the statistics leaves one behind).
        empty_log = stat is not None and not stat.st_size and path.name.endswith("-wal")
        marks += [0, -1] if stat is None or empty_log else [stat.st_mtime_ns, stat.st_size]
    return tuple(marks)


class Leaderboard:
    """Keeps ``folder``'s board file up to date from ``folder/players``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / BOARD_NAME
        # Each player's row (None when not on the board) and counted games, by folder.
        self._rows: dict[str, tuple[tuple[int, ...], dict[str, Any] | None,
                                    PlayerGames | None]] = {}
        self._skipped: set[str] = set()  # players whose statistics cannot be read now
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._keep())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _keep(self) -> None:
        while True:
            try:
                await asyncio.to_thread(self.refresh)
            except OSError as error:
                log.warning("the leaderboard cannot be written: %s", error)
            await asyncio.sleep(REFRESH)

    def refresh(self) -> bool:
        """Read what changed and write the board if it changed; whether it did."""
        players = self.folder / "players"
        labels = _looked_at(players)
        changed = set(self._rows) - set(labels)
        for label in changed:
            del self._rows[label]
        for label in labels:
            folder = players / label
            mark = _signature(folder)
            known = self._rows.get(label)
            if known is not None and known[0] == mark:
                continue
            changed.add(label)
            self._rows[label] = (mark, *self._row(label, folder))
        if changed or not self.path.exists():
            self._write()
            return True
        return False

    def _row(self, label: str, folder: Path) -> tuple[dict[str, Any] | None,
                                                      PlayerGames | None]:
        """The player's row ({"off": True} if they stay off the board) and counted games."""
        data = folder / "data"
        on_board = listed(data)
        stats = data / STATS_NAME
        if not stats.is_file():
            return (None if on_board else {"off": True}), None
        try:
            reading = read_player(stats)
        except StatsUnreadable as error:
            if label not in self._skipped:
                log.warning("leaderboard: %s is left off: %s", label, error)
            self._skipped.add(label)
            return (None if on_board else {"off": True}), None
        self._skipped.discard(label)
        kind = _KINDS.get(label.partition("-")[0], "guest")
        games = PlayerGames(label, kind == "guest", reading.games, reading.totals)
        if not on_board:
            return {"off": True}, games
        if reading.row is None:
            return None, games
        return {"name": remembered_name(folder), "sign_in": kind, **reading.row}, games

    def _shown_players(self) -> list[tuple[PlayerGames, dict[str, Any] | None]]:
        """Every player whose games could be read, with how the board shows them (None for
        a player who stays off it)."""
        players = []
        for label, (_, row, games) in self._rows.items():
            if games is None:
                continue
            if row is None:  # no game counted: shown by name if a rating comes of it
                folder = self.folder / "players" / label
                kind = _KINDS.get(label.partition("-")[0], "guest")
                row = {"name": remembered_name(folder), "sign_in": kind}
            players.append((games, None if row.get("off") else row))
        return players

    def _write(self) -> None:
        rows = [row for _, row, _ in self._rows.values() if row is not None]
        shown = [row for row in rows if not row.get("off")]
        shown.sort(key=lambda r: (-r["won"], -(r["win_rate"] or 0), -r["games"], r["name"]))
        board = {"format": "moon42-leaderboard", "version": 2,
                 "updated": datetime.now(UTC).isoformat(timespec="seconds"),
                 "players": top(shown), "listed": len(shown),
                 "off": len(rows) - len(shown), "skipped": len(self._skipped),
                 **rated_board(self._shown_players(), top)}
        partial = self.path.with_name(BOARD_NAME + ".new")
        partial.write_text(json.dumps(board, ensure_ascii=False), encoding="utf-8")
        os.chmod(partial, 0o644)
        os.replace(partial, self.path)


def _looked_at(players: Path) -> list[str]:
    """The players' folders the board looks at: members' and keys' players' first (the
    first ``MOST_PLAYERS`` by name), then the ``MOST_GUESTS`` guests who played last."""
    others: list[str] = []
    guests: list[tuple[int, str]] = []
    try:
        with os.scandir(players) as entries:
            for entry in entries:
                if not entry.is_dir(follow_symlinks=False):
                    continue
                if not entry.name.startswith(_GUEST):
                    others.append(entry.name)
                    continue
                try:  # a game played writes its statistics: their folder changes
                    played = (Path(entry.path) / "data").stat().st_mtime_ns
                except OSError:
                    played = 0
                guests.append((-played, entry.name))
    except FileNotFoundError:
        return []
    others.sort()
    guests.sort()
    for kind, found, most in (("members' and keys' players'", others, MOST_PLAYERS),
                              ("guests'", guests, MOST_GUESTS)):
        if len(found) > most:
            log.warning("the leaderboard looks at %d of %d %s folders", most, len(found), kind)
    return others[:MOST_PLAYERS] + [name for _, name in guests[:MOST_GUESTS]]


def top(shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The board's rows, in rank order: ``MOST_ROWS``, of them ``GUEST_ROWS`` guests at most."""
    rows: list[dict[str, Any]] = []
    guests = 0
    for row in shown:
        if row["sign_in"] == "guest":
            if guests == GUEST_ROWS:
                continue
            guests += 1
        rows.append(row)
        if len(rows) == MOST_ROWS:
            break
    return rows
