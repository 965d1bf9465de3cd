"""``moon42 replay FILE``: open the replay viewer on a game record.

A file that is not a record (not JSON, a wrong format, a malformed tile...) exits 2 with a
reason on standard error, as ``moon42 check`` does; a record that breaks the rules opens
as far as it is legal, and the viewer says where it stops.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..play.difficulty import bot_choices
from .flags import Commands, add_display_flags, bot_list

__all__ = ["add_replay_parser", "run"]


def add_replay_parser(commands: Commands) -> None:
    replay = commands.add_parser(
        "replay",
        help="step through a game record with every hand face up (once the game is over)",
        description="Open a game record in the replay viewer: step through every action "
        "with all hands face up, jump between hands, see each hand's summary, and play a "
        "deal again against bots (p). A game not over is shown only as its player, seat 0, "
        "saw it, and its deals are not played again. Exit 2: the file is not a game record "
        "(the same files moon42 check refuses).",
    )
    replay.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    replay.add_argument("--bots", default=None, metavar="NAME,...",
                        help="bots for the other seats when you play a deal again: one name "
                        "for all of them, or one a seat in seat order (default: the record's, "
                        "or basic)")
    add_display_flags(replay, "how long each bot move stays on screen in a deal played again")


def _keys_from_the_terminal() -> bool:
    """After reading the record from a pipe, read the keys from the terminal instead."""
    if sys.stdin.isatty():
        return True
    try:
        terminal = os.open("/dev/tty", os.O_RDONLY)
    except OSError:
        return False
    os.dup2(terminal, 0)
    os.close(terminal)
    return True


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    # Imported here for start-up time: the record's positions and the viewer (Textual) load
    # only for this command.
    from ..tui.replay.positions import APP_MEMBER, ReplayError, load_replay
    from ..tui.replay_viewer import ReplayApp

    try:
        replay = load_replay(args.file)
    except ReplayError as error:
        print(error, file=sys.stderr)
        return 2
    if args.bots is not None:
        seats = replay.options.seats
        bots = [bot_choices()[0], *bot_list(args.bots, seats - 1, "other seats", parser)]
        setup = dict(replay.record.get(APP_MEMBER) or {})
        setup["bots"] = bots
        replay.record[APP_MEMBER] = setup
    if args.file == "-" and not _keys_from_the_terminal():
        print("moon42 replay: the record came on standard input and there is no terminal to "
              "read keys from; give the file's name instead", file=sys.stderr)
        return 2
    app = ReplayApp(replay, ascii_only=getattr(args, "ascii", False),
                    pace=getattr(args, "pace", None))
    app.run()
    return 0
