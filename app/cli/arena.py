"""``moon42 arena``: the command line of the arena (``moon42.ai.lab.arena``), which pits one
bot against another, or against a pool, over duplicate deals."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TextIO

from moon42.ai.lab.arena import DEFAULT_HANDS, GAMES, ArenaConfig, run_arena
from moon42.ai.lab.arena_pool import run_pool
from moon42.ai.lab.past_expert import register_past_expert
from moon42.ai.lab.per_deal import write_outcomes
from moon42.ai.registry import make_bot, pool_names
from moon42.ai.workers import ClusterError, check_scheduler
from moon42.rules.options import OptionsError, options_for

from .flags import Commands
from .options import add_option_flag, option_items

__all__ = ["add_arena_parser", "config_of", "opponents_of", "run"]

MAX_POOL = 32  # opponents one --pool may name
MAX_NAME = 64  # characters in a bot's name
MAX_PATH = 4096  # characters in the --per-deal file's path
MAX_PAST = 4  # earlier experts one run may register (--past)


def add_arena_parser(commands: Commands) -> argparse.ArgumentParser:
    arena = commands.add_parser(
        "arena",
        help="pit one bot against another, or against a pool, over duplicate deals",
        description="Strategy A against strategy B: every deal is played twice with the sides "
        "swapped (in Moon for 3 three times, A taking each seat in turn against two B's), so "
        "the luck of the deal cancels. Prints win rates, made rates, average margins and 95% "
        "intervals. With --pool, A plays each opponent of the pool on the same deals instead.",
    )
    arena.add_argument("game", choices=GAMES, metavar="GAME", help="moon3, moon4 or texas42")
    arena.add_argument("a", metavar="A", help="strategy A (a bot name, e.g. normal)")
    arena.add_argument("b", metavar="B", nargs="?", default=None,
                       help="strategy B (a bot name, e.g. basic); not with --pool")
    arena.add_argument("--pool", nargs="*", default=None, metavar="NAME",
                       help="play A against each of these bots on the same deals and print each "
                       "rate and the mean; no names: " + ", ".join(pool_names()))
    count = arena.add_mutually_exclusive_group()
    count.add_argument("--games", type=int, metavar="N", help="N deals of whole games")
    count.add_argument("--hands", type=int, metavar="N",
                       help=f"N deals of single hands (the default, {DEFAULT_HANDS})")
    arena.add_argument("--no-bidding", action="store_true",
                       help="skip the auction: the seat left of the dealer bids the minimum and "
                       "names trump; a hand goes to the side with more points (tricks in Moon)")
    arena.add_argument("--seed", type=int, default=None, help="seed the deals (default: random)")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument("--per-deal", metavar="FILE", default=None,
                       help="also write every deal's outcome to FILE (a new file), a JSON line "
                       "per copy, as the deals are played; compare two such runs deal by deal "
                       "with python -m moon42.ai.lab.paired BEFORE AFTER")
    arena.add_argument("--share", type=float, default=1.0, metavar="S",
                       help="every bot thinks for this share of its budget (more than 0, at "
                       "most 1; default 1), as a busy server's bots do")
    add_option_flag(arena)
    arena.add_argument("--jobs", type=int, default=None, metavar="N",
                       help="processes to use (default: every core)")
    arena.add_argument("--scheduler", default=None, metavar="tcp://HOST:8786",
                       help="play the deals on the workers of this Dask cluster instead (needs "
                       "the cluster extra: pip install 'moon42[cluster]'); same results")
    arena.add_argument("--past", action="append", default=[], metavar="COMMIT",
                       help="also make the expert as it was at COMMIT of the checkout it runs "
                       f"in, named expert@COMMIT (at most {MAX_PAST}; not with --scheduler)")
    return arena


def _known_bot(name: str, parser: argparse.ArgumentParser) -> str:
    if len(name) > MAX_NAME:
        parser.error(f"a bot's name has at most {MAX_NAME} characters")
    try:
        make_bot(name)  # also the bots the lobby does not list, like omniscient
    except (ValueError, TypeError) as error:
        parser.error(str(error))
    return name


def opponents_of(args: argparse.Namespace, parser: argparse.ArgumentParser) -> list[str]:
    """B, or the pool's members (each once, in the order given)."""
    if args.pool is None:
        if args.b is None:
            parser.error("name strategy B, or give --pool")
        return [_known_bot(args.b, parser)]
    if args.b is not None:
        parser.error(f"give B ({args.b}) or --pool, not both")
    names = list(dict.fromkeys(args.pool)) or pool_names()
    if len(names) > MAX_POOL:
        parser.error(f"--pool names at most {MAX_POOL} bots")
    return [_known_bot(name, parser) for name in names]


