"""Tiles and the three tile sets.

A tile is an ``int`` subclass whose value is its index in the double-six set
(``high * (high + 1) // 2 + low``), so the engine can use tiles directly as
bit positions and table indexes while everyone else sees ``6-4``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .limits import quoted

__all__ = [
    "Tile",
    "TILES",
    "tile",
    "parse_tile",
    "is_tile_text",
    "FULL_SET",
    "MOON22_SET",
    "MOON21_SET",
    "tiles_of_mask",
    "mask_of",
]


class Tile(int):
    """One domino, written with its larger number first (``6-4``)."""

    __slots__ = ()

    @property
    def high(self) -> int:
        return _HIGH[self]

    @property
    def low(self) -> int:
        return _LOW[self]

    @property
    def is_double(self) -> bool:
        return _HIGH[self] == _LOW[self]

    @property
    def pips(self) -> int:
        return _HIGH[self] + _LOW[self]

    @property
    def count(self) -> int:
        """The tile's count in Texas 42: 10 for 6-4 and 5-5, 5 for 5-0, 4-1, 3-2."""
        return COUNT[self]

    def carries(self, number: int) -> bool:
        return _HIGH[self] == number or _LOW[self] == number

    def other(self, number: int) -> int:
        """The number on the other end from ``number`` (a double gives it back)."""
        return _LOW[self] if _HIGH[self] == number else _HIGH[self]

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Tile('{_TEXT[self]}')"

    def __reduce__(self) -> tuple[Callable[[int], Tile], tuple[int]]:
        return (_tile_by_index, (int(self),))


_HIGH: list[int] = []
_LOW: list[int] = []
_TEXT: list[str] = []
for _h in range(7):
    for _l in range(_h + 1):
        _HIGH.append(_h)
        _LOW.append(_l)
        _TEXT.append(f"{_h}-{_l}")

TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(28))
COUNT: tuple[int, ...] = tuple(
    10 if _HIGH[i] + _LOW[i] == 10 and _HIGH[i] in (6, 5) else 5 if _HIGH[i] + _LOW[i] == 5 else 0
    for i in range(28)
)


def _tile_by_index(index: int) -> Tile:
    return TILES[index]


def tile(a: int, b: int) -> Tile:
    """The tile with numbers ``a`` and ``b``, in either order."""
    if not (0 <= a <= 6 and 0 <= b <= 6):
        raise ValueError(f"a tile's numbers run from 0 to 6, not {a} and {b}")
    high, low = (a, b) if a >= b else (b, a)
    return TILES[high * (high + 1) // 2 + low]


_TILE_TEXT = re.compile(r"([0-6])-([0-6])")


def is_tile_text(text: object) -> bool:
    return isinstance(text, str) and _TILE_TEXT.fullmatch(text) is not None


def parse_tile(text: str) -> Tile:
    """``"6-4"`` or ``"4-6"`` to the tile 6-4; anything else is a ValueError."""
    match = _TILE_TEXT.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"{quoted(text)} is not a tile: write it as two numbers 0 to 6, like 6-4")
    return tile(int(match.group(1)), int(match.group(2)))


FULL_SET: tuple[Tile, ...] = TILES
MOON22_SET: tuple[Tile, ...] = tuple(t for t in TILES if not (t.low == 0 and t.high > 0))
MOON21_SET: tuple[Tile, ...] = tuple(t for t in MOON22_SET if t != 0)


def mask_of(tiles: Iterable[int]) -> int:
    mask = 0
    for t in tiles:
        mask |= 1 << t
    return mask


def tiles_of_mask(mask: int) -> tuple[Tile, ...]:
    """The tiles of a bitmask, lowest index first."""
    out = []
    while mask:
        low_bit = mask & -mask
        out.append(TILES[low_bit.bit_length() - 1])
        mask ^= low_bit
    return tuple(out)
