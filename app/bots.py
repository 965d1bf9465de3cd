"""The bots, found by name through the ai package's registry."""

from __future__ import annotations

from typing import Any

from moon42.rules import Action
from moon42.rules.views import SeatView

__all__ = ["bot_choices", "new_bot", "bot_decide", "DEFAULT_BOT"]

DEFAULT_BOT = "basic"


def bot_choices() -> list[str]:
    """Every registered bot name, the default first."""
    from moon42.ai.registry import bot_names

    names = list(bot_names())
    if DEFAULT_BOT in names:
        names.remove(DEFAULT_BOT)
        names.insert(0, DEFAULT_BOT)
    return names


def new_bot(name: str, seed: int | None, **settings: Any) -> Any:
    from moon42.ai.registry import make_bot

    return make_bot(name, seed=seed, **settings)


def bot_decide(bot: Any, view: SeatView) -> Action:
    from moon42.ai.protocol import decide

    return decide(bot, view)
