"""The hand review: where the points went, decision by decision.

For one seat of a game record, every decision it made in a hand (bids, trump, the
Moon-for-three discard, plays) is weighed two ways:

- with every hand known (``review_dd``): for a play, every legal tile's double-dummy
  figure; for a trump, every plain trump's; for a discard, every tile's;
- from the seat's view (``advice``, as a hint would have it, with its honesty: a figure is
  "about" unless proven, and against best play where the others were read as players of
  habits): the expert's figure for what was done and for its own choice.

A decision is costly when, with every hand known, what was done kept less than the best, or
when from the seat's view the expert's choice got what the side plays for clearly more
often (``VIEW_COSTLY``).  Costly decisions carry a one-line verdict (``review_words``).

The record is replayed under the rules; a record that breaks a rule is reviewed up to the
broken action.  ``review_hand`` takes the record as parsed (``rules.record``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from moon42.rules.actions import Action, Bid, Discard, NameTrump, Pass, Play
from moon42.rules.errors import RuleError
from moon42.rules.game import Game
from moon42.rules.record import ParsedRecord, UnknownTrump
from moon42.rules.results import Trick
from moon42.rules.tiles import Tile, mask_of
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .advice import Advice, TileFigures, WatchedExpert, advise
from .budget import Budget
from .expert import make_rate_needed
from .odds import PROOF_BUDGET, CallOdds, call_odds
from .review_dd import (
    discard_figures,
    hand_solver,
    play_figures,
    side_takes_trick,
    trump_figures,
)
from .review_figures import Decision, HandReview, Kind, ViewFigure
from .review_words import verdict
from .search.solver import Solver

__all__ = [
    "Kind",
    "ViewFigure",
    "Decision",
    "HandReview",
    "Settings",
    "Moment",
    "moments_of",
    "review_hand",
    "DEFAULT",
]

@dataclass(frozen=True)
class Settings:
    """How hard the view is weighed (``advise``'s budgets, in seconds counted in work: less
    than a hint's, so that a whole hand is reviewed in about three seconds, as ``moon42 bench
    --review`` measures); ``view`` False: double-dummy figures only.  ``hinted``: the advice
    a hint gave in a view, if one was asked there (None: none was); the review then takes
    that advice for the moment, so that it tells what the hint told, choice and figures."""

    play_budget: float | None = 0.2
    call_budget: float | None = 0.4
    layouts: int = 96
    seed: int = 4242
    view: bool = True
    hinted: Callable[[SeatView], Advice | None] | None = field(default=None, compare=False)



DEFAULT = Settings()


@dataclass(frozen=True)
class Moment:
    """The seat about to act: its view, every seat's tiles then, and what it did."""

    view: SeatView
    hands: tuple[int, ...]
    action: Action


@dataclass
class Walk:
    """A hand of a record replayed: the seat's moments, the tricks as they fell, every
    seat's tiles when play began, and the rule broken if the record breaks one."""

    moments: list[Moment] = field(default_factory=list)
    tricks: tuple[Trick, ...] = ()
    play_hands: tuple[int, ...] | None = None
    trump: Trump | None = None
    broken: str | None = None
    exists: bool = True


def _all_hands(game: Game) -> tuple[int, ...]:
    return tuple(mask_of(game.view(s).hand) for s in range(game.seats))


def moments_of(record: ParsedRecord, hand: int, seat: int) -> Walk:
    """Replay ``record`` to its hand ``hand`` (from 0) and gather ``seat``'s moments in it."""
    walk = Walk()
    if not 0 <= hand < len(record.hands):
        walk.exists = False
        return walk
    game = Game(record.options, seed=record.seed, players=list(record.players or []) or None)
    for h, recorded in enumerate(record.hands[: hand + 1]):
        try:
            game.start_hand(recorded.deal, recorded.widow, recorded.dealer)
        except RuleError as error:
            walk.broken = error.message if h == hand else "an earlier hand breaks a rule"
            return walk
        for action in recorded.actions:
            if h == hand:
                turn = game.to_act
                if type(action) is Play and walk.play_hands is None and turn is not None:
                    walk.play_hands = _all_hands(game)
                if (not isinstance(action, UnknownTrump) and turn is not None
                        and action.seat == seat == turn.seat):
                    walk.moments.append(Moment(game.view(seat), _all_hands(game), action))
            try:
                if isinstance(action, UnknownTrump):
                    raise RuleError("trump", f"{action.text!r} is not a trump")
                game.apply(action)
            except RuleError as error:
                if h == hand:
                    walk.moments = [m for m in walk.moments if m.action is not action]
                walk.broken = error.message if h == hand else "an earlier hand breaks a rule"
                if h != hand:
                    walk.moments = []
                return _finish(walk, game)
    return _finish(walk, game)


