"""Finished things: a trick and a hand's result, with the score breakdown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .tiles import Tile
from .trump import Trump

__all__ = ["Trick", "HandResult"]


class Trick(NamedTuple):
    """A trick from its first tile on; ``winner`` is None while it is unfinished.

    A named tuple rather than a dataclass: the engine makes one per trick, and
    that is in the hot path of every search over hands.
    """

    leader: int
    plays: tuple[tuple[int, Tile], ...]
    winner: int | None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(t for _, t in self.plays)

    @property
    def points(self) -> int:
        """One for the trick plus its count (Texas 42's trick value)."""
        return 1 + sum(t.count for _, t in self.plays)


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: who bid what, made or set, and what each seat's total changed by.

    ``score`` and ``totals`` are per seat; in partnership games both partners
    show their side's change.  ``made`` is None for a thrown-in hand.
    """

    hand: int
    dealer: int
    bidder: int | None
    bid: int | None
    contract: str | None
    trump: Trump | None
    made: bool | None
    tricks_won: tuple[int, ...]
    points: tuple[int, ...]
    score: tuple[int, ...]
    totals: tuple[int, ...]
    uses_marks: bool
    tricks: tuple[Trick, ...] = ()

    @property
    def thrown_in(self) -> bool:
        return self.bidder is None
