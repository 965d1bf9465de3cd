"""``python -m moon42.ai.calibrate``: how often bids are made against what the hint's
simulation promised, and the tables of ``ai.calibration`` fitted from it (a measurement,
not a test).

    python -m moon42.ai.calibrate --out runs.jsonl [--game all] [--kind all] [--hands 400]
                                  [--seed 1] [--jobs 2 | --scheduler tcp://HOST:8786] [--write]
    python -m moon42.ai.calibrate --fit run1.jsonl.gz run2.jsonl.gz [--tables PATH]
    python -m moon42.ai.calibrate --check runs.jsonl [--folds 2 | --tables PATH]

Measuring: every game and kind of bid gets ``--hands`` hands (``calibration_hand``: a
bid given to a seat, its simulated make rate, and whether experts make it, and whether it
is made when ``basic`` defends), one JSON line each in ``--out``; a run stopped and started
again skips the hands already there, so it can be cut short and taken up again, and several
runs with other seeds can be pooled.  The hands are measured on ``--jobs`` local processes,
or on the workers of a Dask cluster (``--scheduler``, ``ai.workers``): each hand is
seeded by its task alone, so the records are the same wherever they were measured (but for
the CPU seconds each took, and the order they finish in).  ``--write`` then fits the tables
from every hand in ``--out`` and writes them into the package (``ai/calibration.json``):
one command refits; ``--fit RUN [RUN ...]`` fits them from the hands of several runs (those
kept in ``ai/lab/calibration_runs``, say) without measuring any.  A kind of bid the run did
not measure (a run of one game, say) keeps the table it had, and the command says which it
kept.

Checking: ``--check`` reads the hands of a run and gives, for every game, phase and kind
of bid and for both oppositions, the figure the hint shows (the calibrated rate, "about"
and so never 0 or 100) in buckets of ten points against the share of those bids made.
The tables judged are the package's (or those written to ``--tables`` by ``--fit``: fitted
on some runs, judged on others), or with ``--folds K`` tables fitted on the other
folds of the same hands, so every hand is judged by a table that never saw it (judged on
the hands they were fitted on, a table flatters itself).  A bucket of at least 100 bids
passes within 5 points.
Beside each bucket: the 95% interval of its share made, and the chance that it would fail
by the bids' luck alone were every figure in it exactly right; the last lines count the
failures beyond that luck, and the failures such luck would make on its own.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from statistics import fmean

from .calibration import (
    BEFORE_WIDOW,
    IN_HAND,
    KINDS,
    MIN_BIDS,
    OPPOSITIONS,
    TABLE_FILE,
    fit,
    read_curve,
    tables,
)
from .calibration_hand import ESTIMATOR, Task, measure
from .workers import ClusterError, check_scheduler, play_all

__all__ = [
    "main", "read_records", "fit_tables", "merge_tables", "check_rows", "luck_fails", "wilson",
]

TOLERANCE = 0.05  # a bucket of enough bids passes within this of its share made
SHOWN = (0.01, 0.99)  # the least and most a figure that is not proven may show
TOP = {"moon3": "moon", "moon4": "moon", "texas42": "marks"}


def read_records(paths: Iterable[Path], estimator: str = ESTIMATOR) -> list[dict]:
    """Every record of the runs made by ``estimator`` (those of another left out); a run's
    file may be gzipped (``.gz``), as the runs kept in ``ai/lab/calibration_runs`` and
    ``ai/lab/hint_runs`` are."""
    return [record for path in paths if path.exists() for record in read_lines(path)
            if record.get("estimator") == estimator]


def read_lines(path: Path) -> list[dict]:
    """Every JSON line of ``path``, which may be gzipped (``.gz``)."""
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]


def _phases(game: str) -> tuple[tuple[str, str], ...]:
    """(phase, the record's rate for it) for each table of ``game``."""
    if game == "moon3":
        return ((BEFORE_WIDOW, "bid_rate"), (IN_HAND, "trump_rate"))
    return ((IN_HAND, "trump_rate"),)


def fit_tables(records: list[dict]) -> dict:
    """game -> phase -> kind -> opposition -> curve, from the kept hands."""
    out: dict = {}
    for game, kinds in KINDS.items():
        for phase, field in _phases(game):
            for kind in kinds:
                mine = [r for r in records if r["kept"] and r["game"] == game and r["kind"] == kind]
                if not mine:
                    continue
                table = {o: fit((r[field], r[o]) for r in mine) for o in OPPOSITIONS}
                out.setdefault(game, {}).setdefault(phase, {})[kind] = table
    return out


def _shown(curve: dict, rate: float) -> float:
    low, high = SHOWN
    return min(high, max(low, read_curve(curve, rate)))


def check_rows(records: list[dict], folds: int = 0, judged_tables: dict | None = None
               ) -> list[dict]:
    """One row per game, phase, kind (and every kind together), opposition and bucket of
    the figure shown (and one "all" row each): bids, mean figure shown, share made,
    whether it passes.  The tables judged: fitted on the other folds (``folds``), or
    ``judged_tables``, or the package's."""
    kept = [r for r in records if r["kept"]]
    judged: dict[tuple, list[tuple[float, bool]]] = defaultdict(list)
    for k in range(max(1, folds)):
        if folds:
            mine = [r for r in kept if r["index"] % folds == k]
            fitted = fit_tables([r for r in kept if r["index"] % folds != k])
        else:
            mine, fitted = kept, judged_tables if judged_tables is not None else tables()
        for r in mine:
            for phase, field in _phases(r["game"]):
                table = fitted.get(r["game"], {}).get(phase, {}).get(r["kind"])
                if not table:
                    continue
                for o in OPPOSITIONS:
                    if table.get(o):
                        pair = (_shown(table[o], r[field]), r[o])
                        judged[(r["game"], phase, r["kind"], o)].append(pair)
                        judged[(r["game"], phase, "every kind", o)].append(pair)
    rows = []
    for (game, phase, kind, o), pairs in sorted(judged.items()):
        for low in range(0, 100, 10):
            inside = [(s, m) for s, m in pairs if low <= round(100 * s) < low + 10
                      or (low == 90 and round(100 * s) == 100)]
            if inside:
                rows.append(_row(game, phase, kind, o, f"{low}-{low + 10}", inside))
        rows.append(_row(game, phase, kind, o, "all", pairs))
    return rows


def _row(
    game: str, phase: str, kind: str, opposition: str, bucket: str,
    pairs: Sequence[tuple[float, bool]],
) -> dict:
    shown = fmean(s for s, _ in pairs)
    made = fmean(m for _, m in pairs)
    judged = len(pairs) >= MIN_BIDS
    return {
        "game": game, "phase": phase, "kind": kind, "opposition": opposition,
        "bucket": bucket, "bids": len(pairs), "shown": shown, "made": made,
        "likely": wilson(made, len(pairs)),
        "passes": abs(shown - made) <= TOLERANCE if judged else None,
        "luck_fails": luck_fails([s for s, _ in pairs]),
    }


def luck_fails(shown: list[float]) -> float:
    """The chance that bids whose figures are exactly right (each made with the chance its
    figure says) come out more than ``TOLERANCE`` from the mean figure (a normal
    approximation of the share made)."""
    spread = math.sqrt(sum(s * (1 - s) for s in shown)) / len(shown)
    if spread == 0:
        return 0.0
    return math.erfc(TOLERANCE / spread / math.sqrt(2))


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson) interval of a share measured on ``n`` bids: how far from it the
    bids' own luck may put the share made."""
    scale = 1 + z * z / n
    middle = (share + z * z / (2 * n)) / scale
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / scale
    return max(0.0, middle - half), min(1.0, middle + half)


