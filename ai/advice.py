"""Advice for a human seat: the expert's choice, with the figures it was chosen by.

``advise(view)`` answers from one seat's view only (never the game), as a bot does:

- play: every legal tile is tried on the same layouts of the hidden tiles, each solved
  exactly (``search``) and weighed by what the auction, the trump named and the others'
  plays say of them, with opponents who play by habits where their plays say so, as
  ``expert`` plays (in the first tricks of Texas 42 read as the bid's figure is:
  ``early_play``; every figure not proven tempered for play without open hands:
  ``tempered``);
  the advice keeps, per tile, how often the seat's side then gets what it plays for (the
  contract made, or set) and, late in the hand, the credit (points or tricks) it ends with
  on average.  Where an opponent was read as a player of habits in some layouts, the same
  layouts are solved again against best play, and both figures are kept.  A figure of
  every layout or none is checked: with every layout listed, the side's success proven
  whatever the others hold and play, or its failure against correct play in each
  (``search.certainty``);
- bid and trump: the expert's own decision, and for the trumps it simulates how often the
  bid is made (``odds``: the simulation read through the self-play calibration, open
  hands flatter the bidder, and proven where it can be);
- discard (Moon for three): the expert's (``normal``'s) choice.

Its random numbers come from its seed and the view, never from a bot's or the game's, so
asking for advice changes nothing at the table; its budget counts work, as the expert's
does, so the same view gets the same advice.  ``budget=None`` solves exactly ``layouts``
layouts (tests).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from moon42.rules.actions import Action, Bid, NameTrump, Pass, Play
from moon42.rules.game import Phase
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from . import early_play
from .budget import Budget
from .contracts import lay_down_trump, special_trump
from .expert import HABIT_PRIOR, QUICK_ABOVE, ExpertBot, alike_plays, worth
from .normal import NormalBot, best_value, table_trumps
from .odds import PROOF_BUDGET, PROOF_HIDDEN, PROOF_LAYOUTS, CallOdds, Certainty, call_odds
from .search.certainty import hopeless, sure, sure_credit, sure_lead
from .search.inference import Reading, weighed_layouts
from .search.layouts import Constraints, constraints_of, enumerate_layouts
from .search.position import Position
from .search.solver import Solver
from .search.styles import SeatStyles
from .tempered import tempered

__all__ = [
    "Advice",
    "TileFigures",
    "WatchedExpert",
    "advise",
    "HINT_BUDGET",
    "HINT_CALL_BUDGET",
    "MAX_LAYOUTS",
    "FIGURE_LAYOUTS",
]

HINT_BUDGET = 1.0  # seconds to weigh a play
HINT_CALL_BUDGET = 1.5  # seconds for a bid or a trump
MAX_LAYOUTS = 96
FIGURE_LAYOUTS = 12  # layouts a play's figures rest on at least, time allowing ...
FIGURE_STRETCH = 3  # ... up to this many times the budget
SPECIAL = (Trump.NELLO, Trump.SEVENS)


@dataclass(frozen=True)
class TileFigures:
    """One legal tile, over the layouts tried.

    ``wins``: the share of layouts (weighed) in which the seat's side then gets what it
    plays for (the bidders make the contract, the others set it), opponents read for
    habits; ``best_play``: the same against best play everywhere, where that differs
    (None: no opponent was read as a player of habits, ``wins`` is that figure).
    ``credit``: what the seat's side ends the hand with on average (points in Texas 42,
    tricks in Moon); None early in the hand, when only made-or-set was asked, and in
    Nello and Sevens.  ``certain``: a proven outcome over every layout (``worlds`` of
    them): the side always gets what it plays for, or correct play always stops it.
    """

    action: Play
    wins: float
    credit: float | None
    best_play: float | None = None
    certain: Certainty | None = None
    worlds: int = 0

    @property
    def against_best(self) -> float:
        return self.wins if self.best_play is None else self.best_play


@dataclass(frozen=True)
class Advice:
    """The advised action and what it rests on.

    ``tiles``: play advice, best first.  ``odds``: for a bid or a trump, how often
    ``bid_value`` is made with each trump the expert simulated, best first.  ``trump``:
    the trump a bid (or pass) is weighed with, or the one named.  ``layouts``: how many
    layouts the figures come from (0 when the choice needed no search).  ``others``: for
    a bid advised, the neighbouring bids (the legal bids just below and above it), each
    with how often it is made with the same trump on the same layouts.
    """

    action: Action
    kind: str
    bidder_side: bool
    layouts: int = 0
    tiles: tuple[TileFigures, ...] = ()
    odds: tuple[CallOdds, ...] = ()
    bid_value: int | None = None
    trump: Trump | None = None
    others: tuple[tuple[int, CallOdds], ...] = ()


class WatchedExpert(ExpertBot):
    """The expert, keeping the results of its bid and trump simulations (what a hint's
    figures rest on; the calibration measures them the same way)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.simulations: list[tuple[int, dict[Trump, list[bool]]]] = []

    def _simulate(
        self, view: SeatView, trumps: list[Trump], bid: int, rng: random.Random,
        since: int | None = None,
    ) -> dict[Trump, list[bool]]:
        results = super()._simulate(view, trumps, bid, rng, since)
        self.simulations.append((bid, results))
        return results

    def simulate_trumps(self, view: SeatView, trumps: list[Trump], bid: int) -> None:
        """Simulate ``bid`` with the given ``trumps`` on the layouts the trump decision
        deals (kept in ``simulations``): a trump the expert would not weigh, weighed alike."""
        self._simulate(view, trumps, bid, self._deal_rng(view))


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
    bot = WatchedExpert(seed, budget=budget, layouts=layouts, call_budget=call_budget)
    if turn.kind == "discard":
        return Advice(bot.discard(view), "discard", side)
    action = bot.bid(view) if turn.kind == "bid" else bot.trump(view)
    if not bot.simulations:
        # A contract chosen by rules of thumb (a trump of the hand's, Nello, Sevens...).
        return Advice(action, turn.kind, side, trump=_meant_trump(view, action))
    value, results = bot.simulations[-1]
    if type(action) is Bid and action.value != value:
        # The last bid simulated is not the one made (Moon for three's higher bids are
        # normal's; a moon weighed may not be shot): the figure is the bid's own, on the
        # same layouts.
        bot.simulated_rates(view, action.value)
        value, results = bot.simulations[-1]
    elif type(action) not in (Bid, Pass) and turn.kind == "bid":
        return Advice(action, turn.kind, side)
    proofs = Budget(None if call_budget is None else PROOF_BUDGET)
    odds = call_odds(view, value, results, proofs.spent)
    count = max((o.layouts for o in odds), default=0)
    trump = action.trump if type(action) is NameTrump else odds[0].trump if odds else None
    mine = next((o for o in odds if o.trump is trump), None)
    others = _neighbours(view, bot, action, mine, proofs) if type(action) is Bid else ()
    return Advice(action, turn.kind, side, count, odds=odds, bid_value=value, trump=trump,
                  others=others)


