"""Exporting the game being played (``x``): each unchanged game once, within the server's cap.

A server gives every game it starts a cap on what the player may keep in their records
folder (``serve --player-files``/``--player-bytes``, through the two variables below); a
game of one's own has none.  The cap counts every record in the folder, finished games'
as well as exports, but stops only exports: a save and a finished game's record are
always written, so reaching the cap never loses a game, it only refuses another copy.
Pressing ``x`` again on a game that has not changed writes nothing new: the player is
told the file it is already in.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .config import GameConfig
from .paths import records_dir
from .records import APP_MEMBER, export_game, record_of

if TYPE_CHECKING:
    from moon42.rules import Game

__all__ = ["BYTES_VARIABLE", "FILES_VARIABLE", "CapReached", "ExportCap", "Exported", "Exports"]

FILES_VARIABLE = "MOON42_PLAYER_FILES"
BYTES_VARIABLE = "MOON42_PLAYER_BYTES"


class CapReached(Exception):
    """An export that would take the player's records past the server's cap."""


def _positive(text: str | None) -> int | None:
    try:
        value = int(text or "")
    except ValueError:
        return None
    return value if value > 0 else None


@dataclass(frozen=True)
class ExportCap:
    files: int | None = None  # records a player may keep; None: no cap
    bytes: int | None = None

    @classmethod
    def from_environment(cls, env: Mapping[str, str] = os.environ) -> ExportCap:
        return cls(_positive(env.get(FILES_VARIABLE)), _positive(env.get(BYTES_VARIABLE)))

    def check(self, folder: Path, size: int) -> None:
        """Raise ``CapReached`` if a record of ``size`` bytes more would pass the cap."""
        if self.files is None and self.bytes is None:
            return
        files, used = 0, 0
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith(".") or not entry.is_file(follow_symlinks=False):
                    continue
                files += 1
                used += entry.stat(follow_symlinks=False).st_size
        if self.files is not None and files + 1 > self.files:
            raise CapReached(f"Not exported: this server keeps at most {self.files} "
                             f"records of yours (you have {files}).")
        if self.bytes is not None and used + size > self.bytes:
            raise CapReached(f"Not exported: this server keeps at most {self.bytes // 1024} "
                             f"KiB of your records (yours: {used // 1024} KiB).")


@dataclass(frozen=True)
class Exported:
    path: Path
    fresh: bool  # False: the game had not changed since it was written there


class Exports:
    """The exports of one window: a game written once until it changes, within the cap."""

    def __init__(self, cap: ExportCap | None = None) -> None:
        self.cap = ExportCap.from_environment() if cap is None else cap
        self._last: tuple[str, Path] | None = None

    def export(self, game: Game, config: GameConfig, undo_used: bool) -> Exported:
        """Write the game's record to records/ (``CapReached``, ``OSError`` if it cannot)."""
        doc = record_of(game, config, undo_used=undo_used)
        text = json.dumps(doc, indent=1)
        doc[APP_MEMBER].pop("saved", None)  # when it was written is not a change of the game
        same = json.dumps(doc, sort_keys=True)
        if self._last is not None and self._last[0] == same and self._last[1].is_file():
            return Exported(self._last[1], fresh=False)
        self.cap.check(records_dir(), len(text.encode()) + 1)
        path = export_game(game, config, undo_used=undo_used)
        self._last = (same, path)
        return Exported(path, fresh=True)
