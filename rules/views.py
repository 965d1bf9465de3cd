"""A seat's view: exactly what that seat may know (rules/README.md 8), and nothing else.

The app draws from views and the bots decide from them, so neither can see a
tile its seat may not know.  ``Game.view(seat)`` makes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Turn
from .options import Options
from .phase import Phase
from .results import HandResult, Trick
from .tiles import Tile
from .trump import TrickRules, Trump

__all__ = ["SeatView", "BidEntry"]


@dataclass(frozen=True, slots=True)
class BidEntry:
    """One turn of the auction: ``value`` None is a pass."""

    seat: int
    value: int | None
    contract: str  # "bid", "plunge", "splash" or "pass"


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat knows.  ``hand`` is its own tiles, high first."""

    seat: int
    options: Options
    players: tuple[str, ...]
    hand_number: int
    dealer: int
    phase: Phase
    to_act: Turn | None
    legal: tuple[Action, ...]
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[BidEntry, ...]
    high_bid: int | None
    bidder: int | None
    contract: str | None
    declarer: int | None
    trump: Trump | None
    widow: tuple[Tile, ...]
    discard: Tile | None
    sitting_out: int | None
    tricks: tuple[Trick, ...]
    current_trick: Trick | None
    tricks_won: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    winner: tuple[int, ...] | None

    @property
    def game(self) -> str:
        return self.options.game

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def partner(self) -> int | None:
        return (self.seat + 2) % 4 if self.options.partnerships else None

    @property
    def my_turn(self) -> bool:
        return self.to_act is not None and self.to_act.seat == self.seat

    @property
    def face_down(self) -> bool:
        """Earlier tricks are stacked face down (a Texas 42 bid of 84 or more)."""
        return not self.options.is_moon and (self.high_bid or 0) >= 84 and self.trump is not None

    @property
    def trick_rules(self) -> TrickRules | None:
        """The following and ranking rules in force, once trump is named."""
        if self.trump is None:
            return None
        return self.options.trick_rules_for(self.trump)

    @property
    def play_rules(self) -> TrickRules:
        """The trick rules of a hand whose trump is named (in the play, or once it is over);
        a ValueError before."""
        if self.trump is None:
            raise ValueError("no trump is named yet: no trick rules are in force")
        return self.options.trick_rules_for(self.trump)

    @property
    def tricks_so_far(self) -> tuple[Trick, ...]:
        """This hand's tricks, the one on the table included."""
        if self.current_trick is None:
            return self.tricks
        return (*self.tricks, self.current_trick)

    @property
    def played(self) -> tuple[Tile, ...]:
        """Every tile played so far this hand, in order."""
        return tuple(t for trick in self.tricks_so_far for _, t in trick.plays)

