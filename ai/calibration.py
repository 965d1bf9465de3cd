"""From the simulation's make rate to how often bids are really made.

The expert's bidding simulation deals the hidden tiles at random and solves every layout
with all hands open, so it is an estimate with a bias: open hands flatter the bidder (the
partner's tiles, in Texas 42, are known to the last pip), and in Moon for three a bid is
simulated before the bidder takes the widow, which makes it gloomy.  The bias differs with
the bid: a moon or a mark must take every trick, where one trick given away is enough to
set it.  So the tables are kept per game and per *kind* of bid (``KINDS``: the least bid,
the higher bids, the moon or a mark) and, in Moon for three, per *phase*: simulated before
the widow (a bid) or with the hand the bidder keeps (a trump, and every bid of the other
games).

Each table holds two columns measured on the same hands (``python -m moon42.ai.calibrate``):
the share made when experts play the bid out (``experts``) and when the bidder's side are
experts and ``basic`` defends (``basic``).  A point is a group of at least ``MIN_BIDS``
played bids with neighbouring simulated rates, the range of those rates against their
share made; a higher range never has a lower share (``fit``).  A rate inside a point's
range reads that point's share: most hands are simulated at or near 0% or 100%, so a
point may span a wide range, and a line drawn between far-apart points would put a hand
that is almost never made at 12% (a rate between two ranges reads along the line from
the one's end to the other's start; below the first or above the last, the end point's
share).  A kind measured on fewer than ``MIN_BIDS`` bids has one *rough* point (one whose
rate does not tell made from set has one point too, but a sound one: its share made); a
kind not measured (Texas 42's Plunge, Splash, Nello and Sevens) has none, and its figure
is not given.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources

from moon42.rules.bidding import MARK, MOON
from moon42.rules.options import Options

__all__ = [
    "KINDS",
    "OPPOSITIONS",
    "Estimate",
    "bid_kind",
    "least_bid",
    "estimate",
    "made_in_play",
    "fit",
    "tables",
    "TABLE_FILE",
    "BEFORE_WIDOW",
    "IN_HAND",
    "read_points",
]

KINDS = {
    "moon3": ("least", "higher", "moon"),
    "moon4": ("least", "higher", "moon"),
    "texas42": ("least", "higher", "marks"),
}
OPPOSITIONS = ("experts", "basic")
BEFORE_WIDOW = "before_widow"
IN_HAND = "in_hand"
MIN_BIDS = 100  # played bids a point of a table rests on at least
TABLE_FILE = "calibration.json"

Point = tuple[float, float, float, int]  # lowest and highest simulated rate, share made, bids


@dataclass(frozen=True)
class Estimate:
    """How often play makes a bid the simulation makes at some rate.

    ``experts``: the share made when experts play it out; ``basic``: when ``basic``
    defends (None where not measured).  ``bids``: the played bids the table rests on;
    ``rough``: resting on fewer than ``MIN_BIDS`` bids, a rough figure.
    """

    experts: float
    basic: float | None
    bids: int
    rough: bool


def least_bid(options: Options) -> int:
    return options.min_bid if options.is_moon else 30


def bid_kind(options: Options, bid: int, contract: str | None = None) -> str:
    """The kind of a bid of ``bid`` (``contract``: "plunge", "splash", or a trump's name for
    Nello and Sevens, which are their own kinds)."""
    if contract in ("plunge", "splash", "nello", "sevens"):
        return contract
    if options.is_moon:
        if bid == MOON:
            return "moon"
        return "least" if bid <= options.min_bid else "higher"
    if bid >= MARK:
        return "marks"
    return "least" if bid <= least_bid(options) else "higher"


def _load() -> dict:
    text = resources.files(__package__).joinpath(TABLE_FILE).read_text(encoding="utf-8")
    return json.loads(text)


_TABLES: dict = _load()


def tables() -> dict:
    """game -> phase -> kind -> opposition -> points (``Point``), as measured."""
    return _TABLES["tables"]


def read_points(points: Sequence[Sequence[float]], rate: float) -> float:
    """The share made that ``points`` give a simulated ``rate``."""
    i = bisect_right([p[0] for p in points], rate) - 1
    if i < 0:
        return points[0][2]
    low, high, share = points[i][:3]
    if rate <= high or i == len(points) - 1:
        return share
    after_low, after_share = points[i + 1][0], points[i + 1][2]
    return share + (after_share - share) * (rate - high) / (after_low - high)


def estimate(
    options: Options, bid: int, rate: float, before_widow: bool = False,
    contract: str | None = None,
) -> Estimate | None:
    """``rate`` (the simulation's) read through the table of its game, phase and kind of
    bid; None where that kind was not measured.  ``before_widow``: Moon for three, a bid
    simulated before the bidder has taken the widow."""
    phase = BEFORE_WIDOW if before_widow and options.game == "moon3" else IN_HAND
    table = tables().get(options.game, {}).get(phase, {}).get(bid_kind(options, bid, contract))
    if not table or not table.get("experts"):
        return None
    experts = table["experts"]
    basic = table.get("basic")
    bids = sum(int(p[3]) for p in experts)
    return Estimate(
        read_points(experts, rate),
        read_points(basic, rate) if basic else None,
        bids,
        bids < MIN_BIDS,
    )


def made_in_play(
    options: Options, bid: int, rate: float, before_widow: bool = False,
    contract: str | None = None,
) -> float:
    """How often experts make a bid of ``bid`` that the simulation makes at ``rate`` (the
    rate itself where the kind was not measured): what the expert bids by."""
    found = estimate(options, bid, rate, before_widow, contract)
    return rate if found is None else found.experts


def fit(outcomes: Iterable[tuple[float, bool]], min_bids: int = MIN_BIDS) -> list[Point]:
    """The points of a table from (simulated rate, made) pairs.  The pairs sorted by rate
    (equal rates never split) are pooled wherever a higher rate would mean as many made or
    fewer (pool-adjacent-violators); those groups are then joined into points of at least
    ``min_bids`` pairs each, a higher point always made more often, in the way that fits
    the outcomes best (least squares, over every way of joining them).  Fewer than
    ``min_bids`` pairs make one point of them all (a rough one)."""
    levels: list[list[float]] = []  # lowest rate, highest rate, made, pairs
    for rate, made in sorted(outcomes):
        if levels and levels[-1][0] == rate:
            levels[-1][2] += made
            levels[-1][3] += 1
        else:
            levels.append([rate, rate, float(made), 1])
    pooled: list[list[float]] = []
    for level in levels:
        pooled.append(level)
        while len(pooled) > 1 and pooled[-2][2] / pooled[-2][3] >= pooled[-1][2] / pooled[-1][3]:
            after = pooled.pop()
            pooled[-1] = [pooled[-1][0], after[1], pooled[-1][2] + after[2],
                          pooled[-1][3] + after[3]]
    points = []
    for i, j in _joined(pooled, min_bids):
        made, n = sum(g[2] for g in pooled[i:j]), sum(g[3] for g in pooled[i:j])
        points.append((round(pooled[i][0], 4), round(pooled[j - 1][1], 4), round(made / n, 4),
                       int(n)))
    return points


def _joined(groups: list[list[float]], min_bids: int) -> list[tuple[int, int]]:
    """The runs ``groups[i:j]`` to join into points: each of at least ``min_bids`` pairs,
    each made more often than the one before, with the least squared error (a search over
    every way to cut the groups, which are few: one per level the made share rises to)."""
    made, pairs = [0.0], [0]
    for g in groups:
        made.append(made[-1] + g[2])
        pairs.append(pairs[-1] + int(g[3]))

    def share(i: int, j: int) -> float:
        return (made[j] - made[i]) / (pairs[j] - pairs[i])

    def error(i: int, j: int) -> float:
        return made[j] - made[i] - (made[j] - made[i]) ** 2 / (pairs[j] - pairs[i])

    m = len(groups)
    best: dict[tuple[int, int], tuple[float, int | None]] = {}  # run -> error so far, run before
    for j in range(1, m + 1):
        for i in range(j):
            if pairs[j] - pairs[i] < min_bids:
                continue
            if i == 0:
                best[(i, j)] = (error(i, j), None)
                continue
            before = [(best[(k, i)][0], k) for k in range(i)
                      if (k, i) in best and share(k, i) < share(i, j)]
            if before:
                so_far, k = min(before)
                best[(i, j)] = (so_far + error(i, j), k)
    ends = [(best[(i, m)][0], i) for i in range(m) if (i, m) in best]
    if not ends:
        return [(0, m)] if m else []
    runs, j = [], m
    i: int | None = min(ends)[1]
    while i is not None:
        runs.append((i, j))
        i, j = best[(i, j)][1], i
    return runs[::-1]
