"""Advice for a human seat: the expert's choice, with the figures it was chosen by.

``advise(view)`` answers from one seat's view only (never the game), as a bot does:

- play: every legal tile is tried on the same layouts of the hidden tiles, each solved
  exactly (``search``) and weighed by what the trump named and the others' plays say of
  them, with opponents who play by habits where their plays say so, as ``expert`` plays;
  the advice keeps, per tile, how often the seat's side then gets what it plays for (the
  contract made, or set) and, late in the hand, the credit (points or tricks) it ends with
  on average;
- bid and trump: the expert's own decision, and for the trumps it tried how often the bid
  is made, read from its simulation (caught as the expert computes it) through the
  self-play calibration as the expert reads it (``calibration``: open hands flatter the
  bidder), so the figure is what play makes of such hands;
- discard (Moon for three): the expert's (``normal``'s) choice.

Its random numbers come from its seed and the view, never from a bot's or the game's, so
asking for advice changes nothing at the table; its budget counts work, as the expert's
does, so the same view gets the same advice.  ``budget=None`` solves exactly ``layouts``
layouts (tests).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from moon42.rules.actions import Action, Play
from moon42.rules.game import Phase
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .budget import Budget
from .calibration import made_in_play
from .expert import HABIT_PRIOR, QUICK_ABOVE, ExpertBot, worth
from .normal import NormalBot
from .search.inference import Reading, weighed_layouts
from .search.layouts import constraints_of
from .search.position import Position
from .search.solver import Solver

__all__ = ["Advice", "TileFigures", "advise", "HINT_BUDGET", "HINT_CALL_BUDGET"]

HINT_BUDGET = 1.0  # seconds to weigh a play
HINT_CALL_BUDGET = 1.5  # seconds for a bid or a trump
MAX_LAYOUTS = 96
SPECIAL = (Trump.NELLO, Trump.SEVENS)


@dataclass(frozen=True)
class TileFigures:
    """One legal tile, over the layouts tried.

    ``wins``: the share of layouts in which the seat's side then gets what it plays for
    (the bidders make the contract, the others set it).  ``credit``: what the seat's side
    ends the hand with on average (points in Texas 42, tricks in Moon); None early in the
    hand, when only made-or-set was asked, and in Nello and Sevens.
    """

    action: Play
    wins: float
    credit: float | None


@dataclass(frozen=True)
class Advice:
    """The advised action and what it rests on.

    ``tiles``: play advice, best first.  ``rates``: for a bid or a trump, how often
    ``bid_value`` is made with each trump the expert simulated (calibrated), best first.
    ``layouts``: how many layouts the figures come from (0 when the choice needed no
    search).
    """

    action: Action
    kind: str
    bidder_side: bool
    layouts: int = 0
    tiles: tuple[TileFigures, ...] = ()
    rates: tuple[tuple[Trump, float], ...] = field(default=())
    bid_value: int | None = None


class _Watched(ExpertBot):
    """The expert, keeping the results of its bid and trump simulations."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.simulations: list[tuple[int, dict[Trump, list[bool]]]] = []

    def _simulate(self, view, trumps, bid, rng):
        results = super()._simulate(view, trumps, bid, rng)
        self.simulations.append((bid, results))
        return results


def _on_bidding_side(view: SeatView) -> bool:
    if view.bidder is None or view.phase is Phase.BIDDING:
        return True  # still bidding: the seat weighs its own contract
    if view.options.partnerships and view.trump is not Trump.NELLO:
        return view.seat % 2 == view.bidder % 2
    return view.seat == view.bidder


