"""House rules for the lobby: named presets, the groups the rows are shown in, plain labels.

Pure data and functions of option dictionaries (the lobby's ``{name: value}`` with only the
values that differ from the defaults), so they are tested without a screen.

A preset sets every house rule of its game except ``target`` (how long the game is, not how it
is played).  Moon has no contracts, so "Texas table" and "Tournament" mean nothing there;
Moon gets its own second preset instead ("Lively table": the dealer must bid, bids start at 3
tricks, and a moon decides the game at once).
"""

from __future__ import annotations

from typing import Any

from moon42.rules.options import OPTIONS_OF, Options

__all__ = [
    "CUSTOM",
    "TRADITIONAL",
    "PRESETS",
    "PRESET_HELP",
    "OPTION_LABELS",
    "presets_for",
    "preset_options",
    "preset_of",
    "house_rules",
    "groups_for",
    "changed_options",
    "describe_option",
    "house_rules_markdown",
]

TRADITIONAL = "Traditional"
CUSTOM = "Custom"

_TEXAS_TABLE = {
    "forced_bid": True,
    "mark_raises": "one",
    "nello": True,
    "plunge": True,
    "splash": True,
}

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "texas42": {
        TRADITIONAL: {},
        "Texas table": _TEXAS_TABLE,
        # Tournament play: no special contracts, and no forced bid; bids past 84 go up one
        # mark at a time (which also tells it apart from Traditional, where 84 is the top).
        "Tournament": {"mark_raises": "one"},
    },
    "moon4": {
        TRADITIONAL: {},
        "Lively table": {"forced_bid": True, "min_bid": 3, "moon_instant": True},
    },
    "moon3": {
        TRADITIONAL: {},
        "Lively table": {"forced_bid": True, "min_bid": 3, "moon_instant": True},
    },
}

PRESET_HELP = {
    TRADITIONAL: "The rules as the old tables play them: every house rule at its default.",
    "Texas table": "Forced bid, mark raises, Nello, Plunge and Splash, as many Texas tables do.",
    "Tournament": "No Nello, Sevens, Plunge or Splash; bids past 84 go up one mark at a time.",
    "Lively table": "The dealer must bid, bids start at 3 tricks, and a moon ends the game.",
    CUSTOM: "Your own choice of house rules (Left/Right goes back to the presets).",
}

OPTION_LABELS = {
    "forced_bid": "forced bid",
    "target": "game to",
    "doubles_trump": "doubles as trump",
    "no_trump": "no trump",
    "no_trump_doubles": "doubles in no trump",
    "min_bid": "lowest bid",
    "scoring": "scoring",
    "moon_instant": "moon ends the game",
    "remove_double_blank": "no double blank",
    "trump_before_widow": "trump before widow",
    "play_out": "play every trick",
    "mark_raises": "mark raises",
    "nello": "Nello",
    "nello_doubles": "doubles in Nello",
    "sevens": "Sevens",
    "plunge": "Plunge",
    "splash": "Splash",
}

_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Bidding", ("forced_bid", "min_bid", "mark_raises")),
    ("Contracts", ("nello", "nello_doubles", "sevens", "plunge", "splash")),
    ("Trump and doubles", ("doubles_trump", "no_trump", "no_trump_doubles")),
    ("Widow", ("remove_double_blank", "trump_before_widow")),
    ("Scoring", ("scoring", "moon_instant", "play_out")),
)

