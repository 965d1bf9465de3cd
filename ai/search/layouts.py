"""Layouts of the hidden tiles: every way to deal them that fits what a seat knows.

A seat knows its own tiles, the tiles played, and which suits each other seat has shown it
is out of (``ai.knowledge``, from the engine's following rules).  In Sevens a seat that
played a tile has shown it held nothing closer to seven.  The tiles it cannot see go to the
other seats' hands, and the rest to *hidden places* that take any tile: the widow or the
bidder's discard in Moon for three, and a Nello partner's hand (out of play, never seen).

``sample`` deals them at random (a tile at a time, the most constrained first, starting
over on a dead end); ``enumerate_layouts`` lists them all when they are few.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from moon42.rules.tiles import TILES, mask_of
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from ..facts.knowledge import Knowledge, tile_set_of
from . import effort
from .position import DISTANCE_MASKS

__all__ = [
    "Constraints",
    "constraints_of",
    "deal_constraints",
    "sample",
    "enumerate_layouts",
    "played_by",
]

RESTARTS = 200
DEAL_EFFORT = 2  # ``effort`` units for every three tiles a deal tries to place
LIST_EFFORT = 1  # for every layout listed


class Constraints:
    """Who may get which hidden tile: ``seats`` with ``sizes`` and ``allowed`` masks.

    ``known`` is every seat's hand as far as the seat itself knows it (its own, else 0).
    Hidden places are seats numbered from ``view.seats`` on.
    """

    __slots__ = ("hidden", "seats", "sizes", "allowed", "known", "players")

    def __init__(
        self,
        hidden: int,
        seats: Iterable[int],
        sizes: Iterable[int],
        allowed: Iterable[int],
        known: Iterable[int],
        players: int,
    ) -> None:
        self.hidden = hidden
        self.seats = tuple(seats)
        self.sizes = tuple(sizes)
        self.allowed = tuple(allowed)
        self.known = tuple(known)
        self.players = players

    def hands(self, assignment: dict[int, int]) -> list[int]:
        """The players' hands once the hidden tiles are dealt by ``assignment`` (place -> mask)."""
        hands = list(self.known)
        for place, mask in assignment.items():
            if place < self.players:
                hands[place] |= mask
        return hands


def constraints_of(view: SeatView) -> Constraints:
    knowledge = Knowledge.of(view)
    hidden = knowledge.unseen
    seats, sizes, allowed = [], [], []
    out = view.sitting_out
    for seat in range(view.seats):
        if seat == view.seat:
            continue
        size = view.hand_sizes[seat]
        mask = knowledge.possible[seat] if seat != out else hidden
        if view.trump is Trump.SEVENS:
            mask &= ~_closer_than_shown(view, seat)
        seats.append(seat)
        sizes.append(size)
        allowed.append(mask)
    rest = hidden.bit_count() - sum(sizes)
    if rest > 0:
        seats.append(view.seats)  # the widow or the discard
        sizes.append(rest)
        allowed.append(hidden)
    known = [0] * view.seats
    known[view.seat] = knowledge.hand
    return Constraints(hidden, seats, sizes, allowed, known, view.seats)


def deal_constraints(view: SeatView) -> Constraints:
    """A hand not yet played, as the seat bidding or naming trump sees it: seven tiles for
    every other seat from the tiles it cannot see (its discard is known and out), the rest
    to a hidden place (the widow, before it is taken)."""
    hand = mask_of(view.hand)
    out = 1 << view.discard if view.discard is not None else 0
    unseen = mask_of(tile_set_of(view)) & ~hand & ~out
    others = [s for s in range(view.seats) if s != view.seat]
    sizes = [7] * len(others)
    allowed = [unseen] * len(others)
    rest = unseen.bit_count() - 7 * len(others)
    if rest > 0:
        others.append(view.seats)
        sizes.append(rest)
        allowed.append(unseen)
    known = [0] * view.seats
    known[view.seat] = hand
    return Constraints(unseen, others, sizes, allowed, known, view.seats)


def played_by(view: SeatView, seat: int) -> list[int]:
    """The tiles ``seat`` has played this hand, the trick on the table included."""
    return [tile for trick in view.tricks_so_far for who, tile in trick.plays if who == seat]


def _closer_than_shown(view: SeatView, seat: int) -> int:
    """Sevens: the tiles closer to seven than one ``seat`` played (it held none of them)."""
    out = 0
    for tile in played_by(view, seat):
        for d in range(abs(TILES[tile].pips - 7)):
            out |= DISTANCE_MASKS[d]
    return out


def sample(constraints: Constraints, rng: random.Random) -> list[int] | None:
    """One random layout (every player's hand), or None if no deal fits."""
    c = constraints
    tiles = [t for t in range(28) if c.hidden >> t & 1]
    places_of = {t: sum(1 for a in c.allowed if a >> t & 1) for t in tiles}
    for _ in range(RESTARTS):
        left = list(c.sizes)
        dealt = [0] * len(c.seats)
        order = sorted(tiles, key=lambda t: (places_of[t], rng.random()))
        placed = 0
        for t in order:
            places = [i for i, a in enumerate(c.allowed) if left[i] and a >> t & 1]
            if not places:
                break
            weights = [left[i] for i in places]
            i = rng.choices(places, weights)[0]
            dealt[i] |= 1 << t
            left[i] -= 1
            placed += 1
        effort.spend(1 + placed * DEAL_EFFORT // 3)
        if placed == len(order):
            return c.hands(dict(zip(c.seats, dealt, strict=True)))
    return None


def enumerate_layouts(constraints: Constraints, limit: int) -> list[list[int]] | None:
    """Every layout, or None when there are more than ``limit`` of them."""
    c = constraints
    out: list[list[int]] = []
    for dealt in _deals(c, 0, c.hidden):
        out.append(c.hands(dict(zip(c.seats, dealt, strict=True))))
        effort.spend(LIST_EFFORT)
        if len(out) > limit:
            return None
    return out


def _deals(c: Constraints, i: int, pool: int) -> Iterator[list[int]]:
    if i == len(c.seats):
        if not pool:
            yield []
        return
    allowed = [t for t in range(28) if (c.allowed[i] & pool) >> t & 1]
    for hand in _combinations(allowed, c.sizes[i]):
        for rest in _deals(c, i + 1, pool & ~hand):
            yield [hand, *rest]


def _combinations(tiles: list[int], k: int) -> Iterator[int]:
    if k == 0:
        yield 0
        return
    for i in range(len(tiles) - k + 1):
        for rest in _combinations(tiles[i + 1 :], k - 1):
            yield 1 << tiles[i] | rest
