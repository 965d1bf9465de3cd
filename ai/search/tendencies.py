"""What an opponent's plays say of its style: in each spot, how likely each plain rule is.

Every play of an opponent falls in one kind of spot (``styles.SPOTS``: a lead, a follow or
a shed, for its side or against it).  In a spot it is taken to be one of these players:

- a *sensible* player, who may play any legal tile but rarely passes over the sensible one
  (follow low unless a higher tile takes the trick or feeds the partner, shed no count to
  the opponents, lead trumps on the bidding side): a play against that weighs the factor
  ``_sensible`` gives it (``inference.play_likelihood`` is this player alone);
- or a player keeping to one rule of the spot (``styles.RULES``), who plays the rule's tile
  but for a slip now and then (``SLIP``, a sensible play then).

Before any play the chances are ``prior`` for the rules (shared alike) and the rest for
the sensible player.  Plays the seat has made in the game's earlier hands (public: every
tile played is seen, and a hand's tiles are known once it is played out) turn that into a
prior learned for that opponent (``learned_priors``), before the current hand's plays are
read layout by layout (``inference.Reading``).  A hand that ended early leaves the tiles
still held unknown: its plays are read over a few random deals of them that fit the suits
each seat showed it lacked.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import NamedTuple

from moon42.rules.options import Options
from moon42.rules.results import HandResult, Trick
from moon42.rules.tiles import COUNT, FULL_SET, MOON21_SET, MOON22_SET, TILES, mask_of
from moon42.rules.trump import TRUMP_SUIT, TrickRules, Trump, trick_rules

from .layouts import Constraints, sample
from .styles import FOLLOW, LEAD, RULES, SHED, SPOTS, Rule, Rules, spot_of

__all__ = [
    "SeatPlay",
    "Evidence",
    "SLIP",
    "seat_plays",
    "spot_likelihoods",
    "learned_priors",
    "flat_prior",
    "LEAD_OFF_WEIGHT",
    "FOLLOW_HIGH_WEIGHT",
    "FOLLOW_WASTE_WEIGHT",
    "SHED_COUNT_WEIGHT",
    "Weights",
    "OPPONENT_WEIGHTS",
    "PARTNER_WEIGHTS",
    "NO_COUNT",
]

SLIP = 0.2  # how often a player of a rule plays otherwise (a sensible tile)
PAST_DEALS = 6  # random deals of the tiles a hand that ended early left unknown

# How likely a play is, next to the sensible one (which weighs 1), for a seat holding a hand.
LEAD_OFF_WEIGHT = 0.3  # the bidding side leads something else while it holds a trump
FOLLOW_HIGH_WEIGHT = 0.5  # follows above its lowest tile to take the trick or feed count
FOLLOW_WASTE_WEIGHT = 0.15  # follows above its lowest tile for neither
SHED_COUNT_WEIGHT = 0.2  # gives count to the opponents' trick while it holds a tile without


class Weights(NamedTuple):
    """How likely each play against a sensible player's habits is, next to the sensible one."""

    lead_off: float
    follow_high: float
    follow_waste: float
    shed_count: float


OPPONENT_WEIGHTS = Weights(
    LEAD_OFF_WEIGHT, FOLLOW_HIGH_WEIGHT, FOLLOW_WASTE_WEIGHT, SHED_COUNT_WEIGHT
)
# A partner is read as a player like the expert itself: how often the expert, holding the
# sensible tile, played another (``python -m moon42.ai.lab.habit_rates``: self-play, Texas
# 42, bidding skipped, 220 deals of seed 500 at a quarter of its budget): it led off trump
# in 48% of the leads where it held one, followed above its lowest tile for nothing in 24%
# of its follows with a choice (and to take the trick or feed count in 21%), and gave count
# to the opponents' trick in 5% of the sheds where it held a tile without.
PARTNER_WEIGHTS = Weights(0.5, 0.5, 0.3, 0.05)
NO_COUNT = sum(1 << t for t in range(28) if TILES[t].count == 0)


