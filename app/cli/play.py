"""``moon42 play`` and ``moon42 watch``, and the lobby (``moon42`` alone): the game's setup
from the flags, or the saved game to go on with, then the Textual app."""

from __future__ import annotations

import argparse

from moon42.rules.duplicate import MAX_DEALS
from moon42.rules.options import OptionsError, options_for

from ..play.config import DEFAULT_NAMES, DEFAULT_PACE, NAME_LIMIT, GameConfig
from ..play.difficulty import CUSTOM, LEVELS
from ..play.duplicate_match import DEFAULT_DEALS
from .flags import LATEST, Commands, add_game_flags, bot_list, name_flag
from .options import add_option_flag, option_items

__all__ = ["add_play_parser", "add_watch_parser", "game_config", "run"]


def add_play_parser(commands: Commands) -> None:
    play = commands.add_parser(
        "play", help="start a game directly, without the lobby",
        description="Start a game at once: you are seat 0, bots take the other seats.",
    )
    add_game_flags(play, "bots for the other seats: one name for all of them, or one a "
                   "seat in seat order (default basic)", optional=True)
    play.add_argument("--resume", nargs="?", const=LATEST, default=None, metavar="WHICH",
                      help="go on with a saved game (games are saved after every move): the "
                      "latest, or WHICH: its number as the lobby lists them (1 is the latest), "
                      "its name, or a game (moon3, moon4, texas42: the latest of it)")
    play.add_argument("--from", dest="from_file", default=None, metavar="FILE",
                      help="go on with the game in a record file, from where it stops")
    play.add_argument("--no-undo", action="store_true",
                      help="the house rule without undo (u takes back your last move)")
    play.add_argument("--duplicate", action="store_true",
                      help="a duplicate match: play each deal, then watch the bot of your "
                      "level play it at the other table with the seats turned, and compare")
    play.add_argument("--deals", type=deal_count, default=None, metavar="N",
                      help=f"the deals of a --duplicate match, 1 to {MAX_DEALS} "
                      f"(default {DEFAULT_DEALS})")
    add_option_flag(play)
    play.add_argument("--name", type=name_flag, default=None,
                      help=f"your name at the table, up to {NAME_LIMIT} characters "
                      "(default You)")


def deal_count(text: str) -> int:
    """``--deals N``: a whole number of deals a match may have."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of deals: {text!r}") from None
    if not 1 <= value <= MAX_DEALS:
        raise argparse.ArgumentTypeError(f"a match has 1 to {MAX_DEALS} deals")
    return value


def add_watch_parser(commands: Commands) -> None:
    watch = commands.add_parser(
        "watch", help="watch bots play a whole game",
        description="Every seat is a bot; the game plays itself to the end. Any key hurries "
        "the bots; Ctrl+Q quits.",
    )
    add_game_flags(watch, "the bots: one name for every seat, or one a seat in seat order")
    add_option_flag(watch)


def game_config(args: argparse.Namespace, parser: argparse.ArgumentParser,
                watch: bool) -> GameConfig:
    """The setup ``play`` or ``watch`` asks for; a usage error when it does not hold."""
    options = option_items(args.option, parser)
    try:
        options_for(args.game, options)
    except OptionsError as error:
        parser.error(str(error))
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


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """The lobby (no command), a game (play, watch) or a saved game (play --resume/--from)."""
    config = None
    saved = None
    if args.command == "play" and (args.resume is not None or args.from_file is not None):
        if args.game is not None or (args.resume is not None and args.from_file is not None):
            parser.error("--resume and --from FILE go on with a game: give one, and no GAME")
        # Imported here for start-up time: the saved games load only for the command that
        # opens one.
        from .resume import saved_to_play

        saved, code = saved_to_play(args)
        if saved is None:
            return code
        config = saved.config
    elif args.command == "play" and args.game is None:
        parser.error("choose a GAME (moon3, moon4 or texas42), or --resume, or --from FILE")
    elif args.command in ("play", "watch"):
        config = game_config(args, parser, watch=args.command == "watch")
    duplicate = getattr(args, "duplicate", False)
    if getattr(args, "deals", None) is not None and not duplicate:
        parser.error("--deals is the length of a --duplicate match: give --duplicate too")
    if duplicate and saved is not None:
        parser.error("--duplicate starts a match: not with --resume or --from")
    # Imported here for start-up time: Textual and the app load only for the commands
    # that open it.
    from ..tui.app import Moon42App

    app = Moon42App(config, ascii_only=getattr(args, "ascii", False), lobby=config is None,
                    pace=getattr(args, "pace", None), saved=saved,
                    duplicate=(args.deals or DEFAULT_DEALS) if duplicate else None)
    app.run()
    return app.return_code or 0
