"""Whether the machine is too busy for another game: how fast the games answer keys.

The server sees every key go into a game's terminal and the game's screen come back out,
so it knows how long the games take to answer, which is what the players feel: it slows
when the cores are all taken (by the games, by the server's own work, by anything else
at their priority).  The gauge keeps the answers of the last ``window`` seconds; while
their median is over the threshold (at least ``MIN_ANSWERS`` of them), new games are
refused with a message saying the server is busy, and the games in progress keep the
cores they have.  A key that gets no screen within a second (it changed nothing) is not
an answer.

The gauge also wakes every ``every`` seconds to see how late the server's own event loop
runs; that goes in the log every ``REPORT_EVERY`` seconds, with the number of games and
the answers' median, for sizing a server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import statistics
import time
from collections import deque
from collections.abc import Callable

__all__ = ["BusyGauge", "DEFAULT_BUSY_ANSWER_MS", "NOT_AN_ANSWER"]

log = logging.getLogger("moon42.serve")

# The median answer (milliseconds) over which the machine is busy: under the 100 ms a key
# may take, so that new players are turned away before the ones playing notice.
DEFAULT_BUSY_ANSWER_MS = 60.0
# Fewer answers than this in the window say nothing either way.
MIN_ANSWERS = 5
# A screen this long after a key is not its answer (a bot moved, a clock ticked).
NOT_AN_ANSWER = 1.0
# How often the log says how many games there are and how they answer.
REPORT_EVERY = 30.0


class BusyGauge:
    """The games' answers to keys, and whether they say the machine is busy."""

    def __init__(self, threshold_ms: float | None = DEFAULT_BUSY_ANSWER_MS,
                 window: float = 10.0, every: float = 0.1,
                 report: Callable[[], int] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.threshold_ms = threshold_ms  # None: never busy
        self.window, self.every, self.clock = window, every, clock
        self.report = report  # how many games there are, for the log
        self._answers: deque[tuple[float, float]] = deque(maxlen=10000)  # (when, seconds)
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
            self._lags.append(max(0.0, loop.time() - due))
            self._check()
            if self.report is not None and loop.time() - said >= REPORT_EVERY:
                said = loop.time()
                games = self.report()
                if games:
                    log.info("%d games; keys answered in %.1f ms (median); the server wakes "
                             "%.1f ms late on average", games, self.answer_ms(), self.lag_ms())

    def answered(self, seconds: float) -> None:
        """A game answered a key in ``seconds``."""
        self._answers.append((self.clock(), seconds))
        self._check()

    def _recent(self) -> list[float]:
        since = self.clock() - self.window
        while self._answers and self._answers[0][0] < since:
            self._answers.popleft()
        return [seconds for _, seconds in self._answers]

    def answer_ms(self) -> float:
        """The median answer over the window, in milliseconds (0 with none)."""
        recent = self._recent()
        return 1000 * statistics.median(recent) if recent else 0.0

    def lag_ms(self) -> float:
        """How late the server's loop woke, on average over the window, in milliseconds."""
        return 1000 * sum(self._lags) / len(self._lags) if self._lags else 0.0

    def busy(self) -> bool:
        if self.threshold_ms is None:
            return False
        recent = self._recent()
        return len(recent) >= MIN_ANSWERS and 1000 * statistics.median(recent) > \
            self.threshold_ms

    def _check(self) -> None:
        busy = self.busy()
        if busy == self._busy:
            return
        self._busy = busy
        if busy:
            log.warning("the machine is busy (keys answered in %.1f ms, median of the last "
                        "%g s, over %g ms): new games are refused", self.answer_ms(),
                        self.window, self.threshold_ms)
        else:
            log.info("the machine is no longer busy: new games are welcome")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
