"""Whether the machine is too busy for another game: the server's own lateness.

The server sleeps most of the time, waking for keys and screens; how late its event loop
wakes from a short timer is how long anything on the machine waits for a core, the games
answering keys included.  The gauge wakes every ``every`` seconds and keeps the lateness
of the last ``window`` seconds; while their mean is over the threshold, new games are
refused (with a message saying the server is busy) and the games in progress keep the
cores they have.  The cost is one timer a tenth of a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable

__all__ = ["BusyGauge", "DEFAULT_BUSY_LAG_MS"]

log = logging.getLogger("moon42.serve")

# The mean lateness (milliseconds) over which the machine is busy: well under the 100 ms a
# key may take, so new players are turned away before the ones playing notice.
DEFAULT_BUSY_LAG_MS = 25.0
# How often the log says how many games there are and how late the server wakes.
REPORT_EVERY = 30.0


class BusyGauge:
    """The event loop's lateness, and whether it says the machine is busy."""

    def __init__(self, threshold_ms: float | None = DEFAULT_BUSY_LAG_MS, every: float = 0.1,
                 window: float = 10.0, report: Callable[[], int] | None = None) -> None:
        self.threshold_ms = threshold_ms  # None: never busy
        self.report = report  # how many games there are, for the log
        self.every = every
        self._lags: deque[float] = deque(maxlen=max(1, round(window / every)))
        self._busy = False
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        said = loop.time()
        while True:
            due = loop.time() + self.every
            await asyncio.sleep(self.every)
            self.note(loop.time() - due)
            if self.report is not None and loop.time() - said >= REPORT_EVERY:
                said = loop.time()
                games = self.report()
                if games:
                    log.info("%d games; the server wakes %.1f ms late on average", games,
                             self.lag_ms())

    def note(self, lag: float) -> None:
        """One waking's lateness, in seconds."""
        self._lags.append(max(0.0, lag))
        busy = self.busy()
        if busy != self._busy:
            self._busy = busy
            if busy:
                log.warning("the machine is busy (the server wakes %.1f ms late on average, "
                            "over %g ms): new games are refused", self.lag_ms(),
                            self.threshold_ms)
            else:
                log.info("the machine is no longer busy (%.1f ms late): new games are "
                         "welcome", self.lag_ms())

    def lag_ms(self) -> float:
        """The mean lateness over the window, in milliseconds."""
        return 1000 * sum(self._lags) / len(self._lags) if self._lags else 0.0

    def busy(self) -> bool:
        return self.threshold_ms is not None and bool(self._lags) and \
            self.lag_ms() > self.threshold_ms

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