def _neighbours(
    view: SeatView, bot: WatchedExpert, action: Bid, mine: CallOdds | None, proofs: Budget
) -> tuple[tuple[int, CallOdds], ...]:
    """The legal bids just below and just above ``action``, each simulated with the advised
    bid's trump (``mine``) on the layouts the bid was weighed on: a made bid scores what
    was bid, so a player weighs the next bid down (safer) against the next one up (more if
    made).  A bid made on a layout makes every lower one there, so a higher bid's figure
    is never shown above the advised one's, nor a lower bid's under it (the calibration
    reads the least bid and higher bids from tables of their own)."""
    if mine is None or mine.trump in SPECIAL:
        return ()
    values = sorted({a.value for a in view.legal if type(a) is Bid})
    at = values.index(action.value)
    out = []
    for value in values[max(0, at - 1): at] + values[at + 1: at + 2]:
        bot.simulate_trumps(view, [mine.trump], value)
        _, results = bot.simulations[-1]
        odds = call_odds(view, value, results, proofs.spent, shown=1)
        if odds:
            out.append((value, _in_order(odds[0], mine, higher=value > action.value)))
    return tuple(out)


def _in_order(other: CallOdds, mine: CallOdds, higher: bool) -> CallOdds:
    """``other``'s calibrated figures kept at most (``higher``) or at least ``mine``'s."""
    if other.estimate is None or mine.estimate is None:
        return other
    pick = min if higher else max
    found, base = other.estimate, mine.estimate
    basic = found.basic
    if basic is not None and base.basic is not None:
        basic = pick(basic, base.basic)
    kept = replace(found, experts=pick(found.experts, base.experts), basic=basic)
    return replace(other, estimate=kept)


