"""The first tricks' play figures, as the hints give them and as they gave them before.

    python -m moon42.ai.lab.early_figures RUN.jsonl[.gz] ... [--jobs J] [--json] [--out F]

A run of ``hint_figures`` holds moments with what happened after them.  For every Texas 42
play moment in the first ``early_play.FADE`` tricks whose figure was shown and not proven,
the moment's hint is asked again three ways on the same view and seed:

- ``now``: as the hints give it (read through the bid's curve early in the hand, on at
  least ``advice.FIGURE_LAYOUTS`` layouts where time allows);
- ``own``: the hand's own layouts alone, on as many layouts (the reading left out);
- ``before``: as before both (the hand's own layouts, the layouts one budget allows).

Where the three advise the same tile, each figure is scored against what happened after
it (the Brier score: the mean squared gap between the chance said and the outcome, 0 or
1; lower is better), and the figures are paired: the gap between two ways' scores, moment
by moment, with a 95% interval.  Said: the moments, each way's mean figure (the chance the
bid is made, the defenders' figures turned round) against how often it was made, and the
scores.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path
from unittest import mock

from moon42.rules import Play
from moon42.rules.views import SeatView

from .. import advice as advice_module
from .. import early_play
from ..advice import Advice, advise
from ..advice_figure import Headline, headline
from ..workers import play_all
from .hint_figures import Moment, drawn, read_moments

__all__ = ["WAYS", "figures_of", "score", "main"]

WAYS = ("now", "own", "before")


def _asked(view: SeatView, seed: int, way: str) -> tuple[Advice, Headline | None]:
    with ExitStack() as stack:
        if way in ("own", "before"):
            stack.enter_context(mock.patch.object(early_play, "weight", lambda view: 0.0))
        if way == "before":
            stack.enter_context(mock.patch.object(advice_module, "FIGURE_STRETCH", 1))
        advice = advise(view, seed=seed)
    return advice, headline(view, advice)


def figures_of(record: dict) -> dict | None:
    """The moment's figure asked the three ways (None where they advise different tiles or
    one gives no figure); as the chance the bid is made."""
    moment = Moment(record["game"], record["seed"], record["index"])
    at, _ = drawn(moment)
    assert at is not None  # the record was measured at a decision of this hand
    turn = at.to_act
    assert turn is not None
    view = at.view(turn.seat)
    out: dict = {"moment": record["moment"], "tricks": len(view.tricks),
                 "made": record["happened"] == (record["goal"] == "made"), "tempered": True}
    actions = set()
    for way in WAYS:
        advice, figure = _asked(view, moment.seed_for("hint"), way)
        if figure is None or not isinstance(advice.action, Play):
            return None
        actions.add(advice.action.tile)
        out[way] = figure.rate if figure.goal == "made" else 1 - figure.rate
        out[f"{way}_layouts"] = advice.layouts
    return out if len(actions) == 1 else None


def _early(records: list[dict]) -> list[dict]:
    return [r for r in records if r["game"] == "texas42" and r.get("kind") == "play"
            and r.get("shown") and not r.get("proven") and r["tricks"] < early_play.FADE]


def score(rows: list[dict]) -> dict:
    """Each way's mean figure and Brier score, and the paired gaps between them."""
    made = [float(r["made"]) for r in rows]
    out: dict = {"moments": len(rows), "made": round(statistics.mean(made), 3)}
    brier = {way: [(r[way] - m) ** 2 for r, m in zip(rows, made, strict=True)] for way in WAYS}
    for way in WAYS:
        out[way] = {"figure": round(statistics.mean(r[way] for r in rows), 3),
                    "brier": round(statistics.mean(brier[way]), 4),
                    "layouts": statistics.median(r[f"{way}_layouts"] for r in rows)}
    for a, b in (("now", "before"), ("now", "own"), ("own", "before")):
        gaps = [x - y for x, y in zip(brier[a], brier[b], strict=True)]
        half = 1.96 * statistics.stdev(gaps) / math.sqrt(len(gaps)) if len(gaps) > 1 else 0.0
        mean = statistics.mean(gaps)
        out[f"{a}-{b}"] = [round(mean, 4), round(mean - half, 4), round(mean + half, 4)]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.ai.lab.early_figures",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", type=Path,
                        help="also write each moment's figures here (JSON lines)")
    args = parser.parse_args(argv)
    if not 1 <= args.jobs <= 64:
        parser.error("--jobs is 1 to 64")
    early = _early(read_moments(args.runs))
    rows = [r for r in play_all(figures_of, early, args.jobs) if r is not None]
    if args.out:
        with args.out.open("w", encoding="utf-8") as sink:
            sink.writelines(json.dumps(r) + "\n" for r in rows)
    if not rows:
        print("no early Texas 42 play moments with a figure in these runs")
        return 1
    result = score(rows)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['moments']} moments (of {len(early)}) advised alike three ways; "
          f"the bid was made in {100 * result['made']:.0f}%")
    for way in WAYS:
        w = result[way]
        print(f"  {way:6}: figure {100 * w['figure']:.0f}% on average, Brier {w['brier']:.4f}, "
              f"median {w['layouts']} layouts")
    for pair in ("now-before", "now-own", "own-before"):
        mean, low, high = result[pair]
        print(f"  Brier {pair}: {mean:+.4f} [{low:+.4f}, {high:+.4f}] (below 0: the first better)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
