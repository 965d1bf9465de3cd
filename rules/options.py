"""The three games and their options (house rules), each declared once (rules/README.md 9).

Every option is one field of ``Options`` whose declaration (``HouseRule``) holds its games,
default, choices, label, lobby group, help line and meanings.  Everything else reads that
declaration: the checks here (so records and ``--option`` are checked alike), the lobby's
rows and presets, and ``moon42 options``.  Adding a house rule is one declaration here plus
its rule in the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from enum import Enum, StrEnum
from typing import Any

from .limits import MAX_TARGET, quoted
from .trump import Doubles, TrickRules, Trump, trick_rules

__all__ = [
    "GAMES",
    "SEATS",
    "Group",
    "HouseRule",
    "HOUSE_RULES",
    "MarkRaises",
    "OPTIONS_OF",
    "Options",
    "OptionsError",
    "Scoring",
    "default_target",
    "house_rules_of",
    "options_for",
]

GAMES = ("moon3", "moon4", "texas42")

SEATS = {"moon3": 3, "moon4": 4, "texas42": 4}

_ALL = GAMES
_MOON = ("moon3", "moon4")
_MOON3 = ("moon3",)
_TEXAS = ("texas42",)


class OptionsError(ValueError):
    """An unknown option, an option the game does not have, or a bad value."""


class Scoring(StrEnum):
    """How Moon is scored (rules/README.md 7.1, 7.2, 7.4)."""

    POINTS = "points"
    MARKS = "marks"


class MarkRaises(StrEnum):
    """Whether Texas 42's bids go past 84 (rules/README.md 9.3)."""

    NONE = "none"
    ONE = "one"


