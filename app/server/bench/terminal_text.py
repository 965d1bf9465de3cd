"""The text an SSH player's terminal shows, from the bytes a game sent (for the serve
bench's players who read their screen to play: ``shared_games.py``).

Only what the games' frames use: cursor moves (``ESC [ row ; col H``), text written at
the cursor, and sequences that change no character (colours, modes, titles), skipped.
Every character counts one column: the screens' words, and the tiles' boxes, are narrow.
"""

from __future__ import annotations

import codecs
import re

__all__ = ["TerminalText"]

# A control sequence (CSI), an operating system command (OSC, ended by BEL or ST), or an
# escape with one more byte.
_SEQUENCE = re.compile(r"\x1b(?:\[([0-9;?<>=]*)([@-~])|\][^\x07\x1b]*(?:\x07|\x1b\\)|[^\[\]])")


class TerminalText:
    """A ``width`` x ``height`` screen of characters, fed the bytes as they come."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.row = self.column = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""  # the start of a sequence cut at a packet's end

    def feed(self, data: bytes) -> None:
        text = self._pending + self._decoder.decode(data)
        cut = text.rfind("\x1b")
        if cut != -1 and _SEQUENCE.match(text, cut) is None and len(text) - cut < 64:
            text, self._pending = text[:cut], text[cut:]
        else:
            self._pending = ""
        at = 0
        for match in _SEQUENCE.finditer(text):
            self._write(text[at:match.start()])
            at = match.end()
            if match.group(2) == "H":
                numbers = [int(n) if n.isdigit() else 1 for n in match.group(1).split(";")]
                numbers += [1] * (2 - len(numbers))
                self.row = min(max(numbers[0], 1), self.height) - 1
                self.column = min(max(numbers[1], 1), self.width) - 1
        self._write(text[at:])

    def _write(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.column = 0
            elif char == "\n":
                self.row = min(self.row + 1, self.height - 1)
            elif char >= " ":
                if self.column < self.width:
                    self.rows[self.row][self.column] = char
                self.column += 1

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.rows)
