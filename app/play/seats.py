"""Who sits at a shared table: a seat, the player asking for it, and the seat's code.

Each seat is empty (a bot plays it) or belongs to a player, known by their identity (a
key's fingerprint or a guest's name) and the session that sat down.  Who may sit back down:
the session that took the seat; for a key, any session signed in with the key; for a guest,
whose name anyone may take once they have gone, a session that gives the seat's code (six
digits, told only to the session that sat down).  Wrong codes are counted: after
``CODE_TRIES`` in ``CODE_WINDOW`` seconds, the seat takes no more for a while.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CODE_TRIES", "CODE_WINDOW", "Seat", "SeatCodeNeeded", "Send", "Sitter",
           "TableError", "new_code"]

Send = Callable[[dict[str, Any]], None]

# Wrong seat codes a seat takes in a window of seconds before it takes none for a while.
CODE_TRIES = 5
CODE_WINDOW = 600.0


def new_code() -> str:
    """A seat's code: six digits from the system's source of secrets."""
    return f"{secrets.randbelow(10**6):06d}"


class TableError(Exception):
    """What a player asked of a table that cannot be done, in words for the player."""


class SeatCodeNeeded(TableError):
    """The seat is the asker's by name, but another session took it: its code is needed."""


@dataclass(frozen=True)
class Sitter:
    """Who asks for a seat: the player's identity, name, and session."""

    player: str  # the identity: a key's or a guest's folder name
    name: str
    session: str  # the session asking (its sign-in's token)
    by_key: bool  # a key proves the player; a guest's name does not


@dataclass
class Seat:
    bot_name: str
    player: str | None = None  # the identity that holds the seat; None: an empty seat
    name: str = ""  # the player's name at the table
    send: Send | None = None  # how to reach the player, while connected
    dropped_at: float | None = None
    session: str = ""  # the session that sat down last
    by_key: bool = False
    code: str = ""  # a guest's seat code: what another session of theirs must give
    wrong: list[float] = field(default_factory=list)  # when wrong codes were given
    timeouts: int = 0  # turns running the move clock ran out on (``move_clock``)
    # The game, and its hands over, whose record this connection has been sent (for the
    # hand's review): sent once a hand, and again to a connection that sits down afresh.
    record_told: tuple[object, int] | None = None

    @property
    def shown(self) -> str:
        return self.name if self.player is not None else self.bot_name
