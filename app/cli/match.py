"""``moon42 match FILE``: a duplicate match's record read back, every game replayed and
checked, and its comparison printed; ``--table A --deal 1`` writes one table's record of one
deal instead, a game record ``moon42 check`` and ``moon42 replay`` read, and with ``--view``
opens it in the replay viewer with every hand face up (the deal is over at that table).

Exit 0: a match record; 2: the file is none (why, on standard error).
"""

from __future__ import annotations

import argparse
import json
import sys

from moon42.rules import Game, game_to_record, parse_record
from moon42.rules.duplicate import MAX_DEALS

from ..play.match_record import TABLES, MatchError, load_match
from ..play.match_words import match_lines
from .check import write_quietly
from .flags import Commands, add_display_flags

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
    match.add_argument("--view", action="store_true",
                       help="with --table: open that table's deal in the replay viewer, every "
                       "hand face up, instead of writing its record")
    add_display_flags(match, "how long each bot move stays on screen in a deal played again")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        match = load_match(args.file)
    except MatchError as error:
        write_quietly(sys.stderr, f"moon42 match: {error}\n")
        return 2
    if args.view and args.table is None:
        parser.error("--view opens one table's deal: give --table A or B (and --deal N)")
    if args.table is not None:
        if args.deal > len(match.deals):
            parser.error(f"the match has {len(match.deals)} deals")
        game = match.deals[args.deal - 1][TABLES.index(args.table)]
        if args.view:
            return _view(game, args)
        write_quietly(sys.stdout, json.dumps(game_to_record(game), indent=1) + "\n")
        return 0
    write_quietly(sys.stdout, "\n".join(match_lines(match.options, match.seed,
                                                   match.deals)) + "\n")
    return 0


def _view(game: Game, args: argparse.Namespace) -> int:
    """The replay viewer on one table's deal: face up once the deal is over there (a match's
    deal is a game of its own, so nothing of it is still to be played)."""
    # Imported here for start-up time: the viewer (Textual) loads only for --view.
    from ..tui.replay.positions import Replay
    from ..tui.replay_viewer import ReplayApp

    replay = Replay(parse_record(game_to_record(game)))
    if game.results:
        replay.seen_by = None
    ReplayApp(replay, ascii_only=getattr(args, "ascii", False),
              pace=getattr(args, "pace", None)).run()
    return 0