def _finish(walk: Walk, game: Game) -> Walk:
    view = game.view(0)
    if game.results and game.results[-1].hand == game.hand_number:
        walk.tricks = game.results[-1].tricks
        walk.trump = game.results[-1].trump
    else:
        walk.tricks = view.tricks_so_far
        walk.trump = view.trump
    return walk


def _tile_figure(f: TileFigures) -> ViewFigure:
    return ViewFigure(
        f.against_best,
        f.wins if f.best_play is not None else None,
        f.credit,
        None if f.certain is None else str(f.certain),
    )


def _call_figure(odds: CallOdds | None) -> ViewFigure | None:
    if odds is None:
        return None
    certain = None if odds.certain is None else str(odds.certain)
    if certain is not None:
        return ViewFigure(1.0 if certain == "always" else 0.0, certain=certain)
    if odds.estimate is None:
        return None
    return ViewFigure(odds.estimate.experts, rough=odds.estimate.rough)


def _advise(view: SeatView, settings: Settings) -> Advice:
    given = settings.hinted(view) if settings.hinted is not None else None
    if given is not None:
        return given
    return advise(view, seed=settings.seed, budget=settings.play_budget,
                  call_budget=settings.call_budget, layouts=settings.layouts)


def _odds_for(view: SeatView, settings: Settings, bid: int, trump: Trump | None) -> CallOdds | None:
    """The figure of a bid (with its best trump) or of a trump the expert did not choose,
    simulated as the expert simulates its own."""
    bot = WatchedExpert(settings.seed, budget=settings.play_budget, layouts=settings.layouts,
                        call_budget=settings.call_budget)
    if trump is None:
        bot.simulated_rates(view, bid)
    else:
        bot.simulate_trumps(view, [trump], bid)
    if not bot.simulations:
        return None
    value, results = bot.simulations[-1]
    proofs = Budget(None if settings.call_budget is None else PROOF_BUDGET)
    odds = call_odds(view, value, results, proofs.spent)
    if trump is not None:
        return next((o for o in odds if o.trump is trump), None)
    return odds[0] if odds else None


def _play(moment: Moment, walk: Walk, hand: int, solver: Solver, settings: Settings) -> Decision:
    view, action = moment.view, moment.action
    assert type(action) is Play, "a play's moment with another action"
    hands = list(moment.hands)
    dd = play_figures(view, hands, solver)
    trick = len(view.tricks) + 1
    winner = walk.tricks[trick - 1].winner if trick <= len(walk.tricks) else None
    lost = None
    if winner is not None:
        lost = not _same_side(view, winner)
    best = min((t for t in dd.best if isinstance(t, Tile)), key=int)
    wins = side_takes_trick(view, hands, solver, best)
    expert, done_fig, expert_fig, layouts = None, None, None, 0
    if settings.view and len(view.legal) > 1:
        advice = _advise(view, settings)
        figures = {f.action.tile: f for f in advice.tiles}
        expert, layouts = advice.action, advice.layouts
        if figures and type(advice.action) is Play:
            done_fig = _tile_figure(figures[action.tile])
            expert_fig = _tile_figure(figures[advice.action.tile])
    gap = 0.0
    if done_fig is not None and expert_fig is not None:
        gap = (expert_fig.chance or 0.0) - (done_fig.chance or 0.0)
    return Decision(hand, Kind.PLAY, view.seat, action, trick, dd, action.tile, expert,
                    done_fig, expert_fig, layouts, best_wins_trick=wins, trick_lost=lost,
                    view_gap=gap)


def _same_side(view: SeatView, seat: int) -> bool:
    """Whether ``seat`` plays on ``view``'s seat's side in this hand (Moon for three: the
    bidder alone, the two others together)."""
    me = view.seat
    if view.options.partnerships:
        return seat % 2 == me % 2
    bidder = view.bidder
    return (seat == bidder) == (me == bidder)


def _bid(moment: Moment, hand: int, settings: Settings) -> Decision:
    view, action = moment.view, moment.action
    expert, done_fig, expert_fig, layouts, value = None, None, None, 0, None
    if settings.view:
        advice = _advise(view, settings)
        expert, layouts, value = advice.action, advice.layouts, advice.bid_value
        mine = next((o for o in advice.odds if o.trump is advice.trump), None)
        mine = mine if mine is not None or not advice.odds else advice.odds[0]
        if type(advice.action) is Bid or (type(advice.action) is Pass and value is not None):
            expert_fig = _call_figure(mine)
        if action == advice.action:
            done_fig = expert_fig
        elif type(action) is Bid:
            done_fig = _call_figure(_odds_for(view, settings, action.value, None))
            if type(advice.action) is Pass:
                # The expert passes: its figure is the bid's it declined, not a pass's.
                expert_fig = None
        if type(action) is Bid:
            value = action.value
    return Decision(hand, Kind.BID, view.seat, action, None, None, action, expert,
                    done_fig, expert_fig, layouts, bid=value,
                    view_gap=_bid_gap(view, action, expert, done_fig, expert_fig))


