"""``basic``: the yardstick bot.  A few rules of thumb, the same in every game.

Every later bot is measured against this one, so it stays exactly this simple.

Strength.  For a trump, a hand's *strength* is how many of its tiles are trumps or
doubles (each tile counted once): the tiles likely to take a trick.

Trump.  The number it holds most tiles of (ties: the number whose double it holds, then
the higher number); doubles instead when it holds more doubles than tiles of any one
number.  Only trumps offered are considered; with none of those it names no trump, and
Nello or Sevens only when nothing else is legal (so it never chooses them).  After a
Plunge or Splash the partner names trump the same way.

Bid (strength for the trump it would name).
- Moon: it expects ``strength - 1`` tricks (a low trump loses to the missing top ones)
  and bids that when it is a legal bid.  All seven tiles trumps or doubles: it shoots
  the moon (21).
- Texas 42: it expects 6 points a strength (7 tricks x 6 = 42): 30 with five, 36 with
  six, 42 with seven, and bids that when it is legal.
- Too weak, or that bid does not top the high bid: it passes; when it may not pass
  (``forced_bid``) it bids the minimum.  It never bids Plunge or Splash.

Discard (three-player Moon widow).  The weakest tile: not a trump (of the trump named,
or the one it means to name), not a double (the top of its suit), the fewest pips.

Play.
- Leading: the highest trump if it holds one, else its highest tile (the strongest in
  the suit it leads).
- Following suit: the lowest legal tile.
- Unable to follow: the lowest tile; but when the trick is being won by an opponent, in
  Texas 42 the tile that gives away the fewest points (lowest count, then lowest).  In
  partnerships a trick the partner is winning is not lost.  In Moon the fewest points is
  simply the lowest tile.
- Sevens: only the tiles closest to seven are legal; it plays the lowest.
- Nello: it never names it, and defends against it with the same rules.

"Highest" and "lowest" come from ``view.trick_rules``: a tile's power in the led suit
when following, otherwise its power in the suit it would lead (trumps above all), then
pips.  It has no randomness: the seed is accepted and ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from moon42.rules.actions import Action, Bid, Discard, NameTrump, Pass, Play
from moon42.rules.tiles import Tile
from moon42.rules.trump import TrickRules, Trump
from moon42.rules.views import SeatView

__all__ = ["BasicBot", "trump_choice", "strength", "wanted_bid"]

MOON = 21
MOON_TRICKS_LOST = 1  # a low trump loses to the top trumps it lacks
POINTS_PER_STRENGTH = 6  # 42 points over 7 tricks
NUMBERS = tuple(Trump.of_number(n) for n in range(7))


def _number_key(hand: Sequence[Tile], number: int) -> tuple[int, bool, int]:
    held = sum(1 for t in hand if t.carries(number))
    has_double = any(t.is_double and t.high == number for t in hand)
    return held, has_double, number


def trump_choice(hand: Sequence[Tile], offered: Iterable[Trump]) -> Trump | None:
    """The number (or doubles) ``hand`` holds most of, among ``offered``; None if none fits."""
    choices = set(offered)
    numbers = [n for n, t in enumerate(NUMBERS) if t in choices]  # (NUMBERS[n] is n's trump)
    best = max(numbers, key=lambda number: _number_key(hand, number), default=None)
    doubles = sum(1 for t in hand if t.is_double)
    if Trump.DOUBLES in choices and (best is None or doubles > _number_key(hand, best)[0]):
        return Trump.DOUBLES
    return None if best is None else NUMBERS[best]


def strength(hand: Sequence[Tile], trump: Trump) -> int:
    """How many tiles of ``hand`` are trumps or doubles."""
    number = trump.number
    if number is None:
        return sum(1 for t in hand if t.is_double)
    return sum(1 for t in hand if t.is_double or t.carries(number))


def _table_trumps(view: SeatView) -> list[Trump]:
    """The trumps this table offers, known before the bidding ends."""
    options = view.options
    no_zero = options.game == "moon3" and options.remove_double_blank
    out = [t for t in NUMBERS if t.number or not no_zero]
    if options.doubles_trump:
        out.append(Trump.DOUBLES)
    return out


def wanted_bid(view: SeatView) -> int | None:
    """The bid the hand is worth, or None when it is too weak to bid."""
    trump = trump_choice(view.hand, _table_trumps(view))
    if trump is None:
        return None
    held = strength(view.hand, trump)
    if view.options.is_moon:
        if held == 7:
            return MOON
        tricks = held - MOON_TRICKS_LOST
        return tricks if tricks >= view.options.min_bid else None
    points = min(held * POINTS_PER_STRENGTH, 42)
    return points if points >= 30 else None


def _lowest(tiles: Sequence[Tile], key: Callable[[Tile], tuple]) -> Tile:
    return min(tiles, key=lambda t: (*key(t), t))


def _highest(tiles: Sequence[Tile], key: Callable[[Tile], tuple]) -> Tile:
    return max(tiles, key=lambda t: (*key(t), t))


def _own_rank(rules: TrickRules) -> Callable[[Tile], tuple[int, int]]:
    """A tile's strength in the suit it would lead: trumps first, then by power and pips."""
    return lambda t: (rules.power[rules.led_suit[t]][t], t.pips)


