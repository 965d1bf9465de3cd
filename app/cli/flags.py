"""The flags the commands share, declared once, and the numbers and names a flag may carry,
checked as argparse reads them.

A value out of range is a usage error (exit 2) that says the range, so nothing later (the
shuffler, SQLite, the table) meets a value it cannot hold.
"""

from __future__ import annotations

import argparse
import contextlib
import math
from collections.abc import Callable
from typing import Any, Protocol

from moon42.rules.limits import MAX_SEED, quoted
from moon42.rules.options import GAMES

from ..play.config import MAX_PACE, NAME_LIMIT, clean_name
from ..play.difficulty import LEVELS, bot_choices, level_label

__all__ = ["seed_flag", "pace_flag", "name_flag", "whole_flag", "seconds_flag", "bot_list",
           "LATEST"]

LATEST = ""  # ``play --resume`` with no WHICH: the game saved last


def _number(text: str, kind: type, what: str) -> float:
    if len(text) <= 40:  # a longer one is out of every range here
        with contextlib.suppress(ValueError):
            return kind(text)
    raise argparse.ArgumentTypeError(f"{what}, not {quoted(text)}")


def seed_flag(text: str) -> int:
    what = f"a seed is a whole number from 0 to {MAX_SEED}"
    seed = int(_number(text, int, what))
    if not 0 <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{what}, not {quoted(seed)}")
    return seed


def pace_flag(text: str) -> float:
    what = f"the pace is a number of seconds from 0 to {MAX_PACE:g}"
    pace = _number(text, float, what)
    if not math.isfinite(pace) or not 0 <= pace <= MAX_PACE:
        raise argparse.ArgumentTypeError(f"{what}, not {quoted(text)}")
    return pace


def name_flag(text: str) -> str:
    name = clean_name(text)
    if not name or len(text.strip()) > NAME_LIMIT or name != " ".join(text.split()):
        raise argparse.ArgumentTypeError(
            f"a name is 1 to {NAME_LIMIT} printable characters, not {quoted(text)}")
    return name


def whole_flag(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``."""

    def whole(text: str) -> int:
        what = f"a whole number from {low} to {high} is needed"
        value = int(_number(text, int, what))
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what}, not {quoted(value)}")
        return value

    return whole


def seconds_flag(low: float, high: float) -> Callable[[str], float]:
    """A number of seconds from ``low`` (excluded) to ``high``."""

    def seconds(text: str) -> float:
        what = f"a number of seconds over {low:g} and at most {high:g} is needed"
        value = _number(text, float, what)
        if not math.isfinite(value) or not low < value <= high:
            raise argparse.ArgumentTypeError(f"{what}, not {quoted(text)}")
        return value

    return seconds


def bot_list(text: str, seats: int, which: str, parser: argparse.ArgumentParser) -> list[str]:
    """``--bots NAME,...``: one known bot for every seat, or one a seat, in seat order."""

    known = bot_choices()
    bots = [b.strip() for b in text.split(",") if b.strip()] or [known[0]]
    for bot in bots:
        if bot not in known:
            parser.error(f"unknown bot {quoted(bot)}: choose from {', '.join(known)}")
    if len(bots) == 1:
        return bots * seats
    if len(bots) != seats:
        parser.error(f"--bots names {len(bots)} bots for {seats} {which}: name one bot for "
                     f"all of them, or {seats}, one a seat")
    return bots


class Commands(Protocol):
    """The commands of the ``moon42`` parser (what ``add_subparsers`` gives), as each
    command's module adds its own."""

    def add_parser(self, name: str, **settings: Any) -> argparse.ArgumentParser: ...


def add_display_flags(parser: argparse.ArgumentParser,
                      pace_help: str = "how long each bot move stays on screen") -> None:
    """``--ascii`` and ``--pace``, as the lobby, play, watch and replay take them."""
    parser.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                        help="draw with ASCII only (automatic when the locale is not UTF-8)")
    parser.add_argument("--pace", type=pace_flag, default=argparse.SUPPRESS, metavar="SECONDS",
                        help=f"{pace_help}: 0 (instant) to {MAX_PACE:g} seconds (default 0.7)")


def add_game_flags(parser: argparse.ArgumentParser, bots_help: str,
                   optional: bool = False) -> None:
    """GAME, ``--seed``, ``--bots`` and ``--difficulty`` (and the display flags), as play and
    watch take them."""
    parser.add_argument("game", choices=GAMES, metavar="GAME",
                        nargs="?" if optional else None,
                        help="moon3 (Moon for 3), moon4 (Moon for 4) or texas42")
    parser.add_argument("--seed", type=seed_flag, default=None, help="seed the deals, a whole "
                        "number from 0 to 2^63-1 (same seed, same game)")
    parser.add_argument("--bots", default=None, metavar="NAME,...", help=bots_help)
    parser.add_argument("--difficulty", choices=list(LEVELS), default=None,
                        help="every bot at once: " + ", ".join(map(level_label, LEVELS)))
    add_display_flags(parser)
