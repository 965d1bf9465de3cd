"""Messages the screens post; the app hands them to the flow."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.message import Message

from moon42.rules import Action

from ...play.config import GameConfig

__all__ = ["StartGame", "StartMatch", "ActionChosen", "PaceChanged", "ShowScores", "GameOverChoice",
           "ResumeGame", "ViewSavedGame", "UndoMove", "ExportRecord", "ClaimRest"]


@dataclass
class StartGame(Message):
    """The lobby's Start: play a game with this setup."""

    config: GameConfig


@dataclass
class StartMatch(Message):
    """The lobby's m: a duplicate match against bots with this setup."""

    config: GameConfig


@dataclass
class ActionChosen(Message):
    """The human chose a bid, discard, trump or tile."""

    action: Action


@dataclass
class PaceChanged(Message):
    """The bot pace was made faster (-1) or slower (+1)."""

    step: int


class ShowScores(Message):
    """Open the scoreboard over the table."""


@dataclass
class GameOverChoice(Message):
    """After the game: "again", "lobby" or "quit"."""

    choice: str


@dataclass
class ResumeGame(Message):
    """The lobby's Resume: go on with the saved game in ``path`` (app/play/saves.py)."""

    path: Path


@dataclass
class ViewSavedGame(Message):
    """Open a saved game read-only, in the replay viewer."""

    path: Path


class UndoMove(Message):
    """Take back the human's last action and the bots' answers since (app/play/undo.py)."""


class ExportRecord(Message):
    """Write the current game's record to the records folder (app/play/saves.py)."""


class ClaimRest(Message):
    """The human claims the rest of the hand (the table's w)."""
