"""``moon42 play --resume`` and ``moon42 play --from FILE``: the game to go on with, or why not.

Both answer in plain words on standard error and exit 2 when there is nothing to play;
nothing is lost: a damaged save is moved aside (and says where), a record given with
``--from`` is only read.
"""

from __future__ import annotations

import argparse
import sys

from .bots import bot_choices
from .saves import DamagedSave, Saved, load_record_file, load_save, save_path, shown

__all__ = ["saved_to_play"]


def saved_to_play(args: argparse.Namespace) -> tuple[Saved | None, int]:
    """The game ``args`` ask to continue, or None and the exit code (2) after saying why."""
    known = bot_choices()
    if args.from_file is not None:
        try:
            saved = load_record_file(args.from_file, known)
        except DamagedSave as error:
            print(f"moon42 play: {args.from_file} cannot be played on. {error}", file=sys.stderr)
            return None, 2
    else:
        try:
            saved = load_save(known)
        except DamagedSave as error:
            print(f"moon42 play: the saved game could not be read. {error}\n"
                  "Start a new game with: moon42 play GAME (or moon42 for the lobby).",
                  file=sys.stderr)
            return None, 2
        if saved is None:
            print("moon42 play: there is no saved game to resume (looked for "
                  f"{shown(save_path())}).\n"
                  "Start one with: moon42 play GAME (or moon42 for the lobby).", file=sys.stderr)
            return None, 2
    config = saved.config.with_(watch=False)
    if getattr(args, "pace", None) is not None:
        config = config.with_(pace=args.pace)
    if args.no_undo:
        config = config.with_(allow_undo=False)
    if args.from_file is not None:  # a record from elsewhere: seat 0 is you, the rest bots
        config = config.with_(bots=(known[0],) + config.bots[1:])
    return Saved(saved.game, config, saved.undo_used), 0
