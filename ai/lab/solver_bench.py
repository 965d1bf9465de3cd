"""Benchmarks of the search (not tests).

``python -m moon42.ai.lab.solver_bench [--deals N] [--hands N]``

- Solver: exact solve of full Texas 42 deals at the first trick (bid 30, trump named by
  ``basic``'s rule, declarer to lead), and the time by trick number of exact solves of
  positions reached by random play; also the single "is the bid made?" test.  The first
  trick's figures come with the nodes searched, which the machine's load cannot blur.
- Expert: the latency of each decision (median and p95, by kind) over Texas 42 hands where
  two experts play two basic bots, with the default budgets; and what a unit of search
  work (``effort``, what budgets are counted in) takes here in CPU time, against the
  ``UNITS_PER_SECOND`` the budgets assume.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from moon42.rules import Bid, Game, Pass, Phase
from moon42.rules.actions import NameTrump
from moon42.rules.tiles import mask_of

from ..basic import BasicBot, trump_choice
from ..budget import UNITS_PER_SECOND
from ..expert import ExpertBot
from ..protocol import decide
from ..search import effort
from ..search.position import Position
from ..search.solver import Solver

__all__ = ["solver_figures", "expert_figures", "main"]


def _first_trick(seed: int) -> Game:
    game = Game.new("texas42", seed=seed)
    game.apply(Bid(game.seat_to_act, 30))
    while game.phase is Phase.BIDDING:
        game.apply(Pass(game.seat_to_act))
    view = game.view(game.seat_to_act)
    trump = trump_choice(view.hand, [a.trump for a in view.legal if type(a) is NameTrump])
    assert trump is not None, "a hand with no number or doubles to name"
    game.apply(NameTrump(view.seat, trump))
    return game


def _position(game: Game) -> Position:
    hands = [mask_of(game.view(s).hand) for s in range(game.seats)]
    return Position.of_view(game.view(game.seat_to_act), hands)


def _quantiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median_ms": round(1000 * statistics.median(ordered), 2),
        "p95_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "mean_ms": round(1000 * statistics.fmean(ordered), 2),
    }


def _nodes(nodes: list[int]) -> dict[str, int]:
    """Nodes searched (positions at a trick's start): the machine's load cannot blur them."""
    return {"nodes_median": int(statistics.median(nodes)), "nodes_total": sum(nodes)}


def solver_figures(deals: int, repeats: int = 3) -> dict:
    """Solve times in milliseconds; each deal's time is the median of ``repeats`` runs."""
    games = [_first_trick(seed) for seed in range(deals)]
    full, goal = [], []
    full_nodes, goal_nodes = [], []
    by_trick: dict[int, list[float]] = {k: [] for k in range(1, 8)}
    rng = random.Random(1)
    for game in games:
        position = _position(game)
        runs, tests = [], []
        for _ in range(repeats):
            solver = Solver(position)
            start = time.perf_counter()
            solver.value(position)
            runs.append(time.perf_counter() - start)
            tester = Solver(position)
            start = time.perf_counter()
            tester.reaches(position, position.goal)
            tests.append(time.perf_counter() - start)
        full_nodes.append(solver.nodes)
        goal_nodes.append(tester.nodes)
        full.append(statistics.median(runs))
        goal.append(statistics.median(tests))
        line = game
        trick = 1
        while line.phase is Phase.PLAY:
            if line.current_trick() is None:
                trick = len(line.view(0).tricks) + 1
                if trick > 1:
                    position = _position(line)
                    start = time.perf_counter()
                    Solver(position).value(position)
                    by_trick[trick].append(time.perf_counter() - start)
            line.apply(rng.choice(line.legal_actions()))
    by_trick[1] = full
    return {
        "deals": deals,
        "first_trick_exact": _quantiles(full) | _nodes(full_nodes),
        "first_trick_bid_test": _quantiles(goal) | _nodes(goal_nodes),
        "exact_by_trick": {k: _quantiles(v) for k, v in by_trick.items() if v},
    }


def expert_figures(hands: int) -> dict:
    """Decision latency of ``expert`` (default budgets) against ``basic``, Texas 42."""
    times: dict[str, list[float]] = {}
    per_unit: list[float] = []  # CPU microseconds a unit of work, decision by decision
    for seed in range(hands):
        game = Game.new("texas42", seed=1000 + seed)
        bots = [ExpertBot(seed * 4 + s) if s % 2 == 0 else BasicBot() for s in range(4)]
        while (turn := game.to_act) is not None:
            seat = turn.seat
            view = game.view(seat)
            units, cpu = effort.done(), time.thread_time()
            start = time.perf_counter()
            action = decide(bots[seat], view)
            if seat % 2 == 0:
                times.setdefault(turn.kind, []).append(time.perf_counter() - start)
                units = effort.done() - units
                if units:
                    per_unit.append(1e6 * (time.thread_time() - cpu) / units)
            game.apply(action)
    every = [t for kind in times.values() for t in kind]
    out = {"hands": hands, "all": _quantiles(every)}
    if per_unit:
        out["work_unit_us"] = {
            "median": round(statistics.median(per_unit), 2),
            "budgets_assume": round(1e6 / UNITS_PER_SECOND, 2),
        }
    out.update({kind: _quantiles(v) | {"n": len(v)} for kind, v in times.items()})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.ai.lab.solver_bench",
                                     description=__doc__)
    parser.add_argument("--deals", type=int, default=30, help="deals solved (default 30)")
    parser.add_argument("--hands", type=int, default=4, help="expert hands (default 4)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per deal (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    figures = {"solver": solver_figures(args.deals, args.repeats)}
    if args.hands:
        figures["expert"] = expert_figures(args.hands)
    if args.json:
        print(json.dumps(figures))
        return 0
    solver = figures["solver"]
    print(f"Solver, Texas 42, {solver['deals']} deals (ms):")
    print(f"  first trick, exact value   {_line(solver['first_trick_exact'])}")
    print(f"  first trick, bid made?     {_line(solver['first_trick_bid_test'])}")
    for trick, q in solver["exact_by_trick"].items():
        print(f"  trick {trick}, exact value       {_line(q)}")
    if "expert" in figures:
        expert = figures["expert"]
        print(f"Expert decisions, {expert['hands']} Texas 42 hands against basic (ms):")
        for kind, q in expert.items():
            if isinstance(q, dict) and kind != "work_unit_us":
                print(f"  {kind:6} {_line(q)}")
        if "work_unit_us" in expert:
            unit = expert["work_unit_us"]
            print(
                f"  a unit of search work: {unit['median']} us of CPU (median), "
                f"the budgets assume {unit['budgets_assume']} us"
            )
    return 0


def _line(q: dict) -> str:
    extra = f"   n {q['n']}" if "n" in q else ""
    if "nodes_median" in q:
        extra += f"   nodes median {q['nodes_median']} total {q['nodes_total']}"
    return (
        f"median {q['median_ms']:8.1f}   p95 {q['p95_ms']:8.1f}   mean {q['mean_ms']:8.1f}{extra}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
