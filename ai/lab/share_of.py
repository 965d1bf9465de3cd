"""A bot's win rate as a share of a yardstick's, on the same deals (a measurement, not a test).

``python -m moon42.ai.lab.share_of BOT YARDSTICK [--json]``

BOT and YARDSTICK are files written by ``moon42 arena ... --per-deal FILE`` on the same
deals against the same opponents (the expert and the omniscient, say).  For each opponent
(and for all of them, deal by deal): the deals both played in full, both rates, and the
bot's rate as a percentage of the yardstick's with its 95% interval, by the delta method
over deals (the two rates of one deal move together, and their covariance counts).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from .arena import Z95
from .paired import paired_deals
from .per_deal import PerDealError

__all__ = ["ratio_ci", "shares", "main"]


def ratio_ci(bot: list[float], yardstick: list[float]) -> tuple[float, float, float]:
    """mean(bot) / mean(yardstick) over paired values, and its normal 95% interval."""
    n = len(bot)
    if n != len(yardstick) or n < 2:
        raise ValueError("a ratio's interval needs two or more paired values")
    b, y = sum(bot) / n, sum(yardstick) / n
    if y <= 0:
        raise ValueError("the yardstick won nothing: no share of it can be taken")
    var_b = sum((v - b) ** 2 for v in bot) / (n - 1)
    var_y = sum((v - y) ** 2 for v in yardstick) / (n - 1)
    cov = sum((u - b) * (v - y) for u, v in zip(bot, yardstick, strict=True)) / (n - 1)
    ratio = b / y
    var = (var_b - 2 * ratio * cov + ratio * ratio * var_y) / (y * y) / n
    half = Z95 * math.sqrt(max(0.0, var))
    return ratio, ratio - half, ratio + half


def shares(bot_path: Path, yardstick_path: Path) -> dict[str, Any]:
    """Each opponent's row, and all of them deal by deal (``PerDealError`` if the files do
    not pair)."""
    same, bot, yard, both = paired_deals(bot_path, yardstick_path)

    def share(lines: list[dict]) -> float:
        return sum(line["share"] for line in lines) / len(lines)

    rows = []
    by_deal: dict[int, list[tuple[float, float]]] = {}
    for member in dict.fromkeys(b for b, _ in both):
        keys = [k for k in both if k[0] == member]
        mine, theirs = [share(bot[k]) for k in keys], [share(yard[k]) for k in keys]
        rows.append(_row(member, mine, theirs))
        for (_, deal), pair in zip(keys, zip(mine, theirs, strict=True), strict=True):
            by_deal.setdefault(deal, []).append(pair)
    means = [tuple(sum(p[i] for p in pairs) / len(pairs) for i in (0, 1))
             for pairs in by_deal.values()]
    overall = _row("all", [m[0] for m in means], [m[1] for m in means])
    return {
        **same,
        "bot": bot[both[0]][0]["a"],
        "yardstick": yard[both[0]][0]["a"],
        "rows": rows,
        "all": overall,
    }


def _row(name: str, mine: list[float], theirs: list[float]) -> dict[str, Any]:
    ratio, low, high = ratio_ci(mine, theirs)
    return {"member": name, "deals": len(mine), "bot": sum(mine) / len(mine),
            "yardstick": sum(theirs) / len(theirs), "share": ratio, "ci95": [low, high]}


def table(result: dict[str, Any]) -> str:
    lines = [
        f"share of: {result['bot']} as a share of {result['yardstick']}, {result['game']},"
        f" {result['unit']}{'' if result['bidding'] else ', bidding skipped'},"
        f" seed {result['seed']}",
        "",
        f"{'against':18}{'deals':>6}{'bot':>9}{'yardstick':>11}{'share':>9}{'95% interval':>17}",
    ]
    for row in [*result["rows"], result["all"]]:
        low, high = row["ci95"]
        lines.append(f"{row['member']:18}{row['deals']:>6}{100 * row['bot']:>8.1f}%"
                     f"{100 * row['yardstick']:>10.1f}%{100 * row['share']:>8.1f}%"
                     f"{100 * low:>9.1f} to {100 * high:.1f}%")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m moon42.ai.lab.share_of", description=__doc__.split("\n")[0])
    parser.add_argument("bot", metavar="BOT", help="a moon42 arena --per-deal file")
    parser.add_argument("yardstick", metavar="YARDSTICK", help="another, on the same deals")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        result = shares(Path(args.bot), Path(args.yardstick))
    except (PerDealError, ValueError) as error:
        parser.exit(2, f"{parser.prog}: {error}\n")
    print(json.dumps(result) if args.json else table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
