"""The move clock of a shared table: a connected player has so long for each turn.

A turn starts when the table changes to it (``Table.moves`` counts every change).  When a
connected player's turn runs past ``seconds``, the table plays it for them as their seat's
bot would, and tells everyone at the table (``timed_out``).  A player timed out on
``AWAY_AFTER`` turns running is away: their seat's bot plays at once, until they are heard
from again (a key pressed: ``Table.here``).  The clock reads the table's own clock, so a
test moves time by hand.  0 seconds: no clock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from moon42.rules import Action, Bid, Discard, NameTrump, Pass, Play, Plunge, Splash
from moon42.rules.options import Options

from .words import bid_text, trump_text

__all__ = ["AWAY_AFTER", "COUNTDOWN", "DEFAULT_MOVE_CLOCK", "MAX_MOVE_CLOCK", "MoveClock",
           "played_for_words", "timed_out"]

DEFAULT_MOVE_CLOCK = 60.0  # seconds
MAX_MOVE_CLOCK = 3600.0
AWAY_AFTER = 3  # turns timed out running: the player is away
COUNTDOWN = 10.0  # the last seconds a player is shown counting down


class MoveClock:
    """When the turn being played started, and how long it may take."""

    def __init__(self, seconds: float, clock: Callable[[], float]) -> None:
        self.seconds, self.clock = seconds, clock
        self._moves = -1  # the table's change the turn started with
        self._since = 0.0
        self.overdue: tuple[int, int] | None = None  # (seat, change) the table plays for

    def left(self, table: Any) -> float | None:
        """Seconds left of the turn of the connected player to act; None when no clock
        runs (nobody's turn, a bot's, or no clock at all)."""
        turn = table.game.to_act
        if self.seconds <= 0 or turn is None or table.gathers_now():
            return None
        seat = table.seats[turn.seat]
        if seat.player is None or seat.send is None or turn.seat in table.autoplayed \
                or seat.timeouts >= AWAY_AFTER:
            return None
        if table.moves != self._moves:
            self._moves, self._since = table.moves, self.clock()
        return self._since + self.seconds - self.clock()

    def plays_for(self, table: Any, seat: int) -> bool:
        """Whether the table plays this turn for ``seat``'s player: their time ran out."""
        return self.overdue == (seat, table.moves)


def timed_out(table: Any, seat: int) -> dict[str, Any]:
    """Mark ``seat``'s turn as run out: its bot plays it; what everyone at the table is told."""
    s = table.seats[seat]
    s.timeouts += 1
    table.move_clock.overdue = (seat, table.moves)
    away = s.timeouts >= AWAY_AFTER
    # One line at 80 columns, whatever the name (12 letters at most).
    if away:
        text = f"{s.name} ran out of time again: a bot plays until they press a key."
    else:
        text = f"{s.name} took too long: played for them."
    return {"type": "timed-out", "table": table.number, "seat": seat, "name": s.name,
            "away": away, "text": text}


def played_for_words(action: Action, options: Options) -> str:
    """What the table's bot did on a turn it played for a player whose time ran out, as
    everyone at the table may read it ("played 6-4"; a discard's tile is the bidder's
    secret): the hand log says who, and "took too long" (``app/tui/widgets/hand_log``)."""
    if isinstance(action, Pass):
        what = "passed"
    elif isinstance(action, Bid):
        what = f"bid {bid_text(action.value, 'bid', options)}"
    elif isinstance(action, (Plunge, Splash)):
        what = f"bid {type(action).__name__}"
    elif isinstance(action, NameTrump):
        what = f"named {trump_text(action.trump, options)}"
    elif isinstance(action, Discard):
        what = "laid a tile aside"
    else:
        assert isinstance(action, Play)
        what = f"played {action.tile}"
    return what
