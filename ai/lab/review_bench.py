"""How long the hand review takes (``moon42 bench --review``; a benchmark, not a test).

For each game, hands that ``basic`` bots play (Texas 42 played out to its seventh trick, so
that every hand has seven plays a seat) are reviewed for the seat that bid (its bid, trump,
discard and plays) and for the seat to its left (its bid and plays), in this process, on one
core: the median and 95th percentile of a whole hand's review, with the double-dummy figures
alone beside them.  The times are this thread's CPU time, so that other work on a shared
machine does not blur them (a player waits that long when the review has a core to itself);
the expert's figures stop at their budgets, counted in search work, so how long they take
follows the machine's speed.
"""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

from moon42.rules import Game
from moon42.rules.options import GAMES
from moon42.rules.record import game_to_record, parse_record

from ..protocol import decide
from ..registry import make_bot
from ..review import DEFAULT, Settings, review_hand

__all__ = ["review_figures", "run_review_bench"]

DD_ONLY = Settings(view=False)


def _hands(game_name: str, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` records of one bid hand each, with the seat that bid."""
    out: list[tuple[Any, int]] = []
    deal = 0
    while len(out) < count:
        options = {"play_out": True} if game_name == "texas42" else {}
        game = Game.new(game_name, options=options, seed=seed * 1000 + deal)
        deal += 1
        bots = [make_bot("basic", s) for s in range(game.seats)]
        while (turn := game.to_act) is not None:
            view = game.view(turn.seat)
            game.apply(decide(bots[view.seat], view))
        bidder = game.results[-1].bidder
        if bidder is not None:
            out.append((parse_record(game_to_record(game)), bidder))
    return out


def _quantiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"median_s": round(statistics.median(ordered), 3), "p95_s": round(p95, 3),
            "n": len(ordered)}


def review_figures(game_name: str, hands: int, seed: int = 1) -> dict[str, Any]:
    """A whole hand's review and its double-dummy part, seconds, median and p95."""
    whole: list[float] = []
    dd: list[float] = []
    decisions: list[int] = []
    for record, bidder in _hands(game_name, hands, seed):
        for seat in (bidder, (bidder + 1) % record.options.seats):
            for settings, times in ((DEFAULT, whole), (DD_ONLY, dd)):
                start = time.thread_time()
                review = review_hand(record, 0, seat, settings)
                times.append(time.thread_time() - start)
            assert review is not None, "a record's first hand not found"
            decisions.append(len(review.decisions))
    return {"whole": _quantiles(whole), "double_dummy": _quantiles(dd),
            "decisions": round(statistics.mean(decisions), 1)}


def run_review_bench(hands: int, as_json: bool, games: tuple[str, ...] = GAMES) -> int:
    figures = {game_name: review_figures(game_name, hands) for game_name in games}
    if as_json:
        print(json.dumps({"review": figures, "hands_per_game": hands}))
        return 0
    print(f"Hand review, CPU seconds a hand, median / p95 ({hands} hands a game, the bidder"
          " and the seat to its left, one core):")
    print(f"  {'':10}{'whole review':>22}{'double-dummy only':>22}{'decisions':>11}")
    for game_name, row in figures.items():
        w, d = row["whole"], row["double_dummy"]
        print(f"  {game_name:10}{w['median_s']:>11.2f} / {w['p95_s']:<8.2f}"
              f"{d['median_s']:>11.2f} / {d['p95_s']:<8.2f}{row['decisions']:>9}")
    return 0
