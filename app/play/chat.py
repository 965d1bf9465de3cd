"""Table chat: short lines with the sender's name, to everyone at a shared table.

What a player types reaches other people's terminals, so it is cleaned where it enters the
server: normalized (NFC), every kind of white space made a plain space, and every character
that is not printable dropped (control characters, and with them every escape sequence a
terminal would obey; format characters such as bidi overrides; surrogates; unassigned code
points).  A line holds at most ``MESSAGE_LIMIT`` characters.  A sender may say at most
``rate`` lines in any ``RATE_WINDOW`` seconds.  Each line names its sender by a token that
says nothing of who they are (not a key's fingerprint), so a player can mute a sender for
their own session without learning more about them.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .names import name_key

__all__ = ["ChatError", "ChatLine", "MESSAGE_LIMIT", "RATE_WINDOW", "RateLimit", "TableChat",
           "clean"]

MESSAGE_LIMIT = 200  # characters of a chat line, after cleaning
RATE_WINDOW = 10.0  # seconds over which a sender's lines are counted
HISTORY = 20  # lines a table keeps, for whoever comes to it
_SWEEP_AT = 1000  # senders remembered before those quiet for a window are forgotten
DEFAULT_RATE = 5  # lines a sender may say in RATE_WINDOW seconds


class ChatError(ValueError):
    """A line the table does not take, in words for the sender."""


def clean(text: object) -> str:
    """``text`` as the table shows it; ``ChatError`` if it is not a line one can send."""
    if not isinstance(text, str):
        raise ChatError("a chat line is text.")
    if len(text) > 4 * MESSAGE_LIMIT:  # not worth normalizing
        raise ChatError(f"a chat line holds at most {MESSAGE_LIMIT} characters.")
    text = unicodedata.normalize("NFC", text)
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or ch.isprintable())
    kept = " ".join(kept.split())
    if not kept:
        raise ChatError("an empty line is not sent.")
    if len(kept) > MESSAGE_LIMIT:
        raise ChatError(f"a chat line holds at most {MESSAGE_LIMIT} characters.")
    return kept


class RateLimit:
    """At most ``rate`` lines from one sender in any ``window`` seconds."""

    def __init__(self, rate: int, window: float = RATE_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.window, self.clock = rate, window, clock
        self._said: dict[str, deque[float]] = {}

    def wait(self, sender: str) -> float:
        """Seconds ``sender`` must wait before another line (0: say it now, and it counts)."""
        now = self.clock()
        if len(self._said) > _SWEEP_AT:
            self._said = {who: times for who, times in self._said.items()
                          if times and times[-1] > now - self.window}
        said = self._said.setdefault(sender, deque())
        while said and said[0] <= now - self.window:
            said.popleft()
        if len(said) >= self.rate:
            return said[0] + self.window - now
        said.append(now)
        return 0.0


@dataclass(frozen=True)
class ChatLine:
    sender: str  # the sender's token (see ``TableChat.token``)
    name: str
    text: str
    watching: bool  # said by a spectator

    def message(self, table: int) -> dict[str, Any]:
        return {"type": "chat", "table": table, "from": self.sender, "name": self.name,
                "text": self.text, "watching": self.watching}


class TableChat:
    """One table's recent lines, and who said them."""

    def __init__(self, secret: bytes | None = None) -> None:
        self.secret = secret or secrets.token_bytes(16)
        self.lines: deque[ChatLine] = deque(maxlen=HISTORY)

    def token(self, player: str) -> str:
        """A sender's token: the same for a player at every table of this server, and
        nothing a reader can turn back into who they are."""
        return hmac.new(self.secret, player.encode(), hashlib.sha256).hexdigest()[:16]

    def add(self, player: str, name: str, text: str, watching: bool) -> ChatLine:
        line = ChatLine(self.token(player), name, text, watching)
        self.lines.append(line)
        return line

    def senders_named(self, name: str) -> set[str]:
        """The tokens of the lines said under ``name`` (case and mark ignored)."""
        wanted = name_key(name)
        return {line.sender for line in self.lines if name_key(line.name) == wanted}