def config_of(
    args: argparse.Namespace, parser: argparse.ArgumentParser, b: str | None = None
) -> ArenaConfig:
    _known_bot(args.a, parser)
    options = option_items(args.option, parser)
    deals = args.games if args.games is not None else args.hands or DEFAULT_HANDS
    if deals < 1:
        parser.error("--games and --hands need at least 1")
    if args.jobs is not None and args.jobs < 1:
        parser.error("--jobs needs at least 1")
    if not 0 < args.share <= 1:
        parser.error("--share is more than 0 and at most 1")
    if args.scheduler is not None:
        try:
            check_scheduler(args.scheduler)
        except ValueError as error:
            parser.error(str(error))
    config = ArenaConfig(
        game=args.game,
        a=args.a,
        b=b if b is not None else args.b,
        deals=deals,
        whole_games=args.games is not None,
        bidding=not args.no_bidding,
        seed=args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little"),
        options=options,
        share=args.share,
    )
    try:
        options_for(config.game, config.rules_options())
    except OptionsError as error:
        parser.error(str(error))
    return config


def _per_deal_file(path: str, parser: argparse.ArgumentParser) -> TextIO:
    """The --per-deal file, new: a run's outcomes are hours of play, never written over."""
    if len(path) > MAX_PATH:
        parser.error(f"--per-deal: a path has at most {MAX_PATH} characters")
    try:
        return open(path, "x", encoding="utf-8")  # noqa: SIM115 (closed by run)
    except FileExistsError:
        parser.error(f"--per-deal {path}: the file exists; give a new name")
    except OSError as error:
        parser.error(f"--per-deal {path}: cannot write it ({error.strerror or error})")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if len(args.past) > MAX_PAST:
        parser.error(f"--past names at most {MAX_PAST} commits")
    if args.past and args.scheduler is not None:
        parser.error("--past: a cluster's workers cannot make an earlier expert")
    with ExitStack() as stack:
        for commit in args.past:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="moon42-past-"))
            try:
                register_past_expert(commit, Path(folder), Path.cwd())
            except ValueError as error:
                parser.error(f"--past {commit}: {error}")
        return _run(args, parser)


def _run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    opponents = opponents_of(args, parser)
    first = config_of(args, parser, opponents[0])
    configs = [first] + [replace(first, b=name) for name in opponents[1:]]
    sink = _per_deal_file(args.per_deal, parser) if args.per_deal is not None else None
    each_deal = partial(write_outcomes, sink) if sink is not None else None
    try:
        if args.pool is not None:
            result = run_pool(configs, args.jobs, sys.stderr, args.scheduler, each_deal)
        else:
            result = run_arena(first, args.jobs, sys.stderr, args.scheduler, each_deal)
    except ClusterError as error:
        if sink is not None:
            sink.close()
            os.unlink(sink.name)  # nothing was played: the name stays free for the next try
        parser.exit(2, f"moon42 arena: {error}\n")
    finally:
        if sink is not None:
            sink.close()
    print(json.dumps(result.as_dict()) if args.json else result.table())
    return 0
