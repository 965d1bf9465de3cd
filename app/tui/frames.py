"""Partial frames that draw only the widgets seen in the changed area.

When a widget changes, Textual draws a partial frame: the rectangle holding every change,
and in it each widget that shows there. Textual 8.2's compositor picks those widgets by
their *clip* (the visible area of the container they sit in) instead of by the part of
the widget that shows, so moving the focus between two rows of the lobby's form also
draws every other row of the form, all of them outside the change (26 widgets where 5
show). Each of those is cached, but asking for it costs its styles and lines all the same:
about a fifth of what a key in the lobby cost a session of the server.

``draw_only_what_shows()`` replaces the compositor's choice with the same loop over the
widgets whose visible part meets the changed rectangle. The frame is the same (the
partial update's lines are only those of the changed rectangle, where the skipped widgets
show nothing); ``tests/app/tui/test_frames.py`` compares the two on real screens. The change
is made only on the Textual it was written against (``app/tui/textual_pin.py``); on another it
is not made and the frames are Textual's own.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip

from . import textual_pin

__all__ = ["draw_only_what_shows", "drawing_only_what_shows"]

_textuals_own = Compositor._get_renders


def _renders_that_show(
    self: Compositor, crop: Region | None = None
) -> Iterable[tuple[Region, Region, list[Strip]]]:
    """Textual's ``Compositor._get_renders``, keeping only the widgets that show in ``crop``."""
    if crop is None:
        yield from _textuals_own(self, crop)
        return
    overlaps = crop.overlaps
    intersection = Region.intersection
    for widget, (region, clip) in self.visible_widgets.items():
        shown = intersection(region, clip)
        if not overlaps(shown):
            continue
        x, y, width, height = shown
        yield region, clip, widget.render_lines(Region(x - region.x, y - region.y, width, height))


def draw_only_what_shows() -> bool:
    """Make the change (once, on the Textual it was written for); whether it is made."""
    if not textual_pin.on_the_textual_written_for():
        return False
    Compositor._get_renders = _renders_that_show  # type: ignore[method-assign]
    return True


def drawing_only_what_shows() -> bool:
    """Whether the change is made."""
    return Compositor._get_renders is _renders_that_show
