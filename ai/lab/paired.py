"""Two arena runs on the same deals, compared deal by deal (a measurement, not a test).

``python -m moon42.ai.lab.paired BEFORE AFTER [--json]``

BEFORE and AFTER are files written by ``moon42 arena ... --per-deal FILE`` with the same
game, seed, unit (hands or games), bidding and options: two versions of a bot (or two bots)
as A against the same B, or the same pool.  A win rate over a few hundred deals moves by
several points from the deals alone; on the same deals that luck is shared, so the
difference deal by deal (AFTER's share of the deal less BEFORE's) has a much narrower
interval than the two rates.  For each opponent and for all of them: the deals both runs
played in full, both rates, the mean difference with its 95% interval, how many deals
changed for AFTER and against it, and the difference in margin.  "all" takes the
difference deal by deal averaged over the opponents (its interval is over deals).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .arena import Summary
from .per_deal import PerDealError, read_lines

__all__ = ["compare", "deals_of", "main", "paired_deals"]

SAME_DEALS = ("game", "unit", "bidding", "seed", "options")  # what makes two runs' deals one


def deals_of(path: Path) -> tuple[dict[str, Any], dict[tuple[str, int], list[dict]]]:
    """The run's settings, and its lines by (B, deal): only deals with every copy."""
    run: dict[str, Any] | None = None
    by_deal: dict[tuple[str, int], dict[int, dict]] = {}
    for line in read_lines(path):
        settings = {k: line[k] for k in SAME_DEALS}
        if run is None:
            run = settings
        elif settings != run:
            changed = next(k for k in SAME_DEALS if settings[k] != run[k])
            raise PerDealError(f"{path}: lines of two runs ({changed} {run[changed]!r} and"
                               f" {settings[changed]!r}); compare one run with another")
        copies = by_deal.setdefault((line["b"], line["deal"]), {})
        if line["copy"] in copies:
            raise PerDealError(f"{path}: deal {line['deal']} copy {line['copy']} against"
                               f" {line['b']} appears twice")
        copies[line["copy"]] = line
    if run is None:
        raise PerDealError(f"{path}: no deals in it")
    wanted = 3 if run["game"] == "moon3" else 2
    whole = {key: [c[n] for n in sorted(c)] for key, c in by_deal.items() if len(c) == wanted}
    return run, whole


def _mean(lines: list[dict], key: str) -> float:
    return sum(line[key] for line in lines) / len(lines)


def _row(name: str, before: list[float], after: list[float], margins: list[float],
         units: list[float]) -> dict[str, Any]:
    """One line of the comparison; ``units`` are the differences the interval is taken over."""
    diff, low, high = Summary.mean_ci(units)
    changes = [a - b for b, a in zip(before, after, strict=True)]
    return {
        "member": name,
        "deals": len(before),
        "before": sum(before) / len(before),
        "after": sum(after) / len(after),
        "difference": diff,
        "ci95": [low, high],
        "for": sum(1 for c in changes if c > 0),
        "against": sum(1 for c in changes if c < 0),
        "margin_difference": sum(margins) / len(margins),
    }


Deals = dict[tuple[str, int], list[dict]]


def paired_deals(first_path: Path, second_path: Path) -> tuple[
        dict[str, Any], Deals, Deals, list[tuple[str, int]]]:
    """What makes the two runs' deals the same (``SAME_DEALS``), each run's deals, and the
    deals (opponent, deal) both played in full, in order; ``PerDealError`` if the runs were
    not played on the same deals or share none."""
    run_f, first = deals_of(first_path)
    run_s, second = deals_of(second_path)
    for key in SAME_DEALS:
        if run_f[key] != run_s[key]:
            raise PerDealError(f"the runs were not played on the same deals: {key}"
                               f" {run_f[key]!r} in {first_path}, {run_s[key]!r} in"
                               f" {second_path}")
    both = sorted(first.keys() & second.keys())
    if not both:
        raise PerDealError(f"no deal against the same opponent was played in full by both"
                           f" {first_path} and {second_path}")
    return {k: run_f[k] for k in SAME_DEALS}, first, second, both


def compare(before_path: Path, after_path: Path) -> dict[str, Any]:
    """The paired comparison of two per-deal files (``PerDealError`` if they do not pair)."""
    same, before, after, both = paired_deals(before_path, after_path)
    members = list(dict.fromkeys(b for b, _ in both))
    rows = []
    by_deal: dict[int, list[float]] = {}
    all_before: list[float] = []
    all_after: list[float] = []
    all_margins: list[float] = []
    for member in members:
        keys = [k for k in both if k[0] == member]
        shares_b = [_mean(before[k], "share") for k in keys]
        shares_a = [_mean(after[k], "share") for k in keys]
        margins = [_mean(after[k], "margin") - _mean(before[k], "margin") for k in keys]
        diffs = [a - b for b, a in zip(shares_b, shares_a, strict=True)]
        rows.append(_row(member, shares_b, shares_a, margins, diffs))
        for (_, deal), d in zip(keys, diffs, strict=True):
            by_deal.setdefault(deal, []).append(d)
        all_before += shares_b
        all_after += shares_a
        all_margins += margins
    per_deal = [sum(ds) / len(ds) for ds in by_deal.values()]
    overall = _row("all", all_before, all_after, all_margins, per_deal)
    overall["deals"] = len(by_deal)
    return {
        **same,
        "before": {"file": str(before_path), "a": before[both[0]][0]["a"],
                   "deals": len(before)},
        "after": {"file": str(after_path), "a": after[both[0]][0]["a"], "deals": len(after)},
        "paired": len(both),
        "rows": rows,
        "all": overall,
    }


def table(result: dict[str, Any]) -> str:
    b, a = result["before"], result["after"]
    lines = [
        f"paired: {result['game']}, {result['unit']}"
        f"{'' if result['bidding'] else ', bidding skipped'}, seed {result['seed']}:"
        f" AFTER ({a['a']}, {a['file']}) less BEFORE ({b['a']}, {b['file']})",
        f"{result['paired']} deals paired over {len(result['rows'])} opponents ({b['deals']}"
        f" played in full in BEFORE, {a['deals']} in AFTER); A's share of each deal",
        "",
        f"{'against':18}{'deals':>6}{'before':>9}{'after':>9}{'difference':>12}"
        f"{'95% interval':>17}{'for/against':>13}{'margin':>9}",
    ]
    for row in [*result["rows"], result["all"]] if len(result["rows"]) > 1 else result["rows"]:
        low, high = row["ci95"]
        lines.append(
            f"{row['member']:18}{row['deals']:>6}{100 * row['before']:>8.1f}%"
            f"{100 * row['after']:>8.1f}%{100 * row['difference']:>+11.1f}"
            f"{100 * low:>+9.1f} to {100 * high:+.1f}"
            f"{str(row['for']) + ' / ' + str(row['against']):>13}"
            f"{row['margin_difference']:>+9.2f}"
        )
    lines.append("(difference and interval in points of the win rate; margin: A less B, AFTER"
                 " less BEFORE)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m moon42.ai.lab.paired", description=__doc__.split("\n")[0]
    )
    parser.add_argument("before", metavar="BEFORE", help="a moon42 arena --per-deal file")
    parser.add_argument("after", metavar="AFTER", help="another, on the same deals")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        result = compare(Path(args.before), Path(args.after))
    except PerDealError as error:
        parser.exit(2, f"{parser.prog}: {error}\n")
    print(json.dumps(result) if args.json else table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
