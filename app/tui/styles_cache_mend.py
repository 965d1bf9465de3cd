"""Closed widgets' line caches let go.

Textual 8.2's ``StylesCache.get_inner_outer`` (the two background styles of a widget's
lines) is a method under ``functools.lru_cache(1024)``, so its key holds the ``StylesCache``
itself: the last 1,024 widgets' caches of drawn lines stay alive after their widgets are
gone.  Every screen closed and every hand's summary left some (a shared game of 7 marks
kept about 370 of them, with some 8,000 line caches: about 0.4 MiB a hand, never let go).

``let_closed_widgets_go()`` puts in its place the same two styles cached by the colours
alone, which is all they depend on.  The change is made only on the Textual it was written
against (``app/tui/textual_pin.py``); on another Textual's own stays.
"""

from __future__ import annotations

from functools import lru_cache

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style

from . import textual_pin

__all__ = ["inner_outer", "let_closed_widgets_go", "letting_closed_widgets_go"]


@lru_cache(1024)
def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The inner and outer background styles of a widget's lines (Textual's own words)."""
    return (Style(background=base_background + background),
            Style(background=base_background))


def _get_inner_outer(self: StylesCache, base_background: Color,
                     background: Color) -> tuple[Style, Style]:
    return inner_outer(base_background, background)


def let_closed_widgets_go() -> bool:
    """Make the change (on the Textual it was written for); whether it is made."""
    if not textual_pin.on_the_textual_written_for():
        return False
    if StylesCache.get_inner_outer is not _get_inner_outer:
        own = StylesCache.get_inner_outer
        StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign]
        clear = getattr(own, "cache_clear", None)
        if clear is not None:  # what the old cache held goes with it
            clear()
    return True


def letting_closed_widgets_go() -> bool:
    """Whether the change is made."""
    return StylesCache.get_inner_outer is _get_inner_outer
