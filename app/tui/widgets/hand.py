"""Your hand: dominoes with pips when there is room, ``[6|4]`` when not.

Trumps are marked T under the tile, Texas 42's count tiles +.
Legal tiles are marked by shape (a solid border and a bracketed key number),
unplayable ones by a dotted border and no brackets, the cursor by a heavy
border and carets, so colour is never the only sign.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from moon42.rules import Tile

from ...play.glyphs import UNICODE, Glyphs
from ..text.tile_art import BIG_HEIGHT, BIG_WIDTH, big_tile, compact_tile
from .canvas import Canvas

__all__ = ["HandView"]


class HandView(Widget):
    """Seven or eight tiles in a row, numbered 1 to 8 for the keys."""

    tiles: reactive[tuple[Tile, ...]] = reactive(())
    legal: reactive[frozenset[Tile] | None] = reactive(None)
    cursor: reactive[int | None] = reactive(None)
    marked: reactive[frozenset[Tile]] = reactive(frozenset())
    # Drawn in reverse when no tile is being chosen (the replay's mark of a better tile).
    picked: reactive[frozenset[Tile]] = reactive(frozenset())
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

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        canvas = Canvas(width, height)
        if not self.tiles:
            canvas.centre(height // 2, self.empty_text, "dim")
            return canvas.text()
        big = self.big_fits()
        step = BIG_WIDTH + 1 if big else 7
        total = len(self.tiles) * step - 1
        x0 = max(0, (width - total) // 2)
        tile_h = BIG_HEIGHT if big else 1
        y0 = max(0, (height - tile_h - 1) // 2)
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
            style, border = ("bold reverse" if tile in self.picked else ""), g.box
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
