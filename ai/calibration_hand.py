"""One hand of the calibration: a bid given to a seat, the figures a hint gives for it, and
whether the bid is made when experts play it out and when ``basic`` defends.

A hand is a ``Task``: a game, a kind of bid (``calibration.KINDS``), a seed and an index,
from which everything else follows, so a run can be cut short and taken up again, hands
measured in any order on any number of processes.

- The bidder and the bid.  The least bid goes to the seat left of the dealer, the first to
  bid: dealt at random, its hands run from hopeless to sure.  A higher bid too, its value
  drawn among the higher bids.  The moon (Moon) and one mark (Texas 42) go to the seat
  whose hand is worth the most tricks (``normal``'s valuation), since nearly every other
  hand is hopeless for them; a hand whose simulation gives the bid under 5% is still kept,
  but only one in four (``FEW_KEPT``): enough to show what such hopeless bids come to,
  without spending most of the work on them.  The seats before the bidder pass, the bidder
  bids, the others pass.
- The figures.  The hint's own simulation (the expert with the hint's budgets): in Moon for
  three before the widow (what a bid hint rests on) and once the widow is taken and a tile
  discarded (a trump hint); in the other games one simulation serves both, since the bid
  and the trump of a hand are simulated alike (``ExpertBot.simulated_rates``).  The bidder
  discards and names the trump the hint gives, as a player following the hints would.
- The play.  From that point twice: four (three) experts as they come, and the bidder's
  side experts against ``basic``.  A hand stops once the bid is made or set: only that is
  asked, and a set moon is known at the first trick lost.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from moon42.rules import Bid, Game, NameTrump, Pass, Phase
from moon42.rules.bidding import MARK, MOON
from moon42.rules.views import SeatView

from .advice import HINT_BUDGET, HINT_CALL_BUDGET, MAX_LAYOUTS, WatchedExpert
from .basic import BasicBot
from .calibration import least_bid
from .expert import ExpertBot, simulated_rate
from .facts.forced_auction import given_auction
from .normal import best_value, table_trumps
from .protocol import Strategy, decide

__all__ = ["Task", "measure", "ESTIMATOR"]

# Names the way the figures were simulated: records of another estimator are not mixed in.
ESTIMATOR = "hint-v2"
FEW = 0.05  # a simulated rate under this is a hopeless top bid
FEW_KEPT = 0.25  # the share of hopeless top bids kept


@dataclass(frozen=True)
class Task:
    game: str
    kind: str
    seed: int
    index: int

    @property
    def key(self) -> str:
        return f"{self.game}/{self.kind}/{self.seed}/{self.index}"

    def seed_for(self, what: str) -> int:
        digest = hashlib.blake2b(f"calibrate:{self.key}:{what}".encode(), digest_size=8)
        return int.from_bytes(digest.digest(), "little") >> 1


def _top_bid(game: str) -> int:
    return MOON if game != "texas42" else MARK


def _higher_bids(game: Game) -> list[int]:
    least = least_bid(game.options)
    top = 7 if game.options.is_moon else MARK - 1
    return list(range(least + 1, top + 1))


def _bidder(task: Task, game: Game, rng: random.Random) -> tuple[int, int]:
    """The seat given the bid, and its value."""
    if task.kind == "least":
        return game.seat_to_act, least_bid(game.options)
    if task.kind == "higher":
        return game.seat_to_act, rng.choice(_higher_bids(game))

    def worth(seat: int) -> tuple[float, int]:
        view = game.view(seat)
        return best_value(view, view.hand, table_trumps(view)).tricks, -seat

    return max(range(game.seats), key=worth), _top_bid(task.game)


def _auction(game: Game, seat: int, value: int) -> SeatView:
    """The seats before ``seat`` pass; returns ``seat``'s view at its turn to bid."""
    while game.seat_to_act != seat:
        game.apply(Pass(game.seat_to_act))
    return game.view(seat)


@given_auction()  # the bid is handed to a seat: the calls say nothing
def measure(task: Task) -> dict:
    """Measure one hand: a JSON-ready record (``kept`` False: a hopeless top bid left out)."""
    start = time.process_time()
    rng = random.Random(task.seed_for("choice"))
    deal_seed = task.seed_for("deal")
    game = Game.new(task.game, seed=deal_seed)
    seat, value = _bidder(task, game, rng)
    hint = WatchedExpert(
        task.seed_for("hint"), budget=HINT_BUDGET, layouts=MAX_LAYOUTS, call_budget=HINT_CALL_BUDGET
    )
    record = {"task": task.key, **asdict(task), "estimator": ESTIMATOR, "seat": seat, "bid": value}
    view = _auction(game, seat, value)
    widow = task.game == "moon3"
    bid_rate = hint.make_rate(view, value) if widow else 0.0  # (without a widow: below)
    if widow and not _kept(task, bid_rate, rng):
        return {**record, "kept": False, "bid_rate": bid_rate}
    game.apply(Bid(seat, value))
    while game.phase is Phase.BIDDING:
        game.apply(Pass(game.seat_to_act))
    if game.phase is Phase.WIDOW:
        game.apply(hint.discard(game.view(seat)))
    trump = hint.trump(game.view(seat))
    assert isinstance(trump, NameTrump)
    _, results = hint.simulations[-1]
    rates = {t: simulated_rate(t, m) for t, m in results.items() if m}
    trump_rate = rates[trump.trump]
    if not widow:
        bid_rate = max(rates.values())
        if not _kept(task, bid_rate, rng):
            return {**record, "kept": False, "bid_rate": bid_rate}
    game.apply(trump)
    side = _side(game, seat)
    experts = _made(game, lambda s: ExpertBot(task.seed_for(f"expert{s}")), seat, value)
    basic = _made(
        game,
        lambda s: ExpertBot(task.seed_for(f"expert{s}")) if s in side else BasicBot(s),
        seat,
        value,
    )
    return {
        **record,
        "kept": True,
        "bid_rate": round(bid_rate, 4),
        "trump": str(trump.trump),
        "trump_rate": round(trump_rate, 4),
        "layouts": len(results[trump.trump]),
        "experts": experts,
        "basic": basic,
        "seconds": round(time.process_time() - start, 2),
    }


def _kept(task: Task, rate: float, rng: random.Random) -> bool:
    if task.kind in ("least", "higher") or rate >= FEW:
        return True
    return rng.random() < FEW_KEPT


def _side(game: Game, seat: int) -> set[int]:
    return {seat, (seat + 2) % 4} if game.options.partnerships else {seat}


def _made(start: Game, bot_of: Callable[[int], Strategy], seat: int, value: int) -> bool:
    """From the hand at its first play (``start``, left as it is), let the bots play on a
    copy until the bid is made or set."""
    game = start.clone()
    bots = [bot_of(s) for s in range(game.seats)]
    side = _side(game, seat)
    goal = 7 if value in (MOON, MARK) else value
    while game.phase is Phase.PLAY:
        if game.options.is_moon:
            view = game.view(seat)
            ours = sum(view.tricks_won[s] for s in side)
            if ours >= goal:
                return True
            if len(view.tricks) - ours > 7 - goal:
                return False
        turn = game.seat_to_act
        game.apply(decide(bots[turn], game.view(turn)))
    return bool(game.results[-1].made)
