"""The app opened on the replay viewer (``moon42 replay FILE``) instead of the lobby."""

from __future__ import annotations

from textual import events

from .app import Moon42App
from .replay.positions import Replay
from .screens.replay import ReplayScreen

__all__ = ["ReplayApp"]


class ReplayApp(Moon42App):
    """Everything the app does (help, too small, play a deal again), from a replay."""

    def __init__(self, replay: Replay, ascii_only: bool = False,
                 pace: float | None = None) -> None:
        super().__init__(None, ascii_only=ascii_only, lobby=False, pace=pace)
        self.replay = replay

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # not the lobby: Moon42App's own on_mount is not run
        self.push_screen(ReplayScreen(self.replay, self.glyphs))
        self.call_after_refresh(self._check_size)