def _bid_gap(view: SeatView, action: Action, expert: Action | None,
             done: ViewFigure | None, best: ViewFigure | None) -> float:
    """A bid the expert would not make: how far its chance falls short of the share the
    expert bids from; a pass where the expert bids: how far the expert's bid clears it."""
    needed = make_rate_needed(view.options)
    if type(action) is Bid and type(expert) is Bid and done is not None and best is not None:
        return (best.chance or 0.0) - (done.chance or 0.0)
    if type(action) is Bid and type(expert) is Pass and done is not None:
        return needed - (done.chance or 0.0)
    if type(action) is Pass and type(expert) is Bid and best is not None:
        return (best.chance or 0.0) - needed
    return 0.0


def _trump(moment: Moment, walk: Walk, hand: int, settings: Settings) -> Decision:
    view, action = moment.view, moment.action
    assert type(action) is NameTrump, "a trump's moment with another action"
    expert, done_fig, expert_fig, layouts = None, None, None, 0
    weighed = None  # the trumps solved with every hand known: all, or the named and the expert's
    if settings.view:
        advice = _advise(view, settings)
        expert, layouts = advice.action, advice.layouts
        odds = {o.trump: o for o in advice.odds}
        weighed = [action.trump, getattr(advice.action, "trump", action.trump)]
        if type(advice.action) is NameTrump:
            expert_fig = _call_figure(odds.get(advice.action.trump))
        done = odds.get(action.trump)
        plain = action.trump not in (Trump.NELLO, Trump.SEVENS)
        if done is None and plain and advice.odds and view.high_bid is not None:
            done = _odds_for(view, settings, view.high_bid, action.trump)
        done_fig = _call_figure(done)
    dd = None
    if walk.play_hands is not None:
        dd = trump_figures(view, list(walk.play_hands), weighed)
    gap = 0.0
    if done_fig is not None and expert_fig is not None:
        gap = (expert_fig.chance or 0.0) - (done_fig.chance or 0.0)
    return Decision(hand, Kind.TRUMP, view.seat, action, None, dd, action.trump, expert,
                    done_fig, expert_fig, layouts, bid=view.high_bid, view_gap=gap)


def _discard(moment: Moment, walk: Walk, hand: int, settings: Settings) -> Decision:
    view, action = moment.view, moment.action
    assert type(action) is Discard, "a discard's moment with another action"
    dd = None
    if walk.play_hands is not None and walk.trump is not None:
        hands = list(walk.play_hands)
        hands[view.seat] |= 1 << int(action.tile)
        dd = discard_figures(view, hands, walk.trump)
    expert = _advise(view, settings).action if settings.view else None
    return Decision(hand, Kind.DISCARD, view.seat, action, None, dd, action.tile, expert,
                    None, None)


def review_hand(
    record: ParsedRecord,
    hand: int,
    seat: int,
    settings: Settings = DEFAULT,
    progress: Callable[[int, int], None] | None = None,
) -> HandReview | None:
    """``seat``'s decisions in hand ``hand`` (from 0) of ``record``, weighed; None if the
    record has no such hand.  ``progress(done, of)`` is told after each decision."""
    walk = moments_of(record, hand, seat)
    if not walk.exists:
        return None
    decisions: list[Decision] = []
    solver: Solver | None = None
    total = len(walk.moments)
    for done, moment in enumerate(walk.moments):
        turn = moment.view.to_act
        assert turn is not None, "a moment with nobody to act"
        kind = turn.kind
        if kind == "play":
            if solver is None:
                solver = hand_solver(moment.view, list(moment.hands))
            decision = _play(moment, walk, hand + 1, solver, settings)
        elif kind == "bid":
            decision = _bid(moment, hand + 1, settings)
        elif kind == "trump":
            decision = _trump(moment, walk, hand + 1, settings)
        else:
            decision = _discard(moment, walk, hand + 1, settings)
        if decision.costly:
            decision = replace(decision, verdict=verdict(moment.view, decision))
        decisions.append(decision)
        if progress is not None:
            progress(done + 1, total)
    return HandReview(hand + 1, seat, tuple(decisions), walk.broken)