def _meant_trump(view: SeatView, action: Action) -> Trump | None:
    """The trump a bid chosen without simulation is meant for (None: a Plunge or Splash,
    whose trump the partner names)."""
    if type(action) is NameTrump:
        return action.trump
    if type(action) is not Bid:
        return None
    special = special_trump(view)
    if special is not None:
        return special
    plain = table_trumps(view)
    return lay_down_trump(view, plain) or best_value(view, view.hand, plain).trump


def _play(view: SeatView, seed: int, budget: float | None, limit: int) -> Advice:
    plays: dict[int, Play] = {a.tile: a for a in view.legal if type(a) is Play}
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
    best = dict.fromkeys(plays, 0.0)
    credit = dict.fromkeys(plays, 0.0)
    solved = 0
    weights = 0.0  # the layouts' weights: a listed layout weighs what the others have shown
    read = False  # some layout had an opponent of habits
    reading = Reading(view, HABIT_PRIOR)
    maximiser = True
    clock = Budget(budget)
    # A figure resting on a handful of layouts says little: the first ``FIGURE_LAYOUTS``
    # may take up to ``FIGURE_STRETCH`` times the budget (early in a Texas 42 hand, one
    # layout can take most of it).
    stretched = Budget(None if budget is None else budget * FIGURE_STRETCH)
    # Tiles that play exactly alike in every layout are solved once, for one of them.
    alike = alike_plays(view, list(plays), constraints.hidden)
    for hands, weight in weighed_layouts(constraints, rng, limit, reading):
        position = Position.of_view(view, hands)
        maximiser = bool(position.maximisers >> view.seat & 1)
        habits = reading.habitual(hands, rng) & position.other_side(view.seat)
        limit_now = None if not solved else clock if solved >= FIGURE_LAYOUTS else stretched
        figures = _layout_figures(position, list(alike), quick, limit_now, habits, maximiser)
        if figures is None:
            break  # out of time in the middle of a layout: it is not counted
        for t, (w, ok, c, ok_best) in ((t, figures[r]) for r in alike for t in alike[r]):
            totals[t] += weight * w
            made[t] += weight * ok
            credit[t] += weight * c
            best[t] += weight * ok_best
        read = read or bool(habits)
        solved += 1
        weights += weight
        if clock.spent() and (solved >= FIGURE_LAYOUTS or stretched.spent()):
            break
    if not solved:
        return Advice(NormalBot(seed).play(view), "play", side)
    sign = 1 if maximiser else -1
    whole = _whole_credit(view)

    def figures_of(t: int) -> TileFigures:
        rate, best_rate = made[t] / weights, best[t] / weights
        mine = credit[t] / weights if exact else None
        if not side:
            rate, best_rate = 1 - rate, 1 - best_rate
            # Moon for three: the others are not one side, their credit is not one figure.
            mine = None if mine is None or not view.options.partnerships else whole - mine
        differs = read and abs(best_rate - rate) > 1e-9
        return TileFigures(plays[t], rate, mine, best_rate if differs else None)

    top = max(sign * totals[t] for t in plays)
    tied = [t for t in plays if sign * totals[t] >= top - 1e-9]
    if read and len(tied) > 1:
        # Equal if they play by habit: the tile that does best if they do not (a lead that
        # habits let through and any trump beats is no choice beside one that holds).
        safest = max(sign * best[t] for t in tied)
        tied = [t for t in tied if sign * best[t] >= safest - 1e-9]
    choice = min(tied)
    if len(tied) > 1:
        normal = NormalBot(seed).play(view)
        if type(normal) is Play and normal.tile in tied:
            choice = normal.tile
    ranked = sorted(plays, key=lambda t: (t != choice, -sign * totals[t], t))
    ranked_figures = [figures_of(t) for t in ranked]
    proven = _proven(view, ranked_figures, Budget(None if budget is None else PROOF_BUDGET))
    shown = tuple(_as_shown(view, f, side) for f in proven)
    return Advice(plays[choice], "play", side, solved, shown)


def _as_shown(view: SeatView, f: TileFigures, side: bool) -> TileFigures:
    """A figure not proven, read as the bid's early in a Texas 42 hand (``early_play``),
    then tempered (``tempered``)."""
    if f.certain is not None:
        return f

    def shown(rate: float) -> float:
        return tempered(early_play.read(view, rate, side))

    best_play = None if f.best_play is None else shown(f.best_play)
    return replace(f, wins=shown(f.wins), best_play=best_play)


