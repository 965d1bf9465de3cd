"""The trick in the middle of the table: each seat's tile in front of that seat."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from moon42.rules import Tile

from ...play.glyphs import UNICODE, Glyphs
from ..text.tile_art import BIG_HEIGHT, BIG_WIDTH, big_tile, compact_tile
from .canvas import Canvas

__all__ = ["TrickView", "TrickPicture", "position_of"]


@dataclass(frozen=True)
class TrickPicture:
    """What to draw: who played what, who won (if done), who is to play next."""

    me: int
    seats: int
    names: tuple[str, ...]
    plays: tuple[tuple[int, Tile], ...] = ()
    winner: int | None = None
    to_play: int | None = None
    sitting_out: int | None = None


def position_of(seat: int, me: int, seats: int) -> str:
    """Where a seat sits as seen from ``me``: bottom, left, top or right."""
    rel = (seat - me) % seats
    if seats == 3:
        return ("bottom", "left", "right")[rel]
    return ("bottom", "left", "top", "right")[rel]


class TrickView(Widget):
    picture: reactive[TrickPicture | None] = reactive(None)

    def __init__(self, glyphs: Glyphs = UNICODE, **kwargs) -> None:
        super().__init__(**kwargs)
        self.glyphs = glyphs
        self._names_above = False

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        canvas = Canvas(width, height)
        pic = self.picture
        if pic is None:
            return canvas.text()
        longest = max((len(n) for n in pic.names), default=0) + 4  # " won"
        # Dominoes with pips wherever three fit across; the names of the left and right
        # seats go beside their tiles when there is room, above them when not.
        big = height >= 3 * BIG_HEIGHT + 2 and width >= 3 * BIG_WIDTH + 4
        self._names_above = big and width < 2 * BIG_WIDTH + 30 and (
            width < 3 * BIG_WIDTH + 12 + 2 * (longest + 1))
        tile_w, tile_h = (BIG_WIDTH, BIG_HEIGHT) if big else (5, 1)
        played = dict(pic.plays)
        mid_y = (height - tile_h) // 2
        top_y = max(1, mid_y - tile_h - (1 if big else 1))
        bottom_y = min(height - tile_h - 1, mid_y + tile_h + (1 if big else 1))
        cx = (width - tile_w) // 2
        gap = (2 if self._names_above else 6) if big else 4
        places = {
            "top": (cx, top_y),
            "bottom": (cx, bottom_y),
            "left": (cx - tile_w - gap, mid_y),
            "right": (cx + tile_w + gap, mid_y),
        }
        for seat in range(pic.seats):
            where = position_of(seat, pic.me, pic.seats)
            x, y = places[where]
            self._draw_seat(canvas, pic, seat, where, x, y, played.get(seat), big, tile_w, tile_h)
        return canvas.text()

    def _draw_seat(
        self,
        canvas: Canvas,
        pic: TrickPicture,
        seat: int,
        where: str,
        x: int,
        y: int,
        tile: Tile | None,
        big: bool,
        tile_w: int,
        tile_h: int,
    ) -> None:
        g = self.glyphs
        won = pic.winner == seat
        name = pic.names[seat] + (" won" if won else "")
        if seat == pic.sitting_out:
            name = pic.names[seat] + " (out)"
        style = "bold reverse" if won else "bold"
        if tile is None:
            mark = "..." if seat == pic.to_play else ""
            if big:
                canvas.put(x + (tile_w - len(mark)) // 2, y + tile_h // 2, mark, "dim")
            else:
                canvas.put(x + 1, y, mark, "dim")
        elif big:
            border = g.heavy if won else g.box
            canvas.put_lines(x, y, big_tile(tile, g, border), style if won else "")
        else:
            canvas.put(x, y, compact_tile(tile), style if won else "")
        if where == "top":
            canvas.put(x + (tile_w - len(name)) // 2, y - 1, name, style if won else "")
        elif where == "bottom":
            canvas.put(x + (tile_w - len(name)) // 2, y + tile_h, name, style if won else "")
        elif self._names_above:
            canvas.put(x + (tile_w - len(name)) // 2, y - 1, name, style if won else "")
        elif where == "left":
            canvas.put(x - len(name) - 1, y + tile_h // 2, name, style if won else "")
        else:
            canvas.put(x + tile_w + 1, y + tile_h // 2, name, style if won else "")