def _tasks(args: argparse.Namespace) -> list[Task]:
    games = list(KINDS) if args.game == "all" else [args.game]
    tasks = []
    for index in range(args.hands):
        for game in games:
            for kind in KINDS[game]:
                wanted = "top" if kind == TOP[game] else kind
                if args.kind in ("all", wanted):
                    tasks.append(Task(game, kind, args.seed, index))
    return tasks


def _measure_run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    done = {r["task"] for r in read_records([out])}
    tasks = [t for t in _tasks(args) if t.key not in done]
    print(f"{len(done)} hands already in {out}, {len(tasks)} to measure", file=sys.stderr)
    measured = play_all(measure, tasks, args.jobs, args.scheduler, in_order=False)
    with out.open("a", encoding="utf-8") as sink:
        for n, record in enumerate(measured, 1):
            sink.write(json.dumps(record) + "\n")
            sink.flush()
            print(f"\r{n}/{len(tasks)} hands", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    _summary(read_records([out]))
    if args.write:
        _write(read_records([out]), [out], args.tables)
    return 0


def _summary(records: list[dict]) -> None:
    print("game     kind    hands  kept  bid   made (experts)  made (basic defends)  mean rate")
    for game, kinds in KINDS.items():
        for kind in kinds:
            mine = [r for r in records if r["game"] == game and r["kind"] == kind]
            kept = [r for r in mine if r["kept"]]
            if not kept:
                continue
            print(f"{game:8} {kind:7} {len(mine):5} {len(kept):5}"
                  f"  {fmean(r['bid'] for r in kept):4.1f}"
                  f"  {fmean(r['experts'] for r in kept):14.1%}"
                  f"  {fmean(r['basic'] for r in kept):20.1%}"
                  f"  {fmean(r['trump_rate'] for r in kept):9.1%}")


def merge_tables(before: dict, fitted: dict) -> tuple[dict, list[str]]:
    """The tables ``fitted`` over those ``before``, kind by kind: a game, phase and kind the
    run did not measure keeps its table. Also the names of those kept, "game/phase/kind"."""
    merged = json.loads(json.dumps(before))
    for game, phases in fitted.items():
        for phase, kinds in phases.items():
            merged.setdefault(game, {}).setdefault(phase, {}).update(kinds)
    kept = [f"{game}/{phase}/{kind}" for game, phases in before.items()
            for phase, kinds in phases.items() for kind in kinds
            if kind not in fitted.get(game, {}).get(phase, {})]
    return merged, kept


def _write(records: list[dict], runs: list[Path], tables_path: str | None) -> None:
    target = Path(tables_path) if tables_path else Path(__file__).with_name(TABLE_FILE)
    before = json.loads(target.read_text(encoding="utf-8"))["tables"] if target.exists() else {}
    merged, kept = merge_tables(before, fit_tables(records))
    measured = (f"python -m moon42.ai.calibrate: fitted from {' '.join(p.name for p in runs)}: "
                f"{sum(r['kept'] for r in records)} hands kept")
    if kept:
        measured += f"; kept from before: {', '.join(kept)}"
    data = {"measured": measured, "tables": merged}
    target.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {target}", file=sys.stderr)
    if kept:
        print(f"not measured in this run, kept as they were: {', '.join(kept)}", file=sys.stderr)


def _check(args: argparse.Namespace) -> int:
    judged_tables = None
    if args.tables:
        judged_tables = json.loads(Path(args.tables).read_text(encoding="utf-8"))["tables"]
    rows = check_rows(read_records(Path(p) for p in args.check), args.folds, judged_tables)
    if args.json:
        print(json.dumps(rows))
        return 0
    judged = ("tables fitted on the other folds" if args.folds
              else f"the tables of {Path(args.tables).name}" if args.tables
              else "the package's tables")
    print(f"Figure shown ({judged}) against share made; a bucket of {MIN_BIDS}+ bids passes"
          f" within {TOLERANCE:.0%}.  95%: where the bids' own luck may put the share made.")
    print("| game | phase | kind | against | shown | bids | figure | made | 95% | luck | |")
    print("| --- | --- | --- | --- | --- | ---: | ---: | ---: | --- | ---: | --- |")
    for r in rows:
        mark = {True: "pass", False: "FAIL", None: ""}[r["passes"]]
        low, high = r["likely"]
        print(f"| {r['game']} | {r['phase']} | {r['kind']} | {r['opposition']} | {r['bucket']}"
              f" | {r['bids']} | {r['shown']:.1%} | {r['made']:.1%} | {low:.0%}-{high:.0%}"
              f" | {r['luck_fails']:.0%} | {mark} |")
    print()
    print(_verdict(rows))
    return 0


def _verdict(rows: list[dict]) -> str:
    judged = [r for r in rows if r["passes"] is not None]
    failed = [r for r in judged if not r["passes"]]
    beyond = [r for r in failed if not r["likely"][0] <= r["shown"] <= r["likely"][1]]
    luck = sum(r["luck_fails"] for r in judged)
    return (f"{len(judged)} buckets of {MIN_BIDS}+ bids: {len(judged) - len(failed)} pass, "
            f"{len(failed)} fail, {len(beyond)} of them with the figure outside the 95% "
            f"interval of the share made.  Were every figure exactly right, the bids' luck "
            f"alone would fail about {luck:.1f} of these buckets.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m moon42.ai.calibrate", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--out", help="the run's file of hands (JSON lines), taken up again")
    parser.add_argument("--game", default="all", choices=("all", *KINDS))
    parser.add_argument("--kind", default="all", choices=("all", "least", "higher", "top"),
                        help="top: the moon (Moon) or one mark (Texas 42)")
    parser.add_argument("--hands", type=int, default=400, help="hands a game and kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes measuring hands")
    parser.add_argument("--scheduler", metavar="tcp://HOST:8786",
                        help="measure the hands on the workers of this Dask cluster instead (needs "
                        "the cluster extra: pip install 'moon42[cluster]'); same records")
    parser.add_argument("--write", action="store_true",
                        help="fit the tables from --out and write them into the package")
    parser.add_argument("--fit", nargs="+", metavar="RUN",
                        help="fit the tables from the hands of these runs and write them into "
                        "the package, measuring nothing")
    parser.add_argument("--tables", metavar="PATH",
                        help="with --write or --fit: write the tables here instead of the "
                        "package; with --check: judge these tables")
    parser.add_argument("--check", nargs="+", metavar="RUN",
                        help="judge the figures shown against the hands of these runs")
    parser.add_argument("--folds", type=int, default=0,
                        help="with --check: judge by tables fitted on the other folds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.jobs <= 64:
        parser.error("--jobs: from 1 to 64")
    if not 0 <= args.hands <= 100_000:
        parser.error("--hands: from 0 to 100000")
    if args.folds == 1 or not 0 <= args.folds <= 10:
        parser.error("--folds: 0 (the package's tables) or from 2 to 10")
    if args.check and args.tables and (args.folds or not Path(args.tables).is_file()):
        parser.error("--check --tables: a file of tables, and no --folds")
    if args.scheduler is not None:
        try:
            check_scheduler(args.scheduler)
        except ValueError as error:
            parser.error(str(error))
    if args.check:
        return _check(args)
    if args.fit:
        runs = [Path(p) for p in args.fit]
        missing = [str(p) for p in runs if not p.is_file()]
        if missing:
            parser.error(f"--fit: no such run: {', '.join(missing)}")
        records = read_records(runs)
        if not records:
            parser.error("--fit: these runs hold no hand measured by today's estimator")
        _write(records, runs, args.tables)
        return 0
    if not args.out:
        parser.error("--out is needed to measure (or --check RUN to judge)")
    try:
        return _measure_run(args)
    except ClusterError as error:
        parser.exit(2, f"{parser.prog}: {error}\n")


if __name__ == "__main__":
    sys.exit(main())
