"""How many tricks a hand is worth for a trump: the evaluation behind ``normal``'s bids and trumps.

Every tile is judged by the engine's own ranking for that trump at the table
(``Options.trick_rules_for``): a trump or a tile no missing tile of its suit can top (a
*walker*: the double, or the next tile once the double is held) is likely to take a trick; a
trump is surer the fewer trumps rank above it and the longer the holding; a walker is surer
the more trumps protect it from being trumped.  Everything else is an *off*: it will likely
lose, and in Texas 42 the count it carries goes to the other side.

Moon sums a hand-set chance per tile (``tricks``).  Texas 42 predicts its side's points
(``points``) from the same kinds of tile and where the count sits, with weights fitted
on self-play, so they also carry what a partner adds on average.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from moon42.rules.tiles import Tile, mask_of
from moon42.rules.trump import TRUMP_SUIT, TrickRules, Trump

__all__ = [
    "HandValue",
    "hand_value",
]

# Moon: the chance a tile takes a trick, by kind (set by hand).
TOP_TRUMP = 1.0
TRUMP_PER_HIGHER = 0.3  # a trump loses this much for each missing trump above it
LONG_TRUMPS = 4  # from this many trumps on, even low ones take tricks once trumps are drawn
LONG_TRUMP_BONUS = 0.25
WALKER = 0.9
SECOND_WALKER = 0.45
OFF = 0.05


# Texas 42: the points a declaring side takes, as a linear function of ``features``.
# Fitted by least squares on 22,500 hands of normal self-play (2,500 deals, every trump
# named by the seat left of the dealer, all seven tricks played); the residual spread
# is about 10 points.
POINT_WEIGHTS = (
    11.69,  # constant
    3.60, 2.25, 1.74, 1.25,  # trumps with 0, 1, 2, 3+ missing trumps above
    2.24,  # trumps squared / 7: length
    1.89, -0.12, 0.30,  # plain tiles: walkers, guarded seconds, one missing tile above
    # (plain tiles with two or more missing tiles above are the baseline)
    1.80, 1.37, 0.12,  # count (in fives) on trumps, on walkers, on the rest
    0.52,  # suits the hand is out of
    6.07, 1.16,  # no trump, doubles
)


class HandValue:
    """A hand for one trump: expected tricks, and in Texas 42 expected points for its side."""

    __slots__ = ("trump", "tricks", "points", "trumps")

    def __init__(self, trump: Trump, tricks: float, points: float, trumps: int) -> None:
        self.trump = trump
        self.tricks = tricks
        self.points = points
        self.trumps = trumps

    def score(self, counts: bool) -> float:
        """What the choice of trump maximises: points in Texas 42, tricks in Moon."""
        return self.points if counts else self.tricks


def _control(trumps: int, rules: TrickRules, dealt: int) -> float:
    """How safe a walker is from being trumped: more so the more trumps the hand holds."""
    if not rules.follow_mask[TRUMP_SUIT] & dealt:
        return 1.0
    return {0: 0.6, 1: 0.65, 2: 0.75}.get(trumps, 1.0)


def hand_value(hand: Sequence[Tile], trump: Trump, rules: TrickRules, dealt: int) -> HandValue:
    """``hand`` as declarer with ``trump`` (``dealt``: the tiles in play)."""
    mine = mask_of(hand)
    others = dealt & ~mine
    trump_mask = rules.follow_mask[TRUMP_SUIT]
    my_trumps = sorted((t for t in hand if rules.is_trump[t]), key=lambda t: -rules.power[8][t])
    control = _control(len(my_trumps), rules, dealt)
    tricks = 0.0
    for t in hand:
        suit = rules.led_suit[t]
        ranks = rules.power[suit]
        higher = [o for o in _tiles(others & rules.follow_mask[suit]) if ranks[o] > ranks[t]]
        if trump_mask >> t & 1:
            chance = TOP_TRUMP - TRUMP_PER_HIGHER * len(higher)
            if len(my_trumps) >= LONG_TRUMPS:
                chance += LONG_TRUMP_BONUS
            chance = min(1.0, max(0.15, chance))
        elif not higher:
            chance = WALKER * control
        elif len(higher) == 1 and _holds_above(hand, t, ranks, suit, rules):
            chance = SECOND_WALKER * control
        else:
            chance = OFF
        tricks += chance
    seen = features(hand, trump, rules, dealt)
    points = sum(w * f for w, f in zip(POINT_WEIGHTS, seen, strict=True))
    return HandValue(trump, tricks, points, len(my_trumps))


def features(hand: Sequence[Tile], trump: Trump, rules: TrickRules, dealt: int) -> list[float]:
    """What the fitted evaluation looks at (see ``WEIGHTS``): every tile by kind, the count
    by where it sits, the suits the hand is out of, and the kind of trump."""
    mine = mask_of(hand)
    others = dealt & ~mine
    trump_mask = rules.follow_mask[TRUMP_SUIT]
    trumps = [0.0] * 4  # trumps with 0, 1, 2, 3 or more missing trumps above
    plain = [0.0] * 4  # others: walkers, guarded seconds, one above, two or more above
    count = [0.0] * 3  # count on trumps, on walkers and guarded seconds, on the rest
    for t in hand:
        suit = rules.led_suit[t]
        ranks = rules.power[suit]
        higher = sum(1 for o in _tiles(others & rules.follow_mask[suit]) if ranks[o] > ranks[t])
        if trump_mask >> t & 1:
            trumps[min(higher, 3)] += 1
            count[0] += t.count / 5
        elif higher == 0 or (higher == 1 and _holds_above(hand, t, ranks, suit, rules)):
            plain[higher] += 1
            count[1] += t.count / 5
        else:
            plain[2 if higher == 1 else 3] += 1
            count[2] += t.count / 5
    voids = 0
    if trump_mask:
        for suit in range(7):
            follow = rules.follow_mask[suit] & dealt
            voids += bool(follow) and not follow & mine
    held = sum(trumps)
    return [
        1.0, *trumps, held * held / 7, *plain[:3], *count, voids,
        float(trump is Trump.NO_TRUMP), float(trump is Trump.DOUBLES),
    ]


def _holds_above(
    hand: Sequence[Tile], t: Tile, ranks: Sequence[int], suit: int, rules: TrickRules
) -> bool:
    return any(o != t and rules.follows(o, suit) and ranks[o] > ranks[t] for o in hand)


def _tiles(mask: int) -> Iterable[int]:
    while mask:
        bit = mask & -mask
        yield bit.bit_length() - 1
        mask ^= bit
