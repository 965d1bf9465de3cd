"""Long fuzzing runs: ``python -m tests.fuzz.run --cases 10000 [--seed N] [--largest]``.

Feeds that many hostile records (tests/fuzz/mutations.py) to every reader of records
(tests/fuzz/consumers.py) and prints what came out: check's exit codes, how many opened in
the replay viewer, went on with ``play --from`` and opened as a saved game, and how long a
case took (the four readers, each with the checks of its contract; the reference check that
says what ``check`` must answer is not counted).  A broken contract or any traceback stops
the run with the smallest record hypothesis finds for it, and exit 1.

``--largest`` also times files at the size limit (3 MiB of the worst shapes) through
``check``, once each: those are past what the cases make.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings

from moon42.app.cli.check import run_check
from moon42.rules.limits import MAX_DOCUMENT_BYTES

from .consumers import feed
from .mutations import Mutated, mutated_records

__all__ = ["main"]

MIB = 1024 * 1024


def _many_actions() -> bytes:
    """A whole game's first hand with its actions repeated to 110,000, near the size limit
    (a fault at the first action after the hand, but every one must be read: the form
    comes first)."""
    path = Path(__file__).parents[1] / "rules" / "examples" / "02-moon3-full-game.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    actions = doc["hands"][0]["actions"]
    doc["hands"] = [dict(doc["hands"][0], actions=actions * (110_000 // len(actions)))]
    return json.dumps(doc).encode()


def _largest() -> dict[str, bytes]:
    """Files at the size limit, in the shapes that cost a reader the most."""
    n = MAX_DOCUMENT_BYTES
    many = _many_actions()
    return {
        f"{n // MIB} MiB of [": b"[" * n,
        f"{n // MIB} MiB of [] pairs": b"[" + b"[]," * ((n - 1) // 3 - 1) + b"[]]",
        f"{n // MIB} MiB of short strings": b"[" + b'"a",' * (n // 4 - 2) + b'"a"]',
        f"{len(many) / MIB:.1f} MiB, 110,000 actions": many,
        f"{n // MIB} MiB of escaped quotes": b'"' + b'\\"' * (n // 2 - 1),
        f"{n // MIB} MiB string in a tile": (b'{"format": "moon42/1", "game": "moon3", '
                                             b'"hands": [{"deal": [["' + b"x" * (n - 100)
                                             + b'"]]}]}'),
    }


def time_largest() -> None:
    print("files at the size limit, through check (one run each):")
    with tempfile.TemporaryDirectory(prefix="moon42-fuzz-") as folder:
        path = Path(folder) / "large.json"
        for name, data in _largest().items():
            path.write_bytes(data)
            err = io.StringIO()
            start = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = run_check(str(path))
            took = time.perf_counter() - start
            print(f"  {name:<28} {len(data) / MIB:5.1f} MiB  exit {code}  {took:5.2f} s  "
                  f"{err.getvalue().strip()[:70]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.run", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=1000, help="records to feed (1000)")
    parser.add_argument("--seed", type=int, default=0, help="hypothesis's seed (0)")
    parser.add_argument("--largest", action="store_true", help="also time files at the size limit")
    args = parser.parse_args(argv)
    outcomes: collections.Counter = collections.Counter()
    times: list[float] = []
    slowest: list[tuple[float, tuple[str, ...], tuple[float, ...]]] = []

    @seed(args.seed)
    @settings(max_examples=args.cases, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(mutated_records())
    def run(case: Mutated) -> None:
        data = case.text.encode("utf-8", "surrogatepass")
        with tempfile.TemporaryDirectory(prefix="moon42-fuzz-") as folder:
            outcome = feed(data, Path(folder))
        took = sum(outcome.seconds)  # the four readers (not the reference check)
        times.append(took)
        slowest.append((took, case.changes, outcome.seconds))
        slowest.sort(key=lambda entry: entry[0], reverse=True)
        del slowest[3:]
        outcomes[("check", outcome.check)] += 1
        outcomes[("replayed", outcome.replayed)] += 1
        outcomes[("played", outcome.played)] += 1
        outcomes[("saved", outcome.saved)] += 1

    started = time.perf_counter()
    run()  # a broken contract raises here, with hypothesis's smallest example
    total = time.perf_counter() - started
    cases = len(times)  # shrinking never ran: every case passed, once
    print(f"{cases} cases (hypothesis seed {args.seed}) in {total:.0f} s: no traceback, "
          "every reader kept its contract")
    print("  check exit 0 / 1 / 2:        " + " / ".join(
        str(outcomes[("check", code)]) for code in (0, 1, 2)))
    print(f"  opened in the replay viewer: {outcomes[('replayed', True)]}")
    print(f"  went on with play --from:    {outcomes[('played', True)]}")
    print(f"  listed and opened as a save: {outcomes[('saved', True)]} (the rest put aside, "
          "kept byte for byte)")
    ordered = sorted(times)
    print(f"  time a case (all four readers): median {statistics.median(ordered) * 1000:.1f} ms,"
          f" 99th percentile {ordered[int(len(ordered) * 0.99) - 1] * 1000:.1f} ms, "
          f"slowest {ordered[-1] * 1000:.1f} ms; {sum(t >= 1 for t in times)} at 1 s or more")
    print("  the slowest (check, replay, play --from, saved game, in ms; what was changed):")
    for took, changes, seconds in slowest:
        parts = "/".join(f"{s * 1000:.0f}" for s in seconds)
        print(f"    {took * 1000:7.1f} ms ({parts})  {'; '.join(changes)[:80]}")
    if args.largest:
        time_largest()
    return 0


if __name__ == "__main__":
    sys.exit(main())
