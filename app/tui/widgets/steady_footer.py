"""Textual's Footer, rebuilt only when the keys it shows change.

Textual's Footer recomposes all its keys whenever the screen's bindings may have changed,
which is after every focus move; in the lobby, where Up and Down move the focus from row
to row, that rebuild was most of what a key cost. This one compares what it would show with
what it shows, and leaves its keys alone when they are the same.

Each key Textual's Footer makes binds its ``compact`` to the footer's, and Textual drops a
closed key's binding only when the footer's ``compact`` changes, which it never does here:
every rebuild left the old keys (with their styles and cached lines) held by the footer
for as long as the screen lived.  A table's footer is rebuilt as the phase of each hand
changes, so a whole game kept several hundred keys, a third of what a shared game added
to a session's memory.  This one lets go of the closed keys' bindings whenever it builds
its keys again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["SteadyFooter"]


class SteadyFooter(Footer):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: tuple | None = None

    def compose(self) -> ComposeResult:
        self.forget_closed_keys()
        yield from super().compose()

    def forget_closed_keys(self) -> None:
        """Drop the bindings of the keys a rebuild has closed (Textual keeps them in the
        footer's watchers, by reactive's name)."""
        watchers = getattr(self, "__watchers", None)
        if isinstance(watchers, dict):
            for bound in watchers.values():
                bound[:] = [(node, callback) for node, callback in bound
                            if not getattr(node, "_closing", False)]

    def _keys(self) -> tuple:
        """What the footer would show now: each shown key, its text and whether it works."""
        app = self.app
        return tuple(
            (binding.key, app.get_key_display(binding), binding.description, binding.action,
             binding.group, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        ) + (app.ENABLE_COMMAND_PALETTE and self.show_command_palette,)

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        keys = self._keys()
        if keys != self._shown:
            self._shown = keys
            await self.recompose()