def advise(
    view: SeatView,
    seed: int = 0,
    budget: float | None = HINT_BUDGET,
    call_budget: float | None = HINT_CALL_BUDGET,
    layouts: int = MAX_LAYOUTS,
) -> Advice:
    """What the expert would do in ``view``'s seat now, and why (``view`` must be its turn)."""
    turn = view.to_act
    if turn is None or turn.seat != view.seat:
        raise ValueError("advice is for the seat to act")
    side = _on_bidding_side(view)
    if turn.kind == "play":
        return _play(view, seed, budget, layouts)
    bot = _Watched(seed, budget=budget, layouts=layouts, call_budget=call_budget)
    if turn.kind == "discard":
        return Advice(bot.discard(view), "discard", side)
    action = bot.bid(view) if turn.kind == "bid" else bot.trump(view)
    if not bot.simulations:
        return Advice(action, turn.kind, side)
    value, results = bot.simulations[-1]
    rates = {t: made_in_play(view.options, value, sum(m) / len(m)) for t, m in results.items() if m}
    ranked = tuple(sorted(rates.items(), key=lambda item: -item[1]))
    count = max((len(m) for m in results.values()), default=0)
    return Advice(action, turn.kind, side, count, rates=ranked, bid_value=value)


def _play(view: SeatView, seed: int, budget: float | None, limit: int) -> Advice:
    plays = {a.tile: a for a in view.legal if type(a) is Play}
    side = _on_bidding_side(view)
    if len(plays) == 1:
        return Advice(next(iter(plays.values())), "play", side)
    constraints = constraints_of(view)
    played = ",".join(str(t) for t in view.played)
    rng = random.Random(f"advice:{seed}:{view.hand_number}:{view.seat}:{played}")
    quick = len(view.hand) > QUICK_ABOVE
    exact = not quick and view.trump not in SPECIAL
    totals = dict.fromkeys(plays, 0.0)
    made = dict.fromkeys(plays, 0.0)
    credit = dict.fromkeys(plays, 0.0)
    solved = 0
    weights = 0.0  # the layouts' weights: a listed layout weighs what the others have shown
    reading = Reading(view, HABIT_PRIOR)
    maximiser = True
    clock = Budget(budget)
    for hands, weight in weighed_layouts(constraints, rng, limit, reading):
        position = Position.of_view(view, hands)
        maximiser = bool(position.maximisers >> view.seat & 1)
        habits = reading.habitual(hands, rng) & position.other_side(view.seat)
        figures = _layout_figures(position, list(plays), quick, clock if solved else None, habits)
        if figures is None:
            break  # out of time in the middle of a layout: it is not counted
        for t, (w, ok, c) in figures.items():
            totals[t] += weight * w
            made[t] += weight * ok
            credit[t] += weight * c
        solved += 1
        weights += weight
        if clock.spent():
            break
    if not solved:
        return Advice(NormalBot(seed).play(view), "play", side)
    sign = 1 if maximiser else -1
    whole = _whole_credit(view)

    def figures_of(t) -> TileFigures:
        rate = made[t] / weights
        mine = credit[t] / weights if exact else None
        if not side:
            rate = 1 - rate
            # Moon for three: the others are not one side, their credit is not one figure.
            mine = None if mine is None or not view.options.partnerships else whole - mine
        return TileFigures(plays[t], rate, mine)

    top = max(sign * totals[t] for t in plays)
    tied = [t for t in plays if sign * totals[t] >= top - 1e-9]
    best = min(tied)
    if len(tied) > 1:
        normal = NormalBot(seed).play(view)
        if normal.tile in tied:
            best = normal.tile
    ranked = sorted(plays, key=lambda t: (t != best, -sign * totals[t], t))
    return Advice(plays[best], "play", side, solved, tuple(figures_of(t) for t in ranked))


def _layout_figures(
    position: Position, tiles: list[int], quick: bool, clock: Budget | None, habits: int
):
    """Per tile (worth to the bidders, made?, credit at the end) in one layout, or None
    when ``clock`` (None: no limit) is spent first.  ``habits``: the seats that play by
    habits in this layout."""
    solver = Solver(position, habits=habits)
    out = {}
    for t in tiles:
        child = position.after(t)
        if quick:
            ok = solver.reaches(child, position.goal - child.taken)
            out[t] = (float(ok), ok, 0)
        else:
            v = child.taken - position.taken + solver.value(child)
            ok = position.taken + v >= position.goal
            out[t] = (worth(position, v), ok, position.taken + v)
        if clock is not None and clock.spent():
            return None
    return out


def _whole_credit(view: SeatView) -> int:
    """The credit a whole hand holds: 42 points in Texas 42, 7 tricks in Moon."""
    return 7 if view.options.is_moon else 42
