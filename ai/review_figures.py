"""What the hand review finds: each decision of a seat with its figures (``ai.review``).

A decision is costly when, with every hand known, what was done kept less than the best, or
when from the seat's view the expert's choice got what the side plays for clearly more
often (``VIEW_COSTLY``; for a bid, when the bid falls that far short of the share the
expert bids from, or a pass that far clears it).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from moon42.rules.actions import Action
from moon42.rules.tiles import Tile
from moon42.rules.trump import Trump

from .review_dd import Choice, Figures

__all__ = ["Kind", "ViewFigure", "Decision", "HandReview", "VIEW_COSTLY"]

VIEW_COSTLY = 0.10  # the share by which the expert's choice must beat what was done


class Kind(StrEnum):
    BID = "bid"
    TRUMP = "trump"
    DISCARD = "discard"
    PLAY = "play"


@dataclass(frozen=True)
class ViewFigure:
    """The expert's figure for one choice, from the seat's view.

    ``chance``: how often the seat's side then gets what it plays for (the bid made, or
    set), against best play; ``by_habit``: the same reading the others as players of
    habits, where that differs; ``credit``: the points (tricks in Moon) the side ends with on
    average, late in the hand; ``certain``: "always" or "never" when proven; ``rough``: a
    bid's figure from few measured bids.  None where the choice has no figure (a pass).
    """

    chance: float | None
    by_habit: float | None = None
    credit: float | None = None
    certain: str | None = None
    rough: bool = False


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: what was done, what with every hand known, what the expert
    made of it from the seat's view."""

    hand: int  # from 1, as in the record
    kind: Kind
    seat: int
    action: Action
    trick: int | None  # a play's trick, 1 to 7
    dd: Figures | None  # the choices with every hand known
    done: Choice | Action  # the choice as ``dd`` keys it (a tile, a trump), else the action
    expert: Action | None  # the expert's choice from the view
    view_done: ViewFigure | None
    view_expert: ViewFigure | None
    layouts: int = 0  # the layouts the view's figures rest on
    bid: int | None = None  # the bid the call figures are for
    best_wins_trick: bool | None = None  # dd's best play: its side takes the trick
    trick_lost: bool | None = None  # the trick played went to the other side
    view_gap: float = 0.0  # how much more often the expert's choice gets what the side plays for
    verdict: str | None = None

    @property
    def lost(self) -> int:
        """What the choice gave up with every hand known (0 without such figures)."""
        done = self.done
        if self.dd is None or not isinstance(done, Tile | Trump) or done not in self.dd.values:
            return 0
        return self.dd.lost(done)

    @property
    def costly(self) -> bool:
        return self.lost > 0 or self.view_gap >= VIEW_COSTLY


@dataclass(frozen=True)
class HandReview:
    """One hand's decisions of one seat, in the order made; ``broken``: the rule a record
    broke in this hand (the review stops there)."""

    hand: int
    seat: int
    decisions: tuple[Decision, ...]
    broken: str | None = None

    @property
    def costly(self) -> tuple[Decision, ...]:
        """The costly decisions, costliest first (with every hand known, then by the view)."""
        return tuple(sorted((d for d in self.decisions if d.costly),
                            key=lambda d: (-d.lost, -d.view_gap)))
