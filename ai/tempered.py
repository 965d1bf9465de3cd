"""A play's chance not proven, tempered: the figure a hint shows for a play.

A play hint counts how often its side gets what it plays for over this hand's layouts,
each solved with every hand open, so that in each layout both sides play as if they saw
every tile.  No player at the table does, and measured against what happened the figures
not proven were too sure at both ends: over the 868 kept moments of
``python -m moon42.ai.lab.hint_figures`` (seeds 7 to 10), plays shown at 90-98% got their
side what it played for in 80% (82 moments), and those shown under 10% in 12.5% (80).

``tempered(rate)`` reads such a figure through one temperature in log-odds,
``logistic(log_odds(rate) / TEMPERATURE)``: 97% becomes about 93%, 75% about 69%, 5%
about 10%; 50% stays.  It keeps the order of the tiles (the advice is the same) and
leaves a proven 100% or 0% alone.

``TEMPERATURE``: the least log loss over the 588 unproven play figures of the runs of
seeds 7, 8 and 9, checked on seed 10's 280, never seen in the fit: log loss 0.557 to
0.534 (paired, -0.024 [-0.047, 0.000]), Brier score 0.178 to 0.176 (-0.002 [-0.007,
+0.003]).  Over all 2,000 moments, the buckets of ten points whose figures lie more than
five points from what happened went from two (40-50%, 80-90%) to one (30-40%: 35.6% shown,
29.2% happened, 96 moments); on seed 10 alone, from four to two.
"""

from __future__ import annotations

from .calibration import log_odds, logistic

__all__ = ["TEMPERATURE", "tempered"]

TEMPERATURE = 1.35


def tempered(rate: float) -> float:
    """A play's chance not proven, as a hint shows it (see the module's docstring)."""
    return logistic(log_odds(rate) / TEMPERATURE)
