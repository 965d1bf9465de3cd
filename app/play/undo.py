"""Undo: take back the human's last action, and the bots' answers since.

The game is rebuilt from its own record with the trailing actions left out: the engine is
deterministic (the deals come from the seed), so the rebuilt game is exactly the game as it
stood before that action.  The bots made from the same seed decide from the same views; the
``basic``, ``normal`` and ``expert`` bots then answer as before, the ``random`` bot (whose
generator moves on with every choice) may not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from moon42.rules import Game, NameTrump
from moon42.rules.actions import action_to_record
from moon42.rules.record import game_from_record, game_to_record

from .words import trump_text

if TYPE_CHECKING:
    from .following import GameInProgress

__all__ = ["taken_back", "take_back", "NothingToUndo"]


class NothingToUndo(Exception):
    """The human has not acted yet (or only in a part of the game that cannot be undone)."""


def taken_back(game: Game, seat: int) -> tuple[Game, int]:
    """The game just before ``seat``'s last action, and how many actions were taken back."""
    doc = game_to_record(game)
    hands = doc["hands"]
    for h in range(len(hands) - 1, -1, -1):
        actions = hands[h]["actions"]
        for a in range(len(actions) - 1, -1, -1):
            if actions[a]["seat"] == seat:
                later = sum(len(hand["actions"]) for hand in hands[h + 1:])
                count = len(actions) - a + later
                hands[h]["actions"] = actions[:a]
                del hands[h + 1:]
                return game_from_record(doc), count
    raise NothingToUndo("Nothing to take back yet: you have not played.")


def _said(game: Game, seat: int) -> str:
    """``your bid of 30`` / ``naming fours`` / ``your play of 6-4`` for the note after an
    undo."""
    last = None
    for log in reversed(game.log):
        mine = [a for a in log.actions if a.seat == seat]
        if mine:
            last = mine[-1]
            break
    if last is None:
        return "your move"
    entry = action_to_record(last)
    kind = next(k for k in ("bid", "discard", "trump", "play") if k in entry)
    value = entry[kind]
    if kind == "bid":
        return "your pass" if value == "pass" else f"your bid of {value}"
    if isinstance(last, NameTrump):  # the trump by name: the record's "4" read as a count
        return f"naming {trump_text(last.trump, game.options)}"
    return f"your {kind} of {value}"


def take_back(flow: GameInProgress) -> str:
    """Undo in a running flow; returns the note for the table (or why nothing happened)."""
    if flow.human is None:
        return "Undo is for games you play; this one plays itself."
    if not flow.config.allow_undo:
        return "Undo is off for this game (the lobby's Undo setting, or --no-undo)."
    if flow.waiting not in ("human", None):
        return "Undo works at the table, during a hand."
    try:
        game, count = taken_back(flow.game, flow.human)
    except NothingToUndo as error:
        return str(error)
    what = _said(flow.game, flow.human)
    flow.take_back_to(game)
    answers = count - 1
    tail = f" and {answers} bot move{'s' * (answers != 1)} after it" if answers else ""
    return f"Took back {what}{tail}. Your turn again."
