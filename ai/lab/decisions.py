"""Where a bot's plays lose against the true layout (a benchmark, not a test).

``python -m moon42.ai.lab.decisions [--strategy NAME] [--opponent NAME] [--deals N]
[--seed S] [--budget S] [--jobs N] [--out FILE] [--json]``;
``python -m moon42.ai.lab.decisions --compare BEFORE AFTER``

It plays the arena's hands (``moon42 arena texas42 STRATEGY OPPONENT --no-bidding``: the
same deals from the same seed, both copies, the same bots with the same seeds, every trick
played, a hand won with 22 of the 42 points) and, at each play of the strategy's seats
with a choice, solves the *true* layout: the value of every legal tile with every hand in
view, as the omniscient yardstick sees it. The chosen tile is then

- *best*: as good as any (for the hand and for the points);
- *costly*: fewer points than the best tile could keep (the points lost);
- *losing*: on the true layout the best tile wins the hand for the seat's side and the
  chosen one does not (or it lets the other side win a hand it could have kept from it).

The trump the strategy names is judged the same way, against the best of the plain trumps
offered, each solved on the true layout with the strategy's seat leading.

No honest bot is always best: the true layout is one of many that fit what the seat
knows. The figures (plays, best, losing, each row's share of all the losing decisions, the
trump named's among them, and the points given up) are given by trick and by situation
(leading; following suit; trumping in; discarding off suit), for the bidding side and the
defenders. Losing plays are where
the hands go; their count by trick and situation says where a better search would pay.

The outcome of each hand is kept too (the arena's share of the deal), so two runs on the
same seed, before and after a change, are compared deal by deal: ``--out`` writes one JSON
line a deal, ``--compare BEFORE AFTER`` prints the paired difference of the win rates and
of the losing plays, with their 95% intervals over deals.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from multiprocessing import Pool

from moon42.rules import Game
from moon42.rules.actions import NameTrump, Play
from moon42.rules.options import options_for
from moon42.rules.tiles import mask_of
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from ..expert import worth
from ..facts.forced_auction import given_auction, skip_auction
from ..protocol import decide
from ..registry import make_bot
from ..search.position import Position, for_majority
from ..search.solver import Solver
from .arena import aim_for_majority, deal_seed, seats_of

__all__ = [
    "Decision", "Deal", "compare", "judge", "judge_every_tile", "judge_every_trump", "judge_trump",
    "load", "main", "play_deal", "situation", "summary", "table",
]

GAME = "texas42"
SITUATIONS = ("lead", "follow", "trump", "discard")  # of a play (a trump named: trick 0)
MAX_DEALS = 100_000


@dataclass(frozen=True)
class Decision:
    """One play of the strategy's with a choice (or its trump), judged on the true layout."""

    trick: int  # 1 to 7 (0: the trump named)
    situation: str  # one of SITUATIONS
    bidding_side: bool
    choices: int  # legal tiles
    loss: float  # points the choice gives up against the best tile (0 when best)
    losing: bool  # the best tile keeps the hand's outcome for the side, the choice does not


@dataclass(frozen=True)
class Deal:
    """One deal: the strategy's share of it (the arena's) and its judged decisions."""

    deal: int
    share: float
    decisions: tuple[Decision, ...]


def situation(view: SeatView, tile: int) -> str:
    """What a play does: leads, follows the suit led, trumps in, or discards off suit."""
    trick = view.current_trick
    if trick is None or not trick.plays:
        return "lead"
    rules = view.play_rules
    lead = int(trick.plays[0][1])
    if rules.follow_lead[lead] >> tile & 1:
        return "follow"
    return "trump" if rules.is_trump[tile] else "discard"


def judge(view: SeatView, hands: list[int], chosen: int) -> Decision:
    """The chosen tile against the best on the true layout ``hands``."""
    return judge_every_tile(view, hands)[chosen]


def judge_every_tile(view: SeatView, hands: list[int]) -> dict[int, Decision]:
    """Every legal tile judged against the best on the true layout, from one solve."""
    position = for_majority(Position.of_view(view, hands))
    values = Solver(position).move_values(position)
    sign = 1 if position.maximisers >> view.seat & 1 else -1
    worths = {t: sign * worth(position, v) for t, v in values.items()}
    best = max(worths.values())
    top = max(sign * v for v in values.values())

    def won(t: int) -> bool:
        made = position.taken + values[t] >= position.goal
        return made == (sign == 1)

    can_win = any(won(t) for t in values)
    return {
        tile: Decision(
            trick=len(view.tricks) + 1,
            situation=situation(view, tile),
            bidding_side=sign == 1,
            choices=len(values),
            loss=float(top - sign * values[tile]),
            losing=worths[tile] < best and can_win and not won(tile),
        )
        for tile in values
    }


