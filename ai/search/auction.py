"""What the auction says about the hands: a weight for each layout.

A seat that bids holds a hand worth its bid; a seat that passes when it could have bid
holds less.  So a layout that gives a seat which bid 36 a hand worth 25 points, or a seat
which passed a hand worth 40, is unlikely, however well it fits the tiles played.

A hand's worth is ``hand_value``'s (points in Texas 42, tricks in Moon for four) for its
best trump, and a call is read as a soft threshold on it: the chance a seat bids at a level
rises with how far the hand's worth stands above the level (``CENTRE``, ``SCALE``), and
never falls under ``FLOOR`` nor over one less it, since players bid by other reckonings and
styles too.  Measured on the auctions of 2,000 random deals (90 for the expert, whose calls
take a second each), a hand is bid half the time at these distances from the level:
``normal`` +1 point in Texas 42 and -1 trick in Moon for four (where it counts a trick for
its partner), sharply; ``basic`` +1 and -0.2, softly; the expert (by simulation) -1 and -2.
``CENTRE`` and ``SCALE`` lie between them (each bidder's calls fit them less well than its
own best threshold by 0.2 of a nat a call at most), so no one style of bidding is assumed.
A layout's weight is the product, for every call read, of the chance of that call with the
hand the layout gives the seat (its hidden tiles plus those it has played).

Read: every other seat's plain bid or pass, but not a pass while the seat's partner held the
high bid (a player seldom outbids its partner, whatever it holds), a bid the rules forced,
a Plunge or Splash (a promise of doubles rather than of worth), nor the bid of a seat
that then named Nello or Sevens (a weak hand bids those).  Texas 42 and Moon for four only:
in Moon for three the bidder's hand changes with the widow.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from moon42.rules import bidding
from moon42.rules.tiles import TILES, mask_of, tile, tiles_of_mask
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from ..facts.forced_auction import auction_given
from ..facts.hand_value import hand_value
from ..facts.knowledge import tile_set_of
from . import effort
from .layouts import played_by

__all__ = ["auction_likelihood", "call_chance", "reads_calls", "CENTRE", "SCALE", "FLOOR"]

# How far above the level (points in Texas 42, tricks in Moon for four) a hand's worth
# stands when it is bid half the time, and how quickly the chance rises about it.
CENTRE = {"texas42": 0.5, "moon4": -1.2}
SCALE = {"texas42": 2.5, "moon4": 0.6}
FLOOR = 0.05  # no call is ever read as surer than 1 - FLOOR
TOP_LEVEL = {"texas42": bidding.MARK, "moon4": 7}  # higher bids are read as this
VALUE_EFFORT = 2  # ``effort`` units for one hand valued for one trump
CANDIDATES = 2  # the numbers a hand is valued for: its longest

# For each number, the tiles that carry it (the double among them).
_SUITS = tuple(mask_of(t for t in TILES if t.carries(n)) for n in range(7))
_DOUBLES = mask_of(t for t in TILES if t.is_double)
_DOUBLE_OF = tuple(tile(n, n) for n in range(7))
DOUBLES_TRUMP = 3  # doubles are valued as trump for a hand with this many of them


def reads_calls(game: str) -> bool:
    """Whether the calls of ``game``'s auction say anything of the hands (not in Moon for
    three, where the bidder's hand changes with the widow)."""
    return game in CENTRE


def call_chance(game: str, worth: float, level: int) -> float:
    """The chance a seat bids at ``level`` with a hand of ``worth``."""
    x = (worth - level - CENTRE[game]) / SCALE[game]
    x = max(-30.0, min(30.0, x))
    return FLOOR + (1 - 2 * FLOOR) / (1 + math.exp(-x))


class _Call(NamedTuple):
    """One call read: who made it, at what level, whether it was a bid, and the trump it
    named when that is known."""

    seat: int
    level: int
    bid: bool
    trump: Trump | None


def _calls(view: SeatView) -> list[_Call]:
    """The calls of ``view``'s auction worth reading (see the module's docstring)."""
    options = view.options
    game = options.game
    top = TOP_LEVEL[game]
    high = 0
    holder = None
    out = []
    for i, entry in enumerate(view.bids):
        values = bidding.bid_values(options, high)
        level = min(values) if values else None
        forced = options.forced_bid and holder is None and i == options.seats - 1
        seat = entry.seat
        partner_high = (
            options.partnerships and holder is not None and holder == (seat + 2) % 4
        )
        if seat != view.seat and level is not None and level <= top and not forced:
            if entry.contract == "pass" and not partner_high:
                out.append(_Call(seat, level, False, None))
            elif entry.contract == "bid" and entry.value is not None:
                named = view.trump if seat == view.declarer else None
                if named not in (Trump.NELLO, Trump.SEVENS):
                    out.append(_Call(seat, min(entry.value, top), True, named))
        if entry.value is not None:
            high, holder = entry.value, seat
    return out


def auction_likelihood(view: SeatView) -> Callable[[list[int]], float] | None:
    """A layout's weight given the other seats' calls, or None when they say nothing.

    The weight function takes every seat's hidden hand (a layout) and returns a number in
    (0, 1]."""
    game = view.game
    if not reads_calls(game) or auction_given():
        return None
    calls = _calls(view)
    if not calls:
        return None
    options = view.options
    dealt = mask_of(tile_set_of(view))
    counts = not options.is_moon
    shown = {c.seat: mask_of(played_by(view, c.seat)) for c in calls}
    worths: dict[tuple[int, Trump | None], float] = {}

    def worth(hand: int, named: Trump | None) -> float:
        key = (hand, named)
        known = worths.get(key)
        if known is not None:
            return known
        if named is not None:
            trumps = [named]
        else:
            lengths = sorted(
                range(7), key=lambda n: -((hand & _SUITS[n]).bit_count() * 2
                                           + (hand >> _DOUBLE_OF[n] & 1))
            )
            trumps = [Trump.of_number(n) for n in lengths[:CANDIDATES]]
            if options.doubles_trump and (hand & _DOUBLES).bit_count() >= DOUBLES_TRUMP:
                trumps.append(Trump.DOUBLES)
        tiles = tiles_of_mask(hand)
        effort.spend(VALUE_EFFORT * len(trumps))
        best = max(
            hand_value(tiles, t, options.trick_rules_for(t), dealt).score(counts)
            for t in trumps
        )
        worths[key] = best
        return best

    # A layout every call fits as well as it can weighs 1.
    top = (1 - FLOOR) ** len(calls)

    def weight(hands: list[int]) -> float:
        w = 1.0
        for call in calls:
            chance = call_chance(game, worth(hands[call.seat] | shown[call.seat], call.trump),
                                 call.level)
            w *= chance if call.bid else 1 - chance
        return w / top

    return weight
