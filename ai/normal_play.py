"""How ``normal`` chooses a tile to play, from what its seat knows (``Knowledge``).

Following, every legal tile is weighed by what it does to this trick and what it costs
later: the chance its side takes the trick (from the tiles the seats still to play may
hold, given the suits they are out of), times the points at stake (one trick in Moon;
one point plus the count in Texas 42, the tile's own count included), less the value of
keeping the tile (a tile that would win if led later is worth keeping).  So it wins
cheaply, does not trump a trick its partner is sure to take, puts count on a trick its
partner is winning, and throws its least valuable tile with no count when the other
side is winning.

Leading: the declaring side draws trumps while the other side may hold some; then walkers
(tiles nobody is likely to top, count first); otherwise the plain tile likeliest to win.
Nello is played by ``contracts.nello_tile``; Sevens leaves no choice that matters.
"""

from __future__ import annotations

from collections.abc import Sequence

from moon42.rules.tiles import Tile
from moon42.rules.trump import TRUMP_SUIT, Trump
from moon42.rules.views import SeatView

from .contracts import nello_tile
from .facts.knowledge import Knowledge

__all__ = ["choose_tile"]

# The value of keeping a tile that would win if led later, per unit of that chance, in
# the units of the game's margin: points in Texas 42, tricks in Moon.
KEEP_POINTS = 5.0
KEEP_TRICKS = 1.2
WALKER = 0.7  # a lead this likely to win is cashed
PARTNER_SAFE = 0.5  # a partner's trick this likely to hold is not trumped
PARTNER_LATER = 0.5  # discount on a partner still to play taking the trick


class _Seat:
    """One decision: the seat's legal tiles, its side and the seats still to play."""

    def __init__(self, view: SeatView, know: Knowledge) -> None:
        self.view = view
        self.know = know
        self.rules = view.play_rules
        self.counts = not view.options.is_moon
        me = view.seat
        self.side = {me, view.partner} if view.partner is not None else {me}
        active = [s for s in range(view.seats) if s != view.sitting_out]
        self.opponents = [s for s in active if s not in self.side]
        trick = view.current_trick
        played = len(trick.plays) if trick is not None else 0
        order = [(me + k) % view.seats for k in range(1, view.seats)]
        order = [s for s in order if s in active]
        self.after = order[: len(active) - played - 1]

    def count(self, t: Tile) -> int:
        return t.count if self.counts else 0

    def keep_weight(self) -> float:
        return KEEP_POINTS if self.counts else KEEP_TRICKS

    def holds_after(self, seats: Sequence[int], suit: int, power: int) -> float:
        """The chance that no seat of ``seats`` can top ``power`` in a trick of ``suit``."""
        chance = 1.0
        for seat in seats:
            chance *= 1.0 - self.know.chance_to_beat(seat, suit, power)
        return chance

    def lead_chance(self, t: Tile) -> float:
        """The chance ``t`` takes the trick if led now: no opponent can top it."""
        suit = self.rules.led_suit[t]
        return self.holds_after(self.opponents, suit, self.rules.power[suit][t])


def choose_tile(view: SeatView, know: Knowledge, tiles: Sequence[Tile]) -> Tile:
    """The tile to play among the legal ``tiles``."""
    rules = view.play_rules
    if len(tiles) == 1:
        return tiles[0]
    if rules.sevens:
        # Only equally close tiles are legal, and the distance alone decides the trick.
        return min(tiles)
    if view.trump is Trump.NELLO:
        return nello_tile(view, know, tiles)
    seat = _Seat(view, know)
    if view.current_trick is None:
        return _lead(seat, tiles)
    return _follow(seat, tiles)


def _follow(seat: _Seat, tiles: Sequence[Tile]) -> Tile:
    rules, trick = seat.rules, seat.view.current_trick
    assert trick is not None, "following with no trick led"
    led = rules.led_suit[trick.plays[0][1]]
    ranks = rules.power[led]
    best_seat, best = trick.plays[rules.winner_index(trick.tiles)]
    at_stake = 1 + sum(seat.count(t) for t in trick.tiles)
    opponents_after = [s for s in seat.after if s not in seat.side]
    partner_after = [s for s in seat.after if s in seat.side]
    ours = best_seat in seat.side
    keep = seat.keep_weight()
    if ours and seat.holds_after(opponents_after, led, ranks[best]) >= PARTNER_SAFE:
        plain = [t for t in tiles if not rules.is_trump[t] or rules.follows(t, led)]
        tiles = plain or tiles  # never trump a partner's trick that is likely to hold

    def value(t: Tile) -> float:
        if ranks[t] > ranks[best]:
            taken = seat.holds_after(opponents_after, led, ranks[t])
        elif ours:
            taken = seat.holds_after(opponents_after, led, ranks[best])
        elif partner_after:
            # The partner may still take it; a guess, discounted for the seats after it.
            taken = PARTNER_LATER * seat.know.chance_to_beat(partner_after[0], led, ranks[best])
        else:
            taken = 0.0
        stake = at_stake + seat.count(t)
        return (2 * taken - 1) * stake - keep * seat.lead_chance(t)

    return max(tiles, key=lambda t: (value(t), -ranks[t], -t))


def _lead(seat: _Seat, tiles: Sequence[Tile]) -> Tile:
    rules, view, know = seat.rules, seat.view, seat.know
    trump_rank = rules.power[TRUMP_SUIT]
    trumps = sorted((t for t in tiles if rules.is_trump[t]), key=trump_rank.__getitem__)
    declaring = view.bidder in seat.side
    trump_mask = rules.follow_mask[TRUMP_SUIT]
    trumps_out = any(
        know.possible[s] & trump_mask and not know.is_void(s, TRUMP_SUIT) for s in seat.opponents
    )
    if declaring and trumps and trumps_out:
        top = trumps[-1]
        if seat.lead_chance(top) >= WALKER:
            return top
    chances = {t: seat.lead_chance(t) for t in tiles}
    walkers = [t for t in tiles if chances[t] >= WALKER and not (t in trumps and not declaring)]
    if walkers:
        return max(walkers, key=lambda t: (chances[t] >= 0.9, seat.count(t), chances[t], -t))

    def next_best(t: Tile) -> tuple:
        # No sure winner: lead the likeliest to win all the same, keeping trumps; among
        # equal chances the tile with less count, then the higher (its suit's next tiles
        # may then walk).
        rank = rules.power[rules.led_suit[t]][t]
        return (t in trumps, -round(chances[t], 1), seat.count(t), -rank, t)

    return min(tiles, key=next_best)
