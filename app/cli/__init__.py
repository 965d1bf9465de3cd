"""The ``moon42`` command: the game, and the tools around it.

One module a command, each adding its own parser and running it: ``play`` (play, watch and
the lobby), ``check``, ``options``, ``replay``, ``review``, ``bench``, ``arena``, ``serve``,
``match``, ``stats`` and ``learn`` (learn and puzzle); the flags they share are declared
once in ``flags``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from . import arena, bench, check, learn, match, options, play, replay, review, serve, stats
from .flags import add_display_flags

__all__ = ["build_parser", "main"]

_EPILOG = """\
examples:
  moon42                          open the lobby: choose a game, house rules and bots
  moon42 play texas42 --seed 7    Texas 42 against three basic bots, deals from seed 7
  moon42 play moon3 --option min_bid=3 --option trump_before_widow=true
  moon42 watch moon4 --pace 0.2   four bots play a whole game of Moon for 4
  moon42 learn texas42            lessons: learn Texas 42 at the table
  moon42 replay game.json         step through a game record, every hand face up
  moon42 options texas42          the house rules of Texas 42, as --option KEY=VALUE
  moon42 serve ssh --guest        anyone may play over SSH: ssh -p 2222 127.0.0.1
  moon42 serve club --guest       SSH and browsers (http://127.0.0.1:8000) at the same tables

In a game: arrows (or h/l) choose, Enter confirms, digits pick a tile, ? or F1 shows the
keys and rules, Ctrl+Q quits.  The terminal must be at least 80x24.
"""


# Each command: what runs it, from the parsed flags and the parser (for usage errors).
_RUN: dict[str, Callable[[argparse.Namespace, argparse.ArgumentParser], int]] = {
    "check": lambda args, parser: check.run_check(args.file),
    "options": lambda args, parser: options.run(args),
    "replay": replay.run,
    "match": match.run,
    "review": review.run,
    "bench": lambda args, parser: bench.run(args),
    "arena": arena.run,
    "stats": lambda args, parser: stats.run_stats(args.json, getattr(args, "ascii", False)),
    "serve": serve.run,
    "learn": learn.run_learn,
    "puzzle": learn.run_puzzle,
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="moon42",
        description="Moon and Texas 42, the domino trick-taking games, in your terminal. "
        "With no command, opens the lobby.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_display_flags(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play.add_play_parser(commands)
    play.add_watch_parser(commands)
    check.add_check_parser(commands)
    options.add_options_parser(commands)
    replay.add_replay_parser(commands)
    match.add_match_parser(commands)
    review.add_review_parser(commands)
    bench.add_bench_parser(commands)
    arena.add_arena_parser(commands)
    serve.add_serve_parser(commands)
    stats.add_stats_parser(commands)
    learn.add_learn_parser(commands)
    learn.add_puzzle_parser(commands)
    return parser


def main(argv: list[str] | None = None, parser: argparse.ArgumentParser | None = None) -> int:
    """Run the command ``argv`` says, read with ``parser`` (one built ahead: a warm game's,
    built once by its parent) or a new one."""
    parser = parser or build_parser()
    args = parser.parse_args(argv)
    return _RUN.get(args.command, play.run)(args, parser)


if __name__ == "__main__":
    sys.exit(main())