def judge_trump(view: SeatView, hands: list[int], chosen: Trump) -> Decision:
    """The trump named against the best of the plain trumps offered, each solved on the true
    layout with the seat leading (Nello and Sevens aside: the arena's hands are won by points)."""
    return judge_every_trump(view, hands)[chosen]


def judge_every_trump(view: SeatView, hands: list[int]) -> dict[Trump, Decision]:
    """Every plain trump offered judged as :func:`judge_trump` does, each solved once."""
    offered = [a.trump for a in view.legal if type(a) is NameTrump
               and a.trump not in (Trump.NELLO, Trump.SEVENS)]
    values: dict[Trump, int] = {}
    worths: dict[Trump, float] = {}
    goal = 0
    bid, bidder = view.high_bid, view.bidder
    assert bid is not None and bidder is not None, "trump named with no bid"
    for trump in offered:
        position = for_majority(
            Position.new_hand(view.options, trump, bid, bidder, view.seat, hands))
        values[trump] = Solver(position).value(position)
        worths[trump] = worth(position, values[trump])
        goal = position.goal
    best = max(worths.values())
    top = max(values.values())
    return {
        trump: Decision(
            trick=0,
            situation="trump named",
            bidding_side=True,
            choices=len(offered),
            loss=float(top - values[trump]),
            losing=worths[trump] < best and top >= goal and values[trump] < goal,
        )
        for trump in offered
    }


@given_auction()
def play_deal(job: tuple[str, str, int, int, dict]) -> Deal:
    """Every copy of deal ``deal`` as the arena plays it, the strategy's plays judged."""
    strategy, opponent, seed, deal, settings = job
    game_seed = deal_seed(seed, deal)
    options = options_for(GAME, {"play_out": True})
    shares = []
    decisions: list[Decision] = []
    for copy in range(2):
        seating = seats_of(GAME, copy)
        bots = [
            make_bot(strategy, game_seed * 8 + s, **settings)
            if side == "A" else make_bot(opponent, game_seed * 8 + s)
            for s, side in enumerate(seating)
        ]
        aim_for_majority(bots)  # what wins a hand here: more than half of it
        game = Game.new(GAME, options=options, seed=game_seed)
        skip_auction(game)
        while game.to_act is not None:
            seat = game.to_act.seat
            see = getattr(bots[seat], "see", None)
            if see is not None:
                see(game)
            view = game.view(seat)
            action = decide(bots[seat], view)
            plays = [a for a in view.legal if type(a) is Play]
            hands = [mask_of(game.view(s).hand) for s in range(game.seats)]
            if seating[seat] == "A" and type(action) is Play and len(plays) > 1:
                decisions.append(judge(view, hands, action.tile))
            elif seating[seat] == "A" and type(action) is NameTrump:
                decisions.append(judge_trump(view, hands, action.trump))
            game.apply(action)
        points = game.results[-1].points
        mine = sum(points[s] for s in range(4) if seating[s] == "A")
        theirs = sum(points[s] for s in range(4) if seating[s] == "B")
        shares.append(1.0 if mine > theirs else 0.0 if mine < theirs else 0.5)
    return Deal(deal, sum(shares) / len(shares), tuple(decisions))


def _interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n else 0.0
    return mean, mean - half, mean + half


def _cell(decisions: list[Decision]) -> dict:
    n = len(decisions)
    return {
        "decisions": n,
        "best": sum(d.loss == 0 for d in decisions),
        "losing": sum(d.losing for d in decisions),
        "points_lost": round(sum(d.loss for d in decisions), 1),
    }


def summary(deals: Iterable[Deal]) -> dict:
    """The figures: the win rate, and the decisions by trick, situation and side."""
    deals = list(deals)
    every = [d for deal in deals for d in deal.decisions if d.trick]
    trumps = [d for deal in deals for d in deal.decisions if not d.trick]
    rate, low, high = _interval([deal.share for deal in deals])
    by_trick = {str(t): _cell([d for d in every if d.trick == t]) for t in range(1, 8)}
    by_situation = {
        f"{s} {side}": _cell([d for d in every if d.situation == s and d.bidding_side == bidding])
        for s in SITUATIONS
        for side, bidding in (("bidder", True), ("defender", False))
    }
    losing_per_deal = [float(sum(d.losing for d in deal.decisions if d.trick)) for deal in deals]
    return {
        "deals": len(deals),
        "win_rate": rate,
        "ci95": [low, high],
        "all": _cell(every),
        "trump_named": _cell(trumps),
        "losing_per_deal": _interval(losing_per_deal)[0] if deals else 0.0,
        "by_trick": by_trick,
        "by_situation": by_situation,
        "first_two_by_situation": {
            s: _cell([d for d in every if d.situation == s and d.trick <= 2]) for s in SITUATIONS
        },
    }


