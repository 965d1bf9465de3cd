"""The shared tables' bots think in worker processes, never in the server's.

An expert bot searches for a second of a core before a bid; in a thread of the server it
would share the server's core (and its interpreter lock) with every player's keys.  Here
each decision goes to a pool of worker processes, one a core by default, that run at a
lower priority than the server and the games (``nice``), so when the machine is busy the
players' keys go first and the bots wait.

A decision is due one and a half times its budget after it is asked (``DUE``; a bot
without a budget, ``QUICK`` seconds).  While every worker is busy, the decisions asked wait
on the server's event loop, which costs nothing, and a worker that comes free takes the one
due first.  A decision is given what is left of its time as its budget (``ai.budget.
scaled``: at least ``MIN_SHARE`` of it, at most all), reckoned at the pace the workers have
lately kept (a second of budget takes more than a second on a busy machine) and shared with
the decisions waiting behind it: on a machine
with more tables than cores the bots think less instead of keeping their tables waiting.  A
decision not back within ``limit`` seconds (waiting included), or lost with a worker that
died, is made instead by the quick ``basic`` bot, so a table never stalls; a dead pool is
replaced.  The bot goes to the worker with the view and comes back with the decision, so a
bot that keeps something from move to move (its random numbers, what it has read of the
others) plays exactly as it would have in the server's process.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple

from moon42.ai.budget import scaled
from moon42.ai.protocol import decide as bot_decide
from moon42.ai.registry import bot_names
from moon42.ai.registry import make_bot as new_bot
from moon42.rules import Action
from moon42.rules.views import SeatView

__all__ = ["BotPool", "Decide", "Decision", "budget_of", "decide_in_thread", "default_workers"]

log = logging.getLogger("moon42.serve")

# A table's way to have a bot decide: the action, and the bot as it is after deciding.
Decide = Callable[[Any, SeatView], Awaitable[tuple[Action, Any]]]

# How much lower the workers' priority is than the server's.
WORKER_NICE = 10
# The longest a decision may take, waiting included, before the quick bot decides: the
# expert's own cap is four times its budget of one second (three at least).
DEFAULT_LIMIT = 8.0
# When a decision is due: this many times its budget after it is asked.
DUE = 1.5
# ... and for a bot without a budget, this many seconds.
QUICK = 0.5
# The least share of its budget a decision is given, however late it starts.
MIN_SHARE = 0.05
# Decisions given at least this share teach the pool how fast the workers go (at less,
# the costs every decision has whatever its budget would count for too much).
_PACE_FROM = 0.5
_PACE_MOST = 10.0  # the slowest pace reckoned with (a second of budget in ten)
# Decisions remembered for the figures (the bench).
_KEPT = 10000


class Decision(NamedTuple):
    """One decision the pool made, for the figures."""

    kind: str  # of turn: "play", "bid", "trump", ...
    seconds: float  # from asking to the answer
    quick: bool  # made by the quick bot
    share: float  # of its budget it was given
    budget: float | None  # the seconds the bot thinks over such a decision (None: no budget)


async def decide_in_thread(bot: Any, view: SeatView) -> tuple[Action, Any]:
    """In a thread of this process (tests, and tables without a pool)."""
    return await asyncio.to_thread(bot_decide, bot, view), bot


def default_workers() -> int:
    """One worker a core: they yield to the players, being niced."""
    return max(1, os.cpu_count() or 1)


def _warm() -> None:
    """In each worker, once: a lower priority, and the bots loaded before the first move."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    bot_names()


def _ready() -> int:
    time.sleep(0.1)  # long enough that the others go to workers of their own
    return os.getpid()


def _decide(bot: Any, view: SeatView, share: float) -> tuple[Action, Any]:
    with scaled(share):
        return bot_decide(bot, view), bot


