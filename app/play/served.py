"""What a game started by a server knows of the server: where its shared tables are (and the
session's token for them) and where its leaderboard is.  Both are None for a game of one's
own.  The server says so in the game's environment (``SOCKET_VARIABLE``, ``TOKEN_VARIABLE``,
``BOARD_VARIABLE``); the command line reads them once, and the screens are given this."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .connection import SOCKET_VARIABLE, TOKEN_VARIABLE, TablesAddress

__all__ = ["BOARD_VARIABLE", "NOT_SERVED", "Served"]

# Set in the game's environment by a server with a leaderboard: the board's file.
BOARD_VARIABLE = "MOON42_LEADERBOARD"


@dataclass(frozen=True)
class Served:
    tables: TablesAddress | None = None
    board: Path | None = None

    @classmethod
    def from_environment(cls, env: Mapping[str, str] = os.environ) -> Served:
        socket, board = env.get(SOCKET_VARIABLE), env.get(BOARD_VARIABLE)
        return cls(TablesAddress(socket, env.get(TOKEN_VARIABLE, "")) if socket else None,
                   Path(board) if board else None)


NOT_SERVED = Served()
