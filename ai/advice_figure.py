"""The figure a hint leads with: the chance that its side gets what it plays for.

A hint words an ``advice.Advice`` for the player (``app/tui/text/hint_words.py``); the number
it leads with is chosen here, so that what the player reads and what a measurement checks
against outcomes (``ai/lab/hint_figures.py``) are the same number.

- A play: the advised tile's chance against best play (the figure a hint gives first,
  before the one that reads the others as players of habits), 100% or 0% where proven.
  None where the hint gives no chance: a single legal tile, or tiles equal for the
  contract and apart only in the points or tricks they keep (the hint shows those).
- A bid or a trump: the calibrated chance of the bid with the trump it is weighed with,
  100% or 0% where proven; None where that kind of bid was not measured.

A play figure is not given where play shows it far from what happens
(``figure_trusted``): in Moon for three, the defenders' chance of setting the bid.  The
search takes the two defenders for one side that sees both their hands and plays them
together, which two players who each see only their own never do: over 95 such moments of
expert play (``python -m moon42.ai.lab.hint_figures --moments 250 --seed 7``), the hints
said a set in 56% on average and the bid was set in 19%.  A proven 100% or 0% is given all
the same (every one of the 140 proven figures measured held).
"""

from __future__ import annotations

from dataclasses import dataclass

from moon42.rules.actions import Bid, NameTrump, Play
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .advice import Advice, TileFigures
from .odds import Certainty

__all__ = ["Headline", "compared", "figure_trusted", "headline", "shows_credit",
           "tiles_differ"]


@dataclass(frozen=True)
class Headline:
    """The chance a hint leads with.

    ``goal``: "made" (the bid) or "set" (it, for the defence); ``certain``: proven;
    ``rough``: a calibrated figure resting on few measured bids; ``value`` and ``trump``:
    the bid and trump the figure is for; ``hands_like``: a bid or trump figure, read for
    hands like this one through the calibration (a play's is counted on this hand's deals).
    """

    rate: float
    goal: str
    certain: Certainty | None
    rough: bool
    value: int | None
    trump: Trump | None
    hands_like: bool


def compared(f: TileFigures, habit: bool) -> float:
    """The figure a tile is compared by: against best play where others are read for habits."""
    return f.against_best if habit else f.wins


def tiles_differ(advice: Advice) -> bool:
    """Whether the advised tile's chance is above another legal tile's."""
    best, rest = advice.tiles[0], advice.tiles[1:]
    habit = best.best_play is not None
    return any(abs(compared(f, habit) - compared(best, habit)) > 1e-9 for f in rest)


def shows_credit(advice: Advice) -> bool:
    """A play hint whose tiles are equal for the contract but not for the points kept: it
    shows those, not a chance."""
    best, rest = advice.tiles[0], advice.tiles[1:]
    if tiles_differ(advice):
        return False
    return best.credit is not None and best.credit - max(f.credit or 0.0 for f in rest) >= 0.05


def figure_trusted(view: SeatView, advice: Advice) -> bool:
    """Whether a play hint's chance is given (see the module's docstring): not for the
    defenders of Moon for three, unless proven."""
    if view.options.game != "moon3" or advice.bidder_side or not advice.tiles:
        return True
    return advice.tiles[0].certain is not None


def _proven(certain: Certainty | None, rate: float) -> float:
    return 1.0 if certain is Certainty.ALWAYS else 0.0 if certain is Certainty.NEVER else rate


def headline(view: SeatView, advice: Advice) -> Headline | None:
    """The chance a hint for ``advice`` (in ``view``) leads with, or None if it gives none."""
    action = advice.action
    if isinstance(action, Play):
        if not advice.tiles or len(view.legal) == 1 or shows_credit(advice) \
                or not figure_trusted(view, advice):
            return None
        best = advice.tiles[0]
        goal = "made" if advice.bidder_side else "set"
        return Headline(_proven(best.certain, best.against_best), goal, best.certain, False,
                        view.high_bid, view.trump, hands_like=False)
    if not isinstance(action, Bid | NameTrump) or advice.trump is None:
        return None
    odds = next((o for o in advice.odds if o.trump is advice.trump), None)
    if odds is None or (odds.certain is None and odds.estimate is None):
        return None
    rough = odds.certain is None and odds.estimate is not None and odds.estimate.rough
    rate = odds.estimate.experts if odds.estimate is not None else 0.0
    value = action.value if isinstance(action, Bid) else view.high_bid
    return Headline(_proven(odds.certain, rate), "made", odds.certain, rough, value,
                    advice.trump, hands_like=odds.certain is None)
