"""Difficulty: one choice that sets the bots of every seat at once.

A level is a bot name and the settings it is made with (``ai.registry.make_bot``'s keyword
arguments): ``novice`` plays ``basic``, ``easy`` ``normal``, ``hard`` the ``expert`` with a
short time to think, ``expert`` the ``expert`` as it comes.  The lobby also lets each seat
have its own bot; the difficulty is then ``custom``, and every bot is made as it comes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "LEVELS",
    "CUSTOM",
    "Level",
    "level_of",
    "config_level",
    "bot_settings",
    "level_label",
    "bots_for",
    "pace_text",
    "DEFAULT_BOT",
    "bot_choices",
    "counted_bot",
]


@dataclass(frozen=True)
class Level:
    bot: str
    settings: dict[str, Any] = field(default_factory=dict)


LEVELS: dict[str, Level] = {
    "novice": Level("basic"),
    "easy": Level("normal"),
    # The expert with about a third of its usual time, and fewer layouts: quicker, weaker.
    "hard": Level("expert", {"budget": 0.08, "call_budget": 0.3, "layouts": 16}),
    "expert": Level("expert"),
}
CUSTOM = "custom"
DEFAULT_BOT = "basic"


def bot_choices() -> list[str]:
    """Every registered bot name, the default first."""
    # Imported here for start-up time: the registry loads every bot, which the lobby and
    # most commands need only once a game starts.
    from moon42.ai.registry import bot_names

    names = list(bot_names())
    if DEFAULT_BOT in names:
        names.remove(DEFAULT_BOT)
        names.insert(0, DEFAULT_BOT)
    return names


def level_of(bots: Sequence[str], preferred: str | None = None) -> str:
    """The level whose bot every one of ``bots`` is (``preferred`` first), else ``custom``."""
    fits = [name for name, level in LEVELS.items() if bots and all(b == level.bot for b in bots)]
    if preferred in fits:
        return preferred
    # Of two levels with the same bot, the one that makes it as it comes: that is what
    # choosing the bot seat by seat means.
    plain = [name for name in fits if not LEVELS[name].settings]
    return (plain or fits or [CUSTOM])[-1]


def config_level(config) -> str:
    """A game setup's level, from the bots of the seats bots play (``GameConfig``)."""
    seats = range(config.seats) if config.watch else range(1, config.seats)
    return level_of([config.bot_of(s) for s in seats], getattr(config, "difficulty", None))


def bot_settings(level: str, bot: str) -> dict[str, Any]:
    """The settings a ``bot`` is made with at ``level`` (none when it is not that level's)."""
    chosen = LEVELS.get(level)
    if chosen is None or chosen.bot != bot:
        return {}
    return dict(chosen.settings)


def counted_bot(level: str, bot: str) -> str:
    """A bot as the statistics (and so the leaderboard) name it: by its level where the
    level makes it weaker than the bot as it comes (``hard``: the expert, quick), else by
    its own name; a game against ``hard`` bots is not rated as one against the expert."""
    chosen = LEVELS.get(level)
    return level if chosen is not None and chosen.bot == bot and chosen.settings else bot


def bots_for(level: str, seats: int, watch: bool = False) -> tuple[str, ...]:
    """Every seat's bot at ``level``; seat 0 is the human's unless ``watch`` (its entry unused)."""
    bot = LEVELS[level].bot
    return tuple("basic" if seat == 0 and not watch else bot for seat in range(seats))


def level_label(level: str) -> str:
    """The lobby's line for a level."""
    if level == CUSTOM:
        return "custom (each seat's bot below)"
    chosen = LEVELS[level]
    return f"{level} ({chosen.bot}{', quick' if chosen.settings else ''})"


def pace_text(level: str, pace: float) -> str:
    """What the status line says of the bots: their level (unless custom) and pace."""
    return f"{pace:g}s" if level == CUSTOM else f"{level}, {pace:g}s"
