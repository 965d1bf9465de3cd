"""How often a bot picks the winning tile where it matters (a benchmark, not a test).

``python -m moon42.ai.lab.critical [--deals N] [--first N] [--tricks A-B] [--strategy NAME]
[--budget S] [--jobs N] [--json]``

Whole hands can hide a better decision under the luck of the deal: one hand is one
outcome.  This asks about single decisions instead.  ``normal`` plays against ``basic`` in
Texas 42 hands with the auction skipped (``forced_auction``), every trick played out, and
a hand won by taking 22 of the 42 points.  At each play of the tricks looked at (the first
four unless ``--tricks`` says otherwise) the solver looks at the true layout: when some
legal tiles still win the hand for the seat's side and others lose it, the position is
*critical*.  There the strategy under test (told to play for 22 points) chooses from the
seat's view, and the choice is scored right when it keeps the hand won on the true layout.

No honest bot scores 100%: the true layout is one of many that fit what the seat knows.
The positions depend only on the deals, so two versions of a bot are compared on the
same positions; the difference of their rates, with its interval, is the figure.
"""

from __future__ import annotations

import argparse
import json
import math
from multiprocessing import Pool

from moon42.rules import Game, Play
from moon42.rules.tiles import mask_of

from ..basic import BasicBot
from ..facts.forced_auction import given_auction, skip_auction
from ..normal import NormalBot
from ..protocol import decide
from ..registry import make_bot
from ..search.position import Position, for_majority
from ..search.solver import Solver
from .arena import aim_for_majority

__all__ = ["critical_decisions", "main"]

TRICKS = range(4)  # the tricks looked at (from 0): the first four


@given_auction()
def critical_decisions(
    deal: int, strategy: str, settings: dict, tricks: range = TRICKS
) -> list[tuple[bool, bool]]:
    """(right, on the bidding side) for each critical position of one deal, in ``tricks``."""
    game = Game.new("texas42", options={"play_out": True}, seed=deal)
    skip_auction(game)
    # normal and basic alternate sides from deal to deal.
    players = [NormalBot(deal * 4 + s) if s % 2 == deal % 2 else BasicBot() for s in range(4)]
    out = []
    position_number = 0
    while (turn := game.to_act) is not None:
        seat = turn.seat
        view = game.view(seat)
        looked_at = len(view.played) // 4 in tricks
        if turn.kind == "play" and looked_at and len(view.legal) > 1:
            hands = [mask_of(game.view(s).hand) for s in range(game.seats)]
            position = for_majority(Position.of_view(view, hands))
            solver = Solver(position)
            maximiser = bool(position.maximisers >> seat & 1)
            wins = {}
            for action in view.legal:
                assert type(action) is Play
                child = position.after(action.tile)
                made = solver.reaches(child, position.goal - child.taken)
                wins[action.tile] = made == maximiser
            if len(set(wins.values())) > 1:
                [bot] = aim_for_majority(
                    [make_bot(strategy, deal * 100 + position_number, **settings)])
                choice = decide(bot, view)
                assert type(choice) is Play and view.bidder is not None
                out.append((wins[choice.tile], seat % 2 == view.bidder % 2))
            position_number += 1
        game.apply(decide(players[seat], view))
    return out


def _one(job: tuple[int, str, dict, range]) -> list[tuple[bool, bool]]:
    return critical_decisions(*job)


def _rate(rights: list[bool]) -> dict:
    n = len(rights)
    if not n:
        return {"positions": 0}
    p = sum(rights) / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return {"positions": n, "right": round(p, 4), "ci95": [round(p - half, 4), round(p + half, 4)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.ai.lab.critical", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=400, help="deals looked at (default 400)")
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed (default 0)")
    parser.add_argument("--strategy", default="expert", help="the bot under test (expert)")
    parser.add_argument("--budget", type=float, help="its play budget in seconds, if not default")
    parser.add_argument("--tricks", default="1-4",
                        help="the tricks looked at, FIRST-LAST from 1 (default 1-4)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    settings = {} if args.budget is None else {"budget": args.budget}
    first, _, last = args.tricks.partition("-")
    tricks = range(int(first) - 1, int(last or first))
    jobs = [(d, args.strategy, settings, tricks)
            for d in range(args.first, args.first + args.deals)]
    with Pool(args.jobs) as pool:
        found = [pair for deal in pool.map(_one, jobs, chunksize=4) for pair in deal]
    figures = {
        "strategy": args.strategy,
        "deals": args.deals,
        "all": _rate([right for right, _ in found]),
        "bidding_side": _rate([right for right, bidding in found if bidding]),
        "defenders": _rate([right for right, bidding in found if not bidding]),
    }
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"{args.strategy}: critical plays of tricks {args.tricks}, {args.deals} deals")
    for key in ("all", "bidding_side", "defenders"):
        r = figures[key]
        if r["positions"]:
            low, high = r["ci95"]
            print(f"  {key:13} {r['positions']:5} positions, right {r['right']:.1%}"
                  f" [{low:.1%}, {high:.1%}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
