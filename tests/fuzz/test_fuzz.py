"""A few hundred hostile records, made from valid ones, through every reader of records.

Longer runs: ``python -m tests.fuzz.run --cases 10000`` (tests/fuzz/run.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, find, given, settings

from .consumers import feed
from .mutations import Mutated, mutated_records

pytestmark = pytest.mark.slow  # hundreds of hostile records through every reader

CASES = 300


@settings(max_examples=CASES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_records())
def test_every_reader_keeps_its_contract_on_hostile_records(case: Mutated) -> None:
    with tempfile.TemporaryDirectory(prefix="moon42-fuzz-") as folder:
        feed(case.text.encode("utf-8", "surrogatepass"), Path(folder))


def test_the_mutations_reach_every_outcome() -> None:
    """The strategies are worth running: they make records check takes, faults, and files
    that are not records, and some of each kind get as far as a game that goes on."""
    def reaches(kind) -> Mutated:
        def holds(case: Mutated) -> bool:
            with tempfile.TemporaryDirectory(prefix="moon42-fuzz-") as folder:
                return kind(feed(case.text.encode("utf-8", "surrogatepass"), Path(folder)))

        return find(mutated_records(max_changes=1), holds,
                    settings=settings(max_examples=500, database=None, deadline=None,
                                      suppress_health_check=list(HealthCheck)))

    checks: list = [lambda o: o.check == 0 and o.played, lambda o: o.check == 1,
                    lambda o: o.check == 2]
    for kind in checks:
        assert isinstance(reaches(kind), Mutated)
