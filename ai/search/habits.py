"""The habits of a plain player, and whether a seat's plays so far fit them.

Many players play by a few fixed habits, and ``basic`` plays by exactly these:

- leading, the highest trump while it holds one, else its highest tile (the strongest in
  the suit it would lead);
- following suit, its lowest tile of the suit led, even when a higher one would take the
  trick;
- unable to follow, its lowest tile, keeping its trumps; in Texas 42, when the opponents
  are winning the trick, the tile that gives away the least count.

A perfect-information search expects every opponent to find the best reply.  Against a
player of habits that is too careful: it never plays for the tricks such a player lets
go.  The solver can therefore let chosen seats play by these habits (``Solver(habits=)``),
and ``inference.Reading`` says, layout by layout, how likely each opponent is to be such a
player given how it has played so far.

"Highest" and "lowest" are by power in the suit (``TrickRules``), then pips, then the
tile's index.  Nello and Sevens are played by other habits: nobody is read as a player of
these there, and the solver plays Sevens without them.
"""

from __future__ import annotations

from moon42.rules.results import Trick
from moon42.rules.tiles import COUNT, TILES
from moon42.rules.trump import TrickRules

__all__ = ["Habits"]

# A tile's key orders by power in a suit, then pips, then the tile's index (below each
# factor); count (shedding) and being a trump (leading) come above all three.
PIPS = 32
TILE = 32
ABOVE = 1 << 20  # above any key of power, pips and tile


class Habits:
    """The habit tile for a hand, by one trick's rules.  Hands are bitmasks of tiles.

    ``Habits.of`` keeps one for each trump, way of treating doubles and scoring."""

    @staticmethod
    def of(rules: TrickRules, counts: bool) -> Habits:
        key = (rules.trump, rules.doubles, counts)
        habits = _MADE.get(key)
        if habits is None:
            habits = _MADE[key] = Habits(rules, counts)
        return habits

    def __init__(self, rules: TrickRules, counts: bool) -> None:
        def key(row: list[int], t: int) -> int:
            return (row[t] * PIPS + TILES[t].pips) * TILE + t

        def ranked(keys, best_first: bool) -> tuple[int, ...]:
            return tuple(sorted(range(28), key=keys.__getitem__, reverse=best_first))

        own = [key(rules.power[rules.led_suit[t]], t) for t in range(28)]
        count = COUNT if counts else (0,) * 28
        self.rules = rules
        # Every tile in the order a habit looks for it in a hand: the first held is played.
        self._leads = ranked([rules.is_trump[t] * ABOVE + own[t] for t in range(28)], True)
        self._sheds = ranked([count[t] * ABOVE + own[t] for t in range(28)], False)
        self._lows = ranked(own, False)
        self._follows = tuple(
            ranked([key(row, t) for t in range(28)], False) for row in rules.power
        )

    def lead(self, hand: int) -> int:
        """The tile led from ``hand``: the highest trump, else the highest tile."""
        return _first(hand, self._leads)

    def follow(self, hand: int, suit: int, losing: bool) -> int:
        """The tile played to a trick led in ``suit``; ``losing``: the opponents are winning it."""
        suited = hand & self.rules.follow_mask[suit]
        if suited:
            return _first(suited, self._follows[suit])
        return _first(hand, self._sheds if losing else self._lows)

    def choices_if_fits(self, trick: Trick, i: int, hand: int, partnerships: bool) -> int:
        """For the ``i``-th play of ``trick`` by a seat holding ``hand`` (its tiles before
        that play): how many tiles it could have played, if the one it played is its habit
        tile; 0 if it is not."""
        seat, tile = trick.plays[i]
        if i == 0:
            return hand.bit_count() if self.lead(hand) == tile else 0
        rules = self.rules
        tiles = [t for _, t in trick.plays[:i]]
        suit = rules.led_suit[tiles[0]]
        winner = trick.plays[rules.winner_index(tiles)][0]
        losing = winner != seat and not (partnerships and (winner - seat) % 2 == 0)
        if self.follow(hand, suit, losing) != tile:
            return 0
        return (hand & rules.follow_mask[suit] or hand).bit_count()


_MADE: dict[tuple, Habits] = {}


def _first(hand: int, order: tuple[int, ...]) -> int:
    for t in order:
        if hand >> t & 1:
            return t
    raise ValueError("an empty hand has no tile to play")
