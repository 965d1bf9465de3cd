"""``moon42 arena GAME A --pool [NAMES]``: strategy A against each opponent of a pool.

A bot tuned against one opponent may only have learned that opponent's habits; the pool
(``ai.registry.pool_names``: ``basic``, ``normal`` and players of other styles) measures it
against several.  Every member plays A on the same deals (the same seed), each run exactly
as ``moon42 arena GAME A MEMBER`` would, so the rates can be compared member by member.
The mean is taken deal by deal over the members, and its 95% interval over deals.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, TextIO

from .arena import ArenaConfig, DealSink, Summary, contract_lines, play_runs

__all__ = ["PoolSummary", "run_pool"]


@dataclass
class PoolSummary:
    """What ``--pool`` prints: one summary a member, and the mean."""

    summaries: list[Summary]
    seconds: float

    def _mean(self) -> tuple[float, float, float]:
        """A's win rate averaged over the members deal by deal, with its interval."""
        per_deal = [s.per_deal(lambda o: o.a_share) for s in self.summaries]
        means = [sum(rates) / len(rates) for rates in zip(*per_deal, strict=True)]
        return Summary.mean_ci(means)

    def as_dict(self) -> dict[str, Any]:
        first = self.summaries[0].config
        mean, low, high = self._mean()
        return {
            "game": first.game,
            "a": first.a,
            "pool": [s.config.b for s in self.summaries],
            "unit": "games" if first.whole_games else "hands",
            "bidding": first.bidding,
            "seed": first.seed,
            "against": [s.as_dict() for s in self.summaries],
            "mean_win_rate": mean,
            "mean_ci95": [max(0.0, low), min(1.0, high)],
            "seconds": round(self.seconds, 1),
        }

    def table(self) -> str:
        d = self.as_dict()
        first = self.summaries[0].as_dict()
        lines = [
            f"arena {d['game']}: A = {d['a']} against a pool of {len(d['pool'])},"
            f" {first['deals']} deals x {first['copies']} copies each, {d['unit']}"
            f"{'' if d['bidding'] else ', bidding skipped'}, seed {d['seed']},"
            f" {d['seconds']:.0f} s",
            "",
            f"{'against':15}{'A won':>8}{'win rate':>10}{'95% interval':>14}"
            f"{'made: A':>9}{'B':>7}{'net/hand':>9}{'margin':>8}",
        ]
        for s in d["against"]:
            net = s["net_a_hand"]
            interval = f"{100 * s['ci95'][0]:.1f}-{100 * s['ci95'][1]:.1f}%"
            lines.append(
                f"{s['b'][:14]:15}{str(s['a_won']) + '/' + str(s['played']):>8}"
                f"{100 * s['a_win_rate']:>9.1f}%{interval:>14}"
                f"{_percent(s['a_made_rate']):>9}{_percent(s['b_made_rate']):>7}"
                f"{'-' if net is None else f'{net:+.2f}':>9}{s['average_margin']:>+8.2f}"
            )
        interval = f"{100 * d['mean_ci95'][0]:.1f}-{100 * d['mean_ci95'][1]:.1f}%"
        lines += [
            f"{'mean':15}{'':8}{100 * d['mean_win_rate']:>9.1f}%{interval:>14}",
            f"{'fair share':15}{'':8}{100 * first['fair_share']:>9.1f}%",
        ]
        if first["bidding"]:
            unit = "marks" if first["game"] == "texas42" else "points"
            per = "game" if d["unit"] == "games" else "hand"
            lines += [f"net/hand: what a hand won in the auction scored for A less B ({unit});",
                      f"margin: A less B a {per}"]
        for summary, s in zip(self.summaries, d["against"], strict=True):
            contracts = contract_lines(s["contracts"], summary.config)
            if contracts:
                lines += ["", f"against {s['b']}:", *contracts[1:]]
        return "\n".join(lines)


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def run_pool(
    configs: list[ArenaConfig],
    jobs: int | None = None,
    progress: TextIO | None = None,
    scheduler: str | None = None,
    each_deal: DealSink | None = None,
) -> PoolSummary:
    """Play every member's run (the configs differ only in B) and sum each up."""
    start = time.perf_counter()
    runs = play_runs(configs, jobs, progress, scheduler, each_deal)
    seconds = time.perf_counter() - start
    summaries = [Summary(c, o, seconds) for c, o in zip(configs, runs, strict=True)]
    return PoolSummary(summaries, seconds)
