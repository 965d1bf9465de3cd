"""Trump, suits, following and trick winners (rules/README.md sections 5 and 6, 9.1, 9.4, 9.5).

Everything a trick needs is precomputed once per (trump, doubles rule) into a
``TrickRules`` table, so the engine's hot path is a few list look-ups.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache

from .tiles import TILES, Tile

__all__ = [
    "Trump",
    "Doubles",
    "TrickRules",
    "trick_rules",
    "TRUMP_SUIT",
    "DOUBLES_SUIT",
    "suit_name",
]

TRUMP_SUIT = 8
DOUBLES_SUIT = 7


class Trump(StrEnum):
    """What the bidder names; the value is the record's spelling."""

    BLANKS = "0"
    ONES = "1"
    TWOS = "2"
    THREES = "3"
    FOURS = "4"
    FIVES = "5"
    SIXES = "6"
    DOUBLES = "doubles"
    NO_TRUMP = "none"
    NELLO = "nello"
    SEVENS = "sevens"

    @property
    def number(self) -> int | None:
        return int(self.value) if self.value.isdigit() else None

    @classmethod
    def of_number(cls, number: int) -> Trump:
        return cls(str(number))

    @property
    def label(self) -> str:
        return _LABELS[self]

    def __str__(self) -> str:
        return self.value


class Doubles(StrEnum):
    """Where the doubles rank when no number and not the doubles are trump (9.1, 9.4):
    top of their suit, bottom of it, or a suit of their own.  The value is the record's."""

    HIGH = "high"
    LOW = "low"
    OWN = "own"


_LABELS = {
    Trump.BLANKS: "blanks",
    Trump.ONES: "ones",
    Trump.TWOS: "twos",
    Trump.THREES: "threes",
    Trump.FOURS: "fours",
    Trump.FIVES: "fives",
    Trump.SIXES: "sixes",
    Trump.DOUBLES: "doubles",
    Trump.NO_TRUMP: "no trump",
    Trump.NELLO: "Nello",
    Trump.SEVENS: "Sevens",
}

_SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "doubles", "trump")


def suit_name(suit: int) -> str:
    return _SUIT_NAMES[suit]


class TrickRules:
    """Following and ranking for one trump and one way of treating doubles.

    ``led_suit[t]``: the suit a trick led with tile ``t`` asks for.
    ``follow_mask[s]``: bitmask of the tiles that follow suit ``s``.
    ``power[s][t]``: how strongly ``t`` plays to a trick of suit ``s``; the
    highest wins and 0 never wins.  In Sevens there are no suits: every tile's
    power is its closeness to seven and ``follow_mask`` is unused.
    """

    __slots__ = (
        "trump",
        "doubles",
        "led_suit",
        "follow_mask",
        "follow_lead",
        "power_lead",
        "power",
        "is_trump",
        "sevens",
    )

    def __init__(self, trump: Trump, doubles: Doubles) -> None:
        self.trump = trump
        self.doubles = doubles
        self.sevens = trump is Trump.SEVENS
        number = trump.number
        is_trump = [False] * 28
        for t in TILES:
            if number is not None:
                is_trump[t] = t.carries(number)
            elif trump is Trump.DOUBLES:
                is_trump[t] = t.is_double
        self.is_trump = tuple(is_trump)
        no_trump = number is None and trump is not Trump.DOUBLES
        own_doubles = no_trump and doubles == Doubles.OWN
        low_doubles = no_trump and doubles == Doubles.LOW

        led_suit = []
        for t in TILES:
            if is_trump[t]:
                led_suit.append(TRUMP_SUIT)
            elif own_doubles and t.is_double:
                led_suit.append(DOUBLES_SUIT)
            else:
                led_suit.append(t.high)
        self.led_suit = tuple(led_suit)

        follow_mask = [0] * 9
        power = [[0] * 28 for _ in range(9)]
        for t in TILES:
            if self.sevens:
                for s in range(9):
                    power[s][t] = 8 - abs(t.pips - 7)
                continue
            if is_trump[t]:
                follow_mask[TRUMP_SUIT] |= 1 << t
                if number is not None:
                    rank = 7 if t.is_double else t.other(number)
                else:
                    rank = t.high
                for s in range(9):
                    power[s][t] = 100 + rank
                continue
            if t.is_double:
                if own_doubles:
                    follow_mask[DOUBLES_SUIT] |= 1 << t
                    power[DOUBLES_SUIT][t] = 1 + t.high
                else:
                    follow_mask[t.high] |= 1 << t
                    power[t.high][t] = 1 if low_doubles else 9
                continue
            for s in (t.high, t.low):
                follow_mask[s] |= 1 << t
                power[s][t] = 2 + t.other(s)
        self.follow_mask = tuple(follow_mask)
        # For each tile, the tiles that follow when it is led.
        self.follow_lead = tuple(follow_mask[suit] for suit in self.led_suit)
        self.power = tuple(tuple(row) for row in power)
        # For each tile, the powers of every tile in a trick it leads.
        self.power_lead = tuple(self.power[suit] for suit in self.led_suit)

    def follows(self, tile: Tile, suit: int) -> bool:
        return bool(self.follow_mask[suit] >> tile & 1)

    def winner_index(self, tiles: Sequence[int]) -> int:
        """Index in ``tiles`` (in play order) of the tile that wins the trick."""
        power = self.power[self.led_suit[tiles[0]]]
        best, best_power = 0, power[tiles[0]]
        for i in range(1, len(tiles)):
            p = power[tiles[i]]
            if p > best_power:
                best, best_power = i, p
        return best


@cache
def trick_rules(trump: Trump, doubles: Doubles = Doubles.HIGH) -> TrickRules:
    """The rules for ``trump`` with doubles ranked as ``doubles`` says; a table's own are
    ``Options.trick_rules_for(trump)``."""
    return TrickRules(trump, doubles)
