"""Dominoes as text: a face with pips when there is room, ``[6|4]`` when there is not."""

from __future__ import annotations

from moon42.rules import Tile

from ...play.glyphs import Glyphs

__all__ = ["BIG_WIDTH", "BIG_HEIGHT", "COMPACT_WIDTH", "big_tile", "compact_tile", "pip_rows"]

BIG_WIDTH = 9
BIG_HEIGHT = 5
COMPACT_WIDTH = 5

# Where the pips of one half sit on its 3x3 grid, as a die shows them.
_PIPS: tuple[tuple[str, str, str], ...] = (
    ("   ", "   ", "   "),
    ("   ", " o ", "   "),
    ("o  ", "   ", "  o"),
    ("o  ", " o ", "  o"),
    ("o o", "   ", "o o"),
    ("o o", " o ", "o o"),
    ("o o", "o o", "o o"),
)


def pip_rows(number: int, glyphs: Glyphs) -> tuple[str, str, str]:
    rows = _PIPS[number]
    return rows[0].replace("o", glyphs.pip), rows[1].replace("o", glyphs.pip), rows[2].replace(
        "o", glyphs.pip
    )


def big_tile(tile: Tile, glyphs: Glyphs, border: str) -> list[str]:
    """Five lines of nine characters; ``border`` is one of the glyph set's box strings."""
    tl, top, tj, tr, side, mid, bl, bottom, bj, br = border
    left, right = pip_rows(tile.high, glyphs), pip_rows(tile.low, glyphs)
    lines = [tl + top * 3 + tj + top * 3 + tr]
    lines += [side + a + mid + b + side for a, b in zip(left, right, strict=True)]
    lines.append(bl + bottom * 3 + bj + bottom * 3 + br)
    return lines


def compact_tile(tile: Tile, open_: str = "[", close: str = "]") -> str:
    return f"{open_}{tile.high}|{tile.low}{close}"
