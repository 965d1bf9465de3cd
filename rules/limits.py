"""The sizes a record keeps to (rules/RECORDS.md, "Limits"), the ranges of the numbers a
game carries, and how a message quotes a bad value.

A value past one of these is refused where it enters (a record, a flag, the lobby), so no
later step (the shuffler, SQLite, a message on screen) meets a value it cannot hold.
"""

from __future__ import annotations

import math
import reprlib
from typing import Any

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_DEPTH",
    "MAX_NUMBER_CHARS",
    "SMALLEST_INTEGER",
    "LARGEST_INTEGER",
    "MAX_TARGET",
    "MAX_SEED",
    "QUOTE_CHARS",
    "quoted",
    "is_seed",
]

# What ``moon42 check`` reads and replays in under 2 s of a core (3 MiB of the densest legal
# records: 3,450 hands of Moon, 5,100 of Texas 42, 1.4-1.6 s here; 16 MiB took 6.9 s). A game
# played to any usual target is a few KiB.
MAX_DOCUMENT_BYTES = 3 * 1024 * 1024
MAX_DEPTH = 32  # arrays and objects inside one another, the outermost counted
MAX_NUMBER_CHARS = 32  # a number as written: sign, digits, point and exponent
SMALLEST_INTEGER = -(2**63)
LARGEST_INTEGER = 2**63 - 1  # what SQLite and the record's readers store
MAX_TARGET = 10_000
# A seed is a whole number from 0 to MAX_SEED: the range the game draws its own from, and one
# SQLite stores.
MAX_SEED = 2**63 - 1
QUOTE_CHARS = 40


def is_seed(value: Any) -> bool:
    """Whether ``value`` is a seed a game may be dealt from."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED


class _Short(reprlib.Repr):
    """A repr that stops early: a few items of a container, the start of a long string."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxdict = 2, 4, 4
        self.maxstring = self.maxother = self.maxlong = QUOTE_CHARS + 2

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # Python will not write out more than 4,300 digits
            digits = math.floor(x.bit_length() * math.log10(2)) + 1
            return f"a whole number of about {digits} digits"
        return super().repr_int(x, level)

    def repr_str(self, x: str, level: int) -> str:
        return repr(x[: QUOTE_CHARS + 1])  # the start of the text, where a reader looks


_SHORT = _Short()


def quoted(value: Any) -> str:
    """``value`` as a message shows it: its repr, cut to QUOTE_CHARS characters (then …)."""
    text = _SHORT.repr(value)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"
