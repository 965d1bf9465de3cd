"""A decision's thinking time: seconds of the thinking thread's own CPU, capped in real time.

Counting CPU rather than the clock on the wall makes a bot think as much on a busy machine
(an arena on every core, a server with many players) as on a quiet one, so its strength
does not depend on what else runs.  So that a player is never kept waiting long, the
decision also ends once ``WALL_FACTOR`` times the budget has passed on the wall clock.
"""

from __future__ import annotations

import time

__all__ = ["Budget", "WALL_FACTOR"]

WALL_FACTOR = 4


class Budget:
    """Started when made; ``spent()`` once the thread has used ``seconds`` of CPU (or the
    wall-clock cap has passed).  ``Budget(None)`` is never spent."""

    __slots__ = ("seconds", "_cpu", "_wall")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._cpu = time.thread_time()
        self._wall = time.perf_counter()

    def spent(self) -> bool:
        seconds = self.seconds
        if seconds is None:
            return False
        return (
            time.thread_time() - self._cpu > seconds
            or time.perf_counter() - self._wall > seconds * WALL_FACTOR
        )