class BotPool:
    """Worker processes deciding the shared tables' bot moves."""

    def __init__(self, workers: int | None = None, limit: float = DEFAULT_LIMIT) -> None:
        self.workers = workers or default_workers()
        self.limit = limit
        self._executor = self._new_executor()
        self._free = self.workers  # workers with no decision
        self._waiting: list[tuple[float, int, asyncio.Future[None]]] = []  # (due, order, go)
        self._order = itertools.count()
        self.pace = 1.0  # wall seconds a worker has lately taken for a second of budget
        self.decisions: deque[Decision] = deque(maxlen=_KEPT)  # the latest, for the bench

    async def warm(self) -> None:
        """Start every worker now, so that no table's first move waits for one to start."""
        await asyncio.gather(*(self._run(self._executor, _ready)
                               for _ in range(self.workers)))

    @staticmethod
    async def _run(executor: ProcessPoolExecutor, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` in a worker.  It is handed over from a thread: handing it over may
        start a worker process and wait for it (a fifth of a second here), which the
        server's loop must not."""
        future = await asyncio.to_thread(executor.submit, work, *args)
        return await asyncio.wrap_future(future)

    def _new_executor(self) -> ProcessPoolExecutor:
        # Workers come from a clean process, not forked from this one with its threads.
        context = multiprocessing.get_context("forkserver")
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm)

    async def decide(self, bot: Any, view: SeatView) -> tuple[Action, Any]:
        """The bot's action on ``view``, and the bot as it is after deciding."""
        began = time.monotonic()
        kind = view.to_act.kind if view.to_act is not None else "?"
        budget = budget_of(bot, view)
        due = began + (QUICK if budget is None else DUE * budget)
        quick, share = False, 1.0
        executor = self._executor
        try:
            async with asyncio.timeout(self.limit):
                await self._worker_free(due)
                try:
                    share = self.share(budget, due - time.monotonic(), self.waiting)
                    started = time.monotonic()
                    action, bot = await self._run(executor, _decide, bot, view, share)
                    self._learn(budget, share, time.monotonic() - started)
                finally:
                    self._worker_done()
        except TimeoutError:
            quick = True
            log.warning("a bot took more than %g s to decide; the quick bot decided",
                        self.limit)
            action = await asyncio.to_thread(bot_decide, self._quick(view), view)
        except BrokenProcessPool:
            quick = True
            if self._executor is executor:  # the first to hear of it replaces it
                log.warning("a bot worker died; the pool is started again")
                self._replace()
            action = await asyncio.to_thread(bot_decide, self._quick(view), view)
        self.decisions.append(Decision(kind, time.monotonic() - began, quick, share, budget))
        return action, bot

    @property
    def waiting(self) -> int:
        """Decisions waiting for a worker."""
        return sum(1 for *_, go in self._waiting if not go.done())

    def share(self, budget: float | None, left: float, queued: int = 0) -> float:
        """The share of its budget a decision starting ``left`` seconds before it is due
        gets: what fits in that time at the workers' pace, all of it at most; with
        ``queued`` decisions waiting behind it, its part of that time beside theirs (each
        worker's time shared by the decisions in line for it), so that a decision given a
        worker early does not make the ones behind it late."""
        if budget is None:
            return 1.0
        room = left / (1 + queued / self.workers)
        return min(1.0, max(MIN_SHARE, room / (budget * self.pace)))

    def _learn(self, budget: float | None, share: float, took: float) -> None:
        if budget is not None and share >= _PACE_FROM:
            self.pace = 0.8 * self.pace + 0.2 * min(_PACE_MOST, max(1.0, took / (budget * share)))

    async def _worker_free(self, due: float) -> None:
        """Back once a worker is this decision's: at once if one is free and nobody waits,
        else when a worker comes free and no decision waiting is due before this one."""
        if self._free and not self._waiting:
            self._free -= 1
            return
        go: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (due, next(self._order), go))
        try:
            await go
        except asyncio.CancelledError:
            if go.done() and not go.cancelled():  # given a worker just as it was cancelled
                self._worker_done()
            raise

    def _worker_done(self) -> None:
        """A worker is free: the decision due first takes it, if one waits."""
        while self._waiting:
            _, _, go = heapq.heappop(self._waiting)
            if not go.done():  # (one given up waiting is passed over)
                go.set_result(None)
                return
        self._free += 1

    @staticmethod
    def _quick(view: SeatView) -> Any:
        return new_bot("basic", seed=view.hand_number * 8 + view.seat)

    def _replace(self) -> None:
        broken = self._executor
        self._executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self, wait: bool = False) -> None:
        """Stop the workers; ``wait``: until they and the pool's own thread have.  A pool
        left closing as its process exits may still be closing its wake-up pipe when the
        interpreter's exit handler writes to it (Python 3.11): an ignored OSError and its
        traceback in a server's log."""
        self._executor.shutdown(wait=wait, cancel_futures=True)


def budget_of(bot: Any, view: SeatView) -> float | None:
    """The seconds ``bot`` thinks over ``view``'s decision (an expert's ``seconds_for``: a
    play early in the hand has twice the budget of a later one), or None for a bot without
    a budget."""
    seconds_for = getattr(bot, "seconds_for", None)
    seconds = seconds_for(view) if callable(seconds_for) else None
    return float(seconds) if isinstance(seconds, int | float) and seconds > 0 else None
