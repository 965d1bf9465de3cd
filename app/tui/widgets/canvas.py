"""A little character grid: place styled strings at x, y and get Rich text back."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

__all__ = ["Canvas"]


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width = max(0, width)
        self.height = max(0, height)
        self._chars = [[" "] * self.width for _ in range(self.height)]
        self._styles: list[list[Style | str]] = [[""] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, text: str, style: Style | str = "") -> None:
        if not 0 <= y < self.height:
            return
        for i, char in enumerate(text):
            if 0 <= x + i < self.width:
                self._chars[y][x + i] = char
                self._styles[y][x + i] = style

    def put_lines(self, x: int, y: int, lines: list[str], style: Style | str = "") -> None:
        for i, line in enumerate(lines):
            self.put(x, y + i, line, style)

    def centre(self, y: int, text: str, style: Style | str = "") -> None:
        self.put(max(0, (self.width - len(text)) // 2), y, text, style)

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for row in range(self.height):
            chars, styles = self._chars[row], self._styles[row]
            start = 0
            for col in range(1, self.width + 1):
                if col == self.width or styles[col] != styles[start]:
                    out.append("".join(chars[start:col]), styles[start] or None)
                    start = col
            if row < self.height - 1:
                out.append("\n")
        return out
