"""``moon42 bench``: the engine's speed, or with ``--bots`` the bots' (``moon42.ai.lab``)."""

from __future__ import annotations

import argparse
from typing import Any

from ..play.difficulty import LEVELS
from .flags import Commands, seconds_flag, whole_flag

__all__ = ["STRATEGIES", "add_bench_parser", "run"]

# The bots timed: ``random`` and the difficulty levels' (``hard`` is the expert with its
# short budget, so it is labelled by its level).
STRATEGIES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("random", "random", {}),
    *((f"{level.bot}" if not level.settings else f"{level.bot} ({name})", level.bot,
       level.settings) for name, level in LEVELS.items() if name != "expert"),
    ("expert", "expert", LEVELS["expert"].settings),
)


def add_bench_parser(commands: Commands) -> argparse.ArgumentParser:
    bench = commands.add_parser(
        "bench", help="measure the rules engine's speed (hands per second)"
    )
    bench.add_argument("--seconds", type=seconds_flag(0, 600), default=3.0,
                       help="time per game, up to 600 (default 3)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--bots", action="store_true",
                       help="measure the bots instead: decision latency per strategy and game, "
                       "arena hands per second, the solver's time by trick")
    bench.add_argument("--positions", type=whole_flag(1, 10_000), default=30, metavar="N",
                       help="with --bots: positions a game (default 30)")
    bench.add_argument("--arena-deals", type=whole_flag(0, 10_000), default=20, metavar="N",
                       help="with --bots: deals of normal against basic (default 20)")
    bench.add_argument("--expert-deals", type=whole_flag(0, 10_000), default=1, metavar="N",
                       help="with --bots: deals of expert against basic (default 1)")
    bench.add_argument("--solver-deals", type=whole_flag(0, 10_000), default=10, metavar="N",
                       help="with --bots: deals the solver solves (default 10)")
    bench.add_argument("--review", action="store_true",
                       help="measure the hand review instead: a whole hand's review, median "
                       "and p95 (moon42 review)")
    bench.add_argument("--review-hands", type=whole_flag(1, 1000), default=10, metavar="N",
                       help="with --review: hands a game (default 10)")
    return bench


def run(args: argparse.Namespace) -> int:
    # Imported here for start-up time: the bots' benchmark loads the search and the expert,
    # which no other command needs before it runs.
    from moon42.ai.lab.bot_bench import run_bot_bench
    from moon42.ai.lab.engine_bench import run_bench
    from moon42.ai.lab.review_bench import run_review_bench

    if args.review:
        return run_review_bench(args.review_hands, args.json)
    if args.bots:
        return run_bot_bench(STRATEGIES, args.positions, args.arena_deals, args.expert_deals,
                             args.solver_deals, args.json)
    return run_bench(args.seconds, args.json)
