"""A decision's thinking time, counted in search work and capped in real time.

A budget is given in seconds, but it is spent in ``search.effort`` units: the work this
thread's searches have done, at ``UNITS_PER_SECOND`` (what this work takes on the machine
the budgets were set on).  So a seeded bot makes the same decisions on every run, on a
busy machine (an arena on every core, a server with many players) as on a quiet one, and
its strength never depends on what else runs.  So that a player is never kept waiting
long, the decision also ends once ``WALL_FACTOR`` times the budget has passed on the wall
clock, or ``WALL_FLOOR`` seconds if that is longer (a short budget's fixed costs weigh
more).  Only on a machine much slower or busier than that one is the cap reached, and only
then can the decision differ.  A measurement (the arena, the calibration) plays its deals
``without_wall_cap()``: nobody waits on it, and its figures must not depend on what else
the machine runs.  A server's bot decision that starts late (its workers were all busy) is
made inside ``scaled(share)``: it thinks for that share of its budget, so the tables keep
their pace on a machine with more tables than cores (the bots a little weaker meanwhile).
Such a decision's searches also stop, mid-layout if need be, once they have done
``HARD_FACTOR`` times its share's work (``nodes_left``, for a ``Solver``'s node budget): a
whole decision gets at least one layout solved however long it takes, a hurried one never
works much past the little time it was given.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from .search import effort

__all__ = ["Budget", "HARD_FACTOR", "UNITS_PER_SECOND", "WALL_FACTOR", "WALL_FLOOR", "scaled",
           "share", "wall_capped", "without_wall_cap"]

UNITS_PER_SECOND = 80_000  # about 12.5 microseconds a unit
WALL_FACTOR = 4
WALL_FLOOR = 3.0  # seconds
HARD_FACTOR = 2  # a scaled decision's searches stop at this many times its share's work

_uncapped = threading.local()  # set on a thread playing a measurement's deals
_share = threading.local()  # the share of their budgets this thread's decisions get


@contextmanager
def without_wall_cap() -> Iterator[None]:
    """Budgets made on this thread inside the block end on their work alone, never on the
    wall clock, so a seeded measurement gives the same figures on a busy machine."""
    before = getattr(_uncapped, "on", False)
    _uncapped.on = True
    try:
        yield
    finally:
        _uncapped.on = before


@contextmanager
def scaled(share: float) -> Iterator[None]:
    """Budgets made on this thread inside the block are ``share`` of what they are given
    (0 < share <= 1): a busy server's bots think less rather than keep a table waiting."""
    if not 0 < share <= 1:
        raise ValueError(f"a budget's share is more than 0 and at most 1, not {share}")
    before = getattr(_share, "value", 1.0)
    _share.value = share
    try:
        yield
    finally:
        _share.value = before


def wall_capped() -> bool:
    """Whether budgets made on this thread now are capped on the wall clock."""
    return not getattr(_uncapped, "on", False)


def share() -> float:
    """The share of their budgets that decisions made on this thread now get."""
    return float(getattr(_share, "value", 1.0))


class Budget:
    """Started when made; ``spent()`` once this thread's searches have done ``seconds``
    worth of work (or the wall-clock cap has passed).  ``Budget(None)`` is never spent."""

    __slots__ = ("seconds", "_limit", "_hard", "_start", "_hard_start", "_wall", "_capped")

    def __init__(self, seconds: float | None, since: int | None = None) -> None:
        """``since``: the ``effort.done()`` at which the decision this budget is a part of
        began (a second search of one decision): its hard stop is counted from there, so
        the decision as a whole stops at it."""
        share = getattr(_share, "value", 1.0)
        if seconds is not None:
            seconds *= share
        self.seconds = seconds
        self._limit = 0 if seconds is None else round(seconds * UNITS_PER_SECOND)
        # Only a share of a budget has a hard stop: a whole one keeps its first layout.
        self._hard = None if seconds is None or share >= 1 else self._limit * HARD_FACTOR
        self._start = effort.done()
        self._hard_start = self._start if since is None else since
        self._wall = time.perf_counter()
        self._capped = not getattr(_uncapped, "on", False)

    def nodes_left(self) -> int | None:
        """The work a search may still do before it must stop (a ``Solver``'s node budget,
        ``OutOfBudget`` past it), or None: no hard stop (a whole budget, or none)."""
        if self._hard is None:
            return None
        return max(0, self._hard - (effort.done() - self._hard_start))

    def spent(self) -> bool:
        seconds = self.seconds
        if seconds is None:
            return False
        return (
            effort.done() - self._start > self._limit
            or self._capped
            and time.perf_counter() - self._wall > max(seconds * WALL_FACTOR, WALL_FLOOR)
        )
