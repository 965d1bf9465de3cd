"""The ``moon42`` command: the game, and the tools around it."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="moon42",
        description="Moon and Texas 42, the domino trick-taking games, in your terminal.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser(
        "check",
        help="replay a game record and print what it holds",
        description="Replay a game record under the rules and print a JSON summary. "
        "Exit 0: a legal record; 1: it breaks a rule (the summary says where); "
        "2: the file is not a game record.",
    )
    check.add_argument("file", metavar="FILE", help="the record, or - for standard input")

    bench = commands.add_parser(
        "bench", help="measure the rules engine's speed (hands per second)"
    )
    bench.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "check":
        from .check_command import run_check

        return run_check(args.file)
    if args.command == "bench":
        from .bench import run_bench

        return run_bench(args.seconds, args.json)
    print("The game screens are not built yet; try 'moon42 check' or 'moon42 bench'.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