def table(figures: dict, title: str) -> str:
    """The figures as text."""
    rate, (low, high) = figures["win_rate"], figures["ci95"]
    lines = [
        title,
        f"win rate {rate:.1%} [{low:.1%}, {high:.1%}] over {figures['deals']} deals;"
        f" losing plays a deal {figures['losing_per_deal']:.2f}",
        "",
        f"{'':22}{'plays':>7}{'best':>8}{'losing':>8}{'% losing':>10}{'of all lost':>13}"
        f"{'pts lost':>10}",
    ]
    # Shares of every losing decision, the trump named's among them.
    total = max(1, figures["all"]["losing"] + figures["trump_named"]["losing"])

    def row(name: str, c: dict) -> str:
        n = c["decisions"]
        share = c["losing"] / n if n else 0.0
        best = c["best"] / n if n else 0.0
        return (f"{name:22}{n:>7}{best:>8.0%}{c['losing']:>8}{share:>10.1%}"
                f"{c['losing'] / total:>13.0%}{c['points_lost']:>10.0f}")

    lines.append(row("all plays", figures["all"]))
    lines.append("by trick")
    lines += [row(f"  {t}", c) for t, c in figures["by_trick"].items()]
    lines.append("by situation")
    lines += [row(f"  {s}", c) for s, c in figures["by_situation"].items()]
    lines.append("tricks 1-2 by situation")
    lines += [row(f"  {s}", c) for s, c in figures["first_two_by_situation"].items()]
    lines.append(row("trump named", figures["trump_named"]))
    return "\n".join(lines)


def load(path: str) -> list[Deal]:
    """The deals a run wrote with ``--out``."""
    deals = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            try:
                raw = json.loads(line)
                decisions = tuple(Decision(**d) for d in raw["decisions"])
                deals.append(Deal(int(raw["deal"]), float(raw["share"]), decisions))
            except (ValueError, KeyError, TypeError) as e:
                raise ValueError(f"{path}, line {number}: not a deal of this tool ({e})") from e
    return deals


def compare(before: list[Deal], after: list[Deal]) -> dict:
    """The paired differences (after less before) over the deals both runs played."""
    first = {d.deal: d for d in before}
    pairs = [(first[d.deal], d) for d in after if d.deal in first]
    if not pairs:
        raise ValueError("the two runs share no deal")

    def paired(pick: Callable[[Deal], float]) -> dict:
        mean, low, high = _interval([pick(b) - pick(a) for a, b in pairs])
        return {"before": sum(pick(a) for a, _ in pairs) / len(pairs),
                "after": sum(pick(b) for _, b in pairs) / len(pairs),
                "difference": mean, "ci95": [low, high]}

    return {
        "deals": len(pairs),
        "changed": sum(a.share != b.share for a, b in pairs),
        "win_rate": paired(lambda d: d.share),
        "losing_plays_per_deal": paired(lambda d: sum(x.losing for x in d.decisions if x.trick)),
        "points_lost_per_deal": paired(lambda d: sum(x.loss for x in d.decisions if x.trick)),
    }


def _deals_arg(text: str) -> int:
    n = int(text)
    if not 1 <= n <= MAX_DEALS:
        raise argparse.ArgumentTypeError(f"from 1 to {MAX_DEALS}")
    return n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m moon42.ai.lab.decisions", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--strategy", default="expert", help="the bot judged (default expert)")
    parser.add_argument("--opponent", default="normal", help="the other side (default normal)")
    parser.add_argument("--deals", type=_deals_arg, default=50,
                        help="deals, two hands each (default 50)")
    parser.add_argument("--seed", type=int, default=91, help="the arena's seed (default 91)")
    parser.add_argument("--budget", type=float, help="the strategy's play budget in seconds")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--out", help="write one JSON line a deal to this file")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"),
                        help="compare two files written by --out, deal by deal")
    args = parser.parse_args(argv)
    if args.compare:
        try:
            result = compare(load(args.compare[0]), load(args.compare[1]))
        except (OSError, ValueError) as e:
            print(f"decisions: {e}", file=sys.stderr)
            return 2
        print(json.dumps(result, indent=None if args.json else 2))
        return 0
    settings = {} if args.budget is None else {"budget": args.budget}
    try:
        make_bot(args.strategy, 0, **settings)
        make_bot(args.opponent, 0)
    except (ValueError, TypeError) as e:
        print(f"decisions: {e}", file=sys.stderr)
        return 2
    jobs = [(args.strategy, args.opponent, args.seed, d, settings) for d in range(args.deals)]
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    deals = []
    try:
        with Pool(max(1, args.jobs)) as pool:
            for deal in pool.imap(play_deal, jobs):
                deals.append(deal)
                if out is not None:
                    out.write(json.dumps(asdict(deal)) + "\n")
                    out.flush()
    finally:
        if out is not None:
            out.close()
    figures = summary(deals)
    if args.json:
        print(json.dumps(figures))
    else:
        print(table(figures, f"{args.strategy} against {args.opponent}, texas42, bidding skipped,"
                             f" seed {args.seed}"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
