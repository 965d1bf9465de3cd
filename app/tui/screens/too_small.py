"""Shown while the terminal is smaller than 80x24; the game waits and resumes when it grows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

__all__ = ["TooSmallScreen", "MIN_WIDTH", "MIN_HEIGHT"]

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmallScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self._update()

    def on_resize(self) -> None:
        self._update()

    def _update(self) -> None:
        width, height = self.app.size
        self.query_one("#too-small-text", Static).update(
            f"Please enlarge the terminal to at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            f"It is {width}x{height} now. The game waits and goes on when it grows.\n"
            "(Ctrl+Q quits.)"
        )
