"""How fast the bots decide (``moon42 bench --bots``; a benchmark, not a test).

- Decision latency, per strategy and per game: the same seeded positions (views of the
  seat to act, gathered from hands that ``basic`` bots play) are put to every strategy;
  the median and 95th percentile of the time ``decide`` takes.  The strategies are given
  (``moon42 bench --bots`` puts the difficulty levels' bots and ``random``).
- Arena throughput: hands a second of ``normal`` against ``basic`` and of ``expert``
  against ``basic`` (``moon42 arena``'s duplicate deals, one process).
- The exact solver's time by trick number (Texas 42; ``solver_bench``).

Times are wall-clock on this machine; the expert's decisions stop at their budgets, counted in
search work (``moon42.ai.budget``), so how long they take follows the machine's speed.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from moon42.rules import Game
from moon42.rules.options import GAMES
from moon42.rules.views import SeatView

from ..protocol import decide
from ..registry import make_bot
from .arena import ArenaConfig, play_deal
from .solver_bench import solver_figures

__all__ = ["Strategy", "positions", "decision_latency", "arena_throughput", "run_bot_bench"]

# A strategy timed: (label, bot name, the settings it is made with).
Strategy = tuple[str, str, dict[str, Any]]


def positions(game_name: str, count: int, seed: int = 1) -> list[SeatView]:
    """``count`` decision points drawn at random from hands ``basic`` bots play."""
    pool: list[SeatView] = []
    deal = 0
    while len(pool) < 4 * count:
        game = Game.new(game_name, seed=seed * 1000 + deal)
        bots = [make_bot("basic", seat) for seat in range(game.seats)]
        while game.to_act is not None:
            view = game.view(game.to_act.seat)
            pool.append(view)
            game.apply(decide(bots[view.seat], view))
        deal += 1
    return random.Random(seed).sample(pool, count)


def _quantiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"median_ms": round(1000 * statistics.median(ordered), 2),
            "p95_ms": round(1000 * p95, 2), "n": len(ordered)}


def decision_latency(views: list[SeatView], name: str, settings: dict[str, Any]) -> dict:
    times = []
    for i, view in enumerate(views):
        bot = make_bot(name, i, **settings)
        start = time.perf_counter()
        decide(bot, view)
        times.append(time.perf_counter() - start)
    return _quantiles(times)


def arena_throughput(game_name: str, a: str, b: str, deals: int, seed: int = 1) -> dict:
    """Hands a second of ``a`` against ``b`` over ``deals`` duplicate deals (first hands)."""
    config = ArenaConfig(game_name, a, b, deals=deals, seed=seed)
    start = time.perf_counter()
    hands = sum(len(play_deal(config, deal)) for deal in range(deals))
    seconds = time.perf_counter() - start
    return {"hands": hands, "seconds": round(seconds, 2), "hands_per_s": round(hands / seconds, 2)}


def run_bot_bench(strategies: Sequence[Strategy], positions_per_game: int = 30,
                  arena_deals: int = 20, expert_deals: int = 1, solver_deals: int = 10,
                  as_json: bool = False, games: tuple[str, ...] = GAMES) -> int:
    figures: dict[str, Any] = {"latency": {}, "arena": {}, "positions_per_game": positions_per_game}
    for game_name in games:
        views = positions(game_name, positions_per_game)
        figures["latency"][game_name] = {
            label: decision_latency(views, name, settings) for label, name, settings in strategies
        }
        matches = {"normal vs basic": ("normal", arena_deals),
                   "expert vs basic": ("expert", expert_deals)}
        figures["arena"][game_name] = {
            match: arena_throughput(game_name, bot, "basic", deals)
            for match, (bot, deals) in matches.items() if deals > 0
        }
    figures["solver"] = solver_figures(solver_deals, repeats=1)
    if as_json:
        print(json.dumps(figures))
        return 0
    _print(figures)
    return 0


def _print(figures: dict[str, Any]) -> None:
    n = figures["positions_per_game"]
    print(f"Decision latency, ms, median / p95 ({n} seeded positions a game, the same for"
          " every bot):")
    games = list(figures["latency"])
    print(f"  {'':16}" + "".join(f"{g:>20}" for g in games))
    for label in figures["latency"][games[0]]:
        cells = []
        for game_name in games:
            q = figures["latency"][game_name][label]
            cells.append(f"{q['median_ms']:8.2f} / {q['p95_ms']:8.2f}")
        print(f"  {label:16}" + "".join(f"{c:>20}" for c in cells))
    print("Arena throughput (first hands of duplicate deals, one process):")
    for game_name, row in figures["arena"].items():
        for match, q in row.items():
            print(f"  {game_name:8} {match:16} {q['hands_per_s']:9.2f} hands/s"
                  f"   ({q['hands']} hands in {q['seconds']:g} s)")
    solver = figures["solver"]
    print(f"Exact solver, Texas 42, {solver['deals']} deals, ms by trick number:")
    for trick, q in solver["exact_by_trick"].items():
        print(f"  trick {trick}   median {q['median_ms']:8.1f}   p95 {q['p95_ms']:8.1f}")
