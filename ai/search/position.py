"""A hand in play as the solver sees it: every seat's tiles as a bitmask, and the trick so far.

The following and winning rules are the engine's own ``TrickRules`` tables
(``follow_lead``, ``led_suit``, ``power``), never worked out again here.

What the search maximises is the *credit*: the points (Texas 42 count and one a trick) or the
tricks (Moon, Nello, Sevens) that go to the bidding side's account, counted over the tricks
still to play.  The *maximisers* are the seats that want credit: the bidding side.  In Nello
the credit is the tricks the bidder loses, so the bidder maximises it and the two opponents
(the seats that take those tricks) minimise it.  In Moon for three the two other players are
taken to play together against the bidder.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from moon42.rules.bidding import MARK, MOON
from moon42.rules.options import Options
from moon42.rules.tiles import COUNT, TILES, mask_of
from moon42.rules.trump import TrickRules, Trump
from moon42.rules.views import SeatView

__all__ = ["Position", "for_majority", "seat_mask", "play_orders"]


def seat_mask(seats: Iterable[int]) -> int:
    return sum(1 << s for s in seats)


def play_orders(seats: int, sitting_out: int | None) -> tuple[tuple[int, ...], ...]:
    """For every leader, the seats in trick order (a Nello partner skipped)."""
    playing = [s for s in range(seats) if s != sitting_out]
    out: list[tuple[int, ...]] = []
    for leader in range(seats):
        if leader == sitting_out:
            out.append(())
            continue
        i = playing.index(leader)
        out.append(tuple(playing[(i + k) % len(playing)] for k in range(len(playing))))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Position:
    """Everything the search needs about one layout of a hand in play.

    ``hands[s]``: the tiles seat ``s`` still holds (0 for a Nello partner, who is out).
    ``trick``: the tiles of the unfinished trick in play order, led by ``leader``.
    ``counts``: tricks are worth one plus their count (Texas 42) rather than one.
    ``taken``: the credit already banked in finished tricks; ``goal``: the credit that makes
    the contract (the bid), so the contract is made when ``taken + value >= goal``.
    """

    rules: TrickRules
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    orders: tuple[tuple[int, ...], ...]
    maximisers: int
    credit: int
    counts: bool
    taken: int
    goal: int

    @property
    def to_play(self) -> int:
        return self.orders[self.leader][len(self.trick)]

    def other_side(self, seat: int) -> int:
        """The seats (a bitmask) on the other side of the contract from ``seat``."""
        mine = self.maximisers >> seat & 1
        return sum(1 << s for s in range(len(self.hands)) if (self.maximisers >> s & 1) != mine)

    @property
    def tricks_left(self) -> int:
        """The tricks still to finish, the one in play included (the leader has led to it)."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    @property
    def value_left(self) -> int:
        """The credit still to be won: the upper bound of any search."""
        tricks = self.tricks_left
        if not self.counts:
            return tricks
        tiles = mask_of(self.trick)
        for h in self.hands:
            tiles |= h
        return tricks + sum(COUNT[t] for t in range(28) if tiles >> t & 1)

    def legal_mask(self) -> int:
        """The tiles the seat to play may play (the engine's rules, from the tables)."""
        hand = self.hands[self.to_play]
        if self.rules.sevens:
            return closest_to_seven(hand)
        if not self.trick:
            return hand
        return hand & self.rules.follow_lead[self.trick[0]] or hand

    def after(self, tile: int) -> Position:
        """The position once the seat to play plays ``tile`` (the trick closed if full)."""
        seat = self.to_play
        hands = list(self.hands)
        hands[seat] &= ~(1 << tile)
        trick = self.trick + (tile,)
        order = self.orders[self.leader]
        if len(trick) < len(order):
            return _replace(self, hands=tuple(hands), trick=trick)
        winner = order[self.rules.winner_index(list(trick))]
        gain = trick_value(trick, self.counts) if self.credit >> winner & 1 else 0
        return _replace(self, hands=tuple(hands), trick=(), leader=winner, taken=self.taken + gain)

    @classmethod
    def new_hand(
        cls,
        options: Options,
        trump: Trump,
        bid: int,
        bidder: int,
        declarer: int,
        hands: Sequence[int],
    ) -> Position:
        """The first trick of a hand not yet played: ``declarer`` leads (bidding by simulation)."""
        out = (bidder + 2) % 4 if trump is Trump.NELLO else None
        maximisers, credit, counts, goal = _contract(options, trump, bid, bidder, out)
        return cls(
            rules=options.trick_rules_for(trump),
            hands=tuple(0 if s == out else h for s, h in enumerate(hands)),
            leader=declarer,
            trick=(),
            orders=play_orders(options.seats, out),
            maximisers=maximisers,
            credit=credit,
            counts=counts,
            taken=0,
            goal=goal,
        )

    @classmethod
    def of_view(cls, view: SeatView, hands: list[int] | tuple[int, ...]) -> Position:
        """The position of ``view``'s hand with the given tiles in every seat (a layout)."""
        trump, bid, bidder, declarer = view.trump, view.high_bid, view.bidder, view.declarer
        if trump is None or bid is None or bidder is None or declarer is None:
            raise ValueError("the hand has no trump yet: there is nothing to solve")
        rules = view.play_rules
        out = view.sitting_out
        trick = view.current_trick
        if trick is not None:
            leader = trick.leader
            tiles = tuple(int(t) for _, t in trick.plays)
        else:
            won_last = view.tricks[-1].winner if view.tricks else None
            leader = declarer if won_last is None else won_last
            tiles = ()
        maximisers, credit, counts, goal = _contract(view.options, trump, bid, bidder, out)
        done = view.tricks
        taken = 0
        for t in done:
            if t.winner is not None and credit >> t.winner & 1:
                taken += trick_value(tuple(tile for _, tile in t.plays), counts)
        hands = tuple(0 if s == out else h for s, h in enumerate(hands))
        return cls(
            rules=rules,
            hands=hands,
            leader=leader,
            trick=tiles,
            orders=play_orders(view.seats, out),
            maximisers=maximisers,
            credit=credit,
            counts=counts,
            taken=taken,
            goal=goal,
        )


