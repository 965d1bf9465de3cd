"""Your hand: dominoes with pips when there is room, ``[6|4]`` when not.

Trumps are marked T under the tile, Texas 42's count tiles +.
Legal tiles are marked by shape (a solid border and a bracketed key number),
unplayable ones by a dotted border and no brackets, the cursor by a heavy
border and carets, so colour is never the only sign.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from moon42.rules import Tile

from ...play.glyphs import UNICODE, Glyphs
from ..text.tile_art import BIG_HEIGHT, BIG_WIDTH, big_tile, compact_tile
from .canvas import Canvas

__all__ = ["HandView"]


class HandView(Widget):
    """Seven or eight tiles in a row, numbered 1 to 8 for the keys (or clicked)."""

    class Clicked(Message):
        """A tile was clicked or tapped: its index in the hand."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    tiles: reactive[tuple[Tile, ...]] = reactive(())
    legal: reactive[frozenset[Tile] | None] = reactive(None)
    cursor: reactive[int | None] = reactive(None)
    marked: reactive[frozenset[Tile]] = reactive(frozenset())
    resting: reactive[bool] = reactive(False)  # sitting out a Nello hand: greyed, face down
    # Once trump is named, its tiles are marked T; in Texas 42 the count tiles are marked +.
    trumps: reactive[frozenset[Tile]] = reactive(frozenset())
    counts: reactive[frozenset[Tile]] = reactive(frozenset())
    # What stands where no tile is (a spectator's screen says whose hand is hidden).
    empty_text: reactive[str] = reactive("(no tiles)")

    def __init__(self, glyphs: Glyphs = UNICODE, **kwargs) -> None:
        super().__init__(**kwargs)
        self.glyphs = glyphs

    def big_fits(self) -> bool:
        n = max(1, len(self.tiles))
        return self.size.width >= n * (BIG_WIDTH + 1) - 1 and self.size.height >= BIG_HEIGHT + 1

    def _layout(self) -> tuple[bool, int, int, int]:
        """Where the tiles stand: big or compact, the step from one to the next, and the
        first tile's column and row."""
        big = self.big_fits()
        step = BIG_WIDTH + 1 if big else 7
        total = len(self.tiles) * step - 1
        x0 = max(0, (self.size.width - total) // 2)
        tile_h = BIG_HEIGHT if big else 1
        y0 = max(0, (self.size.height - tile_h - 1) // 2)
        return big, step, x0, y0

    def tile_at(self, x: int, y: int) -> int | None:
        """The index of the tile drawn at (``x``, ``y``) (its key line included), or None."""
        if not self.tiles:
            return None
        big, step, x0, y0 = self._layout()
        height = (BIG_HEIGHT if big else 1) + 1
        index, within = divmod(x - x0, step)
        if x < x0 or within >= step - 1 or not y0 <= y < y0 + height:
            return None
        return index if index < len(self.tiles) else None

    def on_click(self, event: events.Click) -> None:
        index = self.tile_at(event.x, event.y)
        if index is not None:
            self.post_message(self.Clicked(index))

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        canvas = Canvas(width, height)
        if not self.tiles:
            canvas.centre(height // 2, self.empty_text, "dim")
            return canvas.text()
        big, step, x0, y0 = self._layout()
        for i, tile in enumerate(self.tiles):
            self._draw(canvas, x0 + i * step, y0, i, tile, big)
        return canvas.text()

    def _draw(self, canvas: Canvas, x: int, y: int, index: int, tile: Tile, big: bool) -> None:
        g = self.glyphs
        choosing = self.legal is not None
        legal = choosing and tile in self.legal
        selected = choosing and index == self.cursor
        if selected:
            style, border = ("bold reverse" if legal else "reverse"), g.heavy
        elif legal:
            style, border = "bold", g.box
        elif choosing or self.resting:
            style, border = "dim", g.dotted
        else:
            style, border = "", g.box
        width = BIG_WIDTH if big else 6
        if big:
            canvas.put_lines(x, y, big_tile(tile, g, border), style)
            key_y = y + BIG_HEIGHT
        else:
            marks = ("[", "]") if legal or not choosing else (" ", " ")
            face = compact_tile(tile, *marks)
            canvas.put(x, y, face.center(width), style)
            key_y = y + 1
        star = "*" if tile in self.marked else ""
        star += ("T" if tile in self.trumps else "") + ("+" if tile in self.counts else "")
        name = f"{tile}{star}" if big else star
        if not choosing:
            canvas.put(x + (width - len(name)) // 2, key_y, name, "dim")
            return
        number = str(index + 1)
        if selected:
            label = f"^[{number}]" if legal else f"^ {number}"
        else:
            label = f"[{number}]" if legal else f" {number} "
        if big:
            label = f"{label} {name}"
        else:
            label += star
        canvas.put(x + (width - len(label)) // 2, key_y, label, "bold" if legal else "dim")
