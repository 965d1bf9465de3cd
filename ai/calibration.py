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
played bids, the simulated rates in it against their share made; rates are read along
straight lines between the points, held at the ends.  A kind measured on fewer than
``MIN_BIDS`` bids has one *rough* point (one whose rate does not tell made from set has
one point too, but a sound one: its share made); a kind not measured (Texas 42's Plunge,
Splash, Nello and Sevens) has none, and its figure is not given.
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

Point = tuple[float, float, int]  # simulated rate, share made, played bids


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
    xs = [p[0] for p in points]
    i = bisect_right(xs, rate)
    if i == 0:
        return points[0][1]
    if i == len(points):
        return points[-1][1]
    (x0, y0), (x1, y1) = points[i - 1][:2], points[i][:2]
    if x1 == x0:
        return y1
    return y0 + (y1 - y0) * (rate - x0) / (x1 - x0)


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
    bids = sum(int(p[2]) for p in experts)
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
    """The points of a table from (simulated rate, made) pairs: the pairs sorted by rate
    in groups of at least ``min_bids`` (as many groups as that allows, equal rates never
    split), each its mean rate against its share made; then neighbouring groups pooled
    wherever a higher rate would mean fewer made.  Fewer than ``min_bids`` pairs make one
    point of them all (a rough one)."""
    pairs = sorted(outcomes)
    if not pairs:
        return []
    groups = max(1, len(pairs) // min_bids)
    size = len(pairs) / groups
    blocks: list[list[float]] = []
    start = 0
    for g in range(groups):
        end = len(pairs) if g == groups - 1 else round((g + 1) * size)
        while 0 < end < len(pairs) and pairs[end][0] == pairs[end - 1][0]:
            end += 1  # equal rates stay in one group
        if end <= start:
            continue
        chunk = pairs[start:end]
        blocks.append([sum(r for r, _ in chunk), sum(m for _, m in chunk), len(chunk)])
        start = end
    if start < len(pairs):
        chunk = pairs[start:]
        last = blocks[-1]
        last[0] += sum(r for r, _ in chunk)
        last[1] += sum(m for _, m in chunk)
        last[2] += len(chunk)
    pooled: list[list[float]] = []
    for block in blocks:
        pooled.append(block)
        while len(pooled) > 1 and (
            pooled[-2][1] / pooled[-2][2] >= pooled[-1][1] / pooled[-1][2]
            or pooled[-1][2] < min_bids
        ):
            last = pooled.pop()
            for i in range(3):
                pooled[-1][i] += last[i]
    return [(round(x / n, 4), round(y / n, 4), int(n)) for x, y, n in pooled]
