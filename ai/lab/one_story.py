"""One hand, one story: the trump hint's figure beside the first lead's.

    python -m moon42.ai.lab.one_story [--game all|moon3|moon4|texas42] [--hands N]
                                      [--seed S] [--jobs J] [--json]

A hand is dealt and bid by experts; where the bidder names a trump (the contracts the
hints give a figure for), the trump hint is asked for the bidder's view and its figure
kept (``advice_figure.headline``); the hint's trump is named, and if the bidder leads the
first trick, the first lead's hint is asked too.  The two figures are the same chance, the
bid made, read two ways: the trump's through the calibration for hands like this one, the
lead's on this hand's own deals (in Texas 42's first tricks read through the same
calibration: ``early_play``).  Said: per game, how many hands gave both, the mean and
the largest gaps, and the share within ``WITHIN`` points; and how long the first lead's
hint took (median and 95th percentile, CPU seconds).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time

from moon42.rules import Game, NameTrump, Phase

from ..advice import advise
from ..advice_figure import headline
from ..expert import ExpertBot
from ..protocol import decide
from ..workers import play_all

__all__ = ["bid_to_trump", "seed_for", "hand_figures", "summary", "main", "WITHIN"]

GAMES = ("moon3", "moon4", "texas42")
WITHIN = 0.15  # the "one story": the two figures at most this far apart


def seed_for(game: str, seed: int, index: int, what: str) -> int:
    """The seed of one part (``what``) of a hand of the run ``seed``."""
    digest = hashlib.blake2b(f"one-story:{game}/{seed}/{index}:{what}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "little") >> 1


def bid_to_trump(game_name: str, seed: int, index: int) -> Game:
    """A hand of the run ``seed`` dealt and bid by experts, until a trump is to be named
    (or the hand is over: every seat passed, or a contract that names none)."""
    game = Game.new(game_name, seed=seed_for(game_name, seed, index, "deal"))
    bots = [ExpertBot(seed_for(game_name, seed, index, f"expert{s}")) for s in range(game.seats)]
    while game.phase not in (Phase.TRUMP, Phase.HAND_OVER, Phase.GAME_OVER):
        turn = game.to_act
        assert turn is not None
        game.apply(decide(bots[turn.seat], game.view(turn.seat)))
    return game


def hand_figures(job: tuple[str, int, int]) -> dict:
    """One hand: the trump hint's figure and the first lead's (None where not given)."""
    game_name, seed, index = job
    game = bid_to_trump(game_name, seed, index)
    out: dict = {"game": game_name, "seed": seed, "index": index, "trump": None, "lead": None}
    if game.phase is not Phase.TRUMP:
        return out
    bidder = game.to_act
    assert bidder is not None
    view = game.view(bidder.seat)
    advice = advise(view, seed=seed_for(game_name, seed, index, "hint"))
    trump = headline(view, advice)
    if trump is None or not isinstance(advice.action, NameTrump):
        return out
    out["trump"] = round(trump.rate, 4)
    out["trump_proven"] = trump.certain is not None
    game.apply(advice.action)
    turn = game.to_act
    if turn is None or turn.kind != "play" or turn.seat != bidder.seat:
        return out
    view = game.view(bidder.seat)
    started = time.process_time()
    lead_advice = advise(view, seed=seed_for(game_name, seed, index, "lead"))
    out["lead_seconds"] = round(time.process_time() - started, 3)
    out["lead_layouts"] = lead_advice.layouts
    lead = headline(view, lead_advice)
    if lead is not None and lead.goal == "made":
        out["lead"] = round(lead.rate, 4)
        out["lead_proven"] = lead.certain is not None
    return out


def summary(records: list[dict]) -> list[dict]:
    rows = []
    for game in GAMES:
        both = [r for r in records if r["game"] == game
                and r["trump"] is not None and r["lead"] is not None]
        if not both:
            continue
        gaps = [abs(r["lead"] - r["trump"]) for r in both]
        asked = sorted(r["lead_seconds"] for r in records
                       if r["game"] == game and "lead_seconds" in r)
        rows.append({"game": game, "hands": sum(r["game"] == game for r in records),
                     "both": len(both), "mean_gap": round(statistics.mean(gaps), 3),
                     "largest_gap": round(max(gaps), 3),
                     "within": round(sum(g <= WITHIN for g in gaps) / len(gaps), 3),
                     "lead_above": round(sum(r["lead"] > r["trump"] for r in both) / len(both),
                                         3),
                     "lead_seconds": _median_and_p95(asked)})
    return rows


def _median_and_p95(seconds: list[float]) -> tuple[float, float] | None:
    if not seconds:
        return None
    return (seconds[len(seconds) // 2], seconds[min(len(seconds) - 1, len(seconds) * 95 // 100)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.ai.lab.one_story",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("all", *GAMES), default="all")
    parser.add_argument("--hands", type=int, default=50, help="hands a game (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="also write each hand's figures here (JSON lines)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.hands <= 100_000 or not 1 <= args.jobs <= 64:
        parser.error("--hands is 1 to 100000 and --jobs 1 to 64")
    games = GAMES if args.game == "all" else (args.game,)
    jobs = [(g, args.seed, i) for i in range(args.hands) for g in games]
    records = list(play_all(hand_figures, jobs, args.jobs))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as sink:
            sink.writelines(json.dumps(r) + "\n" for r in records)
    rows = summary(records)
    if args.json:
        print(json.dumps(rows))
        return 0
    for row in rows:
        print(f"{row['game']}: {row['both']} of {row['hands']} hands gave both figures; "
              f"gap mean {100 * row['mean_gap']:.0f} points, largest "
              f"{100 * row['largest_gap']:.0f}; within {100 * WITHIN:.0f} points: "
              f"{100 * row['within']:.0f}%; the lead's above the trump's: "
              f"{100 * row['lead_above']:.0f}%")
        if row["lead_seconds"]:
            median, p95 = row["lead_seconds"]
            print(f"  the first lead's hint: {median:.2f} s median, {p95:.2f} s p95 "
                  "(CPU seconds of one core)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
