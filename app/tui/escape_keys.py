"""A lone Escape never eats the key after it.

A terminal sends Escape as the byte ESC, and Alt+key as ESC then the key, so a reader tells
them apart by time alone: Textual 8.2.8's parser (``textual._xterm_parser``) takes ESC and a
key that follows within ``ESCDELAY`` (0.1 s) as one.  ESC then a digit it reads as the
character macOS's Option key makes of that digit (ESC 4 is "¢"), ESC then a letter as
Alt+letter: a player who presses Escape and types a bid at once (``Esc 4 2 Enter``) loses the
4 and bids 2.  moon42 binds no Alt or Option key, so ``EscapeFirstParser`` reads ESC and one
printable key as what the player most likely pressed: Escape, then that key.

The bytes that begin a terminal's own sequences (``[`` and ``O`` for keys and replies, ``]``
``P`` ``_`` ``^`` ``X`` ``\\`` for strings) are left to Textual, so arrows, function keys and
a terminal's answers read as before.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual._xterm_parser import XTermParser

__all__ = ["EscapeFirstParser", "SEQUENCE_STARTS"]

ESC = "\x1b"
# What may follow ESC as the start of a terminal's sequence rather than a key.
SEQUENCE_STARTS = frozenset("[O]P_^X\\" + ESC)


class EscapeFirstParser(XTermParser):
    """Textual's terminal parser, reading ESC and one printable key as Escape, then the key."""

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if (len(sequence) == 2 and sequence[0] == ESC and sequence[1] not in SEQUENCE_STARTS
                and sequence[1].isprintable()):
            yield events.Key("escape", ESC)
            yield from super()._sequence_to_key_events(sequence[1])
            return
        yield from super()._sequence_to_key_events(sequence, alt)
