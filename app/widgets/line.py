"""A few lines of text that repaint without a new layout (their size is fixed by the CSS)."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

__all__ = ["Line"]


class Line(Widget):
    """Like a Static, but changing its text repaints only itself: an update of a Static
    lays out the whole screen again, and the table changes a few lines on every move."""

    text: reactive[Text | str] = reactive("", layout=False)

    def update(self, text: Text | str) -> None:
        self.text = text

    def render(self) -> Text:
        text = self.text
        return text if isinstance(text, Text) else Text(text)