class SeatPlay(NamedTuple):
    """One play as a layout must be asked about it."""

    spot: int
    tile: int
    suit: int  # the suit led (a follow or a shed)
    top: int  # the power on top of the trick before it (-1 for a lead)
    later: int  # the tiles the seat played from this play on, this one included
    unseen: int  # the tiles the seat had not seen played, nor held, before it (with its hand)
    sensible: int  # the tiles whose holding makes the play unlikely for a sensible player
    unlikely: float  # how unlikely then


# For each spot of a seat: its plays there.
Evidence = dict[int, list[SeatPlay]]


def seat_plays(
    rules: TrickRules,
    tricks: tuple[Trick, ...],
    readers: set[int],
    bidding_side: set[int],
    counts: bool,
    partnerships: bool,
    dealt: int,
    partner: int | None = None,
) -> dict[int, Evidence]:
    """Each seat of ``readers``' plays in ``tricks`` (one hand's, in order), by spot; the
    plays of ``partner`` (one of them) weighed as the expert's partner's."""
    out: dict[int, Evidence] = {s: {} for s in readers}
    later: dict[int, int] = {}
    plays = [(trick, i) for trick in tricks for i in range(len(trick.plays))]
    seen = [0] * (len(plays) + 1)  # the tiles played before each play
    for k, (trick, i) in enumerate(plays):
        seen[k + 1] = seen[k] | 1 << trick.plays[i][1]
    for k in range(len(plays) - 1, -1, -1):
        trick, i = plays[k]
        seat, tile = trick.plays[i]
        later[seat] = later.get(seat, 0) | 1 << tile
        if seat not in out:
            continue
        if i == 0:
            spot, suit, top = spot_of(True, False, seat not in bidding_side), 0, -1
        else:
            tiles = [t for _, t in trick.plays[:i]]
            suit = rules.led_suit[tiles[0]]
            best = rules.winner_index(tiles)
            top = rules.power[suit][tiles[best]]
            ours = partnerships and (trick.plays[best][0] - seat) % 2 == 0
            suited = bool(rules.follow_mask[suit] >> tile & 1)
            spot = spot_of(False, suited, not ours)
        weights = PARTNER_WEIGHTS if seat == partner else OPPONENT_WEIGHTS
        check = _sensible(rules, trick, i, seat, bidding_side, counts, partnerships, weights)
        sensible, unlikely = check if check is not None else (0, 1.0)
        play = SeatPlay(spot, tile, suit, top, later[seat], dealt & ~seen[k], sensible, unlikely)
        out[seat].setdefault(spot, []).insert(0, play)
    return out


def _sensible(
    rules: TrickRules,
    trick: Trick,
    i: int,
    seat: int,
    bidding_side: set[int],
    counts: bool,
    partnerships: bool,
    weights: Weights = OPPONENT_WEIGHTS,
) -> tuple[int, float] | None:
    """For the ``i``-th play of ``trick``: the tiles whose holding makes it unlikely (the
    sensible plays it passed over) and how unlikely; None when it says nothing."""
    tile = trick.plays[i][1]
    if i == 0:
        trumps = rules.follow_mask[TRUMP_SUIT]
        if seat in bidding_side and trumps and not rules.is_trump[tile]:
            return trumps, weights.lead_off
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
        return lower, weights.follow_high if takes or feeds else weights.follow_waste
    if not counts or TILES[tile].count == 0 or power[tile] > power[tiles[best]] or partner_winning:
        return None  # no count given, or it takes the trick, or its partner does
    return NO_COUNT, weights.shed_count