class Group(StrEnum):
    """The lobby's groups of house rules, in the order it shows them."""

    BIDDING = "Bidding"
    CONTRACTS = "Contracts"
    TRUMP = "Trump and doubles"
    WIDOW = "Widow"
    SCORING = "Scoring"


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One option as declared.

    ``choices``: the values it takes (empty for a whole number from ``least`` to ``most``,
    or up from ``least`` when ``most`` is None).
    ``group``: the lobby's group for its row (None: ``target``, shown on its own).
    ``help``: one line on what it does.  ``meanings``: one sentence for each value off the
    default, for the help screen's list of the house rules in force.
    """

    name: str
    games: tuple[str, ...]
    default: Any
    choices: tuple[Any, ...]
    label: str
    group: Group | None
    help: str
    meanings: Mapping[Any, str]
    least: int
    most: int | None

    def checked(self, value: Any) -> Any:
        """``value`` as an ``Options`` holds it, or OptionsError saying why it cannot be."""
        name = self.name
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionsError(f"option {name} must be true or false, not {quoted(value)}")
            return value
        if isinstance(self.default, int):
            value = _whole_number(name, value)
            if not self.choices and self.most is not None and not \
                    self.least <= value <= self.most:
                raise OptionsError(f"option {name} must be from {self.least} to "
                                   f"{self.most:,}, not {quoted(value)}")
            if not self.choices and value < self.least:
                raise OptionsError(f"option {name} must be at least {self.least}, "
                                   f"not {quoted(value)}")
        if self.choices and value not in self.choices:
            shown = ", ".join(repr(c.value if isinstance(c, Enum) else c) for c in self.choices)
            raise OptionsError(f"option {name} must be one of {shown}, not {quoted(value)}")
        if isinstance(self.default, Enum):
            return type(self.default)(value)
        return value


_DECLARED = "house rule"


def _declared(
    games: tuple[str, ...],
    default: Any,
    *,
    label: str,
    group: Group | None,
    help: str,
    choices: tuple[Any, ...] = (),
    meanings: Mapping[Any, str] | None = None,
    least: int = 1,
    most: int | None = None,
) -> Any:
    """A field of ``Options`` carrying its declaration (named once the class is made).

    A switch that is off by default means its help line when on, unless told otherwise.
    """
    if isinstance(default, bool):
        choices = (False, True)
        if meanings is None and default is False:
            meanings = {True: help}
    elif isinstance(default, Enum):
        choices = tuple(type(default))
    rule = HouseRule("", games, default, choices, label, group, help, meanings or {}, least,
                     most)
    return field(default=default, metadata={_DECLARED: rule})


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of every game; only those that fit ``game`` mean anything.

    The fields are in the record's order; the lobby groups them by ``Group``.
    """

    game: str
    forced_bid: bool = _declared(
        _ALL, False, label="forced bid", group=Group.BIDDING,
        help="If everyone else passes, the dealer must bid: no hand is thrown in.",
    )
    # 0 until resolved by default_target: 21 for Moon by points, 7 for marks.
    target: int = _declared(
        _ALL, 0, label="target", group=None,
        help="Points (or marks) needed to win the game.",
        most=MAX_TARGET,
    )
    doubles_trump: bool = _declared(
        _ALL, True, label="doubles as trump", group=Group.TRUMP,
        help="The bidder may name the doubles as trump (6-6 high down to 0-0).",
        meanings={False: "Doubles may not be named as trump."},
    )
    no_trump: bool = _declared(
        _ALL, True, label="no trump", group=Group.TRUMP,
        help="The bidder may name no trump (called follow me in 42).",
        meanings={False: "No trump (follow me) may not be named: the bidder names a suit."},
    )
    no_trump_doubles: Doubles = _declared(
        _ALL, Doubles.HIGH, label="doubles in no trump", group=Group.TRUMP,
        help="With no trump, each double tops its suit (high), ends it (low),"
        " or the doubles make a suit of their own (own).",
        meanings={
            Doubles.LOW: "With no trump, each double is the lowest tile of its suit.",
            Doubles.OWN: "With no trump, the doubles are a suit of their own: a double led asks"
                         " for a double, and 6-6 is the highest.",
        },
    )
    min_bid: int = _declared(
        _MOON, 4, label="lowest bid", group=Group.BIDDING,
        help="The lowest bid, in tricks.",
        choices=(3, 4, 5),
        meanings={n: f"The lowest bid is {n} tricks." for n in (3, 4, 5)},
    )
    scoring: Scoring = _declared(
        _MOON, Scoring.POINTS, label="scoring", group=Group.SCORING,
        help="Points: bids and tricks score points. Marks: one mark to the winner of each hand.",
        meanings={Scoring.MARKS: "Scoring by marks: the side that wins a hand wins one mark."},
    )
    moon_instant: bool = _declared(
        _MOON, False, label="moon ends the game", group=Group.SCORING,
        help="Shooting the moon decides the game: made, you win at once; set, you lose.",
        meanings={True: "Shooting the moon decides the game: made, the bidder wins at once;"
                        " set, the bidder loses at once."},
    )
    remove_double_blank: bool = _declared(
        _MOON3, False, label="no double blank", group=Group.WIDOW,
        help="Take out the 0-0 as well: 21 tiles, seven each, no widow.",
        meanings={True: "The 0-0 is out too: 21 tiles, seven each, no widow."},
    )
    trump_before_widow: bool = _declared(
        _MOON3, False, label="trump before widow", group=Group.WIDOW,
        help="The bidder names trump before picking up the widow.",
    )
    play_out: bool = _declared(
        _TEXAS, False, label="play every trick", group=Group.SCORING,
        help="Play all seven tricks even when the result is already certain.",
        meanings={True: "Every hand is played to the seventh trick, even once it is decided."},
    )
    mark_raises: MarkRaises = _declared(
        _TEXAS, MarkRaises.NONE, label="mark raises", group=Group.BIDDING,
        help="Bids past 84 (2 marks): 126, 168... each exactly one mark over the high bid.",
        meanings={MarkRaises.ONE: "Past 84 (two marks), each bid is exactly one mark more:"
                                  " 126, 168, up to 294 (seven marks)."},
    )
    nello: bool = _declared(
        _TEXAS, False, label="Nello", group=Group.CONTRACTS,
        help="A bidder at 42 or more may call Nello: lose every trick; the partner sits out.",
        meanings={True: "A bidder at 42 or more may choose to lose every trick instead of"
                        " naming trump; the partner sits out and tricks have three tiles."},
    )
    nello_doubles: Doubles = _declared(
        _TEXAS, Doubles.HIGH, label="doubles in Nello", group=Group.CONTRACTS,
        help="In Nello, each double tops its suit (high), ends it (low), or the"
        " doubles make a suit of their own (own).",
        meanings={
            Doubles.LOW: "In Nello each double is the lowest tile of its suit.",
            Doubles.OWN: "In Nello the doubles are a suit of their own: a double led asks for a"
                         " double.",
        },
    )
    sevens: bool = _declared(
        _TEXAS, False, label="Sevens", group=Group.CONTRACTS,
        help="A bidder at 42 or more may call Sevens: everyone must play the tile closest"
        " to 7 pips.",
        meanings={True: "A bidder at 42 or more may call Sevens: no suits, everyone must"
                        " play the tile whose pips are closest to 7, and the closest wins; the"
                        " bidding side must take every trick."},
    )
    plunge: bool = _declared(
        _TEXAS, False, label="Plunge", group=Group.CONTRACTS,
        help="Four doubles may bid Plunge (4 marks or more); the partner names trump.",
        meanings={True: "With four doubles you may bid four marks (or one more than the"
                        " high bid); your partner names trump and your side must take every"
                        " trick."},
    )
    splash: bool = _declared(
        _TEXAS, False, label="Splash", group=Group.CONTRACTS,
        help="Three doubles may bid Splash (3 marks or more); the partner names trump.",
        meanings={True: "Like Plunge, with three doubles, for three marks (or one more"
                        " than the high bid)."},
    )

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
        return self.game == "texas42" or self.scoring == Scoring.MARKS

    def doubles_for(self, trump: Trump) -> Doubles:
        """How the doubles rank under ``trump``: Nello's rule in Nello, else no trump's
        (it matters only where no number and not the doubles are trump)."""
        return self.nello_doubles if trump is Trump.NELLO else self.no_trump_doubles

    def trick_rules_for(self, trump: Trump) -> TrickRules:
        """Following and ranking when ``trump`` is named at this table: every player of a
        hand, the engine, the bots and the screens, ask here."""
        return trick_rules(trump, self.doubles_for(trump))

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


