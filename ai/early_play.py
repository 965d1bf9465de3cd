"""A Texas 42 play figure early in the hand, read as the bid's figure is.

A play hint counts how often its side gets what it plays for over this hand's layouts,
each solved with every hand open.  Late in a hand that is close to what happens; in the
first tricks of Texas 42 it is not, for the same reason the bid's simulation is not: an
open hand shows the bidder its partner's tiles to the last pip, which no player sees.  Over
the moments measured with ``python -m moon42.ai.lab.hint_figures --moments 250 --seed 7``,
the bidders' figures at the first lead read 70% on average where the bid was made 50% of
the time (30 moments), 65% against 49% after one trick (37), 67% against 60% after two
(30), and from the fourth trick on they were within a few points.  Moon for four's first
figures were as close as its later ones (84% against 81% at the first lead) and Moon for
three's bidder has no partner, so only Texas 42's figures are read here.

``read(view, rate)`` reads a figure for the bidders (made) partly through the calibration
curve of the bid's kind (``calibration.estimate``: what the trump hint shows): at the first
lead ``SHARE`` of the way from the hand's own figure to the curve's (in log-odds), less
after each trick, not at all once ``FADE`` tricks are played, so that the trump hint's
figure and the first lead's tell one story and the figure walks, not jumps, to the hand's
own.  The defenders' (set) figure is read as one less the bidders'.

``SHARE``: asked again on the 188 early Texas 42 moments of two runs (seeds 7 and 8,
``python -m moon42.ai.lab.early_figures``), the hand's own figures said 67% on average
where the bid was made in 59%, the curve's wholly 52%; the Brier score was lowest three
quarters of the way (0.193, against 0.208 for the hand's own and 0.197 for the curve's),
and a third run (seed 9) was kept to check it.
"""

from __future__ import annotations

from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .calibration import estimate, log_odds, logistic

__all__ = ["FADE", "SHARE", "read", "weight"]

FADE = 3  # tricks after which a figure is the hand's own
SHARE = 0.75  # how far a first lead's figure is read towards the curve's


def weight(view: SeatView) -> float:
    """How much of the calibration a figure in ``view`` takes: ``SHARE`` before the first
    trick, 0 where it is not read (not Texas 42, Nello or Sevens, ``FADE`` tricks played)."""
    if view.options.game != "texas42" or view.trump in (Trump.NELLO, Trump.SEVENS):
        return 0.0
    if view.high_bid is None or view.contract in ("plunge", "splash"):
        return 0.0
    return SHARE * max(0.0, 1 - len(view.tricks) / FADE)


def read(view: SeatView, rate: float, bidder_side: bool) -> float:
    """``rate`` (for the seat's side: made for the bidders, set for the others) as shown."""
    w = weight(view)
    if w == 0.0 or view.high_bid is None:
        return rate
    made = rate if bidder_side else 1 - rate
    found = estimate(view.options, view.high_bid, made)
    if found is None:
        return rate
    z = (1 - w) * log_odds(made) + w * log_odds(found.experts)
    shown = logistic(z)
    return shown if bidder_side else 1 - shown
