"""Search effort: a count of the work this thread's searches have done.

A decision's budget is measured in this count rather than in seconds, so the same seed and
the same actions give the same decisions on any machine and under any load: a clock would
let a busy moment change how many layouts a bot solves, and so what it plays.

A unit is about 12.5 microseconds of work on the machine the budgets were set on
(``ai.budget.UNITS_PER_SECOND``; ``python -m moon42.ai.lab.solver_bench`` measures it again).
The solver spends one for every trick it starts to search (``Solver``'s ``nodes``) and a
few for each search and each solver it builds; dealing layouts spends for every tile dealt,
every layout listed and every layout weighed.  Each thread counts its own, so a bot
thinking in one thread never spends another's.
"""

from __future__ import annotations

import threading

__all__ = ["spend", "done"]

_counts = threading.local()


def spend(units: int) -> None:
    """Count ``units`` of work done by this thread."""
    _counts.units = getattr(_counts, "units", 0) + units


def done() -> int:
    """All the work this thread has counted so far."""
    return getattr(_counts, "units", 0)
