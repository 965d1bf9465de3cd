"""A hand's decisions with every hand known (double-dummy), for the hand review.

Each figure is what the seat's side takes from the start of the trick in play to the end of
the hand, every hand in view and everyone playing their best from there, the hand played to
its last trick (a Texas 42 hand that ended early included):

- Texas 42: points (one a trick and its count) of the seat's side; in Nello and Sevens,
  tricks;
- Moon for four: the tricks of the seat's side; Moon for three: the bidder's tricks, or for
  another player the tricks the bidder does not take (the two others play together against
  the bid, as the solver and the hints take them).

More is better, but in Nello, where the bidder must lose every trick and the others want it
to take one: there every seat wants its side to take fewer (``more_is_better`` False).

The figures are the solver's (``search.solver``) on the contract's position: its credit is
the bidding side's, so a defender's figure is what is left of the hand less that.
"""

from __future__ import annotations

from dataclasses import dataclass

from moon42.rules.actions import Discard, NameTrump, Play
from moon42.rules.tiles import Tile
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .search.position import Position
from .search.solver import Solver

__all__ = [
    "Choice",
    "Figures",
    "play_figures",
    "trump_figures",
    "discard_figures",
    "more_is_better",
]

PLAIN = (Trump.NELLO, Trump.SEVENS)

# What the figures are for: a tile played or laid aside, or a trump named.
Choice = Tile | Trump


@dataclass(frozen=True)
class Figures:
    """Every choice with its double-dummy figure for the seat's side, and the best of them.

    ``values``: choice to figure, in the order offered; ``best``: the choices that do best;
    ``more``: whether more is better (see ``more_is_better``).
    """

    values: dict[Choice, int]
    more: bool = True

    @property
    def best_value(self) -> int:
        pick = max if self.more else min
        return pick(self.values.values())

    @property
    def best(self) -> tuple[Choice, ...]:
        top = self.best_value
        return tuple(c for c, v in self.values.items() if v == top)

    def lost(self, choice: Choice) -> int:
        """What ``choice`` gave up against the best (0: it is one of the best)."""
        gap = self.best_value - self.values[choice]
        return gap if self.more else -gap


def more_is_better(trump: Trump | None) -> bool:
    return trump is not Trump.NELLO


def _mine(position: Position, seat: int, value: int) -> int:
    """The seat's side's share of ``value`` (the credit of the contract's side)."""
    if position.credit >> seat & 1:
        return value
    return position.value_left - value


def play_figures(view: SeatView, hands: list[int], solver: Solver | None = None) -> Figures:
    """Every legal tile of ``view``'s seat (to play) with its figure; ``hands``: every seat's
    tiles now.  ``solver``: one built on this layout earlier in the hand (its table is kept)."""
    position = Position.of_view(view, hands)
    solver = solver if solver is not None else Solver(position)
    tiles = [int(t) for t in sorted(a.tile for a in view.legal if type(a) is Play)]
    values = solver.move_values(position, tiles=tiles)
    seat = view.seat
    mine: dict[Choice, int] = {Tile(t): _mine(position, seat, v) for t, v in values.items()}
    return Figures(dict(sorted(mine.items(), key=lambda kv: -int(kv[0]))),
                   more_is_better(view.trump))


def hand_solver(view: SeatView, hands: list[int]) -> Solver:
    """A solver for the hand's layout from ``view``'s moment on (its table serves every
    later decision of the hand)."""
    return Solver(Position.of_view(view, hands))


def _start(view: SeatView, trump: Trump, hands: list[int]) -> Position:
    bidder = view.bidder if view.bidder is not None else view.seat
    # After a Plunge or Splash the partner names trump and leads; else the bidder does.
    declarer = view.seat
    return Position.new_hand(view.options, trump, view.high_bid or 0, bidder, declarer, hands)


def trump_figures(view: SeatView, hands: list[int], weighed: list[Trump] | None = None
                  ) -> Figures | None:
    """The numbers, doubles or no trump ``view``'s seat may name (of them the ``weighed``
    ones, if given), each with the bidding side's figure had it been named (Nello and Sevens
    score otherwise and are left out); None when fewer than two are offered."""
    offered = [a.trump for a in view.legal if type(a) is NameTrump and a.trump not in PLAIN]
    if weighed is not None:
        offered = [t for t in offered if t in weighed]
    if len(offered) < 2:
        return None
    values: dict[Choice, int] = {}
    for trump in offered:
        position = _start(view, trump, hands)
        values[trump] = Solver(position).value(position)
    return Figures(values)


def discard_figures(view: SeatView, hands: list[int], trump: Trump) -> Figures:
    """Moon for three's discard: every tile the bidder may lay aside, with its tricks had
    it laid that one aside and named ``trump`` (the trump named, or to be named, in the hand).
    ``hands[view.seat]``: the bidder's eight tiles."""
    values: dict[Choice, int] = {}
    seat = view.seat
    for tile in (a.tile for a in view.legal if type(a) is Discard):
        kept = list(hands)
        kept[seat] = hands[seat] & ~(1 << int(tile))
        position = _start(view, trump, kept)
        values[tile] = Solver(position).value(position)
    return Figures(dict(sorted(values.items(), key=lambda kv: -int(kv[0]))))


def side_takes_trick(view: SeatView, hands: list[int], solver: Solver, tile: Tile) -> bool:
    """Whether the seat's side takes the trick in play when its seat plays ``tile`` and
    everyone plays their best after it (ties: the lowest tile)."""
    position = Position.of_view(view, hands)
    credited = position.credit >> view.seat & 1
    after = position.after(int(tile))
    while after.trick:
        maximiser = after.maximisers >> after.to_play & 1
        values = solver.move_values(after)
        pick = max if maximiser else min
        top = pick(values.values())
        after = after.after(min(t for t, v in values.items() if v == top))
    return (after.credit >> after.leader & 1) == credited