def spot_likelihoods(
    table: tuple[Rule, ...],
    rules: TrickRules,
    counts: bool,
    plays: list[SeatPlay],
    hidden: int,
) -> tuple[list[float], list[float]]:
    """How well a seat's plays in one spot fit each player it may be (the sensible one
    first, then one for each rule of ``table``), when it also held ``hidden`` at the end of
    them: twice.

    ``fits``, to weigh the layout: each play weighs 1 for a player who would make it (the
    sensible player: a sensible play; a rule's: its tile) and less otherwise, whatever the
    hand's other tiles, as for a player who always plays the same way in the same spot.
    ``odds``, to weigh the players against each other: the sensible player's weight is
    shared among the tiles it might play, so a player who keeps to a rule where it had a
    choice earns that rule more weight the more tiles it passed over."""
    slip = SLIP
    keep = 1.0 - slip
    fits = [1.0] * (len(table) + 1)
    odds = [1.0] * (len(table) + 1)
    follow_mask = rules.follow_mask
    for play in plays:
        hand = hidden | play.later
        spot = play.spot
        if FOLLOW <= spot < SHED:
            legal = hand & follow_mask[play.suit]
        else:
            legal = hand
        if legal & (legal - 1) == 0:
            continue  # a forced play: every player makes it
        soft = play.unlikely if hand & play.sensible else 1.0
        share = _sensible_share(play, hand, legal, rules, counts)
        fits[0] *= soft
        odds[0] *= share
        others = play.unseen & ~hand
        tile = play.tile
        for k, rule in enumerate(table, 1):
            kept = rule.pick(legal, play.suit, play.top, others) == tile
            fits[k] *= keep * kept + slip * soft
            odds[k] *= keep * kept + slip * share
    return fits, odds


def _sensible_share(
    play: SeatPlay, hand: int, legal: int, rules: TrickRules, counts: bool
) -> float:
    """How likely the sensible player is to make ``play`` holding ``hand``: each legal tile
    weighs 1, or the factor ``_sensible`` gives it when it passes over a sensible one."""
    spot, tile = play.spot, play.tile
    tiles = [t for t in range(28) if legal >> t & 1]
    if spot < FOLLOW:
        if spot == LEAD and hand & rules.follow_mask[TRUMP_SUIT]:
            weights = [1.0 if rules.is_trump[t] else LEAD_OFF_WEIGHT for t in tiles]
        else:
            return 1.0 / len(tiles)
    elif spot < SHED:
        power = rules.power[play.suit]
        lowest = min(tiles, key=lambda t: (power[t], t))
        feeds = counts and spot == FOLLOW
        weights = [
            1.0
            if t == lowest
            else FOLLOW_HIGH_WEIGHT
            if power[t] > play.top or (feeds and COUNT[t])
            else FOLLOW_WASTE_WEIGHT
            for t in tiles
        ]
    else:
        if not counts or spot == SHED or not hand & NO_COUNT:
            return 1.0 / len(tiles)
        power = rules.power[play.suit]
        weights = [
            SHED_COUNT_WEIGHT if COUNT[t] and power[t] <= play.top else 1.0 for t in tiles
        ]
    return weights[tiles.index(tile)] / sum(weights)


def flat_prior(prior: float) -> tuple[tuple[float, ...], ...]:
    """For every spot: the chances before any play (the sensible player's first)."""
    out = []
    for spot in range(len(SPOTS)):
        k = len(RULES[spot])
        out.append((1.0 - prior, *([prior / k] * k)))
    return tuple(out)


def learned_priors(
    options: Options, seat: int, results: tuple[HandResult, ...], prior: float
) -> dict[int, dict[int, tuple[float, ...]]]:
    """For each opponent of ``seat``: in every spot where it has played in the game's
    earlier hands, the chances of each player (sensible first, then each rule) given those
    plays.  A spot missing has shown nothing yet (``flat_prior``)."""
    opponents = _opponents(options, seat)
    learned: dict[int, dict[int, list[float]]] = {s: {} for s in opponents}
    if prior <= 0.0:
        return {s: {} for s in opponents}
    flat = flat_prior(prior)
    for result in results:
        evidence = _hand_evidence(options, seat, result)
        for s, spots in evidence.items():
            for spot, likelihoods in spots.items():
                before = learned[s].get(spot, flat[spot])
                chances = [c * x for c, x in zip(before, likelihoods, strict=True)]
                total = sum(chances)
                if total > 0:
                    learned[s][spot] = [c / total for c in chances]
    return {s: {spot: tuple(p) for spot, p in spots.items()} for s, spots in learned.items()}


