"""The one protocol every bot speaks: decide a bid, a discard, a trump or a play from a view.

A bot sees exactly what its seat may know (a ``SeatView``, rules/README.md 8) and never the
``Game``, so it cannot peek at hidden tiles; it answers with one of ``view.legal``.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from moon42.rules.actions import Action
from moon42.rules.views import SeatView

__all__ = ["Strategy", "decide"]


@runtime_checkable
class Strategy(Protocol):
    """A way of playing one seat.  Each method returns one of ``view.legal``."""

    def bid(self, view: SeatView) -> Action:
        """A Bid, Pass, Plunge or Splash."""
        ...

    def discard(self, view: SeatView) -> Action:
        """Three-player Moon: the tile laid aside after taking the widow."""
        ...

    def trump(self, view: SeatView) -> Action:
        """The trump to name (a NameTrump)."""
        ...

    def play(self, view: SeatView) -> Action:
        """The tile to play to the trick."""
        ...


def decide(strategy: Strategy, view: SeatView) -> Action:
    """Ask ``strategy`` for the action ``view.to_act`` calls for, and make sure it is legal.

    A bot from another package may be wrong; refusing here names the bot instead of
    leaving the engine to report a broken rule against the seat.
    """
    turn = view.to_act
    if turn is None or turn.seat != view.seat:
        raise ValueError(f"seat {view.seat} is not to act: no decision is asked of it")
    if turn.kind == "bid":
        action = strategy.bid(view)
    elif turn.kind == "discard":
        action = strategy.discard(view)
    elif turn.kind == "trump":
        action = strategy.trump(view)
    elif turn.kind == "play":
        action = strategy.play(view)
    else:
        raise ValueError(f"unknown kind of turn {turn.kind!r}")
    if action not in view.legal:
        raise ValueError(
            f"bot {type(strategy).__name__} chose {action!r}, which is not a legal {turn.kind}"
            f" for seat {view.seat}"
        )
    return action
