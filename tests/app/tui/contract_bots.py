"""Scripted bots that bid Texas 42's contracts, to reach those tables deterministically.

Each acts like the plain bot (pass when allowed, else the first legal action) except for the
one thing it is named after.  ``contract_bot`` stands in for the flow's
``moon42.ai.registry.make_bot``.
"""

from __future__ import annotations

from moon42.rules import Action, Bid, NameTrump, Plunge, Splash, Trump
from moon42.rules.views import SeatView

from .helpers import PlainBot, new_bot_or_plain

__all__ = ["TEXAS_TABLE", "contract_bot", "PLUNGER", "BID_84", "NELLO_BIDDER"]

TEXAS_TABLE = {"forced_bid": True, "mark_raises": "one", "nello": True, "plunge": True,
               "splash": True}

PLUNGER = "test-plunger"  # bids Plunge (or else Splash) whenever its doubles allow
BID_84 = "test-bid-84"  # bids 84 when it may
NELLO_BIDDER = "test-nello"  # bids 42 when it may, then names Nello


class ScriptedBot(PlainBot):
    def __init__(self, name: str, seed: int | None = None) -> None:
        super().__init__(seed)
        self.name = name

    def _pick(self, view: SeatView, wanted) -> Action:
        found = [a for a in view.legal if wanted(a)]
        return found[0] if found else self._first(view)

    def bid(self, view: SeatView) -> Action:
        if self.name == PLUNGER:
            return self._pick(view, lambda a: isinstance(a, Plunge | Splash))
        if self.name == BID_84:
            return self._pick(view, lambda a: isinstance(a, Bid) and a.value == 84)
        return self._pick(view, lambda a: isinstance(a, Bid) and a.value == 42)

    def trump(self, view: SeatView) -> Action:
        return self._pick(view, lambda a: isinstance(a, NameTrump) and a.trump is Trump.NELLO)


def contract_bot(name: str, seed: int | None):
    if name in (PLUNGER, BID_84, NELLO_BIDDER):
        return ScriptedBot(name, seed)
    return new_bot_or_plain(name, seed)
