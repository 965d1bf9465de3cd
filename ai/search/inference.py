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

from rules.results import Trick
from rules.tiles import TILES
from rules.trump import TRUMP_SUIT, TrickRules, Trump
from rules.views import SeatView

from . import effort
from .layouts import Constraints, enumerate_layouts, played_by, sample

__all__ = [
    "Likelihood",
    "trump_likelihood",
    "play_likelihood",
    "layout_likelihood",
    "likely_sample",
    "weighed_layouts",
    "SHORTFALL_WEIGHT",
]

Likelihood = Callable[[list[int]], float]

# By how many tiles the named suit is shorter than the longest other: 0 = longest or tied.
# Longer than every other (below 0) weighs 1.
SHORTFALL_WEIGHT = (0.4, 0.05, 0.01)
DOUBLES = 7  # the "suit" of doubles, counted like a number
REJECT_TRIES = 40  # random layouts drawn at most for one kept by its likelihood
WEIGH_EFFORT = 1  # ``effort`` units for a layout weighed

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


# How likely a play is, next to the sensible one (which weighs 1), for a seat holding a hand.
LEAD_OFF_WEIGHT = 0.3  # the bidding side leads something else while it holds a trump
FOLLOW_HIGH_WEIGHT = 0.5  # follows above its lowest tile to take the trick or feed count
FOLLOW_WASTE_WEIGHT = 0.15  # follows above its lowest tile for neither
SHED_COUNT_WEIGHT = 0.2  # gives count to the opponents' trick while it holds a tile without
_NO_COUNT = sum(1 << t for t in range(28) if TILES[t].count == 0)


def play_likelihood(view: SeatView) -> Likelihood | None:
    """A layout's weight given how the opponents have played, or None when it says nothing.

    A sensible player follows suit with its lowest tile unless a higher one takes the trick
    or gives count to its partner's; sheds a tile without count on a trick the opponents
    are winning; and, on the bidding side, leads trumps while it holds any.  A play against
    those habits is not ruled out, only made less likely for a hand that had the sensible
    play.  Only the opponents are read (a partner may play by subtler rules), and only when
    a trump or no trump is named: Nello and Sevens are played by other habits.
    """
    trump = view.trump
    rules = view.trick_rules
    if trump is None or rules is None or trump in (Trump.NELLO, Trump.SEVENS):
        return None
    counts = not view.options.is_moon
    bidding_side = {view.bidder, view.declarer} - {None}
    if view.options.partnerships and view.bidder is not None:
        bidding_side.add((view.bidder + 2) % 4)
    tricks = view.tricks_so_far
    # Each opponent's play, with what the layout must be asked: (seat, tiles it played from
    # then on, tiles that would have been the sensible play, the weight if it held one).
    checks: list[tuple[int, int, int, float]] = []
    later = [0] * view.seats  # filled from the last play back
    plays = [(trick, i) for trick in tricks for i in range(len(trick.plays))]
    for trick, i in reversed(plays):
        seat, tile = trick.plays[i]
        later[seat] |= 1 << tile
        if seat == view.seat or seat == view.partner:
            continue
        check = _sensible(rules, trick, i, seat, bidding_side, counts, view.options.partnerships)
        if check is not None:
            checks.append((seat, later[seat], *check))
    if not checks:
        return None

    def weight(hands: list[int]) -> float:
        w = 1.0
        for seat, held_since, sensible, unlikely in checks:
            if (hands[seat] | held_since) & sensible:
                w *= unlikely
        return w

    return weight


def _sensible(
    rules: TrickRules, trick: Trick, i: int, seat: int, bidding_side: set[int], counts: bool,
    partnerships: bool,
) -> tuple[int, float] | None:
    """For the ``i``-th play of ``trick``: the tiles whose holding makes it unlikely (the
    sensible plays it passed over) and how unlikely; None when it says nothing."""
    tile = trick.plays[i][1]
    if i == 0:
        trumps = rules.follow_mask[TRUMP_SUIT]
        if seat in bidding_side and trumps and not rules.is_trump[tile]:
            return trumps, LEAD_OFF_WEIGHT
        return None
    tiles = [t for _, t in trick.plays[: i + 1]]
    led = rules.led_suit[tiles[0]]
    power = rules.power[led]
    best = max(range(i), key=lambda k: power[tiles[k]])
    partner_winning = partnerships and (trick.plays[best][0] + 2) % 4 == seat
    if rules.follow_mask[led] >> tile & 1:
        lower = 0
        for t in range(28):
            if rules.follow_mask[led] >> t & 1 and (power[t], t) < (power[tile], tile):
                lower |= 1 << t
        if not lower:
            return None
        takes = power[tile] > power[tiles[best]]
        feeds = counts and partner_winning and TILES[tile].count > 0
        return lower, FOLLOW_HIGH_WEIGHT if takes or feeds else FOLLOW_WASTE_WEIGHT
    if not counts or TILES[tile].count == 0 or power[tile] > power[tiles[best]] or partner_winning:
        return None  # no count given, or it takes the trick, or its partner does
    return _NO_COUNT, SHED_COUNT_WEIGHT


def layout_likelihood(view: SeatView) -> Likelihood | None:
    """Everything the others' choices say: the trump named and the tiles played."""
    parts = [f for f in (trump_likelihood(view), play_likelihood(view)) if f is not None]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    first, second = parts
    return lambda hands: first(hands) * second(hands)


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
        effort.spend(WEIGH_EFFORT)
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
            weight = 1.0
            if likely is not None:
                effort.spend(WEIGH_EFFORT)
                weight = likely(hands)
            yield hands, weight
        return
    for _ in range(limit):
        hands = likely_sample(constraints, rng, likely)
        if hands is None:
            return
        yield hands, 1.0
