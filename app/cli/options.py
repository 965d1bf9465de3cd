"""House rules on the command line: the ``--option KEY=VALUE`` flag and ``moon42 options``.

Both read the options' declarations (``moon42.rules.options``): a value is read as its
option's kind, and ``moon42 options [GAME]`` lists every key a game has, with its values,
its default and its help line, so nothing here needs changing when a house rule is added.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from typing import Any

from moon42.rules.options import (
    GAMES,
    HOUSE_RULES,
    OPTIONS_OF,
    Group,
    HouseRule,
    Scoring,
    default_target,
    house_rules_of,
    options_for,
)

from ..play.words import GAME_TITLES
from .flags import Commands

__all__ = ["add_option_flag", "option_items", "add_options_parser", "options_text", "run"]

_TRUE = ("true", "on", "yes")
_FALSE = ("false", "off", "no")
_KEY_WIDTH = max(len(name) for names in OPTIONS_OF.values() for name in names)
_WIDTH = 80


def add_option_flag(parser: argparse.ArgumentParser) -> None:
    """``--option KEY=VALUE``, repeatable, as play, watch and arena take it."""
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a house rule, e.g. forced_bid=true or target=5; repeat for more. "
                        "'moon42 options GAME' lists every key of a game, with its values "
                        "and default")


def _value(key: str, text: str) -> Any:
    """``text`` as the kind of value option ``key`` holds (the check comes after)."""
    rule = HOUSE_RULES.get(key)
    word = text.strip()
    if rule is None:
        return word  # an unknown key: options_for names the keys there are
    if isinstance(rule.default, bool):
        lowered = word.lower()
        return True if lowered in _TRUE else False if lowered in _FALSE else word
    if isinstance(rule.default, int):
        try:
            return int(word)
        except ValueError:
            return word
    return word


def option_items(items: list[str], parser: argparse.ArgumentParser) -> dict[str, Any]:
    """The house rules given as ``--option KEY=VALUE`` (on/off, numbers, words)."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--option {item!r}: write it as KEY=VALUE, like forced_bid=true")
        options[key.strip()] = _value(key.strip(), value)
    return options


def add_options_parser(commands: Commands) -> None:
    options = commands.add_parser(
        "options", help="list the house rules a game takes as --option KEY=VALUE",
        description="Every house rule of a game (or of every game) as play, watch and arena "
        "take it with --option KEY=VALUE: its key, the values it takes, its default and "
        "what it does.",
    )
    options.add_argument("game", choices=GAMES, metavar="GAME", nargs="?",
                         help="moon3, moon4 or texas42 (default: all three)")


def run(args: argparse.Namespace) -> int:
    try:
        print(options_text(args.game), flush=True)
    except BrokenPipeError:  # the list piped into a reader that stopped early, like head
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def options_text(game: str | None = None) -> str:
    """The house-rule keys of ``game`` (or of every game), by the lobby's groups."""
    games = GAMES if game is None else (game,)
    parts = [_game_text(g) for g in games]
    parts.append("On and off: true/false, on/off or yes/no.  Example:\n"
                 "  moon42 play texas42 --option nello=true --option target=5")
    return "\n\n".join(parts)


def _game_text(game: str) -> str:
    rules = house_rules_of(game)
    defaults = options_for(game, {})
    lines = [f"{GAME_TITLES[game]} ({game}): moon42 play {game} --option KEY=VALUE"]
    for rule in rules:
        if rule.group is None:  # the target, before the groups as in the lobby
            lines += _rule_lines(rule, game, getattr(defaults, rule.name))
    for group in Group:
        members = [rule for rule in rules if rule.group is group]
        if members:
            lines.append(f"  {group}")
        for rule in members:
            lines += _rule_lines(rule, game, getattr(defaults, rule.name))
    return "\n".join(lines)


def _rule_lines(rule: HouseRule, game: str, default: Any) -> list[str]:
    shown = _shown(default)
    if rule.name == "target" and "scoring" in OPTIONS_OF[game]:
        # The one default that follows another option: a game by marks is shorter.
        shown += f", or {default_target(game, Scoring.MARKS)} with scoring=marks"
    indent = " " * (4 + _KEY_WIDTH + 2)
    first = f"    {rule.name:<{_KEY_WIDTH}}  {_values(rule)} (default {shown})"
    return [first, *textwrap.wrap(rule.help, _WIDTH, initial_indent=indent,
                                  subsequent_indent=indent)]


def _values(rule: HouseRule) -> str:
    if not rule.choices:
        return f"{rule.least} or more" if rule.most is None else f"{rule.least} to {rule.most:,}"
    words = [_shown(c) for c in rule.choices]
    if isinstance(rule.default, bool):
        words.reverse()  # true or false
    return ", ".join(words[:-1]) + " or " + words[-1]


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
