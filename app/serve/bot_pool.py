"""The shared tables' bots think in worker processes, never in the server's.

An expert bot searches for a second of a core before a bid; in a thread of the server it
would share the server's core (and its interpreter lock) with every player's keys.  Here
each decision goes to a pool of worker processes, one a core by default, that run at a
lower priority than the server and the games (``nice``), so when the machine is busy the
players' keys go first and the bots wait.

The pool takes at most ``workers + queue`` decisions at once; a table asking beyond that
waits its turn on the server's event loop, which costs nothing while it waits.  When more
decisions are asked than there are workers, each is given a share of its budget
(``workers / asked``, at least ``MIN_SHARE``), so that waiting included it takes about as
long as its whole budget would on a free worker: on a machine with more tables than cores
the bots think less instead of keeping their tables waiting.  A decision
not back within ``limit`` seconds (waiting included), or lost with a worker that died, is
made instead by the quick ``basic`` bot, so a table never stalls; a dead pool is replaced.
The bot goes to the worker with the view and comes back with the decision, so a bot that
keeps something from move to move (its random numbers, what it has read of the others)
plays exactly as it would have in the server's process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from moon42.ai.budget import scaled
from moon42.ai.protocol import decide as bot_decide
from moon42.ai.registry import bot_names
from moon42.ai.registry import make_bot as new_bot
from moon42.rules import Action
from moon42.rules.views import SeatView

__all__ = ["BotPool", "Decide", "decide_in_thread", "default_workers"]

log = logging.getLogger("moon42.serve")

# A table's way to have a bot decide: the action, and the bot as it is after deciding.
Decide = Callable[[Any, SeatView], Awaitable[tuple[Action, Any]]]

# How much lower the workers' priority is than the server's.
WORKER_NICE = 10
# The longest a decision may take, waiting included, before the quick bot decides: the
# expert's own cap is four times its budget of one second (three at least).
DEFAULT_LIMIT = 8.0
# The least share of its budget a decision is given, however many are waiting.
MIN_SHARE = 0.05
# Decisions remembered for the figures (the bench).
_KEPT = 10000


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

    def __init__(self, workers: int | None = None, queue: int | None = None,
                 limit: float = DEFAULT_LIMIT) -> None:
        self.workers = workers or default_workers()
        self.queue = self.workers * 2 if queue is None else queue
        self.limit = limit
        self._slots = asyncio.Semaphore(self.workers + self.queue)
        self._executor = self._new_executor()
        self._asked = 0  # decisions asked and not yet answered
        # (kind of turn, seconds from asking to the answer, whether the quick bot answered,
        # the share of its budget the decision was given)
        self.decisions: deque[tuple[str, float, bool, float]] = deque(maxlen=_KEPT)

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
        quick = False
        executor = self._executor
        self._asked += 1
        share = self.share(self._asked)
        try:
            async with asyncio.timeout(self.limit):
                async with self._slots:
                    action, bot = await self._run(executor, _decide, bot, view, share)
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
        finally:
            self._asked -= 1
        self.decisions.append((kind, time.monotonic() - began, quick, share))
        return action, bot

    def share(self, asked: int) -> float:
        """The share of its budget a decision gets with ``asked`` decisions unanswered, its
        own included: all of it while there is a worker for each; else ``workers / asked``
        (what the decisions before it take is then about the rest of its budget)."""
        if asked <= self.workers:
            return 1.0
        return max(MIN_SHARE, self.workers / asked)

    @staticmethod
    def _quick(view: SeatView) -> Any:
        return new_bot("basic", seed=view.hand_number * 8 + view.seat)

    def _replace(self) -> None:
        broken = self._executor
        self._executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
