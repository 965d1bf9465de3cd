"""Spectators at a shared table: they see the game as it is played, and no hand.

A spectator watches from one seat's side of the table (the seat drawn at the bottom of
their screen; they may turn to another).  What they are sent is built here, in the server,
from that seat's view with everything private taken out: the hand, the widow, the discard
and the moves on offer.  What is left is what every seat may know (rules/README.md 8):
bids, trump, the tiles played, tricks, scores.  The events sent with a view are public by
the rules' own contract (``rules/events.py``).

A table whose opener allowed it shows a spectator, once a hand is over, the hand that was
dealt to the seat they watch from: one seat a hand, the one they watched when it ended.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from moon42.rules import Game, Phase, Tile
from moon42.rules.views import SeatView

__all__ = ["DEFAULT_SPECTATORS", "Spectator", "revealed_hand", "spectator_view"]

DEFAULT_SPECTATORS = 10  # spectators a table takes at once


@dataclass
class Spectator:
    player: str  # the identity (as a seat's ``player``)
    name: str
    session: str  # the session watching (its sign-in's token)
    send: Callable[[dict[str, Any]], None]
    seat: int = 0  # the seat they watch from
    # The hand (its number) whose dealt tiles were shown, and the seat they were of.
    revealed: tuple[int, int] | None = None


def spectator_view(game: Game, seat: int, names: tuple[str, ...]) -> SeatView:
    """What a spectator behind ``seat`` is sent: the seat's view with no tile of anyone's
    hand, no widow and no discard, and nothing on offer."""
    return replace(game.view(seat), players=names, hand=(), legal=(), widow=(),
                   discard=None)


def revealed_hand(game: Game, spectator: Spectator) -> tuple[int, tuple[Tile, ...]] | None:
    """Once a hand is over, the tiles dealt to the seat ``spectator`` watches (the seat
    they watched when it ended: one seat a hand); None while a hand is being played."""
    if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) or not game.log:
        return None
    hand = len(game.log) - 1
    if spectator.revealed is None or spectator.revealed[0] != hand:
        spectator.revealed = (hand, spectator.seat)
    seat = spectator.revealed[1]
    return seat, tuple(sorted(game.log[hand].deal[seat], reverse=True))
