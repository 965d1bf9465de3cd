"""An auction settled at once: the seat to bid first bids the least and everybody passes.

The arena's ``--no-bidding`` and the bid calibration (``ai.calibrate``) use it to give a
hand to a bidder without asking anyone's strategy.  It is always legal: a forced bid only
binds when nobody has bid.
"""

from __future__ import annotations

from moon42.rules import Bid, Game, Pass, Phase

__all__ = ["skip_auction"]


def skip_auction(game: Game) -> None:
    """The seat to bid first (left of the dealer) bids the minimum; everybody else passes."""
    first = game.to_act.seat
    low = min(a.value for a in game.legal_actions() if type(a) is Bid)
    game.apply(Bid(first, low))
    while game.phase is Phase.BIDDING:
        game.apply(Pass(game.to_act.seat))
