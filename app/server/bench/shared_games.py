"""The shared games' case of the serve bench: the memory of sessions that played a whole
shared game.

    python -m moon42.app.server.bench --shared-games N [--game texas42] [--target T]
                                     [--hints] [--table-pace S] [--settle S] [--json]

N SSH guests on a ``serve ssh --guest`` server each open a table from the lobby's tables
(``t``, ``o``: the lobby's game and target, set in each guest's ``lobby.json``, and easy
bots), deal it on the gathering screen (Enter) and play it to the game's end, reading
their screen as a person would: at their turn the offered choice (Enter; naming trump,
Right first), with ``--hints`` after asking the hint (``a``, the expert run in the
session's own game process) so Enter plays it, and Enter on each hand's summary.  Said:
each game process's PSS and private memory with its lobby drawn, at the game's end (the
game-over screen) and back in the lobby (``l``, Esc); the PSS of all the server's
processes at each point, and what each session added to it; how long the games took.
``--settle S`` waits S seconds before each of the last two (time for the kernel to merge
pages alike, where the machine's owner has turned that on; its settings and the CPU its
thread used are said).
The server opens at most 20 tables, so N is at most 20 (one player a table).
"""

from __future__ import annotations

import asyncio
import json
import platform
import re
import statistics
import time
from pathlib import Path
from typing import Any

import asyncssh

from ..sessions.immortal import available as immortal_heap_available
from .players import Server, limits_for, merger_cpu_seconds, mib, page_merging, pss_kib
from .terminal_text import TerminalText

__all__ = ["shared_games_case", "MAX_TABLES"]

MAX_TABLES = 20  # the server's tables at once (``Tables.max_tables``)
ENTER, RIGHT, ESC = b"\r", b"\x1b[C", b"\x1b"
LOBBY = "moon42: Moon and Texas 42"
MY_TURN = ("Your bid", "you must bid", "Discard:", "Name trump:", "Your lead", "Your turn",
           "Sevens:")
SUMMARY = "Press Enter for the next hand."
GAME_OVER = "play again at this table"
PATIENCE = 180.0  # seconds a screen may stand still before the case gives up


class Reader:
    """One guest's terminal: what its game has drawn, as text."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.screen = TerminalText()
        self.changed = asyncio.Event()
        self.task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.screen.feed(data)
            self.changed.set()

    def press(self, key: bytes) -> None:
        self.process.stdin.write(key)

    async def settled(self) -> str:
        """The screen once it has stood still for a moment (a frame may come in parts)."""
        while True:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), 0.3)
            except TimeoutError:
                return self.screen.text()

    async def wait_for(self, words: str) -> str:
        deadline = time.monotonic() + PATIENCE
        while words not in (text := await self.settled()):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the screen never said {words!r}:\n{text}")
            await asyncio.sleep(0.1)
        return text


async def _open_and_deal(guest: Reader) -> None:
    await guest.wait_for(LOBBY)
    guest.press(b"t")
    await guest.wait_for("Shared tables")
    guest.press(b"o")
    await guest.wait_for("This seat's code")
    guest.press(ENTER)
    await guest.wait_for("gathering players")
    guest.press(ENTER)


async def _play_game(guest: Reader, hints: bool) -> int:
    """Plays at the guest's turns until the game is over; the moves made."""
    moves, last = 0, ""
    deadline = time.monotonic() + PATIENCE
    while True:
        screen = await guest.settled()
        if screen != last:
            deadline = time.monotonic() + PATIENCE
        if GAME_OVER in screen:
            return moves
        if screen != last and SUMMARY in screen:
            guest.press(ENTER)
        elif screen != last and "esc Leave" in screen and any(w in screen for w in MY_TURN):
            if hints:
                guest.press(b"a")  # the hint's move comes under the cursor
                await _hinted(guest, screen)
            guest.press(RIGHT + ENTER if "Nothing chosen yet" in screen else ENTER)
            moves += 1
        elif time.monotonic() > deadline:
            raise RuntimeError(f"the game stood still for {PATIENCE:g} s:\n{screen}")
        last = screen
        await asyncio.sleep(0.1)