def _contract(
    options: Options, trump: Trump, bid: int, bidder: int, out: int | None
) -> tuple[int, int, bool, int]:
    """Who maximises, whose tricks are credited, whether count counts, and the goal."""
    if options.partnerships:
        side = seat_mask((bidder, (bidder + 2) % 4))
    else:
        side = 1 << bidder
    counts = not options.is_moon and trump not in (Trump.NELLO, Trump.SEVENS)
    if trump is Trump.NELLO:
        playing = seat_mask(s for s in range(options.seats) if s != out)
        return 1 << bidder, playing & ~(1 << bidder), counts, 7
    if options.is_moon:
        goal = 7 if bid == MOON else bid
    elif counts:
        goal = min(bid, MARK)
    else:
        goal = 7
    return side, side, counts, goal


def for_majority(position: Position) -> Position:
    """The same position with the goal of taking more than half of the hand (22 of 42
    points, 4 of 7 tricks) instead of the bid: how the arena's ``--no-bidding`` counts a
    hand won.  Nello, where the credit is the bidder's lost tricks, keeps its goal."""
    if position.maximisers != position.credit:
        return position
    whole = 42 if position.counts else 7
    return _replace(position, goal=whole // 2 + 1)


DISTANCE_MASKS = tuple(mask_of(t for t in TILES if abs(t.pips - 7) == d) for d in range(8))


def closest_to_seven(hand: int) -> int:
    """Sevens (rules/README.md 9.5): the tiles of ``hand`` whose pips are closest to seven."""
    for band in DISTANCE_MASKS:
        if hand & band:
            return hand & band
    return 0


def trick_value(tiles: Iterable[int], counts: bool) -> int:
    return 1 + sum(COUNT[t] for t in tiles) if counts else 1


_replace = replace
