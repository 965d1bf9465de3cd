"""Bots: strategies that decide from a seat's view.

The app lists bots with ``bot_names()`` (and ``bot_description(name)``), makes one with
``make_bot(name, seed)``, and asks it with ``decide(bot, view)``.
"""

from .protocol import Strategy, decide
from .registry import bot_description, bot_names, make_bot, register

__all__ = ["Strategy", "bot_description", "bot_names", "decide", "make_bot", "register"]
