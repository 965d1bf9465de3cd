"""House rules for the lobby: named presets, the groups the rows are shown in, what each means.

Pure data and functions of option dictionaries (the lobby's ``{name: value}`` with only the
values that differ from the defaults), so they are tested without a screen.  Labels, groups
and meanings come from each option's declaration (``moon42.rules.options``).

A preset sets every house rule of its game except ``target`` (how long the game is, not how it
is played).  Moon has no contracts, so "Texas table" and "Tournament" mean nothing there;
Moon gets its own second preset instead ("Lively table": the dealer must bid, bids start at 3
tricks, and a moon decides the game at once).
"""

from __future__ import annotations

from typing import Any

from moon42.rules.options import HOUSE_RULES, OPTIONS_OF, Group, MarkRaises, Options

__all__ = [
    "CUSTOM",
    "TRADITIONAL",
    "PRESETS",
    "PRESET_HELP",
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
    "mark_raises": MarkRaises.ONE,
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
        "Tournament": {"mark_raises": MarkRaises.ONE},
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
    groups = []
    for group in Group:
        members = tuple(n for n in OPTIONS_OF[game] if HOUSE_RULES[n].group is group)
        if members:
            groups.append((group.value, members))
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
    rule = HOUSE_RULES[name]
    value = getattr(options, name)
    meaning = rule.meanings.get(value)
    if meaning is not None:
        return meaning
    shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
    return f"{rule.label.capitalize()}: {shown}."


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
            label = HOUSE_RULES[name].label
            lines.append(f"- **{label[:1].upper()}{label[1:]}**: {describe_option(options, name)}")
    else:
        lines.append("Every house rule is at its traditional default.")
    lines += ["", f"The game goes to **{options.target} {unit}**."]
    return "\n".join(lines)
