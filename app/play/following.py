"""What follows a game without driving it (the autosave, the statistics, undo) asks of the
game in progress: its state and settings, a list to listen on, and a way to warn the player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from moon42.rules import Game
from moon42.rules.events import Event

from .config import GameConfig

__all__ = ["GameInProgress", "Listener"]


class GameInProgress(Protocol):
    """A game being played: the game, how it was set up, whose seat is the player's (None
    when bots play every seat), the bots' pace, and whether a move was taken back."""

    game: Game
    config: GameConfig
    human: int | None
    pace: float
    undo_used: bool
    game_id: str | None  # the statistics' key for the game, once it is recorded
    # Called with the game in progress and the events after every change to the game.
    listeners: list[Listener]

    @property
    def waiting(self) -> str | None:
        """What the game waits for: "human", "summary", "game over", or None (the bots)."""

    def take_back_to(self, game: Game) -> None:
        """Go on from ``game``: this game with moves taken back."""

    def warn(self, text: str) -> None:
        """Tell the player something went wrong that does not stop the game."""


Listener = Callable[[GameInProgress, list[Event]], None]
