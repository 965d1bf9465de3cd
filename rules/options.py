"""The three games and their options (house rules), validated, with RULES.md's defaults."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .limits import MAX_TARGET, quoted

__all__ = ["GAMES", "Options", "OptionsError", "OPTION_CHOICES", "OPTION_HELP", "options_for"]

GAMES = ("moon3", "moon4", "texas42")

SEATS = {"moon3": 3, "moon4": 4, "texas42": 4}


class OptionsError(ValueError):
    """An unknown option, an option the game does not have, or a bad value."""


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of every game; only those that fit ``game`` mean anything."""

    game: str
    forced_bid: bool = False
    target: int = 0  # 0 until resolved: 21 for Moon by points, 7 for marks
    doubles_trump: bool = True
    no_trump: bool = True
    no_trump_doubles: str = "high"
    # Moon
    min_bid: int = 4
    scoring: str = "points"
    moon_instant: bool = False
    # three-player Moon
    remove_double_blank: bool = False
    trump_before_widow: bool = False
    # Texas 42
    play_out: bool = False
    mark_raises: str = "none"
    nello: bool = False
    nello_doubles: str = "high"
    sevens: bool = False
    plunge: bool = False
    splash: bool = False

    @property
    def seats(self) -> int:
        return SEATS[self.game]

    @property
    def is_moon(self) -> bool:
        return self.game != "texas42"

    @property
    def partnerships(self) -> bool:
        return self.game != "moon3"

    @property
    def uses_marks(self) -> bool:
        return self.game == "texas42" or self.scoring == "marks"

    def to_dict(self) -> dict[str, Any]:
        """The options that fit this game, by their record names."""
        values = asdict(self)
        return {name: values[name] for name in OPTIONS_OF[self.game]}

    @classmethod
    def from_dict(cls, game: str, values: dict[str, Any] | None = None) -> Options:
        return options_for(game, values or {})

    def with_values(self, **values: Any) -> Options:
        merged = self.to_dict()
        merged.update(values)
        return options_for(self.game, merged)


_BOTH = ("forced_bid", "target", "doubles_trump", "no_trump", "no_trump_doubles")
_MOON = ("min_bid", "scoring", "moon_instant")
_MOON3 = ("remove_double_blank", "trump_before_widow")
_TEXAS = ("play_out", "mark_raises", "nello", "nello_doubles", "sevens", "plunge", "splash")

OPTIONS_OF: dict[str, tuple[str, ...]] = {
    "moon3": _BOTH + _MOON + _MOON3,
    "moon4": _BOTH + _MOON,
    "texas42": _BOTH + _TEXAS,
}

OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "no_trump_doubles": ("high", "low", "own"),
    "nello_doubles": ("high", "low", "own"),
    "scoring": ("points", "marks"),
    "mark_raises": ("none", "one"),
    "min_bid": (3, 4, 5),
}

OPTION_HELP: dict[str, str] = {
    "forced_bid": "If everyone else passes, the dealer must bid: no hand is thrown in.",
    "target": "Points (or marks) needed to win the game.",
    "doubles_trump": "The bidder may name the doubles as trump (6-6 high down to 0-0).",
    "no_trump": "The bidder may name no trump (called follow me in 42).",
    "no_trump_doubles": "With no trump, each double tops its suit (high), ends it (low),"
    " or the doubles make a suit of their own (own).",
    "min_bid": "The lowest bid, in tricks.",
    "scoring": "Points: bids and tricks score points. Marks: one mark to the winner of each hand.",
    "moon_instant": "Shooting the moon decides the game: made, you win at once; set, you lose.",
    "remove_double_blank": "Take out the 0-0 as well: 21 tiles, seven each, no widow.",
    "trump_before_widow": "The bidder names trump before picking up the widow.",
    "play_out": "Play all seven tricks even when the result is already certain.",
    "mark_raises": "Bids past 84 (2 marks): 126, 168... each exactly one mark over the high bid.",
    "nello": "A bidder at 42 or more may call Nello: lose every trick; the partner sits out.",
    "nello_doubles": "In Nello, each double tops its suit (high), ends it (low), or the"
    " doubles make a suit of their own (own).",
    "sevens": "A bidder at 42 or more may call Sevens: everyone must play the tile closest"
    " to 7 pips.",
    "plunge": "Four doubles may bid Plunge (4 marks or more); the partner names trump.",
    "splash": "Three doubles may bid Splash (3 marks or more); the partner names trump.",
}


def _whole_number(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise OptionsError(f"option {name} must be a whole number, not {quoted(value)}")
    if isinstance(value, float) and not value.is_integer():
        raise OptionsError(f"option {name} must be a whole number, not {quoted(value)}")
    return int(value)


# A game's default Options, made once: Options are immutable, so one may be shared.
_DEFAULTS: dict[str, Options] = {}


def options_for(game: str, values: dict[str, Any]) -> Options:
    """Validated options for ``game``; missing options take their defaults."""
    if game not in GAMES:
        raise OptionsError(f"unknown game {quoted(game)}: choose one of {', '.join(GAMES)}")
    if not isinstance(values, dict):
        raise OptionsError("options must be an object of option names and values")
    if not values:
        if game not in _DEFAULTS:
            _DEFAULTS[game] = _validated(game, values)
        return _DEFAULTS[game]
    return _validated(game, values)


def _validated(game: str, values: dict[str, Any]) -> Options:
    allowed = OPTIONS_OF[game]
    defaults = {f.name: f.default for f in fields(Options)}
    clean: dict[str, Any] = {}
    for name, value in values.items():
        if name not in defaults or name == "game":
            raise OptionsError(f"unknown option {quoted(name)}")
        if name not in allowed:
            raise OptionsError(f"option {quoted(name)} does not fit the game {game}")
        default = defaults[name]
        if name in ("target", "min_bid"):
            value = _whole_number(name, value)
            if name == "target" and not 1 <= value <= MAX_TARGET:
                raise OptionsError(f"option target must be from 1 to {MAX_TARGET:,}, "
                                   f"not {quoted(value)}")
        elif isinstance(default, bool) and not isinstance(value, bool):
            raise OptionsError(f"option {name} must be true or false, not {quoted(value)}")
        if name in OPTION_CHOICES and value not in OPTION_CHOICES[name]:
            choices = ", ".join(repr(c) for c in OPTION_CHOICES[name])
            raise OptionsError(f"option {name} must be one of {choices}, not {quoted(value)}")
        clean[name] = value
    options = Options(game=game, **clean)
    if options.target == 0:
        moon_points = game != "texas42" and options.scoring == "points"
        options = replace(options, target=21 if moon_points else 7)
    return options
