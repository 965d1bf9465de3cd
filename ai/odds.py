"""What a hint's figure for a bid or a trump rests on, and whether it is certain.

A bid or trump figure starts as the share of the expert's simulated layouts in which the
bid is made with all hands open (``ExpertBot.simulated_rates``; for follow-me a part of it,
``expert.simulated_rate``, as the expert bids by).  Read through the
calibration (``calibration.estimate``) it becomes how often play makes such bids: against
experts, and when ``basic`` defends.  Neither is ever a certainty: the calibrated figure is
shown as "about" and kept between 1% and 99%, unless a proof says more
(``search.certainty``):

- *always*: the bidder's sure tricks (trumps no unseen trump beats, then tiles nothing
  unseen beats once every trump is drawn) reach the bid, however the others' tiles lie
  and whatever they play.  The bidder leads the first trick, so this holds before the
  widow too (the widow only adds to what the bidder knows).
- *never*: every way the unseen tiles can lie is listed (Moon for three once the widow
  is taken: 3,432 of them), and in each the defence, playing correctly, sets the bid.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from moon42.rules.game import Phase
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .calibration import Estimate, estimate
from .expert import simulated_rate
from .search.certainty import hopeless, sure_credit
from .search.layouts import deal_constraints, enumerate_layouts
from .search.position import Position

__all__ = [
    "Certainty", "CallOdds", "call_odds", "PROOF_LAYOUTS", "PROOF_HIDDEN", "PROOF_BUDGET",
]

PROOF_LAYOUTS = 5000  # layouts listed at most for a proof that needs every one
PROOF_HIDDEN = 14  # unseen tiles above which there are always too many layouts to list
PROOF_BUDGET = 5.0  # seconds (counted in work) all the proofs of one hint may take


class Certainty(StrEnum):
    """A proven outcome, for the side the figure is about."""

    ALWAYS = "always"
    NEVER = "never"


@dataclass(frozen=True)
class CallOdds:
    """A trump's figures for a bid of ``bid``.

    ``simulated``: the share of ``layouts`` simulated layouts made with all hands open;
    ``estimate``: that read through the calibration (None: this kind of bid was not
    measured); ``certain``: a proven outcome, over ``worlds`` layouts (0: by sure tricks,
    which hold in every layout).
    """

    trump: Trump
    simulated: float
    layouts: int
    estimate: Estimate | None
    certain: Certainty | None = None
    worlds: int = 0


def call_odds(
    view: SeatView,
    bid: int,
    results: dict[Trump, list[bool]],
    out_of_time: Callable[[], bool],
    shown: int = 2,
) -> tuple[CallOdds, ...]:
    """Every simulated trump's figures, best first; proofs are sought for the first
    ``shown`` (the ones a hint gives) until ``out_of_time()``."""
    before_widow = view.options.game == "moon3" and view.discard is None
    contract = view.contract if view.contract in ("plunge", "splash") else None
    odds = []
    for trump, made in results.items():
        if made:
            rate = simulated_rate(trump, made)
            found = estimate(view.options, bid, rate, before_widow, contract)
            odds.append(CallOdds(trump, rate, len(made), found))
    odds.sort(key=lambda o: -o.simulated)
    out = []
    worlds: list[list[int]] | None = None
    for i, o in enumerate(odds):
        made = results[o.trump]
        if i < shown and all(made) and _sure_tricks(view, o.trump, bid):
            o = CallOdds(o.trump, o.simulated, o.layouts, o.estimate, Certainty.ALWAYS)
        elif i < shown and not any(made) and not before_widow:
            if worlds is None:
                deal = deal_constraints(view)
                few = deal.hidden.bit_count() <= PROOF_HIDDEN
                worlds = (enumerate_layouts(deal, PROOF_LAYOUTS) if few else None) or []
            if worlds and _never(view, o.trump, bid, worlds, out_of_time):
                o = CallOdds(o.trump, o.simulated, o.layouts, o.estimate, Certainty.NEVER,
                             len(worlds))
        out.append(o)
    return tuple(out)


def _start(view: SeatView, trump: Trump, bid: int, hands: Sequence[int]) -> Position:
    bidder = view.seat if view.bidder is None or view.phase is Phase.BIDDING else view.bidder
    return Position.new_hand(view.options, trump, bid, bidder, view.seat, hands)


def _sure_tricks(view: SeatView, trump: Trump, bid: int) -> bool:
    if trump in (Trump.NELLO, Trump.SEVENS):
        return False
    c = deal_constraints(view)
    position = _start(view, trump, bid, c.known)
    hand = c.known[view.seat]
    return sure_credit(position.rules, position.counts, hand, c.hidden) >= position.goal


def _never(
    view: SeatView, trump: Trump, bid: int, worlds: list[list[int]],
    out_of_time: Callable[[], bool],
) -> bool:
    if trump in (Trump.NELLO, Trump.SEVENS):
        return False
    positions = [_start(view, trump, bid, hands) for hands in worlds]
    return bool(hopeless(positions, view.seat, out_of_time))
