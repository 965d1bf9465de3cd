"""A row of choices (bids, trumps) with a cursor, wrapped to the width it has."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..text.offers import Choice

__all__ = ["ChoiceBar"]


class ChoiceBar(Widget):
    choices: reactive[tuple[Choice, ...]] = reactive((), layout=True)
    cursor: reactive[int] = reactive(0)

    class Clicked(Message):
        """A choice was clicked or tapped: its index."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def move(self, step: int) -> None:
        if self.choices and self.selected is None:  # nothing chosen yet: from either end
            self.cursor = 0 if step > 0 else len(self.choices) - 1
        elif self.choices:
            self.cursor = (self.cursor + step) % len(self.choices)

    @property
    def selected(self) -> int | None:
        return self.cursor if 0 <= self.cursor < len(self.choices) else None

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self._lines(width)))

    def choice_at(self, x: int, y: int) -> int | None:
        """The index of the choice drawn at (``x``, ``y``), or None (the lines are centred)."""
        width = self.size.width or 80
        lines = self._lines(width)
        if not 0 <= y < len(lines):
            return None
        column = x - max(0, (width - sum(len(cell) for cell, _, _ in lines[y])) // 2)
        for cell, _style, index in lines[y]:
            if 0 <= column < len(cell):
                return index
            column -= len(cell)
        return None

    def on_click(self, event: events.Click) -> None:
        index = self.choice_at(event.x, event.y)
        if index is not None:
            self.post_message(self.Clicked(index))

    def _lines(self, width: int) -> list[list[tuple[str, str, int | None]]]:
        """The choices' cells, line by line: text, style, and the choice's index (None for
        the space between two)."""
        lines: list[list[tuple[str, str, int | None]]] = [[]]
        used = 0
        for i, choice in enumerate(self.choices):
            key = f"{choice.key}:" if choice.key else ""
            if i == self.cursor:
                cell, style = f">{key}{choice.label}<", "bold reverse"
            else:
                cell, style = f" {key}{choice.label} ", ""
            if used and used + len(cell) + 1 > width:
                lines.append([])
                used = 0
            if used:
                lines[-1].append((" ", "", None))
                used += 1
            lines[-1].append((cell, style, i))
            used += len(cell)
        return lines

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop", justify="center")
        for n, line in enumerate(self._lines(self.size.width or 80)):
            if n:
                text.append("\n")
            for cell, style, _index in line:
                text.append(cell, style or None)
        return text
