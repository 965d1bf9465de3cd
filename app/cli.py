"""The ``moon42`` command: the game, and the tools around it."""

from __future__ import annotations

import argparse
import sys

from moon42.rules.options import GAMES as GAME_CHOICES

from .config import MAX_PACE, NAME_LIMIT
from .flag_types import (
    LATEST,
    bot_list,
    name_flag,
    pace_flag,
    seconds_flag,
    seed_flag,
    whole_flag,
)
from .option_flags import add_option_flag, add_options_parser, option_items
from .option_flags import run as run_options

_EPILOG = """\
examples:
  moon42                          open the lobby: choose a game, house rules and bots
  moon42 play texas42 --seed 7    Texas 42 against three basic bots, deals from seed 7
  moon42 play moon3 --option min_bid=3 --option trump_before_widow=true
  moon42 watch moon4 --pace 0.2   four bots play a whole game of Moon for 4
  moon42 replay game.json         step through a game record, every hand face up
  moon42 options texas42          the house rules of Texas 42, as --option KEY=VALUE
  moon42 serve ssh --guest        anyone may play over SSH: ssh -p 2222 127.0.0.1

In a game: arrows (or h/l) choose, Enter confirms, digits pick a tile, ? or F1 shows the
keys and rules, Ctrl+Q quits.  The terminal must be at least 80x24.
"""


def _add_display_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                        help="draw with ASCII only (automatic when the locale is not UTF-8)")
    parser.add_argument("--pace", type=pace_flag, default=argparse.SUPPRESS, metavar="SECONDS",
                        help="how long each bot move stays on screen: 0 (instant) to "
                        f"{MAX_PACE:g} seconds (default 0.7)")


def _add_game_options(parser: argparse.ArgumentParser, bots_help: str,
                      optional: bool = False) -> None:
    parser.add_argument("game", choices=GAME_CHOICES, metavar="GAME",
                        nargs="?" if optional else None,
                        help="moon3 (Moon for 3), moon4 (Moon for 4) or texas42")
    parser.add_argument("--seed", type=seed_flag, default=None, help="seed the deals, a whole "
                        "number from 0 to 2^63-1 (same seed, same game)")
    parser.add_argument("--bots", default=None, metavar="NAME,...", help=bots_help)
    from .difficulty import LEVELS, level_label

    parser.add_argument("--difficulty", choices=list(LEVELS), default=None,
                        help="every bot at once: " + ", ".join(map(level_label, LEVELS)))
    _add_display_options(parser)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="moon42",
        description="Moon and Texas 42, the domino trick-taking games, in your terminal. "
        "With no command, opens the lobby.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_display_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser(
        "play", help="start a game directly, without the lobby",
        description="Start a game at once: you are seat 0, bots take the other seats.",
    )
    _add_game_options(play, "bots for the other seats: one name for all of them, or one a "
                      "seat in seat order (default basic)", optional=True)
    play.add_argument("--resume", nargs="?", const=LATEST, default=None, metavar="WHICH",
                      help="go on with a saved game (games are saved after every move): the "
                      "latest, or WHICH: its number as the lobby lists them (1 is the latest), "
                      "its name, or a game (moon3, moon4, texas42: the latest of it)")
    play.add_argument("--from", dest="from_file", default=None, metavar="FILE",
                      help="go on with the game in a record file, from where it stops")
    play.add_argument("--no-undo", action="store_true",
                      help="the house rule without undo (u takes back your last move)")
    add_option_flag(play)
    play.add_argument("--name", type=name_flag, default=None,
                      help=f"your name at the table, up to {NAME_LIMIT} characters "
                      "(default You)")

    watch = commands.add_parser(
        "watch", help="watch bots play a whole game",
        description="Every seat is a bot; the game plays itself to the end. Any key hurries "
        "the bots; Ctrl+Q quits.",
    )
    _add_game_options(watch, "the bots: one name for every seat, or one a seat in seat order")
    add_option_flag(watch)

    check = commands.add_parser(
        "check",
        help="replay a game record and print what it holds",
        description="Replay a game record under the rules and print a JSON summary. "
        "Exit 0: a legal record; 1: it breaks a rule (the summary says where); "
        "2: the file is not a game record (not JSON, or past a limit: larger than 16 MiB, "
        "nested more than 32 deep, a member named twice, a number of more than 32 characters "
        "or outside -2^63..2^63-1). When the reader stops early (check FILE | head), the "
        "output stops quietly and the exit code is still the verdict. Hands and actions in "
        "the summary are counted from 0 (the replay viewer counts them from 1).",
    )
    check.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    add_options_parser(commands)
    from .replay_command import add_replay_parser

    add_replay_parser(commands)

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

    from .arena import add_arena_parser

    add_arena_parser(commands)
    from .serve.command import add_serve_parser

    add_serve_parser(commands)
    from .stats.command import add_stats_parser

    add_stats_parser(commands)
    return parser


