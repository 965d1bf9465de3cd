"""``moon42 match FILE``: a duplicate match's record read back, every game replayed and
checked, and its comparison printed; ``--table A --deal 1`` writes one table's record of one
deal instead, a game record ``moon42 check`` and ``moon42 replay`` read.

Exit 0: a match record; 2: the file is none (why, on standard error).
"""

from __future__ import annotations

import argparse
import json
import sys

from moon42.rules import game_to_record
from moon42.rules.duplicate import MAX_DEALS

from ..play.match_record import TABLES, MatchError, load_match
from ..play.match_words import match_lines
from .check import write_quietly
from .flags import Commands

__all__ = ["add_match_parser", "run"]


def _deal_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a deal number: {text!r}") from None
    if not 1 <= value <= MAX_DEALS:
        raise argparse.ArgumentTypeError(f"a deal is numbered 1 to {MAX_DEALS}")
    return value


def add_match_parser(commands: Commands) -> None:
    match = commands.add_parser(
        "match", help="read a duplicate match's record: each deal at both tables, the score",
        description="Replay and check every game of a duplicate match record (play "
        "--duplicate writes them to records/), then print each deal at both tables, each "
        "side's score against the side that held the same tiles at the other table, and the "
        "total. Exit 2: the file is not a match record, or a game in it is not the match's.",
    )
    match.add_argument("file", metavar="FILE", help="the match record, or - for standard input")
    match.add_argument("--table", choices=TABLES, default=None,
                       help="write this table's game record of --deal instead (for moon42 "
                       "check or moon42 replay)")
    match.add_argument("--deal", type=_deal_number, default=1, metavar="N",
                       help="the deal for --table, from 1 (default 1)")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        match = load_match(args.file)
    except MatchError as error:
        write_quietly(sys.stderr, f"moon42 match: {error}\n")
        return 2
    if args.table is not None:
        if args.deal > len(match.deals):
            parser.error(f"the match has {len(match.deals)} deals")
        game = match.deals[args.deal - 1][TABLES.index(args.table)]
        write_quietly(sys.stdout, json.dumps(game_to_record(game), indent=1) + "\n")
        return 0
    write_quietly(sys.stdout, "\n".join(match_lines(match.options, match.seed,
                                                   match.deals)) + "\n")
    return 0
