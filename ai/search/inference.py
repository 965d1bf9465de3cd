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

from moon42.rules.results import Trick
from moon42.rules.tiles import TILES
from moon42.rules.trump import TRUMP_SUIT, TrickRules, Trump
from moon42.rules.views import SeatView

from . import effort
from .habits import Habits
from .layouts import Constraints, enumerate_layouts, played_by, sample

__all__ = [
    "Likelihood",
    "trump_likelihood",
    "play_likelihood",
    "Reading",
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
    read = _read_plays(view)
    if read is None:
        return None
    checks = [(seat, seat_checks) for seat, (seat_checks, _) in read.items() if seat_checks]
    if not checks:
        return None

    def weight(hands: list[int]) -> float:
        w = 1.0
        for seat, seat_checks in checks:
            w *= _soft_weight(seat_checks, hands[seat])
        return w

    return weight


# One opponent's plays as a layout must be asked about them: the soft checks (tiles it held
# from then on, the sensible tiles it passed over, the weight if it held one) and every play
# (the trick, the play's place in it, the tiles it held from then on).
_SeatPlays = tuple[list[tuple[int, int, float]], list[tuple[Trick, int, int]]]


def _read_plays(view: SeatView) -> dict[int, _SeatPlays] | None:
    """Each opponent's plays so far, or None when no trump or no trump is named."""
    trump = view.trump
    rules = view.trick_rules
    if trump is None or rules is None or trump in (Trump.NELLO, Trump.SEVENS):
        return None
    counts = not view.options.is_moon
    bidding_side = {view.bidder, view.declarer} - {None}
    if view.options.partnerships and view.bidder is not None:
        bidding_side.add((view.bidder + 2) % 4)
    out: dict[int, _SeatPlays] = {
        s: ([], []) for s in range(view.seats) if s not in (view.seat, view.partner)
    }
    later = [0] * view.seats  # filled from the last play back
    plays = [(trick, i) for trick in view.tricks_so_far for i in range(len(trick.plays))]
    for trick, i in reversed(plays):
        seat, tile = trick.plays[i]
        later[seat] |= 1 << tile
        if seat not in out:
            continue
        out[seat][1].append((trick, i, later[seat]))
        check = _sensible(rules, trick, i, seat, bidding_side, counts, view.options.partnerships)
        if check is not None:
            out[seat][0].append((later[seat], *check))
    return out


def _soft_weight(checks: list[tuple[int, int, float]], hand: int) -> float:
    """One seat's weight from its soft checks, for the hidden ``hand`` a layout gives it."""
    w = 1.0
    for held_since, sensible, unlikely in checks:
        if (hand | held_since) & sensible:
            w *= unlikely
    return w


def _sensible(
    rules: TrickRules,
    trick: Trick,
    i: int,
    seat: int,
    bidding_side: set[int],
    counts: bool,
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


class Reading:
    """Everything the others' choices say of a layout: how likely it is (calling it gives
    its weight, from ``trump_likelihood`` and ``play_likelihood``) and, for each opponent,
    how likely it is to be a player of habits there.

    An opponent is taken to be one of two players: with chance ``prior`` before it has
    played, one of the habits of ``habits``, who always plays the habit tile; else a
    sensible player, who picks among its legal tiles alike except as ``play_likelihood``
    makes some plays unlikely.  In a layout, the plays so far are evidence between the two:
    a play that is not the habit tile for the hand the layout gives rules the habits out;
    one that is, out of ``n`` legal tiles, is ``n`` times likelier from a player of habits
    (less as the sensible player would rather have made it).  So an opponent that keeps to
    the habits where it had a choice soon plays by them in nearly every layout that fits,
    and one that does not, in none.  ``prior`` 0 reads nobody's habits.  Only when a trump
    or no trump is named: in Nello and Sevens nobody is read.
    """

    def __init__(self, view: SeatView, prior: float) -> None:
        self._trump = trump_likelihood(view)
        read = _read_plays(view)
        self._seats = read or {}
        self._prior = prior if read is not None else 0.0
        self._habits = Habits.of(view.trick_rules, not view.options.is_moon) if read else None
        self._partnerships = view.options.partnerships

    def __call__(self, hands: list[int]) -> float:
        weight = self._trump(hands) if self._trump is not None else 1.0
        for seat, (checks, _) in self._seats.items():
            weight *= _soft_weight(checks, hands[seat])
        return weight

    def chances(self, hands: list[int]) -> dict[int, float]:
        """Each opponent's chance of playing by habits in this layout."""
        prior = self._prior
        out = {}
        for seat, (checks, plays) in self._seats.items():
            odds = self._habit_odds(plays, hands[seat]) if prior else 0  # 0: a play misfits
            if odds:
                soft = _soft_weight(checks, hands[seat])
                out[seat] = prior * odds / (prior * odds + (1 - prior) * soft)
            else:
                out[seat] = 0.0
        return out

    def habitual(self, hands: list[int], rng: random.Random) -> int:
        """The opponents that play by habits in this layout (a bitmask), drawn by chance."""
        return sum(1 << s for s, c in self.chances(hands).items() if c and rng.random() < c)

    def _habit_odds(self, plays: list[tuple[Trick, int, int]], hand: int) -> int:
        """How much likelier the plays are from a player of habits than from one choosing
        among its legal tiles alike: their numbers of legal tiles multiplied, or 0."""
        habits, partnerships = self._habits, self._partnerships
        odds = 1
        for trick, i, held in plays:
            odds *= habits.choices_if_fits(trick, i, hand | held, partnerships)
            if not odds:
                return 0
        return odds


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
