"""Bots by name: the built-ins, plus any package's through the entry-point group ``moon42.bots``.

A package adds a bot by declaring, in its own ``pyproject.toml``::

    [project.entry-points."moon42.bots"]
    greedy = "my_package.greedy:GreedyBot"

where the object named is a factory: called with a seed (an int, or None) it returns a
``Strategy``.  Its ``description`` attribute (or else the first line of its docstring) is
the one line the lobby shows.  The built-ins need no installation, and no entry point or
``register`` call can replace them: ``basic`` is the yardstick and must mean one thing.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from typing import Any

from .basic import BasicBot
from .expert import ExpertBot
from .noisy_expert import NoisyExpertBot
from .normal import NormalBot
from .omniscient import OmniscientBot
from .outsiders import OUTSIDERS
from .partner_sighted import KINDS, PartnerSightedBot
from .pool import CheapBot, DoublesFirstBot, HoardBot, SmearBot
from .protocol import Strategy
from .random_bot import RandomBot

__all__ = [
    "ENTRY_POINT_GROUP",
    "BotFactory",
    "bot_names",
    "bot_description",
    "make_bot",
    "pool_names",
    "register",
]

ENTRY_POINT_GROUP = "moon42.bots"

BotFactory = Callable[[int | None], Strategy]

BUILT_IN: dict[str, BotFactory] = {
    "basic": BasicBot,
    "expert": ExpertBot,
    "normal": NormalBot,
    "random": RandomBot,
}



def _expert_reading_nobody(seed: int | None = None, **settings: Any) -> Strategy:
    """The expert reading nobody's style: it expects best play everywhere."""
    return ExpertBot(seed, habit_prior=0.0, **settings)


def _expert_reading_partner(seed: int | None = None, **settings: Any) -> Strategy:
    """The expert reading its partner's plays as well as the opponents'."""
    return ExpertBot(seed, reads_partner=True, **settings)


def _omniscient_blind_calls(seed: int | None = None, **settings: Any) -> Strategy:
    return OmniscientBot(seed, blind_calls=True, **settings)


def _partner_sighted_calls(seed: int | None = None, **settings: Any) -> Strategy:
    return PartnerSightedBot(seed, when=frozenset({"call"}), **settings)


def _partner_sighted_kind(kind: str) -> BotFactory:
    def factory(seed: int | None = None, **settings: Any) -> Strategy:
        return PartnerSightedBot(seed, sees=kind, **settings)

    return factory


# Made by name (for the arena) but never listed for players: ``omniscient`` sees every hand
# once it is shown the game (``OmniscientBot.see``); ``omniscient-blind-calls`` names trump
# from its own hand, ``partner-sighted`` sees only its partner's hand (``-calls``: only while
# bidding and naming trump; ``-trumps``, ``-doubles``, ``-count``: only those of its tiles, in
# play), which part the expert's gap to the omniscient between the call and the play, and
# between the partner's hidden hand and the opponents';
# ``expert-no-reading`` measures what reading the opponents' styles is worth, and
# ``expert-reading-partner`` what reading the partner's plays too would be (as a player like
# the expert itself, ``tendencies.PARTNER_WEIGHTS``).
HIDDEN: dict[str, BotFactory] = {
    "omniscient": OmniscientBot,
    "omniscient-blind-calls": _omniscient_blind_calls,
    "partner-sighted": PartnerSightedBot,
    "partner-sighted-calls": _partner_sighted_calls,
    **{f"partner-sighted-{kind}": _partner_sighted_kind(kind) for kind in KINDS},
    "expert-no-reading": _expert_reading_nobody,
    "expert-reading-partner": _expert_reading_partner,
}

# The opponent pool (``pool``): made by name, for measuring a bot against players of other
# styles; none is listed for players, as none is meant as company.
POOL: dict[str, BotFactory] = {
    "cheap": CheapBot,
    "smear": SmearBot,
    "hoard": HoardBot,
    "doubles-first": DoublesFirstBot,
    "noisy-expert": NoisyExpertBot,
}
# The outsiders (``outsiders.OUTSIDERS``) are made by name too, for measuring a bot against
# opponents it was never tuned against; they are neither listed for players nor in the pool.
# The pool a bot is measured against when none is named: the yardsticks and every member.
DEFAULT_POOL = ("basic", "normal", *POOL)

_registered: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    """Add (or replace) a bot for this process, without packaging it."""
    if not name or not isinstance(name, str):
        raise ValueError(f"a bot's name must be a non-empty string, not {name!r}")
    if name in BUILT_IN or name in HIDDEN or name in POOL or name in OUTSIDERS:
        raise ValueError(f"bot {name!r} is built in and cannot be replaced")
    _registered[name] = factory


def _entry_points() -> dict[str, metadata.EntryPoint]:
    # Asked afresh each time: packages may be installed while the app runs, and the
    # lobby asks rarely.
    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def bot_names() -> list[str]:
    """Every bot that can be made, sorted by name; nothing is imported to list them."""
    return sorted(set(BUILT_IN) | set(_registered) | set(_entry_points()))


def pool_names() -> list[str]:
    """The opponents ``moon42 arena --pool`` plays when it is given no names."""
    return list(DEFAULT_POOL)


def _factory(name: str) -> BotFactory:
    if name in BUILT_IN:
        return BUILT_IN[name]
    if name in HIDDEN:
        return HIDDEN[name]
    if name in POOL:
        return POOL[name]
    if name in OUTSIDERS:
        return OUTSIDERS[name]
    if name in _registered:
        return _registered[name]
    entry = _entry_points().get(name)
    if entry is None:
        measuring = ", ".join([*HIDDEN, *POOL, *OUTSIDERS])
        raise ValueError(
            f"unknown bot {name!r}: the bots are {', '.join(bot_names())}"
            f" (and, for measuring, {measuring})"
        )
    return entry.load()


def make_bot(name: str, seed: int | None = None, **settings: Any) -> Strategy:
    """A new bot of that name; the same name and seed make a bot that plays the same.

    ``settings`` go to the factory as keyword arguments (``expert``'s ``budget``, say).
    """
    bot = _factory(name)(seed, **settings)
    if not isinstance(bot, Strategy):
        raise TypeError(f"bot {name!r} made {bot!r}, which has no bid, discard, trump and play")
    return bot


def bot_description(name: str) -> str:
    """One line about the bot, for the lobby (empty if its author wrote none)."""
    factory = _factory(name)
    text = getattr(factory, "description", None) or factory.__doc__ or ""
    lines = str(text).strip().splitlines()
    return lines[0].strip() if lines else ""
