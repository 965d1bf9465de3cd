"""A row of choices (bids, trumps) with a cursor, wrapped to the width it has."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..text.offers import Choice

__all__ = ["ChoiceBar"]


class ChoiceBar(Widget):
    choices: reactive[tuple[Choice, ...]] = reactive((), layout=True)
    cursor: reactive[int] = reactive(0)

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

    def _lines(self, width: int) -> list[list[tuple[str, str]]]:
        lines: list[list[tuple[str, str]]] = [[]]
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
                lines[-1].append((" ", ""))
                used += 1
            lines[-1].append((cell, style))
            used += len(cell)
        return lines

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop", justify="center")
        for n, line in enumerate(self._lines(self.size.width or 80)):
            if n:
                text.append("\n")
            for cell, style in line:
                text.append(cell, style or None)
        return text
