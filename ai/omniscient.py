"""``omniscient``: the solver with every hand in view.  A yardstick, never offered to players.

It cheats by design: it measures how far the honest bots are from perfect play.  A view
does not carry the hidden hands, so whoever runs it must show it the game before each of
its decisions with ``see(game)`` (the arena does; the lobby never lists it, as it is not
in the registry's built-ins).  Shown nothing, it plays as ``expert``.

Play: the solver's best tile for the true layout.  Trump: the offered trump whose true
layout is worth most to its side.  Bid: the expert's (it bids before it could use much).
``blind_calls`` names trump as the expert does too, from its own hand alone
(``omniscient-blind-calls``): with the auction skipped nobody can know more when naming
trump, so next to ``omniscient`` it measures what seeing every hand at the call is worth.
"""

from __future__ import annotations

from typing import Any

from moon42.rules.actions import Action, NameTrump, Play
from moon42.rules.game import Game
from moon42.rules.tiles import mask_of
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .expert import ExpertBot, worth
from .search.position import Position
from .search.solver import Solver

__all__ = ["OmniscientBot", "true_hands"]


def true_hands(game: Game | None, view: SeatView) -> list[int] | None:
    """Every seat's hand in ``game``, if it is the game and the moment ``view`` shows (the
    same hand of it, the seat holding the same tiles); else None."""
    if game is None or game.hand_number != view.hand_number:
        return None
    hands = [mask_of(game.view(s).hand) for s in range(view.seats)]
    if hands[view.seat] != mask_of(view.hand):
        return None  # shown another game, or an older moment of it
    return hands


class OmniscientBot(ExpertBot):
    """Sees every hand (through ``see``) and plays the solver's best move."""

    description = "Sees every hand and plays perfectly: a yardstick, not an opponent."

    def __init__(
        self, seed: int | None = None, blind_calls: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(seed, **kwargs)
        self.blind_calls = blind_calls
        self._game: Game | None = None

    def see(self, game: Game) -> None:
        """Show it the whole game (every hand).  Only for measuring; never for a player."""
        self._game = game

    def play(self, view: SeatView) -> Action:
        hands = true_hands(self._game, view)
        if hands is None:
            return super().play(view)
        plays = {a.tile: a for a in view.legal if type(a) is Play}
        if len(plays) == 1:
            return next(iter(plays.values()))
        position = self._aimed(Position.of_view(view, hands), view)
        values = Solver(position).move_values(position)
        sign = 1 if position.maximisers >> view.seat & 1 else -1
        best = max(plays, key=lambda t: (sign * worth(position, values[t]), -t))
        return plays[best]

    def trump(self, view: SeatView) -> Action:
        hands = true_hands(self._game, view)
        named = {a.trump: a for a in view.legal if type(a) is NameTrump}
        plain: list[Trump] = [t for t in named if t not in (Trump.NELLO, Trump.SEVENS)]
        bid, bidder = view.high_bid, view.bidder
        if hands is None or len(plain) < 2 or self.blind_calls or bid is None or bidder is None:
            return super().trump(view)
        best, best_worth = plain[0], None
        for trump in self._candidates(view, plain):
            start = Position.new_hand(view.options, trump, bid, bidder, view.seat, hands)
            position = self._aimed(start, view)
            value = worth(position, Solver(position).value(position))
            if best_worth is None or value > best_worth:
                best, best_worth = trump, value
        return named[best]
