"""The terminal modes a game has switched on, so they are switched off however it ends.

A game that quits puts the player's terminal back itself.  A game the server ends (idle,
shut down) or that dies cannot: the player would be left in the alternate screen, with the
mouse reporting and no cursor.  ``TerminalModes`` watches what the game writes and says
what to write to undo what is still on; nothing, when the game tidied up.
"""

from __future__ import annotations

import re

__all__ = ["TerminalModes"]

# Private modes (CSI ? N h / l) and their state in a terminal nobody has touched.
_DEFAULTS = {
    1049: "l",  # the alternate screen
    1047: "l",
    47: "l",
    25: "h",  # the cursor shown
    7: "h",  # lines wrap
    1000: "l", 1002: "l", 1003: "l", 1005: "l", 1006: "l", 1015: "l", 1016: "l",  # mouse
    1004: "l",  # focus reports
    2004: "l",  # bracketed paste
    2048: "l",  # in-band resize reports
}
# Undone in this order: the screen last, so the cursor lands on the player's own screen.
_ORDER = (1000, 1002, 1003, 1005, 1006, 1015, 1016, 1004, 2004, 2048, 7, 1047, 47, 1049, 25)

_SEQUENCE = re.compile(rb"\x1b\[(\?[0-9;]*[hl]|>[0-9]*u|<[0-9]*u)")
# A sequence cut in two between reads: this much of the last read is looked at again.
_TAIL = 16
# Pushes of the keyboard protocol undone at most (a terminal keeps a short stack).
_MAX_PUSHES = 8


class TerminalModes:
    def __init__(self) -> None:
        self.modes: dict[int, str] = {}
        self.pushes = 0  # kitty keyboard protocol: pushed and not popped
        self._tail = b""

    def saw(self, data: bytes) -> None:
        """Note the modes set in what the game wrote."""
        text = self._tail + data
        last_end = 0
        for match in _SEQUENCE.finditer(text):
            if match.end() <= len(self._tail):
                continue  # seen in full last time
            last_end = match.end()
            body = match.group(1)
            if body.startswith(b"?"):
                state = chr(body[-1])
                for number in body[1:-1].split(b";"):
                    if number.isdigit() and int(number) in _DEFAULTS:
                        self.modes[int(number)] = state
            elif body.startswith(b">"):
                self.pushes = min(_MAX_PUSHES, self.pushes + 1)
            else:
                count = int(body[1:-1] or b"1")
                self.pushes = max(0, self.pushes - count)
        self._tail = text[max(last_end, len(text) - _TAIL):]

    def undo(self) -> bytes:
        """What puts the terminal back as it was before the game; b"" when it is."""
        out = [b"\x1b[<u"] * self.pushes
        for number in _ORDER:
            state = self.modes.get(number, _DEFAULTS[number])
            if state != _DEFAULTS[number]:
                out.append(b"\x1b[?%d%s" % (number, _DEFAULTS[number].encode()))
        if not out:
            return b""
        return b"\x1b[0m" + b"".join(out) + b"\r\n"
