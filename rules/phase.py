"""Where a game stands: in a hand (bidding, widow, trump, play), between hands, or over."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    BIDDING = "bidding"
    WIDOW = "widow"
    TRUMP = "trump"
    PLAY = "play"
    HAND_OVER = "hand over"
    GAME_OVER = "game over"
