"""The Textual the app's mends of it were written against (``app/tui/frames.py``,
``app/tui/quiet_input.py``, ``app/tui/styles_cache_mend.py``): each replaces a step of
Textual's own, so each is made only on this version (pinned in ``pyproject.toml``); on
another the app runs on Textual's own."""

from __future__ import annotations

from functools import cache
from importlib.metadata import version

__all__ = ["WRITTEN_FOR", "on_the_textual_written_for"]

WRITTEN_FOR = "8.2.8"


@cache
def on_the_textual_written_for() -> bool:
    """Whether the Textual installed is that one (read once a process: each game's app asks)."""
    return version("textual") == WRITTEN_FOR
