"""A seat's view: exactly what that seat may know (RULES.md 8), and nothing else.

The app draws from views and the bots decide from them, so neither can see a
tile its seat may not know.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, Turn
from .options import Options
from .results import HandResult, Trick
from .tiles import Tile, tiles_of_mask
from .trump import TrickRules, Trump, trick_rules

if TYPE_CHECKING:
    from .game import Game, Phase

__all__ = ["SeatView", "BidEntry", "view_of"]


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
        doubles = self.options.no_trump_doubles
        if self.trump is Trump.NELLO:
            doubles = self.options.nello_doubles
        return trick_rules(self.trump, doubles)

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


def view_of(game: Game, seat: int) -> SeatView:
    from .game import Phase

    if not (0 <= seat < game.seats):
        raise ValueError(f"seat {seat} is not a seat of this game")
    in_hand = bool(game.log)
    bidder = game._bidder if in_hand else None
    sees_widow = in_hand and seat == bidder and game.phase is not Phase.BIDDING
    widow_known = sees_widow and (game._discard is not None or game.phase is Phase.WIDOW)
    turn = game.to_act
    return SeatView(
        seat=seat,
        options=game.options,
        players=game.players,
        hand_number=game.hand_number,
        dealer=game.dealer if in_hand else 0,
        phase=game.phase,
        to_act=turn,
        legal=game.legal_actions() if turn is not None and turn.seat == seat else (),
        hand=tuple(reversed(tiles_of_mask(game._hands[seat]))) if in_hand else (),
        hand_sizes=tuple(h.bit_count() for h in game._hands) if in_hand else (0,) * game.seats,
        bids=tuple(BidEntry(s, v, c) for s, v, c in game._bids) if in_hand else (),
        high_bid=(game._high or None) if in_hand else None,
        bidder=bidder,
        contract=game._contract if bidder is not None else None,
        declarer=game._declarer if in_hand else None,
        trump=game._trump if in_hand else None,
        widow=game._widow if widow_known else (),
        discard=game._discard if sees_widow else None,
        sitting_out=game._sitting_out if in_hand else None,
        tricks=tuple(game._tricks) if in_hand else (),
        current_trick=game.current_trick() if in_hand else None,
        tricks_won=tuple(game._tricks_won) if in_hand else (0,) * game.seats,
        points=tuple(game._points) if in_hand else (0,) * game.seats,
        scores=tuple(game.scores),
        results=tuple(game.results),
        winner=game.winner,
    )
