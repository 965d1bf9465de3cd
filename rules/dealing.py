"""Shuffling and dealing from the seed, and the log of one deal.

Every hand's deal comes from a hash of (seed, hand number) alone: the same on
every machine, and independent of what was played before.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable
from functools import cache

from .actions import Action
from .tiles import TILES, Tile, tiles_of_mask

__all__ = ["HandLog", "Shuffler"]


class HandLog:
    """One deal as a record keeps it: dealer, the tiles dealt, the widow and the actions.

    A shuffled deal is kept as one bitmask a seat and turned into tiles only
    when someone reads ``deal`` (records and replays do; play does not).
    """

    __slots__ = ("dealer", "_deal", "_masks", "widow", "actions")

    def __init__(
        self,
        dealer: int,
        deal: tuple[tuple[Tile, ...], ...] | None,
        widow: tuple[Tile, ...],
        masks: tuple[int, ...] = (),
    ):
        self.dealer = dealer
        self._deal = deal
        self._masks = masks
        self.widow = widow
        self.actions: list[Action] = []

    def copy(self) -> HandLog:
        """The same hand with a list of actions of its own."""
        twin = HandLog(self.dealer, self._deal, self.widow, self._masks)
        twin.actions = self.actions.copy()
        return twin

    @property
    def deal(self) -> tuple[tuple[Tile, ...], ...]:
        if self._deal is None:
            self._deal = tuple(map(tiles_of_mask, self._masks))
        return self._deal


@cache
def _layout(
    tile_set: tuple[Tile, ...], seats: int
) -> tuple[Callable[[bytes], tuple[int, ...]], tuple[int, ...], tuple[slice, ...]]:
    """What a Shuffler needs of its tile set, made once a game kind (a game is often new)."""
    unpack = struct.Struct(f"<{len(tile_set)}H").unpack_from
    bits = tuple(1 << t for t in tile_set)
    slices = tuple(slice(7 * s, 7 * s + 7) for s in range(seats))
    return unpack, bits, slices


class Shuffler:
    """The seeded shuffle of one tile set.

    Sixteen random bits per tile from blake2b(seed:hand); the tiles sorted by
    those keys (equal keys in tile order) are dealt seven a seat, the rest to
    the widow.
    """

    __slots__ = ("tile_set", "seats", "_unpack", "_bits", "_slices", "_prefix")

    def __init__(self, tile_set: tuple[Tile, ...], seats: int, seed: int) -> None:
        self.tile_set = tile_set
        self.seats = seats
        self._unpack, self._bits, self._slices = _layout(tile_set, seats)
        self._prefix = b"%d:" % seed

    def keys(self, hand: int) -> tuple[int, ...]:
        digest = hashlib.blake2b(self._prefix + b"%d" % hand, digest_size=64).digest()
        return self._unpack(digest)

    def masks(self, hand: int) -> tuple[tuple[int, ...], tuple[Tile, ...]]:
        """Each seat's tiles as a bitmask, and the widow (tiles in dealing order)."""
        keys = self.keys(hand)
        bit_of_key = dict(zip(keys, self._bits, strict=True))
        if len(bit_of_key) == len(keys):
            # The usual case, all keys different: sorting the plain keys (C-speed
            # int compares, no key function) gives the dealing order.
            bits = list(map(bit_of_key.__getitem__, sorted(keys)))
        else:  # equal keys (under 1% of deals): a stable sort keeps them in tile order
            order = sorted(range(len(keys)), key=keys.__getitem__)
            bits = [self._bits[i] for i in order]
        # The seven bits of a seat are distinct, so their sum is the seat's mask.
        masks = tuple(map(sum, map(bits.__getitem__, self._slices)))
        if len(bits) == 7 * self.seats:
            return masks, ()
        return masks, tuple(TILES[b.bit_length() - 1] for b in bits[7 * self.seats :])

    def deal(self, hand: int) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
        """Seven tiles a seat (in tile order), and the widow."""
        masks, widow = self.masks(hand)
        return tuple(map(tiles_of_mask, masks)), widow
