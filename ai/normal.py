"""``normal``: a rule-based player for all three games, that remembers what it has seen.

It tracks every tile played and the suits each seat has shown it is out of
(``knowledge.Knowledge``), and values a hand trump by trump (``hand_value``).

Bid.  The hand is valued for its best trump (trumps, the trump double, walkers, offs, and
in Texas 42 where its count sits).  Texas 42: it bids the lowest bid that tops the high
bid while that stays two points under the points its side is expected to take, 42 (one
mark) only with a hand that takes every trick; it does not outbid its partner without a
clearly better hand.  The contracts of rules/README.md 9.3 to 9.6 come from ``contracts``: Plunge
or Splash with doubles enough to take the tricks, one mark for a hand good for Nello or
Sevens where the table plays them, two marks or more only with a lay-down.  Moon: its
expected tricks, plus one for the widow (three players) or the partner (four).  Moon for
three bids all of them (a made bid scores the bid); Moon for four and marks scoring bid the
lowest bid that wins the auction.  Forced to bid, it bids the minimum.

Trump.  The best-valued trump offered (no trump included); Nello or Sevens when the hand
is good for them; after a partner's Plunge or Splash, doubles when the side surely holds
most of them, else its own best trump.

Discard (three-player Moon).  The tile whose loss leaves the best-valued hand.

Play.  See ``normal_play``.  It has no randomness: the seed is accepted and ignored.
"""

from __future__ import annotations

from moon42.rules.actions import Action, Bid, Discard, NameTrump, Pass, Play
from moon42.rules.bidding import MARK, MOON
from moon42.rules.tiles import Tile, mask_of
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .contracts import lay_down_trump, partner_trump, special_bid, special_trump
from .facts.hand_value import HandValue, hand_value
from .facts.knowledge import Knowledge, tile_set_of
from .normal_play import choose_tile

__all__ = ["NormalBot", "best_value", "table_trumps"]

NUMBERS = tuple(Trump.of_number(n) for n in range(7))
BID_MARGIN = 2.0  # Texas 42: points below its expectation it bids, for safety
PARTNER_TRICKS = 1.0  # what a partner adds, on average, to a declarer's tricks
WIDOW_TRICKS = 1.0  # the widow and discard improve a Moon-for-3 bidder's hand
LAY_DOWN = 6.6  # expected tricks of a hand that takes all seven
SHOOT = 6.8  # expected tricks to shoot the moon
OUTBID_PARTNER = 6  # points more than the partner's bid it must expect to outbid it


def table_trumps(view: SeatView) -> list[Trump]:
    """The trumps (numbers, doubles, no trump) this table lets a bidder name."""
    options = view.options
    no_zero = options.game == "moon3" and options.remove_double_blank
    out = [t for t in NUMBERS if t.number or not no_zero]
    if options.doubles_trump:
        out.append(Trump.DOUBLES)
    if options.no_trump:
        out.append(Trump.NO_TRUMP)
    return out


def best_value(view: SeatView, hand: tuple[Tile, ...], trumps: list[Trump]) -> HandValue:
    """The hand's value for its best trump among ``trumps``."""
    options = view.options
    dealt = mask_of(tile_set_of(view))
    counts = not options.is_moon
    values = [
        hand_value(hand, t, options.trick_rules_for(t), dealt)
        for t in trumps
    ]
    return max(values, key=lambda v: (v.score(counts), v.trumps))


class NormalBot:
    """Remembers every tile and void, bids from a hand evaluation, plays by expected value."""

    description = "Counts tiles and voids, values its hand, feeds count to its partner."

    def __init__(self, seed: int | None = None) -> None:
        """Every bot is made from a seed; this one has no randomness to seed."""

    # ----- bidding ---------------------------------------------------------------

    def bid(self, view: SeatView) -> Action:
        legal = view.legal
        bids = {a.value: a for a in legal if type(a) is Bid}
        passing = next((a for a in legal if type(a) is Pass), None)
        special = special_bid(view, table_trumps(view))
        if special is not None:
            return special
        wanted = self._wanted(view, sorted(bids))
        if wanted is not None:
            return bids[wanted]
        if passing is not None:
            return passing
        return bids[min(bids)] if bids else legal[0]

    def _wanted(self, view: SeatView, values: list[int]) -> int | None:
        """The bid it makes among the legal ``values``, or None to pass."""
        if not values:
            return None
        options = view.options
        value = best_value(view, view.hand, table_trumps(view))
        if options.is_moon:
            return self._moon_bid(view, value.tricks, values)
        partner_bid = view.high_bid if view.bidder == view.partner else None
        if value.tricks >= LAY_DOWN:
            limit = MARK
        else:
            limit = int(value.points - BID_MARGIN)
        if partner_bid is not None and limit - partner_bid < OUTBID_PARTNER:
            return None
        fitting = [v for v in values if v <= limit]
        return min(fitting) if fitting else None

    def _moon_bid(self, view: SeatView, tricks: float, values: list[int]) -> int | None:
        options = view.options
        if options.game == "moon3":
            tricks += WIDOW_TRICKS
        else:
            tricks = min(7.0, tricks + PARTNER_TRICKS)
            if view.bidder == view.partner:
                return None
        if tricks >= SHOOT and MOON in values:
            return MOON
        fitting = [v for v in values if v <= 7 and v <= tricks]
        if not fitting:
            return None
        if options.game == "moon3" and not options.uses_marks:
            return max(fitting)  # a made bid scores the bid itself
        return min(fitting)

    # ----- trump and discard ------------------------------------------------------

    def trump(self, view: SeatView) -> Action:
        named = {a.trump: a for a in view.legal if type(a) is NameTrump}
        plain: list[Trump] = [t for t in named if t not in (Trump.NELLO, Trump.SEVENS)]
        if not plain:
            return next(iter(named.values()))

        if view.contract in ("plunge", "splash"):

            def points(trump: Trump) -> float:
                return best_value(view, view.hand, [trump]).points

            return named[partner_trump(view, plain, points)]
        special = special_trump(view)
        if special in named and not self._plain_is_better(view, plain):
            return named[special]
        return named[best_value(view, view.hand, plain).trump]

    @staticmethod
    def _plain_is_better(view: SeatView, plain: list[Trump]) -> bool:
        """A bid made for a plain trump (a lay-down) is played with it, not Nello or Sevens."""
        return lay_down_trump(view, plain) is not None

    def discard(self, view: SeatView) -> Action:
        discards = {a.tile: a for a in view.legal if type(a) is Discard}
        trumps = [view.trump] if view.trump is not None else table_trumps(view)
        counts = not view.options.is_moon

        def kept_value(t: Tile) -> tuple[float, int]:
            rest = tuple(o for o in view.hand if o != t)
            return best_value(view, rest, trumps).score(counts), -t.pips

        return discards[max(discards, key=kept_value)]

    # ----- play ---------------------------------------------------------------------

    def play(self, view: SeatView) -> Action:
        plays = {a.tile: a for a in view.legal if type(a) is Play}
        return plays[choose_tile(view, Knowledge.of(view), list(plays))]
