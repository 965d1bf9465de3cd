"""A few lines of text that repaint without a new layout (their size is fixed by the CSS)."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

__all__ = ["Line", "hanging"]


def hanging(line: str, width: int, extra: int) -> list[str]:
    """``line`` broken between words (never inside a tile such as 6-4) to ``width``, its
    later rows indented ``extra`` columns past its own indent: a line beside the table
    goes on under itself instead of being cut."""
    if len(line) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip(" ")) + extra)
    return textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [line]


class Line(Widget):
    """Like a Static, but changing its text repaints only itself: an update of a Static
    lays out the whole screen again, and the table changes a few lines on every move."""

    text: reactive[Text | str] = reactive("", layout=False)

    def update(self, text: Text | str) -> None:
        self.text = text

    def render(self) -> Text:
        text = self.text
        return text if isinstance(text, Text) else Text(text)
