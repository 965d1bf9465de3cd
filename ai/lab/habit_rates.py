"""How often a bot, holding the sensible tile, plays another: the weights a reader wants.

    python -m moon42.ai.lab.habit_rates [--bot expert] [--deals 220] [--seed 500]
        [--share 0.25] [--jobs 2] [--json]

The reading of a seat's plays (``search.tendencies``) takes a sensible player to lead
trumps on the bidding side while it holds one, follow with its lowest tile unless a higher
one takes the trick or feeds its partner count, and give no count to the opponents' trick
while it holds a tile without.  A play against one of those habits makes a layout in which
the seat held the sensible tile less likely, by a weight.  This tool measures what those
weights are for a bot: four of it at a table, Texas 42, bidding skipped (the seat left of
the dealer bids the least), every hand played out; in every spot where a seat held the
sensible tile, how often it played another.  It is how ``tendencies.PARTNER_WEIGHTS`` (the
expert reading its partner as a player like itself) were set.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from moon42.rules import Game
from moon42.rules.results import HandResult
from moon42.rules.tiles import TILES
from moon42.rules.trump import TRUMP_SUIT, trick_rules

from ..budget import scaled
from ..registry import make_bot
from ..search.tendencies import NO_COUNT
from ..workers import play_all
from .arena import aim_for_majority, deal_seed, play_hand

__all__ = ["ROWS", "counts_of", "hand_counts", "main"]

# Each row: the spot counted, the play against the habit there, and their keys in the counts.
ROWS = (
    ("a lead on the bidding side, holding a trump", "led another tile", "lead", "lead off"),
    ("a follow with a choice of tiles in the suit", "played above the lowest for nothing",
     "follow", "waste"),
    ("a follow with a choice of tiles in the suit",
     "played above the lowest to take the trick or feed count", "follow", "takes"),
    ("a shed on the opponents' trick, holding a tile without count", "gave count", "shed",
     "count"),
)


def hand_counts(result: HandResult, partnerships: bool = True) -> Counter:
    """One played-out hand's spots and plays against the habits, by their keys in ``ROWS``."""
    out: Counter = Counter()
    assert result.trump is not None and result.bidder is not None
    rules = trick_rules(result.trump, False)
    bidding = {result.bidder, (result.bidder + 2) % 4} if partnerships else {result.bidder}
    held = [0] * 4
    for trick in result.tricks:
        for seat, tile in trick.plays:
            held[seat] |= 1 << tile
    for trick in result.tricks:
        led = rules.led_suit[trick.plays[0][1]]
        power = rules.power[led]
        suit = rules.follow_mask[led]
        for i, (seat, tile) in enumerate(trick.plays):
            hand = held[seat]
            held[seat] &= ~(1 << tile)
            if i == 0:
                if seat in bidding and hand & rules.follow_mask[TRUMP_SUIT]:
                    out["lead"] += 1
                    out["lead off"] += not rules.is_trump[tile]
                continue
            tiles = [t for _, t in trick.plays[:i]]
            best = max(range(i), key=lambda k: power[tiles[k]])
            partner_winning = partnerships and (trick.plays[best][0] + 2) % 4 == seat
            if suit >> tile & 1:
                choices = [t for t in range(28) if hand >> t & 1 and suit >> t & 1]
                if len(choices) < 2:
                    continue
                out["follow"] += 1
                lowest = min(choices, key=lambda t: (power[t], t))
                if tile != lowest:
                    takes = power[tile] > power[tiles[best]]
                    feeds = partner_winning and TILES[tile].count > 0
                    out["takes" if takes or feeds else "waste"] += 1
            elif not partner_winning and power[tile] <= power[tiles[best]] and hand & NO_COUNT:
                out["shed"] += 1
                out["count"] += TILES[tile].count > 0
    return out


def _deal(job: tuple[str, int, int, float]) -> Counter:
    bot, seed, deal, share = job
    game_seed = deal_seed(seed, deal)
    game = Game.new("texas42", options={"play_out": True}, seed=game_seed)
    bots = aim_for_majority([make_bot(bot, game_seed * 8 + s) for s in range(4)])
    with scaled(share):
        play_hand(game, bots, bidding=False)  # as the arena's --no-bidding plays it
    return hand_counts(game.results[-1])


def counts_of(bot: str, deals: int, seed: int, share: float, jobs: int) -> Counter:
    """Every deal's counts added up."""
    total: Counter = Counter()
    for got in play_all(_deal, [(bot, seed, d, share) for d in range(deals)], jobs):
        total.update(got)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.ai.lab.habit_rates")
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--deals", type=int, default=220)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--share", type=float, default=0.25)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.deals <= 100_000 or not 0 < args.share <= 1 or not 1 <= args.jobs <= 64:
        parser.error("--deals 1-100000, --share in (0, 1], --jobs 1-64")
    counts = counts_of(args.bot, args.deals, args.seed, args.share, args.jobs)
    rows = [
        {"spot": spot, "played": against, "spots": counts[key], "times": counts[play],
         "rate": counts[play] / counts[key] if counts[key] else None}
        for spot, against, key, play in ROWS
    ]
    if args.json:
        json.dump({"bot": args.bot, "deals": args.deals, "seed": args.seed,
                   "share": args.share, "rows": rows}, sys.stdout, indent=1)
        print()
        return 0
    print(f"{args.bot}, Texas 42, bidding skipped, {args.deals} deals of seed {args.seed}, "
          f"{args.share:g} of its budget")
    for row in rows:
        rate = "-" if row["rate"] is None else f"{100 * row['rate']:.1f}%"
        print(f"{row['spot']}: {row['played']} {row['times']} of {row['spots']} ({rate})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
