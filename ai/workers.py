"""Where a measurement plays its deals: on this machine's processes, or on a Dask cluster.

A measurement (``moon42 arena``, ``python -m moon42.ai.calibrate``) is many deals, each
played apart from the others and seeded on its own, so they can be played anywhere and in
any order and still give the same results: each deal is played without the wall-clock cap
of ``ai.budget`` (its decisions end on their work alone), so the results do not depend on
how busy the machine or the cluster is either.  Here in
``ai`` rather than the lab, so that the calibration, a module of ``ai``, may use it too.
``play_all`` hands them out:

- by default to a pool of local processes (one per core, or ``processes``);
- given a scheduler's address (``tcp://HOST:8786``), to the workers of a Dask cluster
  (``dask.distributed``, the optional ``cluster`` extra: ``pip install 'moon42[cluster]'``).
  Every worker must have the same version of moon42 installed.

Results come back in the order of the jobs, wherever they were played, or with
``in_order=False`` as each is done, handed out one at a time (a run that writes each result
down as it comes, like the calibration, then loses little when it is stopped).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, TypeVar

from .budget import without_wall_cap

__all__ = ["play_all", "check_scheduler", "ClusterError"]

Job = TypeVar("Job")
Result = TypeVar("Result")

SCHEMES = ("tcp://", "tls://", "inproc://", "ws://", "wss://")
MAX_ADDRESS = 300
CONNECT_TIMEOUT = 30  # seconds to reach the scheduler


class ClusterError(RuntimeError):
    """The cluster cannot be used: dask.distributed is missing or the scheduler is out of reach."""


def check_scheduler(address: str) -> str:
    """The scheduler's address, checked for its form (a clear message, not a traceback)."""
    if len(address) > MAX_ADDRESS or not address.startswith(SCHEMES) or any(
        c.isspace() for c in address
    ):
        raise ValueError(
            f"--scheduler {address[:60]!r}: give a Dask scheduler's address, like tcp://HOST:8786"
        )
    return address


def play_all(
    play: Callable[[Job], Result],
    jobs: Sequence[Job],
    processes: int = 1,
    scheduler: str | None = None,
    in_order: bool = True,
) -> Iterator[Result]:
    """``play(job)`` for every job, in the order of ``jobs`` (or as each is done, when not
    ``in_order``): in this process (one process), on ``processes`` local processes, or on
    the Dask cluster at ``scheduler``.  ``play`` must be a module-level function, so other
    processes can find it."""
    play = partial(_uncapped, play)
    if scheduler is not None:
        yield from _on_cluster(play, jobs, scheduler, in_order)
        return
    if processes <= 1 or len(jobs) <= 1:
        yield from map(play, jobs)
        return
    with multiprocessing.get_context().Pool(min(processes, len(jobs))) as pool:
        if in_order:
            chunk = max(1, min(16, len(jobs) // (8 * processes)))
            yield from pool.imap(play, jobs, chunksize=chunk)
        else:
            yield from pool.imap_unordered(play, jobs)


def _uncapped(play: Callable[[Job], Result], job: Job) -> Result:
    with without_wall_cap():
        return play(job)


def _on_cluster(
    play: Callable[[Job], Result], jobs: Sequence[Job], address: str, in_order: bool
) -> Iterator[Any]:
    try:
        # Imported here: an optional dependency (the cluster extra), needed only for this.
        from distributed import Client, as_completed
    except ImportError as error:
        raise ClusterError(
            "--scheduler needs dask.distributed: pip install 'moon42[cluster]'"
        ) from error
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {error}") from error
    with client:
        # Every job is its own task (pure=False: two equal jobs are still both played).
        futures = client.map(play, list(jobs), pure=False)
        try:
            done = futures if in_order else as_completed(futures, loop=client.loop)
            for future in done:
                yield future.result()
        finally:
            client.cancel(futures)
