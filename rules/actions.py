"""What a seat can do: immutable action values, and their record form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .tiles import TILES, Tile
from .trump import Trump

__all__ = [
    "Action",
    "Bid",
    "Pass",
    "Plunge",
    "Splash",
    "Discard",
    "NameTrump",
    "Play",
    "Turn",
    "action_to_record",
    "PLAYS",
    "DISCARDS",
    "plays_of",
    "CHUNK_PLAYS",
]


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: tricks in Moon (21 shoots the moon), points in Texas 42 (42 x k is k marks)."""

    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int


@dataclass(frozen=True, slots=True)
class Plunge:
    """Texas 42, four doubles: four marks or one more than the high bid."""

    seat: int


@dataclass(frozen=True, slots=True)
class Splash:
    """Texas 42, three doubles: three marks or one more than the high bid."""

    seat: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Three-player Moon: the bidder lays one tile aside after taking the widow."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class NameTrump:
    seat: int
    trump: Trump


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    tile: Tile


Action = Bid | Pass | Plunge | Splash | Discard | NameTrump | Play


class Turn(NamedTuple):
    """Who acts next and what kind of action: "bid", "discard", "trump" or "play"."""

    seat: int
    kind: str


# Every Play and Discard the engine can offer, made once: PLAYS[seat][tile].
PLAYS: tuple[tuple[Play, ...], ...] = tuple(tuple(Play(s, t) for t in TILES) for s in range(4))
DISCARDS: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(Discard(s, t) for t in TILES) for s in range(4)
)


# The plays of any set of tiles, by seat, in three chunks of tile bits (10, 10
# and 8), made once at import (about 9,000 small tuples): a legal-play list is
# then three look-ups and two concatenations.
def _chunk(seat: int, first: int, size: int) -> tuple[tuple[Play, ...], ...]:
    return tuple(
        tuple(PLAYS[seat][first + t] for t in range(size) if bits >> t & 1)
        for bits in range(1 << size)
    )


CHUNK_PLAYS = tuple(
    (_chunk(seat, 0, 10), _chunk(seat, 10, 10), _chunk(seat, 20, 8)) for seat in range(4)
)


def plays_of(seat: int, mask: int) -> tuple[Play, ...]:
    """The plays of the tiles in bitmask ``mask`` by ``seat``, lowest tile first."""
    c0, c1, c2 = CHUNK_PLAYS[seat]
    return c0[mask & 1023] + c1[mask >> 10 & 1023] + c2[mask >> 20]


def action_to_record(action: Action) -> dict[str, Any]:
    """The action as one entry of a record's ``actions`` list."""
    match action:
        case Bid(seat, value):
            return {"seat": seat, "bid": value}
        case Pass(seat):
            return {"seat": seat, "bid": "pass"}
        case Plunge(seat):
            return {"seat": seat, "bid": "plunge"}
        case Splash(seat):
            return {"seat": seat, "bid": "splash"}
        case Discard(seat, t):
            return {"seat": seat, "discard": str(t)}
        case NameTrump(seat, trump):
            return {"seat": seat, "trump": trump.value}
        case Play(seat, t):
            return {"seat": seat, "play": str(t)}
    raise TypeError(f"not an action: {action!r}")
