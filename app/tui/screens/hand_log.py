"""The hand log and the tile tracker over the table (a terminal too small to show them beside it).

Drawn from the table's current view, so they follow the hand while they are open; o and k
switch between them, Escape (or the same key) goes back to the table.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from moon42.rules.views import SeatView

from ...play.claiming import Claimed
from ..widgets.hand_log import log_text
from ..widgets.steady_footer import SteadyFooter
from ..widgets.tracker import tracker_text

__all__ = ["HandLogScreen", "LOG", "TRACKER"]

LOG, TRACKER = "log", "tracker"
_TITLES = {LOG: "The hand so far", TRACKER: "Tile tracker"}


class HandLogScreen(ModalScreen[None]):

    BINDINGS = [
        Binding("o", "switch('log')", "Hand log", id="log-log"),
        Binding("k", "switch('tracker')", "Tiles", id="log-tracker"),
        Binding("escape", "close", "Back to the table", key_display="Esc", id="log-close"),
    ]

    def __init__(self, source: Callable[[], tuple[SeatView | None, Claimed | None,
                                                  tuple[tuple[int, str], ...]]],
                 kind: str = LOG, watching: bool = False) -> None:
        super().__init__()
        self.watching = watching  # nobody at the table is "you"
        self.source = source  # the table's view now: the log follows the hand while open
        self.kind = kind
        self._drawn: tuple | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="log-box"):
            yield Static(id="log-body")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self._draw()
        self.set_interval(0.25, self._draw)

    def _draw(self) -> None:
        view, claimed, played_for = self.source()
        if view is None or (view, claimed, played_for, self.kind) == self._drawn:
            return
        self._drawn = (view, claimed, played_for, self.kind)
        self.query_one("#log-box").border_title = _TITLES[self.kind]
        body = log_text(view, claimed, watching=self.watching, played_for=played_for) \
            if self.kind == LOG \
            else tracker_text(view)
        self.query_one("#log-body", Static).update(body)

    def action_switch(self, kind: str) -> None:
        if kind == self.kind:
            self.dismiss(None)
            return
        self.kind = kind
        self._draw()

    def action_close(self) -> None:
        self.dismiss(None)
