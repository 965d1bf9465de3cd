"""An auction settled at once: the seat to bid first bids the least and everybody passes.

The arena's ``--no-bidding``, the measuring tools and the bid calibration (``ai.calibrate``)
use it to give a hand to a bidder without asking anyone's strategy.  It is always legal: a
forced bid only binds when nobody has bid.  Nobody chose those calls, so they say nothing of
the hands: the hand is played inside ``given_auction()``, and a bot that reads the auction
(``search.auction``) asks ``auction_given()`` first.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from moon42.rules import Bid, Game, Pass, Phase

__all__ = ["skip_auction", "given_auction", "auction_given"]

_given: ContextVar[bool] = ContextVar("auction_given", default=False)


def skip_auction(game: Game) -> None:
    """The seat to bid first (left of the dealer) bids the minimum; everybody else passes."""
    first = game.seat_to_act
    low = min(a.value for a in game.legal_actions() if type(a) is Bid)
    game.apply(Bid(first, low))
    while game.phase is Phase.BIDDING:
        game.apply(Pass(game.seat_to_act))


@contextmanager
def given_auction() -> Iterator[None]:
    """While inside, the hand being decided had its auction given (``skip_auction`` or a
    bid handed to a seat), not called."""
    token = _given.set(True)
    try:
        yield
    finally:
        _given.reset(token)


def auction_given() -> bool:
    """Whether the hand being decided had its auction given rather than called."""
    return _given.get()