# Every option's declaration, by name, in the record's order.
HOUSE_RULES: dict[str, HouseRule] = {
    f.name: replace(f.metadata[_DECLARED], name=f.name)
    for f in fields(Options)
    if _DECLARED in f.metadata
}

OPTIONS_OF: dict[str, tuple[str, ...]] = {
    game: tuple(name for name, rule in HOUSE_RULES.items() if game in rule.games)
    for game in GAMES
}


def house_rules_of(game: str) -> tuple[HouseRule, ...]:
    """The declarations of ``game``'s options, in the record's order."""
    return tuple(HOUSE_RULES[name] for name in OPTIONS_OF[game])


def default_target(game: str, scoring: Scoring) -> int:
    """What a game goes to unless the table says otherwise (rules/README.md 7)."""
    return 21 if game != "texas42" and scoring == Scoring.POINTS else 7


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
    clean: dict[str, Any] = {}
    for name, value in values.items():
        rule = HOUSE_RULES.get(name)
        if rule is None:
            raise OptionsError(f"unknown option {quoted(name)}: {_keys_of(game)}")
        if game not in rule.games:
            raise OptionsError(f"option {quoted(name)} does not fit the game {game}: "
                               f"{_keys_of(game)}")
        clean[name] = rule.checked(value)
    options = Options(game=game, **clean)
    if options.target == 0:
        options = replace(options, target=default_target(game, options.scoring))
    return options


def _keys_of(game: str) -> str:
    return f"the options of {game} are {', '.join(OPTIONS_OF[game])}"
