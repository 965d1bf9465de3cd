"""What a seat's choices say about the tiles it holds: a weight for each layout.

A player names as trump the number it holds most of.  Dealt 3,000 Texas 42 hands at random,
``basic`` and ``normal`` named a number they held fewer of than another number in under 1%
of hands, and one they were tied for the most of in about a third of the cases.  A layout in
which the seat that named trump holds little of it is therefore unlikely, however well it
fits the tiles played and the suits shown.

``trump_likelihood`` turns that into a weight between 0 and 1 for a layout: how likely the
seat that named trump would have named it holding the hand the layout gives it (its hidden
tiles plus those it has played).  Sampling keeps a layout with that chance, and a list of
every layout weighs each by it.  The weights are deliberately softer than the figures above:
a player of another style may name a shorter suit with its double.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from rules.tiles import TILES
from rules.trump import Trump
from rules.views import SeatView

from .layouts import Constraints, enumerate_layouts, played_by, sample

__all__ = [
    "Likelihood", "trump_likelihood", "likely_sample", "weighed_layouts", "SHORTFALL_WEIGHT"
]

Likelihood = Callable[[list[int]], float]

# By how many tiles the named suit is shorter than the longest other: 0 = longest or tied.
# Longer than every other (below 0) weighs 1.
SHORTFALL_WEIGHT = (0.4, 0.05, 0.01)
DOUBLES = 7  # the "suit" of doubles, counted like a number
REJECT_TRIES = 40  # random layouts drawn at most for one kept by its likelihood

# For each tile, the numbers it carries (a double carries one).
_CARRIES = tuple(tuple(sorted({TILES[t].high, TILES[t].low})) for t in range(28))


def _suit_lengths(hand: int) -> list[int]:
    """How many tiles of each number ``hand`` holds, and (last) how many doubles."""
    lengths = [0] * 8
    while hand:
        low = hand & -hand
        t = low.bit_length() - 1
        for n in _CARRIES[t]:
            lengths[n] += 1
        if TILES[t].is_double:
            lengths[DOUBLES] += 1
        hand ^= low
    return lengths


def trump_likelihood(view: SeatView) -> Likelihood | None:
    """A layout's weight given the trump another seat named, or None when it says nothing.

    Only a number or doubles, named by another seat, says something about its hand.  The
    weight function takes every seat's hidden hand (a layout) and returns a number in (0, 1].
    """
    namer = view.declarer
    trump = view.trump
    if namer is None or namer == view.seat or trump is None:
        return None
    if trump.number is not None:
        suit = trump.number
    elif trump is Trump.DOUBLES:
        suit = DOUBLES
    else:
        return None
    shown = 0
    for tile in played_by(view, namer):
        shown |= 1 << tile

    def weight(hands: list[int]) -> float:
        lengths = _suit_lengths(hands[namer] | shown)
        if suit == DOUBLES:
            longest_other = max(lengths[:7])
        else:
            longest_other = max(lengths[n] for n in range(7) if n != suit)
        shortfall = longest_other - lengths[suit]
        if shortfall < 0:
            return 1.0
        return SHORTFALL_WEIGHT[min(shortfall, len(SHORTFALL_WEIGHT) - 1)]

    return weight


def likely_sample(
    constraints: Constraints, rng: random.Random, likely: Likelihood | None
) -> list[int] | None:
    """A random layout, kept with the chance ``likely`` gives it: at most ``REJECT_TRIES``
    draws, then the likeliest one drawn.  None if no layout fits."""
    if likely is None:
        return sample(constraints, rng)
    best, best_weight = None, -1.0
    for _ in range(REJECT_TRIES):
        hands = sample(constraints, rng)
        if hands is None:
            return best
        weight = likely(hands)
        if rng.random() < weight:
            return hands
        if weight > best_weight:
            best, best_weight = hands, weight
    return best


def weighed_layouts(
    constraints: Constraints, rng: random.Random, limit: int, likely: Likelihood | None
) -> Iterator[tuple[list[int], float]]:
    """Every layout when there are at most ``limit``, each with the weight ``likely`` gives
    it; else up to ``limit`` random ones kept by that likelihood (each then weighs 1)."""
    every = enumerate_layouts(constraints, limit)
    if every is not None:
        for hands in every:
            yield hands, likely(hands) if likely is not None else 1.0
        return
    for _ in range(limit):
        hands = likely_sample(constraints, rng, likely)
        if hands is None:
            return
        yield hands, 1.0
