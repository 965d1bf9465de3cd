"""``moon42 play --resume [WHICH]`` and ``moon42 play --from FILE``: the game to go on with, or
why not.

Both answer in plain words on standard error and exit 2 when there is nothing to play.
Nothing is lost: a damaged save is moved aside (and says where), a game open in another
window is left to it (and the message says how to watch it), a record given with ``--from``
is only read.
"""

from __future__ import annotations

import argparse
import sys

from moon42.rules.limits import quoted

from ..play.difficulty import bot_choices
from ..play.files import shown
from ..play.locks import GameLocked
from ..play.paths import saves_dir
from ..play.records import DamagedSave, Saved, load_record_file
from ..play.saves import SavedGames, find_saved, open_saved, saved_games, when_text
from .flags import LATEST

__all__ = ["saved_to_play"]


def _say(text: str) -> None:
    print(f"moon42 play: {text}", file=sys.stderr)


def listing(games: SavedGames) -> str:
    """The saved games as ``--resume`` names them: number, when, what, name."""
    return "\n".join(f"  {n:>2}  {when_text(g.saved_at):<16} "
                     f"{'[open elsewhere] ' if g.open_in else ''}{g.title}  ({g.name})"
                     for n, g in enumerate(games.games, start=1))


def _saved_game(which: str, known: list[str]) -> Saved | None:
    games = saved_games(known)
    for news in games.damaged:
        _say(news)
    if not games.games:
        _say(f"there is no saved game to resume (looked in {shown(saves_dir())}).\n"
             "Start one with: moon42 play GAME (or moon42 for the lobby).")
        return None
    chosen = games.games[0] if which == LATEST else find_saved(games, which)
    if chosen is None:
        _say(f"no saved game is {quoted(which)}: give its number (1 is the latest), its "
             f"name, or a game (the latest of it). The saved games:\n{listing(games)}")
        return None
    try:
        return open_saved(chosen.path, known)
    except GameLocked as error:
        _say(f"that game is open {error.holder.where()}; one window plays a game at a time.\n"
             f"Watch it read-only with: moon42 replay {chosen.path}\n"
             "or start another with: moon42 play GAME (or moon42 for the lobby).")
    except DamagedSave as error:
        _say(f"that saved game could not be read. {error}\n"
             "Start a new game with: moon42 play GAME (or moon42 for the lobby).")
    except OSError as error:
        _say(f"that saved game could not be opened: {error.strerror or error}.")
    return None


def saved_to_play(args: argparse.Namespace) -> tuple[Saved | None, int]:
    """The game ``args`` ask to continue, or None and the exit code (2) after saying why."""
    known = bot_choices()
    if args.from_file is not None:
        try:
            saved = load_record_file(args.from_file, known)
        except DamagedSave as error:
            _say(f"{args.from_file} cannot be played on. {error}")
            return None, 2
    else:
        saved = _saved_game(args.resume, known)
        if saved is None:
            return None, 2
    config = saved.config.with_(watch=False)
    if getattr(args, "pace", None) is not None:
        config = config.with_(pace=args.pace)
    if args.no_undo:
        config = config.with_(allow_undo=False)
    if args.from_file is not None:  # a record from elsewhere: seat 0 is you, the rest bots
        config = config.with_(bots=(known[0],) + config.bots[1:])
    return Saved(saved.game, config, saved.undo_used, saved.slot), 0
