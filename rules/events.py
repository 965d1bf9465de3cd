"""What happened: the events the engine returns when an action is applied.

Events carry only public information (every seat may see every event), so the
app can show them all; what is private (hands, the widow, the discard) is
found in each seat's view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .results import HandResult
from .tiles import Tile
from .trump import Trump

__all__ = [
    "Event",
    "HandDealt",
    "BidMade",
    "Passed",
    "ThrownIn",
    "BiddingWon",
    "WidowTaken",
    "Discarded",
    "TrumpNamed",
    "TilePlayed",
    "TrickWon",
    "HandScored",
    "GameWon",
]


@dataclass(frozen=True, slots=True)
class HandDealt:
    hand: int
    dealer: int


@dataclass(frozen=True, slots=True)
class BidMade:
    """``contract`` is "bid", "plunge" or "splash"; ``value`` is in tricks or points."""

    seat: int
    value: int
    contract: str = "bid"


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """Everybody passed: nobody scores and the next dealer deals."""

    dealer: int


@dataclass(frozen=True, slots=True)
class BiddingWon:
    seat: int
    value: int
    contract: str = "bid"


@dataclass(frozen=True, slots=True)
class WidowTaken:
    seat: int


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    seat: int
    trump: Trump


@dataclass(frozen=True, slots=True)
class TilePlayed:
    seat: int
    tile: Tile


class TrickWon(NamedTuple):
    """A named tuple, like Trick, because one is made for every trick."""

    seat: int
    trick: int
    plays: tuple[tuple[int, Tile], ...]
    points: int


@dataclass(frozen=True, slots=True)
class HandScored:
    result: HandResult


@dataclass(frozen=True, slots=True)
class GameWon:
    seats: tuple[int, ...]


Event = (
    HandDealt
    | BidMade
    | Passed
    | ThrownIn
    | BiddingWon
    | WidowTaken
    | Discarded
    | TrumpNamed
    | TilePlayed
    | TrickWon
    | HandScored
    | GameWon
)
