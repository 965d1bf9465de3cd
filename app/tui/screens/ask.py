"""A question over the screen, answered with one key: delete this game?  It is open elsewhere:
view it, or start another?"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.steady_footer import SteadyFooter

__all__ = ["Answer", "AskScreen"]


@dataclass(frozen=True)
class Answer:
    """One way to answer: the key, what it does (for the footer), and the value it gives."""

    key: str
    label: str
    value: str


class AskScreen(ModalScreen[str | None]):
    """Escape answers None (nothing is done)."""

    BINDINGS = [Binding("escape", "back", "Back", key_display="Esc", id="ask-back")]

    def __init__(self, question: str, answers: list[Answer]) -> None:
        super().__init__()
        self.question, self.answers = question, answers

    def compose(self) -> ComposeResult:
        with Vertical(id="ask-box"):
            yield Static(self.question, id="ask-question", markup=False)
            shown = "   ".join(f"{a.key}: {a.label}" for a in self.answers)
            yield Static(f"{shown}   Esc: back", id="ask-answers", markup=False)
        yield SteadyFooter()

    def on_key(self, event: events.Key) -> None:
        for answer in self.answers:
            if event.key == answer.key:
                event.stop()
                self.dismiss(answer.value)
                return

    def action_back(self) -> None:
        self.dismiss(None)
