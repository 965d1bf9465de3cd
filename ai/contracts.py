"""Texas 42's contracts beyond a plain trump (rules/README.md 9.3 to 9.6): when to bid and
name them.

Used by ``normal`` (and through it ``expert``); everything is worked out from the seat's
own hand and the engine's trick rules, never from tiles the seat cannot see.

Nello.  The bidder leads the first trick only (winning a trick ends the hand), so after
that it only follows.  In a suit it holds ``b1 < b2 < ...`` (by the Nello ranking) and the
others may lead ``o1 < o2 < ...`` (the missing tiles that lead that suit), it can always
play under the leads as long as ``b_j < o_j`` for every ``j``: a ``j`` where it fails is a
*danger* (a lead it may be forced to win).  A hand with no danger (or one, and a suit it
is out of to shed it on), and a first lead that some missing tiles top, is worth Nello:
solved with every hand in view, such hands make it about half the time or more, against
a quarter with two dangers.

Sevens.  Everyone must play the tile closest to seven, so the tricks are decided once the
tiles are dealt: trick ``i`` holds every seat's ``i``-th closest tile.  The chance the
side takes all seven is counted over random deals of the tiles the seat cannot see.

Plunge and Splash.  The partner names trump and leads, and the side must take every trick.
The chance is judged by the doubles held (each the top of its suit, or of trumps if the
partner names doubles) and the tiles that walk once the double is gone; a Plunge, worth a
mark more, is bid rather than a Splash when both are open.

Mark raises.  Two marks or more only with a *lay-down*: a trump whose every trump the hand
holds outranks every missing trump and outnumbers them, and every other tile tops all the
missing tiles of its suit, so it takes every trick however the others are dealt.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from moon42.rules.actions import Action, Bid, Plunge, Splash
from moon42.rules.bidding import MARK, MAX_BID
from moon42.rules.tiles import TILES, Tile, mask_of
from moon42.rules.trump import TRUMP_SUIT, TrickRules, Trump
from moon42.rules.views import SeatView

from .facts.knowledge import Knowledge, tile_set_of

__all__ = [
    "nello_dangers",
    "nello_lead_ok",
    "nello_worth",
    "sevens_chance",
    "sevens_is_sure",
    "plunge_chance",
    "is_lay_down",
    "lay_down_trump",
    "special_bid",
    "special_trump",
    "partner_trump",
    "nello_tile",
]

SEVENS_SAMPLES = 400
SEVENS_RATE = 0.8  # Sevens is bid (and named) when it takes every trick this often
NELLO_DANGERS = 1  # dangers a Nello hand may hold (with a suit to shed it on)
NELLO_LEAD_ABOVE = 3  # missing tiles that top the first lead, for it to be likely to lose
PLUNGE_RATE = 0.5  # Plunge or Splash is bid when the side is judged this likely to make it
# How often normal's side made a Plunge or Splash by the doubles the bidder held (about
# 3,000 hands against basic, the bot bidding it whenever it could).
PLUNGE_BY_DOUBLES = {3: 0.15, 4: 0.2, 5: 0.4, 6: 0.75, 7: 0.95}
FEW_LOOSE_BONUS = 0.05
DOUBLES_TRUMP_SIDE = 5  # doubles the side surely holds for a partner to name doubles
PARTNER_DOUBLE_POINTS = 4.0  # points a trump's double in the Plunge bidder's hand adds


def _tiles(mask: int) -> Iterable[int]:
    while mask:
        bit = mask & -mask
        yield bit.bit_length() - 1
        mask ^= bit


def _suits(rules: TrickRules) -> range:
    return range(8) if rules.follow_mask[7] else range(7)


# ----- Nello -----------------------------------------------------------------------------


def nello_dangers(hand: Sequence[Tile], rules: TrickRules, others: int) -> list[int]:
    """The bidder's tiles the others may force to win a trick (``others``: the tiles it
    cannot see that are still to be played), most dangerous first."""
    out: dict[int, int] = {}
    for suit in _suits(rules):
        ranks = rules.power[suit]
        mine = sorted((t for t in hand if rules.follows(t, suit)), key=ranks.__getitem__)
        leads = sorted(ranks[o] for o in _tiles(others) if rules.led_suit[o] == suit)
        for t, lead in zip(mine, leads, strict=False):
            if ranks[t] > lead:
                out[t] = max(out.get(t, 0), ranks[t])
    return sorted(out, key=lambda t: (-out[t], -t))


def nello_lead_ok(hand: Sequence[Tile], rules: TrickRules, others: int) -> bool:
    """Some tile of ``hand``, led, is topped by enough missing tiles of its suit to lose."""
    return any(_tops(t, rules, others) >= NELLO_LEAD_ABOVE for t in hand)


def _tops(t: Tile, rules: TrickRules, others: int) -> int:
    suit = rules.led_suit[t]
    ranks = rules.power[suit]
    return sum(1 for o in _tiles(others & rules.follow_mask[suit]) if ranks[o] > ranks[t])


def nello_worth(hand: Sequence[Tile], rules: TrickRules, dealt: int) -> bool:
    """No tile can be forced to win, or one when a suit it is out of lets it shed that tile;
    and a first lead likely to lose."""
    others = dealt & ~mask_of(hand)
    dangers = len(nello_dangers(hand, rules, others))
    if dangers > NELLO_DANGERS:
        return False
    voids = sum(1 for s in _suits(rules) if not any(rules.follows(t, s) for t in hand))
    return (dangers == 0 or voids > 0) and nello_lead_ok(hand, rules, others)


# ----- Sevens ------------------------------------------------------------------------------


def _distance(t: int) -> int:
    return abs(TILES[t].pips - 7)


def sevens_is_sure(hand: Sequence[Tile], dealt: int) -> bool:
    """No missing tile is closer to seven than the hand's farthest tile: leading its closest
    tile every trick (a tie goes to the tile played first), the hand takes all seven."""
    farthest = max(_distance(t) for t in hand)
    return all(_distance(o) >= farthest for o in _tiles(dealt & ~mask_of(hand)))


def sevens_chance(hand: Sequence[Tile], dealt: int, samples: int = SEVENS_SAMPLES) -> float:
    """How often the side of the seat holding ``hand`` takes all seven tricks when it leads.

    Counted over ``samples`` deals of the other tiles (the same deals for the same hand).
    """
    mine = mask_of(hand)
    others = [t for t in _tiles(dealt & ~mine)]
    rng = random.Random(mine)
    own = sorted(_distance(t) for t in hand)
    made = 0
    for _ in range(samples):
        rng.shuffle(others)
        seats = [own] + [sorted(_distance(t) for t in others[7 * k : 7 * k + 7]) for k in range(3)]
        leader = 0
        for i in range(len(own)):
            best, winner = 99, leader
            for k in range(4):
                seat = (leader + k) % 4
                if seats[seat][i] < best:
                    best, winner = seats[seat][i], seat
            if winner % 2:
                break
            leader = winner
        else:
            made += 1
    return made / samples


# ----- Plunge and Splash -------------------------------------------------------------------


def plunge_chance(hand: Sequence[Tile]) -> float:
    """A judged chance that the side takes every trick after this hand's Plunge or Splash.

    Mostly the doubles held (each the top of its suit, or a trump if the partner names
    doubles); more when at most one tile is left that neither is a double nor walks behind
    the double of its suit (holding every tile between).  The figures are make rates of
    such hands solved with every hand in view, the partner naming trump as ``normal`` does.
    """
    held = set(hand)
    doubles = sum(1 for t in hand if t.is_double)
    loose = 0
    for t in hand:
        if t.is_double:
            continue
        walks = False
        for suit in (t.high, t.low):
            other = t.other(suit)
            between = [
                o for o in TILES if o.carries(suit) and not o.is_double and o.other(suit) > other
            ]
            top = TILES[suit * (suit + 1) // 2 + suit]
            walks = walks or (top in held and all(o in held for o in between))
        loose += not walks
    base = PLUNGE_BY_DOUBLES.get(doubles, 0.0)
    return min(1.0, base + (FEW_LOOSE_BONUS if loose <= 1 else 0.0))


# ----- mark raises ----------------------------------------------------------------------------


def is_lay_down(hand: Sequence[Tile], rules: TrickRules, dealt: int) -> bool:
    """Leading, the hand takes every trick however the missing tiles lie."""
    others = dealt & ~mask_of(hand)
    trump_mask = rules.follow_mask[TRUMP_SUIT]
    top = rules.power[TRUMP_SUIT]
    trumps = [t for t in hand if rules.is_trump[t]]
    missing = [o for o in _tiles(others & trump_mask)]
    if missing:
        if len(trumps) < len(missing):
            return False
        if min(top[t] for t in trumps) < max(top[o] for o in missing):
            return False
    for t in hand:
        if rules.is_trump[t]:
            continue
        suit = rules.led_suit[t]
        ranks = rules.power[suit]
        if any(ranks[o] > ranks[t] for o in _tiles(others & rules.follow_mask[suit])):
            return False
    return True


def lay_down_trump(view: SeatView, offered: Iterable[Trump]) -> Trump | None:
    """A plain trump of ``offered`` for which the hand is a lay-down, if there is one."""
    options = view.options
    dealt = mask_of(tile_set_of(view))
    for trump in offered:
        if trump in (Trump.NELLO, Trump.SEVENS):
            continue
        if is_lay_down(view.hand, options.trick_rules_for(trump), dealt):
            return trump
    return None


# ----- the decisions -----------------------------------------------------------------------------


def _nello_rules(view: SeatView) -> TrickRules:
    return view.options.trick_rules_for(Trump.NELLO)


def special_trump(view: SeatView, hand: Sequence[Tile] | None = None) -> Trump | None:
    """Nello or Sevens when the table plays it and the hand is good for it."""
    options = view.options
    if options.is_moon:
        return None
    hand = view.hand if hand is None else hand
    dealt = mask_of(tile_set_of(view))
    if options.sevens and sevens_chance(hand, dealt) >= SEVENS_RATE:
        return Trump.SEVENS
    if options.nello and nello_worth(hand, _nello_rules(view), dealt):
        return Trump.NELLO
    return None


def special_bid(view: SeatView, plain: Iterable[Trump]) -> Action | None:
    """Texas 42: a Plunge, a Splash, a mark bid for Nello or Sevens, or a raise of marks for
    a hand sure to take every trick; None to bid as for a plain trump."""
    options = view.options
    if options.is_moon:
        return None
    legal = view.legal
    if view.bidder is not None and view.bidder == view.partner:
        return None  # the side holds the bid already
    bids = {a.value: a for a in legal if type(a) is Bid}
    dealt = mask_of(tile_set_of(view))
    sure = lay_down_trump(view, plain) is not None
    if not sure and options.sevens:
        sure = sevens_is_sure(view.hand, dealt)
    if sure:
        marks = [v for v in bids if v >= 2 * MARK]
        if marks:
            return bids[max(v for v in marks if v <= MAX_BID)]
    for kind in (Plunge, Splash):
        special = next((a for a in legal if type(a) is kind), None)
        if special is not None and plunge_chance(view.hand) >= PLUNGE_RATE:
            return special
    if MARK in bids and special_trump(view) is not None:
        return bids[MARK]  # Nello and Sevens are named only over a bid of a mark
    return None


def partner_trump(
    view: SeatView, named: Iterable[Trump], value: Callable[[Trump], float]
) -> Trump:
    """After the partner's Plunge or Splash: the trump the side is strongest in.

    The bidder holds at least four (three) doubles, so doubles when the side surely holds
    most of them; else the plain trump of ``named`` best for this hand (``value`` gives its
    points), a number counted up by the chance that the bidder holds its double.
    """
    choices = [t for t in named if t not in (Trump.NELLO, Trump.SEVENS)]
    promised = 4 if view.contract == "plunge" else 3
    mine = sum(1 for t in view.hand if t.is_double)
    if Trump.DOUBLES in choices:
        if mine + promised >= DOUBLES_TRUMP_SIDE:
            return Trump.DOUBLES
        if len(choices) > 1:
            choices.remove(Trump.DOUBLES)
    chance = min(1.0, promised / max(1, 7 - mine))

    def score(trump: Trump) -> float:
        number = trump.number
        held = number is not None and any(t.is_double and t.high == number for t in view.hand)
        bonus = PARTNER_DOUBLE_POINTS * chance if number is not None and not held else 0.0
        return value(trump) + bonus

    return max(choices, key=lambda t: (score(t), str(t)))


# ----- playing Nello -----------------------------------------------------------------------------


def nello_tile(view: SeatView, know: Knowledge, tiles: Sequence[Tile]) -> Tile:
    """Nello: the bidder ducks every trick; the two others try to make it win one."""
    rules = view.play_rules
    bidder = view.bidder
    trick = view.current_trick

    def own(t: Tile) -> int:
        return rules.power[rules.led_suit[t]][t]

    if view.seat == bidder:
        # The tiles out of sight, the partner's (never played) too: a cautious count.
        danger = nello_dangers(view.hand, rules, know.unseen)
        risk = {t: len(danger) - i for i, t in enumerate(danger)}
        if trick is None:
            # The first lead: the tile most likely topped, shedding danger among equals.
            beaten = {t: _chance_topped(view, know, t) for t in tiles}
            return max(tiles, key=lambda t: (round(beaten[t], 2), risk.get(t, 0), own(t), t))
        led = rules.led_suit[trick.plays[0][1]]
        ranks = rules.power[led]
        best = max(ranks[t] for t in trick.tiles)
        under = [t for t in tiles if ranks[t] < best]
        if under:
            if not any(rules.follows(t, led) for t in under):
                # Out of the suit: shed the most dangerous tile, else the highest.
                return max(under, key=lambda t: (risk.get(t, 0), own(t), t))
            return max(under, key=lambda t: (ranks[t], risk.get(t, 0), own(t), t))
        return min(tiles, key=lambda t: (ranks[t], t))
    # A defender: lead what the bidder must top, follow low before it, under it after it.
    if trick is None:
        forced = {t: _chance_forced(view, know, t) for t in tiles}
        return max(tiles, key=lambda t: (round(forced[t], 2), -own(t), -t))
    led = rules.led_suit[trick.plays[0][1]]
    ranks = rules.power[led]
    best_seat, best = trick.plays[rules.winner_index(list(trick.tiles))]
    following = [t for t in tiles if rules.follows(t, led)]
    bidder_played = any(s == bidder for s, _ in trick.plays)
    if not following:
        return max(tiles, key=lambda t: (own(t), t))  # keep the low tiles to lead later
    if not bidder_played:
        return min(tiles, key=lambda t: (ranks[t], t))  # leave the bidder the lowest bar
    if best_seat == bidder:
        under = [t for t in tiles if ranks[t] < ranks[best]]
        if under:
            return max(under, key=lambda t: (ranks[t], t))
    return max(tiles, key=lambda t: (ranks[t], t))


def _chance_topped(view: SeatView, know: Knowledge, t: Tile) -> float:
    """The chance an opponent of the Nello bidder tops ``t`` led."""
    rules = view.play_rules
    suit = rules.led_suit[t]
    power = rules.power[suit][t]
    keep = 1.0
    for seat in range(view.seats):
        if seat in (view.seat, view.sitting_out):
            continue
        keep *= 1.0 - know.chance_to_beat(seat, suit, power)
    return 1.0 - keep


def _chance_forced(view: SeatView, know: Knowledge, t: Tile) -> float:
    """The chance the Nello bidder must top ``t`` led: it holds the suit but nothing under."""
    rules = view.play_rules
    bidder = view.bidder
    assert bidder is not None, "Nello with no bidder"
    suit = rules.led_suit[t]
    ranks = rules.power[suit]
    follow = know.possible[bidder] & rules.follow_mask[suit]
    below = sum(1 << o for o in _tiles(follow) if ranks[o] < ranks[t])
    return max(0.0, know.chance_of_any(bidder, follow) - know.chance_of_any(bidder, below))
