"""What keeps a public server healthy: attempts per address, seats, and idle players."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["AttemptLimiter", "ServeLimits"]

# Addresses remembered before the old ones are swept out.
_SWEEP_AT = 1000


@dataclass(frozen=True)
class ServeLimits:
    max_sessions: int = 20
    idle_timeout: float = 1800.0
    max_attempts: int = 10
    attempt_window: float = 60.0


class AttemptLimiter:
    """At most ``limit`` connection attempts from one address in any ``window`` seconds."""

    def __init__(self, limit: int, window: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._attempts: dict[str, deque[float]] = {}

    def attempt(self, address: str) -> int:
        """Count one attempt from ``address``; how many it made in the window, this one too.

        Refused attempts count as well, so an address that keeps hammering stays shut out.
        """
        now = self.clock()
        if len(self._attempts) > _SWEEP_AT:
            self._forget_before(now - self.window)
        times = self._attempts.setdefault(address, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        times.append(now)
        return len(times)

    def wait_for(self, address: str) -> float:
        """Seconds until ``address`` may try again (0 if it may now)."""
        times = self._attempts.get(address)
        if not times or len(times) < self.limit:
            return 0.0
        return max(0.0, times[-self.limit] + self.window - self.clock())

    def _forget_before(self, oldest: float) -> None:
        for address in list(self._attempts):
            times = self._attempts[address]
            while times and times[0] <= oldest:
                times.popleft()
            if not times:
                del self._attempts[address]
