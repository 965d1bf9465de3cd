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
from collections.abc import Callable, Iterator, Sequence

from moon42.rules.tiles import TILES, mask_of
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from ..facts.knowledge import tile_set_of
from . import effort
from .auction import auction_likelihood
from .layouts import Constraints, enumerate_layouts, played_by, sample
from .styles import SPOTS, Rules, SeatStyles, Style
from .tendencies import (
    FOLLOW_HIGH_WEIGHT,
    FOLLOW_WASTE_WEIGHT,
    LEAD_OFF_WEIGHT,
    SHED_COUNT_WEIGHT,
    Evidence,
    SeatPlay,
    flat_prior,
    learned_priors,
    seat_plays,
    spot_likelihoods,
)

__all__ = [
    "Likelihood",
    "trump_likelihood",
    "play_likelihood",
    "Reading",
    "likely_sample",
    "weighed_layouts",
    "SHORTFALL_WEIGHT",
    "LEAD_OFF_WEIGHT",
    "FOLLOW_HIGH_WEIGHT",
    "FOLLOW_WASTE_WEIGHT",
    "SHED_COUNT_WEIGHT",
]

Likelihood = Callable[[list[int]], float]

# By how many tiles the named suit is shorter than the longest other: 0 = longest or tied.
# Longer than every other (below 0) weighs 1.
SHORTFALL_WEIGHT = (0.4, 0.05, 0.01)
DOUBLES = 7  # the "suit" of doubles, counted like a number
REJECT_TRIES = 40  # random layouts drawn at most for one kept by its likelihood
PILOT = 8  # layouts drawn to learn how likely a likely layout is, before keeping any
WEIGH_EFFORT = 1  # ``effort`` units for a layout weighed
RULE_CHECKS = 8  # rules checked against a play for one ``effort`` unit

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


def play_likelihood(view: SeatView) -> Likelihood | None:
    """A layout's weight given how the opponents have played, or None when it says nothing.

    A sensible player follows suit with its lowest tile unless a higher one takes the trick
    or gives count to its partner's; sheds a tile without count on a trick the opponents
    are winning; and, on the bidding side, leads trumps while it holds any.  A play against
    those habits is not ruled out, only made less likely for a hand that had the sensible
    play (``tendencies``).  Only the opponents are read (a partner may play by subtler
    rules), and only when a trump or no trump is named: Nello and Sevens are played by
    other habits.
    """
    read = _read_plays(view)
    if read is None:
        return None
    checks = [
        (seat, [p for plays in spots.values() for p in plays if p.sensible])
        for seat, spots in read.items()
    ]
    checks = [(seat, plays) for seat, plays in checks if plays]
    if not checks:
        return None

    def weight(hands: list[int]) -> float:
        w = 1.0
        for seat, plays in checks:
            hand = hands[seat]
            for play in plays:
                if (hand | play.later) & play.sensible:
                    w *= play.unlikely
        return w

    return weight


def _read_plays(view: SeatView, partner: bool = False) -> dict[int, Evidence] | None:
    """Each opponent's plays so far this hand (and with ``partner`` the partner's), by
    spot; None when no trump or no trump is named (Nello and Sevens are played by other
    habits)."""
    trump = view.trump
    rules = view.trick_rules
    if trump is None or rules is None or trump in (Trump.NELLO, Trump.SEVENS):
        return None
    bidding_side = {s for s in (view.bidder, view.declarer) if s is not None}
    if view.options.partnerships and view.bidder is not None:
        bidding_side.add((view.bidder + 2) % 4)
    readers = {s for s in range(view.seats) if s not in (view.seat, view.partner)}
    if partner and view.partner is not None:
        readers.add(view.partner)
    dealt = mask_of(tile_set_of(view))
    counts = not view.options.is_moon
    return seat_plays(
        rules, view.tricks_so_far, readers, bidding_side, counts, view.options.partnerships,
        dealt, view.partner if partner else None,
    )


