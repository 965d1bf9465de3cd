"""The words the lessons and the hints share: what a lesson teaches is said the way a hint
later says it.  A lesson writes ``{partner_winning}`` and reads "your partner is winning
the trick", the words the hint's reason gives (``app/tui/text/reasons.py``)."""

from __future__ import annotations

import re

__all__ = ["PHRASES", "expand", "phrase"]

PHRASES = {
    "sure_winner": "nothing left can beat it",
    "highest_trump_left": "the highest trump left",
    "your_highest_trump": "your highest trump",
    "draw_trumps": "to draw trumps",
    "trumps_in": "it trumps in",
    "wins_trick": "it wins the trick",
    "partner_winning": "your partner is winning the trick",
    "lets_go": "it lets this trick go",
    "lost_anyway": "the trick is lost anyway",
    "stays_under": "it stays under the trick",
    "no_count": "with no count for the opponents",
}

_NAMED = re.compile(r"\{([a-z_]+)\}")


def phrase(key: str) -> str:
    return PHRASES[key]


def expand(text: str) -> str:
    """``text`` with each ``{key}`` of a shared phrase written out (other braces stay)."""
    return _NAMED.sub(lambda m: PHRASES.get(m.group(1), m.group(0)), text)