def _game_config(args: argparse.Namespace, parser: argparse.ArgumentParser, watch: bool):
    from moon42.rules.options import OptionsError, options_for

    from .config import DEFAULT_NAMES, DEFAULT_PACE, GameConfig

    options = option_items(args.option, parser)
    try:
        options_for(args.game, options)
    except OptionsError as error:
        parser.error(str(error))
    from .difficulty import CUSTOM, LEVELS

    level = getattr(args, "difficulty", None)
    if level is not None and args.bots:
        parser.error("--difficulty chooses every bot: give --difficulty or --bots, not both")
    if level is not None:
        args.bots = LEVELS[level].bot
    seats = 3 if args.game == "moon3" else 4
    bots = bot_list(args.bots or "basic", seats if watch else seats - 1,
                    "seats" if watch else "other seats", parser)
    if not watch:
        bots = ["basic", *bots]
    names = list(DEFAULT_NAMES)
    if watch:
        names = ["Ann", "Bob", "Cat", "Dan"]
    elif args.name:
        names[0] = args.name
    return GameConfig(
        game=args.game,
        options=options,
        names=tuple(names),
        bots=tuple(bots),
        seed=args.seed,
        pace=getattr(args, "pace", DEFAULT_PACE),
        watch=watch,
        allow_undo=not getattr(args, "no_undo", False),
        difficulty=level or CUSTOM,
    )


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "check":
        from .check_command import run_check

        return run_check(args.file)
    if args.command == "options":
        return run_options(args)
    if args.command == "replay":
        from .replay_command import run as run_replay

        return run_replay(args, parser)
    if args.command == "bench":
        if args.bots:
            from .bot_bench import run_bot_bench

            return run_bot_bench(args.positions, args.arena_deals, args.expert_deals,
                                 args.solver_deals, args.json)
        from .bench import run_bench

        return run_bench(args.seconds, args.json)
    if args.command == "arena":
        from .arena import run as run_arena

        return run_arena(args, parser)
    if args.command == "stats":
        from .stats.command import run_stats

        return run_stats(args.json, getattr(args, "ascii", False))
    if args.command == "serve":
        from .serve.command import run as run_serve

        return run_serve(args, parser)
    config = None
    saved = None
    if args.command == "play" and (args.resume is not None or args.from_file is not None):
        if args.game is not None or (args.resume is not None and args.from_file is not None):
            parser.error("--resume and --from FILE go on with a game: give one, and no GAME")
        from .resume_command import saved_to_play

        saved, code = saved_to_play(args)
        if saved is None:
            return code
        config = saved.config
    elif args.command == "play" and args.game is None:
        parser.error("choose a GAME (moon3, moon4 or texas42), or --resume, or --from FILE")
    elif args.command in ("play", "watch"):
        config = _game_config(args, parser, watch=args.command == "watch")
    from .app import Moon42App

    app = Moon42App(config, ascii_only=getattr(args, "ascii", False), lobby=config is None,
                    pace=getattr(args, "pace", None), saved=saved)
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
