"""Fixtures shared by the bot and lab tests."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def cluster():
    """A Dask cluster for the tests of ``--scheduler``: one worker in this process, reached
    over TCP as a real cluster is; starts in a second or two."""
    # Imported here: only the cluster tests pay for loading dask.distributed.
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
        dashboard_address=None,
    ) as running:
        yield running