class Reading:
    """Everything the others' choices say of a layout: how likely it is (calling it gives
    its weight) and, for each opponent, which rule it keeps to in each kind of spot.

    An opponent is read spot by spot (``tendencies``): in each, it is a sensible player
    or one keeping to one of the spot's rules (``styles.RULES``), with the chances it has
    earned over the game's earlier hands (``tendencies.learned_priors``; before any, a
    share ``prior`` for the rules).  In a layout, its plays this hand weigh each of those
    players by how well they fit it with the hand the layout gives it
    (``tendencies.spot_likelihoods``).  The layout's weight is the trump named
    (``trump_likelihood``) times the auction (``auction.auction_likelihood``) times, for
    every opponent and spot, how well the plays fit those players, each a player who plays
    alike in alike spots.  ``styles(hands, rng)`` draws, layout by layout, which rule each
    opponent keeps to in each spot; the solver lets it play that rule's tile there.
    ``prior`` 0 reads no rules: the layout then weighs what a sensible player's plays say.
    Plays are read only when a trump or no trump is named: in Nello and Sevens nobody's
    are.  With ``partner`` the partner's plays are read too, as a sensible player's weighed
    by the expert's own habits (``tendencies.PARTNER_WEIGHTS``), never as a rule's.
    """

    def __init__(self, view: SeatView, prior: float, partner: bool = False) -> None:
        self._trump = trump_likelihood(view)
        self._auction = auction_likelihood(view)
        read = _read_plays(view, partner)
        self._read = read or {}
        rules = view.trick_rules  # (plays are read only when there are trick rules)
        self._prior = prior if read is not None else 0.0
        self._table = (
            Rules.of(rules, not view.options.is_moon)
            if read is not None and rules is not None
            else None
        )
        self._rules = rules
        self._counts = not view.options.is_moon
        self._flat = flat_prior(self._prior)
        self._priors = (
            learned_priors(view.options, view.seat, view.results, prior)
            if self._prior
            else {}
        )
        self._seen: dict[tuple[int, int], tuple[float, dict[int, list[float]]]] = {}
        # Read as a sensible player only, a layout weighs 1 when every play is the
        # sensible one: weights are then measured against 1, not against the likeliest.
        self.top = 1.0 if not self._priors else None

    def __call__(self, hands: list[int]) -> float:
        weight = self._trump(hands) if self._trump is not None else 1.0
        if self._auction is not None:
            weight *= self._auction(hands)
        for seat in self._read:
            weight *= self._seat(seat, hands[seat])[0]
        return weight

    def _seat(self, seat: int, hand: int) -> tuple[float, dict[int, list[float]]]:
        """One opponent holding ``hand``: its plays' likelihood, and in each spot where it
        has played the chances of each player (sensible first, then each rule)."""
        key = (seat, hand)
        known = self._seen.get(key)
        if known is not None:
            return known
        weight = 1.0
        chances: dict[int, list[float]] = {}
        spots = self._read[seat]
        priors = self._priors.get(seat)
        for spot, plays in spots.items():
            if priors is None:
                weight *= _sensible_only(plays, hand)
                continue
            table, trick_rules = self._table, self._rules
            assert table is not None and trick_rules is not None, "plays read with no trump"
            rules = table.spots[spot]
            fits, odds = spot_likelihoods(rules, trick_rules, self._counts, plays, hand)
            effort.spend(len(plays) * len(rules) // RULE_CHECKS + 1)
            learned = priors.get(spot)
            if learned is None:
                # Nothing learned of it here yet: the layout weighs what a sensible player's
                # plays say (a good player's plays often fit some rule by chance).
                weight *= fits[0]
                before = self._flat[spot]
            else:
                weight *= sum(p * x for p, x in zip(learned, fits, strict=True))
                before = learned
            joint = [p * x for p, x in zip(before, odds, strict=True)]
            total = sum(joint)
            if total > 0:
                chances[spot] = [j / total for j in joint]
        self._seen[key] = known = (weight, chances)
        return known

    def chances(self, hands: list[int]) -> dict[int, dict[int, list[float]]]:
        """For each opponent, in each spot it has shown something in (this hand or earlier
        ones): the chances of each player it may be there, the sensible one first, then one
        for each rule of ``styles.RULES``, in this layout."""
        out = {}
        for seat in self._read:
            priors = self._priors.get(seat)
            if priors is None:
                continue
            shown = {spot: list(p) for spot, p in priors.items()}
            shown.update(self._seat(seat, hands[seat])[1])
            out[seat] = shown
        return out

    def styles(self, hands: list[int], rng: random.Random) -> SeatStyles:
        """Each opponent's rule in each spot in this layout (or none), drawn by chance."""
        out: list[Style | None] = [None] * len(hands)
        table = self._table
        for seat in self._read:
            priors = self._priors.get(seat)
            if priors is None:
                continue
            assert table is not None, "plays read with no trump"
            chances = self.chances(hands)[seat]
            picks: list[int | None] = []
            for spot in range(len(SPOTS)):
                # A spot the opponent has shown nothing in is searched: no rule is guessed.
                shown = chances.get(spot)
                drawn = _draw(shown, rng) if shown is not None else 0
                picks.append(None if drawn == 0 else drawn - 1)
            out[seat] = table.style(picks)
        return SeatStyles(out)

    habitual = styles  # the name the hints' advice calls it by


def _sensible_only(plays: list[SeatPlay], hand: int) -> float:
    w = 1.0
    for play in plays:
        if (hand | play.later) & play.sensible:
            w *= play.unlikely
    return w


def _draw(chances: Sequence[float], rng: random.Random) -> int:
    """An index drawn with the given chances (they add up to one)."""
    r = rng.random()
    for i, c in enumerate(chances):
        r -= c
        if r < 0:
            return i
    return len(chances) - 1


def likely_sample(
    constraints: Constraints,
    rng: random.Random,
    likely: Likelihood | None,
    scale: list[float] | None = None,
) -> list[int] | None:
    """A random layout, kept with the chance ``likely`` gives it: at most ``REJECT_TRIES``
    draws, then the likeliest one drawn.  None if no layout fits.

    A likelihood whose ``top`` is None gives plain chances, far below 1 when many plays
    are read: a layout is then kept with its weight next to the likeliest drawn so far
    (``scale``, kept by the caller across draws and first set from ``PILOT`` draws).
    Otherwise weights are measured against ``top`` (1 when not said)."""
    if likely is None:
        return sample(constraints, rng)
    top = getattr(likely, "top", 1.0)
    if scale is None:
        scale = [0.0]
    drawn: list[tuple[list[int], float]] = []
    if top is None and not scale[0]:
        for _ in range(PILOT):
            hands = sample(constraints, rng)
            if hands is None:
                break
            weight = likely(hands)
            effort.spend(WEIGH_EFFORT)
            drawn.append((hands, weight))
            scale[0] = max(scale[0], weight)
    best, best_weight = None, -1.0
    for _ in range(REJECT_TRIES):
        if drawn:
            hands, weight = drawn.pop(0)
        else:
            hands = sample(constraints, rng)
            if hands is None:
                return best
            weight = likely(hands)
            effort.spend(WEIGH_EFFORT)
        scale[0] = max(scale[0], weight)
        if rng.random() * (top or scale[0]) < weight:
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
        for layout in every:
            weight = 1.0
            if likely is not None:
                effort.spend(WEIGH_EFFORT)
                weight = likely(layout)
            yield layout, weight
        return
    scale = [0.0]  # the likeliest weight drawn so far
    for _ in range(limit):
        hands = likely_sample(constraints, rng, likely, scale)
        if hands is None:
            return
        yield hands, 1.0
