"""A shared table as the tables list shows it: what someone joining it would join.

The game, its target, the house rules that differ from the defaults, the bots' level, who
sits where (and which seats are free), whether it gathers or is at hand N or over, how many
watch, and whether it is private.
"""

from __future__ import annotations

from typing import Any

from moon42.rules import Phase
from moon42.rules.options import HOUSE_RULES

from .difficulty import LEVELS
from .presets import changed_options

__all__ = ["listing_of"]


def _rule_text(options: Any, name: str) -> str:
    value = getattr(options, name)
    label = HOUSE_RULES[name].label
    if isinstance(value, bool):
        return label if value else f"no {label}"
    return f"{label} {value}"


def listing_of(table: Any) -> dict[str, Any]:
    """The table as the lobby lists it."""
    game, g = table.game, table.gathering
    options = game.options
    level = g.level if g is not None else None
    return {"table": table.number, "game": options.game,
            "options": options.to_dict(), "target": options.target,
            "rules": [_rule_text(options, name) for name in changed_options(options)
                      if name != "target"],
            "level": level, "bots": LEVELS[level].bot if level else None,
            "hand": game.hand_number + 1, "over": game.phase is Phase.GAME_OVER,
            "waiting": table.gathers_now(), "private": bool(g and g.private),
            "spectators": len(table.spectators), "reveal": table.reveal,
            "free": sum(s.player is None for s in table.seats),
            "seats": [{"name": s.shown, "human": s.player is not None,
                       "connected": s.send is not None} for s in table.seats]}
