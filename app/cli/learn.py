"""``moon42 learn [GAME] [--lesson N]`` and ``moon42 puzzle [GAME]``: the lessons (their
list, or lesson N of GAME at once) and a hand puzzle, in the app."""

from __future__ import annotations

import argparse

from moon42.rules.options import GAMES

from .flags import Commands, add_display_flags, whole_flag

__all__ = ["add_learn_parser", "add_puzzle_parser", "run_learn", "run_puzzle"]


def add_learn_parser(commands: Commands) -> None:
    learn = commands.add_parser(
        "learn", help="learn to play: lessons at the table, each a hand you play",
        description="Learn to play: the lessons of each game, a hand at the table each, "
        "where you make the moves the lesson asks for (a wrong one is explained and may be "
        "tried again) and then play the hand out against gentle bots. With no --lesson, "
        "lists the lessons with the next one to take chosen. Finished lessons are "
        "remembered in the data folder.",
    )
    learn.add_argument("game", nargs="?", choices=GAMES, metavar="GAME",
                       help="moon3, moon4 or texas42 (moon3 and moon4 share the Moon course)")
    learn.add_argument("--lesson", type=whole_flag(1, 99), default=None, metavar="N",
                       help="start lesson N of GAME's course at once")
    add_display_flags(learn, "how long each bot move stays on screen")


def add_puzzle_parser(commands: Commands) -> None:
    puzzle = commands.add_parser(
        "puzzle", help="a hand puzzle from real play: find the one play that keeps the most",
        description="A hand puzzle: a position from the bots' games where one play keeps "
        "clearly more than any other with every hand known. Find it; the answer is "
        "explained with the hand review's words.",
    )
    puzzle.add_argument("game", nargs="?", choices=GAMES, default="texas42", metavar="GAME",
                        help="moon3, moon4 or texas42 (default texas42)")
    puzzle.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                        help="draw with ASCII only (automatic when the locale is not UTF-8)")


def run_learn(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    # Imported here for start-up time: only learning to play loads them.
    from ..play.lessons import all_lessons

    learn: object = args.game or ""
    if args.lesson is not None:
        if args.game is None:
            parser.error("--lesson N needs a GAME: moon42 learn texas42 --lesson 2")
        same = [lesson for lesson in all_lessons()
                if lesson.game[:4] == args.game[:4]]  # moon3 and moon4: the Moon course
        course = [lesson for lesson in same if lesson.number == args.lesson]
        if not course:
            numbers = sorted(lesson.number for lesson in same)
            parser.error(f"{args.game} has no lesson {args.lesson}; its lessons are "
                         f"{', '.join(map(str, numbers)) or 'none'}")
        learn = course[0]
    return _run_app(args, learn)


def run_puzzle(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    # Imported here for start-up time: only learning to play loads them.
    from ..play.puzzles import puzzle_games

    if args.game not in puzzle_games():
        parser.error(f"no puzzles of {args.game} are here; there are puzzles of "
                     f"{', '.join(puzzle_games()) or 'no game'}")
    return _run_app(args, f"puzzle:{args.game}")


def _run_app(args: argparse.Namespace, learn: object) -> int:
    # Imported here for start-up time, as play does.
    from ..tui.app import Moon42App

    app = Moon42App(None, ascii_only=getattr(args, "ascii", False), lobby=False,
                    pace=getattr(args, "pace", None), learn=learn)  # type: ignore[arg-type]
    app.run()
    return app.return_code or 0