def _opponents(options: Options, seat: int) -> list[int]:
    partner = (seat + 2) % 4 if options.partnerships else None
    return [s for s in range(options.seats) if s not in (seat, partner)]


@lru_cache(maxsize=512)
def _hand_evidence(
    options: Options, seat: int, result: HandResult
) -> dict[int, dict[int, tuple[float, ...]]]:
    """How likely each opponent's plays of one finished hand are, spot by spot, for each
    player it may be (averaged over deals of the tiles the hand left unknown)."""
    trump = result.trump
    if result.bidder is None or trump is None or trump in (Trump.NELLO, Trump.SEVENS):
        return {}
    doubles = options.no_trump_doubles
    rules = trick_rules(trump, doubles)
    counts = not options.is_moon
    partnerships = options.partnerships
    bidding_side = {result.bidder}
    if partnerships:
        bidding_side.add((result.bidder + 2) % 4)
    dealt = _dealt(options)
    opponents = set(_opponents(options, seat))
    read = seat_plays(rules, result.tricks, opponents, bidding_side, counts, partnerships, dealt)
    table = Rules.of(rules, counts)
    played = [0] * options.seats
    for trick in result.tricks:
        for s, t in trick.plays:
            played[s] |= 1 << t
    deals = _unknown_deals(options, rules, result, played, dealt)
    out: dict[int, dict[int, tuple[float, ...]]] = {}
    for s, spots in read.items():
        out[s] = {}
        for spot, plays in spots.items():
            sums = [0.0] * (len(table.spots[spot]) + 1)
            for hands in deals:
                got = spot_likelihoods(table.spots[spot], rules, counts, plays, hands[s])[1]
                sums = [a + b for a, b in zip(sums, got, strict=True)]
            out[s][spot] = tuple(x / len(deals) for x in sums)
    return out


def _dealt(options: Options) -> int:
    """The tiles dealt in this game (rules/README.md 1)."""
    if options.game != "moon3":
        return mask_of(FULL_SET)
    return mask_of(MOON21_SET if options.remove_double_blank else MOON22_SET)


def _unknown_deals(
    options: Options, rules: TrickRules, result: HandResult, played: list[int], dealt: int
) -> list[list[int]]:
    """The tiles each seat still held when the hand ended: one deal if none are left, else
    ``PAST_DEALS`` random ones that fit the suits each seat showed it lacked."""
    left = [7 - p.bit_count() for p in played]
    if not any(left):
        return [[0] * options.seats]  # played out: every hand is known
    unknown = dealt & ~sum(played)
    allowed = []
    for s in range(options.seats):
        mask = unknown
        for suit in _voids(rules, result.tricks, s):
            mask &= ~rules.follow_mask[suit]
        allowed.append(mask if left[s] else 0)
    seats = [s for s in range(options.seats) if left[s]]
    constraints = Constraints(
        unknown,
        seats,
        [left[s] for s in seats],
        [allowed[s] for s in seats],
        [0] * options.seats,
        options.seats,
    )
    rng = random.Random(f"tendencies:{result.hand}:{result.dealer}")
    deals = [d for d in (sample(constraints, rng) for _ in range(PAST_DEALS)) if d is not None]
    return deals or [[0] * options.seats]


def _voids(rules: TrickRules, tricks: tuple[Trick, ...], seat: int) -> set[int]:
    out = set()
    for trick in tricks:
        led = rules.led_suit[trick.plays[0][1]]
        for s, t in trick.plays[1:]:
            if s == seat and not rules.follow_mask[led] >> t & 1:
                out.add(led)
    return out
