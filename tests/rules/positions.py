"""Chosen deals used by several test files, with a line of play for each (rules/README.md 6)."""

from __future__ import annotations

from typing import Any

# Three-player Moon, trump 6: the bidder (seat 0) leads six trumps, then 2-1, which 2-2 wins.
# The widow is 0-0: kept (discarding 2-1), it wins the last trick too.
M3 = {
    0: "6-6 6-5 6-4 6-3 6-2 6-1 2-1",
    1: "5-5 5-4 5-3 5-2 5-1 4-4 2-2",
    2: "4-3 4-2 4-1 3-3 3-2 3-1 1-1",
}
M3_PLAYS = [
    "6-6 5-5 4-3",
    "6-5 5-4 4-2",
    "6-4 5-3 4-1",
    "6-3 5-2 3-3",
    "6-2 5-1 3-2",
    "6-1 4-4 3-1",
]


# Three-player Moon, trump 6: seat 0 takes five tricks, seat 2 the sixth (3-3) and seat 1
# the last (2-2).  Widow 0-0.
M3_SPLIT = {
    0: "6-6 6-5 6-4 6-3 6-2 3-1 3-2",
    1: "6-1 5-5 5-4 5-3 5-2 2-2 1-1",
    2: "5-1 4-4 4-3 4-2 4-1 3-3 2-1",
}
M3_SPLIT_PLAYS = [
    "6-6 6-1 5-1",
    "6-5 5-5 4-4",
    "6-4 5-4 4-3",
    "6-3 5-3 4-2",
    "6-2 5-2 4-1",
    "3-1 1-1 3-3",
    "2-1 3-2 2-2",
]

# Four-player Moon (and Texas 42), trump 6: seat 0 leads five trumps (seat 3 follows with 6-1
# and 6-0), then 1-0, which 1-1 wins; seat 1 then wins with 5-5.  Side 0-2: 5 tricks.
D4 = {
    0: "6-6 6-5 6-4 6-3 6-2 1-0 0-0",
    1: "1-1 5-5 5-4 5-3 5-2 5-1 5-0",
    2: "4-4 4-3 4-2 4-1 4-0 3-3 3-2",
    3: "6-1 6-0 3-1 3-0 2-2 2-1 2-0",
}
D4_PLAYS = [
    "6-6 5-0 4-0 6-1",
    "6-5 5-1 4-1 6-0",
    "6-4 5-2 4-2 3-0",
    "6-3 5-3 4-3 3-1",
    "6-2 5-4 4-4 2-0",
    "1-0 1-1 3-2 2-1",
    "5-5 3-3 2-2 0-0",
]
# Seat 0 holds every six: it takes all seven tricks.
ALL_SIXES = {0: "6-6 6-5 6-4 6-3 6-2 6-1 6-0"}


# Four-player Moon, trump 6: seat 0 leads four trumps (seat 3 follows three times), then
# 1-0, which 1-1 wins; seat 1 wins the last two with fives.  Side 0-2: 4 tricks.
D4B = {
    0: "6-6 6-5 6-4 6-3 1-0 2-0 0-0",
    1: "1-1 5-5 5-4 5-3 5-2 5-1 5-0",
    2: "4-4 4-3 4-2 4-1 4-0 3-3 3-2",
    3: "6-2 6-1 6-0 3-1 3-0 2-2 2-1",
}
D4B_PLAYS = [
    "6-6 5-0 4-0 6-2",
    "6-5 5-1 4-1 6-1",
    "6-4 5-2 4-2 6-0",
    "6-3 5-3 4-3 3-1",
    "1-0 1-1 3-2 2-1",
    "5-5 4-4 3-0 2-0",
    "5-4 3-3 2-2 0-0",
]


def moon3_doc() -> dict[str, Any]:
    """The rules/RECORDS.md example: seat 2 bids 6, discards 4-1, names 6; one trick played."""
    return {
        "format": "moon42/1",
        "game": "moon3",
        "options": {"min_bid": 4, "scoring": "points", "target": 21},
        "players": ["You", "Ada (bot: expert)", "Bo (bot: normal)"],
        "hands": [
            {
                "dealer": 2,
                "deal": [
                    ["6-6", "6-5", "5-4", "4-4", "3-1", "2-2", "1-1"],
                    ["6-3", "5-5", "5-2", "4-2", "3-3", "2-1", "0-0"],
                    ["6-4", "6-2", "6-1", "5-3", "5-1", "4-3", "4-1"],
                ],
                "widow": ["3-2"],
                "actions": [
                    {"seat": 0, "bid": 5},
                    {"seat": 1, "bid": "pass"},
                    {"seat": 2, "bid": 6},
                    {"seat": 2, "discard": "4-1"},
                    {"seat": 2, "trump": "6"},
                    {"seat": 2, "play": "6-4"},
                    {"seat": 0, "play": "6-6"},
                    {"seat": 1, "play": "6-3"},
                ],
            }
        ],
    }