async def _hinted(guest: Reader, before: str) -> None:
    """Waits (a little) for the hint to be shown: the expert thinks in a thread."""
    deadline = time.monotonic() + 30
    while (await guest.settled()) == before and time.monotonic() < deadline:
        await asyncio.sleep(0.1)


def _lobby_file(server: Server, name: str, game: str, target: int | None) -> None:
    """The guest's last lobby: the game and target its table is opened with, easy bots."""
    folder = server.folder / "players" / f"guest-{name}" / "data"
    folder.mkdir(parents=True, exist_ok=True)
    options = {"target": target} if target else {}
    (folder / "lobby.json").write_text(json.dumps({"game": game, "options": options,
                                                   "difficulty": "easy"}))


def own_kib(pid: int) -> int:
    """A process's private memory (USS: shared with no other process)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    return sum(int(kib) for kib in
               re.findall(r"^(?:Private_Clean|Private_Dirty):\s+(\d+) kB", text, re.M))


def _games_memory(pids: list[int]) -> dict[str, Any]:
    pss = [pss_kib(pid) for pid in pids]
    own = [own_kib(pid) for pid in pids]
    return {"pss_mean": mib(statistics.mean(pss)), "pss_max": mib(max(pss)),
            "private_mean": mib(statistics.mean(own))}


async def shared_games_case(count: int, game: str, target: int | None, hints: bool,
                            pace: float, settle: float = 0.0) -> dict[str, Any]:
    if not 1 <= count <= MAX_TABLES:
        raise ValueError(f"--shared-games is 1 to {MAX_TABLES} (the server's tables)")
    server = Server(*limits_for(count), "--table-pace", str(pace), "--bot-workers", "1")
    connections = []
    try:
        await server.settle()
        merger_before = merger_cpu_seconds()
        idle = server.total_pss_kib()
        guests = []
        for number in range(count):
            _lobby_file(server, f"p{number}", game, target)
            conn = await asyncssh.connect("127.0.0.1", server.port, username=f"p{number}",
                                          known_hosts=None, client_keys=None)
            connections.append(conn)
            process = await conn.create_process(term_type="xterm-256color",
                                                term_size=(80, 24), encoding=None)
            guests.append(Reader(process))
            await guests[-1].wait_for(LOBBY)
        games = server.games()
        lobbies_games, lobbies_all = _games_memory(games), server.total_pss_kib()
        start = time.monotonic()
        await asyncio.gather(*(_open_and_deal(guest) for guest in guests))
        moves = await asyncio.gather(*(_play_game(guest, hints) for guest in guests))
        played_s = time.monotonic() - start
        await asyncio.sleep(max(2.0, settle))  # (--settle: time for the kernel's page merging)
        over_games, over_all = _games_memory(games), server.total_pss_kib()
        for guest in guests:
            guest.press(b"l")
        await asyncio.gather(*(guest.wait_for("Shared tables") for guest in guests))
        for guest in guests:
            guest.press(ESC)
        await asyncio.gather(*(guest.wait_for(LOBBY) for guest in guests))
        await asyncio.sleep(max(2.0, settle))
        back_games, back_all = _games_memory(games), server.total_pss_kib()
    finally:
        for conn in connections:
            conn.close()
        server.stop()
    return {
        "case": "shared_games",
        "sessions": count,
        "game": game,
        "target": target,
        "hints": hints,
        "table_pace_s": pace,
        "game_minutes": round(played_s / 60, 1),
        "player_moves_mean": round(statistics.mean(moves), 1),
        "game_process_mib": {"lobby": lobbies_games, "game_over": over_games,
                             "back_in_lobby": back_games},
        "all_processes_pss_mib": {"idle": mib(idle), "lobbies": mib(lobbies_all),
                                  "game_over": mib(over_all), "back_in_lobby": mib(back_all)},
        "pss_per_session_mib": {"lobby": mib((lobbies_all - idle) / count),
                                "game_over": mib((over_all - idle) / count),
                                "back_in_lobby": mib((back_all - idle) / count)},
        "python": platform.python_version(),
        "warm_heap_immortal": immortal_heap_available(),
        "settle_s": settle,
        "kernel_page_merging": page_merging(),
        "page_merger_cpu_s": round(merger_cpu_seconds() - merger_before, 1),
    }
