"""A lesson's moves as its file writes them: ``pass``, ``bid 30``, ``moon``, ``plunge``,
``splash``, ``trump 5`` (``doubles``, ``none``, ``nello``, ``sevens``), ``discard 3-2`` and
``play 6-4``; each made into the engine's action for the seat to act."""

from __future__ import annotations

from moon42.rules import Action, Trump
from moon42.rules.actions import Bid, Discard, NameTrump, Pass, Play, Plunge, Splash
from moon42.rules.bidding import MOON
from moon42.rules.tiles import parse_tile

__all__ = ["MoveError", "action_of", "move_text"]

# The longest move a lesson writes ("discard 6-6" and the like are far shorter).
_LONGEST = 20


class MoveError(ValueError):
    """A move a lesson writes that is no move."""


def action_of(text: object, seat: int) -> Action:
    """The action ``text`` names, made by ``seat``; ``MoveError`` says why it is none."""
    if not isinstance(text, str) or not 0 < len(text) <= _LONGEST:
        raise MoveError(f"a move is a short text like \"play 6-4\", not {text!r:.40}")
    words = text.split()
    kind, rest = words[0], words[1:]
    try:
        if kind == "pass" and not rest:
            return Pass(seat)
        if kind == "moon" and not rest:
            return Bid(seat, MOON)
        if kind == "plunge" and not rest:
            return Plunge(seat)
        if kind == "splash" and not rest:
            return Splash(seat)
        if kind == "bid" and len(rest) == 1 and rest[0].isdigit() and len(rest[0]) <= 3:
            return Bid(seat, int(rest[0]))
        if kind == "trump" and len(rest) == 1:
            return NameTrump(seat, Trump(rest[0]))
        if kind == "play" and len(rest) == 1:
            return Play(seat, parse_tile(rest[0]))
        if kind == "discard" and len(rest) == 1:
            return Discard(seat, parse_tile(rest[0]))
    except ValueError as error:
        raise MoveError(f"{text!r}: {error}") from None
    raise MoveError(f"{text!r} is no move: write pass, bid N, moon, plunge, splash, "
                    "trump 0-6/doubles/none/nello/sevens, discard A-B or play A-B")


def move_text(action: Action) -> str:
    """An action as a lesson writes it (the inverse of ``action_of``)."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Plunge):
        return "plunge"
    if isinstance(action, Splash):
        return "splash"
    if isinstance(action, Bid):
        return "moon" if action.value == MOON else f"bid {action.value}"
    if isinstance(action, NameTrump):
        return f"trump {action.trump.value}"
    if isinstance(action, Discard):
        return f"discard {action.tile}"
    return f"play {action.tile}"
