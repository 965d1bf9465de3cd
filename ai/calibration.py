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

Each table holds two curves measured on the same hands (``python -m moon42.ai.calibrate``):
how often a bid is made when experts play it out (``experts``) and when the bidder's side
are experts and ``basic`` defends (``basic``).  A curve is the logistic of the simulated
rate's log-odds (``fit``: the chance made is ``1 / (1 + exp(-(a + b * logit(rate))))``,
the rate held ``EDGE`` from 0 and 1, ``b`` never below 0), fitted to every played bid of
its kind by most likelihood: two figures learnt from a few hundred bids, so every rate reads
what the bids near it and all the others say together.  Tables of groups of a hundred bids
each read a whole group's share for any rate inside it, and the groups of the rarer kinds
spanned so much that a bid simulated at 10% read as one simulated at 100% (Moon for three's
higher bids: 83% for both, made about 40% and 100% of the time).  Judged on hands they were
not fitted on, the curves come closer on the whole to what happens than such tables fitted
on many more hands.  A kind measured on fewer than ``MIN_BIDS`` bids has a *rough* curve; a kind not
measured (Texas 42's Plunge, Splash, Nello and Sevens) has none, and its figure is not given.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
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
    "read_curve",
    "EDGE",
    "log_odds",
    "logistic",
]

KINDS = {
    "moon3": ("least", "higher", "moon"),
    "moon4": ("least", "higher", "moon"),
    "texas42": ("least", "higher", "marks"),
}
OPPOSITIONS = ("experts", "basic")
BEFORE_WIDOW = "before_widow"
IN_HAND = "in_hand"
MIN_BIDS = 100  # played bids a curve rests on at least, or it is a rough one
TABLE_FILE = "calibration.json"
EDGE = 0.01  # a simulated rate is read as if no nearer 0 or 1 than this
_STEADY = 1.0  # how strongly a fit is held near a flat even chance (keeps it finite)

Curve = dict  # {"a": intercept, "b": slope on the rate's log-odds, "bids": played bids}


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
    """game -> phase -> kind -> opposition -> curve (``Curve``), as measured."""
    return _TABLES["tables"]


def log_odds(rate: float) -> float:
    rate = min(1 - EDGE, max(EDGE, rate))
    return math.log(rate / (1 - rate))


def logistic(z: float) -> float:
    return 1 / (1 + math.exp(-max(-60.0, min(60.0, z))))


def read_curve(curve: Mapping[str, float], rate: float) -> float:
    """The share made that ``curve`` gives a simulated ``rate``."""
    return logistic(curve["a"] + curve["b"] * log_odds(rate))


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
    bids = int(experts["bids"])
    return Estimate(
        read_curve(experts, rate),
        read_curve(basic, rate) if basic else None,
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


def fit(outcomes: Iterable[tuple[float, bool]]) -> Curve:
    """The curve of (simulated rate, made) pairs: the intercept and slope of most likelihood
    (Newton's steps, halved while they do not improve it), held a little towards a flat
    even chance (``_STEADY``) so that bids all made, or all set, still give a finite curve;
    a slope that would fall (a higher rate made less often) is flat instead: the share
    made, for every rate."""
    pairs = [(log_odds(rate), float(made)) for rate, made in outcomes]
    if not pairs:
        raise ValueError("no bids to fit")

    def loss(a: float, b: float) -> float:
        total = 0.5 * _STEADY * (a * a + b * b)
        for x, y in pairs:
            z = a + b * x
            total += math.log1p(math.exp(-abs(z))) + max(z, 0.0) - y * z
        return total

    def newton(a: float, b: float, slope: bool) -> tuple[float, float]:
        for _ in range(100):
            ga, gb = _STEADY * a, _STEADY * b
            haa, hab, hbb = _STEADY, 0.0, _STEADY
            for x, y in pairs:
                p = logistic(a + b * x)
                w = p * (1 - p)
                ga += p - y
                gb += (p - y) * x
                haa += w
                hab += w * x
                hbb += w * x * x
            if slope:
                det = haa * hbb - hab * hab
                da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
            else:
                da, db = ga / haa, 0.0
            step, before = 1.0, loss(a, b)
            while step > 1e-6 and loss(a - step * da, b - step * db) > before:
                step /= 2
            a, b = a - step * da, b - step * db
            if abs(step * da) + abs(step * db) < 1e-10:
                break
        return a, b

    a, b = newton(0.0, 0.0, slope=True)
    if b < 0:
        a, b = newton(0.0, 0.0, slope=False)
    return {"a": round(a, 4), "b": round(b, 4), "bids": len(pairs)}
