"""What the human may choose now, in the order the table shows it (pure functions of a view)."""

from __future__ import annotations

from dataclasses import dataclass

from moon42.rules import Bid, Discard, NameTrump, Pass, Play, Plunge, Splash, Tile, Trump
from moon42.rules.actions import Action
from moon42.rules.bidding import special_value
from moon42.rules.trump import TRUMP_SUIT, trick_rules
from moon42.rules.views import SeatView

from ...play.words import bid_text, trump_text

__all__ = [
    "Choice",
    "ordered_hand",
    "bid_offers",
    "trump_offers",
    "trumps_held",
    "TRUMP_KEYS",
    "legal_tiles",
    "offer_label",
]

TRUMP_KEYS = {Trump.DOUBLES: "d", Trump.NO_TRUMP: "n", Trump.NELLO: "e", Trump.SEVENS: "7"} | {
    Trump.of_number(n): str(n) for n in range(7)
}


@dataclass(frozen=True)
class Choice:
    """One thing the human may choose, as the choice bar shows it: its words and its key."""

    label: str
    key: str = ""


def ordered_hand(view: SeatView) -> tuple[Tile, ...]:
    """The hand, suits together: once trump is named, trumps first (best first)."""
    hand = view.hand
    if view.trump is Trump.SEVENS:  # closest to 7 pips first: the order Sevens plays them
        return tuple(sorted(hand, key=lambda t: abs(t.pips - 7)))
    rules = view.trick_rules
    if rules is None or view.trump in (Trump.NO_TRUMP, Trump.NELLO, Trump.SEVENS):
        return hand
    power = rules.power[TRUMP_SUIT]
    trumps = sorted((t for t in hand if rules.is_trump[t]), key=lambda t: -power[t])
    return tuple(trumps) + tuple(t for t in hand if not rules.is_trump[t])


def legal_tiles(view: SeatView) -> frozenset[Tile] | None:
    """The tiles the human may play or discard now, or None when no tile is being chosen."""
    if not view.my_turn or view.to_act is None or view.to_act.kind not in ("play", "discard"):
        return None
    return frozenset(a.tile for a in view.legal if isinstance(a, Play | Discard))


def bid_offers(view: SeatView) -> list[Action]:
    """The legal bids, pass first."""
    return [a for a in view.legal if isinstance(a, Pass | Bid | Plunge | Splash)]


def offer_label(action: Action, view: SeatView) -> str:
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return bid_text(action.value, "bid", view.options)
    if isinstance(action, Plunge | Splash):
        contract = "plunge" if isinstance(action, Plunge) else "splash"
        return bid_text(special_value(contract, view.high_bid or 0), contract, view.options)
    if isinstance(action, NameTrump):
        return trump_text(action.trump, view.options)
    return str(action)


def trumps_held(view: SeatView, trump: Trump) -> int | None:
    """How many trumps the hand would hold with ``trump`` (None when there are no trumps)."""
    if trump.number is None and trump is not Trump.DOUBLES:
        return None
    rules = trick_rules(trump)
    return sum(1 for t in view.hand if rules.is_trump[t])


def trump_offers(view: SeatView) -> list[NameTrump]:
    return [a for a in view.legal if isinstance(a, NameTrump)]
