"""A cap on each game's own memory (``--game-memory``): a game past it ends alone.

What a game costs the machine is what it does not share: the pages it has copied from
the warm process or made itself (its private pages, ``/proc/PID/smaps_rollup``), not
its resident size, which counts the warm process's pages it merely reads.  The server
looks at every game's every ``_EVERY`` seconds and ends one past the cap, with a line in
the log; the game is saved after every move, so ending it loses nothing.  A forked game is
also given a kernel limit on its data (``RLIMIT_DATA``): what it had when it was forked
plus ``HARD_FACTOR`` times the cap and ``HARD_ROOM`` (address space its threads' stacks
and allocator reserve before they use it), so that one growing far faster than the server
looks is refused memory by the kernel, and ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import resource
from collections.abc import Callable
from pathlib import Path

__all__ = ["HARD_FACTOR", "HARD_ROOM", "MemoryWatch", "limit_data", "own_mib"]

log = logging.getLogger("moon42.serve")

HARD_FACTOR = 4  # the kernel's limit on a forked game's new data, in caps ...
HARD_ROOM = 256  # ... and MiB
_EVERY = 2.0  # seconds between looks
_PRIVATE = re.compile(rb"^(?:Private_Clean|Private_Dirty|Swap):\s+(\d+) kB", re.M)
_DATA = re.compile(rb"^VmData:\s+(\d+) kB", re.M)


def own_mib(pid: int) -> float | None:
    """The memory only this process holds (private pages and swap), or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_bytes()
    except OSError:
        return None
    return sum(int(kib) for kib in _PRIVATE.findall(text)) / 1024


def limit_data(cap_mib: int) -> None:
    """In a forked game: its data may grow by ``HARD_FACTOR`` caps and ``HARD_ROOM`` MiB
    past what it has."""
    try:
        match = _DATA.search(Path("/proc/self/status").read_bytes())
    except OSError:
        return
    if match is None:
        return
    limit = int(match.group(1)) * 1024 + (HARD_FACTOR * cap_mib + HARD_ROOM) * 1024 * 1024
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


class MemoryWatch:
    """Looks at the games' own memory; ``over(mib)`` is called once for a game past the cap."""

    def __init__(self, cap_mib: int, every: float = _EVERY) -> None:
        self.cap, self.every = cap_mib, every
        self._games: dict[int, Callable[[float], object]] = {}
        self._task: asyncio.Task[None] | None = None

    def watch(self, pid: int, over: Callable[[float], object]) -> None:
        self._games[pid] = over
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._look())

    def forget(self, pid: int) -> None:
        self._games.pop(pid, None)

    async def _look(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            for pid, over in list(self._games.items()):
                used = own_mib(pid)
                if used is None:
                    self.forget(pid)
                elif used > self.cap:
                    self.forget(pid)
                    over(used)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
