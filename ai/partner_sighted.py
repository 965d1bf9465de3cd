"""``partner-sighted``: the expert shown its partner's hand.  A yardstick, never offered.

It measures how much of the gap between ``expert`` and ``omniscient`` is the partner's
hidden hand and how much the opponents': it plays exactly as the expert does, with the
partner's tiles (what is left of them) in view and only the opponents' hands dealt at
random.  Like ``omniscient`` it must be shown the game before each decision
(``see(game)``; the arena does); shown nothing, or where there is no partner (Moon for
three), it plays as ``expert``.  ``when`` limits its look to the calls, bids and trump
(as ``partner-sighted-calls``), or to the play, to part the gap further.  Seeing every hand but
its partner's would be seeing them all (every tile is dealt in the partnership games), so
that yardstick is ``omniscient``.

``sees`` shows it one kind of its partner's tiles instead of the whole hand, only while the
hand is played, whatever ``when`` says (``partner-sighted-trumps``, ``-doubles``,
``-count``): which of them the partner holds, and so that it holds no other of that kind.
They measure what an agreement between partners that tells one such thing (a signal) could
be worth at most.
"""

from __future__ import annotations

from typing import Any

from moon42.rules.game import Game
from moon42.rules.tiles import TILES
from moon42.rules.views import SeatView

from .expert import ExpertBot
from .omniscient import true_hands
from .search.layouts import Constraints

__all__ = ["PartnerSightedBot", "shown", "kind_shown", "WHEN", "KINDS"]

# When it looks: while bidding and naming trump ("call") and while the hand is played ("play").
WHEN = frozenset({"call", "play"})
# The kinds of tiles it may be shown alone (trumps are asked of the hand's trick rules).
KINDS = ("trumps", "doubles", "count")
_DOUBLES = sum(1 << t for t in range(28) if TILES[t].is_double)
_COUNT = sum(1 << t for t in range(28) if TILES[t].count)


def shown(constraints: Constraints, seat: int, hand: int) -> Constraints:
    """``constraints`` with ``seat``'s hand known to be ``hand``: its tiles dealt to no one
    else and the seat no longer dealt any."""
    c = constraints
    if seat not in c.seats:
        return c
    at = c.seats.index(seat)
    keep = [i for i in range(len(c.seats)) if i != at]
    known = list(c.known)
    known[seat] = hand
    return Constraints(
        c.hidden & ~hand,
        [c.seats[i] for i in keep],
        [c.sizes[i] for i in keep],
        [c.allowed[i] & ~hand for i in keep],
        known,
        c.players,
    )


def kind_shown(constraints: Constraints, seat: int, hand: int, kind: int) -> Constraints:
    """``constraints`` with what ``seat`` holds of the tiles in ``kind`` known: those of
    them in ``hand`` are its own, the others go to the other places; the rest of its hand is
    dealt at random as before."""
    c = constraints
    if seat not in c.seats:
        return c
    at = c.seats.index(seat)
    held = hand & kind & c.hidden
    known = list(c.known)
    known[seat] |= held
    sizes = list(c.sizes)
    sizes[at] -= held.bit_count()
    allowed = [a & ~held for a in c.allowed]
    allowed[at] &= ~(kind & ~hand)
    return Constraints(c.hidden & ~held, c.seats, sizes, allowed, known, c.players)


class PartnerSightedBot(ExpertBot):
    """The expert with its partner's hand in view (through ``see``)."""

    description = "The expert shown its partner's hand: a yardstick, not an opponent."

    def __init__(
        self,
        seed: int | None = None,
        when: frozenset[str] = WHEN,
        sees: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(seed, **kwargs)
        if sees is not None and sees not in KINDS:
            raise ValueError(f"sees: one of {', '.join(KINDS)}, not {sees!r}")
        self.when = when if sees is None else frozenset({"play"})
        self.sees = sees
        self._game: Game | None = None

    def see(self, game: Game) -> None:
        """Show it the whole game; it looks only at its partner's hand.  Only for measuring."""
        self._game = game

    def _partner_hand(self, view: SeatView) -> int | None:
        hands = true_hands(self._game, view)
        if hands is None or view.partner is None:
            return None
        return hands[view.partner]

    def _play_constraints(self, view: SeatView) -> Constraints:
        constraints = super()._play_constraints(view)
        hand = self._partner_hand(view) if "play" in self.when else None
        partner = view.partner
        if hand is None or partner is None:  # (a partner's hand is known only with a partner)
            return constraints
        if self.sees is None:
            return shown(constraints, partner, hand)
        return kind_shown(constraints, partner, hand, self._kind(view))

    def _kind(self, view: SeatView) -> int:
        if self.sees == "doubles":
            return _DOUBLES
        if self.sees == "count":
            return _COUNT
        rules = view.trick_rules
        if rules is None:
            return 0
        return sum(1 << t for t in range(28) if rules.is_trump[t])

    def _deal_constraints(self, view: SeatView) -> Constraints:
        constraints = super()._deal_constraints(view)
        hand = self._partner_hand(view) if "call" in self.when else None
        partner = view.partner
        if hand is None or partner is None:
            return constraints
        return shown(constraints, partner, hand)
