"""Which games a ranking counts: the one rule the server's leaderboard reads, and that any
rating made from the same games should read too (``counted_games``).

A player's statistics keep every game they played; a ranking counts only the games that
say how they play, so that none can be bought by playing games that are not games:

- finished, with the player in it from its first hand (a deal replayed from the middle of
  a record, or a seat taken at a shared table after a hand was scored, is not a whole game);
- to the game's own target or beyond (21 points in Moon by points, 7 marks otherwise): a
  game to 1 is one hand;
- without undo (a move taken back and played again is a second try);
- every other seat a person (a shared table's) or a bot of stated strength: ``basic`` (the
  yardstick), ``normal``, ``hard`` (the expert with a short time to think: the statistics
  name it by its level) or ``expert``, or a shared table's bots (which play ``basic``).
  Not ``random`` (it plays at random), nor a bot from another package (no stated strength).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

from moon42.rules.options import Scoring, default_target

__all__ = ["COUNTED", "COUNTED_BOTS", "GAME_KINDS", "PlayedGame", "bot_level", "counted_games",
           "counts", "played_games"]

COUNTED_BOTS = frozenset({"basic", "normal", "hard", "expert"})
# Each game a ranking of its own: its name in the statistics, and as the board says it.
GAME_KINDS = {"moon3": "Moon for 3", "moon4": "Moon for 4", "texas42": "Texas 42"}
# The shared tables' bots, kept under their seats' names ("Bot A"): they play ``basic``.
_TABLE_BOTS = frozenset(f"Bot {letter}" for letter in "ABCD")
# What the board says it counts.
COUNTED = ("whole games to the game's target or more, without undo, against people or the "
           "basic, normal, hard or expert bot")


@dataclass(frozen=True)
class PlayedGame:
    """A finished game in a player's statistics, as a ranking reads it."""

    id: str
    game: str
    target: int
    uses_marks: bool
    bots: tuple[str | None, ...]  # each seat's bot; None for a person (the player too)
    seat: int  # the player's
    undo_used: bool
    whole: bool  # kept from its first hand
    won: bool
    finished: str = ""  # when it was won, in UTC (ISO 8601): the order ratings take games in
    winners: tuple[int, ...] = ()  # the winning seats


def bot_level(bot: str) -> str | None:
    """The strength a counted bot plays at (a shared table's bots play ``basic``); None for
    one a ranking does not count."""
    if bot in COUNTED_BOTS:
        return bot
    return "basic" if bot in _TABLE_BOTS else None


def counts(game: PlayedGame) -> bool:
    """Whether a ranking counts ``game`` (the module's docstring says why)."""
    scoring = Scoring.MARKS if game.uses_marks else Scoring.POINTS
    return (game.whole and not game.undo_used
            and game.target >= default_target(game.game, scoring)
            and all(bot is None or bot_level(bot) is not None for bot in game.bots))


_PLAYED = """SELECT g.id, g.game, g.target, g.uses_marks, g.bots, g.human_seat, g.undo_used,
                    g.human_won, g.finished, g.winners,
                    EXISTS (SELECT 1 FROM hands h WHERE h.game_id = g.id AND h.hand = 0)
             FROM games g WHERE g.human_seat IS NOT NULL AND g.finished IS NOT NULL"""


def played_games(conn: sqlite3.Connection) -> list[PlayedGame]:
    """Every finished game with the player at a seat (sqlite3.Error as the query raises;
    ValueError for a row that is not one the statistics write)."""
    games = []
    for (id_, game, target, marks, bots, seat, undo, won, finished, winners,
         whole) in conn.execute(_PLAYED):
        try:
            seats, winning = json.loads(bots), json.loads(winners or "[]")
        except (TypeError, ValueError):
            raise ValueError(f"game {str(id_)[:40]}: its seats are not lists") from None
        if not isinstance(seats, list) or not all(b is None or isinstance(b, str)
                                                  for b in seats) \
                or not all(isinstance(v, int) for v in (target, marks, seat, undo, whole)) \
                or not isinstance(game, str) or not 0 <= seat < len(seats) \
                or not isinstance(winning, list) \
                or not all(isinstance(w, int) and 0 <= w < len(seats) for w in winning):
            raise ValueError(f"game {str(id_)[:40]}: not a game the statistics write")
        games.append(PlayedGame(str(id_), game, target, bool(marks), tuple(seats), seat,
                                bool(undo), bool(whole), won == 1, _utc(id_, finished),
                                tuple(sorted(set(winning)))))
    return games


def _utc(id_: object, finished: object) -> str:
    """``finished`` (local time with its offset) in UTC, so that games order by it."""
    try:
        when = datetime.fromisoformat(str(finished))
    except ValueError:
        raise ValueError(f"game {str(id_)[:40]}: its end is not a time") from None
    if when.tzinfo is None:
        raise ValueError(f"game {str(id_)[:40]}: its end has no UTC offset")
    return when.astimezone(UTC).isoformat(timespec="seconds")


def counted_games(conn: sqlite3.Connection) -> list[PlayedGame]:
    """The games a ranking counts, of the player whose statistics ``conn`` reads."""
    return [game for game in played_games(conn) if counts(game)]