# What a house rule means when it is not at its default, for the help screen.
_MEANINGS: dict[str, dict[Any, str]] = {
    "forced_bid": {True: "If everyone else passes, the dealer must bid: no hand is thrown in."},
    "doubles_trump": {False: "Doubles may not be named as trump."},
    "no_trump": {False: "No trump (follow me) may not be named: the bidder names a suit."},
    "no_trump_doubles": {
        "low": "With no trump, each double is the lowest tile of its suit.",
        "own": "With no trump, the doubles are a suit of their own: a double led asks for"
               " a double, and 6-6 is the highest.",
    },
    "scoring": {"marks": "Scoring by marks: the side that wins a hand wins one mark."},
    "moon_instant": {True: "Shooting the moon decides the game: made, the bidder wins at once;"
                           " set, the bidder loses at once."},
    "remove_double_blank": {True: "The 0-0 is out too: 21 tiles, seven each, no widow."},
    "trump_before_widow": {True: "The bidder names trump before picking up the widow."},
    "play_out": {True: "Every hand is played to the seventh trick, even once it is decided."},
    "mark_raises": {"one": "Past 84 (two marks), each bid is exactly one mark more: 126, 168,"
                           " up to 294 (seven marks)."},
    "nello": {True: "A bidder at 42 or more may choose to lose every trick instead of"
                    " naming trump; the partner sits out and tricks have three tiles."},
    "nello_doubles": {
        "low": "In Nello each double is the lowest tile of its suit.",
        "own": "In Nello the doubles are a suit of their own: a double led asks for a double.",
    },
    "sevens": {True: "A bidder at 42 or more may call Sevens: no suits, everyone must"
                     " play the tile whose pips are closest to 7, and the closest wins; the"
                     " bidding side must take every trick."},
    "plunge": {True: "With four doubles you may bid four marks (or one more than the"
                     " high bid); your partner names trump and your side must take every"
                     " trick."},
    "splash": {True: "Like Plunge, with three doubles, for three marks (or one more"
                     " than the high bid)."},
}


def presets_for(game: str) -> list[str]:
    """The preset names of ``game``, Traditional first."""
    return list(PRESETS[game])


def preset_options(game: str, preset: str) -> dict[str, Any]:
    """The house rules ``preset`` sets (only those off their defaults)."""
    return dict(PRESETS[game][preset])


def house_rules(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` without the target and without values equal to the defaults."""
    defaults = Options(game=game)
    return {
        name: value
        for name, value in options.items()
        if name != "target" and name in OPTIONS_OF[game] and getattr(defaults, name) != value
    }


def preset_of(game: str, options: dict[str, Any]) -> str:
    """The preset whose house rules ``options`` are exactly, or ``CUSTOM``."""
    chosen = house_rules(game, options)
    for name, values in PRESETS[game].items():
        if values == chosen:
            return name
    return CUSTOM


def groups_for(game: str) -> list[tuple[str, tuple[str, ...]]]:
    """The house rules of ``game`` by group, in lobby order (empty groups left out).

    Every option of the game but ``target`` is in exactly one group.
    """
    names = OPTIONS_OF[game]
    groups = []
    for title, members in _GROUPS:
        present = tuple(m for m in members if m in names)
        if present:
            groups.append((title, present))
    return groups


def changed_options(options: Options) -> list[str]:
    """The house rules of a game in force that differ from the defaults, in lobby order."""
    defaults = Options(game=options.game)
    return [
        name
        for _, members in groups_for(options.game)
        for name in members
        if getattr(options, name) != getattr(defaults, name)
    ]


def describe_option(options: Options, name: str) -> str:
    """One sentence on a house rule as it is set in ``options``."""
    value = getattr(options, name)
    meaning = _MEANINGS.get(name, {}).get(value)
    if meaning is not None:
        return meaning
    if name == "min_bid":
        return f"The lowest bid is {value} tricks."
    shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
    return f"{OPTION_LABELS[name].capitalize()}: {shown}."


def house_rules_markdown(options: Options) -> str:
    """The help's section on the house rules in force: the preset, then each one changed."""
    shown = {name: getattr(options, name) for name in OPTIONS_OF[options.game]}
    preset = preset_of(options.game, shown)
    unit = "marks" if options.uses_marks else "points"
    lines = ["## House rules at this table", ""]
    changed = changed_options(options)
    if changed:
        named = "" if preset == CUSTOM else f" (the {preset} preset)"
        lines.append(f"These differ from the traditional rules{named}:")
        lines.append("")
        for name in changed:
            label = OPTION_LABELS[name]
            lines.append(f"- **{label[:1].upper()}{label[1:]}**: {describe_option(options, name)}")
    else:
        lines.append("Every house rule is at its traditional default.")
    lines += ["", f"The game goes to **{options.target} {unit}**."]
    return "\n".join(lines)