def _layout_figures(
    position: Position,
    tiles: list[int],
    quick: bool,
    clock: Budget | None,
    habits: int | SeatStyles,
    maximiser: bool,
) -> dict[int, tuple[float, bool, int, bool]] | None:
    """Per tile (worth to the bidders, made?, credit at the end, made against best play?)
    in one layout, or None when ``clock`` (None: no limit) is spent first.  ``habits``:
    the seats that play by habits in this layout; ``maximiser``: the seat to play is a
    bidder.  Asking only made or set, one search first says whether the seat's tile
    matters: a bidder who cannot make the bid here whatever it plays, or a defender who
    cannot stop it, gets every tile's answer from it."""
    solver = Solver(position, habits=habits)
    plain = Solver(position) if habits else solver
    if quick and not habits:
        made = solver.reaches(position, position.goal - position.taken)
        if made != maximiser:
            return {t: (float(made), made, 0, made) for t in tiles}
    out: dict[int, tuple[float, bool, int, bool]] = {}
    for t in tiles:
        child = position.after(t)
        need = position.goal - child.taken
        if quick:
            ok = solver.reaches(child, need)
            ok_best = plain.reaches(child, need) if habits else ok
            out[t] = (float(ok), ok, 0, ok_best)
        else:
            v = child.taken - position.taken + solver.value(child)
            ok = position.taken + v >= position.goal
            ok_best = plain.reaches(child, need) if habits else ok
            out[t] = (worth(position, v), ok, position.taken + v, ok_best)
        if clock is not None and clock.spent():
            return None
    return out


def _proven(view: SeatView, figures: list[TileFigures], clock: Budget) -> list[TileFigures]:
    """The figures a hint shows (the advised tile's and the best other's) checked over
    every layout where they say always or never: proven, or left as they are (also when
    ``clock`` is spent first).  A lead the sure tricks prove needs no layout listed."""
    constraints = constraints_of(view)
    out = _proven_by_sure_tricks(view, figures, constraints)
    if constraints.hidden.bit_count() > PROOF_HIDDEN:
        return out  # far too many layouts to list them all
    # The runner-up a hint compares with: by the figure against best play, if it gives one.
    habit = figures[0].best_play is not None
    shown = {0, max(range(1, len(figures)), default=0,
                    key=lambda i: figures[i].against_best if habit else figures[i].wins)}
    worlds = None
    for i in sorted(shown):
        f = figures[i]
        if out[i].certain is not None or (
                f.wins not in (0.0, 1.0) and f.against_best not in (0.0, 1.0)):
            continue
        if worlds is None:
            worlds = enumerate_layouts(constraints, PROOF_LAYOUTS) or []
        if not worlds:
            break  # too many layouts to list: nothing can be proven
        after = [Position.of_view(view, hands).after(f.action.tile) for hands in worlds]
        if f.wins == 1.0 and sure(after, view.seat, clock.spent):
            out[i] = TileFigures(f.action, 1.0, f.credit, None, Certainty.ALWAYS, len(worlds))
        elif f.against_best == 0.0 and hopeless(after, view.seat, clock.spent):
            out[i] = TileFigures(f.action, f.wins, f.credit, f.best_play, Certainty.NEVER,
                                 len(worlds))
    return out


def _proven_by_sure_tricks(
    view: SeatView, figures: list[TileFigures], constraints: Constraints
) -> list[TileFigures]:
    """At the seat's lead, when its side plays for the contract and its sure tricks
    (``sure_credit``) reach it, as the trump hint's proof found them: a lead that is a step
    of that plan (``sure_lead``) makes the contract however the tiles lie and are played,
    proven without listing a layout (``worlds`` 0), where they may be far too many to list
    or to solve in time."""
    if view.trump in (None, Trump.NELLO, Trump.SEVENS) or (
            view.current_trick is not None and view.current_trick.plays):
        return figures
    position = Position.of_view(view, constraints.known)
    if position.maximisers != position.credit or not position.maximisers >> view.seat & 1:
        return figures
    hand = constraints.known[view.seat]
    unseen = constraints.hidden | sum(constraints.known) & ~hand  # what the others may hold
    rules = position.rules
    if position.taken + sure_credit(rules, position.counts, hand, unseen) < position.goal:
        return figures
    return [TileFigures(f.action, 1.0, f.credit, None, Certainty.ALWAYS, 0)
            if sure_lead(rules, hand, unseen, int(f.action.tile)) else f for f in figures]


def _whole_credit(view: SeatView) -> int:
    """The credit a whole hand holds: 42 points in Texas 42, 7 tricks in Moon."""
    return 7 if view.options.is_moon else 42
