"""A duplicate match's comparison after each deal, and its result at the end: what each
table did with the deal, each side's score against the other table, where the tables first
differed, and the running total (app/play/match_words.py says it)."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ..widgets.steady_footer import SteadyFooter

__all__ = ["MatchScreen", "RESULT_HOLD"]

# At a match's end, Enter goes on only this long after the result shows: a key held down
# through the deals does not skip the result.
RESULT_HOLD = 1.5


class MatchScreen(Screen[str]):
    """Lines of a match, read with the arrows; Enter goes on (``"next"``), and at the
    match's end Enter goes to the lobby (``"lobby"``) and q quits (``"quit"``)."""

    BINDINGS = [
        Binding("enter,space", "go_on", "Go on", key_display="⏎", id="match-go-on"),
        Binding("q", "quit_match", "Quit", show=False, id="match-quit"),
    ]

    def __init__(self, title: str, lines: list[str], prompt: str, last: bool = False) -> None:
        super().__init__()
        self.title_text, self.lines, self.prompt, self.last = title, lines, prompt, last
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="match"):
            yield Static(self.title_text, id="match-title")
            yield Static("\n".join(self.lines), id="match-text")
        yield Static(self.prompt, id="match-prompt")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()

    def action_go_on(self) -> None:
        if self.last and time.monotonic() - self.shown_at < RESULT_HOLD:
            return
        if self.is_current:
            self.dismiss("lobby" if self.last else "next")

    def action_quit_match(self) -> None:
        if self.is_current and self.last:
            self.dismiss("quit")
