"""A lesson's screens: the table (the own table's, with a key to read the lesson's words
again) and the words, in a panel over the top of the table between moves."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...play.glyphs import UNICODE, Glyphs
from .own_table import OwnFlow, OwnTableScreen

__all__ = ["LessonScreen", "LessonWordsScreen"]


class LessonWordsScreen(ModalScreen[None]):
    """What the lesson says now: Enter (or Space, or Esc) goes on."""

    BINDINGS = [
        Binding("enter,space,escape", "go_on", "Go on", key_display="Enter", id="go-on"),
    ]

    def __init__(self, title: str, text: str, last: bool = False) -> None:
        super().__init__()
        self.title_text, self.text, self.last = title, text, last

    def compose(self) -> ComposeResult:
        with Vertical(id="lesson-box"):
            yield Static(self.title_text, id="lesson-title", markup=False)
            yield Static(self.text, id="lesson-text", markup=False)
            done = "Enter: end the lesson" if self.last else "Enter: go on"
            yield Static(done, id="lesson-keys", markup=False)

    def action_go_on(self) -> None:
        self.dismiss(None)


class LessonScreen(OwnTableScreen):
    """The table of a lesson: r shows the lesson's last words again."""

    BINDINGS = [Binding("r", "read_again", "Read again", id="read-again")]

    def __init__(self, flow: OwnFlow, glyphs: Glyphs = UNICODE) -> None:
        super().__init__(flow, glyphs)
        self.undo_allowed = False

    def action_read_again(self) -> None:
        again = getattr(self.flow, "read_again", None)
        if again is not None:
            again()
