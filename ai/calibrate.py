"""``python -m moon42.ai.calibrate``: how often the expert's bids are made, against what its
simulation promised (a measurement, not a test).

    python -m moon42.ai.calibrate [--game texas42] [--hands 120] [--seed 1] [--jobs 2] [--json]

For each hand the seat left of the dealer is asked its simulated make rate at the least
bid (``ExpertBot.make_rate``), then made to bid it (everybody else passes), and four
experts play the hand out.  The output groups the hands by simulated rate and gives the
share made in each group, and the points to keep in ``ai.calibration.CALIBRATION``: the
groups' mean rates against their shares made, smoothed so that a higher rate never means
fewer bids made.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import sys
from statistics import fmean

from moon42.rules import Bid, Game

from .expert import ExpertBot
from .forced_auction import skip_auction
from .protocol import decide

__all__ = ["fit", "hand_outcome", "main"]

EDGES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0001)


def _hand_seed(seed: int, hand: int) -> int:
    digest = hashlib.blake2b(b"calibrate:%d:%d" % (seed, hand), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def hand_outcome(task: tuple[str, int, int]) -> tuple[float, bool]:
    """(the simulated make rate of the least bid, whether four experts then made it)."""
    game_name, seed, hand = task
    game = Game.new(game_name, seed=_hand_seed(seed, hand))
    bots = [ExpertBot(_hand_seed(seed, hand) + s) for s in range(game.seats)]
    first = game.to_act.seat
    view = game.view(first)
    least = min(a.value for a in view.legal if type(a) is Bid)
    rate = bots[first].make_rate(view, least)
    skip_auction(game)
    while game.to_act is not None:
        seat = game.to_act.seat
        game.apply(decide(bots[seat], game.view(seat)))
    return rate, bool(game.results[-1].made)


def _groups(outcomes: list[tuple[float, bool]]) -> list[dict]:
    groups = []
    for low, high in zip(EDGES, EDGES[1:], strict=False):
        inside = [(r, m) for r, m in outcomes if low <= r < high]
        if inside:
            groups.append({
                "from": low,
                "to": min(high, 1.0),
                "hands": len(inside),
                "mean_rate": round(fmean(r for r, _ in inside), 3),
                "made": round(fmean(m for _, m in inside), 3),
            })
    return groups


def fit(groups: list[dict]) -> list[tuple[float, float]]:
    """The calibration points: each group's mean rate against its share made, with
    neighbouring groups pooled (weighted by hands) wherever the share would fall."""
    blocks = [[g["mean_rate"] * g["hands"], g["made"] * g["hands"], g["hands"]] for g in groups]
    pooled: list[list[float]] = []
    for block in blocks:
        pooled.append(block)
        while len(pooled) > 1 and pooled[-2][1] / pooled[-2][2] > pooled[-1][1] / pooled[-1][2]:
            last = pooled.pop()
            for i in range(3):
                pooled[-1][i] += last[i]
    return [(round(x / n, 3), round(y / n, 3)) for x, y, n in pooled]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m moon42.ai.calibrate", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--game", default="texas42", choices=("moon3", "moon4", "texas42"))
    parser.add_argument("--hands", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    tasks = [(args.game, args.seed, hand) for hand in range(args.hands)]
    outcomes = []
    with multiprocessing.Pool(args.jobs) as pool:
        for done, outcome in enumerate(pool.imap(hand_outcome, tasks), 1):
            outcomes.append(outcome)
            print(f"\r{done}/{args.hands} hands", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    groups = _groups(outcomes)
    report = {
        "game": args.game,
        "hands": args.hands,
        "seed": args.seed,
        "made": round(fmean(m for _, m in outcomes), 3),
        "mean_rate": round(fmean(r for r, _ in outcomes), 3),
        "groups": groups,
        "points": fit(groups),
        "outcomes": [[round(r, 4), m] for r, m in outcomes],
    }
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{args.game}: {args.hands} hands, simulated {report['mean_rate']:.0%},"
          f" made {report['made']:.0%}")
    print("simulated rate   hands   mean rate   made")
    for g in groups:
        print(f"{g['from']:.1f}-{g['to']:.1f}        {g['hands']:5}   {g['mean_rate']:9.2f}"
              f"   {g['made']:4.0%}")
    print("points:", report["points"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