class BasicBot:
    """Simple rules of thumb (see the module's docstring); deterministic."""

    description = "Rules of thumb: bids its trumps and doubles, leads high, follows low."

    def __init__(self, seed: int | None = None) -> None:
        """Every bot is made from a seed; this one has no randomness to seed."""

    def bid(self, view: SeatView) -> Action:
        bids = {a.value: a for a in view.legal if type(a) is Bid}
        wanted = wanted_bid(view)
        if wanted in bids:
            return bids[wanted]
        passing = [a for a in view.legal if type(a) is Pass]
        if passing:
            return passing[0]
        return bids[min(bids)] if bids else view.legal[0]

    def trump(self, view: SeatView) -> Action:
        named = {a.trump: a for a in view.legal if type(a) is NameTrump}
        choice = trump_choice(view.hand, named)
        if choice is None:
            choice = Trump.NO_TRUMP if Trump.NO_TRUMP in named else next(iter(named))
        return named[choice]

    def discard(self, view: SeatView) -> Action:
        trump = view.trump
        if trump is None:  # trump is named after the discard unless trump_before_widow
            trump = trump_choice(view.hand, _table_trumps(view))
        number = trump.number if trump is not None else None

        def is_trump(t: Tile) -> bool:
            if trump is Trump.DOUBLES:
                return t.is_double
            return number is not None and t.carries(number)

        discards = {a.tile: a for a in view.legal if type(a) is Discard}
        return discards[_lowest(list(discards), lambda t: (is_trump(t), t.is_double, t.pips))]

    def play(self, view: SeatView) -> Action:
        rules = view.play_rules
        plays = {a.tile: a for a in view.legal if type(a) is Play}
        tiles = list(plays)
        own = _own_rank(rules)
        trick = view.current_trick
        if rules.sevens:
            return plays[_lowest(tiles, lambda t: (t.pips,))]
        if trick is None:
            trumps = [t for t in tiles if rules.is_trump[t]]
            return plays[_highest(trumps or tiles, own)]
        led = rules.led_suit[trick.plays[0][1]]
        if rules.follows(tiles[0], led):
            return plays[_lowest(tiles, lambda t: (rules.power[led][t], t.pips))]
        winner = trick.plays[rules.winner_index(list(trick.tiles))][0]
        lost = winner != view.seat and winner != view.partner
        if lost and not view.options.is_moon:
            return plays[_lowest(tiles, lambda t: (t.count, *own(t)))]
        return plays[_lowest(tiles, own)]
